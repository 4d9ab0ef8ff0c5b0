/**
 * A campaign's archive export and its verification (docs/archive.md), on PGlite and PostgreSQL: every resolved turn
 * with its states, orders, events and dice; the turn whose battle was fought as a linked tactical game carries that
 * game's own whole export and the outcome it gave; a running campaign is exported to its moderator only; and
 * `verifyExport` replays the whole campaign, the battle included, naming the turn of the first thing tampered with.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportGame, type GameExport } from '../../src/games/archive/archive.ts';
import type { AnyGameExport } from '../../src/games/archive/export-format.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { AppError } from '../../src/games/errors.ts';
import { HOUR } from '../../src/games/clock.ts';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { concede } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { playedCampaign, type PlayedCampaign } from './campaign-archive-support.ts';

const ID = 'c-archive';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

/** The export as any kind's: a campaign's states and orders are campaign documents. */
const asAny = (doc: GameExport): AnyGameExport => structuredClone(doc);

describe.each(databaseKinds)('a campaign archive on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  let played: PlayedCampaign;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
    played = await playedCampaign(ctx, ID);
  });
  afterEach(() => database.drop());

  it('exports every turn with its battle as a whole game, hidden from all but the moderator while it runs; verifies', async () => {
    // "a running campaign's export is refused to all but its moderator"
    expect(await codeOf(exportGame(ctx, ID, { as: 'anyone' }))).toBe('HIDDEN_WHILE_RUNNING');
    expect(await codeOf(exportGame(ctx, ID, { as: 'token', token: played.tokens.blue }))).toBe('HIDDEN_WHILE_RUNNING');
    expect(await codeOf(exportGame(ctx, ID, { as: 'person', email: 'alice@pbem.test' }))).toBe('HIDDEN_WHILE_RUNNING');
    const running = asAny(await exportGame(ctx, ID, { as: 'token', token: played.key }));
    expect(running).toMatchObject({ ruleset: 'msc-strategic', status: 'active', openTurn: 3 });
    expect(running.seed).not.toBeNull();
    expect(verifyExport(running)).toMatchObject({ ok: true, turns: 2, summary: { status: 'active', battles: 1 } });

    await endGame(ctx, { gameId: ID, key: played.key }, 'end', 'over');
    const doc = asAny(await exportGame(ctx, ID, { as: 'anyone' }));
    // The setup phase (turn 0) is not a turn of play: turn 1 opens with the campaign it built.
    expect(doc.turns.map((t) => t.number)).toEqual([1, 2]);
    expect(doc.initialPosition).toEqual(doc.turns[0]!.stateBefore);
    expect(doc.initialDiceState).toBe(SeededDice.fromSeed(doc.seed!).save());
    const [one, two] = doc.turns;
    for (const t of [one!, two!]) {
      expect(t.diceStateBefore).toMatch(/^[0-9a-f]{32}$/);
      expect(t.diceStateAfter).toMatch(/^[0-9a-f]{32}$/);
      expect(Object.keys(t.ordersUsed).sort()).toEqual(['blue', 'red']);
      expect(t.stateAfter).toMatchObject({ turn: t.number + 1 });
    }
    expect(one!.ordersUsed.blue).toMatchObject({ move: { BF: '1005' } });
    // The turn that stopped for its battle: the pending document it was finished from, and the battle's game.
    expect(one!.pending).toMatchObject({
      pending: true,
      battles: [{ hex: '1005', attacker: 'blue', defender: 'red' }],
    });
    expect(one!.battles).toHaveLength(1);
    const battle = one!.battles![0]!;
    expect(battle).toMatchObject({
      index: 0,
      title: 'Battle at 1005, campaign turn 1',
      outcome: { hex: '1005', destroyed: [], disengaged: ['R1'] },
      game: {
        gameId: played.battleId,
        ruleset: 'msc-tactical',
        status: 'finished',
        winner: 'blue',
        seats: [
          { side: 'blue', name: 'Bob' },
          { side: 'red', name: 'Alice' },
        ],
      },
    });
    expect(battle.game.seed).not.toBeNull();
    expect(battle.game.turns).toHaveLength(1);
    expect(two!.battles).toBeUndefined();
    // Never an address or a token, the campaign's or its battle's.
    const text = JSON.stringify(doc);
    expect(text).not.toContain('@pbem.test');
    expect(text).not.toContain(played.tokens.blue);

    expect(verifyExport(doc)).toEqual({
      ok: true,
      turns: 2,
      summary: expect.objectContaining({
        gameId: ID,
        status: 'finished',
        ending: 'moderator',
        battles: 1,
        seed: doc.seed,
      }) as unknown,
    });
    // The battle alone verifies as the tactical game it is.
    expect(verifyExport(battle.game)).toMatchObject({ ok: true, turns: 1, summary: { winner: 'blue' } });
  });

  it('verifies a campaign stored before ids belonged to a side (no `options.ids`, as this one was written) and one stored since (`ids: "side"`) alike', async () => {
    await endGame(ctx, { gameId: ID, key: played.key }, 'end', 'over');
    const old = asAny(await exportGame(ctx, ID, { as: 'anyone' }));
    expect(old.initialPosition).not.toHaveProperty('options.ids');
    expect(verifyExport(old)).toMatchObject({ ok: true, turns: 2, summary: { battles: 1 } });
    const since = structuredClone(old);
    const mark = (state: unknown) => {
      if (state !== null && typeof state === 'object') (state as { options: { ids?: string } }).options.ids = 'side';
    };
    mark(since.initialPosition);
    mark(since.position);
    for (const t of since.turns) {
      mark(t.stateBefore);
      mark(t.stateAfter);
    }
    expect(verifyExport(since)).toMatchObject({ ok: true, turns: 2, summary: { battles: 1 } });
  });

  it('a campaign that ends in play (a concession) exports and verifies, its ending named', async () => {
    await concede(ctx, ID, played.tokens.red);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: ID, turn: 3, gameOver: true });
    const doc = asAny(await exportGame(ctx, ID, { as: 'token', token: played.tokens.blue }));
    expect(doc).toMatchObject({ status: 'finished', winner: 'blue', openTurn: null });
    expect(doc.turns[2]!.stateBefore).toMatchObject({ conceded: ['red'] });
    expect(verifyExport(doc)).toMatchObject({
      ok: true,
      turns: 3,
      summary: { status: 'finished', winner: 'blue', ending: 'conceded', battles: 1 },
    });
    // The winner the record claims must be the one the last turn gave.
    const claimed = structuredClone(doc);
    claimed.winner = 'red';
    expect(verifyExport(claimed)).toMatchObject({
      ok: false,
      mismatch: { turn: 3, what: 'winner: not the winner of the last turn', expected: 'blue', found: 'red' },
    });
  });

  it('tampering is caught with the turn named: an event, a die, a battle’s order, its outcome, the state', async () => {
    await endGame(ctx, { gameId: ID, key: played.key }, 'end', 'over');
    const doc = asAny(await exportGame(ctx, ID, { as: 'anyone' }));
    expect(verifyExport(doc).ok).toBe(true);

    // A campaign event: turn 2's first event says something else.
    const event = structuredClone(doc);
    const first = event.turns[1]!.events[0]!;
    event.turns[1]!.events[0] = { ...first, side: first.side === 'blue' ? 'red' : 'blue' };
    expect(verifyExport(event)).toMatchObject({
      ok: false,
      mismatch: { turn: 2, what: expect.stringMatching(/^events\[0\] \(/) as unknown },
    });

    // A die: the dice turn 1 ended with.
    const die = structuredClone(doc);
    die.turns[0]!.diceStateAfter = SeededDice.fromSeed('another').save();
    expect(verifyExport(die)).toMatchObject({ ok: false, mismatch: { turn: 1, what: 'diceStateAfter' } });

    // A die: turn 1's initiative roll.
    const roll = structuredClone(doc);
    const initiative = roll.turns[0]!.events.findIndex((e) => e.type === 'initiative');
    const rolled = roll.turns[0]!.events[initiative] as unknown as { rolls: Record<string, number[]> };
    const was = rolled.rolls.blue![0]!;
    rolled.rolls.blue![0] = (was % 6) + 1;
    expect(verifyExport(roll)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 1,
        what: `events[${initiative}] (initiative): rolls.blue[0]`,
        expected: was,
        found: (was % 6) + 1,
      },
    });

    // A battle's order: R1 "held" instead of flying off.
    const order = structuredClone(doc);
    const orders = order.turns[0]!.battles![0]!.game.turns[0]!.ordersUsed;
    orders.R1 = { ...orders.R1!, move: '0', speed: 0 };
    expect(verifyExport(order)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 1,
        what: expect.stringContaining('battles[0] (Battle at 1005, campaign turn 1): turn 1: ') as unknown,
      },
    });

    // The outcome brought back to the campaign: R1 destroyed rather than disengaged.
    const outcome = structuredClone(doc);
    outcome.turns[0]!.battles![0] = {
      ...outcome.turns[0]!.battles![0]!,
      outcome: { hex: '1005', destroyed: ['R1'], disengaged: [] },
    };
    expect(verifyExport(outcome)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 1,
        what: expect.stringContaining('battles[0] (Battle at 1005, campaign turn 1).outcome') as unknown,
      },
    });

    // The battle's start: a ship stronger than the campaign's, or deployed outside its side's zone.
    const stronger = structuredClone(doc);
    const start = stronger.turns[0]!.battles![0]!.game.initialPosition as {
      ships: { id: string; hex: string; design: { shields: number } }[];
    };
    start.ships.find((s) => s.id === 'B1')!.design.shields = 5;
    expect(verifyExport(stronger)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 1,
        what: 'battles[0] (Battle at 1005, campaign turn 1).game.initialPosition.ships: not the ships the turn gave the battle',
      },
    });
    const outside = structuredClone(doc);
    const game = outside.turns[0]!.battles![0]!.game;
    const moved = (game.initialPosition as { ships: { id: string; hex: string }[] }).ships.find((s) => s.id === 'R1')!;
    moved.hex = '1209';
    expect(verifyExport(outside)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 1,
        what: "battles[0] (Battle at 1005, campaign turn 1).game.initialPosition.ships[R1].hex: outside its side's deployment zone",
      },
    });

    // A battle left out.
    const missing = structuredClone(doc);
    delete missing.turns[0]!.battles;
    expect(verifyExport(missing)).toMatchObject({
      ok: false,
      mismatch: { turn: 1, what: 'battles: not the battles the turn stopped for' },
    });

    // The campaign's state after turn 1: Blue's store richer.
    const state = structuredClone(doc);
    const after = state.turns[0]!.stateAfter as { store: Record<string, number> };
    after.store.blue = (after.store.blue ?? 0) + 10;
    expect(verifyExport(state)).toMatchObject({
      ok: false,
      mismatch: { turn: 1, what: 'stateAfter: store.blue' },
    });
  });
});
