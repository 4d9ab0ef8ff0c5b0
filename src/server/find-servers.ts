/**
 * The servers running on this machine with an embedded database, found by
 * the data directory lock each holds open (DATA_DIR/msc.lock): on Linux, the
 * open files of this user's processes (/proc/PID/fd); elsewhere none are
 * found. Each is confirmed by its lock (held, and the URL it recorded), so a
 * lock file left behind names nothing. For `msc` commands pointed at a
 * DATA_DIR with no database: the server the user meant is most likely one of these.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { LOCK_FILE } from '../db/lock.ts';
import { readDataDirHolder } from './data-dir.ts';

export interface RunningServer {
  /** The data directory, as an absolute path. */
  readonly dataDir: string;
  readonly pid: number;
  readonly url: string;
}

/** Open files looked at, at most: the look stays quick however many processes run. */
const FILES_LOOKED_AT = 50_000;

export function runningServers(): RunningServer[] {
  if (process.platform !== 'linux') return [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const dirs = new Set<string>();
  let looked = 0;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`); // another user's process: not readable, skipped
    } catch {
      continue;
    }
    for (const fd of fds) {
      if (++looked > FILES_LOOKED_AT) break;
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (target.endsWith(`/${LOCK_FILE}`)) dirs.add(dirname(target));
      } catch {
        // closed meanwhile
      }
    }
  }
  return [...dirs].flatMap((dataDir) => {
    const holder = readDataDirHolder(dataDir);
    return holder?.alive && holder.url ? [{ dataDir, pid: holder.pid, url: holder.url }] : [];
  });
}
