/**
 * Starting, watching and ending worker processes (test/support/worker-process.ts)
 * from a test or a benchmark: each is a service instance of its own against a
 * PostgreSQL test database, which reports every turn it resolves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/db/client.ts';
import { testServerUrl } from './db.ts';
import { TEST_MAIL_DOMAIN, TEST_PUBLIC_URL, TEST_SECRET_KEY } from './games.ts';

const RUN_TS = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
const WORKER_PROCESS = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

/** A turn one worker process reported as committed. */
export interface ResolvedLine {
  readonly gameId: string;
  readonly turn: number;
  /** Which of the process's worker loops resolved it. */
  readonly worker: number;
}

export interface WorkerProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** Every turn this process reported resolved, in order. */
  readonly resolved: ResolvedLine[];
  /** Its standard error, for failure messages. */
  stderr(): string;
  /** CPU time it used between saying it was ready and stopping (ms); null until it has stopped cleanly. */
  busyCpuMs(): number | null;
  /** Settles when the process has said it is ready; rejects if it exits first. */
  readonly ready: Promise<void>;
  /** Settles when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface WorkerProcessOptions {
  /** TurnWorker loops in the process. */
  readonly workers?: number;
  readonly pollMs?: number;
  /** Installs the pause hook: see worker-process.ts. */
  readonly pauseFile?: string;
  /** With pauseFile: the resolution of the process to pause in (1, the first, unless given). */
  readonly pauseAt?: number;
  /** Due turns a transaction claims at most (the service's TURN_BATCH unless given). */
  readonly batch?: number;
  /** Called for each turn the process reports, as it reports it. */
  readonly onResolved?: (line: ResolvedLine) => void;
}

const started = new Set<WorkerProcess>();

/** The URL worker processes use to reach the same PostgreSQL test database. */
export async function databaseUrlOf(database: Extract<Database, { kind: 'postgres' }>): Promise<string> {
  const { rows } = await database.pool.query<{ name: string }>('select current_database() as name');
  const url = new URL(testServerUrl);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

/** WORKER_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=DIR`): Node options for each worker process (a profile). */
function nodeFlags(): string[] {
  return (process.env.WORKER_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
}

export function startWorkerProcess(databaseUrl: string, options: WorkerProcessOptions = {}): WorkerProcess {
  const { workers = 1, pollMs = 250, pauseFile, pauseAt, batch, onResolved } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SECRET_KEY: TEST_SECRET_KEY,
    PUBLIC_URL: TEST_PUBLIC_URL,
    MAIL_DOMAIN: TEST_MAIL_DOMAIN,
  };
  delete env.MSC_TEST_PAUSE_FILE;
  delete env.MSC_TEST_PAUSE_AT;
  if (pauseFile) env.MSC_TEST_PAUSE_FILE = pauseFile;
  if (pauseAt !== undefined) env.MSC_TEST_PAUSE_AT = String(pauseAt);
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags(),
      RUN_TS,
      WORKER_PROCESS,
      '--workers',
      String(workers),
      '--poll-ms',
      String(pollMs),
      ...(batch === undefined ? [] : ['--batch', String(batch)]),
    ],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const resolved: ResolvedLine[] = [];
  let errText = '';
  let cpuAtReady: number | null = null;
  let cpuAtStop: number | null = null;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errText = (errText + chunk).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // 'close', not 'exit': by then its last lines have been read.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [word, a, b, c] = line.split(' ');
      if (word === 'ready') {
        cpuAtReady = Number(c);
        resolve();
      } else if (word === 'stopped') cpuAtStop = Number(a);
      else if (word === 'resolved') {
        const r = { gameId: a!, turn: Number(b), worker: Number(c) };
        resolved.push(r);
        onResolved?.(r);
      }
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`worker process exited before it was ready (code ${code}, signal ${signal}):\n${errText}`)),
    );
  });
  // A process that fails after the test stopped waiting for it must not make an unhandled rejection.
  ready.catch(() => undefined);
  const handle: WorkerProcess = {
    pid: child.pid!,
    child,
    resolved,
    stderr: () => errText,
    busyCpuMs: () => (cpuAtReady === null || cpuAtStop === null ? null : cpuAtStop - cpuAtReady),
    ready,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const result = await exited;
      started.delete(handle);
      return result;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const result = await exited;
      started.delete(handle);
      return result;
    },
  };
  started.add(handle);
  return handle;
}

/** Kills every worker process still running (for afterAll/afterEach, whatever the test did). */
export async function killAllWorkerProcesses(): Promise<void> {
  await Promise.all([...started].map((p) => p.kill()));
}

/** Waits until `check()` is true, polling; fails with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
