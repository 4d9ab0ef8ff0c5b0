/**
 * A worker process killed in the middle of a resolution (service.md, "Turn
 * queue": "resolves it and writes events, state, the next turn and the
 * outgoing mail … in one transaction, so … a crash at any point loses
 * nothing and resolves nothing twice").
 *
 * The worker's test hook stops it inside the resolution transaction, after
 * the results are computed and before they are written; the process is then
 * killed with SIGKILL, which no code of it can intercept.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { games, outbox, submissions, turns } from '../../src/db/schema.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { databaseKinds } from '../support/db.ts';
import { crashScene, readPaused } from '../support/crash-scene.ts';
import { createDuels, inParallel, liveGamesContext, resolvedOnceProblems, submitDuelOrders } from '../support/games.ts';
import { startWorkerProcess, waitUntil } from '../support/worker-processes.ts';

const hasPostgres = databaseKinds.includes('postgres');

describe.skipIf(!hasPostgres)('a worker process killed in the middle of a resolution, on PostgreSQL', () => {
  const scene = crashScene('msc-crash-');
  let ctx: GamesContext;

  beforeEach(() => {
    ctx = liveGamesContext(scene.database);
  });

  /** Everything a resolution could write, for the games given. */
  const snapshot = async (ids: string[]) => ({
    games: await ctx.db.select().from(games).where(inArray(games.id, ids)).orderBy(games.id),
    turns: await ctx.db.select().from(turns).where(inArray(turns.gameId, ids)).orderBy(turns.gameId, turns.number),
    submissions: await ctx.db
      .select()
      .from(submissions)
      .where(inArray(submissions.gameId, ids))
      .orderBy(submissions.id),
    outbox: await ctx.db.select().from(outbox).where(inArray(outbox.gameId, ids)).orderBy(outbox.id),
  });

  it('SIGKILL with the resolution transaction open writes nothing; after a restart every turn resolves exactly once, as a clean resolution would', async () => {
    const duels = await createDuels(ctx, 5, { prefix: 'crash' });
    const ids = duels.map((d) => d.gameId);
    const pauseFile = join(scene.scratch, 'paused');
    const doomed = startWorkerProcess(scene.url, { pauseFile, pollMs: 200 });
    await doomed.ready;

    await inParallel(duels, 5, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    await inParallel(duels, 5, (d, i) => submitDuelOrders(ctx, d, 'grey', i));
    // Every turn is now due: what the database holds before any resolution.
    const before = await snapshot(ids);
    // (Their turns 0, the setups, were settled when the duels were made.)
    expect(before.turns.filter((t) => t.number > 0).every((t) => t.status === 'open' && t.dueAt !== null)).toBe(true);

    await waitUntil('the worker to pause inside a resolution', () => readPaused(pauseFile) !== null, 15_000);
    const [pausedGame, pausedTurn] = readPaused(pauseFile)!.split(' ');
    expect(ids).toContain(pausedGame);
    expect(pausedTurn).toBe('1');
    // The worker holds the claimed turn's row lock: its transaction is open.
    expect(await turnLocked(ctx, pausedGame!)).toBe(true);

    const exit = await doomed.kill();
    expect(exit.signal).toBe('SIGKILL');
    expect(doomed.resolved).toEqual([]);

    // The server notices the dead connection and rolls its transaction back, releasing the lock.
    await waitUntil("the dead worker's lock to go", async () => !(await turnLocked(ctx, pausedGame!)), 10_000, 100);
    // Nothing of the resolution was written: no resolved turn, no turn 2, no mail, the games unchanged.
    expect(await snapshot(ids)).toEqual(before);

    const survivor = startWorkerProcess(scene.url, { pollMs: 200 });
    await survivor.ready;
    await waitUntil('every turn resolved after the restart', () => survivor.resolved.length >= duels.length, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(survivor.resolved.map((r) => `${r.gameId} ${r.turn}`).sort()).toEqual(ids.map((id) => `${id} 1`).sort());
    expect((await inParallel(ids, 5, (id) => resolvedOnceProblems(ctx.db, id))).flat()).toEqual([]);
    expect((await survivor.stop()).code).toBe(0);
  });

  it('SIGKILL half way through a batch (two of its five turns resolved in the transaction, the third paused): none of the five is written; after a restart each resolves exactly once', async () => {
    const duels = await createDuels(ctx, 5, { prefix: 'batch' });
    const ids = duels.map((d) => d.gameId);
    // Every turn is due before the worker starts, so that its first claim takes all five in one transaction.
    await inParallel(duels, 5, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    await inParallel(duels, 5, (d, i) => submitDuelOrders(ctx, d, 'grey', i));
    const before = await snapshot(ids);

    const pauseFile = join(scene.scratch, 'paused');
    const doomed = startWorkerProcess(scene.url, { pauseFile, pauseAt: 3, batch: 5, pollMs: 200 });
    await doomed.ready;
    await waitUntil(
      'the worker to pause in the third resolution of its batch',
      () => readPaused(pauseFile) !== null,
      15_000,
    );
    // The batch holds all five turns: the two resolved in it, the paused one and the two still to come.
    for (const id of ids) expect(await turnLocked(ctx, id)).toBe(true);

    const exit = await doomed.kill();
    expect(exit.signal).toBe('SIGKILL');
    expect(doomed.resolved).toEqual([]);
    await waitUntil("the dead worker's locks to go", async () => !(await turnLocked(ctx, ids[0]!)), 10_000, 100);
    // Not even the two turns resolved before the pause were written: the batch is one transaction.
    expect(await snapshot(ids)).toEqual(before);

    const survivor = startWorkerProcess(scene.url, { batch: 5, pollMs: 200 });
    await survivor.ready;
    await waitUntil('every turn resolved after the restart', () => survivor.resolved.length >= duels.length, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(survivor.resolved.map((r) => `${r.gameId} ${r.turn}`).sort()).toEqual(ids.map((id) => `${id} 1`).sort());
    expect((await inParallel(ids, 5, (id) => resolvedOnceProblems(ctx.db, id))).flat()).toEqual([]);
    expect((await survivor.stop()).code).toBe(0);
  });

  it("a worker killed while another keeps running: the other resolves the rest at once and the killed one's turn after its lock goes", async () => {
    const duels = await createDuels(ctx, 6, { prefix: 'pair' });
    const ids = duels.map((d) => d.gameId);
    const pauseFile = join(scene.scratch, 'paused');
    const doomed = startWorkerProcess(scene.url, { pauseFile, pollMs: 200 });
    await doomed.ready;
    // The first game falls due while only the doomed worker runs, so that one pauses on it.
    await submitDuelOrders(ctx, duels[0]!, 'black');
    await submitDuelOrders(ctx, duels[0]!, 'grey');
    await waitUntil('the worker to pause inside a resolution', () => readPaused(pauseFile) !== null, 15_000);
    expect(readPaused(pauseFile)).toBe(`${duels[0]!.gameId} 1`);

    const healthy = startWorkerProcess(scene.url, { pollMs: 200 });
    await healthy.ready;
    await inParallel(duels.slice(1), 5, (d) => submitDuelOrders(ctx, d, 'black'));
    await inParallel(duels.slice(1), 5, (d) => submitDuelOrders(ctx, d, 'grey'));
    // The healthy worker skips the locked turn and resolves the others.
    await waitUntil('the other five turns', () => healthy.resolved.length >= 5, 15_000);
    expect(healthy.resolved.map((r) => r.gameId)).not.toContain(duels[0]!.gameId);
    expect((await turnStatus(ctx, duels[0]!.gameId)).sort()).toEqual(['1:open']);

    await doomed.kill();
    await waitUntil("the killed worker's turn, resolved by the other", () => healthy.resolved.length >= 6, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(healthy.resolved.map((r) => r.gameId).sort()).toEqual([...ids].sort());
    expect(doomed.resolved).toEqual([]);
    expect((await inParallel(ids, 6, (id) => resolvedOnceProblems(ctx.db, id))).flat()).toEqual([]);
  });
});

/** Whether another transaction holds the lock on a game's turn rows (PostgreSQL's lock_not_available, 55P03). */
async function turnLocked(ctx: GamesContext, gameId: string): Promise<boolean> {
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.select({ n: turns.number }).from(turns).where(eq(turns.gameId, gameId)).for('update', { noWait: true });
    });
    return false;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '55P03') return true;
    throw error;
  }
}

async function turnStatus(ctx: GamesContext, gameId: string): Promise<string[]> {
  const rows = await ctx.db.select().from(turns).where(eq(turns.gameId, gameId));
  // The turns of play: turn 0, the setup (a duel's is settled at creation), is left out.
  return rows.filter((t) => t.number > 0).map((t) => `${t.number}:${t.status}`);
}
