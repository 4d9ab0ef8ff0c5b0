/**
 * The service in one process, started as `msc serve` starts it: the database
 * opened and migrated, the API listening, the workers resolving turns, a clean
 * stop. Also: `node bin/msc.js serve` as a user runs it (start-up line, a wrong
 * variable named, SIGTERM), and two servers side by side on one PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { buildProgram, runProgram } from '../../src/cli/program.ts';
import { memoryIO } from '../cli/support.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidConfigError, loadConfig } from '../../src/config/config.ts';
import { readDataDirHolder } from '../../src/db/lock.ts';
import { startServer, startServerFromEnv, type RunningServer } from '../../src/server/main.ts';
import { databaseKinds, testServerUrl } from '../support/db.ts';
import { call, createDuel } from '../web/support.ts';
import { startSession } from '../../src/games/logins/sessions.ts';

const QUIET = { LOG_LEVEL: 'silent', PORT: '0', MAIL_RECEIVE_PORT: '0', POLL_INTERVAL_MS: '100' };

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function start(env: Record<string, string>, lines: string[] = []): Promise<RunningServer> {
  const server = await startServer(loadConfig({ ...QUIET, ...env }), {
    handleSignals: false,
    print: (line) => lines.push(line),
  });
  running.push(server);
  return server;
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('startServer', () => {
  it('starts with zero setup, prints where it listens, and its worker resolves a turn once both seats are in', async () => {
    const lines: string[] = [];
    const server = await start({ DATA_DIR: 'memory://' }, lines);
    expect(lines).toEqual([
      `msc-pbem listening on ${server.url} (database: pglite in memory)`,
      expect.stringMatching(
        new RegExp(
          `^mail: receiving mail on smtp://127\\.0\\.0\\.1:\\d+ for @localhost; outgoing mail kept in the local mailbox \\(${server.url}/mailbox\\?key=[A-Za-z0-9_-]{32}\\)$`,
        ),
      ),
    ]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // PORT=0: links in mails carry the port picked.
    expect(server.ctx.publicUrl).toBe(server.url);

    // Only a person logged in on the web creates games over the API.
    const cookie = `msc_session=${(await startSession(server.ctx, 'organiser@pbem.test')).id}`;
    const app = {
      call: (method: string, path: string, options?: Parameters<typeof call>[3]) =>
        call(server.url, method, path, { ...options, headers: { cookie, ...options?.headers } }),
    };
    expect((await app.call('GET', '/healthz')).body).toEqual({ status: 'ok', database: 'pglite' });
    const { tokens } = await createDuel(app, 'duel-served');
    await app.call('POST', '/api/games/duel-served/orders', {
      token: tokens.black,
      body: { text: 'SHIP Black SPEED 1 MOVE 1' },
    });
    await app.call('POST', '/api/games/duel-served/orders', {
      token: tokens.grey,
      body: { text: 'SHIP Grey SPEED 1 MOVE 1' },
    });
    const game = await eventually(
      async () => (await app.call('GET', '/api/games/duel-served')).body.game,
      (g) => g.turn.number === 2,
    );
    expect(game.turn).toMatchObject({ number: 2, status: 'open' });
    expect((await app.call('GET', '/metrics')).text).toContain('msc_turns_resolved_total{outcome="continues"} 1');

    await server.close();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    await server.close(); // twice is fine
  });

  it('keeps the embedded database in DATA_DIR, records its URL in the lock for `msc game`, and releases it on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-serve-'));
    try {
      const lines: string[] = [];
      const server = await start({ DATA_DIR: dir }, lines);
      expect(lines[0]).toBe(`msc-pbem listening on ${server.url} (database: pglite ${join(dir, 'pglite')})`);
      expect(readDataDirHolder(dir)).toMatchObject({ pid: process.pid, url: server.url, alive: true });
      await server.close();
      expect(readDataDirHolder(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the local mailbox link in DATA_DIR/mailbox-url (0600), and `msc mailbox-url` prints it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-serve-'));
    try {
      const lines: string[] = [];
      await start({ DATA_DIR: dir }, lines);
      const link = /\((http:\/\/\S+\/mailbox\?key=[A-Za-z0-9_-]{32})\)$/.exec(lines[1]!)![1]!;
      const file = join(dir, 'mailbox-url');
      expect(readFileSync(file, 'utf8')).toBe(`${link}\n`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const io = memoryIO({ env: { DATA_DIR: dir, LOG_LEVEL: 'silent' } });
      expect(await runProgram(buildProgram(io), ['node', 'msc', 'mailbox-url'], io)).toBe(0);
      expect(io.outLines).toEqual([link]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names the port when it is taken, and leaves nothing open behind', async () => {
    const first = await start({ DATA_DIR: 'memory://' });
    const port = new URL(first.url).port;
    const dir = mkdtempSync(join(tmpdir(), 'msc-serve-'));
    try {
      await expect(start({ DATA_DIR: dir, PORT: port })).rejects.toThrow(
        `cannot listen on 127.0.0.1:${port} (HOST, PORT): the address is in use`,
      );
      // The data directory was released: the next start gets it.
      expect(readDataDirHolder(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a wrong configuration value before opening anything, naming the variable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-serve-'));
    try {
      const attempt = startServerFromEnv({ DATA_DIR: dir, PORT: 'eighty', MAIL_DOMAIN: 'not a domain' });
      await expect(attempt).rejects.toBeInstanceOf(InvalidConfigError);
      await expect(attempt).rejects.toThrow('PORT is "eighty": expected a whole number from 0 to 65535');
      await expect(attempt).rejects.toThrow('MAIL_DOMAIN is "not a domain": expected a domain name');
      expect(readDataDirHolder(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('node bin/msc.js serve, as a user runs it', () => {
  function serve(env: Record<string, string>) {
    const child = spawn(process.execPath, ['bin/msc.js', 'serve'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, out: () => stdout, err: () => stderr };
  }

  it('stops at once on a wrong variable, with a message naming it', async () => {
    const run = serve({ DATA_DIR: 'memory://', PORT: '99999' });
    expect(await run.exited).not.toBe(0);
    expect(run.err()).toContain('PORT is "99999": expected a whole number from 0 to 65535');
    expect(run.out() + run.err()).not.toContain('listening');
  }, 30_000);

  it('prints where it listens, answers, and exits cleanly on SIGTERM', async () => {
    const run = serve({ DATA_DIR: 'memory://', PORT: '0', LOG_LEVEL: 'warn' });
    try {
      // Its lines for people are on standard error (standard output is the JSON log).
      const line = await eventually(
        async () => run.err(),
        (err) => err.includes('msc-pbem listening on'),
        30_000,
      );
      const url = /msc-pbem listening on (http:\/\/127\.0\.0\.1:\d+) \(database: pglite in memory\)/.exec(line)?.[1];
      expect(url, `stderr: ${line}\nstdout: ${run.out()}`).toBeDefined();
      expect((await call(url!, 'GET', '/healthz')).body).toEqual({ status: 'ok', database: 'pglite' });
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 60_000);
});

// On PostgreSQL only: PGlite is one process's database.
describe.each(databaseKinds.filter((k) => k === 'postgres'))('two servers side by side on one %s database', () => {
  const name = `msc_test_${Math.floor(Date.now() / 1000)}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: testServerUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  it('share the games: created on one, ordered on both, the turn resolved exactly once', async () => {
    await admin(`create database "${name}"`);
    try {
      const url = new URL(testServerUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), WORKERS: '2' };
      const lines: string[] = [];
      const [a, b] = [await start(env, lines), await start(env, lines)];
      expect(lines[0]).toBe(
        `msc-pbem listening on ${a.url} (database: postgres ${url.hostname}:${url.port || '5432'}/${name})`,
      );
      const cookie = `msc_session=${(await startSession(a.ctx, 'organiser@pbem.test')).id}`;
      const viaA = {
        call: (m: string, p: string, o?: Parameters<typeof call>[3]) =>
          call(a.url, m, p, { ...o, headers: { cookie, ...o?.headers } }),
      };
      const { tokens } = await createDuel(viaA, 'duel-shared');
      await call(a.url, 'POST', '/api/games/duel-shared/orders', {
        token: tokens.black,
        body: { text: 'SHIP Black SPEED 1 MOVE 1' },
      });
      await call(b.url, 'POST', '/api/games/duel-shared/orders', {
        token: tokens.grey,
        body: { text: 'SHIP Grey SPEED 1 MOVE 1' },
      });
      const game = await eventually(
        async () => (await call(b.url, 'GET', '/api/games/duel-shared')).body.game,
        (g) => g.turn.number === 2,
      );
      expect(game.turn.number).toBe(2);
      expect(
        (await call(a.url, 'GET', '/api/games/duel-shared/turns')).body.turns.map((t: { number: number }) => t.number),
      ).toEqual([1]);
      const resolvedBy = async (s: RunningServer) =>
        Number(
          /msc_turns_resolved_total\{outcome="continues"\} (\d+)/.exec(
            (await call(s.url, 'GET', '/metrics')).text,
          )?.[1] ?? 0,
        );
      expect((await resolvedBy(a)) + (await resolvedBy(b))).toBe(1);
      for (const s of running.splice(0)) await s.close();
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  }, 60_000);
});
