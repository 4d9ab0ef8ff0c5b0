/**
 * HISTORY: a seat's own past reports, mailed again (njudge's HISTORY, GalaxyNG's copies of old turns). Each report is
 * made again from the stored turns by the game's kind for the seat's side alone (messages.ts seatPastReports): what
 * that side was shown at the start of the turn, never more. A seat is sent at most HISTORY_MAILS_PER_DAY of them in
 * 24 hours, counted in the outbox itself (no table of its own): a HISTORY over that is refused, and says when the
 * next one may be asked for.
 */
import { HOUR } from '../clock.ts';
import type { GamesContext, Tx } from '../context.ts';
import type { Game } from '../games/games.repository.ts';
import { createOutboxRepository } from '../outbox/outbox.repository.ts';
import type { Seat } from '../seats/seats.repository.ts';
import type { TurnReportView } from '../../kinds/kind.ts';
import { seatPastReports } from './messages.ts';

/** HISTORY mails one seat may be sent in 24 hours. */
export const HISTORY_MAILS_PER_DAY = 5;

/** The outbox kind of a HISTORY mail: what the quota counts. */
export const HISTORY_MAIL_KIND = 'history';

export type SeatHistory =
  | { readonly ok: true; readonly reports: readonly TurnReportView[] }
  | {
      readonly ok: false;
      readonly code: 'HISTORY_LIMIT';
      /** HISTORY mails sent in the last 24 hours. */
      readonly sent: number;
      /** When the seat may ask again. */
      readonly nextAt: Date;
    };

/**
 * The seat's reports of turns `from` to `to`, in the caller's transaction — or HISTORY_LIMIT, when the seat has had
 * its HISTORY_MAILS_PER_DAY in the last 24 hours. The caller mails the reports (kind `history`) in the same
 * transaction, so that the next count sees it.
 */
export async function seatHistory(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  seat: Seat,
  range: { readonly from: number; readonly to: number },
): Promise<SeatHistory> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - 24 * HOUR);
  const recent = await createOutboxRepository(tx).countSince({
    gameId: game.id,
    to: seat.email,
    kind: HISTORY_MAIL_KIND,
    since,
  });
  if (recent.count >= HISTORY_MAILS_PER_DAY)
    return {
      ok: false,
      code: 'HISTORY_LIMIT',
      sent: recent.count,
      nextAt: new Date((recent.first ?? now).getTime() + 24 * HOUR),
    };
  return { ok: true, reports: await seatPastReports(ctx, tx, game, seat, range) };
}
