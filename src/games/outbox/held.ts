/**
 * Invitations are opt-in: a seat whose player has not joined yet (seats.joined_at null) is mailed its invitation and
 * nothing else. Every mail to a seat asks here first; what is not sent is not kept (the seat gets the current state
 * when it joins: seats/joining.ts). The game itself runs on its deadlines whether or not its seats have joined.
 */
import { eq } from 'drizzle-orm';
import { seats } from '../../db/schema.ts';
import type { Tx } from '../context.ts';

/** Whether mail to the seat is held back: it has not joined. Its invitation is the one mail that is not asked about. */
export async function heldFromSeat(tx: Tx, seatId: string): Promise<boolean> {
  const [row] = await tx.select({ joinedAt: seats.joinedAt }).from(seats).where(eq(seats.id, seatId));
  return row !== undefined && row.joinedAt === null;
}
