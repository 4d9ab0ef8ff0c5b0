/**
 * The mail servers down (issue "Hardening", kept as a test): the outgoing
 * server refuses connections and the IMAP server is unreachable while orders
 * arrive and mail is due. Once they are back, every mail goes out once, and
 * every order mail that waited in the mailbox is applied once. The servers
 * are the real Dovecot and OpenSMTPD on loopback, reached through relays the
 * test takes down and brings back; the sender's backoff runs on the test's
 * clock, which stands still while a minute of outage passes over it.
 */
import { existsSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema.ts';
import { startImapWatcher, type ImapWatcher } from '../../src/mail/imap-watcher.ts';
import type { InboundContext } from '../../src/mail/inbound.ts';
import { OutboxSender, smtpDriver } from '../../src/mail/outbound.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { CA_FILE, IMAP_PORT, mailServersUp, SERVERNAME, SMTP_PORT } from '../e2e/support.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { lockSharedMailboxes } from '../support/mailbox-lock.ts';
import { waitUntil } from '../support/worker-processes.ts';
import { ALICE, BOB, orderMail, seatAddress, tcpRelay, type TcpRelay } from './support.ts';

const up = await mailServersUp('the mail-servers-down test');
const ORDERS = 'orders@pbem.test';

function imapClient(user: string): ImapFlow {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: IMAP_PORT,
    secure: false,
    auth: { user, pass: `${user.split('@')[0]}-pw` },
    logger: false,
    tls: { rejectUnauthorized: false },
  });
  client.on('error', () => undefined);
  return client;
}

describe.skipIf(!up)('the mail servers down for a minute', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let release: () => void;
  const relays: TcpRelay[] = [];
  const clients: ImapFlow[] = [];
  beforeAll(async () => {
    release = await lockSharedMailboxes();
    database = await freshDatabase('pglite');
    ctx = gamesContext(database);
  });
  afterAll(async () => {
    for (const c of clients) await c.logout().catch(() => c.close());
    for (const r of relays) await r.close();
    await database?.drop();
    release?.();
  });

  it('every mail goes out once and every waiting order mail is applied once when they are back', async () => {
    const admin = imapClient(ORDERS);
    clients.push(admin);
    await admin.connect();
    const folder = `msc-down-${Date.now()}`;
    await admin.mailboxCreate(folder);
    const smtp = await tcpRelay(SMTP_PORT);
    const imap = await tcpRelay(IMAP_PORT);
    relays.push(smtp, imap);
    smtp.down();
    imap.down();

    const gameId = `down-${Date.now().toString(36)}`;
    const { tokens } = await tutorialDuel(ctx, { id: gameId });
    const sender = new OutboxSender(ctx, null, {
      driver: smtpDriver(`smtp://127.0.0.1:${smtp.port}`, { timeouts: { connect: 2_000, greeting: 2_000 } }),
      from: ORDERS,
      maxAttempts: 8,
      jitter: () => 0.5,
    });
    let watcher: ImapWatcher | null = null;
    try {
      // Down: the game-start mails wait for a retry; the watcher keeps trying to connect.
      expect(await sender.drain()).toEqual({ sent: 0, retrying: 2, failed: 0 });
      watcher = startImapWatcher(ctx, {
        url: `imap://${encodeURIComponent(ORDERS)}:orders-pw@127.0.0.1:${imap.port}/${encodeURIComponent(folder)}`,
        starttls: 'auto',
        ...(existsSync(CA_FILE)
          ? { tlsCaFile: CA_FILE, tlsServername: SERVERNAME, tlsInsecure: false }
          : { tlsInsecure: true }),
        pollMs: 1_000,
        backoffMs: { initial: 200, max: 1_000 },
      });
      // Both players' orders reach the mailbox (by another way in) while the service cannot read it.
      await admin.append(folder, await orderMail(ALICE, seatAddress(tokens.black!), duelOrders(gameId, 'black')), []);
      await admin.append(folder, await orderMail(BOB, seatAddress(tokens.grey!), duelOrders(gameId, 'grey')), []);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await ctx.db.select().from(submissions)).toEqual([]);
      // A minute passes: the retry falls due while the server still refuses.
      ctx.clock.advanceBy(60_000);
      expect(await sender.drain()).toEqual({ sent: 0, retrying: 2, failed: 0 });

      // Back.
      smtp.up();
      imap.up();
      await waitUntil(
        'both order mails applied',
        async () => (await ctx.db.select().from(submissions)).length === 2,
        20_000,
        100,
      );
      ctx.clock.advanceBy(120_000);
      expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId, turn: 1 });
      const report = await sender.drain();
      // Two game-starts, two acceptances, two turn reports.
      expect(report).toEqual({ sent: 6, retrying: 0, failed: 0 });

      // Each mail arrived once in each player's inbox, and each order mail is flagged read.
      const outgoing = await ctx.db.query.outbox.findMany();
      for (const player of [ALICE, BOB]) {
        const inbox = imapClient(player);
        clients.push(inbox);
        await inbox.connect();
        await inbox.mailboxOpen('INBOX');
        for (const mail of outgoing.filter((m) => m.toAddress === player)) {
          const id = mail.headers['Message-ID']!;
          await waitUntil(
            `${mail.kind} in ${player}'s inbox`,
            async () => ((await inbox.search({ header: { 'message-id': id } })) || []).length > 0,
            20_000,
            200,
          );
          expect(
            ((await inbox.search({ header: { 'message-id': id } })) || []).length,
            `${mail.kind} to ${player}`,
          ).toBe(1);
        }
      }
      await waitUntil('both order mails flagged read', async () => {
        const status = await admin.status(folder, { unseen: true });
        return status !== false && status.unseen === 0;
      });
      expect(await ctx.db.select().from(submissions)).toHaveLength(2);
      console.info(
        `mail servers down: ${imap.connections()} IMAP connections once back, outgoing mail tried ${outgoing.map((m) => m.attempts).join('/')} times`,
      );
    } finally {
      await watcher?.stop();
      await sender.stop();
      await admin.mailboxDelete(folder).catch(() => undefined);
    }
  }, 90_000);
});
