/**
 * Opening the database: PGlite in DATA_DIR/pglite by default (nothing to
 * install), PostgreSQL through a `pg` pool when DATABASE_URL is set. Both give
 * the same drizzle instance type over the same schema, so nothing above this
 * file knows which one it talks to — except where their behaviour differs
 * (PGlite has a single connection: transactions queue, SKIP LOCKED never skips).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger as DrizzleLogger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import type { Logger } from '../log.ts';
import { acquireDataDirLock } from './lock.ts';
import {
  checkChannel,
  deliver,
  notifyStatement,
  PostgresListener,
  type NotifyHandler,
  type Unlisten,
} from './notifications.ts';
import {
  auditLog,
  games,
  inboundMessages,
  loginTokens,
  outbox,
  seats,
  serviceSecrets,
  sessions,
  sideMessages,
  submissions,
  turns,
} from './schema.ts';

/** The tables, as drizzle's relational queries (`db.query.games…`) see them. */
export const tables = {
  games,
  seats,
  turns,
  submissions,
  outbox,
  inboundMessages,
  auditLog,
  serviceSecrets,
  loginTokens,
  sessions,
  sideMessages,
};
export type Schema = typeof tables;

/**
 * What `execute()` returns on either driver: both results carry `rows`.
 * (PGlite's and pg's result objects differ in everything else.)
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
interface RowsResult<T> {
  rows: Array<T extends Record<string, unknown> ? T : Record<string, unknown>>;
}

/** The drizzle instance, the same type for PGlite and PostgreSQL. */
export type AppDatabase = PgDatabase<QueryResultHKT, Schema>;
export type AppTransaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The memory:// DATA_DIR: a PGlite database that lives and dies with the process. */
export const IN_MEMORY = 'memory://';

interface DatabaseBase {
  readonly db: AppDatabase;
  /** Closes every connection (and releases the data directory lock). Safe to call twice. */
  close(): Promise<void>;
  /** Calls `onNotify` with the payload of every notification on `channel` until the returned function is called. */
  listen(channel: string, onNotify: NotifyHandler): Promise<Unlisten>;
  /** Sends a notification now; inside a transaction, execute notifyStatement() instead. */
  notify(channel: string, payload?: string): Promise<void>;
}

export interface PgliteHandle extends DatabaseBase {
  readonly kind: 'pglite';
  readonly client: PGlite;
  /** The PGlite folder, or null in memory. */
  readonly dataDir: string | null;
}

export interface PostgresHandle extends DatabaseBase {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
}

export type Database = PgliteHandle | PostgresHandle;
export type DatabaseKind = Database['kind'];

export interface OpenOptions {
  logger?: Logger;
}

/** Opens the database the configuration names. Does not migrate: see migrate.ts. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  { logger }: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, logger);
  if (config.dataDir === IN_MEMORY) return databaseFromPglite(new PGlite(), { logger });
  return openPgliteFolder(config.dataDir, logger);
}

async function openPgliteFolder(dataDir: string, logger: Logger | undefined): Promise<Database> {
  // The lock comes first: a second process must fail before it touches the files.
  const lock = await acquireDataDirLock(dataDir);
  const folder = join(dataDir, 'pglite');
  try {
    if (!existsSync(folder)) logger?.info({ folder }, 'creating a new database (the first start takes a few seconds)');
    const client = new PGlite(folder);
    await client.waitReady;
    logger?.info({ kind: 'pglite', folder }, 'database open');
    return databaseFromPglite(client, { logger, dataDir: folder, onClose: () => lock.release() });
  } catch (error) {
    lock.release();
    throw error;
  }
}

export interface PgliteWrapOptions {
  logger?: Logger;
  dataDir?: string | null;
  /** Leave the PGlite instance open on close() (its owner closes it): for test fixtures that reuse one. */
  keepOpen?: boolean;
  onClose?: () => void;
}

/** Wraps a PGlite instance that is already created (in memory, from a dump, or from a folder). */
export function databaseFromPglite(client: PGlite, options: PgliteWrapOptions = {}): PgliteHandle {
  const { logger } = options;
  const db: AppDatabase = drizzlePglite({ client, schema: tables, logger: drizzleLogger(logger) });
  const unlistens = new Set<() => Promise<void>>();
  let closing: Promise<void> | null = null;
  return {
    kind: 'pglite',
    db,
    client,
    dataDir: options.dataDir ?? null,
    async listen(channel, onNotify) {
      const handlers = [onNotify];
      const stop = await client.listen(checkChannel(channel), (payload) => deliver(handlers, payload, logger));
      const unlisten = async () => {
        if (!unlistens.delete(unlisten)) return;
        if (!client.closed) await stop();
      };
      unlistens.add(unlisten);
      return unlisten;
    },
    async notify(channel, payload = '') {
      await db.execute(notifyStatement(channel, payload));
    },
    close() {
      closing ??= (async () => {
        for (const unlisten of [...unlistens]) await unlisten();
        if (!options.keepOpen && !client.closed) await client.close();
        options.onClose?.();
      })();
      return closing;
    },
  };
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<PostgresHandle> {
  const where = describeServer(url);
  const pool = new pg.Pool({ connectionString: url, application_name: 'msc' });
  // An idle connection that breaks (a server restart) must not crash the process.
  pool.on('error', (error) => logger?.warn({ err: error }, 'an idle database connection failed'));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`cannot connect to PostgreSQL at ${where} (DATABASE_URL): ${(error as Error).message}`, {
      cause: error,
    });
  }
  logger?.info({ kind: 'postgres', server: where }, 'database open');
  const db: AppDatabase = drizzlePostgres({ client: pool, schema: tables, logger: drizzleLogger(logger) });
  let listener: PostgresListener | null = null;
  let closing: Promise<void> | null = null;
  return {
    kind: 'postgres',
    db,
    pool,
    listen(channel, onNotify) {
      if (closing) return Promise.reject(new Error('the database is closed'));
      listener ??= new PostgresListener({ connectionString: url, application_name: 'msc-listener' }, logger);
      return listener.listen(channel, onNotify);
    },
    async notify(channel, payload = '') {
      await db.execute(notifyStatement(channel, payload));
    },
    close() {
      closing ??= (async () => {
        await listener?.close();
        await pool.end();
      })();
      return closing;
    },
  };
}

/** host:port/database of a connection URL, without the user or password, for messages and logs. */
export function describeServer(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/** Every SQL statement at trace level, when that level is on. */
function drizzleLogger(logger: Logger | undefined): DrizzleLogger | undefined {
  if (!logger?.isLevelEnabled('trace')) return undefined;
  const sqlLog = logger.child({ module: 'sql' });
  return { logQuery: (query, params) => sqlLog.trace({ query, params }, 'sql') };
}
