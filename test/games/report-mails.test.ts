/**
 * A player who plays on the web may stop the turn reports' mail for their seat: `SET REPORTS WEB` by mail (or the
 * game page's control), `SET REPORTS MAIL` to have them again. Without them the seat is not mailed its turn reports —
 * they stay on the game page — while the answers to its own mail (STATUS's report among them) and the game's end
 * still come by mail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../src/db/schema.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, BOB, orderMail, seatAddress } from '../mail/support.ts';

describe.each(databaseKinds)('turn reports by mail or on the web only, on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  const kindsTo = async (address: string) =>
    (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(outbox.id)).map((m) => m.kind);

  it('SET REPORTS WEB stops the turn reports’ mail; STATUS, answers and the game’s end still come; MAIL brings them back', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'web-only' });
    const mail = async (from: string, side: string, text: string) =>
      handleInboundMail(ctx, await orderMail(from, seatAddress(tokens[side]!), text));
    await ctx.db.delete(outbox);

    const set = await mail(ALICE, 'black', 'SET REPORTS WEB');
    expect(set.outcome).toBe('command');
    const [notice] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE));
    expect(notice!.subject).toContain('Your turn reports are on the web only');
    await ctx.db.delete(outbox);

    // Turn 1 resolves: Bob is mailed turn 2's report, Alice only the answer to her orders.
    expect((await mail(ALICE, 'black', duelOrders(game.id, 'black'))).outcome).toBe('accepted');
    expect((await mail(BOB, 'grey', duelOrders(game.id, 'grey'))).outcome).toBe('accepted');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: game.id, turn: 1 });
    expect(await kindsTo(BOB)).toEqual(['accepted', 'turn-report']);
    expect(await kindsTo(ALICE)).toEqual(['accepted']);

    // STATUS is an answer to her mail: her report comes.
    await mail(ALICE, 'black', 'STATUS');
    expect(await kindsTo(ALICE)).toEqual(['accepted', 'turn-report']);
    await ctx.db.delete(outbox);

    // Back to the mail: the next turn's report is mailed to her again.
    expect((await mail(ALICE, 'black', `GAME ${game.id} TURN 2\nSET REPORTS MAIL\nHOLD\nEND`)).outcome).toBe(
      'accepted',
    );
    expect((await mail(BOB, 'grey', `GAME ${game.id} TURN 2\nHOLD\nEND`)).outcome).toBe('accepted');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: game.id, turn: 2 });
    expect(await kindsTo(ALICE)).toEqual(['accepted', 'turn-report']);

    // Web only again: the end of the game is mailed all the same.
    await mail(ALICE, 'black', 'SET REPORTS WEB');
    await ctx.db.delete(outbox);
    await mail(BOB, 'grey', `CONCEDE ${game.id}`);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: game.id, gameOver: true });
    expect(await kindsTo(ALICE)).toContain('game-end');
  });

  it('SET REPORTS takes MAIL or WEB only, and says so', async () => {
    const { tokens } = await tutorialDuel(ctx, { id: 'web-bad' });
    const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), 'SET REPORTS PIGEON'));
    expect(r.outcome).toBe('rejected');
    const [answer] = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'rejected'));
    expect(answer!.textBody.replace(/\s+/g, ' ')).toContain('SET REPORTS takes MAIL');
  });

  it('SET REPORT JSON attaches the seat’s view to its reports, SET REPORT TEXT stops it, another word is refused', async () => {
    const { tokens } = await tutorialDuel(ctx, { id: 'json-mail' });
    const mail = async (text: string) =>
      handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), text));
    await ctx.db.delete(outbox);
    expect((await mail('SET REPORT JSON\nSTATUS')).outcome).toBe('command');
    const rows = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE)).orderBy(outbox.id);
    // Turn 1's report again (a game-start mail), after the notice of the setting.
    expect(rows.map((r) => r.kind)).toEqual(['notice', 'game-start']);
    expect(rows[0]!.subject).toContain('have your view attached as JSON');
    expect(rows[1]!.attachments).toHaveLength(1);
    expect(JSON.parse(rows[1]!.attachments[0]!.content)).toMatchObject({
      role: 'seat',
      game: { id: 'json-mail', me: { side: 'black' } },
    });
    await ctx.db.delete(outbox);
    expect((await mail('SET REPORT TEXT\nSTATUS')).outcome).toBe('command');
    const [report] = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'game-start'));
    expect(report!.attachments).toEqual([]);
    const bad = await mail('SET REPORT XML');
    expect(bad.outcome).toBe('rejected');
    const [answer] = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'rejected'));
    expect(answer!.textBody.replace(/\s+/g, ' ')).toContain('SET REPORT takes JSON');
  });
});
