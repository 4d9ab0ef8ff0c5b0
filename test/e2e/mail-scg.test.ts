/**
 * A Simple Combat Game played to its result purely by mail, over real mail
 * servers (Dovecot IMAP, OpenSMTPD SMTP on loopback: test/services/mail-up.sh),
 * as test/e2e/mail-duel.test.ts plays the tutorial duel: the service runs in
 * this process and reads orders@pbem.test over IMAP; Alice (west) and Bob
 * (east) reply to their reports with SMTP and read every answer over IMAP.
 *
 * rules-scg.md §13 rule 3: "At the end of that turn, if the game has not ended
 * otherwise, the side with the higher score wins; equal scores are a draw.
 * Reason `turn-limit`." The game is the Tank Battle (§15.1) with a turn limit
 * of 2, so that it reaches its result in two turns.
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

const up = await mailServersUp('the end-to-end Simple Combat Game by mail');

/** Every unit of the side closes on the nearest enemy; fire is left to the standing orders (the nearest). */
const UNITS = { west: ['WH', 'WM', 'WL1', 'WL2'], east: ['EH', 'EM', 'EL1', 'EL2'] } as const;
const orders = (gameId: string, turn: number, side: 'west' | 'east') =>
  [`GAME ${gameId} TURN ${turn}`, ...UNITS[side].map((u) => `MOVE ${u} TOWARD NEAREST`), 'END'].join('\n');

describe('a Simple Combat Game played to its result by mail, over IMAP and SMTP', () => {
  let table: MailTable;
  let server: RunningServer;
  let aliceInbox: Inbox;
  let bobInbox: Inbox;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    // No skipping: without the mail servers this fails, saying how to start them.
    expect(up, 'the mail servers answer (start them with test/services/mail-up.sh)').toBe(true);
    table = await mailTable();
    ({ server, alice, bob, aliceInbox, bobInbox } = table);
  }, 60_000);

  afterAll(() => table?.close());

  it(
    'game start, a refused order, accepted orders, a report, and the turn limit scoring the game',
    { timeout: 90_000 },
    async () => {
      const gameId = `mail-scg-${randomBytes(3).toString('hex')}`;
      const session = await startSession(server.ctx, 'organiser@pbem.test');
      const response = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `msc_session=${session.id}` },
        body: JSON.stringify({
          id: gameId,
          name: 'Tanks by mail',
          ruleset: 'scg',
          scenario: 'scg-tank-battle',
          settings: { turnLimit: 2 },
          seats: [
            { side: 'west', email: alice.address, name: 'Alice' },
            { side: 'east', email: bob.address, name: 'Bob' },
          ],
        }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { seats: Array<{ side: string; token: string }> };
      const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
      const tag = `[${gameId}]`;

      const [inviteA, inviteB] = await Promise.all([
        aliceInbox.waitFor({ subject: 'Invitation' }),
        bobInbox.waitFor({ subject: 'Invitation' }),
      ]);
      await Promise.all([reply(alice, inviteA, 'Count me in.'), reply(bob, inviteB, 'Count me in.')]);

      const [startA, startB] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
        bobInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
      ]);
      expect(startA.replyTo).toBe(`orders+${token('west')}@pbem.test`);
      // §17.5: the block gives each unit's distance, range and line of sight to every enemy unit.
      expect(startA.text).toMatch(/^# WH at 0106, MA 3, damage 0\/6: EH \d+\/[-\d] (no )?LOS/m);
      expect(startA.text).toContain('MOVE WH HOLD');
      for (const line of startA.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
      const commitment = seedCommitment(startA.text);
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);

      // §18.6 TO_IMPASSABLE: 0504 is impassable in the Tank Battle (§15.1); the refusal names the line and the code.
      await reply(alice, startA, `GAME ${gameId} TURN 1\nMOVE WM TO 0504\nEND`);
      const refused = await aliceInbox.waitFor({ subject: `${tag} Orders for turn 1 not accepted` });
      expect(refused.text).toMatch(/MOVE WM TO 0504/);
      expect(refused.text).toContain('TO_IMPASSABLE');

      const play = async (player: Player, inbox: Inbox, report: ReceivedMail, turn: number, side: 'west' | 'east') => {
        await reply(player, report, orders(gameId, turn, side));
        const accepted = await inbox.waitFor({ subject: `${tag} Orders accepted for turn ${turn}` });
        expect(accepted.text).toContain(`MOVE ${UNITS[side][0]} TOWARD NEAREST WITHIN 1`);
      };
      const next = (inbox: Inbox, turn: number) =>
        inbox.waitFor({
          subject: tag,
          where: (m) => m.subject.includes(`Turn ${turn + 1} report`) || m.subject.includes('Game over'),
        });

      let reports: [ReceivedMail, ReceivedMail] = [startA, startB];
      for (const turn of [1, 2]) {
        await Promise.all([
          play(alice, aliceInbox, reports[0], turn, 'west'),
          play(bob, bobInbox, reports[1], turn, 'east'),
        ]);
        reports = await Promise.all([next(aliceInbox, turn), next(bobInbox, turn)]);
        if (turn === 1) {
          for (const r of reports) expect(r.text).toContain('What happened in turn 1');
          // §19: initiative rolls one die for each side in seat order, west first.
          expect(reports[0].text).toMatch(/Initiative: west \d( \+ 1 = \d)?, east \d/);
        }
      }

      // The turn limit (2) ends it: a result for both, with the scores and the seed of the commitment.
      for (const end of reports) {
        expect(end.subject).toContain('Game over');
        expect(end.text).toMatch(/Game over \(the turn limit is reached\)/);
        expect(end.text).toMatch(/Scores: west \d+, east \d+/);
        const seed = publishedSeed(end.text);
        expect(seed, end.text).not.toBeNull();
        expect(createHash('sha256').update(seed!).digest('hex')).toBe(commitment);
      }
      const view = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as {
        game: { status: string; result?: unknown };
      };
      expect(view.game.status).toBe('finished');
    },
  );
});
