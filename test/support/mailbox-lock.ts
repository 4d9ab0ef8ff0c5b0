/**
 * The real mail servers are shared by every test file (and by runs before
 * this one): tests that watch or empty the service's INBOX take this lock, so
 * two test files never take or delete each other's mail.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK = join(tmpdir(), 'msc-test-shared-mailboxes.lock');
const STALE_MS = 10 * 60_000;

function holderGone(): boolean {
  try {
    const pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' || (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Waits for the shared mailboxes; returns the function that releases them. */
export async function lockSharedMailboxes(timeoutMs = 180_000): Promise<() => void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderGone()) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > until)
        throw new Error(`the shared test mailboxes stayed locked (${LOCK})`, { cause: error });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}
