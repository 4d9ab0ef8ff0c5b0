/** Moderators' actions on a running game, on PGlite and PostgreSQL; each one audited. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel } from '../support/games.ts';
import { auditLog, games, outbox, submissions, turns } from '../../src/db/schema.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import {
  endGame,
  extendDeadline,
  pause,
  replaceSeat,
  resolveNow,
  resume,
  rollback,
  rotateSeatToken,
  setDeadline,
  type Moderator,
} from '../../src/games/moderation/moderation.ts';
import { moderatorGameView, seatGameView, turnView } from '../../src/games/games/views.ts';
import { AppError } from '../../src/games/errors.ts';
import { HOUR } from '../../src/games/clock.ts';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

/** A game's turns of play (turn 0, its setup, aside). */
const playTurnsOf = (gameId: string) => and(eq(turns.gameId, gameId), gt(turns.number, 0));

describe.each(databaseKinds)('moderators on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  async function setup() {
    const ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx);
    const mod: Moderator = { gameId: duel.game.id, key: duel.moderatorToken, actor: 'Mia' };
    const audit = async () =>
      (await ctx.db.select().from(auditLog).where(eq(auditLog.gameId, duel.game.id))).map((a) => a.action);
    return { ctx, ...duel, mod, audit };
  }

  it('refuses a wrong moderator key', async () => {
    const { ctx, game } = await setup();
    expect(await codeOf(pause(ctx, { gameId: game.id, key: 'nope' }))).toBe('BAD_MODERATOR_KEY');
  });

  it('pause stops the deadline from resolving the turn; resume moves the deadline on by the time paused', async () => {
    const { ctx, game, mod, audit } = await setup();
    const [before] = await ctx.db.select().from(turns).where(playTurnsOf(game.id));
    await pause(ctx, mod, 'holidays');
    ctx.clock.advanceBy(100 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    await resume(ctx, mod);
    const [after] = await ctx.db.select().from(turns).where(playTurnsOf(game.id));
    expect(after!.deadline!.getTime() - before!.deadline!.getTime()).toBe(100 * HOUR);
    expect(await audit()).toEqual(expect.arrayContaining(['pause', 'resume']));
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gameId, game.id), eq(auditLog.action, 'pause')));
    expect(entry).toMatchObject({ actor: 'moderator:Mia', reason: 'holidays' });
  });

  it('mails every seat when the moderator pauses, resumes or moves a deadline, with the reason and the deadline', async () => {
    const { ctx, game, mod } = await setup();
    const notices = async () =>
      (
        await ctx.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.gameId, game.id), eq(outbox.kind, 'moderation')))
          .orderBy(asc(outbox.id))
      ).map((o) => ({ to: o.toAddress, subject: o.subject, text: o.textBody }));
    await pause(ctx, mod, 'holidays');
    ctx.clock.advanceBy(10 * HOUR);
    await resume(ctx, mod);
    const at = new Date(ctx.clock.now().getTime() + 30 * HOUR);
    await setDeadline(ctx, mod, at, 'a player is travelling');
    const sent = await notices();
    expect(sent.map((n) => n.to).sort()).toEqual([
      'alice@pbem.test',
      'alice@pbem.test',
      'alice@pbem.test',
      'bob@pbem.test',
      'bob@pbem.test',
      'bob@pbem.test',
    ]);
    const [paused, , resumed, , moved] = sent;
    expect(paused!.subject).toBe(`[${game.id}] Tutorial duel: paused by the moderator`);
    expect(paused!.text).toContain("The moderator's reason: holidays");
    expect(resumed!.subject).toBe(`[${game.id}] Tutorial duel: resumed`);
    expect(resumed!.text).toMatch(/^Deadline: \S+ \d{4}-\d\d-\d\d \d\d:\d\d UTC/m);
    expect(moved!.subject).toBe(`[${game.id}] Tutorial duel: turn 1: the deadline has moved`);
    expect(moved!.text).toContain(at.toISOString().slice(0, 10));
    expect(moved!.text).toContain("The moderator's reason: a player is travelling");
    for (const n of sent) for (const line of n.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('sets and extends a deadline, refusing one in the past', async () => {
    const { ctx, game, mod } = await setup();
    const at = new Date(ctx.clock.now().getTime() + 5 * HOUR);
    expect(await setDeadline(ctx, mod, at)).toEqual(at);
    expect((await extendDeadline(ctx, mod, 24))!.getTime()).toBe(at.getTime() + 24 * HOUR);
    expect(await codeOf(setDeadline(ctx, mod, new Date(ctx.clock.now().getTime() - 1)))).toBe('DEADLINE_PAST');
    const [t] = await ctx.db.select().from(turns).where(playTurnsOf(game.id));
    expect(t!.deadline!.getTime()).toBe(at.getTime() + 24 * HOUR);
  });

  it('resolves now, seats without orders getting the no-orders policy', async () => {
    const { ctx, game, mod, audit } = await setup();
    expect(await resolveNow(ctx, mod, 'both asked')).toMatchObject({ gameId: game.id, turn: 1 });
    expect((await turnView(ctx, game.id, 1)).orders).toMatchObject({
      Black: { source: 'standing' },
      Grey: { source: 'standing' },
    });
    expect(await audit()).toContain('resolve');
  });

  it('rolls back the last resolved turn and reopens it with the orders it had; it resolves the same way again', async () => {
    const { ctx, game, tokens, mod } = await setup();
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R',
      channel: 'api',
    });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1',
      channel: 'api',
    });
    await resolveNextDueTurn(ctx);
    const first = await turnView(ctx, game.id, 1);
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 2 MOVE 2',
      channel: 'api',
    });
    expect(await rollback(ctx, mod, 'mistyped deadline')).toBe(1);
    const [g] = await ctx.db.select().from(games).where(eq(games.id, game.id));
    expect(g).toMatchObject({ currentTurn: 1, status: 'active' });
    expect(await ctx.db.select().from(turns).where(playTurnsOf(game.id))).toEqual([
      expect.objectContaining({ number: 1, status: 'open' }),
    ]);
    // The orders turn 1 had still stand; turn 2's are gone with it.
    expect(await ctx.db.select().from(submissions).where(eq(submissions.gameId, game.id))).toHaveLength(2);
    expect((await turnView(ctx, game.id, 1)).events).toBeNull();
    await resolveNow(ctx, mod);
    expect((await turnView(ctx, game.id, 1)).events).toEqual(first.events);
  });

  it('replaces a player: the old token stops working, the new one opens the seat', async () => {
    const { ctx, game, tokens, mod, audit } = await setup();
    const { token, seat } = await replaceSeat(
      ctx,
      mod,
      'grey',
      { email: 'Carol@PBEM.test', name: 'Carol' },
      'Bob vanished',
    );
    expect(seat).toMatchObject({ email: 'carol@pbem.test', displayName: 'Carol' });
    expect(await codeOf(seatGameView(ctx, game.id, tokens.grey!))).toBe('BAD_TOKEN');
    expect((await seatGameView(ctx, game.id, token)).me).toMatchObject({ side: 'grey', name: 'Carol' });
    const rotated = await rotateSeatToken(ctx, mod, 'grey');
    expect(await codeOf(seatGameView(ctx, game.id, token))).toBe('BAD_TOKEN');
    expect((await seatGameView(ctx, game.id, rotated)).me.side).toBe('grey');
    expect(await audit()).toEqual(expect.arrayContaining(['replace-seat', 'rotate-token']));
  });

  it('ends a game (scored like the turn limit) or abandons it', async () => {
    const a = await setup();
    expect(await endGame(a.ctx, a.mod, 'end', 'time is up')).toMatchObject({ status: 'finished', winner: 'draw' });
    expect(
      await codeOf(
        submitOrders(a.ctx, { gameId: a.game.id, token: a.tokens.black!, text: 'SHIP Black SPEED 0', channel: 'api' }),
      ),
    ).toBe('GAME_OVER');
    const b = await setup();
    expect(await endGame(b.ctx, b.mod, 'abandon')).toMatchObject({ status: 'abandoned' });
    const view = await moderatorGameView(b.ctx, b.mod);
    expect(view.audit.map((x) => x.action)).toEqual(expect.arrayContaining(['abandon', 'create', 'start']));
    expect(view.seed).toBe(b.game.seed);
  });
});
