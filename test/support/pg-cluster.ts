/**
 * A PostgreSQL server of a test's own, for the fault tests: stopped, started
 * again, frozen (SIGSTOP) and thawed without touching the shared server other
 * tests use. Made with the installed PostgreSQL binaries (initdb, pg_ctl) in
 * a temporary folder, listening on a free loopback port; as root, the server
 * runs as the `postgres` user (PostgreSQL refuses to run as root).
 *
 *     const cluster = await startPgCluster();   // null (and a notice) where there are no binaries
 *     const url = await cluster.createDatabase('faults');
 *     await cluster.stop(); await cluster.start(); cluster.freeze(); cluster.thaw();
 *     await cluster.destroy();
 *
 * Where the binaries are missing, tests skip with a visible notice, unless
 * MSC_REQUIRE_SERVICES=1 (CI), which fails.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgCluster {
  readonly port: number;
  /** A new, empty database on this server; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs one statement as the superuser in `database` (default postgres). */
  query<T extends pg.QueryResultRow>(text: string, database?: string): Promise<T[]>;
  /** Stops the server (fast shutdown: sessions are terminated, their transactions rolled back). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  start(): Promise<void>;
  /** Thaws it and starts it if it is stopped: for the clean-up after a test that failed half way. */
  restore(): Promise<void>;
  /** Stops every process of the server with SIGSTOP: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT to every process frozen. */
  thaw(): void;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

/** The folder of the newest installed PostgreSQL binaries, or null. */
function binaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL's own user, to run as when we are root; null when we are not root. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A private PostgreSQL server, started; null with a notice where none can be made (an error in CI). */
export async function startPgCluster(): Promise<PgCluster | null> {
  const bin = binaries();
  if (!bin) {
    const why = 'no PostgreSQL binaries in /usr/lib/postgresql/*/bin';
    if (process.env.MSC_REQUIRE_SERVICES === '1') throw new Error(`${why}, and MSC_REQUIRE_SERVICES=1 requires them`);
    console.warn(`\n*** ${why}: the database fault tests skipped ***\n`);
    return null;
  }
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'msc-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const as = async (program: string, args: string[]) => {
    const [command, ...rest] = user ? ['runuser', '-u', 'postgres', '--', program, ...args] : [program, ...args];
    return run(command, rest, { timeout: 60_000 });
  };
  await as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
    '-c shared_buffers=16MB',
  ].join(' ');
  const pgCtl = (...args: string[]) => as(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await pgCtl('-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start');
  };
  await start();

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <T extends pg.QueryResultRow>(text: string, database = 'postgres') => {
    const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  /** The postmaster and every process it started. */
  const processes = (): number[] => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          // The parent PID is the field after the state, after the command name in parentheses.
          const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone meanwhile.
      }
    }
  };

  return {
    port,
    async createDatabase(name) {
      await query(`create database "${name}"`);
      return url(name);
    },
    query,
    async stop() {
      await pgCtl('-m', 'fast', '-w', '-t', '30', 'stop');
    },
    start,
    freeze() {
      frozen = processes();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw,
    async restore() {
      thaw();
      const running = await pgCtl('status').then(
        () => true,
        () => false,
      );
      if (!running) await start();
    },
    async destroy() {
      thaw();
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
