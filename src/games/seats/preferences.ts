/**
 * A player's own settings for a seat, set from the orders language
 * (`SET WIDTH 100`): kept on the seat, used when its mail is written.
 */
import { eq } from 'drizzle-orm';
import { seats, type Seat } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../context.ts';
import type { ReportWidthChoice } from '../../orders/index.ts';

/**
 * Stores whether the seat's turn reports are mailed (true, the default) or shown on the web only; answers to the
 * player's own mail (STATUS among them) and the game's end are mailed either way. Returns the seat so.
 */
export async function setReportMails(tx: Tx, seat: Seat, reportMails: boolean): Promise<Seat> {
  await tx.update(seats).set({ reportMails }).where(eq(seats.id, seat.id));
  return { ...seat, reportMails };
}

/** The game page's control: the seat's reports mailed or not, in a transaction of its own. */
export async function setSeatReportMails(ctx: GamesContext, seat: Seat, reportMails: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await setReportMails(tx, seat, reportMails);
  });
}

/**
 * Stores whether the seat's turn report mails have its view of the game attached as JSON (true: SET REPORT JSON), the
 * document the API gives the seat; returns the seat so.
 */
export async function setReportJson(tx: Tx, seat: Seat, reportJson: boolean): Promise<Seat> {
  await tx.update(seats).set({ reportJson }).where(eq(seats.id, seat.id));
  return { ...seat, reportJson };
}

/** The game page's control: the JSON attached to the seat's report mails or not, in a transaction of its own. */
export async function setSeatReportJson(ctx: GamesContext, seat: Seat, reportJson: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await setReportJson(tx, seat, reportJson);
  });
}

/** Stores how wide the seat's text turn reports are (78, the default, is stored as null); returns the seat so. */
export async function setReportWidth(tx: Tx, seat: Seat, width: ReportWidthChoice): Promise<Seat> {
  const reportWidth = width === 78 ? null : width;
  await tx.update(seats).set({ reportWidth }).where(eq(seats.id, seat.id));
  return { ...seat, reportWidth };
}
