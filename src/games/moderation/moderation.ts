/**
 * What a moderator may do to a running game. Every action checks the game's
 * moderator key and goes to the audit log with who, when and why.
 */
import { z } from 'zod';
import { and, eq, gte, isNotNull, ne } from 'drizzle-orm';
import { type Absence, battles, type Game, observers, type Seat, seats, turns } from '../../db/schema.ts';
import { deadlineWithAbsences, markOpenedTurn, refuseAbsenceIn } from '../seats/absences.ts';
import { abandonOpenBattles, lockOpenBattles, recordBattleEnd } from '../battles/battles.ts';
import { battleOfGame } from '../battles/links.ts';
import { notifyStatement } from '../../db/notifications.ts';
import { kindOf } from '../../kinds/index.ts';
import { createTurnsRepository } from '../turns/turns.repository.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository, seatNotFound } from '../seats/seats.repository.ts';
import { TURN_DUE_CHANNEL, type GamesContext, type Tx } from '../context.ts';
import { badRequest, conflict, forbidden, invalid, notFound, unauthorized } from '../errors.ts';
import { seatInputSchema, timeZoneSchema, zodProblems } from '../games/create.ts';
import { queueInvitation } from '../seats/invitations.ts';
import { audit, deadlineFor, updateGame } from '../games/lifecycle.ts';
import { queueGameEnd, queueTurnReports } from '../turns/messages.ts';
import { queueClockNotices } from './notices.ts';
import { seatToken, secretMatches, sha256Hex } from '../secrets.ts';
import { gameSettingsSchema, sideName } from '../games/settings.ts';
import { uncountMissedTurn } from '../turns/missed.ts';
import { isOver, settingsOf } from '../games/state.ts';
import { isSetupTurn } from '../turns/kind-setup.ts';
import { nextReminderAt } from '../turns/reminders.ts';
import { moveDeadline } from '../turns/deadline.ts';
import { resolveNextDueTurn, type ResolvedTurn } from '../turns/resolution.ts';
import { concedeSeat, lockOpenTurn } from '../turns/orders.ts';

/**
 * Who acts on a game as its moderator: a holder of the game's moderator key,
 * or the operator at the service's own command line (who has the database
 * itself in hand, so a key would prove nothing).
 */
export type Moderator =
  | { readonly gameId: string; readonly key: string; readonly actor?: string }
  | { readonly gameId: string; readonly operator: true; readonly actor?: string }
  /** A web session whose address is the game's moderator address (games.moderator_email). */
  | { readonly gameId: string; readonly email: string; readonly actor?: string };

/** The game's row locked for its moderator `m` (NOT_MODERATOR, BAD_MODERATOR_KEY otherwise). */
export async function lockModeratedGame(tx: Tx, m: Moderator): Promise<Game> {
  return lockGame(tx, m);
}

async function lockGame(tx: Tx, m: Moderator): Promise<Game> {
  // Locks are always taken turn first, then game — the order the turn queue takes them in — so the two never deadlock.
  await createTurnsRepository(tx).lockUnresolved(m.gameId);
  const game = await createGamesRepository(tx).byId(m.gameId, { forUpdate: true });
  if ('email' in m) {
    if (game.moderatorEmail === null || game.moderatorEmail !== m.email.trim().toLowerCase())
      throw forbidden('NOT_MODERATOR', `you are not the moderator of game ${m.gameId}`);
  } else if (!('operator' in m) && !secretMatches(m.key, game.moderatorTokenHash)) {
    throw unauthorized('BAD_MODERATOR_KEY', `that is not the moderator key of game ${m.gameId}`);
  }
  return game;
}

/** Checks a moderator key without changing anything. */
export async function checkModerator(ctx: GamesContext, m: Moderator): Promise<Game> {
  return ctx.db.transaction((tx) => lockGame(tx, m));
}

async function openTurnOf(tx: Tx, game: Game) {
  const turn = await createTurnsRepository(tx).find(game.id, game.currentTurn, { forUpdate: true });
  return turn?.status === 'open' ? turn : null;
}

async function seatOfSide(tx: Tx, gameId: string, side: string): Promise<Seat> {
  const seat = await createSeatsRepository(tx).bySide(gameId, side);
  if (!seat) throw seatNotFound(gameId, side);
  return seat;
}

/**
 * A seat's next token. Its issue time is now, but always later than the last
 * one's, so the derived token always changes.
 */
function nextSeatToken(ctx: GamesContext, seat: Seat): { token: string; issuedAt: Date } {
  const issuedAt = new Date(Math.max(ctx.clock.now().getTime(), seat.tokenRotatedAt.getTime() + 1));
  return { token: seatToken(ctx.serviceKey, seat.id, issuedAt), issuedAt };
}

export const actorOf = (m: Moderator) =>
  'operator' in m
    ? `operator:${m.actor ?? 'cli'}`
    : 'email' in m
      ? `moderator:${m.actor ?? `web:${m.email}`}`
      : `moderator:${m.actor ?? 'key'}`;

export async function pause(ctx: GamesContext, m: Moderator, reason: string | null = null): Promise<Game> {
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    if (game.status !== 'active')
      throw conflict('NOT_ACTIVE', `game ${game.id} is ${game.status}: only an active game can be paused`);
    await updateGame(ctx, tx, game, { status: 'paused', pausedAt: ctx.clock.now() });
    // No reminder while paused; resuming sets the next one from the moved deadline.
    await tx
      .update(turns)
      .set({ nextReminderAt: null })
      .where(and(eq(turns.gameId, game.id), eq(turns.status, 'open'), isNotNull(turns.nextReminderAt)));
    await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'pause', reason });
    await queueClockNotices(ctx, tx, game, { kind: 'pause' }, reason);
    return { ...game, status: 'paused' as const };
  });
}

/** Resumes a paused game; the open turn's deadline moves on by the time spent paused. */
export async function resume(ctx: GamesContext, m: Moderator, reason: string | null = null): Promise<Game> {
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    if (game.status !== 'paused') throw conflict('NOT_PAUSED', `game ${game.id} is ${game.status}, not paused`);
    const now = ctx.clock.now();
    const turn = await openTurnOf(tx, game);
    let deadline = turn?.deadline ?? null;
    if (turn?.deadline && game.pausedAt) {
      deadline = new Date(turn.deadline.getTime() + (now.getTime() - game.pausedAt.getTime()));
    } else if (turn && !turn.deadline && game.pausedAt && turn.openedAt >= game.pausedAt) {
      // A turn that opened while the game was paused (its battles ended meanwhile) gets its full time from now.
      deadline = deadlineFor(settingsOf(game), now);
    }
    // A deadline the pause pushed inside a seat's absence moves to its end, as a turn opening does.
    const plain = deadline;
    deadline = await deadlineWithAbsences(tx, game.id, deadline);
    if (turn) await markOpenedTurn(tx, game.id, turn.number, plain, deadline);
    if (turn) {
      const next = nextReminderAt({ ...game, status: 'active' }, { ...turn, deadline });
      if (deadline !== turn.deadline || next?.getTime() !== turn.nextReminderAt?.getTime())
        await tx
          .update(turns)
          .set({ deadline, nextReminderAt: next })
          .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));
    }
    await updateGame(ctx, tx, game, { status: 'active', pausedAt: null });
    await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'resume', reason });
    await queueClockNotices(ctx, tx, game, { kind: 'resume', deadline }, reason);
    if (turn?.dueAt) await tx.execute(notifyStatement(TURN_DUE_CHANNEL, game.id));
    return { ...game, status: 'active' as const, pausedAt: null };
  });
}

/** How far ahead a moderator may set a turn's deadline; a game that must wait longer has none. */
export const MAX_DEADLINE_DAYS = 366;

/** Sets the open turn's deadline (null: none), e.g. to extend it. */
export async function setDeadline(
  ctx: GamesContext,
  m: Moderator,
  deadline: Date | null,
  reason: string | null = null,
): Promise<Date | null> {
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    const turn = await openTurnOf(tx, game);
    if (!turn) throw conflict('NO_OPEN_TURN', `game ${game.id} has no open turn`);
    if (deadline && deadline.getTime() <= ctx.clock.now().getTime()) {
      throw invalid('DEADLINE_PAST', 'the new deadline is in the past: to resolve now, use resolve');
    }
    if (deadline && deadline.getTime() - ctx.clock.now().getTime() > MAX_DEADLINE_DAYS * 86_400_000) {
      throw invalid(
        'DEADLINE_TOO_FAR',
        `a deadline is at most ${MAX_DEADLINE_DAYS} days ahead: choose an earlier one, or no deadline at all`,
      );
    }
    // Every reminder goes again before the new deadline.
    await moveDeadline(tx, game, turn, deadline);
    await audit(ctx, tx, {
      gameId: game.id,
      actor: actorOf(m),
      action: 'deadline',
      reason,
      details: { turn: turn.number, from: turn.deadline?.toISOString() ?? null, to: deadline?.toISOString() ?? null },
    });
    await queueClockNotices(ctx, tx, game, { kind: 'deadline', turn: turn.number, deadline }, reason);
    return deadline;
  });
}

/**
 * Refuses a seat's absence: it no longer counts, the deadline it moved is put back (if its turn is still open) and
 * every seat is told, the reason with it (absences.ts).
 */
export async function refuseAbsence(
  ctx: GamesContext,
  m: Moderator,
  absenceId: number,
  reason: string | null = null,
): Promise<Absence> {
  if (!Number.isSafeInteger(absenceId) || absenceId < 1)
    throw invalid('ABSENCE_NOT_FOUND', 'an absence is named by its number, as the moderator page lists it');
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    return refuseAbsenceIn({ ...ctx, db: tx }, tx, game, absenceId, reason, actorOf(m));
  });
}

/** Extends the open turn's deadline by some hours (from now if it has none). */
export async function extendDeadline(
  ctx: GamesContext,
  m: Moderator,
  hours: number,
  reason: string | null = null,
): Promise<Date | null> {
  if (!(hours > 0 && hours <= 24 * 60)) throw invalid('BAD_HOURS', 'extend by more than 0 and at most 1440 hours');
  const game = await checkModerator(ctx, m);
  const turn = await createTurnsRepository(ctx.db).find(game.id, game.currentTurn);
  const from = turn?.deadline ?? ctx.clock.now();
  return setDeadline(ctx, m, new Date(from.getTime() + hours * 3_600_000), reason);
}

/** Resolves the open turn now: seats without orders get the no-orders policy. */
export async function resolveNow(
  ctx: GamesContext,
  m: Moderator,
  reason: string | null = null,
): Promise<ResolvedTurn | null> {
  await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    // A kind's setup phase (turn 0) can be closed now too: sides without a setup get the default.
    const setupTurn = game.status === 'setup' && isSetupTurn(game, game.currentTurn);
    if (game.status !== 'active' && !setupTurn)
      throw conflict('NOT_ACTIVE', `game ${game.id} is ${game.status}: resume it first`);
    const turn = await openTurnOf(tx, game);
    if (!turn) throw conflict('NO_OPEN_TURN', `game ${game.id} has no open turn`);
    await tx
      .update(turns)
      .set({ dueAt: ctx.clock.now(), nextReminderAt: null })
      .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));
    await audit(ctx, tx, {
      gameId: game.id,
      actor: actorOf(m),
      action: 'resolve',
      reason,
      details: { turn: turn.number },
    });
    await queueClockNotices(ctx, tx, game, { kind: 'resolve', turn: turn.number, setup: setupTurn }, reason);
  });
  // Resolve it here rather than wait for a worker: a worker that got there first resolved it already.
  return resolveNextDueTurn(ctx, m.gameId);
}

/**
 * Rolls back the last resolved turn and reopens it with the orders it had;
 * the turn that had opened after it (and any orders for it) is discarded.
 */
export async function rollback(ctx: GamesContext, m: Moderator, reason: string | null = null): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockOpenBattles(tx, m.gameId);
    const game = await lockGame(tx, m);
    if (game.status === 'setup' || game.status === 'abandoned')
      throw conflict('NOTHING_TO_ROLL_BACK', `game ${game.id} is ${game.status}`);
    const last = await createTurnsRepository(tx).lastResolved(game.id, { forUpdate: true });
    if (!last) throw conflict('NOTHING_TO_ROLL_BACK', `game ${game.id} has no resolved turn yet`);
    // A kind's setup phase is settled for good once turn 1 opens.
    if (isSetupTurn(game, last.number))
      throw conflict(
        'NOTHING_TO_ROLL_BACK',
        `game ${game.id} has no resolved turn yet: its setup is settled for good once turn 1 opens`,
      );
    // A battle's outcome is part of its campaign turn once recorded: roll back the campaign turn instead.
    const battle = await battleOfGame(tx, game.id);
    if (battle?.endedAt)
      throw conflict(
        'BATTLE_ENDED',
        `game ${game.id} is a battle of campaign ${battle.campaignId} that has ended: roll back the campaign's turn ${battle.turn} instead`,
      );
    // The battles of the turns discarded or reopened are fought again when the reopened turn resolves.
    const abandoned = await abandonOpenBattles(
      ctx,
      tx,
      game.id,
      last.number,
      `abandoned: turn ${last.number} of the campaign ${game.name} was rolled back by its moderator`,
    );
    await tx.delete(battles).where(and(eq(battles.campaignId, game.id), gte(battles.turn, last.number)));
    await tx.delete(turns).where(and(eq(turns.gameId, game.id), ne(turns.status, 'resolved')));
    const now = ctx.clock.now();
    const settings = settingsOf(game);
    const status = game.status === 'finished' ? 'active' : game.status;
    const reopened = {
      number: last.number,
      status: 'open' as const,
      dueAt: null,
      deadline: game.status === 'paused' ? null : deadlineFor(settings, now),
      remindersSent: [] as string[],
    };
    await tx
      .update(turns)
      .set({
        ...reopened,
        resolvedAt: null,
        ordersUsed: null,
        events: null,
        stateAfter: null,
        diceStateAfter: null,
        missed: [],
        openedAt: now,
        nextReminderAt: nextReminderAt({ ...game, status }, reopened),
      })
      .where(and(eq(turns.gameId, game.id), eq(turns.number, last.number)));
    // The turn's misses are taken back with it (missed.ts counted them when it resolved).
    await uncountMissedTurn(tx, game.id, last.missed);
    await updateGame(ctx, tx, game, {
      status,
      state: last.stateBefore,
      diceState: last.diceStateBefore,
      currentTurn: last.number,
      winner: null,
      result: null,
    });
    await audit(ctx, tx, {
      gameId: game.id,
      actor: actorOf(m),
      action: 'rollback',
      reason,
      details: {
        reopened: last.number,
        discarded: game.currentTurn > last.number ? game.currentTurn : null,
        ...(abandoned.length > 0 ? { abandonedBattles: abandoned } : {}),
      },
    });
    await queueTurnReports(ctx, tx, game.id, last.number);
    return last.number;
  });
}

const newPlayerSchema = z.strictObject({
  email: seatInputSchema.shape.email,
  /** Empty or absent: the part of the address before the @. */
  name: z.string().trim().max(60).optional(),
  timeZone: timeZoneSchema.optional(),
});
export type NewPlayer = z.input<typeof newPlayerSchema>;

/**
 * Gives a seat to a new player: new address, new name, a new token (returned
 * once), and an invitation mailed to them — one transaction, whichever
 * channel asks. A time zone left out keeps the seat's.
 */
export async function replaceSeat(
  ctx: GamesContext,
  m: Moderator,
  side: string,
  raw: NewPlayer,
  reason: string | null = null,
): Promise<{ seat: Seat; token: string }> {
  const parsed = newPlayerSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest('INVALID_PLAYER', 'the seat could not be given: fix the fields listed', zodProblems(parsed.error));
  const player = { ...parsed.data, name: parsed.data.name || parsed.data.email.split('@')[0]! };
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    const seat = await seatOfSide(tx, game.id, side);
    const { token, issuedAt } = nextSeatToken(ctx, seat);
    const [updated] = await tx
      .update(seats)
      .set({
        email: player.email,
        displayName: player.name,
        timeZone: player.timeZone ?? seat.timeZone,
        tokenHash: sha256Hex(token),
        tokenRotatedAt: issuedAt,
        // A new address has not agreed to play: it is mailed its invitation and nothing else until it joins.
        joinedAt: player.email === seat.email ? seat.joinedAt : null,
        // A new player starts with no missed turns, and takes the side back from the rules (missed.ts).
        ...(player.email === seat.email ? {} : { missedTurns: 0, missedInARow: 0, ruledSince: null }),
        // Another address is mailed again: its predecessor's bounces were not its own (outbox/bounces.ts).
        ...(player.email === seat.email ? {} : { bouncedAt: null, bounceReason: null, softBounces: 0 }),
      })
      .where(eq(seats.id, seat.id))
      .returning();
    await audit(ctx, tx, {
      gameId: game.id,
      actor: actorOf(m),
      action: 'replace-seat',
      reason,
      details: { side, from: seat.email, to: player.email },
    });
    await queueInvitation({ ...ctx, db: tx }, tx, game, updated!);
    return { seat: updated!, token };
  });
}

const missedTurnLimitSchema = gameSettingsSchema.shape.missedTurnLimit.unwrap();

/**
 * Sets the game's missed-turn limit: after that many turns missed in a row by a seat, the rules play its side (a
 * tactical battle's solo rules) or the moderator is asked to replace the player; 0: never. Audited.
 */
export async function setMissedTurnLimit(
  ctx: GamesContext,
  m: Moderator,
  limit: number,
  reason: string | null = null,
): Promise<{ missedTurnLimit: number }> {
  const parsed = missedTurnLimitSchema.safeParse(limit);
  if (!parsed.success)
    throw badRequest(
      'INVALID_MISSED_TURN_LIMIT',
      'the missed-turn limit is a whole number of turns in a row from 0 (never) to 99',
    );
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    if (isOver(game)) throw conflict('GAME_OVER', `game ${game.id} is over already`);
    const from = settingsOf(game).missedTurnLimit;
    const settings = { ...game.settings, missedTurnLimit: parsed.data };
    await updateGame(ctx, tx, game, { settings });
    await audit(ctx, tx, {
      gameId: game.id,
      actor: actorOf(m),
      action: 'missed-turn-limit',
      reason,
      details: { from, to: parsed.data },
    });
    return { missedTurnLimit: parsed.data };
  });
}

/** Removes an observer of the game (games/observers): nothing more of it is mailed there. Audited. */
export async function removeObserver(
  ctx: GamesContext,
  m: Moderator,
  email: string,
  reason: string | null = null,
): Promise<{ removed: string }> {
  const address = email.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    const gone = await tx
      .delete(observers)
      .where(and(eq(observers.gameId, game.id), eq(observers.email, address)))
      .returning();
    if (gone.length === 0) throw notFound('OBSERVER_NOT_FOUND', `${address} does not observe game ${game.id}`);
    await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'remove-observer', reason, details: {} });
    return { removed: address };
  });
}

/** Mails a seat's player their invitation again (a new login link; the token does not change). Audited. */
export async function inviteSeat(
  ctx: GamesContext,
  m: Moderator,
  side: string,
  reason: string | null = null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    const seat = await seatOfSide(tx, game.id, side);
    await queueInvitation({ ...ctx, db: tx }, tx, game, seat);
    await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'invite', reason, details: { side } });
  });
}

/** A new token for a seat (the old one stops working at once). */
export async function rotateSeatToken(
  ctx: GamesContext,
  m: Moderator,
  side: string,
  reason: string | null = null,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, m);
    const seat = await seatOfSide(tx, game.id, side);
    const { token, issuedAt } = nextSeatToken(ctx, seat);
    await tx
      .update(seats)
      .set({ tokenHash: sha256Hex(token), tokenRotatedAt: issuedAt })
      .where(eq(seats.id, seat.id));
    await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'rotate-token', reason, details: { side } });
    return token;
  });
}

/** Concedes for a side (a player who asked the moderator to). */
export async function concedeFor(
  ctx: GamesContext,
  m: Moderator,
  side: string,
  reason: string | null = null,
): Promise<{ gameEnds: boolean }> {
  await checkModerator(ctx, m);
  return ctx.db.transaction(async (tx) => {
    const { game, turn } = await lockOpenTurn(tx, m.gameId);
    const seat = await seatOfSide(tx, m.gameId, side);
    const r = await concedeSeat(ctx, tx, game, turn, seat, actorOf(m));
    if (reason) await audit(ctx, tx, { gameId: m.gameId, actor: actorOf(m), action: 'concede-reason', reason });
    return r;
  });
}

/**
 * Ends a game now. `end` scores it as the turn limit would (most BP in play
 * wins); `abandon` stops it with no result.
 */
export async function endGame(
  ctx: GamesContext,
  m: Moderator,
  how: 'end' | 'abandon',
  reason: string | null = null,
): Promise<Game> {
  return ctx.db.transaction(async (tx) => {
    await lockOpenBattles(tx, m.gameId);
    const game = await lockGame(tx, m);
    if (isOver(game)) throw conflict('GAME_OVER', `game ${game.id} is over already`);
    // A campaign's battles still being fought end with it; a battle that ends brings its outcome to its campaign turn.
    await abandonOpenBattles(ctx, tx, game.id, 0, `abandoned: the campaign ${game.name} was ended by its moderator`);
    await tx.delete(turns).where(and(eq(turns.gameId, game.id), ne(turns.status, 'resolved')));
    // Nothing has been played before turn 1 (a campaign in its setup phase has a state, but no result).
    if (how === 'abandon' || !game.state || game.status === 'setup') {
      await updateGame(ctx, tx, game, {
        status: 'abandoned',
        result: { reason: 'abandoned', summary: 'abandoned by the moderator' },
      });
      await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'abandon', reason });
      await queueGameEnd(ctx, tx, game, 'abandoned by the moderator', []);
      // A battle ended in its setup (deployment) has no final state: its default placement stands for it.
      await recordBattleEnd(ctx, tx, game.id, game.currentTurn >= 1 ? game.state : null);
      return { ...game, status: 'abandoned' as const };
    }
    const kind = kindOf(game.ruleset);
    const { winner, scores } = kind.scoreNow(kind.readState(game.state), game.currentTurn - 1);
    const settings = settingsOf(game);
    const summary = `ended by the moderator: ${winner === 'draw' ? 'a draw' : `${sideName(settings, winner)} wins`}`;
    await updateGame(ctx, tx, game, {
      status: 'finished',
      winner,
      result: { winner, reason: 'moderator', scores, summary },
    });
    await audit(ctx, tx, { gameId: game.id, actor: actorOf(m), action: 'end', reason, details: { winner } });
    await queueGameEnd(ctx, tx, game, summary, []);
    await recordBattleEnd(ctx, tx, game.id, game.state);
    return { ...game, status: 'finished' as const, winner };
  });
}
