/**
 * Messages between sides (service.md: `MESSAGE <side>`, "a message relayed to
 * another player, who sees the sender's side, not the address"), and press
 * (`MESSAGE ALL`, to every other seat; `MESSAGE ALL ANONYMOUS`, grey press,
 * whose recipients never learn the sender), as the game's `press` allows. A message is
 * kept for the game page and passed on by mail in one transaction, written
 * through the mail port. The checks and their codes are the orders language's
 * own. A MESSAGE in submitted text reaches relayMessage through submitText.
 */
import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import {
  PRESS_TO_ALL,
  sideMessages,
  type Game,
  type Seat,
  type SideMessage,
  type SubmissionChannel,
} from '../../db/schema.ts';
import { LIMITS, PRESS_TO } from '../../orders/index.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { conflict, invalid, LimitError } from '../errors.ts';
import { HOUR } from '../clock.ts';
import { queueAnswer, queueObserverPress } from './messages.ts';
import { sideName, type GameSettings } from '../games/settings.ts';
import { settingsOf } from '../games/state.ts';

export interface SendMessageInput {
  readonly gameId: string;
  readonly from: Seat;
  /** A side, or PRESS_TO (`ALL`): press, to every other seat. */
  readonly toSide: string;
  readonly text: string;
  readonly channel: SubmissionChannel;
  /** Grey press: the recipients are not told who sent it (press only). */
  readonly anonymous?: boolean;
}

export { PRESS_TO_ALL };

/**
 * Whether the game takes this press (`MESSAGE ALL`, its `press` setting): PRESS_OFF when it takes none,
 * GREY_PRESS_OFF when anonymous press is asked for and only signed press is allowed. Messages to one side are taken
 * whatever the setting.
 */
export function checkPress(settings: Pick<GameSettings, 'press'>, anonymous: boolean): void {
  if (settings.press === 'none')
    throw invalid(
      'PRESS_OFF',
      'this game takes no press: MESSAGE ALL is off (its creator chose so); nothing was stored. Send a message to one side instead: MESSAGE <side>',
      [{ line: null, code: 'PRESS_OFF', message: 'MESSAGE ALL is off in this game: write MESSAGE <side>' }],
    );
  if (anonymous && settings.press !== 'grey')
    throw invalid(
      'GREY_PRESS_OFF',
      'this game takes signed press only: MESSAGE ALL ANONYMOUS is off (its creator chose so); nothing was stored. Write MESSAGE ALL, which tells the others your side and name',
      [{ line: null, code: 'GREY_PRESS_OFF', message: 'anonymous press is off in this game: write MESSAGE ALL' }],
    );
}

/**
 * Who receives press (`MESSAGE ALL`) from a seat: every other seat of the game still playing (not conceded). The one
 * place that says so: observers, where a game has them, are added here.
 */
export async function pressRecipients(tx: Tx, game: Pick<Game, 'id'>, from: Pick<Seat, 'id'>): Promise<Seat[]> {
  const all = await createSeatsRepository(tx).ofGame(game.id);
  return all.filter((s) => s.id !== from.id && s.concededAt === null);
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
    if (text === '') throw invalid('MESSAGE_EMPTY', 'the message has no text: write it, then send');
    if (text.length > LIMITS.messageChars)
      throw invalid('MESSAGE_TOO_LONG', `the message is longer than ${LIMITS.messageChars} characters; shorten it`);
    if (input.toSide === PRESS_TO) {
      const anonymous = input.anonymous === true;
      checkPress(settingsOf(game), anonymous);
      const sent = await relayPress({ ...ctx, db: tx }, tx, {
        gameId: game.id,
        turn: game.currentTurn,
        from: input.from,
        text,
        anonymous,
        channel: input.channel,
      });
      return sent.message;
    }
    if (input.toSide === input.from.side)
      throw invalid('MESSAGE_OWN_SIDE', `${input.toSide} is your own side; send messages to ${others.join(', ')}`);
    const to = await createSeatsRepository(tx).bySide(game.id, input.toSide);
    if (!to)
      throw invalid(
        'MESSAGE_UNKNOWN_SIDE',
        `no player plays side ${input.toSide} in this game; send messages to ${others.join(', ')}`,
      );
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
  const sent = await keepAndMail(ctx, tx, {
    ...m,
    toSide: m.to.side,
    anonymous: false,
    recipients: async () => [m.to],
  });
  return sent.message;
}

/**
 * Keeps press (`MESSAGE ALL`) and mails it to every recipient (pressRecipients) and to the game's observers, in the
 * caller's transaction. Signed
 * press names the sender's side and name; grey press (anonymous) names neither, in the mail or on any page but the
 * sender's own. One message against the sender's hourly limit, however many receive it.
 */
export async function relayPress(
  ctx: GamesContext,
  tx: Tx,
  m: { gameId: string; turn: number; from: Seat; text: string; anonymous: boolean; channel: SubmissionChannel },
): Promise<{ message: SideMessage; recipients: Seat[] }> {
  return keepAndMail(ctx, tx, {
    ...m,
    toSide: PRESS_TO_ALL,
    recipients: (game) => pressRecipients(tx, game, m.from),
  });
}

/** A message kept (within the sender's hourly limit) and mailed to each recipient, in the caller's transaction. */
async function keepAndMail(
  ctx: GamesContext,
  tx: Tx,
  m: {
    gameId: string;
    turn: number;
    from: Seat;
    toSide: string;
    recipients: (game: Game) => Promise<Seat[]>;
    anonymous: boolean;
    text: string;
    channel: SubmissionChannel;
  },
): Promise<{ message: SideMessage; recipients: Seat[] }> {
  await checkMessageLimit(ctx, tx, m.gameId, m.from.side);
  const [row] = await tx
    .insert(sideMessages)
    .values({
      gameId: m.gameId,
      turn: m.turn,
      fromSide: m.from.side,
      toSide: m.toSide,
      anonymous: m.anonymous,
      text: m.text,
      channel: m.channel,
      createdAt: ctx.clock.now(),
    })
    .returning();
  const game = await createGamesRepository(tx).byId(m.gameId);
  const mail = {
    game: { id: game.id, name: game.name },
    fromSide: m.anonymous ? null : m.from.side,
    fromName: m.anonymous ? null : senderName(game, m.from),
    text: m.text,
    toAll: m.toSide === PRESS_TO_ALL,
  };
  const composed = ctx.mail.relayedMessage(mail);
  const recipients = await m.recipients(game);
  for (const to of recipients)
    await queueAnswer(ctx, tx, { to: to.email, gameId: game.id, kind: 'message', composed, inReplyTo: null, seat: to });
  // Press reaches the game's observers too (njudge's broadcasts), each mail with its stop link.
  if (mail.toAll)
    await queueObserverPress(ctx, tx, game, (stopUrl) => ctx.mail.relayedMessage({ ...mail, observer: { stopUrl } }));
  return { message: row!, recipients };
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

/** The messages a side sent or received, press to every player among them, newest first. */
export async function messagesOf(ctx: GamesContext, gameId: string, side: string, limit = 100): Promise<SideMessage[]> {
  return ctx.db
    .select()
    .from(sideMessages)
    .where(
      and(
        eq(sideMessages.gameId, gameId),
        or(eq(sideMessages.fromSide, side), eq(sideMessages.toSide, side), eq(sideMessages.toSide, PRESS_TO_ALL)),
      ),
    )
    .orderBy(desc(sideMessages.createdAt), desc(sideMessages.id))
    .limit(limit);
}
