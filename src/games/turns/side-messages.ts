/**
 * Messages between sides (service.md: `MESSAGE <side>`, "a message relayed to
 * another player, who sees the sender's side, not the address"). A message is
 * kept for the game page and passed on by mail in one transaction, written
 * through the mail port. The checks and their codes are the orders language's
 * own. A MESSAGE in submitted text reaches relayMessage through submitText.
 */
import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import { sideMessages, type Game, type Seat, type SideMessage, type SubmissionChannel } from '../../db/schema.ts';
import { LIMITS } from '../../orders/index.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { conflict, invalid, LimitError } from '../errors.ts';
import { HOUR } from '../clock.ts';
import { queueAnswer } from './messages.ts';
import { sideName } from '../games/settings.ts';
import { settingsOf } from '../games/state.ts';

export interface SendMessageInput {
  readonly gameId: string;
  readonly from: Seat;
  readonly toSide: string;
  readonly text: string;
  readonly channel: SubmissionChannel;
}

/**
 * How a relayed message names its sender: the player's display name, or the
 * side's name when that is empty or looks like an address (an address is never shown).
 */
export function senderName(game: Pick<Game, 'settings'>, seat: Pick<Seat, 'displayName' | 'side'>): string {
  if (seat.displayName.trim() !== '' && !seat.displayName.includes('@')) return seat.displayName;
  try {
    return sideName(settingsOf(game), seat.side);
  } catch {
    return seat.side;
  }
}

/** Keeps a message and relays it to the other side's player. */
export async function sendSideMessage(ctx: GamesContext, input: SendMessageInput): Promise<SideMessage> {
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  return ctx.db.transaction(async (tx) => {
    const game = await createGamesRepository(tx).byId(input.gameId);
    if (game.status === 'finished' || game.status === 'abandoned')
      throw conflict('GAME_OVER', `game ${game.id} is over: it relays no more messages`);
    const others = settingsOf(game)
      .sides.map((s) => s.id)
      .filter((id) => id !== input.from.side);
    if (input.toSide === input.from.side)
      throw invalid('MESSAGE_OWN_SIDE', `${input.toSide} is your own side; send messages to ${others.join(', ')}`);
    const to = await createSeatsRepository(tx).bySide(game.id, input.toSide);
    if (!to)
      throw invalid(
        'MESSAGE_UNKNOWN_SIDE',
        `no player plays side ${input.toSide} in this game; send messages to ${others.join(', ')}`,
      );
    if (text === '') throw invalid('MESSAGE_EMPTY', 'the message has no text: write it, then send');
    if (text.length > LIMITS.messageChars)
      throw invalid('MESSAGE_TOO_LONG', `the message is longer than ${LIMITS.messageChars} characters; shorten it`);
    return relayMessage({ ...ctx, db: tx }, tx, {
      gameId: game.id,
      turn: game.currentTurn,
      from: input.from,
      to,
      text,
      channel: input.channel,
    });
  });
}

/**
 * Keeps a message and mails it to the other side's player (the mail names the
 * sender's side and name, never the address), in the caller's transaction.
 */
export async function relayMessage(
  ctx: GamesContext,
  tx: Tx,
  m: { gameId: string; turn: number; from: Seat; to: Seat; text: string; channel: SubmissionChannel },
): Promise<SideMessage> {
  await checkMessageLimit(ctx, tx, m.gameId, m.from.side);
  const [row] = await tx
    .insert(sideMessages)
    .values({
      gameId: m.gameId,
      turn: m.turn,
      fromSide: m.from.side,
      toSide: m.to.side,
      text: m.text,
      channel: m.channel,
      createdAt: ctx.clock.now(),
    })
    .returning();
  const game = await createGamesRepository(tx).byId(m.gameId);
  const composed = ctx.mail.relayedMessage({
    game: { id: game.id, name: game.name },
    fromSide: m.from.side,
    fromName: senderName(game, m.from),
    text: m.text,
  });
  await queueAnswer(ctx, tx, {
    to: m.to.email,
    gameId: game.id,
    kind: 'message',
    composed,
    inReplyTo: null,
    seat: m.to,
  });
  return row!;
}

/**
 * MESSAGES_LIMITED (429) when the seat has sent its messages for this hour (ctx.limits.messagesPerHour): one limit
 * per seat, counted in the database, so that it holds whichever channel the messages came by (every one comes
 * through relayMessage) and across processes; two messages of one seat at once are counted one after the other.
 */
async function checkMessageLimit(ctx: GamesContext, tx: Tx, gameId: string, side: string): Promise<void> {
  const limit = ctx.limits?.messagesPerHour ?? 0;
  if (limit <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`msc-messages:${gameId}:${side}`}))`);
  const now = ctx.clock.now();
  const recent = await tx
    .select({ at: sideMessages.createdAt })
    .from(sideMessages)
    .where(
      and(
        eq(sideMessages.gameId, gameId),
        eq(sideMessages.fromSide, side),
        gt(sideMessages.createdAt, new Date(now.getTime() - HOUR)),
      ),
    )
    .orderBy(asc(sideMessages.createdAt));
  if (recent.length < limit) return;
  const retryAfterS = Math.max(1, Math.ceil((recent[0]!.at.getTime() + HOUR - now.getTime()) / 1000));
  throw new LimitError(
    'MESSAGES_LIMITED',
    `your side has sent ${recent.length} messages in the last hour, the most a seat may: send the next in ` +
      `${Math.ceil(retryAfterS / 60)} minutes (orders without MESSAGE are taken meanwhile)`,
    retryAfterS,
  );
}

/** The messages a side sent or received, newest first. */
export async function messagesOf(ctx: GamesContext, gameId: string, side: string, limit = 100): Promise<SideMessage[]> {
  return ctx.db
    .select()
    .from(sideMessages)
    .where(and(eq(sideMessages.gameId, gameId), or(eq(sideMessages.fromSide, side), eq(sideMessages.toSide, side))))
    .orderBy(desc(sideMessages.createdAt), desc(sideMessages.id))
    .limit(limit);
}
