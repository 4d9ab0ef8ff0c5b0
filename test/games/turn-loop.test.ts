/**
 * The turn loop through the use cases, on PGlite and on PostgreSQL: a game is
 * created, orders come in, the turn falls due, resolves exactly once and the
 * next opens — and the game runs to its end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel } from '../support/games.ts';
import { games, outbox, seats, submissions, turns } from '../../src/db/schema.ts';
import { submitOrders, concede, standingOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn, sendDueReminders } from '../../src/games/turns/resolution.ts';
import { sha256Hex } from '../../src/games/secrets.ts';
import { AppError } from '../../src/games/errors.ts';
import { HOUR } from '../../src/games/clock.ts';
import { readPosition } from '../../src/games/games/state.ts';
import { resolveTurn } from '../../src/rules/resolve.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import { readOrders } from '../../src/games/games/state.ts';

const expectAppError = async (p: Promise<unknown>, code: string) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe(code);
  return e as AppError;
};

describe.each(databaseKinds)('the turn loop on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('creates a scenario game: seats with hashed tokens, a committed seed, turn 1 open with its deadline and reports queued', async () => {
    const ctx = gamesContext(database);
    const { game, tokens, moderatorToken } = await tutorialDuel(ctx);
    expect(game.status).toBe('active');
    expect(game.currentTurn).toBe(1);
    expect(game.seedCommitment).toBe(sha256Hex(game.seed));
    expect(tokens.black).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(moderatorToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const seatRows = await ctx.db.select().from(seats).where(eq(seats.gameId, game.id));
    expect(seatRows.map((s) => s.tokenHash).sort()).toEqual([sha256Hex(tokens.black!), sha256Hex(tokens.grey!)].sort());
    expect(JSON.stringify(seatRows)).not.toContain(tokens.black);
    // The tutorial's fleets are all the scenario's: its setup, turn 0, settled at creation.
    const [setup, turn] = await ctx.db.select().from(turns).where(eq(turns.gameId, game.id)).orderBy(asc(turns.number));
    expect(setup).toMatchObject({ number: 0, status: 'resolved' });
    expect(turn).toMatchObject({ number: 1, status: 'open', dueAt: null });
    expect(turn!.deadline!.getTime() - ctx.clock.now().getTime()).toBe(72 * HOUR);
    const mail = await ctx.db.select().from(outbox).where(eq(outbox.gameId, game.id));
    expect(mail.map((m) => [m.kind, m.toAddress]).sort()).toEqual([
      ['game-start', 'alice@pbem.test'],
      ['game-start', 'bob@pbem.test'],
    ]);
    expect(mail[0]!.textBody).toContain(game.seedCommitment);
    expect(mail[0]!.textBody).not.toContain(game.seed);
    expect(mail[0]!.textBody).toContain('SHIP Black SPEED');
  });

  it('accepts valid orders, replaces them with newer ones keeping the history, and refuses invalid ones without touching them', async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    const first = await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R',
      channel: 'api',
    });
    expect(first).toMatchObject({ turn: 1, stored: true, turnComplete: false });
    expect(first.canonical).toContain('SHIP Black SPEED 3 MOVE 2R');
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      orders: { Black: { speed: 3, move: '1L1' } },
      channel: 'web',
    });
    const bad = await expectAppError(
      submitOrders(ctx, { gameId: game.id, token: tokens.black!, text: 'SHIP Black SPEED 4 MOVE 4', channel: 'mail' }),
      'ORDERS_REJECTED',
    );
    expect(bad.problems[0]).toMatchObject({ line: 1, code: 'SPEED_NOT_ALLOWED' });
    expect(bad.problems[0]!.message).toContain('SPEED 4 not allowed: ENGINE is 3');
    const rows = await ctx.db.select().from(submissions).where(eq(submissions.gameId, game.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.supersededAt === null)).toEqual([expect.objectContaining({ channel: 'web' })]);
    expect((await standingOrders(ctx, game.id, tokens.black!)).canonical).toContain('SHIP Black SPEED 3 MOVE 1L1');
  });

  it("refuses a wrong token, another seat's ship, and orders for a turn that is over", async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    await expectAppError(
      submitOrders(ctx, { gameId: game.id, token: 'x'.repeat(32), text: 'SHIP Black SPEED 3 MOVE 2R', channel: 'api' }),
      'BAD_TOKEN',
    );
    const theirs = await expectAppError(
      submitOrders(ctx, { gameId: game.id, token: tokens.black!, text: 'SHIP Grey SPEED 3 MOVE 1R1', channel: 'api' }),
      'ORDERS_REJECTED',
    );
    expect(theirs.problems.map((p) => p.code)).toEqual(['SHIP_NOT_YOURS']);
    await expectAppError(
      submitOrders(ctx, {
        gameId: game.id,
        token: tokens.black!,
        text: 'GAME duel-x TURN 1\nSHIP Black SPEED 3 MOVE 2R',
        channel: 'api',
      }),
      'ORDERS_REJECTED',
    );
    await expectAppError(
      submitOrders(ctx, { gameId: 'no-such-game', token: tokens.black!, text: 'HELP', channel: 'api' }),
      'GAME_NOT_FOUND',
    );
  });

  it("resolves a turn exactly once when the last orders arrive, with the tutorial's result, and opens the next", async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R',
      channel: 'api',
    });
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    const last = await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1',
      channel: 'api',
    });
    expect(last.turnComplete).toBe(true);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: game.id, turn: 1, gameOver: false });
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    const all = await ctx.db.select().from(turns).where(eq(turns.gameId, game.id));
    expect(all.map((t) => [t.number, t.status])).toEqual(
      expect.arrayContaining([
        [1, 'resolved'],
        [2, 'open'],
      ]),
    );
    const [t1] = all.filter((t) => t.number === 1);
    const moved = (t1!.events as Array<{ type: string; ship?: string; to?: string }>).filter((e) => e.type === 'move');
    expect(moved.map((e) => [e.ship, e.to])).toEqual([
      ['Black', '0406'],
      ['Grey', '0706'],
    ]);
    // The stored record replays: same state, orders and dice give the same turn.
    const replay = resolveTurn(
      readPosition(t1!.stateBefore),
      readOrders(t1!.ordersUsed),
      SeededDice.fromState(t1!.diceStateBefore),
    );
    expect(replay.ok && replay.value.events).toEqual(t1!.events);
    const [g] = await ctx.db.select().from(games).where(eq(games.id, game.id));
    expect(g).toMatchObject({ currentTurn: 2, status: 'active', diceState: t1!.diceStateAfter });
    const reports = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, game.id), eq(outbox.kind, 'turn-report')));
    expect(reports).toHaveLength(2);
    expect(reports[0]!.textBody).toContain('What happened in turn 1');
  });

  it('at the deadline a seat without orders gets the standing order', async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 1 MOVE 1',
      channel: 'api',
    });
    ctx.clock.advanceBy(72 * HOUR - 1000);
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    ctx.clock.advanceBy(1000);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1 });
    const [t1] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, game.id), eq(turns.number, 1)));
    expect(t1!.ordersUsed).toMatchObject({
      Black: { source: 'orders', speed: 1 },
      Grey: { source: 'standing', speed: 0 },
    });
  });

  it('with the solo no-orders policy, the solo rules play a seat that sent nothing', async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx, { settings: { noOrders: 'solo' } });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 1 MOVE 1',
      channel: 'api',
    });
    ctx.clock.advanceBy(72 * HOUR);
    await resolveNextDueTurn(ctx);
    const [t1] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, game.id), eq(turns.number, 1)));
    expect((t1!.events as Array<{ type: string }>)[0]).toMatchObject({ type: 'solo-move', ship: 'Grey' });
    // The seat is played for this turn only: the next position still has no solo side.
    expect(readPosition(t1!.stateAfter).solo).toEqual([]);
  });

  it('sends each reminder once, only to seats still missing orders', async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 1 MOVE 1',
      channel: 'api',
    });
    ctx.clock.advanceBy(47 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(0);
    ctx.clock.advanceBy(1 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(1);
    expect(await sendDueReminders(ctx)).toBe(0);
    ctx.clock.advanceBy(22 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(1);
    const reminders = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, game.id), eq(outbox.kind, 'reminder')));
    expect(reminders.map((r) => r.toAddress)).toEqual(['bob@pbem.test', 'bob@pbem.test']);
  });

  it('plays the tutorial duel to its end; the end mail reveals the seed that matches the commitment', async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R',
      channel: 'api',
    });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1',
      channel: 'api',
    });
    // From turn 2 on nobody writes orders: at each deadline both ships keep SPEED 3 and fly straight,
    // firing at each other while they can, until the fight or the map's edge ends it.
    let over = false;
    for (let turn = 1; turn <= 20 && !over; turn++) {
      if (turn > 1) ctx.clock.advanceBy(72 * HOUR);
      const r = await resolveNextDueTurn(ctx);
      expect(r).toMatchObject({ turn });
      over = r!.gameOver;
    }
    expect(over).toBe(true);
    const [g] = await ctx.db.select().from(games).where(eq(games.id, game.id));
    expect(g!.status).toBe('finished');
    const end = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, game.id), eq(outbox.kind, 'game-end')));
    expect(end).toHaveLength(2);
    expect(end[0]!.textBody).toContain(g!.seed);
    expect(sha256Hex(g!.seed)).toBe(g!.seedCommitment);
    await expectAppError(
      submitOrders(ctx, { gameId: game.id, token: tokens.black!, text: 'SHIP Black SPEED 0', channel: 'api' }),
      'GAME_OVER',
    );
  });

  it('"A side may concede at any time": with two sides, the game ends at once by concession', async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    expect(await concede(ctx, game.id, tokens.grey!)).toEqual({ gameEnds: true });
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1, gameOver: true });
    const [g] = await ctx.db.select().from(games).where(eq(games.id, game.id));
    expect(g).toMatchObject({ status: 'finished', winner: 'black' });
    expect(g!.result).toMatchObject({ reason: 'concession' });
  });
});
