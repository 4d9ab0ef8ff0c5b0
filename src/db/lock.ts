/**
 * The data directory lock. PGlite does not lock its files: two processes can
 * open one data directory and one of them silently loses its writes. So the
 * service takes a lock, on DATA_DIR/msc.lock, before it opens the database,
 * and a second process fails at once with a message naming the directory and
 * the process that holds it.
 *
 * The lock is the operating system's, on the lock file (an open file
 * description lock, fcntl F_OFD_SETLK, on Linux; flock(2) on macOS), held
 * through an open file descriptor for as long as the process lives: the kernel
 * releases it when its holder exits, however it exits. So a crash never leaves
 * a lock behind, and nothing is guessed from a PID — which in a container is
 * 1 again after every restart, and may belong to another process after a
 * reboot. The file also records who holds it (PID, host, since, and the URL of
 * its web server once recordServerUrl has written it), but only for messages
 * and for `msc` commands: whether it is held is asked of the kernel.
 *
 * Release removes the file while still holding the lock; a process that
 * locked a file that was removed or replaced meanwhile sees that its file is
 * no longer the one at the path, and tries again on the one there now.
 */
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = 'msc.lock';

/** OS file locks, from a maintained native package that ships its binaries (no build, no download). */
interface FileLocks {
  /** Takes the lock on the open file `fd` without waiting: false when another open file holds it. */
  tryLock(fd: number, options?: { shared?: boolean }): boolean;
  unlock(fd: number): void;
}
let loaded: FileLocks | null = null;
/** Loaded on first use, so that a service on PostgreSQL never needs the native binary. */
function fileLocks(): FileLocks {
  if (loaded) return loaded;
  try {
    loaded = createRequire(import.meta.url)('fs-native-extensions') as FileLocks;
  } catch (error) {
    throw new Error(
      `the data directory lock needs the file locks of the fs-native-extensions package, which did not load on ` +
        `${process.platform}-${process.arch} (${(error as Error).message}); set DATABASE_URL to use PostgreSQL instead`,
      { cause: error },
    );
  }
  return loaded;
}

/** Who holds a lock, as written in the lock file. */
interface LockRecord {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  /** Tells this holder's record apart from an earlier one by a process with the same PID. */
  readonly nonce: string;
  /** Where the holder's web server answers, once it has recorded it (recordServerUrl). */
  readonly url?: string;
  /**
   * The key that lets `msc game create`, run by whoever can read this data directory (the operator), create games
   * through that server (recordServerUrl).
   */
  readonly operatorKey?: string;
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file and releases the lock, if this process still holds it. Safe to call more than once. */
  release(): void;
}

/** The data directory is held by a live process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host: string } | null,
  ) {
    const who = !holder
      ? 'another process'
      : holder.host === hostname()
        ? `process ${holder.pid}`
        : `process ${holder.pid} on host ${holder.host}`;
    super(`data directory ${dataDir} is in use by ${who}; stop it or set DATA_DIR to another folder`);
    this.name = 'DataDirInUseError';
  }
}

/**
 * How long a refused lock is tried again before the directory counts as in
 * use: `msc` commands probe the lock (readDataDirHolder) for a few
 * microseconds, and a process that just took the lock writes its record.
 */
const BUSY_MS = 300;

/** The locks this process holds, by the lock file's absolute path. */
const held = new Map<string, { fd: number; record: LockRecord }>();

/**
 * Takes the lock on `dataDir` (created if missing) for this process, or throws
 * DataDirInUseError. `dataDir` is shown in messages as given.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  // Only its owner reads the folder: the lock file holds the operator key, the database folder every game's secrets.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const key = resolve(path);
  if (held.has(key)) throw new DataDirInUseError(dataDir, { pid: process.pid, host: hostname() });
  const deadline = Date.now() + BUSY_MS;
  for (;;) {
    const fd = fs.openSync(path, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    let locked: boolean;
    try {
      fs.fchmodSync(fd, 0o600); // a lock file left by an earlier version was readable by all
      locked = fileLocks().tryLock(fd);
      if (locked && isFileAt(fd, path)) {
        const record: LockRecord = {
          pid: process.pid,
          host: hostname(),
          since: new Date().toISOString(),
          nonce: randomUUID(),
        };
        writeRecord(fd, record);
        held.set(key, { fd, record });
        return heldLock(path, key);
      }
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    fs.closeSync(fd); // also releases a lock taken on a file that is no longer at the path
    if (locked) continue; // released and removed meanwhile: try the file there now
    if (Date.now() >= deadline) throw new DataDirInUseError(dataDir, await holderRecord(path));
    await sleep(20);
  }
}

function heldLock(path: string, key: string): DataDirLock {
  return {
    path,
    release() {
      const mine = held.get(key);
      if (!mine) return;
      held.delete(key);
      try {
        // Removed while still locked: whoever opened it meanwhile sees it gone once they get the lock.
        if (isFileAt(mine.fd, path)) fs.rmSync(path, { force: true });
      } finally {
        fs.closeSync(mine.fd); // closing the last descriptor releases the lock
      }
    },
  };
}

/** Whether the open file `fd` is still the file at `path` (not removed, not replaced). */
function isFileAt(fd: number, path: string): boolean {
  try {
    const open = fs.fstatSync(fd);
    const there = fs.statSync(path);
    return open.ino === there.ino && open.dev === there.dev;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Replaces the record in the lock file we hold. The new text is written over
 * the old from the start and the rest cut after, so a reader sees one record
 * or the other whole as long as the new one is not shorter (it never is: it
 * only gains a URL).
 */
function writeRecord(fd: number, record: LockRecord): void {
  const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
  fs.writeSync(fd, bytes, 0, bytes.length, 0);
  fs.ftruncateSync(fd, bytes.length);
  fs.fsyncSync(fd);
}

/** The record of a holder that refused us; read again briefly if it is being written. */
async function holderRecord(path: string): Promise<LockRecord | null> {
  for (let i = 0; i < 5; i++) {
    const text = readOrNull(path);
    const record = text === null ? null : parseRecord(text);
    if (record) return record;
    await sleep(20);
  }
  return null;
}

function readOrNull(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseRecord(text: string): LockRecord | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, host, since, nonce, url, operatorKey } = value as Record<string, unknown>;
    if (!Number.isInteger(pid) || typeof host !== 'string' || typeof nonce !== 'string') return null;
    return {
      pid: pid as number,
      host,
      since: typeof since === 'string' ? since : '',
      nonce,
      ...(typeof url === 'string' ? { url } : {}),
      ...(typeof operatorKey === 'string' ? { operatorKey } : {}),
    };
  } catch {
    return null;
  }
}

/** Whether some process holds the lock on the file at `path`: this one, or one the kernel says holds it. */
function isLocked(path: string): boolean {
  if (held.has(resolve(path))) return true;
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    // A shared lock is refused only while someone holds the exclusive one; ours lasts microseconds.
    if (!fileLocks().tryLock(fd, { shared: true })) return true;
    fileLocks().unlock(fd);
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

/** Who holds the lock on a data directory, as `msc` commands see it. */
export interface DataDirHolder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  /** The holder's web server, if it recorded one: commands can be sent there instead. */
  readonly url: string | null;
  /** The operator's key for that server's game creation, if it recorded one. */
  readonly operatorKey: string | null;
  /** Whether the holder still runs: whether the lock is held. */
  readonly alive: boolean;
}

/** The current holder of the lock on `dataDir`, or null when there is no record of one (or it is unreadable). */
export function readDataDirHolder(dataDir: string): DataDirHolder | null {
  const path = join(dataDir, LOCK_FILE);
  const text = readOrNull(path);
  const record = text === null ? null : parseRecord(text);
  if (!record) return null;
  return {
    pid: record.pid,
    host: record.host,
    since: record.since,
    url: record.url ?? null,
    operatorKey: record.operatorKey ?? null,
    alive: isLocked(path),
  };
}

/**
 * Records, in the lock this process holds on `dataDir`, the URL its web
 * server answers at, so that `msc game …` run meanwhile sends its commands
 * there instead of failing on the lock, with the operator's key for creating
 * games there when given. False (and nothing written) when this process does
 * not hold the lock.
 */
export function recordServerUrl(dataDir: string, url: string, operatorKey?: string): boolean {
  const path = join(dataDir, LOCK_FILE);
  const mine = held.get(resolve(path));
  if (!mine || !isFileAt(mine.fd, path)) return false;
  mine.record = { ...mine.record, url, ...(operatorKey ? { operatorKey } : {}) };
  writeRecord(mine.fd, mine.record);
  return true;
}
