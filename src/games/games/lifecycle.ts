/**
 * The pieces of a game's life that several use cases share: which seats must
 * order, opening a turn, and writing to the audit log.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, games, seats, submissions, turns, type Game, type Seat, type Turn } from '../../db/schema.ts';
import { notifyStatement } from '../../db/notifications.ts';
import { HOUR } from '../clock.ts';
import { TURN_DUE_CHANNEL, type GamesContext, type Tx } from '../context.ts';
import type { GameSettings } from './settings.ts';
import { queueTurnReports } from '../turns/messages.ts';
import { kindOf } from '../../kinds/index.ts';
import { kindSettingsOf, settingsOf } from './state.ts';
import { isSetupTurn, setupHoursOf } from '../turns/kind-setup.ts';
import { nextReminderAt } from '../turns/reminders.ts';
import { deadlineWithAbsences, markOpenedTurn } from '../seats/absences.ts';

/**
 * Sides whose player must send orders this turn, by the game's rules, from its stored state document (or that
 * document already read by the kind: `read`). In a kind's setup phase (a game in setup with an open turn 0), every
 * seat that has not conceded sends its setup.
 */
export function sidesThatMustOrder(
  game: Pick<Game, 'ruleset'> & { readonly status?: Game['status']; readonly settings?: Game['settings'] },
  stateDoc: unknown,
  seatRows: readonly (Pick<Seat, 'side' | 'concededAt'> & { readonly ruledSince?: Date | null })[],
  read?: { readonly state: unknown },
): string[] {
  const kind = kindOf(game.ruleset);
  if (game.status === 'setup') {
    // In the setup phase, the seats whose sides set up (not those whose ships the scenario provides).
    const setting = game.settings ? kind.setup.sidesThatSetUp(kindSettingsOf(game as Pick<Game, 'settings'>)) : null;
    return [
      ...new Set(
        seatRows.filter((s) => s.concededAt === null && (setting?.includes(s.side) ?? true)).map((s) => s.side),
      ),
    ];
  }
  // A side the rules have taken over from a player who kept missing turns (missed.ts) waits for nobody's orders.
  return kind.sidesThatMustOrder(
    read ? read.state : kind.readState(stateDoc),
    seatRows.filter((s) => !s.ruledSince),
  );
}

export function deadlineFor(settings: Pick<GameSettings, 'turnHours'>, from: Date): Date | null {
  return settings.turnHours === null ? null : new Date(from.getTime() + settings.turnHours * HOUR);
}

/**
 * Opens turn `number` from `position`: its deadline and when its first
 * reminder falls due, and — when nobody needs to order (every side solo) —
 * due at once. Queues every seat's report.
 */
export async function openTurn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  number: number,
  stateDoc: unknown,
  diceState: string,
  known: KnownAtOpening = {},
): Promise<void> {
  const opening = await prepareTurn(ctx, tx, game, number, stateDoc, diceState, known);
  const [turn] = await tx.insert(turns).values(opening.row).returning();
  opening.reportOn.turn = turn!;
  await finishOpening(tx, opening);
  if (opening.reports) await queueTurnReports(ctx, tx, game.id, number, opening.reportOn);
}

/**
 * What the caller of openTurn or prepareTurn knows already: the game's seats, when its transaction has read them;
 * `absences: false` when it knows the game has no active absence (read while it held the game's unresolved turn, which
 * a new absence locks too).
 */
export interface KnownAtOpening {
  readonly seats?: Seat[];
  readonly absences?: false;
}

/** A turn about to open (prepareTurn): its row, to write, and what follows once it is written (finishOpening). */
export interface TurnOpening {
  readonly game: Game;
  readonly row: typeof turns.$inferInsert;
  /** The deadline before and after the absences moved it. */
  readonly plain: Date | null;
  readonly deadline: Date | null;
  /** Nobody orders: the turn is due at once. */
  readonly dueAtOnce: boolean;
  /** Whether the turn's opening sends reports (not a kind's setup turn: its mail is the invitation). */
  readonly reports: boolean;
  /** What the turn's reports are made from (queueTurnReports): its row is set here once written. */
  readonly reportOn: { game: Game; turn?: Turn; seats: Seat[]; standing: [] };
}

/** The row of turn `number`, about to open (openTurn): its deadline (absences applied) and first reminder. */
export async function prepareTurn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  number: number,
  stateDoc: unknown,
  diceState: string,
  known: KnownAtOpening = {},
): Promise<TurnOpening> {
  const now = ctx.clock.now();
  const settings = settingsOf(game);
  const seatRows = known.seats ?? (await tx.select().from(seats).where(eq(seats.gameId, game.id)));
  const must = sidesThatMustOrder(game, stateDoc, seatRows);
  const paused = game.status === 'paused';
  // A kind's setup phase (turn 0) runs to the setup deadline; its mail is the invitation.
  const setup = isSetupTurn(game, number);
  // A deadline inside a seat's absence moves to its end (absences.ts).
  const plain = paused
    ? null
    : setup
      ? deadlineFor({ turnHours: setupHoursOf(game) }, now)
      : deadlineFor(settings, now);
  const deadline = known.absences === false ? plain : await deadlineWithAbsences(tx, game.id, plain);
  const opened = {
    number,
    status: 'open' as const,
    deadline,
    dueAt: must.length === 0 ? now : null,
    remindersSent: [] as string[],
  };
  const row = {
    ...opened,
    gameId: game.id,
    openedAt: now,
    nextReminderAt: nextReminderAt(game, opened),
    stateBefore: stateDoc,
    diceStateBefore: diceState,
  };
  // A turn row just written has no orders yet: submissions refer to an existing turn.
  const reportOn: TurnOpening['reportOn'] = { game, seats: seatRows, standing: [] };
  return { game, row, plain, deadline, dueAtOnce: must.length === 0, reports: !setup, reportOn };
}

/** Once a turn's row is written: the absences that moved its deadline marked, the workers woken if it is due. */
export async function finishOpening(tx: Tx, o: TurnOpening): Promise<void> {
  await markOpenedTurn(tx, o.game.id, o.row.number, o.plain, o.deadline);
  if (o.dueAtOnce) await tx.execute(notifyStatement(TURN_DUE_CHANNEL, o.game.id));
}

/**
 * After a submission or a concession: if every seat that must order has
 * standing orders, the turn is due now, and the workers are woken.
 */
export async function markDueIfComplete(
  ctx: GamesContext,
  tx: Tx,
  game: Pick<Game, 'id' | 'ruleset'>,
  turn: number,
  stateDoc: unknown,
): Promise<boolean> {
  const gameId = game.id;
  const seatRows = await tx.select().from(seats).where(eq(seats.gameId, gameId));
  const must = sidesThatMustOrder(game, stateDoc, seatRows);
  const standing = await tx
    .select({ seatId: submissions.seatId })
    .from(submissions)
    .where(and(eq(submissions.gameId, gameId), eq(submissions.turn, turn), isNull(submissions.supersededAt)));
  const inSides = new Set(standing.map((s) => seatRows.find((r) => r.id === s.seatId)?.side));
  const complete = must.every((side) => inSides.has(side));
  if (complete) await markDue(ctx, tx, gameId, turn);
  return complete;
}

/**
 * The turn is due now (every side is in: no reminder is left to send); the workers are woken when the transaction
 * commits. One round trip.
 */
export async function markDue(ctx: GamesContext, tx: Tx, gameId: string, turn: number): Promise<void> {
  await tx.execute(sql`
    with due as (
      update ${turns} set due_at = ${ctx.clock.now().toISOString()}::timestamptz, next_reminder_at = null
      where game_id = ${gameId} and number = ${turn} and status = 'open' and due_at is null
      returning 1
    )
    select pg_notify(${TURN_DUE_CHANNEL}, ${gameId})`);
}

export async function audit(
  ctx: Pick<GamesContext, 'clock'>,
  tx: Tx,
  entry: { gameId: string; actor: string; action: string; reason?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({
    gameId: entry.gameId,
    actor: entry.actor,
    action: entry.action,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    at: ctx.clock.now(),
  });
}

/** Bumps a game's version and updated_at along with `changes`. */
export async function updateGame(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  changes: Partial<Omit<Game, 'id' | 'version'>>,
): Promise<void> {
  await tx
    .update(games)
    .set({ ...changes, updatedAt: ctx.clock.now(), version: game.version + 1 })
    .where(eq(games.id, game.id));
}
