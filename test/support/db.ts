/**
 * Fresh, migrated, empty databases for tests, so that one test runs on both
 * PGlite and PostgreSQL:
 *
 *     describe.each(databaseKinds)('games on %s', (kind) => {
 *       let database: TestDatabase;
 *       beforeEach(async () => { database = await freshDatabase(kind); });
 *       afterEach(() => database.drop());
 *       ...
 *     });
 *
 * PostgreSQL: a new database msc_test_<time>_<random> on the server of
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped by drop(). When that server is unreachable the PostgreSQL runs are
 * skipped with a notice — unless MSC_REQUIRE_SERVICES=1 (CI), which fails.
 *
 * PGlite: an in-memory instance. Creating one costs seconds (initdb), so the
 * migrated database is dumped once (and cached in the temp folder, keyed by
 * the migrations), new instances load that dump (~1 s), and drop() empties an
 * instance (TRUNCATE … RESTART IDENTITY) for the next test of the same file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  databaseFromPglite,
  describeServer,
  openDatabase,
  type Database,
  type DatabaseKind,
} from '../../src/db/client.ts';
import { migrate, MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';

export type TestDatabase = Database & { drop(): Promise<void> };

/** The server test databases are created on; its own database is used only to create and drop them. */
export const testServerUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const requireServices = process.env.MSC_REQUIRE_SERVICES === '1';

/** Test databases older than this were left by a run that crashed: removed when a run starts. */
const LEFTOVER_AGE_S = 6 * 3600;

async function adminQuery<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: testServerUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function probePostgres(): Promise<boolean> {
  try {
    await adminQuery('select 1');
  } catch (error) {
    const why = `PostgreSQL not reachable at ${describeServer(testServerUrl)} (${(error as Error).message})`;
    if (requireServices) throw new Error(`${why}, and MSC_REQUIRE_SERVICES=1 requires it`, { cause: error });
    if (firstToSay(`msc-pg-notice-${process.ppid}`)) console.warn(`\n*** ${why}: PostgreSQL tests skipped ***\n`);
    return false;
  }
  await dropLeftovers().catch(() => undefined);
  return true;
}

/**
 * True for the first test worker of this run to ask (the workers share the
 * vitest process as their parent), so a notice shows once, not once per file.
 */
function firstToSay(marker: string): boolean {
  try {
    closeSync(openSync(join(tmpdir(), marker), 'wx'));
    return true;
  } catch {
    return false;
  }
}

async function dropLeftovers(): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    `select datname from pg_database where datname ~ '^msc_test_[0-9]+_[0-9a-f]+$'`,
  );
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of rows) {
    const created = Number(datname.split('_')[2]);
    if (now - created > LEFTOVER_AGE_S) await adminQuery(`drop database if exists "${datname}" with (force)`);
  }
}

/** pglite always; postgres when the server answers. */
export const databaseKinds: DatabaseKind[] = ['pglite', ...((await probePostgres()) ? (['postgres'] as const) : [])];

/** A migrated, empty database of the given kind. Call drop() when the test is done. */
export async function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'pglite' ? freshPglite() : freshPostgres();
}

/**
 * A database with nothing in it, not even the migrations: for the tests of
 * the migrations themselves. (PGlite: a new instance, which takes seconds.)
 */
export async function emptyDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'postgres') return freshPostgres({ migrated: false });
  const database = databaseFromPglite(new PGlite());
  await database.client.waitReady;
  return Object.assign(database, { drop: () => database.close() });
}

async function freshPostgres({ migrated = true } = {}): Promise<TestDatabase> {
  const name = `msc_test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    if (migrated) await migrate(database);
  } catch (error) {
    await database?.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
    throw error;
  }
  const opened = database;
  return Object.assign(opened, {
    async drop() {
      await opened.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  });
}

/** Emptied instances ready for the next test of this file. */
const idle: PGlite[] = [];
let template: Promise<Blob> | null = null;

async function freshPglite(): Promise<TestDatabase> {
  const client = idle.pop() ?? new PGlite({ loadDataDir: await (template ??= pgliteTemplate()) });
  await client.waitReady;
  const database = databaseFromPglite(client, { keepOpen: true });
  return Object.assign(database, {
    async drop() {
      await database.close();
      if (client.closed) return;
      try {
        await emptyTables(client);
        idle.push(client);
      } catch {
        await client.close();
      }
    },
  });
}

async function emptyTables(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (rows.length > 0) await client.exec(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
}

/** A dump of a migrated, empty PGlite database, from the temp folder if an earlier run made it. */
async function pgliteTemplate(): Promise<Blob> {
  const prefix = 'msc-pglite-template-';
  const path = join(tmpdir(), `${prefix}${templateKey()}.tar`);
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    // Not made yet: make it.
  }
  const client = new PGlite();
  try {
    await migrate(databaseFromPglite(client, { keepOpen: true }));
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written under another name, then renamed: a parallel worker never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, path);
    // Templates of earlier migrations are 40 MB each that nobody will read again.
    for (const old of readdirSync(tmpdir()).filter((f) => f.startsWith(prefix) && f.endsWith('.tar'))) {
      if (join(tmpdir(), old) !== path) rmSync(join(tmpdir(), old), { force: true });
    }
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

/** Changes whenever a migration or the PGlite version changes. */
function templateKey(): string {
  const hash = createHash('sha256');
  // The package does not export its package.json: find it beside its entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(entry), '..', 'package.json')));
  for (const dir of [MIGRATIONS_FOLDER, join(MIGRATIONS_FOLDER, 'meta')]) {
    for (const file of readdirSync(dir, { withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => f.name)
      .sort()) {
      hash.update(file).update(readFileSync(join(dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Runs `fn` with `wrap` applied once to each connection the pool hands out meanwhile (PostgreSQL only); what `wrap`
 * returns undoes it, once `fn` is done.
 */
async function withConnectionsWrapped<T>(
  database: Database,
  what: string,
  wrap: (client: object) => () => void,
  fn: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') throw new Error(`${what}: PostgreSQL only`);
  const undo = new Map<object, () => void>();
  const onAcquire = (client: object) => {
    if (!undo.has(client)) undo.set(client, wrap(client));
  };
  database.pool.on('acquire', onAcquire);
  try {
    return await fn();
  } finally {
    database.pool.off('acquire', onAcquire);
    for (const restore of undo.values()) restore();
  }
}

/**
 * Runs `fn`, counting the writes to the server's socket of every connection the pool hands out meanwhile (PostgreSQL
 * only): how many packets a use case sends, whatever the machine's speed.
 */
export async function writesDuring<T>(
  database: Database,
  fn: () => Promise<T>,
): Promise<{ result: T; writes: number }> {
  let writes = 0;
  const count = (client: object) => {
    const stream = (client as { connection: { stream: Record<string, (...a: unknown[]) => unknown> } }).connection
      .stream;
    const originals = (['_write', '_writev'] as const).map((method) => {
      const original = stream[method]!;
      stream[method] = function (this: unknown, ...a: unknown[]) {
        writes++;
        return original.apply(this, a);
      };
      return [method, original] as const;
    });
    return () => {
      for (const [method, original] of originals) stream[method] = original;
    };
  };
  const result = await withConnectionsWrapped(database, 'writesDuring', count, fn);
  return { result, writes };
}

/**
 * Runs `fn`, recording every statement the connections the pool hands out meanwhile are sent (PostgreSQL only), in
 * order, BEGIN and COMMIT among them: what a use case asks of the server, whatever the machine's speed.
 */
export async function statementsDuring<T>(
  database: Database,
  fn: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const record = (client: object) => {
    const c = client as { query: (...a: unknown[]) => unknown };
    const original = c.query;
    c.query = function (this: unknown, ...a: unknown[]) {
      const config = a[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      statements.push(String(text));
      return original.apply(this, a);
    };
    return () => {
      c.query = original;
    };
  };
  const result = await withConnectionsWrapped(database, 'statementsDuring', record, fn);
  return { result, statements };
}
