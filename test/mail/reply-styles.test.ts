/**
 * Replies as mail clients write them (issue 12): the turn report quoted
 * (Gmail, Thunderbird, Apple Mail) or copied under a header block (Outlook),
 * with the player's orders edited inside the quoted order block and nothing
 * written outside it but a greeting. Each is read from the edited block and
 * answered saying so; a block quoted back unchanged is not taken. And every
 * line of every text part the service wrote fits 78 columns, unless the player
 * chose the 100-column report (SET WIDTH 100).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { outbox, seats } from '../../src/db/schema.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, answers, orderMail, quote, seatAddress, submissionRows } from './support.ts';

const SUGGESTED = 'SHIP Black SPEED 0';
const EDITED = 'SHIP Black SPEED 3 MOVE 2R FIRE Grey';

/** A reply in each client's style to `report`, the text part of the mail it answers. */
const STYLES: Record<string, (report: string, service: string) => string> = {
  Gmail: (report, service) =>
    `Here are my orders, edited below.\n\nOn Mon, Jan 5, 2026 at 12:30 PM Minimal Space Combat <${service}> wrote:\n\n${quote(report)}\n`,
  // Thunderbird names the sender without the address, quotes blank lines as ">", and adds the signature below.
  Thunderbird: (report) => `On 05/01/2026 12:30, Minimal Space Combat wrote:\n${quote(report)}\n\n-- \nAlice\n`,
  'Apple Mail': (report, service) =>
    `Hi,\n\nSent from my iPhone\n\n> On 5 Jan 2026, at 12:30, Minimal Space Combat <${service}> wrote:\n>\n${quote(report)}\n`,
  Outlook: (report, service) =>
    [
      'Hi,',
      '',
      'Thanks!',
      '',
      '________________________________',
      `From: Minimal Space Combat <${service}>`,
      'Sent: Monday, January 5, 2026 12:30 PM',
      `To: Alice <${ALICE}>`,
      'Subject: [duel-1] Turn 1: the game begins',
      '',
      report,
    ].join('\r\n'),
};

describe.each(databaseKinds)('replies in the styles of mail clients on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let gameId: string;
  let token: string;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx, { id: 'duel-1' });
    gameId = duel.game.id;
    token = duel.tokens.black!;
  });
  afterEach(async () => {
    await database.drop();
  });

  /** The text part of the game-start report Black got: what the player replies to. */
  async function blackReport(): Promise<string> {
    const [row] = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'game-start'), eq(outbox.toAddress, ALICE)));
    return row!.textBody.replace(/\r\n/g, '\n');
  }

  /** Every text part in the outbox: no line wider than `width`. */
  async function expectAllFit(width = 78): Promise<void> {
    const rows = await ctx.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const line of row.textBody.split('\n'))
        expect([...line].length, `${row.kind}: ${line}`).toBeLessThanOrEqual(width);
  }

  it('the report they reply to holds the suggested order block and fits 78 columns', async () => {
    const report = await blackReport();
    expect(report).toContain(SUGGESTED);
    expect(report).toContain('Showing columns');
    expect(report).toContain(`The whole map is on the game's web page: ${ctx.publicUrl}/games/${gameId}`);
    await expectAllFit();
  });

  it.each(Object.keys(STYLES))('%s: orders edited inside the quote are read, and the answer says so', async (style) => {
    const report = await blackReport();
    const edited = report.replace(SUGGESTED, EDITED);
    expect(edited).not.toBe(report);
    const reply = STYLES[style]!(edited, seatAddress(token));
    const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), reply));
    expect(r.outcome, JSON.stringify(r.detail)).toBe('accepted');
    const subs = await submissionRows(ctx.db, gameId);
    expect(subs.map((s) => s.orders)).toEqual([{ Black: { speed: 3, move: '2R', fire: ['Grey'], hold: false } }]);
    const out = await answers(ctx.db);
    expect(out.map((m) => m.kind)).toEqual(['accepted']);
    const text = out[0]!.textBody.replace(/\s+/g, ' ');
    expect(text).toContain('your orders were read from the order block you edited in the quoted mail (lines');
    expect(text).toContain(EDITED);
    await expectAllFit();
  });

  it('Gmail, the block quoted back unchanged: not taken, and the answer says why', async () => {
    const reply = STYLES.Gmail!(await blackReport(), seatAddress(token));
    const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), reply));
    expect(r.outcome).not.toBe('accepted');
    expect(await submissionRows(ctx.db, gameId)).toEqual([]);
    const out = await answers(ctx.db);
    expect(out.map((m) => m.kind)).toEqual(['rejected']);
    const text = out[0]!.textBody.replace(/\s+/g, ' ');
    expect(text).toContain('is as the service sent it, unchanged');
    expect(text).toContain('QUOTED_UNCHANGED');
    await expectAllFit();
  });

  it('a greeting and a sign-off around orders: skipped, and listed in the answer', async () => {
    const reply = `Hi Bob,\n\nGAME ${gameId} TURN 1\n${EDITED}\nEND\nCheers,\nAlice\n`;
    const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), reply));
    expect(r.outcome).toBe('accepted');
    const text = (await answers(ctx.db))[0]!.textBody.replace(/\s+/g, ' ');
    expect(text).toContain('line 1 ("Hi Bob,") read as a greeting or sign-off and skipped');
    await expectAllFit();
  });

  it('FIRE Gray: the answer lists the targets and guesses the name', async () => {
    const reply = `GAME ${gameId} TURN 1\nSHIP Black SPEED 3 MOVE 2R FIRE Gray\nEND\n`;
    await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), reply));
    const text = (await answers(ctx.db))[0]!.textBody.replace(/\s+/g, ' ');
    expect(text).toContain('there is no ship Gray in this game (did you mean Grey?); enemy ships in play: Grey');
    await expectAllFit();
  });

  it('SET WIDTH 100 is kept with the seat: the next report is 100 columns wide; SET WIDTH 78 goes back', async () => {
    const wide = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), 'SET WIDTH 100\nSTATUS'));
    expect(wide.outcome, JSON.stringify(wide.detail)).not.toBe('rejected');
    const [seat] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.side, 'black')));
    expect(seat!.reportWidth).toBe(100);
    const out = await answers(ctx.db);
    const notice = out.find((m) => m.subject.includes('columns wide'))!;
    expect(notice.subject).toBe('[duel-1] Your turn reports are now 100 columns wide');
    const [report] = (await ctx.db.select().from(outbox).orderBy(asc(outbox.id)))
      .filter((m) => m.kind === 'game-start' && m.toAddress === ALICE)
      .slice(-1);
    const lines = report!.textBody.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeGreaterThan(78);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(report!.textBody).toContain('Showing the whole 12x10 map.');
    await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), 'set width 78'));
    const [back] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.side, 'black')));
    expect(back!.reportWidth).toBeNull();
  });

  it("SET WIDTH in the web page's orders text (or the API) is kept the same way", async () => {
    const r = await submitOrders(ctx, { gameId, token, text: 'SET WIDTH 100', channel: 'web' });
    expect(r.stored).toBe(false);
    expect(r.seat.reportWidth).toBe(100);
    const [seat] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.side, 'black')));
    expect(seat!.reportWidth).toBe(100);
  });
});
