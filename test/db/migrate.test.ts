/**
 * The migrations: every one applies in order to an empty database, on PGlite
 * and on PostgreSQL; the result has every table and column of schema.ts; and
 * schema.ts has no change that a migration does not carry yet.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../src/db/client.ts';
import { listMigrations, migrate, MIGRATIONS_FOLDER, pendingMigrations, runMigrations } from '../../src/db/migrate.ts';
import { databaseKinds, emptyDatabase, testServerUrl, type TestDatabase } from '../support/db.ts';

const projectRoot = join(MIGRATIONS_FOLDER, '..');
const schemaTables = Object.values(tables).map((t) => getTableConfig(t));

/** A copy of the migrations folder whose journal lists only the first `count` migrations. */
function folderWithFirst(count: number, into: string): string {
  const folder = join(into, `first-${count}`);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

async function publicTables(database: TestDatabase): Promise<string[]> {
  const found = await rows<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return found.map((r) => r.name);
}

describe('the migrations folder', () => {
  it('lists every SQL file in its journal, in order, with strictly increasing times', () => {
    const entries = listMigrations();
    const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
    expect(entries.map((e) => `${e.tag}.sql`)).toEqual([...files].sort());
    // drizzle applies only migrations newer than the last one applied: an older time would be skipped.
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.when).toBeGreaterThan(entries[i - 1]!.when);
  });

  it('carries every change of schema.ts (drizzle-kit generate finds nothing new)', () => {
    const copy = mkdtempSync(join(tmpdir(), 'msc-migrations-'));
    try {
      cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
      const before = readdirSync(copy).sort();
      // drizzle-kit reads --out relative to the working directory.
      const output = execFileSync(
        process.execPath,
        [
          join(projectRoot, 'node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect=postgresql',
          '--schema=src/db/schema.ts',
          `--out=${relative(projectRoot, copy)}`,
        ],
        { cwd: projectRoot, encoding: 'utf8' },
      );
      expect(output).toContain('No schema changes');
      expect(readdirSync(copy).sort()).toEqual(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('migrating an empty %s database', (kind) => {
  let database: TestDatabase;
  let scratch: string;

  beforeAll(async () => {
    database = await emptyDatabase(kind);
    scratch = mkdtempSync(join(tmpdir(), 'msc-migrate-'));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('applies every migration in order, one at a time', async () => {
    const all = listMigrations();
    expect(await pendingMigrations(database)).toEqual(all.map((m) => m.tag));
    for (let count = 1; count <= all.length; count++) {
      const report = await migrate(database, { folder: folderWithFirst(count, scratch) });
      expect(report.applied).toEqual([all[count - 1]!.tag]);
    }
    expect(await pendingMigrations(database)).toEqual([]);
  });

  it('leaves every table of schema.ts', async () => {
    expect(await publicTables(database)).toEqual(schemaTables.map((t) => t.name).sort());
  });

  it('leaves every column of schema.ts, with its nullability', async () => {
    const found = await rows<{ table_name: string; column_name: string; is_nullable: string }>(
      database,
      sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const inDatabase = new Set(
      found.map((c) => `${c.table_name}.${c.column_name} ${c.is_nullable === 'NO' ? 'not null' : 'null'}`),
    );
    const inSchema = schemaTables.flatMap((t) =>
      t.columns.map((c) => `${t.name}.${c.name} ${c.notNull ? 'not null' : 'null'}`),
    );
    expect([...inDatabase].sort()).toEqual(inSchema.sort());
  });

  it('leaves every index of schema.ts, including the turn-queue index', async () => {
    const found = await rows<{ indexname: string }>(
      database,
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const names = found.map((i) => i.indexname);
    for (const t of schemaTables) for (const index of t.indexes) expect(names).toContain(index.config.name);
    expect(names).toContain('turns_queue_idx');
  });

  it('compresses mail bodies with lz4 where the server has it (PostgreSQL), and keeps the default where not (PGlite)', async () => {
    const found = await rows<{ attname: string; attcompression: string }>(
      database,
      sql`select attname, attcompression::text from pg_attribute where attrelid = 'outbox'::regclass and attname in ('text_body', 'html_body') order by attname`,
    );
    const method = kind === 'postgres' ? 'l' : '';
    expect(found).toEqual([
      { attname: 'html_body', attcompression: method },
      { attname: 'text_body', attcompression: method },
    ]);
  });

  it('does nothing when run again', async () => {
    const report = await migrate(database);
    expect(report.applied).toEqual([]);
    expect(report.current).toBe(listMigrations().at(-1)?.tag);
  });
});

describe('runMigrations (msc migrate)', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
  });

  it('creates and migrates the PGlite database in DATA_DIR, then releases it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'msc-data-'));
    folders.push(dataDir);
    const first = await runMigrations({ dataDir, databaseUrl: undefined });
    expect(first.applied).toEqual(listMigrations().map((m) => m.tag));
    // The lock was released, and the data stayed: a second run finds nothing to do.
    const second = await runMigrations({ dataDir, databaseUrl: undefined });
    expect(second.applied).toEqual([]);
  });

  it.runIf(databaseKinds.includes('postgres'))(
    'lets several instances migrate one PostgreSQL database at once',
    async () => {
      const target = await emptyDatabase('postgres');
      try {
        const url = new URL(testServerUrl);
        url.pathname = `/${(await rows<{ db: string }>(target, sql`select current_database() as db`))[0]!.db}`;
        const reports = await Promise.all(
          [1, 2, 3].map(() => runMigrations({ databaseUrl: url.toString(), dataDir: '' })),
        );
        // The advisory lock serialises them: one applies everything, the others find nothing to do.
        const applied = reports.map((r) => r.applied.length).sort();
        expect(applied).toEqual([0, 0, listMigrations().length]);
      } finally {
        await target.drop();
      }
    },
  );

  it.runIf(databaseKinds.includes('postgres'))(
    "waits for another instance's migration longer than DATABASE_STATEMENT_TIMEOUT_MS allows a request",
    async () => {
      const target = await emptyDatabase('postgres');
      try {
        const url = new URL(testServerUrl);
        url.pathname = `/${(await rows<{ db: string }>(target, sql`select current_database() as db`))[0]!.db}`;
        // Another instance migrating: it holds the migration lock for a second.
        if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
        const other = await target.pool.connect();
        await other.query('select pg_advisory_lock($1)', [0x6d73_6301]);
        setTimeout(() => {
          void other.query('select pg_advisory_unlock_all()').finally(() => other.release());
        }, 1_000);
        const report = await runMigrations({
          databaseUrl: url.toString(),
          dataDir: '',
          databaseStatementTimeoutMs: 200,
        });
        expect(report.applied).toHaveLength(listMigrations().length);
      } finally {
        await target.drop();
      }
    },
  );
});
