/**
 * The turn queue claims due turns in batches (resolveDueTurns): up to a batch's worth of due turns, those that fell
 * due first, resolved in one transaction. A batch is all or nothing (its crash test is in crash.test.ts); a batch that
 * fails is tried again one turn a transaction, so that the turns before the one that cannot be resolved still are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { outbox, turns } from '../../src/db/schema.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { resolveDueTurns } from '../../src/games/turns/resolution.ts';
import { TurnWorker } from '../../src/games/turns/worker.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { createDuels, inParallel, liveGamesContext, resolvedOnceProblems, submitDuelOrders } from '../support/games.ts';

describe.each(databaseKinds)('turns claimed in batches (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: GamesContext;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = liveGamesContext(database);
  });

  afterEach(async () => {
    await database?.drop();
  });

  /** Duels with both seats' orders in, turn 1 of game i due i minutes after the first's (all in the past). */
  async function dueDuels(count: number) {
    const duels = await createDuels(ctx, count, { prefix: 'batch' });
    await inParallel(duels, 4, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    await inParallel(duels, 4, (d, i) => submitDuelOrders(ctx, d, 'grey', i));
    for (const [i, d] of duels.entries())
      await ctx.db
        .update(turns)
        .set({ dueAt: sql`now() - make_interval(mins => ${60 - i})` })
        .where(and(eq(turns.gameId, d.gameId), eq(turns.number, 1)));
    return duels.map((d) => d.gameId);
  }

  // The turns of play: turn 0, the setup (a duel's is settled at creation), is left out.
  const shape = async (gameId: string) =>
    (await ctx.db.select().from(turns).where(eq(turns.gameId, gameId)))
      .filter((t) => t.number > 0)
      .map((t) => `${t.number}:${t.status}`)
      .sort()
      .join(' ');

  it('a batch of 3 from 5 due turns resolves the 3 that fell due first, each once, with its reports', async () => {
    const ids = await dueDuels(5);
    const resolved = await resolveDueTurns(ctx, 3);
    expect(resolved.map((r) => `${r.gameId} ${r.turn}`)).toEqual(ids.slice(0, 3).map((id) => `${id} 1`));
    for (const id of ids.slice(0, 3)) {
      expect(await shape(id)).toBe('1:resolved 2:open');
      expect(await resolvedOnceProblems(ctx.db, id)).toEqual([]);
      const reports = await ctx.db.select().from(outbox).where(eq(outbox.gameId, id));
      expect(reports.filter((m) => m.kind === 'turn-report')).toHaveLength(2);
    }
    for (const id of ids.slice(3)) expect(await shape(id)).toBe('1:open');
    // The next batch takes the rest.
    expect((await resolveDueTurns(ctx, 3)).map((r) => r.gameId)).toEqual(ids.slice(3));
    expect(await resolveDueTurns(ctx, 3)).toEqual([]);
  });

  it('a batch with a turn that cannot be resolved: nothing of the batch is written, then the turns before it resolve one a transaction and the worker reports the error', async () => {
    const ids = await dueDuels(4);
    // The last turn to fall due holds a position its ruleset cannot read (as only a bad hand edit could leave it).
    const poisoned = ids[3]!;
    await ctx.db
      .update(turns)
      .set({ stateBefore: { not: 'a position' } })
      .where(and(eq(turns.gameId, poisoned), eq(turns.number, 1)));

    const seen: string[] = [];
    const worker = new TurnWorker(ctx, database, { pollMs: 60_000, batch: 8, onResolved: (r) => seen.push(r.gameId) });
    await expect(worker.drain()).rejects.toThrow();
    expect(seen).toEqual(ids.slice(0, 3));
    for (const id of ids.slice(0, 3)) expect(await resolvedOnceProblems(ctx.db, id)).toEqual([]);
    expect(await shape(poisoned)).toBe('1:open');
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.gameId, poisoned));
    expect(mails.filter((m) => m.kind === 'turn-report')).toEqual([]);
  });
});
