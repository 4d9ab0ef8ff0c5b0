/**
 * The tutorial duel played to its end purely by mail, over real mail servers:
 * Dovecot (IMAP) and OpenSMTPD (SMTP) on loopback, started by
 * test/services/mail-up.sh. The service runs in this process (startServer)
 * and reads orders@pbem.test over IMAP; Alice and Bob send with SMTP as a mail
 * client would (a reply to the report's Reply-To, quoting it, with a
 * signature) and read every answer and report in their own IMAP inbox.
 *
 * The issue: "two players play the tutorial duel to its end purely by mail:
 * they send with SMTP as a mail client would and read every answer and report
 * over IMAP. Locally the suite skips with a visible notice when those servers
 * are absent; `.ci/run` starts them and runs it with skipping turned into failure."
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/main.ts';
import { startSession } from '../../src/games/logins/sessions.ts';
import {
  mailServersUp,
  publishedSeed,
  reply,
  seedCommitment,
  mailTable,
  type Inbox,
  type MailTable,
  type Player,
  type ReceivedMail,
} from './support.ts';

const up = await mailServersUp('the end-to-end mail duel');

/** The orders of a turn: both keep SPEED 3 and fly straight on, holding fire, until they leave the 12×10 map. */
const orders = (gameId: string, turn: number, ship: 'Black' | 'Grey') =>
  `GAME ${gameId} TURN ${turn}\nSHIP ${ship} SPEED 3 MOVE 3 HOLD\nEND`;

describe.skipIf(!up)('a tutorial duel played to its end by mail, over IMAP and SMTP', () => {
  let table: MailTable;
  let server: RunningServer;
  let aliceInbox: Inbox;
  let bobInbox: Inbox;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    table = await mailTable();
    ({ server, alice, bob, aliceInbox, bobInbox } = table);
  }, 60_000);

  afterAll(() => table?.close());

  it(
    'game start, a rejected order, accepted orders, a report every turn, and the game end with the seed of the published commitment',
    { timeout: 90_000 },
    async () => {
      const gameId = `mail-duel-${randomBytes(3).toString('hex')}`;
      // The organiser is logged in on the web: only a logged-in person creates games over the API.
      const session = await startSession(server.ctx, 'organiser@pbem.test');
      const response = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `msc_session=${session.id}` },
        body: JSON.stringify({
          id: gameId,
          name: 'Duel by mail',
          scenario: 'tutorial-duel',
          seats: [
            { side: 'black', email: alice.address, name: 'Alice' },
            { side: 'grey', email: bob.address, name: 'Bob' },
          ],
        }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { seats: Array<{ side: string; token: string }> };
      const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
      const tag = `[${gameId}]`;

      // Each player gets one invitation, and joins by replying to it; only then does the game-start mail come.
      const [inviteA, inviteB] = await Promise.all([
        aliceInbox.waitFor({ subject: 'Invitation to a game of Minimal Space Combat' }),
        bobInbox.waitFor({ subject: 'Invitation to a game of Minimal Space Combat' }),
      ]);
      expect(inviteA.replyTo).toBe(`orders+${token('black')}@pbem.test`);
      await Promise.all([reply(alice, inviteA, 'Count me in.'), reply(bob, inviteB, 'Count me in.')]);

      // Each player's game-start mail: the seat's own reply address, and the commitment to the dice seed.
      const [startA, startB] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
        bobInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
      ]);
      expect(startA.replyTo).toBe(`orders+${token('black')}@pbem.test`);
      expect(startB.replyTo).toBe(`orders+${token('grey')}@pbem.test`);
      expect(startA.text).toContain('You play Black');
      const commitment = seedCommitment(startA.text);
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(seedCommitment(startB.text)).toBe(commitment);

      // Alice first asks for more SPEED than her ENGINE gives: the rejection shows the line and what is legal.
      await reply(alice, startA, `GAME ${gameId} TURN 1\nSHIP Black SPEED 5 MOVE 5 HOLD\nEND`);
      const rejected = await aliceInbox.waitFor({ subject: `${tag} Orders for turn 1 not accepted` });
      expect(rejected.text).toMatch(/^ {2}2 \| SHIP Black SPEED 5 MOVE 5 HOLD$/m);
      expect(rejected.text).toMatch(
        // The problem wraps at 78 columns, under its own text.
        /- line 2 \(ship Black\): SPEED 5 not allowed: ENGINE is 3.*choose\s+0 to 3\s+\[SPEED_NOT_ALLOWED\]/,
      );
      expect(rejected.text).toContain('Nothing of this mail was stored');

      /** One player's turn: a reply to their latest report, and the "accepted" answer. */
      const play = async (player: Player, inbox: Inbox, report: ReceivedMail, turn: number, ship: 'Black' | 'Grey') => {
        await reply(player, report, orders(gameId, turn, ship));
        const accepted = await inbox.waitFor({ subject: `${tag} Orders accepted for turn ${turn}` });
        expect(accepted.text).toMatch(new RegExp(`^ +SHIP ${ship} +SPEED 3 +MOVE 3 +HOLD`, 'm'));
        expect(accepted.replyTo).toBe(report.replyTo);
      };
      /** What comes after a turn: the next report, or the end of the game. */
      const next = (inbox: Inbox, turn: number) =>
        inbox.waitFor({
          subject: tag,
          where: (m) => m.subject.includes(`Turn ${turn + 1} report`) || m.subject.includes('Game over'),
        });

      let reports: [ReceivedMail, ReceivedMail] = [startA, startB];
      let turn = 1;
      for (;;) {
        await Promise.all([
          play(alice, aliceInbox, reports[0], turn, 'Black'),
          play(bob, bobInbox, reports[1], turn, 'Grey'),
        ]);
        reports = await Promise.all([next(aliceInbox, turn), next(bobInbox, turn)]);
        const over = reports.map((r) => r.subject.includes('Game over'));
        expect(over[0]).toBe(over[1]);
        if (over[0]) break;
        for (const r of reports) expect(r.text).toContain(`What happened in turn ${turn}`);
        turn += 1;
        expect(turn).toBeLessThanOrEqual(5);
      }

      // Straight on at SPEED 3, both ships leave the map in turn 3 and the game is over.
      expect(turn).toBe(3);
      for (const end of reports) {
        const seed = publishedSeed(end.text);
        expect(seed, end.text).not.toBeNull();
        expect(createHash('sha256').update(seed!).digest('hex')).toBe(commitment);
        expect(end.text).toContain(commitment!);
      }

      // The game is over for the API too.
      const view = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: { status: string } };
      expect(view.game.status).toBe('finished');
    },
  );
});
