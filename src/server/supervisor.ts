/**
 * `msc serve --web N --workers N --mail N`: the service as several processes
 * on this machine, each running one role (ROLES) against the one PostgreSQL
 * server of DATABASE_URL, started and watched by this one (Node's cluster
 * module). Web processes share the HTTP port, mail processes the SMTP
 * receiver's; the primary answers nothing itself.
 *
 * Nothing that must happen once depends on which process does it: a turn is
 * claimed with FOR UPDATE SKIP LOCKED, a mail leased from the outbox, an
 * inbound mail recorded under a unique key, a reminder moved forward in the
 * transaction that queues it. So a process that dies, however it dies, loses
 * nothing: what it held is rolled back by PostgreSQL, and the primary starts
 * another with the same role — at once when it had started and was working,
 * later and later (up to RESTART_MAX_MS) when processes of that role keep
 * dying before they are ready (a database out of reach, say). SIGTERM or
 * SIGINT to the primary stops every process cleanly, each within
 * SHUTDOWN_TIMEOUT_MS.
 */
import cluster, { type Worker } from 'node:cluster';
import { sql } from 'drizzle-orm';
import { SERVICE_ROLES, type Config, type ServiceRole } from '../config/config.ts';
import { poolSizeOf } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { describeServer, migrate, openDatabase } from './database.ts';

/** Processes of each role. */
export type RoleCounts = Readonly<Record<ServiceRole, number>>;

/** The message the primary sends a process to stop it as SIGTERM would. */
export const STOP_MESSAGE = 'msc:stop';
/** The message a process sends the primary once it has started: listening, its workers and mail running. */
export const READY_MESSAGE = 'msc:ready';

/** The wait before starting again a role whose processes die before they are ready: doubled each time. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;

export interface Supervisor {
  /** The processes running now, by role (their PIDs). */
  pids(): Readonly<Record<ServiceRole, readonly number[]>>;
  /** Stops every process (STOP_MESSAGE, then SIGKILL past the shutdown time); settles when all have exited. */
  stop(): Promise<void>;
}

/** `--web 2 --workers 1`: what the processes' roles and counts add up to, for the start-up line. */
export function describeCounts(counts: RoleCounts): string {
  return SERVICE_ROLES.filter((r) => counts[r] > 0)
    .map((r) => `${counts[r]} ${r}`)
    .join(', ');
}

/** V8's young generation for a service process: 32 MB a semi-space (V8's default on 64-bit machines is 16). */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=32';

/**
 * Node's options for the processes the supervisor starts: its own, with a larger young generation unless the operator
 * chose one (in the command's options or NODE_OPTIONS). A request's short-lived objects (its body, its rows, its
 * answer) then die young more often before a scavenge, which copies only what is still alive: measured with
 * bench:submissions, about a fifth less CPU a submission (1.18–1.32 ms against 1.42–1.65 in the same windows), for
 * 16 MB more memory a process at most.
 */
export function serviceExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const chosen = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((o) =>
    /^--max[-_]semi[-_]space[-_]size(=|$)/.test(o),
  );
  return chosen ? [...execArgv] : [...execArgv, SEMI_SPACE_FLAG];
}

/**
 * Warns when the processes may open more connections than the server takes (each its pool, DATABASE_POOL_SIZE, and
 * one that listens): a pool opens its connections only as its work needs them, so this is a warning, not a refusal —
 * but the process that finds the server full answers 503 meanwhile.
 */
export async function checkConnections(
  database: Awaited<ReturnType<typeof openDatabase>>,
  config: Config,
  counts: RoleCounts,
  logger: Logger,
): Promise<void> {
  const processes = SERVICE_ROLES.reduce((n, role) => n + counts[role], 0);
  const most = SERVICE_ROLES.reduce((n, role) => n + counts[role] * (poolSizeOf({ ...config, roles: [role] }) + 1), 0);
  const { rows } = await database.db.execute(sql`select current_setting('max_connections')::int as max`);
  const max = Number(rows[0]?.max);
  if (Number.isFinite(max) && most > max)
    logger.warn(
      { processes, connections: most, maxConnections: max },
      `${processes} processes may open up to ${most} PostgreSQL connections, and the server takes ${max} (max_connections): lower DATABASE_POOL_SIZE or raise max_connections`,
    );
}

/**
 * Migrates the database once, then starts the processes and keeps them running until a signal. Runs in the primary
 * process only; the processes it starts run `msc serve` with ROLES set to their role.
 */
export async function startSupervisor(
  config: Config,
  counts: RoleCounts,
  options: { readonly logger: Logger; readonly print: (line: string) => void; readonly handleSignals?: boolean },
): Promise<Supervisor> {
  const { logger, print } = options;
  if (!config.databaseUrl) throw new Error('several processes need one PostgreSQL server to share: set DATABASE_URL');
  // Migrated here, before any process starts: a wrong DATABASE_URL stops the command at once, with its reason.
  const database = await openDatabase(config, { logger });
  try {
    await migrate(database, { logger });
    await checkConnections(database, config, counts, logger);
  } finally {
    await database.close();
  }

  const running = new Map<Worker, { role: ServiceRole; startedAt: number; ready: boolean }>();
  const failures: Record<ServiceRole, number> = { web: 0, workers: 0, mail: 0 };
  let stopping: Promise<void> | null = null;

  cluster.setupPrimary({
    exec: process.argv[1]!,
    args: ['serve'],
    execArgv: serviceExecArgv(process.execArgv, process.env.NODE_OPTIONS),
  });
  const start = (role: ServiceRole) => {
    const worker = cluster.fork({ ROLES: role });
    const entry = { role, startedAt: Date.now(), ready: false };
    running.set(worker, entry);
    worker.on('message', (message) => {
      if (message !== READY_MESSAGE) return;
      entry.ready = true;
      failures[role] = 0;
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    const was = running.get(worker);
    running.delete(worker);
    if (!was || stopping) return;
    const lived = Date.now() - was.startedAt;
    if (!was.ready) failures[was.role] += 1;
    const waitMs = was.ready
      ? 0
      : failures[was.role] === 0
        ? 0
        : Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (failures[was.role] - 1));
    logger.warn(
      {
        role: was.role,
        process: worker.process.pid,
        code,
        signal,
        livedMs: lived,
        ready: was.ready,
        restartInMs: waitMs,
      },
      'a service process ended: starting another',
    );
    setTimeout(() => {
      if (!stopping) start(was.role);
    }, waitMs).unref();
  });
  for (const role of SERVICE_ROLES) for (let i = 0; i < counts[role]; i++) start(role);
  print(
    `msc-pbem: ${describeCounts(counts)} processes (database: postgres ${describeServer(config.databaseUrl)}); SIGTERM or Ctrl-C stops them all`,
  );

  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      const workers = [...running.keys()];
      const exited = workers.map(
        (w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))),
      );
      for (const w of workers) if (w.isConnected()) w.send(STOP_MESSAGE);
      const late = setTimeout(() => {
        for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
      }, config.shutdownTimeoutMs + 1_000);
      await Promise.all(exited);
      clearTimeout(late);
      logger.info('every service process has stopped');
    })());

  if (options.handleSignals !== false) {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'stopping every service process');
      void stop().then(() => process.exit(0));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  return {
    pids() {
      const out: Record<ServiceRole, number[]> = { web: [], workers: [], mail: [] };
      for (const [w, { role }] of running) if (w.process.pid !== undefined) out[role].push(w.process.pid);
      return out;
    },
    stop,
  };
}

/**
 * In a process the supervisor started, once it is running: say so, and stop as SIGTERM would when the supervisor
 * asks, or when it is gone (killed: its processes must not live on without it).
 */
export function followSupervisor(close: () => Promise<void>): void {
  if (!cluster.isWorker) return;
  process.send?.(READY_MESSAGE);
  const stop = () =>
    void close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.on('message', (message) => {
    if (message === STOP_MESSAGE) stop();
  });
  process.on('disconnect', stop);
}
