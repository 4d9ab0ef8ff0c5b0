/**
 * JOIN by mail through the inbound pipeline (docs/mail.md "Joining an open game"): a mail without a seat token saying
 * `JOIN <game> [side]` takes nothing — its From is not trusted — but is answered, at that address, with a link that
 * proves the address and opens the game's join page; a JOIN that cannot be granted gets its code. For every kind.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginTokens, seats } from '../../src/db/schema.ts';
import { createGameAndInvite } from '../../src/games/games/create.ts';
import { followLoginLink } from '../../src/games/seats/joining.ts';
import { takeSeat } from '../../src/games/seats/lobby.ts';
import { LOGIN_LINKS_PER_HOUR } from '../../src/games/logins/logins.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { OPEN_GAME_CASES, openGameInput } from '../support/lobby.ts';
import { answers, inboundRow, orderMail, PLAIN_ADDRESS } from './support.ts';

const CREATOR = 'creator@pbem.test';
const ANN = 'ann@pbem.test';

describe.each(databaseKinds)('JOIN by mail on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  const seatOf = async (gameId: string, side: string) =>
    (
      await ctx.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, gameId), eq(seats.side, side)))
    )[0];
  const mailsTo = async (address: string) => (await answers(ctx.db)).filter((m) => m.toAddress === address);

  it.each(OPEN_GAME_CASES)(
    '$ruleset: JOIN is answered with a link to the From address; following it, the seat is taken',
    async (c) => {
      const id = `join-${c.ruleset}`;
      await createGameAndInvite(ctx, openGameInput(c, id, CREATOR), 'test', { moderatorEmail: CREATOR });
      const raw = await orderMail(`Ann <${ANN}>`, PLAIN_ADDRESS, `JOIN ${id} ${c.open}\n`, {
        messageId: '<join@x.test>',
      });
      expect(await handleInboundMail(ctx, raw)).toMatchObject({ outcome: 'command', gameId: id });
      expect((await inboundRow(ctx.db, '<join@x.test>'))!.detail).toMatchObject({ commands: ['JOIN'], join: 'link' });
      // Nothing taken on the From header's word.
      expect(await seatOf(id, c.open)).toBeUndefined();
      const [answer] = await mailsTo(ANN);
      expect(answer!.subject).toBe(`[${id}] Confirm that you want to join Open ${c.ruleset}`);
      const url = /http:\/\/\S+\/login\/([A-Za-z0-9_-]{43})$/m.exec(answer!.textBody);
      expect(answer!.textBody).toContain(`(${c.open}) of`);
      // The asker has no seat yet: no players' footer telling them to reply with orders.
      expect(answer!.textBody).not.toContain('Reply to this mail to send orders');
      // The link proves the address: its follower is logged in as it, on the game; then the seat is theirs to take.
      const link = await followLoginLink(ctx, url![1]!);
      expect(link).toEqual({ email: ANN, gameId: id, purpose: 'join' });
      expect(await followLoginLink(ctx, url![1]!)).toBeNull();
      await takeSeat(ctx, id, link!.email, { name: 'Ann', side: c.open });
      expect(await seatOf(id, c.open)).toMatchObject({ email: ANN, displayName: 'Ann' });
      expect((await mailsTo(ANN)).map((m) => m.kind)).toEqual(['join', 'invite']);
    },
  );

  it('a JOIN that cannot be granted is answered with its code, and one past the hourly links is not answered', async () => {
    const c = OPEN_GAME_CASES[0]!;
    await createGameAndInvite(ctx, openGameInput(c, 'duel', CREATOR), 'test', { moderatorEmail: CREATOR });
    const join = async (from: string, line: string) => {
      await handleInboundMail(ctx, await orderMail(from, PLAIN_ADDRESS, `${line}\n`));
      const mine = await mailsTo(from);
      return mine.at(-1)!.subject;
    };
    expect(await join(ANN, `JOIN duel ${c.seated}`)).toBe('[duel] Your JOIN was refused (SEAT_TAKEN)');
    expect(await join(ANN, 'JOIN duel purple')).toBe('[duel] Your JOIN was refused (UNKNOWN_SIDE)');
    expect(await join(ANN, 'JOIN nowhere')).toBe('Your JOIN was refused (GAME_NOT_FOUND)');
    expect(await join(ANN, 'JOIN')).toBe('Your JOIN was refused (JOIN_WHICH_GAME)');
    expect(await join(CREATOR, 'JOIN duel')).toBe('[duel] Your JOIN was refused (ALREADY_SEATED)');

    // The links a JOIN is answered with count with login links: past the hour's, no more mail goes to the address.
    const bob = 'bob@pbem.test';
    for (let i = 0; i < LOGIN_LINKS_PER_HOUR + 2; i += 1)
      await handleInboundMail(ctx, await orderMail(bob, PLAIN_ADDRESS, 'JOIN duel\n'));
    expect(await mailsTo(bob)).toHaveLength(LOGIN_LINKS_PER_HOUR);
    const links = await ctx.db.select().from(loginTokens).where(eq(loginTokens.email, bob));
    expect(links).toHaveLength(LOGIN_LINKS_PER_HOUR);

    await takeSeat(ctx, 'duel', ANN, { name: 'Ann' });
    expect(await join('carl@pbem.test', 'JOIN duel')).toBe('[duel] Your JOIN was refused (NO_OPEN_SEAT)');
  });
});
