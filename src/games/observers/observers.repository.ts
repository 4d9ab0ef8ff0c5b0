/**
 * The observers table (games/observers/observers.ts): who observes a game, how many, and the links their mail carries.
 */
import { createHmac } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { observers, type Observer } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../context.ts';
import { normalizeEmail } from '../logins/logins.ts';
import { sha256Hex } from '../secrets.ts';

export type { Observer };

/** The game's observers, oldest first. */
export async function observersOf(tx: Tx, gameId: string): Promise<Observer[]> {
  return tx.select().from(observers).where(eq(observers.gameId, gameId)).orderBy(asc(observers.createdAt));
}

/** The observers of each of `gameIds` (one statement), each game's oldest first; a game with none has no entry. */
export async function observersOfGames(tx: Tx, gameIds: readonly string[]): Promise<Map<string, Observer[]>> {
  const byGame = new Map<string, Observer[]>();
  if (gameIds.length === 0) return byGame;
  const rows = await tx
    .select()
    .from(observers)
    .where(inArray(observers.gameId, [...new Set(gameIds)]))
    .orderBy(asc(observers.createdAt));
  for (const row of rows) byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), row]);
  return byGame;
}

/** How many observe the game: what seats and visitors are told (never who). */
export async function observerCount(tx: Tx, gameId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(observers).where(eq(observers.gameId, gameId));
  return row?.n ?? 0;
}

export async function isObserver(tx: Tx, gameId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: observers.id })
    .from(observers)
    .where(and(eq(observers.gameId, gameId), eq(observers.email, normalizeEmail(email))));
  return row !== undefined;
}

/**
 * The secret of an observer's stop link: 192 bits derived from the service key and the observer's row, so that every
 * mail can carry it without storing it; a new row (observing again) has a new one.
 */
export function observerStopToken(serviceKey: Buffer, observerId: string): string {
  return createHmac('sha256', serviceKey)
    .update(`observer-stop:${observerId}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

/** The link that stops an observer's mail (GET shows a button, POST stops): short enough for a line of mail. */
export function observerStopUrl(ctx: Pick<GamesContext, 'publicUrl' | 'serviceKey'>, o: Pick<Observer, 'id'>): string {
  return `${ctx.publicUrl}/unobserve/${observerStopToken(ctx.serviceKey, o.id)}`;
}

/** The observer a stop link's secret is for; null for any other text. */
export async function observerByStopToken(tx: Tx, token: string): Promise<Observer | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await tx
    .select()
    .from(observers)
    .where(eq(observers.stopHash, sha256Hex(token)));
  return row ?? null;
}

/** Where an observer reads the game on the web. */
export const observePageUrl = (ctx: Pick<GamesContext, 'publicUrl'>, gameId: string): string =>
  `${ctx.publicUrl}/games/${gameId}/observe`;
