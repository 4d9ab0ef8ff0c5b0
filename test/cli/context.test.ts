/**
 * Which way `msc game …` reaches the games: the database itself, or — when a
 * live server holds the embedded database and recorded its URL in the lock —
 * that server. And the two lock functions that make it possible.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { openGamesClient, serverHolding } from '../../src/cli/context.ts';
import { InvalidConfigError } from '../../src/config/config.ts';
import { CliError } from '../../src/cli/cli-error.ts';
import { acquireDataDirLock, LOCK_FILE, readDataDirHolder, recordServerUrl } from '../../src/db/lock.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'msc-cli-'));

/** Writes a holder's record into the lock file; `live`: and holds the OS lock on it, as a running holder does. */
function writeLock(dir: string, record: Record<string, unknown>, { live = false } = {}): void {
  const path = join(dir, LOCK_FILE);
  writeFileSync(
    path,
    `${JSON.stringify({ host: hostname(), since: new Date().toISOString(), nonce: 'n-1', ...record })}\n`,
  );
  if (live) {
    // A descriptor of its own holds the lock like another process would (flock locks belong to open files).
    const fd = openSync(path, 'r+');
    if (!fileLocks.tryLock(fd)) throw new Error('could not lock the test lock file');
    liveLocks.push(fd);
  }
}

const fileLocks = createRequire(import.meta.url)('fs-native-extensions') as { tryLock(fd: number): boolean };
const liveLocks: number[] = [];
afterEach(() => {
  for (const fd of liveLocks.splice(0)) closeSync(fd);
});

/** A PID no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid;
}

describe('recordServerUrl and readDataDirHolder', () => {
  it('the holder records its URL; a reader sees it, and release still removes the lock', async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir);
    expect(readDataDirHolder(dir)).toMatchObject({ pid: process.pid, url: null, alive: true });
    expect(recordServerUrl(dir, 'http://127.0.0.1:8080')).toBe(true);
    expect(readDataDirHolder(dir)).toMatchObject({
      pid: process.pid,
      host: hostname(),
      url: 'http://127.0.0.1:8080',
      alive: true,
    });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(readDataDirHolder(dir)).toBeNull();
  });

  it('a process that does not hold the lock records nothing', () => {
    const dir = tempDir();
    expect(recordServerUrl(dir, 'http://x')).toBe(false);
    writeLock(dir, { pid: process.ppid });
    const before = readFileSync(join(dir, LOCK_FILE), 'utf8');
    expect(recordServerUrl(dir, 'http://x')).toBe(false);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(before);
  });

  it('a holder that has gone is not alive, even when its PID is in use again', () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), url: 'http://127.0.0.1:1' });
    expect(readDataDirHolder(dir)).toMatchObject({ alive: false, url: 'http://127.0.0.1:1' });
    writeLock(dir, { pid: process.ppid, url: 'http://127.0.0.1:1' });
    expect(readDataDirHolder(dir)).toMatchObject({ alive: false });
    writeLock(dir, { pid: process.ppid, url: 'http://127.0.0.1:1' }, { live: true });
    expect(readDataDirHolder(dir)).toMatchObject({ alive: true });
  });
});

describe('serverHolding', () => {
  const config = (dataDir: string) => ({ dataDir, databaseUrl: undefined });

  it('a live holder with a URL: its URL', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.ppid, url: 'http://127.0.0.1:9999' }, { live: true });
    expect(serverHolding(config(dir))).toBe('http://127.0.0.1:9999');
  });

  it('none for a holder without a URL, a dead holder, this very process, no lock, or PostgreSQL', () => {
    const noUrl = tempDir();
    writeLock(noUrl, { pid: process.ppid }, { live: true });
    const dead = tempDir();
    writeLock(dead, { pid: deadPid(), url: 'http://127.0.0.1:9999' });
    const self = tempDir();
    writeLock(self, { pid: process.pid, url: 'http://127.0.0.1:9999' });
    expect(serverHolding(config(noUrl))).toBeNull();
    expect(serverHolding(config(dead))).toBeNull();
    expect(serverHolding(config(self))).toBeNull();
    expect(serverHolding(config(tempDir()))).toBeNull();
    expect(serverHolding({ dataDir: self, databaseUrl: 'postgres://db.example.org/msc' })).toBeNull();
  });
});

describe('openGamesClient', () => {
  it('goes through the server that holds the data directory', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.ppid, url: 'http://127.0.0.1:9999' }, { live: true });
    const client = await openGamesClient({ env: { DATA_DIR: dir }, key: 'k' });
    expect(client.where).toBe('the server at http://127.0.0.1:9999');
    await client.close();
  });

  it('a DATA_DIR with no database while a server runs on another: stops, naming that folder, and makes nothing', async () => {
    const served = tempDir();
    writeLock(served, { pid: process.ppid, url: 'http://127.0.0.1:9998' }, { live: true });
    const empty = tempDir();
    const error = await openGamesClient({ env: { DATA_DIR: empty, LOG_LEVEL: 'silent' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toContain(`no database in ${empty}`);
    expect((error as Error).message).toContain(`DATA_DIR=${served}`);
    expect((error as Error).message).toContain('http://127.0.0.1:9998');
    expect(existsSync(join(empty, 'pglite'))).toBe(false);
  });

  it('a DATA_DIR with no database and no server anywhere: made, and said so plainly', async () => {
    const empty = tempDir();
    // Servers other tests on this machine run are not this test's business.
    const client = await openGamesClient({ env: { DATA_DIR: empty, LOG_LEVEL: 'silent' }, runningServers: () => [] });
    try {
      expect(client.where).toBe(`the embedded database in ${empty}`);
      expect(client.notice).toContain(`a new, empty database was made in ${join(empty, 'pglite')}`);
    } finally {
      await client.close();
    }
    const again = await openGamesClient({ env: { DATA_DIR: empty, LOG_LEVEL: 'silent' }, runningServers: () => [] });
    expect(again.notice ?? null).toBeNull();
    await again.close();
  }, 60_000);

  it('a wrong environment variable stops it before anything opens', async () => {
    await expect(openGamesClient({ env: { PORT: 'abc', DATA_DIR: tempDir() } })).rejects.toBeInstanceOf(
      InvalidConfigError,
    );
  });
});
