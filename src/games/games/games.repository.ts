/**
 * The games table behind a small repository: a game by its id (the one place
 * GAME_NOT_FOUND is raised for a missing game), locked for an update, or just
 * whether it exists. The row types the channels use are re-exported here, so
 * that nothing outside src/games needs the schema.
 */
import { eq } from 'drizzle-orm';
import { games, type Game, type GameResult, type GameStatus, type Ruleset } from '../../db/schema.ts';
import type { Tx } from '../context.ts';
import { notFound, type AppError } from '../errors.ts';

export type { Game, GameResult, GameStatus, Ruleset };
export { GAME_STATUSES } from '../../db/schema.ts';

/** The error for a game id nothing answers to; `hint` says where the id came from (e.g. a mail's GAME line). */
export function gameNotFound(gameId: string, hint = ''): AppError {
  return notFound('GAME_NOT_FOUND', `there is no game ${gameId}${hint}`);
}

export function createGamesRepository(db: Tx) {
  async function find(gameId: string, options: { forUpdate?: boolean } = {}): Promise<Game | null> {
    const query = db.select().from(games).where(eq(games.id, gameId));
    const [game] = options.forUpdate ? await query.for('update') : await query;
    return game ?? null;
  }
  return {
    /** The game, or null. */
    find,
    /** The game; GAME_NOT_FOUND if there is none. `forUpdate` locks its row to the end of the transaction. */
    async byId(gameId: string, options: { forUpdate?: boolean; hint?: string } = {}): Promise<Game> {
      const game = await find(gameId, options);
      if (!game) throw gameNotFound(gameId, options.hint);
      return game;
    },
    async exists(gameId: string): Promise<boolean> {
      const [row] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
      return row !== undefined;
    },
  };
}
