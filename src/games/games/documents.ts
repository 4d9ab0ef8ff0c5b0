/**
 * The game documents the API answers with (GET /api/games/:id), written once: the same document a seat's turn report
 * mail has attached when its player asked for it (SET REPORT JSON), so a player's tools read one format.
 */
import type { Game, Seat } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../context.ts';
import { linkedBattlesOf } from '../battles/views.ts';
import { createGamesRepository } from './games.repository.ts';
import { seatViewOf } from './views.ts';
import { seatByToken } from '../seats/seats.ts';

/** A game view with its links: a campaign's battles of the current turn, or the campaign its linked battle is for. */
export async function withLinkedBattles<G extends Parameters<typeof linkedBattlesOf>[1]>(ctx: GamesContext, game: G) {
  return { ...game, ...(await linkedBattlesOf(ctx, game)) };
}

/** What GET /api/games/:id answers the seat's token with: its own view of the game, nothing of another side's. */
export async function seatDocument(ctx: GamesContext, game: Game, seat: Seat) {
  return { role: 'seat' as const, game: await withLinkedBattles(ctx, await seatViewOf(ctx, game, seat)) };
}

/** The seat's document for its token (BAD_TOKEN when it is no seat's of the game). */
export async function seatDocumentByToken(ctx: GamesContext, gameId: string, token: string) {
  const game = await createGamesRepository(ctx.db).byId(gameId);
  return seatDocument(ctx, game, await seatByToken(ctx.db, gameId, token));
}

/**
 * The seat's document as its turn report mail attaches it, read in the transaction that writes the report (the turn
 * just opened, as the API gives it once that transaction commits): pretty-printed JSON.
 */
export async function seatDocumentJson(ctx: GamesContext, tx: Tx, gameId: string, seat: Seat): Promise<string> {
  const inTx: GamesContext = { ...ctx, db: tx };
  const game = await createGamesRepository(tx).byId(gameId);
  return `${JSON.stringify(await seatDocument(inTx, game, seat), null, 2)}\n`;
}
