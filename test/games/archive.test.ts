/**
 * The archive export and its verification, on PGlite and PostgreSQL: games
 * played to their end through the use cases — orders, a missing seat under
 * the standing order, seats played by the solo no-orders policy, a
 * concession in a 3-side game, a rollback and re-resolution — exported and
 * verified; then tampered with, each change found as the first mismatch.
 *
 * Seeds are random, so the games adapt their orders to whatever the dice did
 * (each side keeps its SPEED and flies straight); the designs keep every
 * ship alive until the last turn, so each game passes through every step.
 */
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { games } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { submitFleet } from '../../src/games/seats/setup.ts';
import { concede, submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { endGame, resolveNow, rollback, type Moderator } from '../../src/games/moderation/moderation.ts';
import { exportGame, type GameExport as AnyExport } from '../../src/games/archive/archive.ts';
import type { positionJsonSchema } from '../../src/adjudicator/position-json.ts';
import type { TacticalOrdersUsed } from '../../src/kinds/tactical/replay.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { readPosition } from '../../src/games/games/state.ts';
import { sha256Hex } from '../../src/games/secrets.ts';
import { AppError } from '../../src/games/errors.ts';
import { HOUR } from '../../src/games/clock.ts';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );
/** A tactical battle's export, with its kind's documents. */
type GameExport = AnyExport<z.output<typeof positionJsonSchema>, TacticalOrdersUsed>;
const exportTactical = async (...args: Parameters<typeof exportGame>): Promise<GameExport> =>
  (await exportGame(...args)) as unknown as GameExport;
const copy = (doc: GameExport): GameExport => structuredClone(doc);
const sources = (doc: GameExport) => doc.turns.map((t) => Object.values(t.ordersUsed).map((o) => o.source));

/** Orders for every ship of `side` still in play: keep SPEED (within ENGINE), fly straight. */
async function straightOn(ctx: TestGamesContext, gameId: string, side: string): Promise<string> {
  const [game] = await ctx.db.select().from(games).where(eq(games.id, gameId));
  const position = readPosition(game!.state);
  return position.ships
    .filter((s) => s.side === side && s.status === 'active')
    .map((s) => {
      const speed = Math.min(s.speed ?? 1, s.engine);
      return `SHIP ${s.id} SPEED ${speed} MOVE ${speed}`;
    })
    .join('\n');
}

describe.each(databaseKinds)('the archive on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  /**
   * The tutorial duel under the standing order: the book's first turn, a turn with Grey's seat missing, then to the
   * end.
   */
  async function duelToTheEnd(ctx: TestGamesContext) {
    const duel = await tutorialDuel(ctx, { id: 'duel-1' });
    const gameId = duel.game.id;
    const send = async (side: string, text: string) =>
      submitOrders(ctx, { gameId, token: duel.tokens[side]!, text, channel: 'api' });
    await send('black', 'SHIP Black SPEED 3 MOVE 2R FIRE Grey');
    await send('grey', 'SHIP Grey SPEED 3 MOVE 1R1 FIRE Black');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1 });
    await send('black', await straightOn(ctx, gameId, 'black'));
    ctx.clock.advanceBy(72 * HOUR);
    let r = await resolveNextDueTurn(ctx);
    expect(r).toMatchObject({ turn: 2 });
    for (let turn = 3; turn <= 30 && !r!.gameOver; turn++) {
      ctx.clock.advanceBy(72 * HOUR);
      r = await resolveNextDueTurn(ctx);
    }
    expect(r!.gameOver).toBe(true);
    return duel;
  }

  /**
   * Three sides, the solo no-orders policy, a turn limit of 4: turn 1 with
   * everyone's orders; turn 2 Blue concedes and Green sends nothing (the solo
   * rules play it); turn 3 resolves with Green missing, is rolled back and
   * resolves again with everyone's orders; turn 4 nobody orders.
   */
  async function threeSides(ctx: TestGamesContext) {
    const design = { engine: 2, shields: 5, toHit: 3, weapons: 'F' };
    const created = await createGame(ctx, {
      id: 'three-1',
      name: 'Three-cornered',
      scenario: 'custom',
      settings: {
        map: { width: 20, height: 20 },
        sides: [
          { id: 'red', name: 'Red' },
          { id: 'blue', name: 'Blue' },
          { id: 'green', name: 'Green' },
        ],
        budget: 20,
        sizes: null,
        noOrders: 'solo',
        turnLimit: 4,
      },
      seats: [
        { side: 'red', email: 'red@pbem.test', name: 'Rita' },
        { side: 'blue', email: 'blue@pbem.test', name: 'Bao' },
        { side: 'green', email: 'green@pbem.test', name: 'Gus' },
      ],
    });
    const gameId = created.game.id;
    const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
    const mod: Moderator = { gameId, key: created.moderatorToken };
    await submitFleet(ctx, gameId, token('red'), { ships: [{ id: 'R1', ...design, hex: '0810', facing: 'NE' }] });
    await submitFleet(ctx, gameId, token('blue'), { ships: [{ id: 'B1', ...design, hex: '1208', facing: 'S' }] });
    const started = await submitFleet(ctx, gameId, token('green'), {
      ships: [{ id: 'G1', ...design, hex: '1112', facing: 'NW' }],
    });
    expect(started.status).toBe('active');
    const send = async (side: string) =>
      submitOrders(ctx, { gameId, token: token(side), text: await straightOn(ctx, gameId, side), channel: 'api' });

    for (const side of ['red', 'blue', 'green']) await send(side);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1, gameOver: false });

    expect(await concede(ctx, gameId, token('blue'))).toEqual({ gameEnds: false });
    await send('red');
    ctx.clock.advanceBy(72 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 2, gameOver: false });

    await send('red');
    ctx.clock.advanceBy(72 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 3, gameOver: false });
    const first = await exportTactical(ctx, gameId, { as: 'operator' });
    expect(await rollback(ctx, mod, 'Green mailed in time, the mail server lost it')).toBe(3);
    await send('green');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 3, gameOver: false });

    ctx.clock.advanceBy(72 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 4, gameOver: true });
    return { gameId, token, mod, firstResolutionOfTurn3: first.turns[2]! };
  }

  it('a duel played to its end, with a missing seat under the standing order, exports and verifies', async () => {
    const ctx = gamesContext(database);
    const duel = await duelToTheEnd(ctx);
    const doc = await exportTactical(ctx, duel.game.id, { as: 'anyone' });
    const [game] = await ctx.db.select().from(games).where(eq(games.id, duel.game.id));

    expect(doc).toMatchObject({
      format: 'msc-pbem-game',
      version: 1,
      gameId: 'duel-1',
      status: 'finished',
      winner: game!.winner,
      openTurn: null,
    });
    expect(doc.seats).toEqual([
      { side: 'black', name: 'Alice' },
      { side: 'grey', name: 'Bob' },
    ]);
    // Over: the seed is revealed to anyone, and it is the one committed to.
    expect(sha256Hex(doc.seed!)).toBe(doc.seedCommitment);
    expect(sources(doc)[0]).toEqual(['orders', 'orders']);
    expect(doc.turns[1]!.ordersUsed).toMatchObject({ Black: { source: 'orders' }, Grey: { source: 'standing' } });

    const r = verifyExport(JSON.parse(JSON.stringify(doc)));
    expect(r).toMatchObject({
      ok: true,
      turns: doc.turns.length,
      summary: { gameId: 'duel-1', winner: game!.winner, status: 'finished' },
    });
    expect(r.ok && r.summary.diceRolled).toBeGreaterThan(0);
  });

  it('a 3-side game with the solo no-orders policy, a concession, a rollback and a re-resolution exports and verifies', async () => {
    const ctx = gamesContext(database);
    const { gameId, firstResolutionOfTurn3 } = await threeSides(ctx);
    const doc = await exportTactical(ctx, gameId, { as: 'anyone' });

    expect(doc.turns.map((t) => t.number)).toEqual([1, 2, 3, 4]);
    expect(doc.turns[0]!.ordersUsed).toEqual({
      R1: expect.objectContaining({ source: 'orders' }),
      B1: expect.objectContaining({ source: 'orders' }),
      G1: expect.objectContaining({ source: 'orders' }),
    });
    // Turn 2: Blue conceded (its ship leaves before anything moves); Green sent nothing and the solo rules played it.
    expect(doc.turns[1]!.stateBefore.conceded).toEqual(['blue']);
    expect(doc.turns[1]!.events[0]).toMatchObject({ type: 'disengaged', ship: 'B1', reason: 'conceded' });
    expect(doc.turns[1]!.ordersUsed).toEqual({
      R1: expect.objectContaining({ source: 'orders' }),
      G1: expect.objectContaining({ source: 'solo-policy' }),
    });
    // For that turn only: the position keeps the game's own (empty) solo list.
    expect(doc.turns[1]!.stateAfter.solo).toEqual([]);
    // Turn 3 as it resolved first (Green missing), and as it stands after the rollback (Green's orders).
    expect(firstResolutionOfTurn3.ordersUsed.G1!.source).toBe('solo-policy');
    expect(doc.turns[2]!.ordersUsed.G1!.source).toBe('orders');
    expect(doc.turns[3]!.events.at(-1)).toMatchObject({ type: 'game-over' });

    const r = verifyExport(JSON.parse(JSON.stringify(doc)));
    expect(r).toMatchObject({ ok: true, turns: 4 });
  });

  it('a game recorded before no-shot events were told (none in its turns) still verifies', async () => {
    const ctx = gamesContext(database);
    const duel = await duelToTheEnd(ctx);
    const doc = await exportTactical(ctx, duel.game.id, { as: 'anyone' });
    const told = doc.turns.flatMap((t) => t.events).filter((e) => e.type === 'no-shot');
    expect(told.length).toBeGreaterThan(0);
    const older = copy(doc);
    for (const t of older.turns) t.events = t.events.filter((e) => e.type !== 'no-shot');
    expect(verifyExport(older).ok).toBe(true);
  });

  it("tampering: a die, a ship's SHIELDS, the seed, an order — each is the first mismatch, named precisely", async () => {
    const ctx = gamesContext(database);
    const duel = await duelToTheEnd(ctx);
    const doc = await exportTactical(ctx, duel.game.id, { as: 'anyone' });
    expect(verifyExport(doc).ok).toBe(true);

    // One die: the to-hit roll of the first shot of turn 1.
    const die = copy(doc);
    const shotAt = die.turns[0]!.events.findIndex((e) => e.type === 'shot');
    const shot = die.turns[0]!.events[shotAt]!;
    const roll = shot.roll as number;
    shot.roll = (roll % 6) + 1;
    expect(verifyExport(die)).toEqual({
      ok: false,
      mismatch: {
        turn: 1,
        what: `events[${shotAt}] (shot ${String(shot.firer)} ${String(shot.weapon)} at ${String(shot.target)}): roll`,
        expected: roll,
        found: (roll % 6) + 1,
      },
    });

    // One ship's SHIELDS after turn 2.
    const shields = copy(doc);
    const grey = shields.turns[1]!.stateAfter.ships.find((s) => s.id === 'Grey')!;
    const was = grey.shields;
    grey.shields = was === 6 ? 5 : was + 1;
    expect(verifyExport(shields)).toEqual({
      ok: false,
      mismatch: { turn: 2, what: 'stateAfter: ships[Grey].shields', expected: was, found: grey.shields },
    });

    // The seed.
    const seed = copy(doc);
    seed.seed = `${doc.seed!.slice(0, -1)}${doc.seed!.endsWith('0') ? '1' : '0'}`;
    expect(verifyExport(seed)).toEqual({
      ok: false,
      mismatch: {
        turn: null,
        what: 'seed: its SHA-256 is not the commitment',
        expected: doc.seedCommitment,
        found: sha256Hex(seed.seed),
      },
    });

    // One order: Black's turn-1 plot, 2R made 3 (as legal): its move no longer follows.
    const order = copy(doc);
    order.turns[0]!.ordersUsed.Black!.move = '3';
    const moveAt = order.turns[0]!.events.findIndex((e) => e.type === 'move' && e.ship === 'Black');
    expect(verifyExport(order)).toEqual({
      ok: false,
      mismatch: { turn: 1, what: `events[${moveAt}] (move Black): plot`, expected: '3', found: '2R' },
    });
  });

  it('further checks: the dice chain, a concession withdrawn, a turn dropped, the winner, the shape', async () => {
    const ctx = gamesContext(database);
    const { gameId } = await threeSides(ctx);
    const doc = await exportTactical(ctx, gameId, { as: 'anyone' });

    const dice = copy(doc);
    dice.turns[2]!.diceStateBefore = dice.turns[0]!.diceStateBefore;
    expect(verifyExport(dice)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 3,
        what: 'diceStateBefore: not where turn 2 left the dice',
        expected: doc.turns[1]!.diceStateAfter,
      },
    });

    const withdrawn = copy(doc);
    withdrawn.turns[2]!.stateBefore.conceded = [];
    expect(verifyExport(withdrawn)).toMatchObject({
      ok: false,
      mismatch: { turn: 3, what: 'stateBefore.conceded: a concession cannot be withdrawn (blue)' },
    });

    const dropped = copy(doc);
    dropped.turns.splice(1, 1);
    expect(verifyExport(dropped)).toMatchObject({
      ok: false,
      mismatch: { turn: 3, what: 'turns: numbered from 1 without a gap', expected: 2, found: 3 },
    });

    const policy = copy(doc);
    policy.turns[1]!.ordersUsed.G1!.source = 'standing';
    expect(verifyExport(policy)).toMatchObject({ ok: false, mismatch: { turn: 2 } });

    const winner = copy(doc);
    winner.winner = winner.winner === 'red' ? 'green' : 'red';
    expect(verifyExport(winner)).toMatchObject({
      ok: false,
      mismatch: {
        turn: 4,
        what: 'winner: not the winner of the last turn',
        expected: doc.winner,
        found: winner.winner,
      },
    });

    const broken = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
    delete broken.seedCommitment;
    expect(verifyExport(broken)).toMatchObject({
      ok: false,
      mismatch: { turn: null, what: expect.stringContaining('seedCommitment') },
    });
    expect(verifyExport('not a document')).toMatchObject({ ok: false, mismatch: { turn: null } });
  });

  it('who may export what: secrets only once the game is over or to the moderator; a private game only to its seats and moderator', async () => {
    const ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx, { id: 'secret-1', settings: { public: false } });
    const gameId = duel.game.id;
    await submitOrders(ctx, { gameId, token: duel.tokens.black!, text: 'SHIP Black SPEED 3 MOVE 2R', channel: 'api' });
    await submitOrders(ctx, { gameId, token: duel.tokens.grey!, text: 'SHIP Grey SPEED 3 MOVE 1R1', channel: 'api' });
    await resolveNextDueTurn(ctx);
    // Turn 2 is open with Black's orders in: they appear in no export.
    await submitOrders(ctx, { gameId, token: duel.tokens.black!, text: 'SHIP Black SPEED 2 MOVE 1L', channel: 'api' });

    expect(await codeOf(exportGame(ctx, gameId, { as: 'anyone' }))).toBe('GAME_NOT_FOUND');
    expect(await codeOf(exportGame(ctx, gameId, { as: 'token', token: 'x'.repeat(32) }))).toBe('BAD_TOKEN');
    expect(await codeOf(exportGame(ctx, 'no-such-game', { as: 'operator' }))).toBe('GAME_NOT_FOUND');

    const seat = await exportTactical(ctx, gameId, { as: 'token', token: duel.tokens.grey! });
    expect(seat).toMatchObject({ status: 'active', openTurn: 2, seed: null, initialDiceState: null });
    expect(seat.turns).toHaveLength(1);
    expect(seat.turns[0]).toMatchObject({ diceStateBefore: null, diceStateAfter: null });
    const text = JSON.stringify(seat);
    expect(text).not.toContain('@pbem.test');
    expect(text).not.toContain('"1L"');
    for (const t of Object.values(duel.tokens)) expect(text).not.toContain(t);
    expect(text).not.toContain(sha256Hex(duel.tokens.black!));
    expect(verifyExport(seat)).toMatchObject({
      ok: false,
      mismatch: { turn: null, what: expect.stringMatching(/^seed: not revealed/) },
    });

    const moderator = await exportTactical(ctx, gameId, { as: 'token', token: duel.moderatorToken });
    expect(moderator.seed).toBe(duel.game.seed);
    expect(JSON.stringify(moderator)).not.toContain('"1L"');
    expect(verifyExport(moderator)).toMatchObject({ ok: true, turns: 1, summary: { status: 'active', ending: null } });

    // Ended by the moderator: scored as the turn limit would; now the seed is anyone's who can see the game.
    const mod: Moderator = { gameId, key: duel.moderatorToken };
    await endGame(ctx, mod, 'end', 'out of time');
    const ended = await exportTactical(ctx, gameId, { as: 'token', token: duel.tokens.black! });
    expect(ended).toMatchObject({ status: 'finished', openTurn: null, seed: duel.game.seed });
    expect(verifyExport(ended)).toMatchObject({ ok: true, turns: 1, summary: { ending: 'moderator' } });
    const wrong = copy(ended);
    wrong.winner = ended.winner === 'draw' ? 'black' : 'draw';
    expect(verifyExport(wrong)).toMatchObject({
      ok: false,
      mismatch: {
        turn: null,
        what: 'winner: scoring the final position as the turn limit would',
        expected: ended.winner,
      },
    });
  });

  it('a game abandoned before any turn resolved, and one still in setup, export and verify', async () => {
    const ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx, { id: 'gone-1' });
    await resolveNow(ctx, { gameId: duel.game.id, operator: true });
    await rollback(ctx, { gameId: duel.game.id, operator: true });
    await endGame(ctx, { gameId: duel.game.id, operator: true }, 'abandon');
    const gone = await exportTactical(ctx, duel.game.id, { as: 'anyone' });
    expect(gone).toMatchObject({ status: 'abandoned', turns: [], openTurn: null, winner: null });
    expect(gone.initialPosition).toEqual({ ...gone.position, conceded: [] });
    expect(verifyExport(gone)).toMatchObject({ ok: true, turns: 0, summary: { ending: 'abandoned' } });

    const setup = await createGame(ctx, {
      id: 'setup-1',
      name: 'Skirmish',
      scenario: 'skirmish-3v3',
      seats: [
        { side: 'red', email: 'r@pbem.test', name: 'R' },
        { side: 'blue', email: 'b@pbem.test', name: 'B' },
      ],
    });
    const doc = await exportTactical(ctx, setup.game.id, { as: 'operator' });
    expect(doc).toMatchObject({ status: 'setup', initialPosition: null, position: null, turns: [], openTurn: null });
    expect(verifyExport(doc)).toMatchObject({ ok: true, turns: 0 });
  });
});
