/**
 * Messages between sides (service.md: `MESSAGE <side>`, "a message relayed to
 * another player, who sees the sender's side, not the address"). A message is
 * kept for the game page and passed on by mail in one transaction; the
 * channel that sends it supplies the mail (`relay`), so this layer composes
 * none. The checks and their codes are the orders language's own.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import {
  games,
  seats,
  sideMessages,
  type Game,
  type Seat,
  type SideMessage,
  type SubmissionChannel,
} from '../db/schema.ts';
import { LIMITS } from '../orders/index.ts';
import type { GamesContext, Tx } from './context.ts';
import { conflict, invalid, notFound } from './errors.ts';
import { sideName } from './settings.ts';
import { settingsOf } from './state.ts';

export type Relay = (tx: Tx, m: { game: Game; from: Seat; to: Seat; text: string }) => Promise<void>;

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
export async function sendSideMessage(ctx: GamesContext, input: SendMessageInput, relay: Relay): Promise<SideMessage> {
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  return ctx.db.transaction(async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id, input.gameId));
    if (!game) throw notFound('GAME_NOT_FOUND', `there is no game ${input.gameId}`);
    if (game.status === 'finished' || game.status === 'abandoned')
      throw conflict('GAME_OVER', `game ${game.id} is over: it relays no more messages`);
    const others = settingsOf(game)
      .sides.map((s) => s.id)
      .filter((id) => id !== input.from.side);
    if (input.toSide === input.from.side)
      throw invalid('MESSAGE_OWN_SIDE', `${input.toSide} is your own side; send messages to ${others.join(', ')}`);
    const [to] = await tx
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, game.id), eq(seats.side, input.toSide)));
    if (!to)
      throw invalid(
        'MESSAGE_UNKNOWN_SIDE',
        `no player plays side ${input.toSide} in this game; send messages to ${others.join(', ')}`,
      );
    if (text === '') throw invalid('MESSAGE_EMPTY', 'the message has no text: write it, then send');
    if (text.length > LIMITS.messageChars)
      throw invalid('MESSAGE_TOO_LONG', `the message is longer than ${LIMITS.messageChars} characters; shorten it`);
    const [row] = await tx
      .insert(sideMessages)
      .values({
        gameId: game.id,
        turn: game.currentTurn,
        fromSide: input.from.side,
        toSide: to.side,
        text,
        channel: input.channel,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await relay(tx, { game, from: input.from, to, text });
    return row!;
  });
}

/**
 * Records a message another channel relayed (the mail channel's MESSAGE), so
 * the game page lists it too.
 */
export async function recordSideMessage(
  ctx: GamesContext,
  tx: Tx,
  m: { gameId: string; turn: number; fromSide: string; toSide: string; text: string; channel: SubmissionChannel },
): Promise<void> {
  await tx.insert(sideMessages).values({ ...m, createdAt: ctx.clock.now() });
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
