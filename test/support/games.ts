/**
 * Games for the service tests and benchmarks: a GamesContext over a test
 * database, one tutorial duel or many at once, and legal first-turn orders
 * for either side, so a test can fill the turn queue without writing orders.
 *
 * The tutorial duel cannot end in turn 1 whatever legal orders are given
 * (Grey has one weapon against Black's 3 SHIELDS, Black three against Grey's
 * 4), so a resolved turn 1 always opens exactly one turn 2.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase, Database } from '../../src/db/client.ts';
import { games, outbox, seats, submissions, turns, type Seat, type Turn } from '../../src/db/schema.ts';
import { createTestClock, systemClock, type TestClock } from '../../src/games/clock.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { AppError } from '../../src/games/errors.ts';
import { createGame, type CreatedGame } from '../../src/games/games/create.ts';
import { submitOrders, type SubmitOrdersResult } from '../../src/games/turns/orders.ts';
import { positionToJson, readOrders, readPosition } from '../../src/games/games/state.ts';
import { mailComposer } from '../../src/mail/compose.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import { resolveTurn, type TurnResult } from '../../src/rules/resolve.ts';
import type { ShipOrders } from '../../src/rules/types.ts';

export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080';
export const TEST_MAIL_DOMAIN = 'pbem.test';

/**
 * The tests' SECRET_KEY: worker processes started by the tests get it too, so
 * that every process derives the same seat tokens.
 */
export const TEST_SECRET_KEY = 'msc-pbem test service key, not a secret';
/**
 * The service key of test contexts, as loadServiceKey makes it from TEST_SECRET_KEY (a real service makes a random one:
 * service-key.ts).
 */
export const TEST_SERVICE_KEY = Buffer.from(TEST_SECRET_KEY, 'utf8');

export type TestGamesContext = GamesContext & { readonly clock: TestClock };

/** A context over a test database with a test clock (2026-01-05 12:00 UTC) that the test moves. */
export function gamesContext(
  database: Pick<Database, 'db'>,
  overrides: Partial<Omit<GamesContext, 'clock' | 'db'>> = {},
): TestGamesContext {
  return {
    db: database.db,
    clock: createTestClock(),
    publicUrl: TEST_PUBLIC_URL,
    mailDomain: TEST_MAIL_DOMAIN,
    serviceKey: TEST_SERVICE_KEY,
    mail: mailComposer,
    ...overrides,
  };
}

/**
 * A context with the system clock: for tests and benchmarks where other
 * processes (worker processes) share the database and must agree on the time.
 */
export function liveGamesContext(
  database: Pick<Database, 'db'>,
  overrides: Partial<Omit<GamesContext, 'db'>> = {},
): GamesContext {
  return {
    db: database.db,
    clock: systemClock,
    publicUrl: TEST_PUBLIC_URL,
    mailDomain: TEST_MAIL_DOMAIN,
    serviceKey: TEST_SERVICE_KEY,
    mail: mailComposer,
    ...overrides,
  };
}

/**
 * One tutorial duel (Black: alice@pbem.test, Grey: bob@pbem.test); turn 1 is
 * open. `tokens` holds each seat's secret token by side.
 */
export async function tutorialDuel(
  ctx: GamesContext,
  options: { id?: string; settings?: Record<string, unknown> } = {},
): Promise<CreatedGame & { tokens: Record<string, string> }> {
  const created = await createGame(ctx, {
    ...(options.id ? { id: options.id } : {}),
    name: 'Tutorial duel',
    scenario: 'tutorial-duel',
    settings: options.settings ?? {},
    seats: [
      { side: 'black', email: `alice@${TEST_MAIL_DOMAIN}`, name: 'Alice' },
      { side: 'grey', email: `bob@${TEST_MAIL_DOMAIN}`, name: 'Bob' },
    ],
  });
  return { ...created, tokens: Object.fromEntries(created.seats.map((s) => [s.side, s.token])) };
}

export type DuelSide = 'black' | 'grey';
export const DUEL_SIDES: readonly DuelSide[] = ['black', 'grey'];

/** A tutorial duel that has started: turn 1 is open. */
export interface Duel {
  readonly gameId: string;
  /** Each seat's secret token. */
  readonly tokens: Readonly<Record<DuelSide, string>>;
}

/**
 * Legal turn-1 orders of each side's ship (SPEED, plot, fire), checked
 * against the scenario's opening position; variant i picks one of them.
 */
const FIRST_TURN: Readonly<Record<DuelSide, { ship: string; enemy: string; moves: readonly string[] }>> = {
  black: {
    ship: 'Black',
    enemy: 'Grey',
    moves: [
      '0 MOVE 0',
      '1 MOVE 1',
      '1 MOVE R',
      '1 MOVE L',
      '2 MOVE 2',
      '2 MOVE 1R',
      '2 MOVE 1L',
      '2 MOVE R1',
      '2 MOVE L1',
      '3 MOVE 3',
      '3 MOVE 2R',
      '3 MOVE 2L',
      '3 MOVE 1R1',
      '3 MOVE 1L1',
      '3 MOVE R2',
      '3 MOVE L2',
    ],
  },
  grey: {
    ship: 'Grey',
    enemy: 'Black',
    moves: [
      '0 MOVE 0',
      '1 MOVE 1',
      '1 MOVE R',
      '1 MOVE L',
      '2 MOVE 2',
      '2 MOVE 1R',
      '2 MOVE 1L',
      '2 MOVE R1',
      '2 MOVE L1',
      '3 MOVE 3',
      '3 MOVE 2R',
      '3 MOVE 1R1',
    ],
  },
};
const FIRE_MODES = ['FIRE', 'HOLD', ''] as const;

/** How many different legal turn-1 orders duelOrders() gives for a side. */
export function duelOrderVariants(side: DuelSide): number {
  return FIRST_TURN[side].moves.length * FIRE_MODES.length;
}

/**
 * Whether the answer to orders sent again after an attempt whose answer was lost says the turn went on without them:
 * closed (being resolved), over, or no longer the open one (WRONG_TURN). The lost attempt committed, and its orders
 * completed the turn (orders alone commit with their store).
 */
export function turnWentOn(status: number, code: string | null | undefined, problems: readonly string[]): boolean {
  return (
    (status === 409 && (code === 'TURN_CLOSED' || code === 'TURN_OVER')) ||
    (status === 422 && code === 'ORDERS_REJECTED' && problems.includes('WRONG_TURN'))
  );
}

/**
 * Turn-1 orders in the orders language. Variant 0 is the book's tutorial move
 * (Black `2R`, Grey `1R1`, both firing), which brings the ships to range 3.
 */
export function duelOrders(gameId: string, side: DuelSide, variant = 0): string {
  const { ship, enemy, moves } = FIRST_TURN[side];
  const book = side === 'black' ? '3 MOVE 2R' : '3 MOVE 1R1';
  const list = [book, ...moves.filter((m) => m !== book)];
  const move = list[variant % list.length]!;
  const mode = FIRE_MODES[Math.floor(variant / list.length) % FIRE_MODES.length]!;
  const fire = mode === 'FIRE' ? ` FIRE ${enemy}` : mode === 'HOLD' ? ' HOLD' : '';
  return `GAME ${gameId} TURN 1\nSHIP ${ship} SPEED ${move}${fire}\nEND`;
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in the order of `items`. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

export interface CreateDuelsOptions {
  /** Game ids are `<prefix>-<n>`. */
  readonly prefix?: string;
  /** Settings over the scenario's, e.g. `{ turnHours: null }`. */
  readonly settings?: Record<string, unknown>;
  /** Games created at once. */
  readonly concurrency?: number;
}

/** Creates `count` tutorial duels through the createGame use case; turn 1 of each is open. */
export async function createDuels(ctx: GamesContext, count: number, options: CreateDuelsOptions = {}): Promise<Duel[]> {
  const { prefix = 'duel', settings = {}, concurrency = 8 } = options;
  return inParallel(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (i) => {
      const created = await createGame(ctx, {
        id: `${prefix}-${i + 1}`,
        name: `Duel ${i + 1}`,
        scenario: 'tutorial-duel',
        settings,
        seats: [
          { side: 'black', email: `black${i + 1}@${TEST_MAIL_DOMAIN}`, name: 'Black player' },
          { side: 'grey', email: `grey${i + 1}@${TEST_MAIL_DOMAIN}`, name: 'Grey player' },
        ],
      });
      const token = (side: DuelSide) => created.seats.find((s) => s.side === side)!.token;
      return { gameId: created.game.id, tokens: { black: token('black'), grey: token('grey') } };
    },
  );
}

/** One seat's turn-1 orders through the submitOrders use case (the API channel). */
export function submitDuelOrders(
  ctx: GamesContext,
  duel: Duel,
  side: DuelSide,
  variant = 0,
): Promise<SubmitOrdersResult> {
  return submitOrders(ctx, {
    gameId: duel.gameId,
    token: duel.tokens[side],
    text: duelOrders(duel.gameId, side, variant),
    channel: 'api',
  });
}

/**
 * Resolves a stored turn again, in this process, from what the database
 * holds of it before resolution: its position, its dice and the standing
 * submissions. A worker's result must be exactly this one.
 */
export async function reresolve(db: AppDatabase, turn: Turn): Promise<{ result: TurnResult; diceAfter: string }> {
  const standing = await db
    .select()
    .from(submissions)
    .where(
      and(eq(submissions.gameId, turn.gameId), eq(submissions.turn, turn.number), isNull(submissions.supersededAt)),
    );
  const orders = new Map<string, ShipOrders>();
  for (const sub of standing) for (const [id, o] of readOrders(sub.orders)) orders.set(id, o);
  const dice = SeededDice.fromState(turn.diceStateBefore);
  const result = resolveTurn(readPosition(turn.stateBefore), orders, dice);
  if (!result.ok)
    throw new Error(
      `turn ${turn.number} of ${turn.gameId} does not resolve again: ${result.error.map((e) => e.message).join('; ')}`,
    );
  return { result: result.value, diceAfter: dice.save() };
}

/** A game's seat row of `side`. */
export async function seatRow(db: AppDatabase, gameId: string, side: string): Promise<Seat> {
  const [row] = await db
    .select()
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.side, side)));
  return row!;
}

/** A game's turn row. */
export async function turnRow(db: AppDatabase, gameId: string, number: number): Promise<Turn | undefined> {
  const [row] = await db
    .select()
    .from(turns)
    .where(and(eq(turns.gameId, gameId), eq(turns.number, number)));
  return row;
}

/** A stored JSON document as it reads back (jsonb drops undefined fields and orders keys its own way). */
function asStored(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * What is wrong, if anything, with the claim "turn 1 of this duel resolved
 * exactly once, completely, and with the result this process computes from
 * the stored position, dice and standing orders": one resolved turn 1, one
 * open turn 2 continuing from it, the game moved on to it, one turn-2
 * report per seat in the outbox, at most one reminder per seat, and a seat that missed the turn counted and warned
 * once. An empty list: all is well.
 */
export async function resolvedOnceProblems(
  db: AppDatabase,
  gameId: string,
  /** Mail kinds the caller checks itself (e.g. the acceptances of orders sent by mail). */
  checkedElsewhere: readonly string[] = [],
): Promise<string[]> {
  const problems: string[] = [];
  const say = (p: string) => problems.push(`${gameId}: ${p}`);
  const rows = await db.select().from(turns).where(eq(turns.gameId, gameId));
  // The turns of play: turn 0, the setup (a duel's is settled at creation), is left out.
  const shape = rows
    .filter((t) => t.number > 0)
    .map((t) => `${t.number}:${t.status}`)
    .sort();
  if (shape.join(' ') !== '1:resolved 2:open') say(`turns are [${shape.join(' ')}], expected [1:resolved 2:open]`);
  const t1 = rows.find((t) => t.number === 1);
  const t2 = rows.find((t) => t.number === 2);
  if (!t1 || t1.status !== 'resolved') return problems;

  const { result, diceAfter } = await reresolve(db, t1);
  if (!isDeepStrictEqual(t1.events, asStored(result.events)))
    say('stored events differ from a re-resolution of the stored turn');
  const after = asStored(positionToJson({ ...result.position, solo: readPosition(t1.stateBefore).solo }));
  if (!isDeepStrictEqual(t1.stateAfter, after)) say('stored position after the turn differs from a re-resolution');
  if (t1.diceStateAfter !== diceAfter) say('stored dice after the turn differ from a re-resolution');
  if (!t1.resolvedAt) say('turn 1 has no resolved_at');

  if (t2) {
    if (!isDeepStrictEqual(t2.stateBefore, t1.stateAfter))
      say('turn 2 does not start from the position turn 1 ended in');
    if (t2.diceStateBefore !== t1.diceStateAfter) say('turn 2 does not start from the dice turn 1 ended with');
  }
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (game?.currentTurn !== 2) say(`the game is at turn ${game?.currentTurn}, expected 2`);
  if (!isDeepStrictEqual(game?.state, t1.stateAfter) || game?.diceState !== t1.diceStateAfter)
    say('the game does not hold the position and dice turn 1 ended with');

  const seatRows = await db.select().from(seats).where(eq(seats.gameId, gameId));
  const mail = await db.select().from(outbox).where(eq(outbox.gameId, gameId));
  const reports = mail.filter((m) => m.kind === 'turn-report');
  const perSeat = seatRows.map(
    (s) => reports.filter((m) => m.toAddress === s.email && m.subject.includes('Turn 2')).length,
  );
  if (reports.length !== seatRows.length || perSeat.some((n) => n !== 1))
    say(`${reports.length} turn-report mails (per seat: ${perSeat.join(', ')}), expected one turn-2 report per seat`);
  // A deadline close ahead sends seats still missing orders a reminder: once at most (several workers notwithstanding).
  const reminders = seatRows.map((s) => mail.filter((m) => m.kind === 'reminder' && m.toAddress === s.email).length);
  if (reminders.some((n) => n > 1)) say(`reminders per seat: ${reminders.join(', ')}, expected at most one`);
  // A seat that let turn 1's deadline pass without orders missed it: counted once, and warned once.
  const missedSides = (t1.missed ?? []).map((m) => m.side);
  for (const s of seatRows) {
    const missed = missedSides.includes(s.side);
    const warnings = mail.filter((m) => m.kind === 'missed-turn' && m.toAddress === s.email).length;
    if (s.missedTurns !== (missed ? 1 : 0) || warnings !== (missed ? 1 : 0))
      say(`${s.side}: ${s.missedTurns} missed turns and ${warnings} warnings, expected ${missed ? 1 : 0} of each`);
  }
  const expected = ['turn-report', 'game-start', 'reminder', 'missed-turn', ...checkedElsewhere];
  const others = mail.filter((m) => !expected.includes(m.kind));
  if (others.length > 0) say(`unexpected mail: ${others.map((m) => m.kind).join(', ')}`);
  return problems;
}

/** The AppError `promise` is refused with; a promise that resolves fails the test (so does another error). */
export async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}
