/**
 * Opening the database: PGlite in DATA_DIR/pglite by default (nothing to
 * install), PostgreSQL through a `pg` pool when DATABASE_URL is set. Both give
 * the same drizzle instance type over the same schema, so nothing above this
 * file knows which one it talks to — except where their behaviour differs
 * (PGlite has a single connection: transactions queue, SKIP LOCKED never skips).
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger as DrizzleLogger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SERVICE_ROLES, type Config, type ServiceRole } from '../config/config.ts';
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
  absences,
  auditLog,
  calendarTokens,
  games,
  inboundMessages,
  loginTokens,
  outbox,
  seatRequests,
  seats,
  serviceSecrets,
  sessions,
  sideMessages,
  battles,
  observers,
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
  battles,
  calendarTokens,
  absences,
  observers,
  seatRequests,
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
  /**
   * Cuts every connection a transaction holds right now, for a shutdown that
   * cannot wait for them: the server rolls those transactions back, and their
   * owners see them fail. (PGlite: nothing to cut; its transactions wait on nobody.)
   */
  interrupt(): void;
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

/** How long PostgreSQL may take, before a request gets 503 rather than waiting (README, "Configuration"). */
export type DatabaseTimeouts = Pick<
  Config,
  'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs' | 'databaseIdleInTransactionTimeoutMs'
>;

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  databaseConnectTimeoutMs: 5_000,
  databaseStatementTimeoutMs: 15_000,
  databaseIdleInTransactionTimeoutMs: 30_000,
};

/** A server that has not answered this long after the statement timeout is not answering at all (frozen, cut off). */
const READ_TIMEOUT_MARGIN_MS = 2_000;
/** When TCP keepalive starts probing an idle connection, so a dead peer is noticed even with nothing to send. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * The connections a process's pool opens at most (DATABASE_POOL_SIZE): unless set, 20 for a process with the mail role
 * (the receiver has 16 mails in hand at a time, each in a transaction), 10 (node-postgres' own default) for one
 * without — so that `msc serve --web 3 --workers 2 --mail 1` stays under PostgreSQL's default 100 connections.
 */
export function poolSizeOf(config: {
  readonly databasePoolSize?: number;
  readonly roles?: readonly ServiceRole[];
}): number {
  return config.databasePoolSize ?? ((config.roles ?? SERVICE_ROLES).includes('mail') ? 20 : 10);
}

/** Opens the database the configuration names. Does not migrate: see migrate.ts. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> &
    Partial<DatabaseTimeouts> &
    Partial<Pick<Config, 'databasePoolSize' | 'roles'>>,
  { logger }: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const timeouts: DatabaseTimeouts = {
      databaseConnectTimeoutMs: config.databaseConnectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.databaseConnectTimeoutMs,
      databaseStatementTimeoutMs:
        config.databaseStatementTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.databaseStatementTimeoutMs,
      databaseIdleInTransactionTimeoutMs:
        config.databaseIdleInTransactionTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.databaseIdleInTransactionTimeoutMs,
    };
    return openPostgres(config.databaseUrl, timeouts, poolSizeOf(config), logger);
  }
  if (config.dataDir === IN_MEMORY) return databaseFromPglite(new PGlite(), { logger });
  return openPgliteFolder(config.dataDir, logger);
}

async function openPgliteFolder(dataDir: string, logger: Logger | undefined): Promise<Database> {
  // The lock comes first: a second process must fail before it touches the files.
  const lock = await acquireDataDirLock(dataDir);
  const folder = join(dataDir, 'pglite');
  try {
    if (!existsSync(folder)) logger?.info({ folder }, 'creating a new database (the first start takes a few seconds)');
    // Its owner's alone (holding every game's tokens and seeds), also when an earlier version made it readable by all.
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
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
    interrupt() {},
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

/** The connection settings every connection to the server gets: timeouts, keepalive. */
function connectionSettings(timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionTimeoutMillis: timeouts.databaseConnectTimeoutMs,
    statement_timeout: timeouts.databaseStatementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.databaseIdleInTransactionTimeoutMs,
    // The server cuts a statement at statement_timeout; one that has not answered well after that never will.
    query_timeout: timeouts.databaseStatementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}

/**
 * Makes a pool connection safe to lose at any moment:
 *
 * - it always has an 'error' listener (the pool's own listens only while the
 *   connection is idle; one that breaks while a transaction holds it — a
 *   server restart, pg_terminate_backend — would otherwise end the process);
 * - a connection that breaks while checked out goes back to the pool at once,
 *   as broken, and its owner's later release does nothing: drizzle does not
 *   release a connection whose BEGIN failed, and the pool would lose it;
 * - a statement the server has not answered in time (query_timeout) closes
 *   the connection, so that nothing queued behind it on that connection runs
 *   later, in a transaction its owner has given up on;
 * - a transaction's BEGIN is written with its first statement, in one packet
 *   (the connection is pipelined): one round trip fewer a transaction; so are
 *   a savepoint's SAVEPOINT and RELEASE SAVEPOINT, two fewer a savepoint.
 */
function guardConnection(client: pg.PoolClient, logger: Logger | undefined): void {
  let release: ((error?: Error | boolean) => void) | null = null;
  // Statements not yet written (a BEGIN, a SAVEPOINT, a RELEASE SAVEPOINT), a COMMIT to write with the next statement,
  // one written (below); forgotten when the connection goes back to the pool.
  let held: unknown[][] = [];
  let commitNext = false;
  let sentCommit: Promise<unknown> | null = null;
  Object.defineProperty(client, 'release', {
    configurable: true,
    // The pool sets a new release function each time it hands the connection out.
    set(fn: (error?: Error | boolean) => void) {
      release = fn;
    },
    get() {
      return (error?: Error | boolean) => {
        const once = release;
        release = null;
        held = [];
        commitNext = false;
        sentCommit = null;
        once?.(error);
      };
    },
  });
  client.on('error', (error) => {
    logger?.warn({ err: error }, 'a database connection failed');
    // Checked out: give it back, broken, so the pool closes it and opens another.
    if (release) client.release(error);
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const send = (args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if ((error as Error | null)?.message === 'Query read timeout') closeSocket(client);
      });
    }
    return result;
  };
  // A transaction's BEGIN is held back and written with its first statement, in one packet: the connection is
  // pipelined, so the server answers both at once (one round trip, one write, instead of two each). So are a
  // savepoint's SAVEPOINT (written with its first statement) and RELEASE SAVEPOINT (with the statement after it, most
  // often the transaction's next statement or its COMMIT). Likewise a transaction told to commit with its next
  // statement (commitWithNext) writes COMMIT behind it, and its owner's own COMMIT is then answered with that one's
  // outcome.
  const stream = () =>
    (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const text = textOf(args);
    if (sentCommit !== null) {
      const committed = sentCommit;
      sentCommit = null;
      if (text === 'commit') return committed;
      // The server has ended the transaction already: a ROLLBACK only warns there; anything else would run outside it.
      if (text !== 'rollback')
        return Promise.reject(new Error(`a statement was sent after its transaction's COMMIT: ${String(text)}`));
      return send(args);
    }
    const holds =
      text !== null && ((held.length === 0 && text === 'begin') || SAVEPOINT.test(text) || RELEASE.test(text));
    if (holds) {
      held.push(args);
      return Promise.resolve({ command: text.split(' ')[0]!.toUpperCase(), rowCount: null, rows: [], fields: [] });
    }
    if (held.length === 0 && !commitNext) return send(args);
    const before = held;
    const commit = commitNext;
    held = [];
    commitNext = false;
    // What a held SAVEPOINT or RELEASE SAVEPOINT answers is told through the statement written with it: a COMMIT
    // after a failed one would roll back and say nothing. (A BEGIN fails only with its connection, and then the
    // statement behind it fails too; a ROLLBACK has nothing to tell.)
    const told: Promise<unknown>[] = [];
    stream().cork();
    let result: unknown;
    try {
      for (const statement of before) {
        const answer = send(statement) as Promise<unknown>;
        answer.catch(() => undefined);
        if (textOf(statement) !== 'begin') told.push(answer);
      }
      result = send(args);
      if (commit) {
        sentCommit = send(['commit']) as Promise<unknown>;
        sentCommit.catch(() => undefined);
      }
    } finally {
      stream().uncork();
    }
    if (told.length === 0 || !(result instanceof Promise) || (text !== null && text.startsWith('rollback')))
      return result;
    return Promise.all([...told, result]).then(() => result);
  };
  (client as unknown as Record<symbol, () => void>)[COMMIT_WITH_NEXT] = () => {
    commitNext = true;
  };
}

const COMMIT_WITH_NEXT = Symbol('commitWithNext');

/**
 * Asks that `tx` commit with its next statement, written in the same packet: one round trip fewer for a transaction
 * whose caller knows that statement is its last write and that nothing it does afterwards can need a rollback (what
 * it throws after that is thrown after the commit). Only a top-level transaction on PostgreSQL can (false otherwise:
 * the transaction then commits at its end as usual). The owner's COMMIT answers with that COMMIT's outcome; any other
 * statement before it is refused.
 */
export function commitWithNext(tx: AppTransaction): boolean {
  const internals = tx as unknown as { nestedIndex?: number; _: { session: { client?: unknown } } };
  const ask = (internals._.session.client as Record<symbol, (() => void) | undefined> | undefined)?.[COMMIT_WITH_NEXT];
  if (internals.nestedIndex !== 0 || typeof ask !== 'function') return false;
  ask();
  return true;
}

/** drizzle's savepoint statements (its nested transactions): `savepoint sp1`, `release savepoint sp1`. */
const SAVEPOINT = /^savepoint sp\d+$/;
const RELEASE = /^release savepoint sp\d+$/;

/**
 * A short query's text (BEGIN, COMMIT, ROLLBACK, a savepoint's), lower-cased and trimmed; null for any other, or a
 * callback call.
 */
function textOf(args: unknown[]): string | null {
  if (args.length > 2 || typeof args[1] === 'function') return null;
  const config = args[0];
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.length <= 40 ? text.trim().toLowerCase() : null;
}

/** Cuts a connection without a word to the server (which may not be reading): the client then fails as broken. */
function closeSocket(client: pg.ClientBase): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

async function openPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  poolSize: number,
  logger: Logger | undefined,
): Promise<PostgresHandle> {
  const where = describeServer(url);
  const settings = connectionSettings(timeouts);
  // Pipelined: a statement is written without waiting for the answer to the one before (see guardConnection). `max`
  // above node-postgres' 10, by default: the mail receiver alone has 16 mails in hand at a time, each in a transaction.
  const pool = new pg.Pool({
    connectionString: url,
    application_name: 'msc',
    pipeline: true,
    max: poolSize,
    ...settings,
  });
  pool.on('connect', (client) => guardConnection(client, logger));
  // The connections handed out now, for interrupt().
  const busy = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => busy.add(client));
  pool.on('release', (_error, client) => busy.delete(client));
  pool.on('remove', (client) => busy.delete(client));
  // The pool's own report of an idle connection that broke (a server restart); guardConnection has logged it.
  pool.on('error', () => undefined);
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
      listener ??= new PostgresListener(
        {
          connectionString: url,
          application_name: 'msc-listener',
          connectionTimeoutMillis: settings.connectionTimeoutMillis,
          keepAlive: true,
          keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
        },
        logger,
      );
      return listener.listen(channel, onNotify);
    },
    async notify(channel, payload = '') {
      await db.execute(notifyStatement(channel, payload));
    },
    interrupt() {
      if (busy.size > 0) logger?.warn({ connections: busy.size }, 'cutting the transactions still in progress');
      for (const client of busy) closeSocket(client);
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
  const host = decodeURIComponent(u.hostname);
  // A Unix socket's folder (postgres://msc@%2Fvar%2Frun%2Fpostgresql/msc) is named as it is, without a port.
  return host.startsWith('/') ? `${host}${u.pathname}` : `${host}:${u.port || '5432'}${u.pathname}`;
}

/** Every SQL statement at trace level, when that level is on. */
function drizzleLogger(logger: Logger | undefined): DrizzleLogger | undefined {
  if (!logger?.isLevelEnabled('trace')) return undefined;
  const sqlLog = logger.child({ module: 'sql' });
  return { logQuery: (query, params) => sqlLog.trace({ query, params }, 'sql') };
}
