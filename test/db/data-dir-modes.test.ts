/**
 * The data directory's secrets stay its owner's: the lock file (which records the operator key) is 0600, and the
 * PGlite folder (every game's tokens and dice seeds) and a DATA_DIR the service creates are 0700 — also when an
 * earlier version left them readable by all.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { LOCK_FILE } from '../../src/db/lock.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('data directory modes', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'msc-modes-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("a new DATA_DIR, its lock file and PGlite folder are its owner's only, and are tightened on start", async () => {
    const dataDir = join(root, 'data');
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, LOCK_FILE))).toBe(0o600);
      expect(modeOf(join(dataDir, 'pglite'))).toBe(0o700);
    } finally {
      await db.close();
    }
    // As an earlier version left them: readable by all.
    chmodSync(join(dataDir, 'pglite'), 0o755);
    writeFileSync(join(dataDir, LOCK_FILE), '{}\n');
    chmodSync(join(dataDir, LOCK_FILE), 0o644);
    const again = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(modeOf(join(dataDir, LOCK_FILE))).toBe(0o600);
      expect(modeOf(join(dataDir, 'pglite'))).toBe(0o700);
    } finally {
      await again.close();
    }
  }, 120_000);
});
