/**
 * What the schema promises, on both databases: values come back as they went
 * in, and the constraints refuse the states the service must never reach.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  games,
  inboundMessages,
  outbox,
  seats,
  submissions,
  turnFallsDueAt,
  turns,
  type NewGame,
  type NewSeat,
  type NewTurn,
} from '../../src/db/schema.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';

const game = (id = 'orion-7'): NewGame => ({
  id,
  ruleset: 'msc-tactical',
  name: 'Orion 7',
  diceState: '0123456789abcdef0123456789abcdef',
  seed: 'fedcba9876543210fedcba9876543210',
  seedCommitment: 'a'.repeat(64),
  moderatorTokenHash: 'b'.repeat(64),
});

const seat = (side: string, gameId = 'orion-7'): NewSeat => ({
  gameId,
  side,
  email: `${side.toLowerCase()}@pbem.test`,
  displayName: `Player ${side}`,
  tokenHash: `${side}-${gameId}-hash`,
});

const turn = (number: number, extra: Partial<NewTurn> = {}, gameId = 'orion-7'): NewTurn => ({
  gameId,
  number,
  stateBefore: { ships: [] },
  diceStateBefore: '0123456789abcdef0123456789abcdef',
  ...extra,
});

/** The error a statement fails with, with drizzle's wrapper unwrapped to the database's own. */
async function failure(promise: PromiseLike<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message: string } }).cause;
    return cause ?? (error as Error);
  }
  throw new Error('expected the statement to fail');
}

describe.each(databaseKinds)('the schema on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
    await database.db.insert(games).values(game());
  });
  afterEach(() => database.drop());

  it('gives a new game its defaults: setup, turn 0, public, version 0, timestamps now', async () => {
    const [row] = await database.db.select().from(games).where(eq(games.id, 'orion-7'));
    expect(row).toMatchObject({ status: 'setup', currentTurn: 0, public: true, version: 0, settings: {}, state: null });
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('keeps JSON and instants exactly as written', async () => {
    const settings = {
      mapSize: [30, 20],
      sides: ['F', 'FL'],
      budget: 120,
      note: 'Überfall «à» 日本',
      nested: { a: [1, null, true] },
    };
    const deadline = new Date('2031-02-03T04:05:06.789Z');
    await database.db.update(games).set({ settings }).where(eq(games.id, 'orion-7'));
    await database.db.insert(turns).values(turn(1, { deadline, remindersSent: ['24h'] }));
    const [g] = await database.db.select({ settings: games.settings }).from(games);
    const [t] = await database.db.select().from(turns);
    expect(g?.settings).toEqual(settings);
    expect(t?.deadline).toEqual(deadline);
    expect(t?.remindersSent).toEqual(['24h']);
  });

  it('refuses a status outside the known ones (a typo fails at the write)', async () => {
    const error = await failure(
      database.db
        .update(games)
        .set({ status: 'actve' as 'active' })
        .where(eq(games.id, 'orion-7')),
    );
    expect(error.message).toContain('games_status_check');
  });

  it('seats each side of a game once', async () => {
    await database.db.insert(seats).values(seat('F'));
    const error = await failure(database.db.insert(seats).values({ ...seat('F'), tokenHash: 'other' }));
    expect(error.code).toBe('23505');
  });

  it('gives a seat a random id, UTC as its time zone, and the moment its token was issued', async () => {
    const [row] = await database.db.insert(seats).values(seat('F')).returning();
    expect(row?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row).toMatchObject({ timeZone: 'UTC', fleet: null, concededAt: null });
    expect(row?.tokenRotatedAt).toBeInstanceOf(Date);
  });

  it('allows one turn in play per game, and a new one once the last has resolved', async () => {
    await database.db.insert(turns).values(turn(1));
    expect((await failure(database.db.insert(turns).values(turn(2)))).code).toBe('23505');
    await database.db.update(turns).set({ status: 'resolved' }).where(eq(turns.number, 1));
    await database.db.insert(turns).values(turn(2));
    expect(await database.db.select({ n: turns.number }).from(turns).orderBy(turns.number)).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
  });

  it('keeps one standing submission per seat and turn; superseded ones stay for the record', async () => {
    await database.db.insert(turns).values(turn(1));
    const [f] = await database.db.insert(seats).values(seat('F')).returning();
    const submission = { gameId: 'orion-7', turn: 1, seatId: f!.id, channel: 'mail' as const, orders: { ships: {} } };
    const [first] = await database.db.insert(submissions).values(submission).returning();
    expect((await failure(database.db.insert(submissions).values(submission))).code).toBe('23505');
    await database.db.update(submissions).set({ supersededAt: new Date() }).where(eq(submissions.id, first!.id));
    const [second] = await database.db.insert(submissions).values(submission).returning();
    expect(second!.id).toBeGreaterThan(first!.id);
  });

  it('refuses a submission for a turn that does not exist', async () => {
    const [f] = await database.db.insert(seats).values(seat('F')).returning();
    const error = await failure(
      database.db.insert(submissions).values({ gameId: 'orion-7', turn: 9, seatId: f!.id, channel: 'web', orders: {} }),
    );
    expect(error.code).toBe('23503');
  });

  it('finds the open turns that are due — all seats in, or past the deadline — with turnFallsDueAt', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    for (const id of ['all-in', 'deadline', 'waiting', 'resolved']) await database.db.insert(games).values(game(id));
    await database.db
      .insert(turns)
      .values([
        turn(1, { dueAt: past, deadline: future }, 'all-in'),
        turn(1, { deadline: new Date(past.getTime() - 60_000) }, 'deadline'),
        turn(1, { deadline: future }, 'waiting'),
        turn(1, { deadline: past, status: 'resolved' }, 'resolved'),
      ]);
    const due = await database.db
      .select({ gameId: turns.gameId })
      .from(turns)
      .where(and(eq(turns.status, 'open'), sql`${turnFallsDueAt} <= now()`))
      .orderBy(turnFallsDueAt)
      .for('update', { skipLocked: true });
    expect(due.map((t) => t.gameId)).toEqual(['deadline', 'all-in']);
  });

  it('queues outgoing mail as pending, with no attempts yet, due now', async () => {
    const [mail] = await database.db
      .insert(outbox)
      .values({
        gameId: 'orion-7',
        kind: 'turn-report',
        toAddress: 'f@pbem.test',
        subject: 'Turn 1',
        textBody: 'text',
        headers: { 'Message-ID': '<1@msc>' },
      })
      .returning();
    expect(mail).toMatchObject({
      status: 'pending',
      attempts: 0,
      htmlBody: null,
      sentAt: null,
      headers: { 'Message-ID': '<1@msc>' },
    });
    expect(mail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('records an inbound message once: the Message-ID is the key', async () => {
    const message = {
      messageId: '<abc@mail>',
      fromAddress: 'f@pbem.test',
      gameId: 'no-such-game',
      outcome: 'rejected',
    };
    await database.db.insert(inboundMessages).values(message);
    expect((await failure(database.db.insert(inboundMessages).values(message))).code).toBe('23505');
    const inserted = await database.db.insert(inboundMessages).values(message).onConflictDoNothing().returning();
    expect(inserted).toEqual([]);
  });

  it('numbers audit entries in order and keeps them after their game is gone', async () => {
    await database.db.insert(auditLog).values([
      { gameId: 'orion-7', actor: 'moderator:orion-7', action: 'pause', reason: 'holidays' },
      { gameId: 'orion-7', actor: 'moderator:orion-7', action: 'resume' },
    ]);
    await database.db.delete(games).where(eq(games.id, 'orion-7'));
    const entries = await database.db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => [e.id, e.action, e.details])).toEqual([
      [1, 'pause', {}],
      [2, 'resume', {}],
    ]);
  });
});
