/**
 * Observing a game by mail over real mail servers (Dovecot and OpenSMTPD, test/services/mail-up.sh): Carol, who has
 * no seat, mails `OBSERVE <game>` to the service's address with SMTP, reads the link that confirms it in her IMAP
 * inbox, follows it on the web, and from then on reads each turn's report (no order block, no token, no seed) and the
 * game's end (with the seed) in her inbox, while Alice and Bob play the tutorial duel by mail.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/main.ts';
import { startSession } from '../../src/games/logins/sessions.ts';
import { visitor } from '../web/pages-support.ts';
import {
  addressOf,
  Inbox,
  mailServersUp,
  mailTable,
  publishedSeed,
  reply,
  smtpClient,
  type MailTable,
  type ReceivedMail,
} from './support.ts';

const up = await mailServersUp('the end-to-end observer by mail');

const orders = (gameId: string, turn: number, ship: 'Black' | 'Grey') =>
  `GAME ${gameId} TURN ${turn}\nSHIP ${ship} SPEED 3 MOVE 3 HOLD\nEND`;

describe.skipIf(!up)('an observer by mail, over IMAP and SMTP', () => {
  let table: MailTable;
  let server: RunningServer;
  let carolInbox: Inbox;
  const carolSmtp = smtpClient();

  beforeAll(async () => {
    table = await mailTable();
    server = table.server;
    carolInbox = await Inbox.open('carol');
    await carolInbox.empty();
  }, 60_000);

  afterAll(async () => {
    await carolInbox?.close();
    carolSmtp.close();
    await table?.close();
  });

  it(
    'OBSERVE, the link mailed back, a report each turn without orders or tokens, and the end',
    { timeout: 90_000 },
    async () => {
      const { alice, bob, aliceInbox, bobInbox } = table;
      const gameId = `mail-obs-${randomBytes(3).toString('hex')}`;
      const session = await startSession(server.ctx, 'organiser@pbem.test');
      const response = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `msc_session=${session.id}` },
        body: JSON.stringify({
          id: gameId,
          name: 'Observed duel',
          scenario: 'tutorial-duel',
          settings: { observers: 'allowed' },
          seats: [
            { side: 'black', email: alice.address, name: 'Alice' },
            { side: 'grey', email: bob.address, name: 'Bob' },
          ],
        }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { seats: Array<{ side: string; token: string }> };
      const tag = `[${gameId}]`;

      // Carol asks by mail; the link in the answer, followed on the web, makes her an observer.
      await carolSmtp.sendMail({
        from: `Carol <${addressOf('carol')}>`,
        to: addressOf('orders'),
        subject: 'May I watch?',
        text: `OBSERVE ${gameId}\n`,
      });
      const confirm = await carolInbox.waitFor({ subject: `${tag} Confirm: observe` });
      const link = /https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/.exec(confirm.text)![1]!;
      const carol = visitor(server);
      await carol.get(link);
      expect((await carol.post(link)).location).toBe(`/games/${gameId}/observe`);
      const welcome = await carolInbox.waitFor({ subject: `${tag} You observe` });
      expect(welcome.replyTo ?? '').not.toContain('orders+');

      const [inviteA, inviteB] = await Promise.all([
        aliceInbox.waitFor({ subject: 'Invitation to a game of Minimal Space Combat' }),
        bobInbox.waitFor({ subject: 'Invitation to a game of Minimal Space Combat' }),
      ]);
      await Promise.all([reply(alice, inviteA, 'Count me in.'), reply(bob, inviteB, 'Count me in.')]);
      let reports: ReceivedMail[] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
        bobInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
      ]);

      for (let turn = 1; ; turn++) {
        expect(turn).toBeLessThanOrEqual(5);
        await reply(alice, reports[0]!, orders(gameId, turn, 'Black'));
        await reply(bob, reports[1]!, orders(gameId, turn, 'Grey'));
        const seen = await carolInbox.waitFor({
          subject: tag,
          where: (m) => m.subject.includes(`Turn ${turn + 1} report`) || m.subject.includes('Game over'),
        });
        for (const s of created.seats) expect(seen.text).not.toContain(s.token);
        if (seen.subject.includes('Game over')) {
          expect(publishedSeed(seen.text)).not.toBeNull();
          break;
        }
        expect(seen.text).toContain(`What happened in turn ${turn}`);
        expect(seen.text).not.toContain('Your orders for turn');
        expect(seen.text).toMatch(/\/unobserve\/[A-Za-z0-9_-]{32}/);
        reports = await Promise.all([
          aliceInbox.waitFor({ subject: `${tag} Turn ${turn + 1} report` }),
          bobInbox.waitFor({ subject: `${tag} Turn ${turn + 1} report` }),
        ]);
      }
    },
  );
});
