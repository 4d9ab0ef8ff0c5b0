/**
 * The shared test helper itself (test/support/db.ts): every database it hands
 * out is migrated and empty, even when the one before it was used and dropped.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pendingMigrations } from '../../src/db/migrate.ts';
import { auditLog, games } from '../../src/db/schema.ts';
import { databaseKinds, freshDatabase } from '../support/db.ts';

describe('databaseKinds', () => {
  it('always has pglite, and postgres when the server answers (required when MSC_REQUIRE_SERVICES=1)', () => {
    expect(databaseKinds[0]).toBe('pglite');
    if (process.env.MSC_REQUIRE_SERVICES === '1') expect(databaseKinds).toContain('postgres');
  });
});

describe.each(databaseKinds)('freshDatabase(%s)', (kind) => {
  it('is migrated and empty, and numbers rows from 1 again after the last one was used', async () => {
    for (let round = 0; round < 2; round++) {
      const database = await freshDatabase(kind);
      try {
        expect(database.kind).toBe(kind);
        expect(await pendingMigrations(database)).toEqual([]);
        expect(await database.db.select().from(games)).toEqual([]);
        const [entry] = await database.db.insert(auditLog).values({ actor: 'cli', action: 'test' }).returning();
        expect(entry?.id).toBe(1);
        await database.listen('left_behind', () => undefined);
      } finally {
        await database.drop();
      }
    }
  });

  it('gives two tests at once two separate databases', async () => {
    const [a, b] = await Promise.all([freshDatabase(kind), freshDatabase(kind)]);
    try {
      await a.db.execute(sql`insert into audit_log (actor, action) values ('a', 'only in a')`);
      expect(await b.db.select().from(auditLog)).toEqual([]);
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  });
});
