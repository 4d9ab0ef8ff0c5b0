/**
 * Many submissions for one seat at once, on real PostgreSQL (service.md: "A
 * later valid submission replaces an earlier one until the turn resolves").
 * Whatever the interleaving, one submission stands, every one is kept in the
 * history, and the turn resolves once with the one that stood.
 */
import type { PoolClient } from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { submissions } from '../../src/db/schema.ts';
import { TURN_DUE_CHANNEL, type GamesContext } from '../../src/games/context.ts';
import { AppError } from '../../src/games/errors.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { TurnWorker } from '../../src/games/turns/worker.ts';
import { readOrders } from '../../src/games/games/state.ts';
import { formatPlot } from '../../src/rules/plot.ts';
import { databaseKinds, freshDatabase, writesDuring, type TestDatabase } from '../support/db.ts';
import {
  createDuels,
  duelOrders,
  liveGamesContext,
  resolvedOnceProblems,
  submitDuelOrders,
  turnRow,
} from '../support/games.ts';
import { waitUntil } from '../support/worker-processes.ts';

const hasPostgres = databaseKinds.includes('postgres');

/** Resolves once another connection to this database waits for a lock (one `holder`, in a transaction, holds). */
async function untilOthersWaitForALock(holder: PoolClient): Promise<void> {
  await waitUntil('another connection waits for a lock', async () => {
    // In a transaction, the activity view is read once unless its snapshot is cleared.
    await holder.query('select pg_stat_clear_snapshot()');
    const { rows } = await holder.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    return rows[0]!.n > 0;
  });
}
const CONCURRENT = 20;

describe.skipIf(!hasPostgres)('concurrent submissions for one seat on PostgreSQL', () => {
  let database: TestDatabase;
  let ctx: GamesContext;

  beforeEach(async () => {
    database = await freshDatabase('postgres');
    ctx = liveGamesContext(database);
  });

  afterEach(async () => {
    await database?.drop();
  });

  const seatRows = async (gameId: string) =>
    ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.gameId, gameId), eq(submissions.turn, 1)))
      .orderBy(asc(submissions.id));

  /**
   * Holds turn 1 of `gameId` in another transaction, starts `submit`, waits until it waits for the turn, runs `change`
   * ($1: the game) in the holder and commits: what `submit` then gives.
   */
  async function whileTurnHeld<T>(gameId: string, submit: () => Promise<T>, change: string): Promise<T> {
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const holder = await database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from turns where game_id = $1 and number = 1 for update', [gameId]);
      const outcome = submit();
      await untilOthersWaitForALock(holder);
      await holder.query(change, [gameId]);
      await holder.query('commit');
      return await outcome;
    } finally {
      holder.release();
    }
  }

  it(`${CONCURRENT} different legal orders for one seat at once: all are kept, exactly one stands — the last stored`, async () => {
    const [duel] = await createDuels(ctx, 1);
    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => submitDuelOrders(ctx, duel!, 'black', i)),
    );
    expect(results.every((r) => r.stored && r.turn === 1 && !r.turnComplete)).toBe(true);

    const rows = await seatRows(duel!.gameId);
    expect(rows).toHaveLength(CONCURRENT);
    expect(new Set(rows.map((r) => r.text))).toEqual(
      new Set(Array.from({ length: CONCURRENT }, (_, i) => duelOrders(duel!.gameId, 'black', i))),
    );
    const standing = rows.filter((r) => r.supersededAt === null);
    expect(standing).toHaveLength(1);
    // Submissions for a seat are stored one after the other: the one standing is the last stored, each earlier one
    // superseded no sooner than it came in.
    expect(standing[0]!.id).toBe(rows.at(-1)!.id);
    for (const r of rows.slice(0, -1)) expect(r.supersededAt!.getTime()).toBeGreaterThanOrEqual(r.receivedAt.getTime());
  });

  it('the same orders sent many times at once (a double click, a mail sent twice): one stands', async () => {
    const [duel] = await createDuels(ctx, 1);
    await Promise.all(Array.from({ length: 10 }, () => submitDuelOrders(ctx, duel!, 'black', 3)));
    const rows = await seatRows(duel!.gameId);
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
  });

  it.each([
    ['its token is rotated', `token_hash = 'rotated'`, 'BAD_TOKEN'],
    ['it concedes', 'conceded_at = now()', 'SEAT_CONCEDED'],
  ])(
    'a seat that changes while its submission waits for the turn (%s) is refused as it is then, nothing stored',
    async (_what, change, code) => {
      const [duel] = await createDuels(ctx, 1);
      // Another transaction holds the turn (as a moderator's, or the resolution's, would) and changes the seat.
      const error = await whileTurnHeld(
        duel!.gameId,
        () =>
          submitDuelOrders(ctx, duel!, 'black', 1).then(
            () => null,
            (e: unknown) => e,
          ),
        `update seats set ${change} where game_id = $1 and side = 'black'`,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(code);
      expect(await seatRows(duel!.gameId)).toHaveLength(0);
    },
  );

  it('submissions racing the resolution: those stored before it count (the last one stands and is used), the rest are refused, the turn resolves once', async () => {
    const [duel] = await createDuels(ctx, 1);
    // Two workers in this process, woken by the last orders.
    const workers = [0, 1].map(() => new TurnWorker(ctx, database, { pollMs: 200 }));
    await Promise.all(workers.map((w) => w.start()));
    let burst: Array<{ side: string; ok: boolean }>;
    try {
      await submitDuelOrders(ctx, duel!, 'black', 0);
      // Grey's last orders and a burst of Black's changes, all at once: some arrive before the resolution, some after.
      burst = await Promise.all([
        submitDuelOrders(ctx, duel!, 'grey', 0).then((r) => ({ side: 'grey', ok: r.turn === 1 })),
        ...Array.from({ length: CONCURRENT }, async (_, i) => {
          // Spread over ~200 ms, so that the resolution tends to land inside the burst.
          await new Promise((r) => setTimeout(r, i * 10));
          return submitOrders(ctx, {
            gameId: duel!.gameId,
            token: duel!.tokens.black,
            text: duelOrders(duel!.gameId, 'black', i + 1),
            channel: 'api',
          }).then(
            (r) => ({ side: 'black', ok: r.turn === 1 }),
            (e: unknown) => {
              if (e instanceof AppError && ['TURN_CLOSED', 'ORDERS_REJECTED'].includes(e.code))
                return { side: 'black', ok: false };
              throw e;
            },
          );
        }),
      ]);
      expect(burst[0]).toEqual({ side: 'grey', ok: true });
      await waitUntil(
        'turn 1 resolved',
        async () => (await turnRow(ctx.db, duel!.gameId, 1))?.status === 'resolved',
        10_000,
      );
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(await resolvedOnceProblems(ctx.db, duel!.gameId)).toEqual([]);

    const t1 = (await turnRow(ctx.db, duel!.gameId, 1))!;
    const rows = await seatRows(duel!.gameId);
    // Each accepted submission is stored, each refused one is not, and every stored one came in before the resolution.
    const acceptedBurst = burst.slice(1).filter((b) => b.ok).length;
    expect(rows).toHaveLength(2 + acceptedBurst);
    expect(rows.every((r) => r.receivedAt <= t1.resolvedAt!)).toBe(true);
    const black = rows.filter((r) => r.text!.includes('SHIP Black'));
    expect(black.filter((r) => r.supersededAt === null).map((r) => r.id)).toEqual([black.at(-1)!.id]);
    // The turn used the orders that stood: Black's last stored submission.
    const expected = readOrders(black.at(-1)!.orders).get('Black')!;
    expect((t1.ordersUsed as Record<string, unknown>).Black).toMatchObject({
      source: 'orders',
      speed: expected.speed,
      move: formatPlot(expected.plot),
    });
  });

  it('orders alone are locked, stored and committed in two writes; the last of a turn makes it due and wakes the workers', async () => {
    const [duel] = await createDuels(ctx, 1);
    const woken: string[] = [];
    const unlisten = await database.listen(TURN_DUE_CHANNEL, (gameId) => woken.push(gameId));
    try {
      const first = await writesDuring(database, () => submitDuelOrders(ctx, duel!, 'black'));
      expect(first.writes).toBe(2);
      expect(first.result.turnComplete).toBe(false);
      expect((await turnRow(ctx.db, duel!.gameId, 1))?.dueAt).toBeNull();
      const last = await writesDuring(database, () => submitDuelOrders(ctx, duel!, 'grey'));
      expect(last.writes).toBe(2);
      expect(last.result.turnComplete).toBe(true);
      expect((await turnRow(ctx.db, duel!.gameId, 1))?.dueAt).toBeInstanceOf(Date);
      await waitUntil('the workers woken', async () => woken.includes(duel!.gameId), 5_000);
    } finally {
      await unlisten();
    }
  });

  it('a change to the seats while the orders wait for the turn: nothing is stored then, and the orders are taken as the seats are now', async () => {
    const [duel] = await createDuels(ctx, 1);
    // Another transaction holds the turn, and hands Grey's side to the rules (who then need no orders) as it ends.
    const result = await whileTurnHeld(
      duel!.gameId,
      () => submitDuelOrders(ctx, duel!, 'black'),
      "update seats set ruled_since = now() where game_id = $1 and side = 'grey'",
    );
    // As the lock's snapshot saw the seats, Grey still had to order; as they are now, Black's orders end the turn.
    expect(result.turnComplete).toBe(true);
    expect((await turnRow(ctx.db, duel!.gameId, 1))?.dueAt).toBeInstanceOf(Date);
    expect((await seatRows(duel!.gameId)).filter((r) => r.supersededAt === null)).toHaveLength(1);
  });

  it("orders sent in a transaction their caller holds are that transaction's: rolled back with it, never committed early", async () => {
    const [duel] = await createDuels(ctx, 1);
    const attempt = ctx.db.transaction(async (tx) => {
      const answer = await submitText(
        { ...ctx, db: tx },
        { gameId: duel!.gameId, token: duel!.tokens.black, text: duelOrders(duel!.gameId, 'black'), channel: 'mail' },
      );
      expect(answer.stored).toBe(true);
      // The caller goes on in its transaction, then fails.
      await tx.execute(sql`select 1`);
      throw new Error('the caller failed after the orders');
    });
    await expect(attempt).rejects.toThrow('the caller failed after the orders');
    expect(await seatRows(duel!.gameId)).toEqual([]);
  });
});
