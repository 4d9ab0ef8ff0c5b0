/**
 * The turn queue on real PostgreSQL with several worker processes
 * (service.md, "Turn queue": "a worker claims a due turn with FOR UPDATE SKIP
 * LOCKED … so several service instances can run side by side against one
 * database and … resolves nothing twice").
 *
 * Three worker processes share one database for the whole file: first 200
 * games whose last orders arrive at once, then games whose deadline passes —
 * some of them while their last orders are arriving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { submissions, turns } from '../../src/db/schema.ts';
import { AppError } from '../../src/games/errors.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import {
  createDuels,
  inParallel,
  liveGamesContext,
  resolvedOnceProblems,
  submitDuelOrders,
  turnRow,
  type Duel,
} from '../support/games.ts';
import {
  databaseUrlOf,
  killAllWorkerProcesses,
  startWorkerProcess,
  waitUntil,
  type WorkerProcess,
} from '../support/worker-processes.ts';

const hasPostgres = databaseKinds.includes('postgres');
const PROCESSES = 3;

describe.skipIf(!hasPostgres)('the turn queue with several worker processes on PostgreSQL', () => {
  let database: TestDatabase;
  let ctx: GamesContext;
  let workers: WorkerProcess[] = [];
  /** Every "resolved" line of every process, as `<game> <turn>`. */
  const reported: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    ctx = liveGamesContext(database);
    const url = await databaseUrlOf(database);
    workers = Array.from({ length: PROCESSES }, () =>
      startWorkerProcess(url, { workers: 1, pollMs: 200, onResolved: (r) => reported.push(`${r.gameId} ${r.turn}`) }),
    );
    await Promise.all(workers.map((w) => w.ready));
  });

  afterAll(async () => {
    const stopped = await Promise.all(workers.map((w) => w.stop()));
    await killAllWorkerProcesses();
    await database?.drop();
    // Stopping cleanly on SIGTERM is part of what a worker process promises.
    expect(stopped.map((s) => s.code)).toEqual(workers.map(() => 0));
  });

  it('200 games whose last orders arrive at once: every turn 1 resolves exactly once, as a single process would resolve it, spread over the processes', async () => {
    const duels = await createDuels(ctx, 200, { prefix: 'rush' });
    // Black's orders first (nothing falls due), then every game's last orders at once.
    await inParallel(duels, 8, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    const last = await Promise.all(duels.map((d, i) => submitDuelOrders(ctx, d, 'grey', i)));
    expect(last.every((r) => r.turnComplete && r.turn === 1)).toBe(true);

    const rush = () => reported.filter((r) => r.startsWith('rush-'));
    await waitUntil('200 turns resolved', () => rush().length >= 200, 30_000);
    // Anything resolved twice would be reported twice; give a straggler a moment to show.
    await new Promise((r) => setTimeout(r, 300));
    expect(rush()).toHaveLength(200);
    expect(new Set(rush()).size).toBe(200);
    expect(new Set(rush())).toEqual(new Set(duels.map((d) => `${d.gameId} 1`)));

    const problems = (await inParallel(duels, 8, (d) => resolvedOnceProblems(ctx.db, d.gameId))).flat();
    expect(problems).toEqual([]);

    const perProcess = workers.map((w) => w.resolved.filter((r) => r.gameId.startsWith('rush-')).length);
    expect(perProcess.reduce((a, b) => a + b, 0)).toBe(200);
    expect(perProcess.filter((n) => n > 0).length, `turns per process: ${perProcess.join(', ')}`).toBeGreaterThan(1);
  });

  it('games whose deadline passes resolve once with the standing orders; last orders racing the deadline either count or are refused', async () => {
    const duels = await createDuels(ctx, 40, { prefix: 'late' });
    await inParallel(duels, 8, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    // The deadline is set in the database (the shortest turnHours, 3 minutes, is too long to wait for).
    const deadline = new Date(Date.now() + 1_500);
    for (const d of duels)
      await ctx.db
        .update(turns)
        .set({ deadline })
        .where(and(eq(turns.gameId, d.gameId), eq(turns.number, 1)));

    // Half the games get Grey's orders right around the deadline, several workers polling meanwhile.
    const racing = duels.filter((_, i) => i % 2 === 0);
    await new Promise((r) => setTimeout(r, Math.max(0, deadline.getTime() - Date.now() - 150)));
    const outcomes = await Promise.all(
      racing.map(async (d, i) => {
        await new Promise((r) => setTimeout(r, (i % 10) * 60));
        return submitDuelOrders(ctx, d, 'grey').then(
          (r) => ({ duel: d, accepted: r.turn === 1 }),
          (e: unknown) => {
            // Too late: turn 1 is being or has been resolved (then the order names the wrong turn).
            if (!(e instanceof AppError) || !['TURN_CLOSED', 'ORDERS_REJECTED'].includes(e.code)) throw e;
            return { duel: d, accepted: false };
          },
        );
      }),
    );

    const late = () => reported.filter((r) => r.startsWith('late-'));
    await waitUntil('40 deadline turns resolved', () => late().length >= 40, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(late()).toHaveLength(40);
    expect(new Set(late())).toEqual(new Set(duels.map((d) => `${d.gameId} 1`)));
    expect((await inParallel(duels, 8, (d) => resolvedOnceProblems(ctx.db, d.gameId))).flat()).toEqual([]);

    const accepted = new Set(outcomes.filter((o) => o.accepted).map((o) => o.duel.gameId));
    const seen = async (d: Duel) => {
      const t1 = (await turnRow(ctx.db, d.gameId, 1))!;
      const used = t1.ordersUsed as Record<string, { source: string; speed: number }>;
      const grey = await ctx.db
        .select()
        .from(submissions)
        .where(and(eq(submissions.gameId, d.gameId), eq(submissions.turn, 1)));
      const greyIn = grey.length === 2;
      return {
        game: d.gameId,
        black: used.Black?.source,
        // Grey's orders were used exactly when they were accepted for turn 1, before it resolved.
        grey: used.Grey?.source,
        expectedGrey: accepted.has(d.gameId) ? 'orders' : 'standing',
        storedGrey: greyIn,
        inTime: !greyIn || grey.every((s) => s.receivedAt <= t1.resolvedAt!),
      };
    };
    const views = await inParallel(duels, 8, seen);
    for (const v of views) {
      expect(v).toEqual({
        game: v.game,
        black: 'orders',
        grey: v.expectedGrey,
        expectedGrey: v.expectedGrey,
        storedGrey: v.expectedGrey === 'orders',
        inTime: true,
      });
    }
  });
});
