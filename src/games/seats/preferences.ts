/**
 * A player's own settings for a seat, set from the orders language
 * (`SET WIDTH 100`): kept on the seat, used when its mail is written.
 */
import { eq } from 'drizzle-orm';
import { seats, type Seat } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../context.ts';
import type { ReportWidthChoice } from '../../orders/index.ts';

/**
 * The seat's report mail settings: whether its turn reports are mailed (`reportMails`, SET REPORTS MAIL / WEB; answers
 * to the player's own mail and the game's end are mailed either way) and whether they have its view attached as JSON
 * (`reportJson`, SET REPORT JSON / TEXT), the document the API gives the seat.
 */
export type ReportSettings = Partial<Pick<Seat, 'reportMails' | 'reportJson'>>;

/** Stores report mail settings of the seat; returns the seat so. */
export async function setReportSettings(tx: Tx, seat: Seat, settings: ReportSettings): Promise<Seat> {
  await tx.update(seats).set(settings).where(eq(seats.id, seat.id));
  return { ...seat, ...settings };
}

/** The game page's controls: report mail settings of the seat, in a transaction of their own. */
export async function setSeatReportSettings(ctx: GamesContext, seat: Seat, settings: ReportSettings): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await setReportSettings(tx, seat, settings);
  });
}

/** Stores how wide the seat's text turn reports are (78, the default, is stored as null); returns the seat so. */
export async function setReportWidth(tx: Tx, seat: Seat, width: ReportWidthChoice): Promise<Seat> {
  const reportWidth = width === 78 ? null : width;
  await tx.update(seats).set({ reportWidth }).where(eq(seats.id, seat.id));
  return { ...seat, reportWidth };
}
