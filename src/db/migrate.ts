/**
 * Applying the SQL migrations in migrations/ (written by drizzle-kit from
 * schema.ts) with drizzle's own migrators, one per driver. Both record what
 * they applied in drizzle.__drizzle_migrations and apply every pending
 * migration in one transaction: all of them or none.
 *
 * Several service instances may start at once against one PostgreSQL server;
 * an advisory lock makes them migrate one after the other. (PGlite needs no
 * such lock: the data directory lock already keeps other processes out.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import type { Logger } from '../log.ts';
import { openDatabase, type Database, type DatabaseTimeouts } from './client.ts';

/** The migrations folder of this package, wherever the process was started from. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations/', import.meta.url));

const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Any fixed number: the advisory lock all instances of this service take to migrate. */
const MIGRATION_LOCK_KEY = 0x6d73_6301;

/** One migration as listed in migrations/meta/_journal.json. */
export interface MigrationEntry {
  /** The file name without `.sql`, e.g. `0000_init`. */
  readonly tag: string;
  /** When it was generated (ms since 1970): drizzle applies those newer than the last one applied. */
  readonly when: number;
}

export interface MigrationReport {
  /** Tags of the migrations this run applied, in order. */
  readonly applied: string[];
  /** The newest migration now in the database, or null if there is none. */
  readonly current: string | null;
}

/** The migrations in the folder, in the order they apply. */
export function listMigrations(folder: string = MIGRATIONS_FOLDER): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Runs one statement and gives its rows; each driver's drizzle instance does. */
interface Executor {
  execute(query: SQL): PromiseLike<{ rows: unknown[] }>;
}

/** The generation time of the newest migration applied, or null on an empty database. */
async function lastAppliedAt(executor: Executor): Promise<number | null> {
  const table = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;
  const { rows: exists } = await executor.execute(sql`select to_regclass(${table}) is not null as "exists"`);
  if (!(exists[0] as { exists: boolean } | undefined)?.exists) return null;
  const { rows } = await executor.execute(
    sql`select max(created_at) as "last" from ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  const last = (rows[0] as { last: unknown } | undefined)?.last;
  return last === null || last === undefined ? null : Number(last);
}

function pendingAfter(last: number | null, all: readonly MigrationEntry[]): MigrationEntry[] {
  return all.filter((m) => last === null || m.when > last);
}

/** Tags of the migrations the database has not had yet (a service can refuse to start on them). */
export async function pendingMigrations(database: Database, folder: string = MIGRATIONS_FOLDER): Promise<string[]> {
  const last = await lastAppliedAt(database.db);
  return pendingAfter(last, listMigrations(folder)).map((m) => m.tag);
}

export interface MigrateOptions {
  logger?: Logger;
  /** Another migrations folder, for tests that apply the migrations one at a time. */
  folder?: string;
}

/** Applies every pending migration to an open database. */
export async function migrate(
  database: Database,
  { logger, folder = MIGRATIONS_FOLDER }: MigrateOptions = {},
): Promise<MigrationReport> {
  const config = { migrationsFolder: folder, migrationsSchema: MIGRATIONS_SCHEMA, migrationsTable: MIGRATIONS_TABLE };
  const all = listMigrations(folder);
  let pending: MigrationEntry[];
  if (database.kind === 'pglite') {
    const db = drizzlePglite({ client: database.client });
    pending = pendingAfter(await lastAppliedAt(db), all);
    if (pending.length > 0) await migratePglite(db, config);
  } else {
    // One connection holds the advisory lock for the whole run; other instances wait on it. It is not one of the
    // pool's: a migration, or the wait for another instance's, may take longer than any request is allowed to.
    const { statement_timeout: _statement, query_timeout: _read, ...settings } = database.pool.options;
    const connection = new pg.Client(settings);
    connection.on('error', (error) => logger?.warn({ err: error }, 'the migration connection failed'));
    await connection.connect();
    try {
      await connection.query('set statement_timeout = 0');
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const db = drizzlePostgres({ client: connection });
      pending = pendingAfter(await lastAppliedAt(db), all);
      if (pending.length > 0) await migratePostgres(db, config);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await connection.end().catch(() => undefined);
    }
  }
  const applied = pending.map((m) => m.tag);
  if (applied.length > 0) logger?.info({ applied }, `applied ${applied.length} migration(s)`);
  else logger?.info('the database schema is up to date');
  return { applied, current: all.at(-1)?.tag ?? null };
}

/** `msc migrate`: opens the configured database, migrates it, closes it. */
export async function runMigrations(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<DatabaseTimeouts>,
  { logger }: { logger?: Logger } = {},
): Promise<MigrationReport> {
  const database = await openDatabase(config, { logger });
  try {
    return await migrate(database, { logger });
  } finally {
    await database.close();
  }
}
