/**
 * A campaign's moderator, through the use cases, on PGlite and PostgreSQL:
 * the setup phase closed early or extended, a turn paused, resumed, extended
 * and resolved now, and the campaign ended; each action audited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, games, turns } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { AppError } from '../../src/games/errors.ts';
import {
  endGame,
  extendDeadline,
  pause,
  resolveNow,
  resume,
  rollback,
  type Moderator,
} from '../../src/games/moderation/moderation.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { seatGameView } from '../../src/games/games/views.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe.each(databaseKinds)('a campaign moderated on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  async function campaign() {
    const ctx = gamesContext(database);
    const created = await createGame(ctx, {
      id: 'c-mod',
      name: 'Moderated campaign',
      ruleset: 'msc-strategic',
      settings: {
        sides: [
          { id: 'red', name: 'Red' },
          { id: 'blue', name: 'Blue' },
        ],
        map: { kind: 'generated', width: 10, height: 8, systems: 6, seed: 'mod' },
        turnHours: 24,
        setupHours: 24,
      },
      seats: [
        { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
        { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
      ],
    });
    const tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<'red' | 'blue', string>;
    const mod: Moderator = { gameId: 'c-mod', key: created.moderatorToken, actor: 'Mia' };
    const actions = async () =>
      (await ctx.db.select().from(auditLog).where(eq(auditLog.gameId, 'c-mod'))).map((a) => a.action);
    const game = async () => (await ctx.db.select().from(games).where(eq(games.id, 'c-mod')))[0]!;
    return { ctx, created, tokens, mod, actions, game };
  }

  it('starts in setup at 150 BP a side; the moderator extends the setup, then closes it with the default builds', async () => {
    const { ctx, created, mod, actions, game } = await campaign();
    expect(created.game).toMatchObject({ ruleset: 'msc-strategic', status: 'setup', currentTurn: 0 });
    expect(await codeOf(pause(ctx, mod))).toBe('NOT_ACTIVE');
    const extended = await extendDeadline(ctx, mod, 24);
    expect(extended?.toISOString()).toBe(new Date(ctx.clock.now().getTime() + 48 * HOUR).toISOString());
    ctx.clock.advanceBy(30 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    expect(await resolveNow(ctx, mod, 'both are away')).toEqual({ gameId: 'c-mod', turn: 0, gameOver: false });
    const g = await game();
    expect(g).toMatchObject({ status: 'active', currentTurn: 1 });
    const state = g.state as { fleets: { side: string; ships: unknown[] }[]; store: Record<string, number> };
    // 150 BP: ten 15-BP line ships a side, nothing left over.
    expect(state.fleets.filter((f) => f.side === 'red').flatMap((f) => f.ships)).toHaveLength(10);
    expect(state.store).toEqual({ red: 0, blue: 0 });
    expect(await codeOf(rollback(ctx, mod))).toBe('NOTHING_TO_ROLL_BACK');
    expect(await actions()).toEqual(['create', 'deadline', 'resolve', 'start']);
  });

  it('pauses, resumes, extends and resolves a turn now; ends the campaign scored as the turn limit would', async () => {
    const { ctx, tokens, mod, actions, game } = await campaign();
    await resolveNow(ctx, mod);
    await pause(ctx, mod, 'holidays');
    ctx.clock.advanceBy(100 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    await resume(ctx, mod);
    await extendDeadline(ctx, mod, 5);
    expect(await resolveNow(ctx, mod)).toEqual({ gameId: 'c-mod', turn: 1, gameOver: false });
    expect((await game()).currentTurn).toBe(2);
    const view = await seatGameView(ctx, 'c-mod', tokens.blue);
    expect(view.position).toBeNull();
    expect((view.me.view as { side: string }).side).toBe('blue');

    const ended = await endGame(ctx, mod, 'end', 'out of time');
    expect(ended.status).toBe('finished');
    expect((await game()).result).toMatchObject({ reason: 'moderator' });
    const open = await ctx.db.select().from(turns).where(eq(turns.gameId, 'c-mod'));
    expect(open.every((t) => t.status === 'resolved')).toBe(true);
    expect(await actions()).toEqual(['create', 'resolve', 'start', 'pause', 'resume', 'deadline', 'resolve', 'end']);
  });

  it('ends a campaign in its setup phase as abandoned: nothing was played', async () => {
    const { ctx, mod, game } = await campaign();
    expect((await endGame(ctx, mod, 'end')).status).toBe('abandoned');
    expect((await game()).status).toBe('abandoned');
  });
});
