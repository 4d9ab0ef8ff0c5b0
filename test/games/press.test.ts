/**
 * Press (MESSAGE ALL): a message to every other seat, signed (white press) or anonymous (grey press, MESSAGE ALL
 * ANONYMOUS) as the game's `press` allows; PRESS_OFF and GREY_PRESS_OFF otherwise, while messages to one side go on.
 * Grey press never tells its recipients the sender's side, name or address. And both absences and press work in every
 * kind of game. On PGlite and PostgreSQL, through the use case and the real inbound mail pipeline.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox, sideMessages, turns } from '../../src/db/schema.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { createGame } from '../../src/games/games/create.ts';
import { messagesOf, pressRecipients } from '../../src/games/turns/side-messages.ts';
import { AppError } from '../../src/games/errors.ts';
import { startOfDay } from '../../src/games/seats/absences.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { campaignGame } from '../web/pages-support.ts';
import { ALICE, BOB, orderMail, seatAddress } from '../mail/support.ts';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe.each(databaseKinds)('press on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  const mailsTo = async (address: string) =>
    (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, address))).filter((m) => m.kind === 'message');

  it('MESSAGE ALL reaches every other seat signed; the sender is answered; both pages keep it', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'white-press' });
    await ctx.db.delete(outbox);
    const mail = async (text: string) =>
      handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), text));
    expect((await mail('MESSAGE ALL\nA truce for two turns?\nEND')).outcome).toBe('command');
    const [press] = await mailsTo(BOB);
    expect(press!.subject).toContain('Press from Alice (black) to every player');
    expect(press!.textBody).toContain('A truce for two turns?');
    expect(press!.textBody).not.toContain(ALICE);
    expect(await mailsTo(ALICE)).toEqual([]);
    const [answer] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE));
    expect(answer!.subject).toContain('Your press to every player');
    expect((await messagesOf(ctx, game.id, 'grey'))[0]).toMatchObject({ toSide: '*', fromSide: 'black' });
    expect((await messagesOf(ctx, game.id, 'black')).length).toBe(1);
  });

  it('grey press never tells the sender: no side, name or address in the mail', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'grey-press', settings: { press: 'grey' } });
    await ctx.db.delete(outbox);
    const r = await submitText(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'MESSAGE ALL ANONYMOUS\nGrey is bluffing.\nEND',
      channel: 'api',
    });
    expect(r.pressedTo.map((s) => s.side)).toEqual(['grey']);
    const [press] = await mailsTo(BOB);
    expect(press!.subject).toContain('Anonymous press');
    for (const body of [press!.subject, press!.textBody, press!.htmlBody ?? '']) {
      expect(body).toContain(body === press!.subject ? 'Anonymous' : 'Grey is bluffing.');
      for (const secret of ['Alice', ALICE, 'MESSAGE black', '(black)', 'plays black'])
        expect(body, secret).not.toContain(secret);
    }
    expect(JSON.stringify(press!.headers)).not.toContain(tokens.black!);
    expect(JSON.stringify(press!.headers)).not.toContain(ALICE);
    const [row] = await ctx.db.select().from(sideMessages);
    expect(row).toMatchObject({ anonymous: true, toSide: '*' });
  });

  it('PRESS_OFF and GREY_PRESS_OFF as the game chose; messages to one side go on', async () => {
    const off = await tutorialDuel(ctx, { id: 'no-press', settings: { press: 'none' } });
    const send = (gameId: string, token: string, text: string) =>
      submitText(ctx, { gameId, token, text, channel: 'api' });
    expect(await codeOf(send(off.game.id, off.tokens.black!, 'MESSAGE ALL\nhello\nEND'))).toBe('PRESS_OFF');
    expect((await send(off.game.id, off.tokens.black!, 'MESSAGE grey\nhello\nEND')).relayedTo?.side).toBe('grey');
    const white = await tutorialDuel(ctx, { id: 'white-only' });
    expect(await codeOf(send(white.game.id, white.tokens.black!, 'MESSAGE ALL ANONYMOUS\nboo\nEND'))).toBe(
      'GREY_PRESS_OFF',
    );
    expect(await ctx.db.select().from(sideMessages).where(eq(sideMessages.toSide, '*'))).toEqual([]);
  });

  it('every kind of game takes SET ABSENCE and MESSAGE ALL, and tells every seat', async () => {
    const seats = (a: string, b: string) => [
      { side: a, email: ALICE, name: 'Alice' },
      { side: b, email: BOB, name: 'Bob' },
    ];
    const games: { id: string; token: string; other: string }[] = [];
    const duel = await tutorialDuel(ctx, { id: 'k-tactical' });
    games.push({ id: duel.game.id, token: duel.tokens.black!, other: 'grey' });
    const camp = await campaignGame(ctx, 'k-strategic');
    games.push({ id: 'k-strategic', token: camp.red, other: 'blue' });
    const scg = await createGame(ctx, {
      id: 'k-scg',
      name: 'SCG',
      ruleset: 'scg',
      scenario: 'scg-combined-arms',
      seats: seats('west', 'east'),
    });
    games.push({ id: 'k-scg', token: scg.seats[0]!.token, other: 'east' });
    const mini = await createGame(ctx, {
      id: 'k-mini',
      name: 'Mini',
      ruleset: 'mini-combat',
      settings: { battle: 'standard', points: 2000, turnLimit: 4, board: 'given', terrain: { '2003': 'water' } },
      seats: seats('red', 'blue'),
    });
    games.push({ id: 'k-mini', token: mini.seats[0]!.token, other: 'blue' });
    for (const g of games) {
      await ctx.db.delete(outbox);
      const [open] = await ctx.db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, g.id), eq(turns.status, 'open')));
      const r = await submitText(ctx, {
        gameId: g.id,
        token: g.token,
        text: 'SET ABSENCE 2026-01-05 TO 2026-01-18\nMESSAGE ALL\nHello all.\nEND',
        channel: 'api',
      });
      expect(
        r.pressedTo.map((s) => s.side),
        g.id,
      ).toEqual([g.other]);
      expect(r.absence?.declared, g.id).toMatchObject({ firstDay: '2026-01-05', lastDay: '2026-01-18' });
      const [after] = await ctx.db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, g.id), eq(turns.number, open!.number)));
      // The end of the absence's last day in the seat's time zone (the campaign's Alice is in Paris).
      if (open!.deadline !== null)
        expect(after!.deadline!.toISOString(), g.id).toBe(startOfDay('2026-01-19', r.seat.timeZone).toISOString());
      const kinds = (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, BOB))).map((m) => m.kind);
      expect(kinds.sort(), g.id).toEqual(['message', 'moderation']);
      const game = { id: g.id };
      expect((await pressRecipients(ctx.db, game, { id: r.seat.id })).map((s) => s.side)).toEqual([g.other]);
    }
  });
});
