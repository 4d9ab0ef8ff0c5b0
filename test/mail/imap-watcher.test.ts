/**
 * The IMAP watcher against a real IMAP server (Dovecot on 127.0.0.1:11143,
 * user orders@pbem.test, password orders-pw, as /work/shared's mail-stack
 * recipe starts it). Without one these tests are skipped with a notice —
 * unless MSC_REQUIRE_SERVICES=1, which makes that a failure.
 *
 * service.md "Mail": "inbound by IMAP with imapflow (IDLE, with polling as a
 * fallback; a message is marked done only after its effects are committed)".
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lockSharedMailboxes } from '../support/mailbox-lock.ts';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { inboundMessages } from '../../src/db/schema.ts';
import type { InboundContext } from '../../src/mail/inbound.ts';
import { startImapWatcher, type ImapWatcher, type ImapWatcherOptions } from '../../src/mail/imap-watcher.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, orderMail, seatAddress, submissionRows, tcpRelay } from './support.ts';

const IMAP_PORT = Number(process.env.MSC_TEST_IMAP_PORT ?? 11143);
const SMTP_PORT = Number(process.env.MSC_TEST_SMTP_PORT ?? 12525);
const USER = 'orders@pbem.test';
const PASSWORD = 'orders-pw';
/** The test server's self-signed certificate, pinned as the CA for STARTTLS. */
const CA_FILE = process.env.MSC_TEST_IMAP_CA ?? '/tmp/pbem-mail/tls/mx.crt';
const SERVERNAME = 'mx.pbem.test';

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const imapUp = await answers(IMAP_PORT);
const smtpUp = imapUp && (await answers(SMTP_PORT));
if (!imapUp) {
  const why = `no IMAP server on 127.0.0.1:${IMAP_PORT} (start one with the mail-stack recipe)`;
  if (process.env.MSC_REQUIRE_SERVICES === '1') throw new Error(`${why}, and MSC_REQUIRE_SERVICES=1 requires it`);
  console.warn(`\n*** ${why}: IMAP watcher tests skipped ***\n`);
}

/** Waits until `check` holds, or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!imapUp)('the IMAP watcher against a real IMAP server', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let admin: ImapFlow;
  let folder: string;
  let watcher: ImapWatcher | null = null;
  let gameId: string;
  let token: string;
  let outage = false;

  const tls = existsSync(CA_FILE)
    ? { tlsCaFile: CA_FILE, tlsServername: SERVERNAME, tlsInsecure: false }
    : { tlsInsecure: true };
  const options = (overrides: Partial<ImapWatcherOptions> = {}): ImapWatcherOptions => ({
    url: `imap://${encodeURIComponent(USER)}:${PASSWORD}@127.0.0.1:${IMAP_PORT}/${encodeURIComponent(folder)}`,
    starttls: 'auto',
    pollMs: 1000,
    backoffMs: { initial: 100, max: 1000 },
    ...tls,
    ...overrides,
  });

  async function unseen(path = folder): Promise<number> {
    const status = await admin.status(path, { unseen: true, messages: true });
    return status ? (status.unseen ?? 0) : -1;
  }
  const recorded = async () => (await ctx.db.select().from(inboundMessages)).length;

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const base = gamesContext(database);
    const db = new Proxy(base.db, {
      get(target, prop, receiverObject) {
        if (prop === 'transaction' && outage) return () => Promise.reject(new Error('database unavailable'));
        return Reflect.get(target, prop, receiverObject) as unknown;
      },
    });
    ctx = { ...base, db, inbound: { maxBytes: 64 * 1024, attemptsBeforeGivingUp: 1000 } };
    admin = new ImapFlow({
      host: '127.0.0.1',
      port: IMAP_PORT,
      secure: false,
      auth: { user: USER, pass: PASSWORD },
      logger: false,
      tls: { rejectUnauthorized: false },
    });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.logout().catch(() => admin.close());
    await database?.drop();
  });
  beforeEach(async () => {
    outage = false;
    folder = `msc-test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await admin.mailboxCreate(folder);
    const duel = await tutorialDuel(ctx, { id: `duel-${Math.random().toString(36).slice(2, 8)}` });
    gameId = duel.game.id;
    token = duel.tokens.black!;
  });
  afterEach(async () => {
    await watcher?.stop();
    watcher = null;
    await admin.mailboxDelete(folder).catch(() => undefined);
    await ctx.db.delete(inboundMessages);
  });

  it('IDLE: a mail that arrives is applied within seconds (long before the poll), and only then flagged \\Seen', async () => {
    watcher = startImapWatcher(ctx, options({ pollMs: 3_600_000 }));
    await watcher.ready;
    const started = Date.now();
    await admin.append(folder, await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black')), []);
    await eventually(async () => (await unseen()) === 0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
    const [row] = await ctx.db.select().from(inboundMessages);
    expect(row).toMatchObject({ outcome: 'accepted', gameId });
  });

  it('mail already waiting when the watcher starts is read; two copies of one mail are applied once, both flagged', async () => {
    const raw = await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black'));
    await admin.append(folder, raw, []);
    await admin.append(folder, raw, []);
    watcher = startImapWatcher(ctx, options());
    await eventually(async () => (await unseen()) === 0);
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
    expect(await recorded()).toBe(1);
  });

  it('a backlog is read in batches: every mail applied once, one sender’s in the order they came, all flagged', async () => {
    // Ten more duels' Black orders, and between them five order mails in a row from Alice for this duel.
    const others = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        tutorialDuel(ctx, { id: `batch-${i}-${Math.random().toString(36).slice(2, 6)}` }),
      ),
    );
    for (let i = 0; i < 10; i++) {
      const other = others[i]!;
      await admin.append(
        folder,
        await orderMail(ALICE, seatAddress(other.tokens.black!), duelOrders(other.game.id, 'black')),
        [],
      );
      if (i % 2 === 0)
        await admin.append(folder, await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black', i / 2)), []);
    }
    // Batches of 4: the five mails of one lane cross batches; within a batch mails of other lanes run beside them.
    watcher = startImapWatcher(ctx, options({ batchSize: 4 }));
    await eventually(async () => (await unseen()) === 0, 30_000);
    expect(await recorded()).toBe(15);
    const mine = await submissionRows(ctx.db, gameId);
    expect(mine.map((s) => s.text?.trim())).toEqual([0, 1, 2, 3, 4].map((v) => duelOrders(gameId, 'black', v)));
    // Each replaced the one before: only the last stands.
    expect(mine.filter((s) => s.supersededAt === null).map((s) => s.text?.trim())).toEqual([
      duelOrders(gameId, 'black', 4),
    ]);
    for (const other of others) expect(await submissionRows(ctx.db, other.game.id)).toHaveLength(1);
  });

  it('a mail that cannot be committed stays unread, and is applied once the database is back', async () => {
    outage = true;
    watcher = startImapWatcher(ctx, options());
    await watcher.ready;
    await admin.append(folder, await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black')), []);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await unseen()).toBe(1);
    outage = false;
    await eventually(async () => (await unseen()) === 0);
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
  });

  it('an oversized mail: only its headers are fetched; answered as too large and flagged', async () => {
    watcher = startImapWatcher(ctx, options());
    await watcher.ready;
    const raw = await orderMail(ALICE, seatAddress(token), `${duelOrders(gameId, 'black')}\n${'x'.repeat(200 * 1024)}`);
    await admin.append(folder, raw, []);
    await eventually(async () => (await unseen()) === 0);
    const [row] = await ctx.db.select().from(inboundMessages);
    expect(row).toMatchObject({ outcome: 'too-large' });
    expect((row!.detail as { size: number }).size).toBeGreaterThan(200 * 1024);
    expect(await submissionRows(ctx.db, gameId)).toEqual([]);
  });

  it('reconnects after the connection is cut, and goes on reading', async () => {
    const proxy = await tcpRelay(IMAP_PORT);
    try {
      watcher = startImapWatcher(
        ctx,
        options({
          url: `imap://${encodeURIComponent(USER)}:${PASSWORD}@127.0.0.1:${proxy.port}/${encodeURIComponent(folder)}`,
        }),
      );
      await watcher.ready;
      expect(proxy.connections()).toBe(1);
      proxy.cut();
      await admin.append(folder, await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black')), []);
      await eventually(async () => (await unseen()) === 0);
      expect(proxy.connections()).toBeGreaterThanOrEqual(2);
      expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
    } finally {
      await watcher?.stop();
      watcher = null;
      await proxy.close();
    }
  });

  it("STARTTLS required, with the server's certificate pinned: works; a wrong password: keeps retrying, never crashes", async () => {
    if (!existsSync(CA_FILE)) return;
    watcher = startImapWatcher(ctx, options({ starttls: 'required' }));
    await watcher.ready;
    await admin.append(folder, await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black')), []);
    await eventually(async () => (await unseen()) === 0);
    await watcher.stop();
    watcher = startImapWatcher(
      ctx,
      options({ url: `imap://${encodeURIComponent(USER)}:wrong@127.0.0.1:${IMAP_PORT}/${folder}` }),
    );
    await admin.append(folder, await orderMail(ALICE, seatAddress(token), duelOrders(gameId, 'black', 1)), []);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await unseen()).toBe(1);
  });

  it.skipIf(!smtpUp)(
    'end to end: sent by SMTP to orders+TOKEN@, delivered by the mail server, applied from INBOX',
    async () => {
      // INBOX of the test account is shared with the mail end-to-end suite: one file at a time.
      const release = await lockSharedMailboxes();
      try {
        // INBOX of the test account: older test mail is cleared first.
        const lock = await admin.getMailboxLock('INBOX');
        try {
          await admin.messageDelete('1:*').catch(() => undefined);
        } finally {
          lock.release();
        }
        watcher = startImapWatcher(
          ctx,
          options({ url: `imap://${encodeURIComponent(USER)}:${PASSWORD}@127.0.0.1:${IMAP_PORT}/INBOX` }),
        );
        await watcher.ready;
        await nodemailer
          .createTransport({ host: '127.0.0.1', port: SMTP_PORT, secure: false, ignoreTLS: true })
          .sendMail({ from: ALICE, to: seatAddress(token), subject: 'Re: turn 1', text: duelOrders(gameId, 'black') });
        await eventually(async () => (await submissionRows(ctx.db, gameId)).length === 1, 15_000);
        await eventually(async () => (await unseen('INBOX')) === 0);
        const rows = await ctx.db.select().from(inboundMessages).where(eq(inboundMessages.gameId, gameId));
        expect(rows.map((r) => r.outcome)).toEqual(['accepted']);
      } finally {
        release();
      }
    },
  );
});
