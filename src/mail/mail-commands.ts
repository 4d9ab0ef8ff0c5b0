/**
 * What an order mail asks for besides orders, once its seat is known and its
 * text has been accepted: HELP, STATUS (my report again), ORDERS (what I have
 * in), CONCEDE, and MESSAGE <side> (relayed without the sender's address).
 * Every answer goes into the outbox in the caller's transaction.
 */
import { and, eq } from 'drizzle-orm';
import { seats, type Game, type Seat } from '../db/schema.ts';
import type { GamesContext, Tx } from '../games/context.ts';
import { queueSeatReport } from '../games/messages.ts';
import { concede, standingOrders, type SubmitOrdersResult } from '../games/orders.ts';
import { recordSideMessage, senderName } from '../games/side-messages.ts';
import {
  composeAccepted,
  composeHelp,
  composeNotice,
  composeOrdersList,
  composeRelayedMessage,
  type GameRef,
} from './compose.ts';
import type { Answer } from './answers.ts';
import { concedeDoneNotice, messageSentNotice, widthSetNotice } from './notices.ts';

export interface AcceptedMail {
  readonly game: Game;
  readonly seat: Seat;
  readonly token: string;
  readonly result: SubmitOrdersResult;
}

/** The commands of an accepted submission as the acceptance lists them: `HELP`, `MESSAGE grey`… */
export function commandWords(result: SubmitOrdersResult): string[] {
  return [...result.commands, ...(result.message ? [`MESSAGE ${result.message.to}`] : [])];
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
  // The seat as the submission left it: a SET WIDTH applies to the answers that follow, a STATUS report among them.
  const seat: Seat = { ...m.seat, reportWidth: result.seat.reportWidth };
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
      }),
    );
  }
  let conceded = false;
  for (const command of result.commands) {
    if (command === 'HELP') {
      await answer.toSeat(seat, 'help', composeHelp({ game: ref, mailDomain: ctx.mailDomain }));
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
    } else if (command === 'CONCEDE') {
      const { gameEnds } = await concede(inner, game.id, m.token, `mail:${seat.side}`);
      conceded = true;
      await answer.toSeat(seat, 'notice', composeNotice(concedeDoneNotice(game.id, seat.side, gameEnds)));
    } else if ((command === 'SET WIDTH 78' || command === 'SET WIDTH 100') && !result.stored) {
      // Stored by the submission; an acceptance already says it, a mail without orders gets a word of its own.
      await answer.toSeat(
        seat,
        'notice',
        composeNotice(widthSetNotice(game.id, command === 'SET WIDTH 100' ? 100 : 78)),
      );
    }
  }
  let relayedTo: string | null = null;
  if (result.message) {
    const [target] = await tx
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, game.id), eq(seats.side, result.message.to)));
    if (target) {
      // The relayed mail names the sender's side only; its Reply-To is the recipient's own seat address.
      await answer.toSeat(
        target,
        'message',
        composeRelayedMessage({
          game: ref,
          fromSide: seat.side,
          fromName: senderName(game, seat),
          text: result.message.text,
        }),
        { threaded: false },
      );
      // Kept for both sides' game pages, like a message sent from the web.
      await recordSideMessage(inner, tx, {
        gameId: game.id,
        turn: result.turn,
        fromSide: seat.side,
        toSide: target.side,
        text: result.message.text,
        channel: 'mail',
      });
      relayedTo = target.side;
    }
    if (!result.stored)
      await answer.toSeat(
        seat,
        'notice',
        composeNotice(messageSentNotice(game.id, result.message.to, target !== undefined)),
      );
  }
  return { conceded, relayedTo };
}
