/**
 * What the service benchmarks share: scratch databases on the test PostgreSQL server (dropped at the end), the
 * machine's own reference measured in the same run (pgbench -N, so that a figure is read as a ratio on a noisy
 * machine), and the way figures are printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { testServerUrl } from '../test/support/db.ts';

const made = new Set<string>();

export async function admin<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: testServerUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The connection URL of database `name` on the test server. */
export function urlOf(name: string): string {
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL of database `name` on the test server reached over its Unix socket in folder `socket`. */
export function socketUrlOf(name: string, socket: string): string {
  const url = new URL(testServerUrl);
  return `postgres://${url.username || 'postgres'}@${encodeURIComponent(socket)}/${name}`;
}

/** A new empty database (a copy of `template` if given); dropped by dropAll(). */
export async function createScratchDatabase(label: string, template?: string): Promise<string> {
  const name = `msc_bench_${label}_${Date.now().toString(36)}`;
  await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  made.add(name);
  return name;
}

export async function dropAll(): Promise<void> {
  for (const name of made) await admin(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  made.clear();
}

/** One figure: its label padded to `width`, then its value. */
export function report(label: string, value: string, width = 48): void {
  console.log(`  ${label.padEnd(width)} ${value}`);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The folder of the test server's Unix socket that bench:submissions reaches it through, or null for TCP.
 * BENCH_PGHOST=<folder> names it, BENCH_PGHOST=tcp asks for TCP; by default, a server on this machine is reached over
 * /var/run/postgresql when its socket is there — as docs/deployment.md advises for a PostgreSQL on the same machine.
 */
export function benchSocket(): string | null {
  const asked = process.env.BENCH_PGHOST;
  if (asked === 'tcp') return null;
  if (asked?.startsWith('/')) return asked;
  const server = new URL(testServerUrl);
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(server.hostname);
  const folder = '/var/run/postgresql';
  return local && existsSync(`${folder}/.s.PGSQL.${server.port || '5432'}`) ? folder : null;
}

/** The URL the service under measure reaches database `name` by: over benchSocket() where there is one. */
export function serviceUrlOf(name: string): string {
  const socket = benchSocket();
  return socket ? socketUrlOf(name, socket) : urlOf(name);
}

/** How pgbench and psql reach the test server: their connection flags, and the environment (its password). */
export function pgbenchArgs(): { connection: string[]; env: NodeJS.ProcessEnv } {
  const server = new URL(testServerUrl);
  return {
    connection: [
      '-h',
      // Over the Unix socket where the service is (benchSocket), so that both pay the same transport.
      benchSocket() ?? server.hostname,
      '-p',
      server.port || '5432',
      '-U',
      decodeURIComponent(server.username || 'postgres'),
    ],
    env: { ...process.env, ...(server.password ? { PGPASSWORD: decodeURIComponent(server.password) } : {}) },
  };
}

/** This machine's PostgreSQL on a scratch database: `pgbench -i -s 10`, then TPS of `pgbench -N -c 8 -j 2`. */
export async function pgbenchTps(seconds: number): Promise<number | null> {
  const { connection, env } = pgbenchArgs();
  const pgbench = (args: string[]) => spawnSync('pgbench', [...connection, ...args], { encoding: 'utf8', env });
  const name = await createScratchDatabase('pgbench');
  const init = pgbench(['-i', '-s', '10', '-q', name]);
  if (init.error || init.status !== 0) {
    console.log(`  pgbench -i failed: ${init.error?.message ?? init.stderr.trim().split('\n').at(-1)}`);
    return null;
  }
  const run = pgbench(['-N', '-c', '8', '-j', '2', '-T', String(seconds), name]);
  const m = /tps = ([0-9.]+)/.exec(run.stdout);
  if (!m) console.log(`  pgbench gave no figure:\n${run.stdout}${run.stderr}`);
  return m ? Number(m[1]) : null;
}

/**
 * Whether the test PostgreSQL server answers; prints the benchmark's heading line if it does, else why nothing is
 * measured (and sets a failing exit code).
 */
export async function postgresReady(benchmark: string): Promise<boolean> {
  const host = new URL(testServerUrl).host;
  try {
    await admin('select 1');
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${host} (${(error as Error).message}): nothing measured.`);
    process.exitCode = 1;
    return false;
  }
  console.log(
    `msc-pbem ${benchmark} benchmark — PostgreSQL at ${host}, ${cpus().length} cores, Node ${process.version}`,
  );
  return true;
}
