/**
 * Observers of a game (issue 26; njudge OBSERVE, DPjudge observers): a game's creator may allow them
 * (`observers: "allowed"`); anyone may then follow the game, by the web or by mail, and is mailed what the public may
 * see (observer-view.ts) after each turn, and the end.
 *
 * An address becomes an observer only once it has shown it is its own: signed in on the web (a session started by a
 * link mailed to it), or by following the single-use link mailed to it in answer to `OBSERVE <game>` or to the observe
 * page's form. A From header alone never makes anyone an observer. Each observer mail carries a link that stops it
 * (a secret derived from the service key, like a seat's token); a signed-in observer may stop on the page; the
 * moderator may remove any observer. Asking is limited: OBSERVE_LINKS_PER_HOUR links an address an hour, and at most
 * MAX_OBSERVERS a game.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { observers, outbox, seats, type Game, type Observer } from '../../db/schema.ts';
import { HOUR } from '../clock.ts';
import type { GamesContext, Tx } from '../context.ts';
import { conflict, forbidden, LimitError } from '../errors.ts';
import { createGamesRepository, gameNotFound } from '../games/games.repository.ts';
import { isOver, settingsOf } from '../games/state.ts';
import { issueLoginToken, loginUrl, normalizeEmail } from '../logins/logins.ts';
import { queueAnswer, queueObserverWelcome } from '../turns/messages.ts';
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../secrets.ts';
import {
  isObserver,
  observerByStopToken,
  observerCount,
  observersOf,
  observerStopToken,
  observerStopUrl,
} from './observers.repository.ts';

export {
  isObserver,
  observerByStopToken,
  observerCount,
  observersOf,
  observePageUrl,
  observerStopUrl,
} from './observers.repository.ts';

/** Links to observe one address may be sent per hour (OBSERVE by mail, the observe page's form). */
export const OBSERVE_LINKS_PER_HOUR = 3;
/** Observers one game may have. */
export const MAX_OBSERVERS = 200;
/** How long a link to observe works: a day (it is read some time after it is asked for). */
const OBSERVE_LINK_LIFE_MS = 24 * HOUR;

/** The addresses that observe `gameId`, oldest first: mail to "the observers" goes to each (press, reports). */
export async function observerAddresses(ctx: { readonly db: Tx }, gameId: string): Promise<string[]> {
  return (await observersOf(ctx.db, gameId)).map((o) => o.email);
}

/**
 * Whether `email` may observe the game now: GAME_NOT_FOUND for a private battle's unknown game is the caller's;
 * OBSERVERS_NOT_ALLOWED (403) when its creator did not allow observers, GAME_OVER (409) when it is over (its archive
 * is open to all), HAS_SEAT (409) for one of its own players.
 */
async function checkMayObserve(tx: Tx, game: Game, email: string): Promise<void> {
  if (settingsOf(game).observers !== 'allowed')
    throw forbidden('OBSERVERS_NOT_ALLOWED', `game ${game.id} takes no observers: its creator did not allow them`);
  if (isOver(game))
    throw conflict('GAME_OVER', `game ${game.id} is over: its whole history is in the archive, /archive/${game.id}`);
  const [seat] = await tx
    .select({ id: seats.id })
    .from(seats)
    .where(and(eq(seats.gameId, game.id), eq(seats.email, email)));
  if (seat) throw conflict('HAS_SEAT', `you play in game ${game.id}: your reports tell you more than an observer's`);
}

async function findGame(tx: Tx, gameId: string): Promise<Game> {
  const game = await createGamesRepository(tx).find(gameId);
  if (!game) throw gameNotFound(gameId);
  return game;
}

/**
 * Someone asks to observe by mail (`OBSERVE <game>`) or on the observe page without being signed in: the address is
 * mailed a single-use link that confirms it (a login link for the game, purpose `observe`). Refusals are thrown
 * (checkMayObserve); over OBSERVE_LINKS_PER_HOUR nothing is sent and false is returned (the asker is told the same).
 */
export async function requestToObserve(
  ctx: GamesContext,
  tx: Tx,
  m: { gameId: string; email: string; inReplyTo?: string | null },
): Promise<boolean> {
  const email = normalizeEmail(m.email);
  const game = await findGame(tx, m.gameId);
  await checkMayObserve(tx, game, email);
  if (await askedTooOften(ctx, tx, email)) return false;
  const { token } = await issueLoginToken(ctx, tx, {
    email,
    purpose: 'observe',
    gameId: game.id,
    lifeMs: OBSERVE_LINK_LIFE_MS,
  });
  const composed = ctx.mail.notice({
    outsider: true,
    subject: `[${game.id}] Confirm: observe ${game.name}`,
    paragraphs: [
      `Someone (we hope you) asked for this address to observe the game ${game.name} (game ${game.id}). Follow this link to confirm it: you will be mailed what the public may see of each turn, and the end of the game.`,
      loginUrl(ctx, token),
      'It works once, within a day, and logs you in. If you did not ask for it, ignore this mail: nothing happens without the link.',
    ],
  });
  await queueAnswer(ctx, tx, { to: email, gameId: game.id, kind: 'observe', composed, inReplyTo: m.inReplyTo ?? null });
  return true;
}

/** Whether `email` was mailed OBSERVE_LINKS_PER_HOUR links to observe or stop observing in the last hour. */
async function askedTooOften(ctx: GamesContext, tx: Tx, email: string): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - HOUR);
  const [recent] = await tx
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'observe'), gt(outbox.createdAt, since)));
  return (recent?.n ?? 0) >= OBSERVE_LINKS_PER_HOUR;
}

/**
 * `UNOBSERVE <game>` by mail: its From may be forged, so nothing stops yet — the address, if it observes the game, is
 * mailed its stop link (only its owner reads it). False when nothing was sent (it does not observe, or asked too
 * often).
 */
export async function mailStopLink(
  ctx: GamesContext,
  tx: Tx,
  m: { gameId: string; email: string; inReplyTo?: string | null },
): Promise<boolean> {
  const email = normalizeEmail(m.email);
  const [o] = (await observersOf(tx, m.gameId)).filter((x) => x.email === email);
  if (!o || (await askedTooOften(ctx, tx, email))) return false;
  const game = await findGame(tx, m.gameId);
  const composed = ctx.mail.notice({
    outsider: true,
    subject: `[${game.id}] Stop observing ${game.name}`,
    paragraphs: [
      `Someone (we hope you) asked for this address to stop observing the game ${game.name} (game ${game.id}). Follow this link to stop:`,
      observerStopUrl(ctx, o),
      'If you did not ask for it, ignore this mail: you go on observing.',
    ],
  });
  await queueAnswer(ctx, tx, { to: email, gameId: game.id, kind: 'observe', composed, inReplyTo: m.inReplyTo ?? null });
  return true;
}

/**
 * Makes a proven address an observer (a followed link, a signed-in visitor): nothing new when it observes already.
 * A new observer is mailed a welcome with what it may see now and its stop link. LimitError OBSERVERS_FULL past
 * MAX_OBSERVERS.
 */
export async function addObserver(
  ctx: GamesContext,
  tx: Tx,
  m: { gameId: string; email: string },
): Promise<{ readonly added: boolean }> {
  const email = normalizeEmail(m.email);
  const game = await findGame(tx, m.gameId);
  await checkMayObserve(tx, game, email);
  if (await isObserver(tx, game.id, email)) return { added: false };
  if ((await observerCount(tx, game.id)) >= MAX_OBSERVERS)
    throw new LimitError(
      'OBSERVERS_FULL',
      `game ${game.id} has as many observers as it takes (${MAX_OBSERVERS})`,
      3600,
    );
  const id = randomUUID();
  const [row] = await tx
    .insert(observers)
    .values({
      id,
      gameId: game.id,
      email,
      stopHash: sha256Hex(observerStopToken(ctx.serviceKey, id)),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { added: false };
  await queueObserverWelcome(ctx, tx, game, row);
  ctx.logger?.info({ module: 'games', gameId: game.id }, 'observer added');
  return { added: true };
}

/** The signed-in (or link-proven) address stops observing; false when it did not observe. */
export async function stopObserving(ctx: GamesContext, m: { gameId: string; email: string }): Promise<boolean> {
  const gone = await ctx.db
    .delete(observers)
    .where(and(eq(observers.gameId, m.gameId), eq(observers.email, normalizeEmail(m.email))))
    .returning();
  return gone.length > 0;
}

/** A stop link followed (its POST): the observer it is for stops; null when it stops nobody. */
export async function stopByLink(ctx: GamesContext, token: string): Promise<Observer | null> {
  const o = await observerByStopToken(ctx.db, token);
  if (!o) return null;
  await ctx.db.delete(observers).where(eq(observers.id, o.id));
  return o;
}
