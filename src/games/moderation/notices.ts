/**
 * What a moderator's change to the clock tells the players: a pause, a
 * resumption, a moved deadline or a turn resolved now reaches every seat still
 * playing by mail, with the reason given, the deadline in the player's own
 * time zone and a link that logs the player in, in the transaction of the
 * change.
 */
import { describeDeadline } from '../../reports/turn-report.ts';
import type { GamesContext, Tx } from '../context.ts';
import type { Game } from '../games/games.repository.ts';
import { seatLoginLink } from '../logins/logins.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import { queueAnswer } from '../turns/messages.ts';
import { invalid } from '../errors.ts';

/** The longest reason a moderator may give for a change mailed to the players (the API's limit too). */
export const MODERATOR_REASON_CHARS = 500;

export type ClockChange =
  | { readonly kind: 'pause' }
  | { readonly kind: 'resume'; readonly deadline: Date | null }
  | { readonly kind: 'deadline'; readonly turn: number; readonly deadline: Date | null }
  | { readonly kind: 'resolve'; readonly turn: number; readonly setup: boolean }
  /** A seat declared an absence (SET ABSENCE): its days in its player's time zone, and what became of the deadline. */
  | {
      readonly kind: 'absence';
      readonly who: string;
      readonly first: string;
      readonly last: string;
      readonly zone: string;
      readonly applied: AbsenceApplied | null;
    }
  /** A seat's absences cancelled by its player, or one refused by the moderator. */
  | {
      readonly kind: 'absence-ended';
      readonly how: 'cancelled' | 'refused';
      readonly who: string;
      readonly days: readonly string[];
      readonly applied: AbsenceApplied | null;
    };

/** The open turn as an absence left it: its deadline, and whether the absence moved it. */
export interface AbsenceApplied {
  readonly turn: number;
  readonly deadline: Date | null;
  readonly moved: boolean;
}

/** What an absence did to the open turn's deadline, in the reader's time zone. */
function deadlineSaid(applied: AbsenceApplied | null, timeZone: string, movedWhy: string): string[] {
  if (applied === null) return [];
  if (applied.deadline === null) return [`Turn ${applied.turn} has no deadline: there is nothing to move.`];
  return applied.moved
    ? [`The deadline of turn ${applied.turn} ${movedWhy}.`, `Deadline: ${describeDeadline(applied.deadline, timeZone)}`]
    : [`The deadline of turn ${applied.turn} stays as it was: ${describeDeadline(applied.deadline, timeZone)}`];
}

function lines(change: ClockChange, timeZone: string): { subject: string; said: string[] } {
  switch (change.kind) {
    case 'pause':
      return {
        subject: 'paused by the moderator',
        said: ['The moderator has paused the game: no deadline runs and no orders are taken until it resumes.'],
      };
    case 'resume':
      return {
        subject: 'resumed',
        said: [
          'The moderator has resumed the game: orders are taken again.',
          `Deadline: ${describeDeadline(change.deadline, timeZone)}`,
        ],
      };
    case 'deadline':
      return {
        subject: `turn ${change.turn}: the deadline has moved`,
        said: [
          `The moderator has moved the deadline of turn ${change.turn}.`,
          `Deadline: ${describeDeadline(change.deadline, timeZone)}`,
        ],
      };
    case 'absence': {
      const days = change.first === change.last ? `on ${change.first}` : `from ${change.first} to ${change.last}`;
      return {
        subject: `${change.who} is away ${days}`,
        said: [
          `${change.who} cannot play ${days} (days in their time zone, ${change.zone}). A deadline that falls inside those days moves to their end; the moderator may refuse the absence.`,
          ...deadlineSaid(change.applied, timeZone, 'moves to the end of the absence'),
        ],
      };
    }
    case 'absence-ended': {
      const days = change.days.join(', ');
      return {
        subject: `${change.who}'s absence ${change.how === 'refused' ? 'is refused by the moderator' : 'is cancelled'}`,
        said: [
          change.how === 'refused'
            ? `The moderator has refused the absence of ${change.who} (${days}): it no longer moves any deadline.`
            : `${change.who} has cancelled their absence (${days}): it no longer moves any deadline.`,
          ...deadlineSaid(change.applied, timeZone, 'is put back as it was before the absence moved it'),
        ],
      };
    }
    case 'resolve':
      return change.setup
        ? {
            subject: 'the setup is closed by the moderator',
            said: [
              'The moderator has closed the setup now: every side that has not sent its setup gets the default, and turn 1 opens. Its report follows.',
            ],
          }
        : {
            subject: `turn ${change.turn} is resolved now`,
            said: [
              `The moderator has resolved turn ${change.turn} before its deadline: a side whose orders are not in is played as if its deadline had passed. Your report follows once the turn has resolved.`,
            ],
          };
  }
}

/** Queues the notice of `change` to every seat of `game` that has not conceded. */
export async function queueClockNotices(
  ctx: GamesContext,
  tx: Tx,
  game: Pick<Game, 'id' | 'name'>,
  change: ClockChange,
  reason: string | null,
): Promise<void> {
  if (reason !== null && reason.length > MODERATOR_REASON_CHARS)
    throw invalid(
      'REASON_TOO_LONG',
      `the reason is mailed to every player: keep it to ${MODERATOR_REASON_CHARS} characters (it has ${reason.length})`,
    );
  for (const seat of await createSeatsRepository(tx).ofGame(game.id)) {
    if (seat.concededAt) continue;
    const { subject, said } = lines(change, seat.timeZone);
    const composed = ctx.mail.notice({
      subject: `[${game.id}] ${game.name}: ${subject}`,
      paragraphs: [...said, ...(reason ? [`The moderator's reason: ${reason}`] : [])],
      loginUrl: await seatLoginLink(ctx, tx, seat),
    });
    await queueAnswer(ctx, tx, {
      to: seat.email,
      gameId: game.id,
      kind: 'moderation',
      composed,
      inReplyTo: null,
      seat,
    });
  }
}
