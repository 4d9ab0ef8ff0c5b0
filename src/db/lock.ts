/**
 * The data directory lock. PGlite does not lock its files: two processes can
 * open one data directory and one of them silently loses its writes. So the
 * service takes a lock file, DATA_DIR/msc.lock, before it opens the database,
 * and a second process fails at once with a message naming the directory and
 * the process that holds it.
 *
 * The lock is created atomically (open with O_CREAT|O_EXCL, which exactly one
 * process wins) and records who holds it. A lock left behind by a crash is
 * stale — its process is gone — and the next process takes it over. Taking
 * over is guarded by a second, short-lived file so that two processes
 * starting together after a crash cannot both win.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = 'msc.lock';

/** Who holds a lock, as written in the lock file. */
interface LockRecord {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  /** Tells this lock apart from an earlier one by a process with the same PID. */
  readonly nonce: string;
  /** Where the holder's web server answers, once it has recorded it (recordServerUrl). */
  readonly url?: string;
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

/** The data directory is held by a live process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host: string },
  ) {
    const who = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`;
    super(
      `data directory ${dataDir} is in use by ${who}; stop it or set DATA_DIR to another folder` +
        ` (if no such process is running, delete ${join(dataDir, LOCK_FILE)})`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** A takeover takes microseconds: a takeover file older than this was left by a crash in the middle of one. */
const TAKEOVER_STALE_MS = 5_000;
/** How long to wait for another process's takeover, a little longer than a crashed one blocks us. */
const TAKEOVER_WAIT_MS = 7_000;
/** An empty lock file younger than this is being written by its creator: wait for it. */
const WRITING_MS = 1_000;

/**
 * Takes the lock on `dataDir` (created if missing) for this process, or throws
 * DataDirInUseError. `dataDir` is shown in messages as given.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const mine: LockRecord = { pid: process.pid, host: hostname(), since: new Date().toISOString(), nonce: randomUUID() };
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    if (tryCreate(path, mine)) return heldLock(path, mine);
    const text = readOrNull(path);
    if (text === null) continue; // released between our attempt and our read: try again
    const holder = parseRecord(text);
    if (holder && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
    if (!holder && ageMs(path) < WRITING_MS && Date.now() < deadline) {
      await sleep(20); // a lock file just created, its record not yet written
      continue;
    }
    // Stale (its process is gone) or unreadable (a crash while it was being written).
    const outcome = takeOver(path, text, mine);
    if (outcome === 'taken') return heldLock(path, mine);
    if (outcome === 'busy') {
      if (Date.now() > deadline)
        throw new Error(`cannot take over the stale lock ${path}: another process keeps trying too`);
      await sleep(50);
    }
    // 'changed': someone else replaced the stale lock; look again at who holds it now.
  }
}

function heldLock(path: string, mine: LockRecord): DataDirLock {
  return {
    path,
    release() {
      const text = readOrNull(path);
      if (text !== null && parseRecord(text)?.nonce === mine.nonce) fs.rmSync(path, { force: true });
    },
  };
}

/** Creates the lock file with our record unless it exists; true when we created it. */
function tryCreate(path: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = fs.openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(record)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Replaces the stale lock whose text we read, under the takeover guard: while
 * we hold the guard nobody else replaces the lock, and we replace it only if
 * it still holds the text we judged stale.
 */
function takeOver(path: string, staleText: string, mine: LockRecord): 'taken' | 'changed' | 'busy' {
  const guard = `${path}.takeover`;
  if (!tryCreate(guard, mine)) {
    removeIfOlderThan(guard, TAKEOVER_STALE_MS);
    return 'busy';
  }
  try {
    if (readOrNull(path) !== staleText) return 'changed';
    fs.rmSync(path, { force: true });
    // A process that never saw the stale lock may create a fresh one right here; then it holds the lock.
    return tryCreate(path, mine) ? 'taken' : 'changed';
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function removeIfOlderThan(path: string, ms: number): void {
  if (ageMs(path) > ms) fs.rmSync(path, { force: true });
}

/** How long ago the file was last written; Infinity when it is gone. */
function ageMs(path: string): number {
  try {
    return Date.now() - fs.statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
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
    const { pid, host, since, nonce, url } = value as Record<string, unknown>;
    if (!Number.isInteger(pid) || typeof host !== 'string' || typeof nonce !== 'string') return null;
    return {
      pid: pid as number,
      host,
      since: typeof since === 'string' ? since : '',
      nonce,
      ...(typeof url === 'string' ? { url } : {}),
    };
  } catch {
    return null;
  }
}

/** Whether the holder still runs. A process on another host cannot be checked: it counts as alive. */
function isAlive(holder: LockRecord): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the lock on a data directory, as `msc` commands see it. */
export interface DataDirHolder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  /** The holder's web server, if it recorded one: commands can be sent there instead. */
  readonly url: string | null;
  /** Whether the holder still runs (a holder on another host counts as alive). */
  readonly alive: boolean;
}

/** The current holder of the lock on `dataDir`, or null when nobody holds it (or its record is unreadable). */
export function readDataDirHolder(dataDir: string): DataDirHolder | null {
  const text = readOrNull(join(dataDir, LOCK_FILE));
  const record = text === null ? null : parseRecord(text);
  if (!record) return null;
  return { pid: record.pid, host: record.host, since: record.since, url: record.url ?? null, alive: isAlive(record) };
}

/**
 * Records, in the lock this process holds on `dataDir`, the URL its web
 * server answers at, so that `msc game …` run meanwhile sends its commands
 * there instead of failing on the lock. False (and nothing written) when this
 * process does not hold the lock. The record is replaced by a rename, so a
 * reader never sees half of it, and keeps its nonce, so release() still works.
 */
export function recordServerUrl(dataDir: string, url: string): boolean {
  const path = join(dataDir, LOCK_FILE);
  const text = readOrNull(path);
  const record = text === null ? null : parseRecord(text);
  if (!record || record.pid !== process.pid || record.host !== hostname()) return false;
  const partial = `${path}.${process.pid}.url`;
  fs.writeFileSync(partial, `${JSON.stringify({ ...record, url })}\n`);
  fs.renameSync(partial, path);
  return true;
}
