/**
 * The seats table behind a small repository: a game's seats, the seat of a
 * side, and the seat a secret token opens (only its SHA-256 is stored, under
 * a unique index). The Seat row type is re-exported here for the channels.
 */
import { and, asc, eq } from 'drizzle-orm';
import { seats, type Seat } from '../../db/schema.ts';
import type { Tx } from '../context.ts';
import { notFound, type AppError } from '../errors.ts';
import { secretMatches, sha256Hex } from '../secrets.ts';

export type { Seat };

/** The error for a side the game has no seat for. */
export function seatNotFound(gameId: string, side: string): AppError {
  return notFound('SEAT_NOT_FOUND', `game ${gameId} has no seat for side ${side}`);
}

export function createSeatsRepository(db: Tx) {
  return {
    /** A game's seats, by side. */
    async ofGame(gameId: string): Promise<Seat[]> {
      return db.select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.side));
    },
    /** The seat of one side; null if the game has none for it. */
    async bySide(gameId: string, side: string): Promise<Seat | null> {
      const [seat] = await db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, gameId), eq(seats.side, side)));
      return seat ?? null;
    },
    /** The seat a token opens, in any game; null for a wrong or rotated token. */
    async byToken(token: string): Promise<Seat | null> {
      const [seat] = await db
        .select()
        .from(seats)
        .where(eq(seats.tokenHash, sha256Hex(token)));
      return seat && secretMatches(token, seat.tokenHash) ? seat : null;
    },
  };
}
