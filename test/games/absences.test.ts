/**
 * Absences (SET ABSENCE): a seat declares days it cannot play; the open turn's deadline, inside them, moves to their
 * end (reminders and the calendar feed follow), every seat is told, the game's limits hold, the moderator may refuse
 * one (the deadline put back, the seat told why), SET ABSENCE NONE cancels; a turn opened later inside an absence opens
 * with the moved deadline. On PGlite and PostgreSQL, through the use case and the real inbound mail pipeline.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { absences, outbox, seats, submissions, turns } from '../../src/db/schema.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { pause, refuseAbsence, resume } from '../../src/games/moderation/moderation.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { calendarDeadlines } from '../../src/games/logins/calendar.ts';
import { deadlineWithAbsences, startOfDay } from '../../src/games/seats/absences.ts';
import { AppError } from '../../src/games/errors.ts';
import { HOUR } from '../../src/games/clock.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, BOB, orderMail, seatAddress } from '../mail/support.ts';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe('an absence’s days in the seat’s time zone', () => {
  it('begins at the first moment of its first day there', () => {
    expect(startOfDay('2026-01-07', 'UTC').toISOString()).toBe('2026-01-07T00:00:00.000Z');
    expect(startOfDay('2026-01-07', 'America/New_York').toISOString()).toBe('2026-01-07T05:00:00.000Z');
    expect(startOfDay('2026-07-07', 'Europe/Paris').toISOString()).toBe('2026-07-06T22:00:00.000Z');
    // The day the clocks go forward in Paris still begins at midnight local time.
    expect(startOfDay('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe.each(databaseKinds)('absences on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  const openTurn = async (gameId: string) =>
    (
      await ctx.db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, gameId), eq(turns.status, 'open')))
    )[0]!;
  const noticesTo = async (address: string) =>
    (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, address))).filter((m) => m.kind === 'moderation');
  const send = (gameId: string, token: string, text: string) =>
    submitText(ctx, { gameId, token, text, channel: 'api' });

  it('moves the open deadline to the absence’s end, reminders and calendar with it, and tells every seat', async () => {
    const { game, tokens, moderatorToken } = await tutorialDuel(ctx, { id: 'away' });
    const before = await openTurn(game.id);
    // The clock stands at 2026-01-05 12:00 UTC: the turn's deadline is 2026-01-08 12:00.
    expect(before.deadline!.toISOString()).toBe('2026-01-08T12:00:00.000Z');
    await ctx.db.update(seats).set({ timeZone: 'America/New_York' }).where(eq(seats.side, 'black'));
    await ctx.db.delete(outbox);

    const r = await send(game.id, tokens.black!, 'SET ABSENCE 2026-01-07 TO 2026-01-10');
    expect(r.absence?.declared).toMatchObject({ firstDay: '2026-01-07', lastDay: '2026-01-10', status: 'active' });
    const after = await openTurn(game.id);
    // The end of 2026-01-10 in New York.
    expect(after.deadline!.toISOString()).toBe('2026-01-11T05:00:00.000Z');
    expect(r.deadline).toEqual(after.deadline);
    expect(after.nextReminderAt!.getTime()).toBe(after.deadline!.getTime() - 24 * HOUR);
    expect(after.remindersSent).toEqual([]);
    for (const to of [ALICE, BOB]) {
      const [notice] = await noticesTo(to);
      expect(notice!.subject).toContain('Alice (Black) is away from 2026-01-07 to 2026-01-10');
      expect(notice!.textBody).toContain('The deadline of turn 1 moves to the end of the absence');
    }
    // Bob's calendar feed shows the moved deadline.
    const [feed] = await calendarDeadlines(ctx, BOB);
    expect(feed!.deadline.toISOString()).toBe('2026-01-11T05:00:00.000Z');

    // The moderator refuses it: the deadline is put back, every seat is told, with the reason.
    const [row] = await ctx.db.select().from(absences);
    await ctx.db.delete(outbox);
    await refuseAbsence(ctx, { gameId: game.id, key: moderatorToken }, row!.id, 'the tournament has no breaks');
    expect((await openTurn(game.id)).deadline!.toISOString()).toBe('2026-01-08T12:00:00.000Z');
    const [told] = await noticesTo(ALICE);
    expect(told!.subject).toContain('absence is refused by the moderator');
    expect(told!.textBody).toContain("The moderator's reason: the tournament has no breaks");
    expect((await noticesTo(BOB)).length).toBe(1);
    expect((await calendarDeadlines(ctx, BOB))[0]!.deadline.toISOString()).toBe('2026-01-08T12:00:00.000Z');
    expect(await codeOf(refuseAbsence(ctx, { gameId: game.id, key: moderatorToken }, row!.id))).toBe(
      'ABSENCE_NOT_ACTIVE',
    );
    expect(await codeOf(refuseAbsence(ctx, { gameId: game.id, key: 'wrong' }, row!.id))).toBe('BAD_MODERATOR_KEY');
  });

  it('keeps to the game’s limits; a refused absence stores nothing of the text, its orders included', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'limits', settings: { absenceDays: 5, absenceCount: 2 } });
    const orders = duelOrders(game.id, 'black').replace(/\nEND$/, '');
    expect(await codeOf(send(game.id, tokens.black!, `${orders}\nSET ABSENCE 2026-02-01 TO 2026-02-06\nEND`))).toBe(
      'ABSENCE_TOO_LONG',
    );
    expect(await ctx.db.select().from(submissions)).toEqual([]);
    expect(await codeOf(send(game.id, tokens.black!, 'SET ABSENCE 2026-01-01 TO 2026-01-04'))).toBe('ABSENCE_PAST');
    expect(await codeOf(send(game.id, tokens.black!, 'SET ABSENCE 2028-01-01'))).toBe('ABSENCE_TOO_FAR');
    await send(game.id, tokens.black!, 'SET ABSENCE 2026-02-01 TO 2026-02-02');
    expect(await codeOf(send(game.id, tokens.black!, 'SET ABSENCE 2026-02-02 TO 2026-02-03'))).toBe('ABSENCE_OVERLAP');
    await send(game.id, tokens.black!, 'SET ABSENCE 2026-02-10');
    expect(await codeOf(send(game.id, tokens.black!, 'SET ABSENCE 2026-02-20'))).toBe('ABSENCE_TOO_MANY');
    // The other seat's limits are its own.
    await send(game.id, tokens.grey!, 'SET ABSENCE 2026-02-01 TO 2026-02-05');
    // An absence that has begun is taken (the deadline inside it moves at once); one that is over is refused.
    const off = await tutorialDuel(ctx, { id: 'no-absences', settings: { absenceDays: 0 } });
    expect(await codeOf(send(off.game.id, off.tokens.black!, 'SET ABSENCE 2026-02-01'))).toBe('ABSENCE_OFF');
  });

  it('SET ABSENCE NONE cancels and puts the deadline back; the answer mail says so, by the real inbound pipeline', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'by-mail' });
    const mail = async (from: string, side: string, text: string) =>
      handleInboundMail(ctx, await orderMail(from, seatAddress(tokens[side]!), text));
    await ctx.db.delete(outbox);
    expect((await mail(ALICE, 'black', 'SET ABSENCE 2026-01-08 TO 2026-01-09')).outcome).toBe('command');
    expect((await openTurn(game.id)).deadline!.toISOString()).toBe('2026-01-10T00:00:00.000Z');
    expect((await noticesTo(BOB))[0]!.subject).toContain('is away from 2026-01-08 to 2026-01-09');

    // A bad date is answered with its code, and nothing changes.
    await ctx.db.delete(outbox);
    await mail(ALICE, 'black', 'SET ABSENCE 2026-02-30');
    const [rejected] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE));
    expect(rejected!.kind).toBe('rejected');
    expect(rejected!.textBody).toContain('ABSENCE_DATE');

    await ctx.db.delete(outbox);
    expect((await mail(ALICE, 'black', 'SET ABSENCE NONE')).outcome).toBe('command');
    expect((await openTurn(game.id)).deadline!.toISOString()).toBe('2026-01-08T12:00:00.000Z');
    for (const to of [ALICE, BOB]) expect((await noticesTo(to))[0]!.subject).toContain('absence is cancelled');
    await ctx.db.delete(outbox);
    await mail(ALICE, 'black', 'SET ABSENCE NONE');
    const [none] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE));
    expect(none!.subject).toContain('You had no absence to cancel');
    expect(await noticesTo(BOB)).toEqual([]);
  });

  it('a resumed game whose deadline falls inside an absence moves it; a side that conceded waits for nobody', async () => {
    const { game, tokens, moderatorToken } = await tutorialDuel(ctx, { id: 'resumed' });
    const mod = { gameId: game.id, key: moderatorToken };
    await pause(ctx, mod);
    // Declared while paused: nothing runs, nothing moves.
    await send(game.id, tokens.grey!, 'SET ABSENCE 2026-01-09');
    ctx.clock.advanceBy(24 * HOUR);
    await resume(ctx, mod);
    // 2026-01-08 12:00 plus the day paused is inside 2026-01-09: the end of that day.
    expect((await openTurn(game.id)).deadline!.toISOString()).toBe('2026-01-10T00:00:00.000Z');

    const other = await tutorialDuel(ctx, { id: 'conceded' });
    await ctx.db.update(seats).set({ concededAt: ctx.clock.now() }).where(eq(seats.gameId, other.game.id));
    await ctx.db.insert(absences).values({
      gameId: other.game.id,
      side: 'grey',
      firstDay: '2026-01-09',
      lastDay: '2026-01-12',
      startsAt: startOfDay('2026-01-09', 'UTC'),
      endsAt: startOfDay('2026-01-13', 'UTC'),
    });
    expect(await deadlineWithAbsences(ctx.db, other.game.id, new Date('2026-01-10T00:00:00Z'))).toEqual(
      new Date('2026-01-10T00:00:00Z'),
    );
  });

  it('a turn that opens later with its deadline inside an absence opens with the deadline moved', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'later' });
    // Turn 1's deadline, 2026-01-08 12:00, is not inside 2026-01-09.
    await send(game.id, tokens.grey!, 'SET ABSENCE 2026-01-09');
    expect((await openTurn(game.id)).deadline!.toISOString()).toBe('2026-01-08T12:00:00.000Z');
    ctx.clock.advanceBy(24 * HOUR);
    await send(game.id, tokens.black!, duelOrders(game.id, 'black'));
    await send(game.id, tokens.grey!, duelOrders(game.id, 'grey'));
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1 });
    // Turn 2 opens at 2026-01-06 12:00; its 72 hours end inside 2026-01-09, so it runs to that day's end.
    const two = await openTurn(game.id);
    expect(two.number).toBe(2);
    expect(two.deadline!.toISOString()).toBe('2026-01-10T00:00:00.000Z');
    const [row] = await ctx.db.select().from(absences);
    expect(row).toMatchObject({ movedTurn: 2 });
    expect(row!.movedFrom!.toISOString()).toBe('2026-01-09T12:00:00.000Z');
  });
});
