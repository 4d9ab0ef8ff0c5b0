/**
 * Open seats and the lobby (seats/lobby.ts), for every kind of game: a game created with a side left open waits with
 * no turn and no deadline; the lobby lists it without an address; a player takes the side (and is invited with a seat
 * token, as an invited seat is), and the last side taken starts the game's clock. Refusals carry their codes; with
 * approval the creator decides and the player is told; two players after the last side: exactly one gets it.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox, seatRequests, seats, turns } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import type { AppError } from '../../src/games/errors.ts';
import { createGameAndInvite } from '../../src/games/games/create.ts';
import { createGamesRepository } from '../../src/games/games/games.repository.ts';
import {
  approveSeatRequest,
  findOpenGame,
  LOBBY_PAGE_SIZE,
  listOpenGames,
  pendingSeatRequests,
  refuseSeatRequest,
  takeSeat,
  waitingSeatRequest,
  withdrawSeatRequest,
} from '../../src/games/seats/lobby.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { caught, gamesContext, type TestGamesContext } from '../support/games.ts';
import { OPEN_GAME_CASES, openGameInput } from '../support/lobby.ts';

const CREATOR = 'creator@pbem.test';
const ANN = 'ann@pbem.test';
const BOB = 'bob@pbem.test';

describe.each(databaseKinds)('open seats and the lobby on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  const mailTo = (address: string, gameId: string) =>
    ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, address), eq(outbox.gameId, gameId)));
  const turnsOf = (gameId: string) => ctx.db.select().from(turns).where(eq(turns.gameId, gameId));

  it.each(OPEN_GAME_CASES)(
    'a $ruleset game waits for its open side, and its clock starts when it is taken',
    async (c) => {
      const id = `open-${c.ruleset}`;
      const created = await createGameAndInvite(ctx, openGameInput(c, id, CREATOR), 'test', {
        moderatorEmail: CREATOR,
      });
      expect(created.openSides).toEqual([c.open]);
      expect(created.game.status).toBe('setup');
      // No setup turn, no deadline while a side is open.
      expect(await turnsOf(id)).toEqual([]);
      // The seat invited at creation is told the game waits for its open side.
      const [invite] = await mailTo(CREATOR, id);
      expect(invite!.textBody.replace(/\s+/g, ' ')).toContain('is still open, for any player to take in the lobby');

      const { games: lobby, more } = await listOpenGames(ctx);
      expect([lobby.map((g) => g.id), more]).toEqual([[id], false]);
      expect(await findOpenGame(ctx, id)).toEqual(lobby[0]);
      expect(lobby[0]).toMatchObject({ ruleset: c.ruleset, openSides: [{ id: c.open }], joinApproval: false });
      expect(JSON.stringify(lobby)).not.toContain('@');

      ctx.clock.advanceBy(30 * HOUR);
      const takenAt = ctx.clock.now();
      const taken = await takeSeat(ctx, id, 'Ann@PBEM.test', { name: 'Ann', timeZone: 'Europe/Paris' });
      expect(taken).toMatchObject({ status: 'taken', side: c.open, gameId: id });

      const [seat] = await ctx.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, id), eq(seats.side, c.open)));
      expect(seat).toMatchObject({ email: ANN, displayName: 'Ann', timeZone: 'Europe/Paris', joinedAt: null });
      // Invited as an invited seat is: its invitation, with the seat's token in the Reply-To.
      const mail = await mailTo(ANN, id);
      expect(mail.map((m) => m.kind)).toEqual(['invite']);
      expect(mail[0]!.headers['Reply-To']).toMatch(new RegExp(`^orders\\+[A-Za-z0-9_-]{16,}@${ctx.mailDomain}$`));

      // The game's first turn (its setup, or turn 1) opened now: its clock runs from the last side taken.
      const opened = await turnsOf(id);
      expect(opened.length).toBeGreaterThan(0);
      for (const t of opened) expect(t.openedAt.getTime()).toBe(takenAt.getTime());
      const open = opened.find((t) => t.status === 'open');
      if (open?.deadline) expect(open.deadline.getTime()).toBeGreaterThan(takenAt.getTime());
      expect((await listOpenGames(ctx)).games).toEqual([]);
      expect(await findOpenGame(ctx, id)).toBeNull();
    },
  );

  it('refuses with a code: a side taken, a player seated already, no open side, an unknown game or side', async () => {
    const c = OPEN_GAME_CASES[1]!;
    await createGameAndInvite(ctx, openGameInput(c, 'war', CREATOR), 'test', { moderatorEmail: CREATOR });
    expect((await caught(takeSeat(ctx, 'war', CREATOR, { name: 'Me' }))).code).toBe('ALREADY_SEATED');
    expect((await caught(takeSeat(ctx, 'war', ANN, { name: 'Ann', side: c.seated }))).code).toBe('SEAT_TAKEN');
    expect((await caught(takeSeat(ctx, 'war', ANN, { name: 'Ann', side: 'green' }))).code).toBe('UNKNOWN_SIDE');
    expect((await caught(takeSeat(ctx, 'war', ANN, { name: '' }))).code).toBe('INVALID_JOIN');
    expect((await caught(takeSeat(ctx, 'nowhere', ANN, { name: 'Ann' }))).code).toBe('GAME_NOT_FOUND');
    await takeSeat(ctx, 'war', ANN, { name: 'Ann', side: c.open });
    expect((await caught(takeSeat(ctx, 'war', BOB, { name: 'Bob' }))).code).toBe('NO_OPEN_SEAT');
  });

  it('with approval, the creator is asked, approves or refuses, and the player is told', async () => {
    const c = OPEN_GAME_CASES[0]!;
    await createGameAndInvite(ctx, openGameInput(c, 'asked', CREATOR, { joinApproval: true }), 'test', {
      moderatorEmail: CREATOR,
    });
    expect(await takeSeat(ctx, 'asked', ANN, { name: 'Ann' })).toMatchObject({ status: 'asked', side: c.open });
    expect((await caught(takeSeat(ctx, 'asked', ANN, { name: 'Ann' }))).code).toBe('REQUEST_PENDING');
    await takeSeat(ctx, 'asked', BOB, { name: 'Bob' });
    // Nothing is seated nor started yet; the creator was mailed each request.
    expect(await turnsOf('asked')).toEqual([]);
    const asks = (await mailTo(CREATOR, 'asked')).filter((m) => m.subject.includes('asks to play'));
    expect(asks.map((m) => m.subject)).toEqual([
      expect.stringContaining('Ann asks to play'),
      expect.stringContaining('Bob asks to play'),
    ]);
    const [ann, bob] = await pendingSeatRequests(ctx, 'asked');
    const m = { gameId: 'asked', email: CREATOR };
    expect((await caught(approveSeatRequest(ctx, { gameId: 'asked', email: ANN }, ann!.id))).code).toBe(
      'NOT_MODERATOR',
    );
    await refuseSeatRequest(ctx, m, ann!.id);
    expect((await mailTo(ANN, 'asked')).map((x) => x.subject)).toEqual([expect.stringContaining('was refused')]);
    expect((await caught(approveSeatRequest(ctx, m, ann!.id))).code).toBe('REQUEST_DECIDED');
    await approveSeatRequest(ctx, m, bob!.id);
    expect((await mailTo(BOB, 'asked')).map((x) => x.kind)).toEqual(['invite']);
    expect((await turnsOf('asked')).length).toBeGreaterThan(0);
    const requests = await ctx.db.select().from(seatRequests).where(eq(seatRequests.gameId, 'asked'));
    expect(Object.fromEntries(requests.map((r) => [r.email, r.status]))).toEqual({
      [ANN]: 'refused',
      [BOB]: 'approved',
    });
  });

  it('with approval, a player withdraws the request they have waiting: kept as withdrawn, the creator told', async () => {
    const c = OPEN_GAME_CASES[1]!;
    await createGameAndInvite(ctx, openGameInput(c, 'withdrawn', CREATOR, { joinApproval: true }), 'test', {
      moderatorEmail: CREATOR,
    });
    await takeSeat(ctx, 'withdrawn', ANN, { name: 'Ann' });
    const game = await createGamesRepository(ctx.db).byId('withdrawn');
    expect(await waitingSeatRequest(ctx, game, ' Ann@PBEM.test ')).toMatchObject({ side: c.open });
    expect((await caught(withdrawSeatRequest(ctx, 'withdrawn', BOB))).code).toBe('REQUEST_NOT_FOUND');
    expect(await withdrawSeatRequest(ctx, 'withdrawn', ANN)).toMatchObject({ side: c.open });
    expect(await waitingSeatRequest(ctx, game, ANN)).toBeNull();
    expect(await pendingSeatRequests(ctx, 'withdrawn')).toEqual([]);
    const [row] = await ctx.db.select().from(seatRequests).where(eq(seatRequests.gameId, 'withdrawn'));
    expect([row!.status, row!.decidedAt]).toEqual(['withdrawn', ctx.clock.now()]);
    expect((await mailTo(CREATOR, 'withdrawn')).map((m) => m.subject)).toContain(
      '[withdrawn] Ann withdrew their request for Blue Union',
    );
    // Nothing waits now: withdrawn once; the player may ask again, for the same side or another.
    expect((await caught(withdrawSeatRequest(ctx, 'withdrawn', ANN))).code).toBe('REQUEST_NOT_FOUND');
    expect(await takeSeat(ctx, 'withdrawn', ANN, { name: 'Ann' })).toMatchObject({ status: 'asked' });
    expect(await ctx.db.select().from(seatRequests).where(eq(seatRequests.gameId, 'withdrawn'))).toHaveLength(2);
    // Withdrawn and approved at once: the game's row orders them, exactly one happens.
    const [request] = await pendingSeatRequests(ctx, 'withdrawn');
    const [approved, withdrew] = await Promise.allSettled([
      approveSeatRequest(ctx, { gameId: 'withdrawn', email: CREATOR }, request!.id),
      withdrawSeatRequest(ctx, 'withdrawn', ANN),
    ]);
    const seated = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, 'withdrawn'), eq(seats.email, ANN)));
    if (approved.status === 'fulfilled') {
      expect(withdrew.status === 'rejected' && (withdrew.reason as AppError).code).toBe('REQUEST_NOT_FOUND');
      expect(seated).toHaveLength(1);
    } else {
      expect((approved.reason as AppError).code).toBe('REQUEST_DECIDED');
      expect(withdrew.status).toBe('fulfilled');
      expect(seated).toEqual([]);
    }
  });

  it('the lobby, a page at a time: only games with a side open, newest first, among many games in their setup', async () => {
    const c = OPEN_GAME_CASES[0]!;
    // Games whose every side is seated, in their setup or not started: never in the lobby, however many.
    for (let i = 0; i < 3; i++) {
      const full = {
        ...openGameInput(c, `full-${i}`, CREATOR),
        seats: [
          { side: c.seated, email: CREATOR, name: 'Creator' },
          { side: c.open, email: `p${i}@pbem.test`, name: `P${i}` },
        ],
      };
      await createGameAndInvite(ctx, full, 'test', { moderatorEmail: CREATOR });
    }
    // Nor a solo mission, its player seated: the other side is the solo rules', and takes no seat.
    await createGameAndInvite(
      ctx,
      { name: 'Solo', id: 'solo-0', scenario: 'solo-mission', seats: [{ side: 'player', email: ANN, name: 'Ann' }] },
      'test',
      { moderatorEmail: CREATOR },
    );
    const ids: string[] = [];
    for (let i = 0; i < LOBBY_PAGE_SIZE + 3; i++) {
      ctx.clock.advanceBy(60_000);
      const id = `open-${String(i).padStart(3, '0')}`;
      await createGameAndInvite(ctx, openGameInput(c, id, CREATOR), 'test', { moderatorEmail: CREATOR });
      ids.unshift(id);
    }
    const first = await listOpenGames(ctx);
    expect([first.games.map((g) => g.id), first.page, first.more]).toEqual([ids.slice(0, LOBBY_PAGE_SIZE), 1, true]);
    const second = await listOpenGames(ctx, { page: 2 });
    expect([second.games.map((g) => g.id), second.more]).toEqual([ids.slice(LOBBY_PAGE_SIZE), false]);
    expect((await listOpenGames(ctx, { page: 3 })).games).toEqual([]);
    // The oldest is found by itself (its join page), far down the list; a game with no side open is not.
    expect(await findOpenGame(ctx, ids.at(-1)!)).toMatchObject({ id: ids.at(-1), openSides: [{ id: c.open }] });
    expect(await findOpenGame(ctx, 'full-0')).toBeNull();
    expect(await findOpenGame(ctx, 'solo-0')).toBeNull();
  });

  it('two players after the last open side at once: exactly one gets it', async () => {
    const c = OPEN_GAME_CASES[2]!;
    await createGameAndInvite(ctx, openGameInput(c, 'race', CREATOR), 'test', { moderatorEmail: CREATOR });
    const racers = ['p1', 'p2', 'p3', 'p4'].map((p) => `${p}@pbem.test`);
    const results = await Promise.allSettled(
      racers.map((email) => takeSeat(ctx, 'race', email, { name: email.slice(0, 2) })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('NO_OPEN_SEAT');
    const seated = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, 'race'), eq(seats.side, c.open)));
    expect(seated).toHaveLength(1);
    // One setup turn, opened once.
    expect((await turnsOf('race')).filter((t) => t.number === 0)).toHaveLength(1);
  });
});
