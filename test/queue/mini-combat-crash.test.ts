/**
 * A worker process killed with SIGKILL in the middle of a Mini Combat turn, on PostgreSQL (service.md, "Turn queue":
 * one transaction, "so … a crash at any point loses nothing and resolves nothing twice"). Both sides' army lists and
 * turn-1 orders are in — tanks that close and fire, paratroops that drop — and a worker pauses inside the turn's
 * resolution and is killed there: nothing of it is written (no state, event, next turn or mail). A restarted worker
 * resolves it exactly once, completely: one turn-2 report per seat, and the battle's export verifies.
 *
 * The in-process steps run on the test clock, which stands in the past of the system clock the worker processes read.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, games, outbox, submissions, turns } from '../../src/db/schema.ts';
import { exportGame } from '../../src/games/archive/archive.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { createGame } from '../../src/games/games/create.ts';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { databaseKinds } from '../support/db.ts';
import { crashMoves, crashScene } from '../support/crash-scene.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';

const hasPostgres = databaseKinds.includes('postgres');
const ID = 'mc-crash';

const LISTS = {
  red: [
    'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4',
    'DESIGN Para INFANTRY MV10 RG20 TH4 SV6 PW2 AR2 MO3 SP DrpS',
    'UNIT Rt Tank*3 AT 1204 FACE S',
    'UNIT Rp Para*3 RESERVE',
  ],
  blue: ['DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4', 'UNIT Bt Tank*3 AT 1217 FACE N'],
};
const ORDERS = {
  red: ['UNIT Rt MOVE S S S S', 'UNIT Rp DROP 1212 FACE S'],
  blue: ['UNIT Bt MOVE N N'],
};

describe.skipIf(!hasPostgres)('a worker killed during a Mini Combat turn, on PostgreSQL', () => {
  const scene = crashScene('msc-mini-crash-');
  let ctx: TestGamesContext;

  beforeEach(() => {
    ctx = gamesContext(scene.database);
  });

  const snapshot = async () => ({
    games: await ctx.db.select().from(games).orderBy(asc(games.id)),
    turns: await ctx.db.select().from(turns).orderBy(asc(turns.gameId), asc(turns.number)),
    submissions: await ctx.db.select().from(submissions).orderBy(asc(submissions.id)),
    outbox: await ctx.db.select().from(outbox).orderBy(asc(outbox.id)),
    audit: await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id)),
  });
  const { killInsideResolution, resolveWithWorker } = crashMoves(scene, () => ctx, snapshot);

  it('SIGKILL inside the resolution of a turn with fire and a drop: nothing written; then exactly once', async () => {
    const created = await createGame(
      ctx,
      {
        id: ID,
        name: 'Crash battle',
        ruleset: 'mini-combat',
        // Blue stands 13 hexes off at the start (the tanks' range is 10): the fire comes only once both have moved.
        settings: { battle: 'standard', points: 600, map: { width: 24, height: 20 } },
        seats: [
          { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
          { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
    const send = (side: 'red' | 'blue', turn: number, lines: readonly string[]) =>
      submitText(ctx, {
        gameId: ID,
        token: token(side),
        text: [`GAME ${ID} TURN ${turn}`, ...lines, 'END'].join('\n'),
        channel: 'mail',
      });
    for (const side of ['red', 'blue'] as const) await send(side, 0, LISTS[side]);
    expect(await resolveNextDueTurn(ctx, ID)).toMatchObject({ gameId: ID, turn: 0 });
    for (const side of ['red', 'blue'] as const) await send(side, 1, ORDERS[side]);

    await killInsideResolution(`${ID} 1`);
    await resolveWithWorker(`${ID} 1`);

    const played = await ctx.db.select().from(turns).where(eq(turns.gameId, ID)).orderBy(asc(turns.number));
    expect(played.map((t) => `${t.number}:${t.status}`)).toEqual(['0:resolved', '1:resolved', '2:open']);
    const [, one, two] = played;
    const events = (one!.events ?? []) as { type: string }[];
    expect(
      events.some((e) => e.type === 'attack'),
      'the tanks fired',
    ).toBe(true);
    expect(
      events.some((e) => e.type === 'place'),
      'the paratroops dropped',
    ).toBe(true);
    expect(two!.stateBefore).toEqual(one!.stateAfter);
    expect(two!.diceStateBefore).toBe(one!.diceStateAfter);
    const [battle] = await ctx.db.select().from(games).where(eq(games.id, ID));
    expect(battle).toMatchObject({ currentTurn: 2, state: one!.stateAfter, diceState: one!.diceStateAfter });
    const reports = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, ID), eq(outbox.kind, 'turn-report')));
    expect(reports.map((m) => m.toAddress).sort()).toEqual(['alice@pbem.test', 'bob@pbem.test']);

    // The stored battle is the one its seed and orders give.
    await endGame(ctx, { gameId: ID, key: created.moderatorToken }, 'end', 'over');
    expect(verifyExport(await exportGame(ctx, ID, { as: 'anyone' }))).toMatchObject({ ok: true });
  });
});
