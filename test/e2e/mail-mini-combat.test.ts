/**
 * A Mini Combat battle played to its result purely by mail, over real mail
 * servers (Dovecot IMAP, OpenSMTPD SMTP on loopback: test/services/mail-up.sh),
 * as test/e2e/mail-scg.test.ts plays a Simple Combat Game: the service runs in
 * this process and reads orders@pbem.test over IMAP; Alice (red) and Bob
 * (blue) answer their invitations, send their army lists (§21) — Alice her own
 * above the quote, Bob `HOLD` for the ready force his seat mail offers — then
 * their orders (§19), and read every answer and report over IMAP. The battle's
 * turn limit (§20.4: "when the turn just resolved is turnLimit … a standard
 * battle goes to the higher score") ends it; its export replays (`msc verify`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/main.ts';
import { startSession } from '../../src/games/logins/sessions.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import {
  mailServersUp,
  publishedSeed,
  reply,
  seedCommitment,
  mailTable,
  type Inbox,
  type MailTable,
  type Player,
} from './support.ts';

const up = await mailServersUp('the end-to-end Mini Combat battle by mail');

/** Alice's army: tanks down the road, riflemen, and a hidden scout pair far out on the east flank. */
const ALICE_LIST = [
  'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4 SP RdFA',
  'DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4',
  'DESIGN Scout INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec',
  'UNIT Armr Tank*2 AT 1204 FACE S',
  'UNIT Rfl Rifle*3 AT 1004 FACE S',
  'UNIT Owl Scout*2 AT 2414 FACE S',
];

const lines78 = (text: string) => text.split('\n').every((l) => l.length <= 78);

describe('a Mini Combat battle played to its result by mail, over IMAP and SMTP', () => {
  let table: MailTable;
  let server: RunningServer;
  let aliceInbox: Inbox;
  let bobInbox: Inbox;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    expect(up, 'the mail servers answer (start them with test/services/mail-up.sh)').toBe(true);
    table = await mailTable();
    ({ server, alice, bob, aliceInbox, bobInbox } = table);
  }, 60_000);

  afterAll(() => table?.close());

  it(
    'invitations, army lists (one written, one the ready force), a refused order, reports, and the turn limit',
    { timeout: 120_000 },
    async () => {
      const gameId = `mail-mc-${randomBytes(3).toString('hex')}`;
      const session = await startSession(server.ctx, 'organiser@pbem.test');
      const response = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `msc_session=${session.id}` },
        body: JSON.stringify({
          id: gameId,
          name: 'River crossing by mail',
          ruleset: 'mini-combat',
          settings: { battle: 'standard', points: 400, turnLimit: 2, board: 'river-valley' },
          seats: [
            { side: 'red', email: alice.address, name: 'Alice' },
            { side: 'blue', email: bob.address, name: 'Bob' },
          ],
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const tag = `[${gameId}]`;

      const [inviteA, inviteB] = await Promise.all([
        aliceInbox.waitFor({ subject: 'Invitation' }),
        bobInbox.waitFor({ subject: 'Invitation' }),
      ]);
      expect(inviteA.text.replace(/\s+/g, ' ')).toContain('in a Mini Combat battle named');
      await Promise.all([reply(alice, inviteA, 'Count me in.'), reply(bob, inviteB, 'Count me in.')]);

      // §21: the seat mail carries the army list to edit: the rules of the list, the points, a ready force.
      const [seatA, seatB] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} You have a seat` }),
        bobInbox.waitFor({ subject: `${tag} You have a seat` }),
      ]);
      for (const seat of [seatA, seatB]) {
        expect(seat.text).toContain(`GAME ${gameId} TURN 0`);
        expect(seat.text).toContain('# Your points: 400.');
        expect(seat.text).toMatch(/^DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4$/m);
        expect(lines78(seat.text), seat.text).toBe(true);
      }
      expect(seatA.text).toMatch(/^UNIT R1 Rifle\*5 Leader AT 0104 0104 0104 0204 0204 0204 FACE S$/m);

      await reply(alice, seatA, [`GAME ${gameId} TURN 0`, ...ALICE_LIST, 'END'].join('\n'));
      await reply(bob, seatB, 'HOLD');
      const [listA, listB] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Orders accepted for turn 0` }),
        bobInbox.waitFor({ subject: `${tag} Orders accepted for turn 0` }),
      ]);
      expect(listA.text).toMatch(/^ *UNIT Owl Scout\*2 AT 2414 2414 FACE S$/m);
      expect(listB.text).toContain('HOLD');

      const [startA, startB] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
        bobInbox.waitFor({ subject: `${tag} Turn 1: the game begins` }),
      ]);
      const commitment = seedCommitment(startA.text);
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      for (const start of [startA, startB]) {
        expect(lines78(start.text), start.text).toBe(true);
        expect(start.text).toMatch(/^Units: r Red, b Blue/m);
        expect(start.text).toMatch(/^Terrain: \. open, = road/m);
        expect(start.text).toContain('~ river');
      }
      // Alice's scouts stand hidden (§21): her own report shows them, Bob's does not.
      expect(startA.text).toMatch(/\bOwl\b/);
      expect(startB.text).not.toMatch(/\bOwl/);
      expect(startB.text).toMatch(/^UNIT B1$/m);

      // §18: a unit that is not hers is refused, with its line and code; nothing is stored.
      await reply(alice, startA, `GAME ${gameId} TURN 1\nUNIT B1 MOVE N\nEND`);
      const refused = await aliceInbox.waitFor({ subject: `${tag} Orders for turn 1 not accepted` });
      expect(refused.text).toContain('UNIT_UNKNOWN');

      await reply(alice, startA, `GAME ${gameId} TURN 1\nUNIT Armr MOVE S S S S FACE S\nUNIT Rfl MOVE S S\nEND`);
      await reply(bob, startB, 'HOLD');
      const [okA] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Orders accepted for turn 1` }),
        bobInbox.waitFor({ subject: `${tag} Orders accepted for turn 1` }),
      ]);
      expect(okA.text).toContain('UNIT Armr MOVE S S S S FACE S');

      const [turn2A, turn2B] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Turn 2 report` }),
        bobInbox.waitFor({ subject: `${tag} Turn 2 report` }),
      ]);
      for (const r of [turn2A, turn2B]) {
        expect(r.text).toContain('What happened in turn 1');
        expect(r.text).toMatch(/^ *Initiative: Red [\d, ]+; Blue [\d, ]+ — (Red|Blue) acts first\.$/m);
        expect(lines78(r.text), r.text).toBe(true);
      }
      // Alice's tanks moved in plain sight: Bob is told of it, and still never of her scouts.
      expect(turn2B.text).toMatch(/Armr[ab].* move 12\d\d to 12\d\d/);
      expect(turn2B.text).not.toMatch(/\bOwl/);

      await Promise.all([reply(alice, turn2A, 'HOLD'), reply(bob, turn2B, 'HOLD')]);
      const ends = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Game over` }),
        bobInbox.waitFor({ subject: `${tag} Game over` }),
      ]);
      for (const end of ends) {
        expect(end.text).toMatch(/turn-limit|turn limit/);
        expect(end.text).toMatch(/Victory points: Red \d+, Blue \d+/);
        const seed = publishedSeed(end.text);
        expect(seed, end.text).not.toBeNull();
        expect(createHash('sha256').update(seed!).digest('hex')).toBe(commitment);
      }
      // Over, the battle is open: its end mail shows both sides, Alice's scouts included.
      expect(ends[1].text).toMatch(/\bOwl\b/);

      // Its export replays turn by turn from the revealed seed (`msc verify`).
      const exported = await fetch(`${server.url}/api/games/${gameId}/export`);
      expect(exported.status).toBe(200);
      const verified = verifyExport(await exported.json());
      expect(verified, JSON.stringify(verified)).toMatchObject({ ok: true });
    },
  );
});
