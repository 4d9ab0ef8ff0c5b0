/**
 * What a test that kills worker processes in the middle of a resolution works on (test/queue/*crash*): a fresh
 * PostgreSQL test database, its URL for the worker processes, and a scratch folder for their pause files — made before
 * each test, and removed after it with every worker process still running killed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { freshDatabase, type TestDatabase } from './db.ts';
import { databaseUrlOf, killAllWorkerProcesses } from './worker-processes.ts';

export interface CrashScene {
  readonly database: TestDatabase;
  readonly url: string;
  readonly scratch: string;
}

/** Registers the scene's set-up and tear-down for each test of the calling file; read it inside a test or hook. */
export function crashScene(prefix: string): CrashScene {
  const scene = {} as { database: TestDatabase; url: string; scratch: string };
  beforeEach(async () => {
    scene.database = await freshDatabase('postgres');
    if (scene.database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    scene.url = await databaseUrlOf(scene.database);
    scene.scratch = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await killAllWorkerProcesses();
    await scene.database?.drop();
    if (scene.scratch) rmSync(scene.scratch, { recursive: true, force: true });
  });
  return scene;
}

/** What a paused worker wrote in its pause file (`GAME TURN`), or null while it has not paused. */
export function readPaused(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}
