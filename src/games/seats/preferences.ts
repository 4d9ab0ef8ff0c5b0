/**
 * A player's own settings for a seat, set from the orders language
 * (`SET WIDTH 100`): kept on the seat, used when its mail is written.
 */
import { eq } from 'drizzle-orm';
import { seats, type Seat } from '../../db/schema.ts';
import type { Tx } from '../context.ts';
import type { ReportWidthChoice } from '../../orders/index.ts';

/** Stores how wide the seat's text turn reports are (78, the default, is stored as null); returns the seat so. */
export async function setReportWidth(tx: Tx, seat: Seat, width: ReportWidthChoice): Promise<Seat> {
  const reportWidth = width === 78 ? null : width;
  await tx.update(seats).set({ reportWidth }).where(eq(seats.id, seat.id));
  return { ...seat, reportWidth };
}
