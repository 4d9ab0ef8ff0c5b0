/**
 * `msc` as a user runs it: real processes, an on-disk embedded database in a
 * temp folder, real exit codes. Kept to a few runs (each costs about a
 * second); the commands' logic is tested in-process in game-commands.test.ts.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/lock.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The settings this machine's environment might hold are left out: each run says what it uses. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      ![
        'DATABASE_URL',
        'DATA_DIR',
        'PORT',
        'HOST',
        'PUBLIC_URL',
        'MSC_DEBUG',
        'MSC_KEY',
        'MSC_TOKEN',
        'LOG_LEVEL',
      ].includes(k)
    )
      env[k] = v;
  }
  return { ...env, MAIL_RECEIVE_PORT: '0', ...extra };
}

function msc(args: string[], env: Record<string, string>, input = ''): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/msc.js', ...args], { cwd: root, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe('msc with a wrong environment variable', () => {
  it('serve: exit code 2, the variable named, no stack trace', async () => {
    const r = await msc(['serve'], { PORT: 'abc', DATA_DIR: join(tmpdir(), 'msc-never-created') });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('msc: the configuration is not valid');
    expect(r.stderr).toContain('PORT is "abc"');
    noStack(r.stderr);
  });
});

describe('a tutorial duel played with msc on an embedded database', () => {
  let dir: string;
  let env: Record<string, string>;
  let tokens: Record<string, string>;
  let moderatorKey: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'msc-e2e-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('msc migrate creates the database and says what it applied', async () => {
    const r = await msc(['migrate'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/the embedded database in .*: applied \d+ migration\(s\): 0000_init/);
  }, 60_000);

  it('msc game create --json: the id, the moderator key and both seat tokens', async () => {
    const r = await msc(
      [
        'game',
        'create',
        '--scenario',
        'tutorial-duel',
        '--id',
        'duel-e2e',
        '--name',
        'E2E duel',
        '--seat',
        'black:ann@example.org:Ann',
        '--seat',
        'grey:bob@example.org:Bob:Europe/Berlin',
        '--json',
      ],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    const created = JSON.parse(r.stdout) as {
      gameId: string;
      moderatorKey: string;
      status: string;
      seats: Array<{ side: string; token: string }>;
    };
    expect(created).toMatchObject({ gameId: 'duel-e2e', status: 'active', turn: 1 });
    expect(created.moderatorKey).toMatch(/^\S{32,}$/);
    tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token]));
    moderatorKey = created.moderatorKey;
    expect(Object.keys(tokens).sort()).toEqual(['black', 'grey']);
  });

  it('orders from standard input, then from a file; the second completes the turn and it resolves', async () => {
    const black = await msc(
      ['game', 'orders', 'duel-e2e', '--token', tokens.black!],
      env,
      'GAME duel-e2e TURN 1\nSHIP Black SPEED 3 MOVE 2R\nEND\n',
    );
    expect(black.code, black.stderr).toBe(0);
    expect(black.stdout).toContain('SHIP Black SPEED 3 MOVE 2R');
    const file = join(dir, 'grey.txt');
    writeFileSync(file, '> quoted report line\nSHIP Grey SPEED 3 MOVE 1R1\n-- \nBob\n');
    const grey = await msc(['game', 'orders', 'duel-e2e', '--token', tokens.grey!, '--file', file], env);
    expect(grey.code, grey.stderr).toBe(0);
    expect(grey.stdout).toContain('Every side is in: turn 1 is resolved; turn 2 is open.');
  });

  it('msc game show --json: turn 2 is open', async () => {
    const r = await msc(['game', 'show', 'duel-e2e', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: 'duel-e2e',
      status: 'active',
      turn: { number: 2, status: 'open' },
    });
  });

  it('a bad token: exit code 2 and what to do', async () => {
    const r = await msc(['game', 'orders', 'duel-e2e', '--token', 'not-a-token'], env, 'SHIP Black SPEED 3 MOVE 3\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'msc: that token does not open a seat of game duel-e2e: use the token you were given (or ask the moderator for a new one)\n',
    );
  });

  it('an unknown game: exit code 2 and its name', async () => {
    const r = await msc(['game', 'turns', 'no-such-game'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('msc: there is no game no-such-game\n');
  });

  it('while msc serve holds the database, msc game goes through it; the server stops cleanly', async () => {
    const serve = spawn(process.execPath, ['bin/msc.js', 'serve'], {
      cwd: root,
      env: cleanEnv({ ...env, PORT: '0', LOG_LEVEL: 'warn' }),
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        // Its lines for people are on standard error; standard output is the JSON log.
        serve.stderr.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        serve.on('close', (code) => reject(new Error(`msc serve exited ${code}: ${out}`)));
      });
      // The URL is in the lock once startServer has returned: wait for it.
      for (let i = 0; i < 50 && !readFileSync(join(env.DATA_DIR!, LOCK_FILE), 'utf8').includes(url); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(JSON.parse(readFileSync(join(env.DATA_DIR!, LOCK_FILE), 'utf8'))).toMatchObject({ pid: serve.pid, url });

      const show = await msc(['game', 'show', 'duel-e2e', '--json', '--key', moderatorKey], env);
      expect(show.code, show.stderr).toBe(0);
      expect(JSON.parse(show.stdout)).toMatchObject({
        id: 'duel-e2e',
        turn: { number: 2 },
        seatDetails: [{ side: 'black' }, { side: 'grey' }],
      });
      const pause = await msc(['game', 'pause', 'duel-e2e'], env);
      expect(pause.code).toBe(2);
      expect(pause.stderr).toContain(`held by the server at ${url}`);
    } finally {
      const exited = new Promise<number | null>((resolve) => serve.on('close', resolve));
      serve.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(existsSync(join(env.DATA_DIR!, LOCK_FILE))).toBe(false);
  }, 60_000);
});

describe('msc game while a server holds the data directory', () => {
  const fileLocks = createRequire(import.meta.url)('fs-native-extensions') as { tryLock(fd: number): boolean };
  let held: number;
  let server: Server;
  let url: string;
  let dir: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          games: [
            {
              id: 'held-1',
              name: 'Held',
              scenario: 'custom',
              status: 'active',
              turn: 4,
              winner: null,
              createdAt: '2026-01-01T00:00:00Z',
              updatedAt: '2026-01-02T00:00:00Z',
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'msc-held-'));
    // This test process plays the server: it holds the lock (the OS's, on the file), and is not the msc process.
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString(), nonce: 'n', url }),
    );
    held = openSync(join(dir, LOCK_FILE), 'r+');
    if (!fileLocks.tryLock(held)) throw new Error('could not lock the test lock file');
  });
  afterAll(async () => {
    closeSync(held);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the command to the server recorded in the lock', async () => {
    const r = await msc(['game', 'list', '--json'], { DATA_DIR: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject([{ id: 'held-1', turn: 4 }]);
    expect(requests).toEqual(['GET /api/games']);
  });

  it('a moderator command without --key says it is missing', async () => {
    const r = await msc(['game', 'pause', 'held-1'], { DATA_DIR: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("needs the game's moderator key: pass --key KEY");
    expect(requests).toHaveLength(1);
  });
});
