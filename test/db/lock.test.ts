/**
 * The data directory lock, tested with real second processes: node children
 * that load src/db/lock.ts (through tsx) and try to take the same lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE, type DataDirLock } from '../../src/db/lock.ts';

const lockModule = fileURLToPath(new URL('../../src/db/lock.ts', import.meta.url));
const clientModule = fileURLToPath(new URL('../../src/db/client.ts', import.meta.url));

/**
 * What the child does, by MODE: `hold` takes the lock and keeps it until killed;
 * `try` takes it and exits 0, or prints the error and exits 1; `race` takes it,
 * keeps it a moment so rivals see it, and exits; `open` opens the database in DIR.
 */
const CHILD = `
  const { MODE, DIR } = process.env;
  try {
    if (MODE === 'open') {
      const { openDatabase } = await import(${JSON.stringify(clientModule)});
      const db = await openDatabase({ dataDir: DIR, databaseUrl: undefined });
      console.log('opened');
      await db.close();
    } else {
      const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
      const lock = await acquireDataDirLock(DIR);
      console.log('locked');
      if (MODE === 'hold') setInterval(() => {}, 1000);
      if (MODE === 'race') setTimeout(() => { lock.release(); process.exit(0); }, 1500);
    }
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
`;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function startChild(mode: string, dir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    env: { ...process.env, MODE: mode, DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function outcome(child: ChildProcess): Promise<Outcome> {
  const started = Date.now();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })),
  );
}

/** Starts a child that holds the lock, and waits until it does. */
async function holder(dir: string): Promise<ChildProcess> {
  const child = startChild('hold', dir);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A PID that belonged to a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

let dir: string;
const children: ChildProcess[] = [];
const locks: DataDirLock[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'msc-lock-'));
});

afterEach(async () => {
  for (const child of children.splice(0)) await kill(child);
  for (const lock of locks.splice(0)) lock.release();
  rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('is refused to a second process while the first holds it, naming the directory and the holder', async () => {
    const first = await holder(dir);
    children.push(first);
    const error = await acquireDataDirLock(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toContain(
      `data directory ${dir} is in use by process ${first.pid}; stop it or set DATA_DIR to another folder`,
    );
  });

  it('makes the second process fail at once with that message', async () => {
    locks.push(await acquireDataDirLock(dir));
    const second = await outcome(startChild('try', dir));
    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain('locked');
    expect(second.stderr).toContain(`data directory ${dir} is in use by process ${process.pid}`);
  });

  it('is taken over when its holder crashed (killed without releasing it)', async () => {
    const crashed = await holder(dir);
    await kill(crashed);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    const lock = await acquireDataDirLock(dir);
    locks.push(lock);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
  });

  it('is free again once released', async () => {
    const lock = await acquireDataDirLock(dir);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    const second = await outcome(startChild('try', dir));
    expect(second.stdout).toContain('locked');
    expect(second.code).toBe(0);
  });

  it('takes over a lock file left half-written by a crash', async () => {
    const path = join(dir, LOCK_FILE);
    writeFileSync(path, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    locks.push(await acquireDataDirLock(dir));
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
  });

  it('is taken over even when a crash also left a takeover in progress', async () => {
    const path = join(dir, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ pid: await deadPid(), host: hostname(), since: '', nonce: 'old' }));
    writeFileSync(`${path}.takeover`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.takeover`, old, old);
    locks.push(await acquireDataDirLock(dir));
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    expect(existsSync(`${path}.takeover`)).toBe(false);
  });

  it('counts a holder on another host as alive: its PID cannot be checked from here', async () => {
    const path = join(dir, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ pid: await deadPid(), host: 'elsewhere.example', since: '', nonce: 'n' }));
    const error = await acquireDataDirLock(dir).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/in use by process \d+ on host elsewhere\.example/);
  });

  it('release() leaves alone a lock that another process has taken since', async () => {
    const lock = await acquireDataDirLock(dir);
    const theirs = JSON.stringify({ pid: process.pid, host: hostname(), since: '', nonce: 'theirs' });
    writeFileSync(lock.path, theirs);
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(theirs);
  });

  it('goes to exactly one of several processes that find the same stale lock at once', async () => {
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), host: hostname(), since: '', nonce: 'old' }),
    );
    const racers = [1, 2, 3, 4].map(() => startChild('race', dir));
    children.push(...racers);
    const results = await Promise.all(racers.map(outcome));
    const winners = results.filter((r) => r.stdout.includes('locked'));
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => !r.stdout.includes('locked'))) {
      expect(loser.stderr).toContain(`data directory ${dir} is in use by process`);
    }
  });

  it('keeps a second service off an open PGlite database', async () => {
    const { openDatabase } = await import('../../src/db/client.ts');
    const database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    try {
      const second = await outcome(startChild('open', dir));
      expect(second.code).toBe(1);
      expect(second.stdout).not.toContain('opened');
      expect(second.stderr).toContain(`data directory ${dir} is in use by process ${process.pid}`);
    } finally {
      await database.close();
    }
    // Closing released the lock: the next process opens the same data.
    const third = await outcome(startChild('open', dir));
    expect(third.stderr).toBe('');
    expect(third.stdout).toContain('opened');
  });
});
