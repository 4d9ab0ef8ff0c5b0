/**
 * What a test that kills worker processes in the middle of a resolution works on (test/queue/*crash*): a fresh
 * PostgreSQL test database, its URL for the worker processes, and a scratch folder for their pause files — made before
 * each test, and removed after it with every worker process still running killed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { turns } from '../../src/db/schema.ts';
import { freshDatabase, type TestDatabase } from './db.ts';
import type { TestGamesContext } from './games.ts';
import { databaseUrlOf, killAllWorkerProcesses, startWorkerProcess, waitUntil } from './worker-processes.ts';

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

/**
 * The two moves of a crash test, on a scene and its games context: a worker killed with SIGKILL while it is inside
 * its first resolution (and nothing it did stays: `snapshot` reads the same before and after), and a worker run
 * until it has resolved one given turn and stopped cleanly.
 */
export function crashMoves(scene: CrashScene, ctx: () => TestGamesContext, snapshot: () => Promise<unknown>) {
  /** Whether a transaction still holds a turn row's lock (lock_not_available, 55P03). */
  async function locked(): Promise<boolean> {
    try {
      await ctx().db.transaction(async (tx) => {
        await tx.select({ n: turns.number }).from(turns).for('update', { noWait: true });
      });
      return false;
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === '55P03') return true;
      throw error;
    }
  }

  return {
    /** A worker that pauses inside its first resolution (`expected`: `GAME TURN`), killed there. */
    killInsideResolution: async (expected: string): Promise<void> => {
      const pauseFile = join(scene.scratch, `paused-${expected.replace(' ', '-')}`);
      const before = await snapshot();
      const doomed = startWorkerProcess(scene.url, { pauseFile, pollMs: 100 });
      await doomed.ready;
      await waitUntil('the worker to pause inside a resolution', () => readPaused(pauseFile) !== null, 15_000);
      expect(readPaused(pauseFile)).toBe(expected);
      const exit = await doomed.kill();
      expect(exit.signal).toBe('SIGKILL');
      expect(doomed.resolved).toEqual([]);
      // PostgreSQL rolls the dead connection's transaction back; until then its rows stay locked.
      await waitUntil("the dead worker's transaction to go", async () => !(await locked()), 10_000, 100);
      expect(await snapshot()).toEqual(before);
    },
    /** A worker run until it has resolved `expected` (and then stopped cleanly). */
    resolveWithWorker: async (expected: string): Promise<void> => {
      const survivor = startWorkerProcess(scene.url, { pollMs: 100 });
      await survivor.ready;
      await waitUntil(`${expected} resolved`, () => survivor.resolved.length >= 1, 15_000);
      expect((await survivor.stop()).code).toBe(0);
      expect(survivor.resolved.map((r) => `${r.gameId} ${r.turn}`)).toEqual([expected]);
    },
  };
}
