/**
 * Submitting text, the use case behind a player's every written word,
 * whichever way it comes — a mail, the web's order form, the API, the
 * command line: the orders language checks it (submitOrders), and the
 * commands that change the game take effect in the same transaction:
 * CONCEDE <game id> concedes the side, MESSAGE <side> relays the message to that
 * side's player and keeps it for both game pages, MESSAGE ALL relays press to
 * every other seat, SET ABSENCE keeps the seat's absence and moves the deadline. Answers (the mail
 * channel's acceptance and notices, a page, a JSON body) are the channel's.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppTransaction } from '../../db/client.ts';
import { SUBMISSION_CHANNELS } from '../../db/schema.ts';
import type { GamesContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { concede, lastInTransactionOrAgain, submitOrdersIn, type SubmitOrdersResult } from './orders.ts';
import { createSeatsRepository, type Seat } from '../seats/seats.repository.ts';
import { relayMessage, relayPress } from './side-messages.ts';
import { absenceDays, PRESS_TO } from '../../orders/index.ts';
import { cancelAbsencesIn, declareAbsenceIn } from '../seats/absences.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createTurnsRepository } from './turns.repository.ts';
import type { Absence } from '../../db/schema.ts';

const submitTextSchema = z.strictObject({
  // An unknown game or a wrong token is refused by the check that looks them up (GAME_NOT_FOUND, BAD_TOKEN);
  // each channel bounds the size of what it reads.
  gameId: z.string(),
  token: z.string(),
  /** Orders-language text; or, from the API, orders as JSON (no commands then). */
  text: z.string().optional(),
  orders: z.unknown().optional(),
  channel: z.enum(SUBMISSION_CHANNELS),
  messageId: z.string().max(1000).nullable().optional(),
  answersTurn: z.number().int().min(0).nullable().optional(),
});
export type SubmitTextInput = z.input<typeof submitTextSchema>;

export interface TextSubmitted extends SubmitOrdersResult {
  /** The text said CONCEDE <game id> and the side has conceded; whether that ends the game. */
  readonly conceded: { readonly gameEnds: boolean } | null;
  /** The seat a MESSAGE was relayed to; null when there was none, or no player holds that side. */
  readonly relayedTo: Seat | null;
  /** The seats press (`MESSAGE ALL`) was mailed to; empty without press. */
  readonly pressedTo: readonly Seat[];
  /** SET ABSENCE: the absence declared, or (NONE) how many were cancelled; null without one. */
  readonly absence: { readonly declared: Absence | null; readonly cancelled: number } | null;
}

export async function submitText(ctx: GamesContext, raw: SubmitTextInput): Promise<TextSubmitted> {
  const parsed = submitTextSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest(
      'INVALID_SUBMISSION',
      'the submission could not be read',
      parsed.error.issues.map((i) => ({ code: 'INVALID_FIELD', message: `${i.path.join('.')}: ${i.message}` })),
    );
  const input = parsed.data;
  return lastInTransactionOrAgain((last) => submitTextOnce(ctx, input, last));
}

async function submitTextOnce(
  ctx: GamesContext,
  input: z.infer<typeof submitTextSchema>,
  lastInTransaction: boolean,
): Promise<TextSubmitted> {
  // In a transaction the caller holds (the mail channel's, in a savepoint of its own), in that very transaction — the
  // caller rolls it back if this throws, so a savepoint here would only cost two round trips, and the caller's
  // transaction is not this one's to commit early; otherwise in one of its own.
  const callers = ctx.db instanceof PgTransaction ? (ctx.db as AppTransaction) : null;
  const inTransaction = async (tx: AppTransaction) => {
    const inner: GamesContext = { ...ctx, db: tx };
    // In this transaction itself (no savepoint): the orders and the text's commands stand or fall together. A text of
    // orders alone leaves nothing for the rest of this function to do: its orders may commit as they are stored.
    const result = await submitOrdersIn(inner, tx, {
      gameId: input.gameId,
      token: input.token,
      channel: input.channel,
      ...(input.text !== undefined ? { text: input.text } : { orders: input.orders }),
      ...(input.messageId !== undefined ? { messageId: input.messageId } : {}),
      ...(input.answersTurn != null ? { answersTurn: input.answersTurn } : {}),
      lastInTransaction: lastInTransaction && callers === null,
      // Run again below (lastInTransactionOrAgain) if the seats changed: the turn may fall due in the store itself.
      dueInStatement: lastInTransaction,
    });
    // Only `CONCEDE <game id>` concedes; `CONCEDE` alone is answered with what to send (each channel's answer).
    const conceded = result.commands.includes('CONCEDE CONFIRMED')
      ? await concede(inner, input.gameId, input.token, `${input.channel}:${result.seat.side}`)
      : null;
    // SET ABSENCE: the seat's absence kept (or, NONE, cancelled), the deadline moved, every seat told.
    const absenceCommand = result.commands.findLast((c) => c.startsWith('SET ABSENCE'));
    let absence: TextSubmitted['absence'] = null;
    if (absenceCommand !== undefined) {
      const game = await createGamesRepository(tx).byId(input.gameId);
      const days = absenceDays(absenceCommand);
      absence = days
        ? { declared: await declareAbsenceIn(inner, tx, game, result.seat, days, input.channel), cancelled: 0 }
        : { declared: null, cancelled: await cancelAbsencesIn(inner, tx, game, result.seat, input.channel) };
    }
    let relayedTo: Seat | null = null;
    let pressedTo: readonly Seat[] = [];
    if (result.message?.to === PRESS_TO) {
      // The game's press setting was checked with the text (submitOrdersIn).
      ({ recipients: pressedTo } = await relayPress(inner, tx, {
        gameId: input.gameId,
        turn: result.turn,
        from: result.seat,
        text: result.message.text,
        anonymous: result.message.anonymous === true,
        channel: input.channel,
      }));
    } else if (result.message) {
      const to = await createSeatsRepository(tx).bySide(input.gameId, result.message.to);
      if (to) {
        await relayMessage(inner, tx, {
          gameId: input.gameId,
          turn: result.turn,
          from: result.seat,
          to,
          text: result.message.text,
          channel: input.channel,
        });
        relayedTo = to;
      }
    }
    // An absence may have moved the deadline the answer names.
    const deadline = absence
      ? ((await createTurnsRepository(tx).find(input.gameId, result.turn))?.deadline ?? null)
      : result.deadline;
    return { ...result, deadline, conceded, relayedTo, pressedTo, absence };
  };
  return callers ? inTransaction(callers) : ctx.db.transaction(inTransaction);
}
