/**
 * The turn queue: a turn is due when every seat that must order is in, or at
 * its deadline. A worker claims one due turn with FOR UPDATE SKIP LOCKED and
 * resolves it in one transaction — results, the next turn and its reports, or
 * the end of the game — so a turn resolves exactly once and a crash at any
 * point leaves nothing half written.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  absences,
  games,
  seats,
  submissions,
  turnFallsDueAt,
  turns,
  type Game,
  type Seat,
  type Submission,
  type Turn,
} from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import type { ResolveOutput } from '../../kinds/kind.ts';
import { awaitBattles, recordBattleEnd } from '../battles/battles.ts';
import { SeededDice } from '../../rules/dice.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { audit, deadlineFor, openTurn, prepareTurn, sidesThatMustOrder, updateGame } from '../games/lifecycle.ts';
import { BatchWrites } from './batch-writes.ts';
import { isSetupTurn, settleSetup, SETUP_TURN } from './kind-setup.ts';
import { deferTurnReports, queueGameEnd, queueReminder, queueTurnReports, writeTurnReports } from './messages.ts';
import { dueReminderLabels, nextReminderAt } from './reminders.ts';
import { recordMissedTurn } from './missed.ts';
import { sideName } from '../games/settings.ts';
import { settingsOf } from '../games/state.ts';

export interface ResolvedTurn {
  readonly gameId: string;
  readonly turn: number;
  readonly gameOver: boolean;
}

/**
 * Whether a turn's game is in play, for the claim: active, or in a kind's setup phase (turn 0) — never paused or over.
 * A scalar subquery rather than a join, so that the claim walks turns_queue_idx in order and stops at its LIMIT: with a
 * join the planner reads, joins and sorts every due turn on each claim (4 ms a claim with 1,500 turns due at once).
 */
const inPlay = sql`(select ${games.status} = 'active' or (${games.status} = 'setup' and ${turns.number} = ${SETUP_TURN}) from ${games} where ${games.id} = ${turns.gameId})`;

/** How many due turns a worker claims and resolves in one transaction at most (resolveDueTurns). */
export const TURN_BATCH = 8;

/** Claims (locks) up to `limit` due turns, those that fell due first, skipping turns another transaction holds. */
async function claimDue(ctx: GamesContext, tx: Tx, limit: number, onlyGame?: string): Promise<Turn[]> {
  return tx
    .select()
    .from(turns)
    .where(
      and(
        eq(turns.status, 'open'),
        lte(turnFallsDueAt, ctx.clock.now()),
        onlyGame ? eq(turns.gameId, onlyGame) : undefined,
        inPlay,
      ),
    )
    .orderBy(asc(turnFallsDueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims and resolves up to `limit` due turns, those that fell due first (of one game, if given), in one transaction:
 * all of them are resolved or none (a crash or an error half way writes nothing), each exactly once. Empty when none
 * is due. One transaction for several turns spends one claim, one commit and one WAL flush on all of them. Once
 * `stopping` aborts it resolves no further turn of the batch, and commits those it has.
 */
export async function resolveDueTurns(
  ctx: GamesContext,
  limit: number = TURN_BATCH,
  options: { onlyGame?: string; stopping?: AbortSignal } = {},
): Promise<ResolvedTurn[]> {
  const { onlyGame, stopping } = options;
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimDue(ctx, tx, limit, onlyGame);
    if (claimed.length === 0) return [];
    const batch = await loadBatch(tx, claimed);
    // The batch's turn reports are rendered and written together at its end (messages.ts), and so are its turns and
    // games, where a turn resolves and the next opens (batch-writes.ts).
    deferTurnReports(tx);
    const writes = new BatchWrites();
    const resolved: ResolvedTurn[] = [];
    for (const turn of claimed) {
      if (resolved.length > 0) {
        // Lets the event loop in between the batch's turns (PGlite runs in this thread: a signal would wait for the
        // whole batch). Told to stop, it commits the turns it has; the others stay due, for the next worker.
        await new Promise((resolve) => setImmediate(resolve));
        if (stopping?.aborted) break;
      }
      resolved.push(await resolveClaimed(ctx, tx, batch.game(turn.gameId), turn, batch.of(turn), writes));
    }
    await writes.flush(tx);
    await writeTurnReports(ctx, tx);
    return resolved;
  });
}

/** What resolving a claimed turn reads: its game's seats and the orders standing for it. */
interface ClaimedRows {
  readonly seats: Seat[];
  readonly standing: Submission[];
  /** False when the game has no active absence: its next deadline is moved by none (openTurn need not look). */
  readonly absences?: false;
}

/**
 * The claimed turns' games (locked: turn rows first, then the game's, the lock order every writer of a turn follows),
 * their seats, their standing orders and which of them have an active absence: four statements for the whole batch.
 * (An absence is declared with its game's unresolved turn locked: none comes or goes while the batch holds the turns.)
 */
async function loadBatch(tx: Tx, claimed: readonly Turn[]) {
  const ids = claimed.map((t) => t.gameId);
  const gameRows = await tx.select().from(games).where(inArray(games.id, ids)).orderBy(asc(games.id)).for('update');
  const seatRows = await tx.select().from(seats).where(inArray(seats.gameId, ids)).orderBy(asc(seats.side));
  // By game and turn number (submissions_standing_idx); a pair of one game's id with another's number is dropped below.
  const standing = await tx
    .select()
    .from(submissions)
    .where(
      and(
        inArray(submissions.gameId, ids),
        inArray(submissions.turn, [...new Set(claimed.map((t) => t.number))]),
        isNull(submissions.supersededAt),
      ),
    );
  const absent = new Set(
    (
      await tx
        .selectDistinct({ gameId: absences.gameId })
        .from(absences)
        .where(and(inArray(absences.gameId, ids), eq(absences.status, 'active')))
    ).map((a) => a.gameId),
  );
  return {
    game(id: string): Game {
      const game = gameRows.find((g) => g.id === id);
      if (!game) throw new Error(`turn claimed for game ${id}, which has no row`);
      return game;
    },
    of(turn: Turn): ClaimedRows {
      return {
        seats: seatRows.filter((s) => s.gameId === turn.gameId),
        standing: standing.filter((s) => s.gameId === turn.gameId && s.turn === turn.number),
        ...(absent.has(turn.gameId) ? {} : { absences: false as const }),
      };
    },
  };
}

/** Claims and resolves the due turn that fell due first (of one game, if given). Null when none is due. */
export async function resolveNextDueTurn(ctx: GamesContext, onlyGame?: string): Promise<ResolvedTurn | null> {
  const [resolved] = await resolveDueTurns(ctx, 1, onlyGame === undefined ? {} : { onlyGame });
  return resolved ?? null;
}

/** Resolves a claimed, locked turn (the caller holds the turn's and the game's row locks). */
async function resolveClaimed(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turn: Turn,
  { seats: seatRows, standing, absences: absent }: ClaimedRows,
  writes: BatchWrites,
): Promise<ResolvedTurn> {
  const settings = settingsOf(game);
  const kind = kindOf(game.ruleset);
  if (isSetupTurn(game, turn.number)) return finishSetupTurn(ctx, tx, game, turn, seatRows, standing);

  const orders = new Map<string, unknown>();
  for (const sub of standing) {
    const seat = seatRows.find((s) => s.id === sub.seatId);
    // A side the rules have taken over (missed.ts) is theirs to play, whatever its old player sent.
    if (!seat || seat.concededAt || seat.ruledSince) continue;
    orders.set(seat.side, kind.readOrders(sub.orders));
  }
  const must = sidesThatMustOrder(game, turn.stateBefore, seatRows);
  const missing = must.filter((side) => !orders.has(side));
  const ruled = seatRows.filter((s) => s.ruledSince && !s.concededAt).map((s) => s.side);
  const dice = SeededDice.fromState(turn.diceStateBefore);
  const result = kind.resolve({
    state: kind.readState(turn.stateBefore),
    orders,
    missing,
    noOrders: settings.noOrders,
    ...(ruled.length > 0 ? { ruled } : {}),
    dice,
  });
  if (!result.ok)
    throw new Error(
      `turn ${turn.number} of ${game.id} cannot be resolved: ${result.error.map((e) => e.message).join('; ')}`,
    );
  const r = result.value;
  if (r.dropped.length > 0) {
    // Orders were checked when they came in; only a moderator's change since can make them illegal.
    ctx.logger?.warn(
      { gameId: game.id, turn: turn.number, errors: r.dropped },
      'stored orders no longer legal; those pieces followed the no-orders policy',
    );
  }
  const diceAfter = dice.save();

  await ctx.hooks?.insideResolution?.(game.id, turn.number);
  // Each side that sent nothing by the deadline has missed the turn, counted here once: the turn resolves once.
  const seatsNow = await recordMissedTurn(ctx, tx, game, turn, seatRows, must, new Set(orders.keys()), {
    gameOver: r.gameOver,
    // The next turn opens now, unless the turn waits for its linked battles.
    ...(r.pending ? {} : { nextDeadline: deadlineFor(settings, ctx.clock.now()) }),
  });

  // A kind whose battles are fought as linked games stops the turn for them; it resolves when they have all ended.
  if (r.pending) {
    await awaitBattles(ctx, tx, game, turn, r, diceAfter);
    return { gameId: game.id, turn: turn.number, gameOver: false };
  }
  return storeResolvedTurn(ctx, tx, game, turn, r, diceAfter, seatsNow, {
    writes,
    ...(absent === false ? { absences: false } : {}),
  });
}

/**
 * Stores a resolved turn and what follows from it, in the caller's transaction (which holds the turn's and the game's
 * row locks): the turn's results, then the end of the game with its report, or the next turn with its reports. The
 * turn queue's resolutions and a turn finished from its linked battles both end here. A linked battle that ends
 * records its outcome with its campaign turn.
 */
export async function storeResolvedTurn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turn: Pick<Turn, 'number'>,
  r: ResolveOutput<unknown>,
  diceAfter: string,
  /** The game's seats, when the caller's transaction has read them already. */
  seatRows?: Seat[],
  /**
   * `absences: false`: the caller knows the game has no active absence (openTurn). `writes`: the caller's batch, which
   * writes the turn, the game and the next turn at its end (batch-writes.ts) when the game goes on.
   */
  known: { absences?: false; writes?: BatchWrites } = {},
): Promise<ResolvedTurn> {
  const settings = settingsOf(game);
  const after = kindOf(game.ruleset).writeState(r.state);
  // The game as it goes on to its next turn.
  const next = { ...game, state: after, diceState: diceAfter, currentTurn: turn.number + 1, version: game.version + 1 };
  if (known.writes && !r.gameOver && r.ordersUsed !== undefined) {
    const now = ctx.clock.now();
    const opening = await prepareTurn(ctx, tx, next, turn.number + 1, after, diceAfter, {
      ...(seatRows ? { seats: seatRows } : {}),
      ...(known.absences === false ? { absences: false } : {}),
    });
    known.writes.add(
      {
        gameId: game.id,
        number: turn.number,
        resolvedAt: now,
        ordersUsed: r.ordersUsed,
        events: [...r.events],
        stateAfter: after,
        diceStateAfter: diceAfter,
      },
      {
        id: game.id,
        state: after,
        diceState: diceAfter,
        currentTurn: turn.number + 1,
        updatedAt: now,
        version: game.version + 1,
      },
      opening,
    );
    // Queued now, in the order the batch's turns open; rendered at its end, once the new turn's row is written.
    if (opening.reports) await queueTurnReports(ctx, tx, game.id, turn.number + 1, opening.reportOn);
    return { gameId: game.id, turn: turn.number, gameOver: false };
  }
  await tx
    .update(turns)
    .set({
      status: 'resolved',
      resolvedAt: ctx.clock.now(),
      nextReminderAt: null,
      ordersUsed: r.ordersUsed,
      events: [...r.events],
      stateAfter: after,
      diceStateAfter: diceAfter,
    })
    .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));

  if (r.gameOver) {
    const summary = r.winner === 'draw' || r.winner === null ? 'a draw' : `${sideName(settings, r.winner)} wins`;
    await updateGame(ctx, tx, game, {
      status: 'finished',
      state: after,
      diceState: diceAfter,
      winner: r.winner,
      result: { winner: r.winner, reason: r.reason, turn: turn.number, summary },
    });
    await queueGameEnd(ctx, tx, game, summary, r.events);
    await recordBattleEnd(ctx, tx, game.id, after);
  } else {
    await updateGame(ctx, tx, game, { state: after, diceState: diceAfter, currentTurn: turn.number + 1 });
    await openTurn(ctx, tx, next, turn.number + 1, after, diceAfter, {
      ...(seatRows ? { seats: seatRows } : {}),
      ...known,
    });
  }
  return { gameId: game.id, turn: turn.number, gameOver: r.gameOver };
}

/**
 * Settles the game's setup turn (turn 0) now, as the queue would once it fell due, when every seat that sets up has
 * its setup in — at once when no seat has anything to set up (a scenario that provides every fleet). Returns the game
 * as it then stands.
 */
export async function settleSetupIfComplete(ctx: GamesContext, tx: Tx, game: Game): Promise<Game> {
  const [turn] = await tx
    .select()
    .from(turns)
    .where(and(eq(turns.gameId, game.id), eq(turns.number, SETUP_TURN), eq(turns.status, 'open')))
    .for('update');
  if (!turn || game.status !== 'setup') return game;
  const seatRows = await createSeatsRepository(tx).ofGame(game.id);
  const standing = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.gameId, game.id), eq(submissions.turn, SETUP_TURN), isNull(submissions.supersededAt)));
  const inSides = new Set(standing.map((sub) => seatRows.find((s) => s.id === sub.seatId)?.side));
  if (!sidesThatMustOrder(game, turn.stateBefore, seatRows).every((side) => inSides.has(side))) return game;
  await finishSetupTurn(ctx, tx, game, turn, seatRows, standing);
  const [after] = await tx.select().from(games).where(eq(games.id, game.id));
  return after!;
}

/** Resolves a kind's setup phase (turn 0): every side's setup or its default, and turn 1 opens. */
async function finishSetupTurn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turn: Turn,
  seatRows: readonly Seat[],
  standing: readonly Submission[],
): Promise<ResolvedTurn> {
  const setup = kindOf(game.ruleset).setup;
  const setups = new Map<string, unknown>();
  for (const sub of standing) {
    const seat = seatRows.find((s) => s.id === sub.seatId);
    if (seat && !seat.concededAt) setups.set(seat.side, setup.readSetup(sub.orders));
  }
  const settled = settleSetup(game, turn, setups);
  await ctx.hooks?.insideResolution?.(game.id, turn.number);
  await tx
    .update(turns)
    .set({
      status: 'resolved',
      resolvedAt: ctx.clock.now(),
      nextReminderAt: null,
      ordersUsed: settled.ordersUsed,
      events: [],
      stateAfter: settled.stateDoc,
      diceStateAfter: turn.diceStateBefore,
    })
    .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));
  // A side whose setup the deadline defaulted has missed a turn too.
  const mustSetUp = sidesThatMustOrder(game, turn.stateBefore, seatRows);
  await recordMissedTurn(ctx, tx, game, turn, [...seatRows], mustSetUp, new Set(setups.keys()), {
    nextDeadline: deadlineFor(settingsOf(game), ctx.clock.now()),
  });
  // A side that conceded during setup (rules: "a side may concede at any time") ends the game before turn 1.
  const kind = kindOf(game.ruleset);
  const inPlay = kind.sidesInPlay(kind.readState(settled.stateDoc));
  if (inPlay.length < 2) {
    const winner = inPlay.length === 1 ? inPlay[0]! : 'draw';
    const summary = winner === 'draw' ? 'a draw' : `${sideName(settingsOf(game), winner)} wins`;
    await updateGame(ctx, tx, game, {
      status: 'finished',
      state: settled.stateDoc,
      winner,
      result: { winner, reason: 'conceded', turn: turn.number, summary },
    });
    await queueGameEnd(ctx, tx, game, summary, []);
    return { gameId: game.id, turn: turn.number, gameOver: true };
  }
  const started: Game = {
    ...game,
    status: 'active',
    state: settled.stateDoc,
    currentTurn: 1,
    version: game.version + 1,
  };
  await updateGame(ctx, tx, game, { status: 'active', state: settled.stateDoc, currentTurn: 1 });
  await openTurn(ctx, tx, started, 1, settled.stateDoc, turn.diceStateBefore);
  await audit(ctx, tx, {
    gameId: game.id,
    actor: 'system',
    action: 'start',
    details: { defaulted: settled.defaulted },
  });
  return { gameId: game.id, turn: turn.number, gameOver: false };
}

/** How many turns one transaction of the reminder pass claims at most. */
const REMINDER_BATCH = 100;

/**
 * Sends each reminder (e.g. 24 h and 2 h before the deadline) once to every seat still missing orders; returns how
 * many mails it queued. It claims only the turns whose next reminder is due (turns_reminder_idx), a bounded batch per
 * transaction, skipping those another worker or a submission holds: an idle pass reads an empty index range and writes
 * nothing.
 */
export async function sendDueReminders(ctx: GamesContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await sendReminderBatch(ctx);
    sent += batch.sent;
    // Each claimed turn's next reminder has moved past now (or is gone), so the loop ends.
    if (batch.claimed < REMINDER_BATCH) return sent;
    // A backlog (the service was down) lets the event loop in between batches: PGlite runs in this thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function sendReminderBatch(ctx: GamesContext): Promise<{ claimed: number; sent: number }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const due = await tx
      .select({ turn: turns, game: games })
      .from(turns)
      .innerJoin(games, eq(games.id, turns.gameId))
      .where(lte(turns.nextReminderAt, now))
      .orderBy(asc(turns.nextReminderAt))
      .limit(REMINDER_BATCH)
      .for('update', { of: turns, skipLocked: true });
    let sent = 0;
    for (const { turn, game } of due) {
      const dueLabels = dueReminderLabels(game, turn, now);
      if (dueLabels.length > 0) {
        const seatRows = await createSeatsRepository(tx).ofGame(game.id);
        const standing = await tx
          .select({ seatId: submissions.seatId })
          .from(submissions)
          .where(
            and(eq(submissions.gameId, game.id), eq(submissions.turn, turn.number), isNull(submissions.supersededAt)),
          );
        const must = new Set(sidesThatMustOrder(game, turn.stateBefore, seatRows));
        for (const seat of seatRows) {
          if (!must.has(seat.side) || standing.some((s) => s.seatId === seat.id)) continue;
          // Several reminders falling due at once (a late start) make one mail.
          await queueReminder(ctx, tx, { game, turn, seat, labels: dueLabels });
          sent += 1;
        }
      }
      const remindersSent = [...turn.remindersSent, ...dueLabels];
      // Past the deadline no reminder goes any more; a turn no longer waiting for orders has none to come.
      const next = turn.deadline && turn.deadline > now ? nextReminderAt(game, { ...turn, remindersSent }) : null;
      await tx
        .update(turns)
        .set({ remindersSent, nextReminderAt: next })
        .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));
    }
    return { claimed: due.length, sent };
  });
}
