/**
 * The answers to an order mail, once its seat is known and its text has been
 * accepted (submitText, which has also conceded for CONCEDE <game id> and relayed a
 * MESSAGE <side>): the acceptance, HELP, STATUS (my report again), ORDERS
 * (what I have in), and notices of the concession and of the message.
 * Every answer goes into the outbox in the caller's transaction.
 */
import type { GamesContext, Tx } from '../games/context.ts';
import type { Game } from '../games/games/games.repository.ts';
import type { Seat } from '../games/seats/seats.repository.ts';
import { queueSeatReport } from '../games/turns/messages.ts';
import { standingOrders, type SubmitOrdersResult } from '../games/turns/orders.ts';
import type { TextSubmitted } from '../games/turns/submit-text.ts';
import {
  composeAccepted,
  composeHelp,
  composeHistory,
  composeNotice,
  composeOrdersList,
  type GameRef,
} from './compose.ts';
import { HISTORY_MAIL_KIND, HISTORY_MAILS_PER_DAY, seatHistory } from '../games/turns/history.ts';
import { ANONYMOUS_WORD, historyRange, PRESS_TO } from '../orders/index.ts';
import { sideName } from '../games/games/settings.ts';
import { settingsOf } from '../games/games/state.ts';
import type { Answer } from './answers.ts';
import { kindOf } from '../kinds/index.ts';
import {
  concedeAskNotice,
  concedeDoneNotice,
  historyLimitNotice,
  messageSentNotice,
  noAbsenceNotice,
  pressSentNotice,
  reportFormatSetNotice,
  reportsSetNotice,
  widthSetNotice,
} from './notices.ts';

export interface AcceptedMail {
  readonly game: Game;
  readonly seat: Seat;
  readonly token: string;
  readonly result: TextSubmitted;
}

/** The commands of an accepted submission as the acceptance lists them: `HELP`, `MESSAGE grey`… */
export function commandWords(result: SubmitOrdersResult): string[] {
  const m = result.message;
  return [...result.commands, ...(m ? [`MESSAGE ${m.to}${m.anonymous ? ` ${ANONYMOUS_WORD}` : ''}`] : [])];
}

/**
 * Answers an accepted mail: the acceptance itself when orders were stored,
 * then one answer per command, in the order the commands were written.
 */
export async function answerAccepted(
  ctx: GamesContext,
  tx: Tx,
  answer: Answer,
  m: AcceptedMail,
): Promise<{ conceded: boolean; relayedTo: string | null }> {
  const { game, result } = m;
  // The seat as the submission left it: a SET WIDTH or SET REPORT applies to the answers that follow, a STATUS report
  // among them.
  const seat: Seat = { ...m.seat, reportWidth: result.seat.reportWidth, reportJson: result.seat.reportJson };
  const ref: GameRef = { id: game.id, name: game.name };
  const inner: GamesContext = { ...ctx, db: tx };
  if (result.stored) {
    await answer.toSeat(
      seat,
      'accepted',
      composeAccepted({
        game: ref,
        turn: result.turn,
        side: seat.side,
        canonical: result.canonical,
        deadline: result.deadline,
        timeZone: seat.timeZone,
        commands: commandWords(result),
        notes: result.notes,
        // Any kind's orders (a campaign's have no SHIP lines).
        hasOrders: true,
      }),
    );
  }
  let conceded = false;
  for (const command of result.commands) {
    if (command === 'HELP') {
      await answer.toSeat(seat, 'help', composeHelp({ game: ref, mailDomain: ctx.mailDomain, ruleset: game.ruleset }));
    } else if (command === 'STATUS') {
      if (await queueSeatReport(inner, tx, game.id, seat, { inReplyTo: answer.answering }))
        answer.noteSent({ to: seat.email, kind: 'report' });
    } else if (command === 'ORDERS') {
      const standing = await standingOrders(inner, game.id, m.token);
      await answer.toSeat(
        seat,
        'orders',
        composeOrdersList({
          game: ref,
          turn: standing.turn,
          side: seat.side,
          canonical: standing.canonical,
          deadline: result.deadline,
          timeZone: seat.timeZone,
        }),
      );
    } else if (command === 'HISTORY' || command.startsWith('HISTORY ')) {
      await answerHistory(inner, tx, answer, { game, seat, command, openTurn: result.turn });
    } else if (command === 'CONCEDE') {
      await answer.toSeat(seat, 'notice', composeNotice(concedeAskNotice(game.id, kindOf(game.ruleset).noun)));
    } else if (command === 'CONCEDE CONFIRMED' && result.conceded) {
      conceded = true;
      await answer.toSeat(
        seat,
        'notice',
        composeNotice(concedeDoneNotice(game.id, seat.side, result.conceded.gameEnds)),
      );
    } else if (command === 'SET ABSENCE NONE' && result.absence?.cancelled === 0) {
      // A declared or cancelled absence is told to every seat, this one among them (absences.ts); nothing else is.
      await answer.toSeat(seat, 'notice', composeNotice(noAbsenceNotice(game.id)));
    } else if ((command === 'SET REPORTS WEB' || command === 'SET REPORTS MAIL') && !result.stored) {
      await answer.toSeat(seat, 'notice', composeNotice(reportsSetNotice(game.id, command === 'SET REPORTS MAIL')));
    } else if ((command === 'SET REPORT JSON' || command === 'SET REPORT TEXT') && !result.stored) {
      await answer.toSeat(seat, 'notice', composeNotice(reportFormatSetNotice(game.id, command === 'SET REPORT JSON')));
    } else if ((command === 'SET WIDTH 78' || command === 'SET WIDTH 100') && !result.stored) {
      // Stored by the submission; an acceptance already says it, a mail without orders gets a word of its own.
      await answer.toSeat(
        seat,
        'notice',
        composeNotice(widthSetNotice(game.id, command === 'SET WIDTH 100' ? 100 : 78)),
      );
    }
  }
  const target = result.relayedTo;
  // The relayed mail (written by submitText) names the sender's side only; its Reply-To is the recipient's own seat.
  if (target) answer.noteSent({ to: target.email, kind: 'message' });
  for (const to of result.pressedTo) answer.noteSent({ to: to.email, kind: 'message' });
  if (result.message?.to === PRESS_TO && !result.stored)
    await answer.toSeat(
      seat,
      'notice',
      composeNotice(pressSentNotice(game.id, result.pressedTo.length, result.message.anonymous === true)),
    );
  else if (result.message && !result.stored)
    await answer.toSeat(seat, 'notice', composeNotice(messageSentNotice(game.id, result.message.to, target !== null)));
  return { conceded, relayedTo: target?.side ?? null };
}

/**
 * HISTORY: the seat's past reports, its own side's view, in one mail (kind `history`); or, over the day's quota, a
 * notice saying when to ask again.
 */
async function answerHistory(
  ctx: GamesContext,
  tx: Tx,
  answer: Answer,
  m: { game: Game; seat: Seat; command: string; openTurn: number },
): Promise<void> {
  const { game, seat } = m;
  const range = historyRange(m.command, m.openTurn);
  if (range === null) return;
  const history = await seatHistory(ctx, tx, game, seat, range);
  if (!history.ok) {
    await answer.toSeat(
      seat,
      'notice',
      composeNotice(historyLimitNotice(game.id, { perDay: HISTORY_MAILS_PER_DAY, nextAt: history.nextAt })),
    );
    return;
  }
  let name: string | null;
  try {
    name = sideName(settingsOf(game), seat.side);
  } catch {
    name = null;
  }
  await answer.toSeat(
    seat,
    HISTORY_MAIL_KIND,
    composeHistory({
      game: { id: game.id, name: game.name },
      sideName: name,
      openTurn: m.openTurn,
      reports: history.reports,
      gameUrl: `${ctx.publicUrl}/games/${game.id}`,
      asked: m.command === 'HISTORY' ? null : m.command,
    }),
  );
}
