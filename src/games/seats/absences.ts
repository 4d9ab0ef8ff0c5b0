/**
 * A seat's absences (njudge's and DPjudge's SET ABSENCE): the days its player cannot play, declared by mail
 * (`SET ABSENCE 2026-12-20 TO 2026-12-28`), on the game page or through the API's orders text. The days are read in
 * the seat's time zone: an absence runs from the start of its first day to the end of its last.
 *
 * What is decided here (docs/mail.md "Absences"):
 * - the game's limits: at most `absenceDays` days in all (14 by default; 0: no absences) and `absenceCount`
 *   absences (3) per seat; days of an absence already over still count, a cancelled or refused one does not;
 * - an absence that is over is refused (ABSENCE_PAST); one that has begun is taken, its days counted whole; one that
 *   overlaps another of the seat's is refused (ABSENCE_OVERLAP): cancel with SET ABSENCE NONE and declare one anew;
 * - the open turn's deadline, when it falls inside an active absence of any seat, moves to that absence's end at once
 *   (again if the end falls inside another), through the same path as a moderator's change (moveDeadline); a turn
 *   opened later whose deadline falls inside one is opened with the moved deadline (openTurn), and so is a resumed
 *   game's (resume); a turn without a deadline has nothing to move; a conceded side's absences move nothing;
 * - every seat still playing is told of an absence, its cancellation and its refusal by mail;
 * - a cancelled or refused absence puts back the deadline it moved, if that turn is still open: the deadline as it
 *   was before any absence moved it, with the absences still standing applied, and never sooner than 24 hours from
 *   now (a side counting on the later deadline has time to send its orders).
 * A moderator's own deadline (setDeadline) is taken as given: absences move it no further.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { absences, seats, type Absence, type Game, type Seat, type Turn } from '../../db/schema.ts';

export type { Absence };
import type { GamesContext, Tx } from '../context.ts';
import { conflict, invalid } from '../errors.ts';
import { HOUR } from '../clock.ts';
import { isOver, settingsOf } from '../games/state.ts';
import { sideName } from '../games/settings.ts';
import { audit } from '../games/lifecycle.ts';
import { createTurnsRepository } from '../turns/turns.repository.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { moveDeadline } from '../turns/deadline.ts';
import { queueClockNotices } from '../moderation/notices.ts';

const DAY = 24 * HOUR;
/** How far ahead an absence may begin. */
export const ABSENCE_MAX_AHEAD_DAYS = 366;
/** A deadline put back by a cancelled or refused absence is at least this far from now. */
export const RESTORED_DEADLINE_MIN_HOURS = 24;

/** The days of an absence, as a player writes them (YYYY-MM-DD). */
export interface AbsenceDays {
  readonly first: string;
  readonly last: string;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - Math.floor(at / 1000) * 1000;
}

const dayUtc = (day: string): number => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** The instant a day (YYYY-MM-DD) begins in a time zone (its first moment, across a change of the clocks too). */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = dayUtc(day);
  const guess = midnight - zoneOffset(midnight, timeZone);
  return new Date(midnight - zoneOffset(guess, timeZone));
}

const nextDay = (day: string): string => new Date(dayUtc(day) + DAY).toISOString().slice(0, 10);

/** How many days an absence covers, its first and last included. */
export const daysOf = (a: { readonly firstDay: string; readonly lastDay: string }): number =>
  Math.round((dayUtc(a.lastDay) - dayUtc(a.firstDay)) / DAY) + 1;

/** Today's day (YYYY-MM-DD) in a time zone. */
export function today(now: Date, timeZone: string): string {
  return new Date(now.getTime() + zoneOffset(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** A seat's absences, active or not, in the order they begin. */
export async function absencesOf(ctx: Pick<GamesContext, 'db'>, gameId: string, side?: string): Promise<Absence[]> {
  return ctx.db
    .select()
    .from(absences)
    .where(side === undefined ? eq(absences.gameId, gameId) : and(eq(absences.gameId, gameId), eq(absences.side, side)))
    .orderBy(asc(absences.startsAt), asc(absences.id));
}

/** The game's active absences, of seats still playing: a side that has conceded waits for nobody. */
const activeOf = async (tx: Tx, gameId: string): Promise<Absence[]> =>
  (
    await tx
      .select({ absence: absences })
      .from(absences)
      .innerJoin(seats, and(eq(seats.gameId, absences.gameId), eq(seats.side, absences.side)))
      .where(and(eq(absences.gameId, gameId), eq(absences.status, 'active'), isNull(seats.concededAt)))
  ).map((r) => r.absence);

const problem = (code: string, message: string) => invalid(code, message, [{ line: null, code, message }]);

/** Who an absence is, as the notices name it: the player and the side. */
function whoOf(game: Pick<Game, 'settings'>, seat: Pick<Seat, 'displayName' | 'side'>): string {
  const side = sideName(settingsOf(game), seat.side);
  const name = seat.displayName.includes('@') ? '' : seat.displayName.trim();
  return name === '' ? side : `${name} (${side})`;
}

/** The open turn of a game whose turn rows the caller has locked; null when none is open. */
async function openTurnOf(tx: Tx, game: Pick<Game, 'id' | 'currentTurn'>): Promise<Turn | null> {
  const turn = await createTurnsRepository(tx).find(game.id, game.currentTurn);
  return turn?.status === 'open' ? turn : null;
}

/** A deadline pushed to the end of every active absence it falls inside, again until it falls inside none. */
export function deadlineAfter(deadline: Date, active: readonly Pick<Absence, 'startsAt' | 'endsAt'>[]): Date {
  let at = deadline.getTime();
  for (let i = 0; i <= active.length; i++) {
    const inside = active.filter((a) => a.startsAt.getTime() <= at && at < a.endsAt.getTime());
    if (inside.length === 0) break;
    at = Math.max(...inside.map((a) => a.endsAt.getTime()));
  }
  return new Date(at);
}

/**
 * The deadline a turn opening now gets: `deadline` moved past the game's active absences. The absences that moved it
 * are marked once the turn is written (markMoved).
 */
export async function deadlineWithAbsences(tx: Tx, gameId: string, deadline: Date | null): Promise<Date | null> {
  if (deadline === null) return null;
  const active = await activeOf(tx, gameId);
  return active.length === 0 ? deadline : deadlineAfter(deadline, active);
}

/** Marks the active absences that moved turn `turn`'s deadline from `from`, so that a refusal can put it back. */
async function markMoved(tx: Tx, gameId: string, turn: number, from: Date, to: Date): Promise<void> {
  const active = await activeOf(tx, gameId);
  for (const a of active) {
    // The deadline moved from `from` to `to` over days of absence without a gap: every absence ending in between
    // covered part of it.
    const moved = a.startsAt.getTime() <= to.getTime() && a.endsAt > from && a.endsAt.getTime() <= to.getTime();
    if (moved && a.movedTurn !== turn)
      await tx.update(absences).set({ movedTurn: turn, movedFrom: from }).where(eq(absences.id, a.id));
  }
}

/** After turn `turn` opened with a deadline absences moved: the absences marked as the ones that moved it. */
export async function markOpenedTurn(tx: Tx, gameId: string, turn: number, from: Date | null, to: Date | null) {
  if (from !== null && to !== null && to.getTime() !== from.getTime()) await markMoved(tx, gameId, turn, from, to);
}

/**
 * Applies the game's active absences to its open turn: its deadline, inside one, moves to its end. Returns the turn's
 * number and deadline, and whether it moved; null without an open turn with a deadline (or while paused).
 */
async function applyToOpenTurn(
  tx: Tx,
  game: Game,
): Promise<{ turn: number; deadline: Date | null; moved: boolean } | null> {
  const turn = await openTurnOf(tx, game);
  if (!turn) return null;
  if (turn.deadline === null || game.status === 'paused') return { turn: turn.number, deadline: null, moved: false };
  const active = await activeOf(tx, game.id);
  const moved = deadlineAfter(turn.deadline, active);
  if (moved.getTime() === turn.deadline.getTime()) return { turn: turn.number, deadline: turn.deadline, moved: false };
  // Where an absence moved this turn's deadline already, what a refusal puts back is the deadline before any did.
  const before = active.find((a) => a.movedTurn === turn.number && a.movedFrom !== null)?.movedFrom ?? turn.deadline;
  await moveDeadline(tx, game, turn, moved);
  await markMoved(tx, game.id, turn.number, before, moved);
  return { turn: turn.number, deadline: moved, moved: true };
}

/**
 * Puts back the deadline `ended` (cancelled or refused, already written so) moved, if its turn is still open: the one
 * before any absence moved it, with the absences still standing applied, at least RESTORED_DEADLINE_MIN_HOURS away.
 */
async function restoreDeadline(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  ended: readonly Absence[],
): Promise<{ turn: number; deadline: Date | null; moved: boolean } | null> {
  const turn = await openTurnOf(tx, game);
  if (!turn || turn.deadline === null || game.status === 'paused') return null;
  const from = ended.find((a) => a.movedTurn === turn.number && a.movedFrom !== null)?.movedFrom;
  if (!from) return { turn: turn.number, deadline: turn.deadline, moved: false };
  const active = await activeOf(tx, game.id);
  const soonest = ctx.clock.now().getTime() + RESTORED_DEADLINE_MIN_HOURS * HOUR;
  const back = new Date(Math.max(deadlineAfter(from, active).getTime(), soonest));
  if (back.getTime() >= turn.deadline.getTime()) return { turn: turn.number, deadline: turn.deadline, moved: false };
  await moveDeadline(tx, game, turn, back);
  return { turn: turn.number, deadline: back, moved: true };
}

/**
 * Declares an absence for `seat`, in the caller's transaction, the game's unresolved turn locked by the caller: checked
 * against the game's limits, stored, the open turn's deadline moved if it falls inside it, every seat told.
 */
export async function declareAbsenceIn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  seat: Seat,
  days: AbsenceDays,
  channel: string,
): Promise<Absence> {
  const settings = settingsOf(game);
  if (isOver(game)) throw conflict('GAME_OVER', `game ${game.id} is over: there is no deadline left to move`);
  if (settings.absenceDays === 0)
    throw problem('ABSENCE_OFF', `game ${game.id} takes no absences: its creator set its days of absence to 0`);
  if (days.last < days.first)
    throw problem('ABSENCE_BACKWARDS', `the absence ends (${days.last}) before it starts (${days.first})`);
  const startsAt = startOfDay(days.first, seat.timeZone);
  const endsAt = startOfDay(nextDay(days.last), seat.timeZone);
  const now = ctx.clock.now();
  if (endsAt.getTime() <= now.getTime())
    throw problem(
      'ABSENCE_PAST',
      `an absence from ${days.first} to ${days.last} is over already (today is ${today(now, seat.timeZone)} in your time zone, ${seat.timeZone}): declare days to come`,
    );
  if (startsAt.getTime() - now.getTime() > ABSENCE_MAX_AHEAD_DAYS * DAY)
    throw problem('ABSENCE_TOO_FAR', `an absence begins at most ${ABSENCE_MAX_AHEAD_DAYS} days from today`);
  const mine = (await activeOf(tx, game.id)).filter((a) => a.side === seat.side);
  const overlap = mine.find((a) => a.startsAt < endsAt && startsAt < a.endsAt);
  if (overlap)
    throw problem(
      'ABSENCE_OVERLAP',
      `you are away from ${overlap.firstDay} to ${overlap.lastDay} already: send SET ABSENCE NONE to cancel it, then declare the whole absence again`,
    );
  if (mine.length + 1 > settings.absenceCount)
    throw problem(
      'ABSENCE_TOO_MANY',
      `a player declares at most ${settings.absenceCount} absence${settings.absenceCount === 1 ? '' : 's'} in this game, and you have ${mine.length}: send SET ABSENCE NONE to cancel those not over, or ask the moderator`,
    );
  const used = mine.reduce((n, a) => n + daysOf(a), 0);
  const asked = daysOf({ firstDay: days.first, lastDay: days.last });
  if (used + asked > settings.absenceDays)
    throw problem(
      'ABSENCE_TOO_LONG',
      `a player is away at most ${settings.absenceDays} days in this game; you have declared ${used}, and ${days.first} to ${days.last} is ${asked} more: declare ${Math.max(0, settings.absenceDays - used)} days at most`,
    );
  const [row] = await tx
    .insert(absences)
    .values({
      gameId: game.id,
      side: seat.side,
      firstDay: days.first,
      lastDay: days.last,
      startsAt,
      endsAt,
      createdAt: now,
    })
    .returning();
  await audit(ctx, tx, {
    gameId: game.id,
    actor: `${channel}:${seat.side}`,
    action: 'absence',
    details: { id: row!.id, side: seat.side, first: days.first, last: days.last },
  });
  const applied = await applyToOpenTurn(tx, game);
  await queueClockNotices(
    ctx,
    tx,
    game,
    { kind: 'absence', who: whoOf(game, seat), first: days.first, last: days.last, zone: seat.timeZone, applied },
    null,
  );
  return row!;
}

/**
 * SET ABSENCE NONE: cancels the seat's absences not yet over, puts back the deadline they moved, tells every seat.
 * Returns how many were cancelled (none: nothing changes, nobody is told).
 */
export async function cancelAbsencesIn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  seat: Seat,
  channel: string,
): Promise<number> {
  const now = ctx.clock.now();
  const ended = await tx
    .update(absences)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(absences.gameId, game.id),
        eq(absences.side, seat.side),
        eq(absences.status, 'active'),
        gt(absences.endsAt, now),
      ),
    )
    .returning();
  if (ended.length === 0) return 0;
  await audit(ctx, tx, {
    gameId: game.id,
    actor: `${channel}:${seat.side}`,
    action: 'absence-cancelled',
    details: { ids: ended.map((a) => a.id), side: seat.side },
  });
  const applied = await restoreDeadline(ctx, tx, game, ended);
  await queueClockNotices(
    ctx,
    tx,
    game,
    { kind: 'absence-ended', how: 'cancelled', who: whoOf(game, seat), days: ended.map(spanOf), applied },
    null,
  );
  return ended.length;
}

const spanOf = (a: Pick<Absence, 'firstDay' | 'lastDay'>) =>
  a.firstDay === a.lastDay ? a.firstDay : `${a.firstDay} to ${a.lastDay}`;

/**
 * The moderator refuses an absence (the caller has checked the moderator and locked the game's turns): it no longer
 * counts, the deadline it moved is put back, and every seat is told, with the reason.
 */
export async function refuseAbsenceIn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  absenceId: number,
  reason: string | null,
  actor: string,
): Promise<Absence> {
  const [found] = await tx
    .select()
    .from(absences)
    .where(and(eq(absences.gameId, game.id), eq(absences.id, absenceId)));
  if (!found) throw invalid('ABSENCE_NOT_FOUND', `game ${game.id} has no absence ${absenceId}`);
  if (found.status !== 'active')
    throw conflict('ABSENCE_NOT_ACTIVE', `absence ${absenceId} is ${found.status} already: nothing to refuse`);
  const [refused] = await tx
    .update(absences)
    .set({ status: 'refused', reason })
    .where(eq(absences.id, absenceId))
    .returning();
  await audit(ctx, tx, {
    gameId: game.id,
    actor,
    action: 'absence-refused',
    reason,
    details: { id: absenceId, side: found.side, first: found.firstDay, last: found.lastDay },
  });
  const [seat] = await tx
    .select()
    .from(seats)
    .where(and(eq(seats.gameId, game.id), eq(seats.side, found.side)));
  const applied = await restoreDeadline(ctx, tx, game, [refused!]);
  await queueClockNotices(
    ctx,
    tx,
    game,
    {
      kind: 'absence-ended',
      how: 'refused',
      who: seat ? whoOf(game, seat) : sideName(settingsOf(game), found.side),
      days: [spanOf(found)],
      applied,
    },
    reason,
  );
  return refused!;
}

/** The unresolved turn locked, then the game read: the order the turn queue takes them in. */
async function lockedGame(tx: Tx, gameId: string): Promise<Game> {
  await createTurnsRepository(tx).lockUnresolved(gameId);
  return createGamesRepository(tx).byId(gameId);
}

/** The game page's form: an absence declared, in a transaction of its own. */
export async function declareAbsence(
  ctx: GamesContext,
  seat: Seat,
  days: AbsenceDays,
  channel: string,
): Promise<Absence> {
  return ctx.db.transaction(async (tx) =>
    declareAbsenceIn({ ...ctx, db: tx }, tx, await lockedGame(tx, seat.gameId), seat, days, channel),
  );
}

/** The game page's button: the seat's absences not yet over cancelled, in a transaction of its own. */
export async function cancelAbsences(ctx: GamesContext, seat: Seat, channel: string): Promise<number> {
  return ctx.db.transaction(async (tx) =>
    cancelAbsencesIn({ ...ctx, db: tx }, tx, await lockedGame(tx, seat.gameId), seat, channel),
  );
}

/**
 * An absence as the API answers and `msc game absences` prints it: its days in its player's time zone, the instants
 * they run between.
 */
export function absenceDocument(a: Absence) {
  return {
    id: a.id,
    side: a.side,
    first: a.firstDay,
    last: a.lastDay,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    movedTurn: a.movedTurn,
    reason: a.reason,
  };
}
