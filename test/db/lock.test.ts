/**
 * The data directory lock, tested with real second processes: node children
 * that load src/db/lock.ts (through tsx) and try to take the same lock.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE, type DataDirLock } from '../../src/db/lock.ts';

const lockModule = fileURLToPath(new URL('../../src/db/lock.ts', import.meta.url));
const clientModule = fileURLToPath(new URL('../../src/db/client.ts', import.meta.url));

/**
 * What the child does, by MODE: `hold` takes the lock and keeps it until killed;
 * `crash` takes it and exits without releasing it;
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
      console.log('locked by', process.pid);
      if (MODE === 'crash') process.exit(3); // gone without releasing, as after a crash
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

/** `unshare` first, to run the child as PID 1 of a new PID namespace, as node runs in a container. */
const AS_PID_1 = ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc'];

function startChild(mode: string, dir: string, prefix: string[] = []): ChildProcess {
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', CHILD];
  const [command, ...args] = [...prefix, ...node];
  return spawn(command!, args, {
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
async function holder(dir: string, prefix: string[] = []): Promise<ChildProcess> {
  const child = startChild('hold', dir, prefix);
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
    locks.push(await acquireDataDirLock(dir));
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
  });

  it('is taken over from a record whose PID is alive but holds no lock (a reboot or a restart that reused the PID)', async () => {
    const path = join(dir, LOCK_FILE);
    // This very process, and its parent: both alive, neither holds the lock on this file.
    for (const pid of [process.pid, process.ppid]) {
      writeFileSync(path, JSON.stringify({ pid, host: hostname(), since: '', nonce: 'earlier' }));
      const lock = await acquireDataDirLock(dir);
      expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      lock.release();
    }
  });

  it('is taken over from a record of a holder on another host that holds no lock', async () => {
    const path = join(dir, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ pid: await deadPid(), host: 'elsewhere.example', since: '', nonce: 'n' }));
    locks.push(await acquireDataDirLock(dir));
    expect(JSON.parse(readFileSync(path, 'utf8')).host).toBe(hostname());
  });

  it('is refused to this same process a second time while it holds it', async () => {
    locks.push(await acquireDataDirLock(dir));
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirInUseError);
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

/** Whether this machine lets us make a PID namespace (root, or user namespaces allowed); CI must. */
function pidNamespaces(): boolean {
  const probe = spawnSync(AS_PID_1[0]!, [...AS_PID_1.slice(1), 'true'], { stdio: 'ignore', timeout: 10_000 });
  if (probe.status === 0) return true;
  if (process.env.MSC_REQUIRE_SERVICES === '1') return true; // run, and fail, rather than skip in CI
  console.warn('\n*** unshare --pid --fork is not permitted here: the PID-namespace lock tests skipped ***\n');
  return false;
}

describe.skipIf(!pidNamespaces())('the data directory lock held by PID 1 of a container (unshare --pid --fork)', () => {
  it('a service that crashed as PID 1 does not lock out the next PID 1 (a container restart)', async () => {
    const crashed = await outcome(startChild('crash', dir, AS_PID_1));
    expect(crashed.stdout).toContain('locked by 1');
    expect(crashed.code).toBe(3);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 1, host: hostname() });

    const restarted = await outcome(startChild('try', dir, AS_PID_1));
    expect(restarted.stderr).toBe('');
    expect(restarted.stdout).toContain('locked by 1');
    expect(restarted.code).toBe(0);
  });

  it('a live PID 1 still keeps out another PID 1 with the same host name', async () => {
    children.push(await holder(dir, AS_PID_1));
    const second = await outcome(startChild('try', dir, AS_PID_1));
    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain('locked');
    expect(second.stderr).toContain(`data directory ${dir} is in use by process 1;`);
  });
});
