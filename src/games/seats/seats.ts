/** Finding the seat a secret token belongs to. */
import { and, eq } from 'drizzle-orm';
import { seats, type Seat } from '../../db/schema.ts';

export type { Seat };
import type { Tx } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { secretMatches, sha256Hex } from '../secrets.ts';

/** The seat of `gameId` whose token this is; a wrong or rotated token is refused. */
export async function seatByToken(tx: Tx, gameId: string, token: string): Promise<Seat> {
  const hash = sha256Hex(token);
  const [seat] = await tx
    .select()
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.tokenHash, hash)));
  if (!seat || !secretMatches(token, seat.tokenHash)) {
    throw unauthorized(
      'BAD_TOKEN',
      `that token does not open a seat of game ${gameId}: use the token you were given (or ask the moderator for a new one)`,
    );
  }
  return seat;
}

/** The seat among a game's seats whose token this is (the same check as seatByToken, without a query). */
export function seatAmong(rows: readonly Seat[], gameId: string, token: string): Seat {
  const hash = sha256Hex(token);
  const seat = rows.find((s) => s.tokenHash === hash);
  if (!seat || !secretMatches(token, seat.tokenHash)) {
    throw unauthorized(
      'BAD_TOKEN',
      `that token does not open a seat of game ${gameId}: use the token you were given (or ask the moderator for a new one)`,
    );
  }
  return seat;
}
