/**
 * The reminder pass through turns.next_reminder_at, on PGlite and on PostgreSQL (service.md: a reminder goes "to
 * seats still missing orders", once): it claims only the turns whose reminder is due, whatever the number of games
 * waiting; the moment of the next reminder follows the deadline when a moderator extends it, pauses, resumes or rolls
 * back; a side whose orders are in gets none; two passes at once send each reminder once.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { databaseKinds, emptyDatabase, freshDatabase, type TestDatabase } from '../support/db.ts';
import { listMigrations, migrate, MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';
import { gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { cloneGame } from '../support/bulk-games.ts';
import { outbox, turns } from '../../src/db/schema.ts';
import { resolveNextDueTurn, sendDueReminders } from '../../src/games/turns/resolution.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { extendDeadline, pause, resume, rollback, type Moderator } from '../../src/games/moderation/moderation.ts';
import { HOUR } from '../../src/games/clock.ts';

/** Each turn row's version (xmin) and locker (xmax): a row the pass locked or wrote shows a new one. */
async function rowVersions(ctx: TestGamesContext): Promise<Map<string, string>> {
  const rows = await ctx.db.execute<{ game_id: string; number: number; v: string }>(
    sql`select game_id, number, xmin::text || '/' || xmax::text as v from turns`,
  );
  return new Map(rows.rows.map((r) => [`${r.game_id} ${r.number}`, r.v]));
}

async function remindersTo(ctx: TestGamesContext, gameId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ to: outbox.toAddress })
    .from(outbox)
    .where(and(eq(outbox.gameId, gameId), eq(outbox.kind, 'reminder')));
  return rows.map((r) => r.to).sort();
}

async function turnOf(ctx: TestGamesContext, gameId: string, number: number) {
  const [turn] = await ctx.db
    .select()
    .from(turns)
    .where(and(eq(turns.gameId, gameId), eq(turns.number, number)));
  return turn!;
}

const BOTH = ['alice@pbem.test', 'bob@pbem.test'];

describe.each(databaseKinds)('the reminder pass on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  async function duel(id: string, settings: Record<string, unknown> = {}) {
    const ctx = gamesContext(database);
    const created = await tutorialDuel(ctx, { id, settings });
    const mod: Moderator = { gameId: created.game.id, key: created.moderatorToken };
    return { ctx, ...created, mod };
  }

  it('with 300 games waiting and one reminder due, locks and writes that one turn only, found through turns_reminder_idx', async () => {
    // Ten days a turn: the first reminder of these is 216 h away.
    const { ctx, game: template } = await duel('idle', { turnHours: 240 });
    await cloneGame(ctx.db, template.id, 300, 'idle');
    // Three days a turn: the 24 h reminder falls due 48 h from now.
    const { game } = await duel('due');
    ctx.clock.advanceBy(48 * HOUR);

    const before = await rowVersions(ctx);
    // 300 clones' turn 1, and both duels' turns 0 (their setup, settled at creation) and 1.
    expect(before.size).toBe(304);
    expect(await sendDueReminders(ctx)).toBe(2);
    const after = await rowVersions(ctx);
    const touched = [...after].filter(([key, v]) => before.get(key) !== v).map(([key]) => key);
    expect(touched).toEqual([`${game.id} 1`]);
    expect(await remindersTo(ctx, game.id)).toEqual(BOTH);
    // The next reminder (2 h before the deadline) is the turn's next moment; an idle pass touches nothing at all.
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt).toEqual(new Date(ctx.clock.now().getTime() + 22 * HOUR));
    expect(await sendDueReminders(ctx)).toBe(0);
    expect(await rowVersions(ctx)).toEqual(after);

    // The pass's query reads the index, not the table: the plan of its claim.
    await ctx.db.execute(sql`analyze turns`);
    const plan = await ctx.db.execute<{ 'QUERY PLAN': string }>(sql`
      explain select * from turns inner join games on games.id = turns.game_id
      where turns.next_reminder_at <= ${ctx.clock.now().toISOString()}::timestamptz
      order by turns.next_reminder_at limit 100 for update of turns skip locked`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('turns_reminder_idx');
    expect(text).not.toMatch(/Seq Scan on turns/);
  });

  it('extending the deadline sends every reminder again before the new one, at its new time', async () => {
    const { ctx, game, mod } = await duel('extend');
    ctx.clock.advanceBy(48 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(2);
    // Deadline 72 h → 120 h: the 24 h reminder now falls due at 96 h.
    await extendDeadline(ctx, mod, 48);
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt!.getTime() - ctx.clock.now().getTime()).toBe(48 * HOUR);
    ctx.clock.advanceBy(48 * HOUR - 1);
    expect(await sendDueReminders(ctx)).toBe(0);
    ctx.clock.advanceBy(1);
    expect(await sendDueReminders(ctx)).toBe(2);
    expect(await sendDueReminders(ctx)).toBe(0);
    expect(await remindersTo(ctx, game.id)).toEqual([...BOTH, ...BOTH].sort());
  });

  it('a paused game gets no reminder; resumed, its reminders follow the deadline moved on by the time paused', async () => {
    const { ctx, game, mod } = await duel('pause');
    ctx.clock.advanceBy(10 * HOUR);
    await pause(ctx, mod);
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt).toBeNull();
    ctx.clock.advanceBy(100 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(0);
    await resume(ctx, mod);
    // 62 h were left at the pause: the deadline is 62 h from now, its 24 h reminder 38 h from now.
    const turn = await turnOf(ctx, game.id, 1);
    expect(turn.deadline!.getTime() - ctx.clock.now().getTime()).toBe(62 * HOUR);
    expect(turn.nextReminderAt!.getTime() - ctx.clock.now().getTime()).toBe(38 * HOUR);
    ctx.clock.advanceBy(38 * HOUR - 1);
    expect(await sendDueReminders(ctx)).toBe(0);
    ctx.clock.advanceBy(1);
    expect(await sendDueReminders(ctx)).toBe(2);
    ctx.clock.advanceBy(22 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(2);
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt).toBeNull();
  });

  it('a rolled-back turn reopens with its reminders to come, to the side whose orders are still missing', async () => {
    const { ctx, game, mod, tokens } = await duel('rollback');
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 1 MOVE 1',
      channel: 'api',
    });
    ctx.clock.advanceBy(72 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: game.id, turn: 1 });
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt).toBeNull();
    expect(await rollback(ctx, mod)).toBe(1);
    // Reopened with a full 72 h and none of its reminders sent: the 24 h one is 48 h away.
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt!.getTime() - ctx.clock.now().getTime()).toBe(48 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(0);
    ctx.clock.advanceBy(48 * HOUR);
    // Black's orders stand with the reopened turn: only Grey is reminded.
    expect(await sendDueReminders(ctx)).toBe(1);
    expect(await remindersTo(ctx, game.id)).toEqual(['bob@pbem.test']);
  });

  it('no reminder for a turn whose sides have all sent orders: the turn has no next reminder from the last orders on', async () => {
    const { ctx, game, tokens } = await duel('complete', { turnHours: 30 });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 1 MOVE 1',
      channel: 'api',
    });
    // One side in: the reminder is still to come for the other.
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt).not.toBeNull();
    const grey = await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 1 MOVE 1',
      channel: 'api',
    });
    expect(grey.turnComplete).toBe(true);
    expect((await turnOf(ctx, game.id, 1)).nextReminderAt).toBeNull();
    ctx.clock.advanceBy(29 * HOUR);
    expect(await sendDueReminders(ctx)).toBe(0);
    expect(await remindersTo(ctx, game.id)).toEqual([]);
  });

  it('two passes at once over 250 due turns (several batches) send each reminder exactly once', async () => {
    const { ctx, game: template } = await duel('many');
    const ids = [template.id, ...(await cloneGame(ctx.db, template.id, 249, 'many'))];
    ctx.clock.advanceBy(48 * HOUR);
    const [a, b] = await Promise.all([sendDueReminders(ctx), sendDueReminders(ctx)]);
    expect(a + b).toBe(2 * ids.length);
    const rows = await ctx.db.execute<{ game_id: string; to_address: string; n: number }>(
      sql`select game_id, to_address, count(*)::int as n from outbox where kind = 'reminder' group by 1, 2`,
    );
    expect(rows.rows).toHaveLength(2 * ids.length);
    expect(rows.rows.every((r) => r.n === 1)).toBe(true);
    expect(new Set(rows.rows.map((r) => r.game_id))).toEqual(new Set(ids));
    expect(await sendDueReminders(ctx)).toBe(0);
  });
});

describe.each(databaseKinds)('the next_reminder_at migration on %s', (kind) => {
  it('gives each open turn waiting for orders its first reminder not yet sent, and none to the others', async () => {
    const database = await emptyDatabase(kind);
    const scratch = mkdtempSync(join(tmpdir(), 'msc-reminders-'));
    try {
      // The migrations before this one, as a database made before it has them.
      const all = listMigrations();
      const index = all.findIndex((m) => m.tag.endsWith('_next_reminder_at'));
      const folder = join(scratch, 'before');
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
      await migrate(database, { folder });

      const game = (id: string, status: string, settings: string) => sql`
        insert into games (id, ruleset, name, status, settings, dice_state, seed, seed_commitment, moderator_token_hash)
        values (${id}, 'msc-tactical', ${id}, ${status}, ${settings}::jsonb, 'd', 's', 'c', ${id})`;
      const turn = (id: string, deadline: string | null, sent: string, dueAt: string | null = null) => sql`
        insert into turns (game_id, number, status, deadline, due_at, reminders_sent, state_before, dice_state_before)
        values (${id}, 1, 'open', ${deadline}::timestamptz, ${dueAt}::timestamptz, ${sent}::jsonb, '{}', 'd')`;
      const deadline = '2026-03-10T12:00:00.000Z';
      for (const [id, status, settings, sent, due, line] of [
        ['fresh', 'active', '{"reminderHours":[24,2]}', '[]', null, deadline],
        ['sent24', 'active', '{"reminderHours":[24,2]}', '["24h"]', null, deadline],
        ['allsent', 'active', '{"reminderHours":[24,2]}', '["24h","2h"]', null, deadline],
        ['unset', 'active', '{}', '[]', null, deadline],
        ['half', 'active', '{"reminderHours":[0.5]}', '[]', null, deadline],
        ['paused', 'paused', '{}', '[]', null, deadline],
        ['complete', 'active', '{}', '[]', '2026-03-08T12:00:00.000Z', deadline],
        ['nodeadline', 'active', '{}', '[]', null, null],
      ] as const) {
        await database.db.execute(game(id, status, settings));
        await database.db.execute(turn(id, line, sent, due));
      }

      await migrate(database);
      const found = await database.db.execute<{ game_id: string; next: string | null }>(
        sql`select game_id, to_char(next_reminder_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as next from turns`,
      );
      expect(Object.fromEntries(found.rows.map((r) => [r.game_id, r.next]))).toEqual({
        fresh: '2026-03-09T12:00',
        sent24: '2026-03-10T10:00',
        allsent: null,
        unset: '2026-03-09T12:00',
        half: '2026-03-10T11:30',
        paused: null,
        complete: null,
        nodeadline: null,
      });
    } finally {
      await database.drop();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
