/**
 * `npm run bench:service`: how fast the service is on real PostgreSQL. Prints
 * figures; asserts nothing.
 *
 *   1. Order submissions per second over HTTP on loopback: the service
 *      (startServer) in this process, 32 clients in a worker thread POSTing
 *      orders-language text to /api/games/:id/orders with a seat token, one
 *      seat per game so no turn completes. The submitOrders use case called
 *      directly is printed beside it, to show what HTTP costs.
 *   2. Turns resolved per second with 1 and with 2 worker processes: the
 *      same set of due turns (both seats' orders in), copied from a template
 *      database for each run, drained from the moment they all fall due.
 *   3. The machine's own `pgbench -N` (simple-update) TPS on the same server.
 *
 * Targets (the issue): ≥ 1,000 submissions/s, ≥ 300 turns/s.
 *
 * The PostgreSQL server is TEST_DATABASE_URL's (default
 * postgres://postgres@127.0.0.1:5432/postgres); every database made here is
 * dropped at the end. BENCH_SECONDS (default 10) and BENCH_TURNS (default
 * 2000) change the sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { turns } from '../src/db/schema.ts';
import { startServer } from '../src/server/main.ts';
import { submitOrders } from '../src/games/turns/orders.ts';
import { TurnWorker } from '../src/games/turns/worker.ts';
import { createLogger } from '../src/log.ts';
import { TURN_DUE_CHANNEL, type GamesContext } from '../src/games/context.ts';
import {
  createDuels,
  duelOrders,
  inParallel,
  liveGamesContext,
  submitDuelOrders,
  TEST_MAIL_DOMAIN,
  TEST_SECRET_KEY,
  type Duel,
} from '../test/support/games.ts';
import { startWorkerProcess, waitUntil, type WorkerProcess } from '../test/support/worker-processes.ts';
import { admin, createScratchDatabase, dropAll, fmt, pgbenchTps, postgresReady, report, urlOf } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TURNS = Number(process.env.BENCH_TURNS ?? 2000);
const PGLITE_TURNS = Number(process.env.BENCH_PGLITE_TURNS ?? 500);
/** BENCH_ONLY=submissions,turns,pglite,pgbench runs only those parts (e.g. under a profiler). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
const wanted = (part: string): boolean => !ONLY || ONLY.includes(part);
const CLIENTS = 32;
const SUBMISSION_GAMES = 512;
const TARGET_SUBMISSIONS = 1_000;
const TARGET_TURNS = 300;

// ---------------------------------------------------------------- databases

// ---------------------------------------------------------------- figures

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

// ---------------------------------------------------------------- 1. submissions

/** One game's seat and the orders it sends, cycling through legal variants. */
interface Target {
  readonly gameId: string;
  readonly token: string;
  readonly texts: readonly string[];
}

function targetsFor(duels: readonly Duel[]): Target[] {
  return duels.map((d) => ({
    gameId: d.gameId,
    token: d.tokens.black,
    texts: [0, 1, 2, 3, 4, 5].map((v) => duelOrders(d.gameId, 'black', v)),
  }));
}

/**
 * The load generator, in a thread of its own so that the clients' work does
 * not run on the server's event loop. Client c sends to games c, c+32, … in
 * turn, so no two clients wait on the same game's lock. Requests started
 * during the warm-up second are not counted.
 */
const CLIENT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, targets, clients, seconds, warmup, kind } = workerData;
const start = performance.now();
const from = start + warmup * 1000;
const until = from + seconds * 1000;
const latencies = [];
const statuses = {};
let ok = 0;
let firstError = null;
// node:http over one keep-alive connection a client; fetch (undici) costs this thread about twice the CPU a request.
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const { hostname, port } = new URL(url);
function postHttp(path, token, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent, hostname, port, path, method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
async function postFetch(path, token, body) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body,
  });
  return { status: res.status, text: await res.text() };
}
const post = kind === 'fetch' ? postFetch : postHttp;
async function client(c) {
  let k = c;
  for (let n = 0; performance.now() < until; n++) {
    const t = targets[k % targets.length];
    k += clients;
    const t0 = performance.now();
    try {
      const res = await post('/api/games/' + t.gameId + '/orders', t.token, JSON.stringify({ text: t.texts[n % t.texts.length] }));
      if (t0 < from) continue;
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] || 0) + 1;
      if (res.status === 200) ok++;
      else if (!firstError) firstError = res.status + ' ' + res.text.slice(0, 300);
    } catch (e) {
      statuses.network = (statuses.network || 0) + 1;
      if (!firstError) firstError = String(e);
    }
  }
}
let elu0 = performance.eventLoopUtilization();
setTimeout(() => {
  elu0 = performance.eventLoopUtilization();
  parentPort.postMessage({ mark: true });
}, Math.max(0, from - performance.now()));
Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => {
  agent.destroy();
  const elu = performance.eventLoopUtilization(elu0);
  parentPort.postMessage({ ok, statuses, latencies, firstError, elapsed: (performance.now() - from) / 1000, clientActiveMs: elu.active });
});
`;

interface LoadResult {
  ok: number;
  statuses: Record<string, number>;
  latencies: number[];
  firstError: string | null;
  elapsed: number;
  /** This process's CPU time per submission (ms), where it measures only the submissions. */
  cpuPerCall?: number;
  /** Over HTTP: the whole process's CPU time per submission (ms), the server's and the client thread's. */
  processCpuPerCall?: number;
  /** Over HTTP: how long the client thread's event loop was busy per submission (ms). */
  clientActivePerCall?: number;
  /** Over HTTP: the CPU time of the PostgreSQL backends serving the service, per submission (ms; 10 ms ticks). */
  postgresCpuPerCall?: number | undefined;
}

/** Which HTTP client the load generator uses: BENCH_CLIENT=fetch for the Node fetch of earlier runs. */
const CLIENT_KIND = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http';

/**
 * CPU time (ms) each PostgreSQL backend connected to `database` has used so far, by pid (from /proc; Linux only).
 * None for PGlite (null), which runs in this process.
 */
async function backendCpuMs(database: string | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (database === null) return out;
  for (const { pid } of await admin<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ])) {
    try {
      // Fields 14 and 15 (utime, stime) in clock ticks, after the parenthesised command name.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // gone meanwhile, or not this machine's
    }
  }
  return out;
}

function runClients(url: string, targets: readonly Target[], database: string | null): Promise<LoadResult> {
  let pg0: Promise<Map<number, number>> = backendCpuMs(database);
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_THREAD, {
      eval: true,
      workerData: { url, targets, clients: CLIENTS, seconds: SECONDS, warmup: 1, kind: CLIENT_KIND },
    });
    // The process's CPU (server and client thread) from the end of the warm-up.
    let cpu0 = process.cpuUsage();
    worker.on('message', (m: LoadResult & { mark?: true; clientActiveMs: number }) => {
      if (m.mark) {
        cpu0 = process.cpuUsage();
        pg0 = backendCpuMs(database);
        return;
      }
      const cpu = process.cpuUsage(cpu0);
      void worker.terminate();
      void Promise.all([pg0, backendCpuMs(database)]).then(([before, after]) => {
        let pgMs = 0;
        for (const [pid, ms] of after) pgMs += ms - (before.get(pid) ?? 0);
        resolve({
          ...m,
          processCpuPerCall: (cpu.user + cpu.system) / 1000 / m.ok,
          clientActivePerCall: m.clientActiveMs / m.ok,
          postgresCpuPerCall: after.size > 0 ? pgMs / m.ok : undefined,
        });
      }, reject);
    });
    worker.once('error', reject);
  });
}

/** The same load through the use case, in this process: no HTTP, no JSON, no Express. */
async function directSubmissions(ctx: GamesContext, targets: readonly Target[], seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let k = c, n = 0; performance.now() < until; k += CLIENTS, n++) {
        const t = targets[k % targets.length]!;
        const t0 = performance.now();
        await submitOrders(ctx, {
          gameId: t.gameId,
          token: t.token,
          text: t.texts[n % t.texts.length]!,
          channel: 'api',
        });
        latencies.push(performance.now() - t0);
        ok++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return {
    ok,
    statuses: { 200: ok },
    latencies,
    firstError: null,
    elapsed: (performance.now() - start) / 1000,
    cpuPerCall: (cpu.user + cpu.system) / 1000 / ok,
  };
}

function printLoad(label: string, r: LoadResult): number {
  const rate = r.ok / r.elapsed;
  const sorted = [...r.latencies].sort((a, b) => a - b);
  report(`${label}: submissions/s`, `${fmt(rate)}   (${fmt(r.ok)} in ${fmt(r.elapsed, 1)} s, ${CLIENTS} clients)`);
  report(
    `${label}: latency p50 / p95`,
    `${fmt(percentile(sorted, 0.5), 1)} ms / ${fmt(percentile(sorted, 0.95), 1)} ms`,
  );
  if (r.cpuPerCall !== undefined) report(`${label}: Node CPU a submission`, `${fmt(r.cpuPerCall, 2)} ms`);
  if (r.processCpuPerCall !== undefined)
    report(`${label}: process CPU a submission`, `${fmt(r.processCpuPerCall, 2)} ms (server and client thread)`);
  if (r.clientActivePerCall !== undefined)
    report(`${label}: client thread busy a submission`, `${fmt(r.clientActivePerCall, 2)} ms (${CLIENT_KIND} client)`);
  if (r.postgresCpuPerCall !== undefined)
    report(`${label}: PostgreSQL backends' CPU a submission`, `${fmt(r.postgresCpuPerCall, 2)} ms`);
  const failed = Object.entries(r.statuses).filter(([s]) => s !== '200');
  if (failed.length > 0)
    report(`${label}: NOT accepted`, `${failed.map(([s, n]) => `${n}× ${s}`).join(', ')} — first: ${r.firstError}`);
  return rate;
}

async function benchSubmissions(on: 'postgres' | 'pglite'): Promise<number> {
  console.log(
    `\nOrder submissions on ${on === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'} (one seat per game, each replacing its previous orders)`,
  );
  const dataDir = on === 'pglite' ? mkdtempSync(join(tmpdir(), 'msc-bench-')) : null;
  const name = dataDir ? null : await createScratchDatabase('orders');
  const where = name === null ? { DATA_DIR: dataDir! } : { DATABASE_URL: urlOf(name) };
  const config = loadConfig({
    ...where,
    HOST: '127.0.0.1',
    PORT: '0',
    MAIL_RECEIVE_PORT: '0',
    WORKERS: '1',
    RATE_LIMIT_ORDERS: '0',
    SECRET_KEY: TEST_SECRET_KEY,
    MAIL_DOMAIN: TEST_MAIL_DOMAIN,
    LOG_LEVEL: 'info',
  });
  // Logged as in production (info, one line per request), but into /dev/null rather than over the figures.
  const logger = createLogger({ logLevel: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
  const server = await startServer(config, { logger, handleSignals: false, print: () => undefined });
  try {
    const duels = await createDuels(server.ctx, SUBMISSION_GAMES, { prefix: 'load' });
    const targets = targetsFor(duels);
    const http = await runClients(server.url, targets, name);
    const rate = printLoad('HTTP on loopback', http);
    const direct = await directSubmissions(server.ctx, targets, Math.min(SECONDS, 5));
    printLoad('use case in-process (no HTTP)', direct);
    return rate;
  } finally {
    await server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 2. turns

/**
 * A database with TURNS tutorial duels whose orders are all in, but not yet
 * due (due_at cleared), so that a run can make them fall due at one instant.
 */
async function prepareTurns(): Promise<string> {
  const name = await createScratchDatabase('turns_template');
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
  try {
    await migrate(database);
    const ctx = liveGamesContext(database);
    const t0 = performance.now();
    const duels = await createDuels(ctx, TURNS, { prefix: 'rush', concurrency: 16 });
    await inParallel(duels, 16, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    await inParallel(duels, 16, (d, i) => submitDuelOrders(ctx, d, 'grey', i));
    await database.db.update(turns).set({ dueAt: null }).where(eq(turns.status, 'open'));
    console.log(
      `  (prepared ${fmt(TURNS)} games with both seats' orders in ${fmt((performance.now() - t0) / 1000, 1)} s)`,
    );
  } finally {
    await database.close();
  }
  return name;
}

/** Turns per second, and the worker processes' CPU time per turn (ms). */
async function drainWith(
  template: string,
  processes: number,
  loopsPerProcess: number,
): Promise<{ rate: number; cpuPerTurn: number | null }> {
  const name = await createScratchDatabase(`turns_${processes}x${loopsPerProcess}`, template);
  const url = urlOf(name);
  const workers: WorkerProcess[] = [];
  let resolved = 0;
  try {
    // A long poll: the turns must fall due only when the clock starts.
    for (let i = 0; i < processes; i++)
      workers.push(
        startWorkerProcess(url, {
          workers: loopsPerProcess,
          pollMs: 1_000,
          onResolved: () => {
            resolved++;
          },
        }),
      );
    await Promise.all(workers.map((w) => w.ready));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const t0 = performance.now();
    await client.query('begin');
    await client.query(`update turns set due_at = now() where status = 'open' and number = 1`);
    await client.query(`select pg_notify($1, '')`, [TURN_DUE_CHANNEL]);
    await client.query('commit');
    await client.end();
    await waitUntil(`${TURNS} turns resolved`, () => resolved >= TURNS, 600_000, 5);
    const rate = TURNS / ((performance.now() - t0) / 1000);
    await Promise.all(workers.map((w) => w.stop()));
    const cpu = workers.map((w) => w.busyCpuMs());
    return { rate, cpuPerTurn: cpu.includes(null) ? null : cpu.reduce((a, b) => a! + b!, 0)! / TURNS };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

async function benchTurns(): Promise<Map<string, number>> {
  console.log(`\nTurns resolved (${fmt(TURNS)} due turns of tutorial duels, both seats' orders in)`);
  const template = await prepareTurns();
  const rates = new Map<string, number>();
  for (const [processes, loops, label] of [
    [1, 1, '1 worker (1 process)'],
    [2, 1, '2 workers (2 processes)'],
    [1, 2, '2 workers (1 process, 2 loops)'],
  ] as const) {
    const { rate, cpuPerTurn } = await drainWith(template, processes, loops);
    rates.set(label, rate);
    report(
      `${label}: turns/s`,
      `${fmt(rate)}   (worker CPU ${cpuPerTurn === null ? '?' : fmt(cpuPerTurn, 1)} ms a turn)`,
    );
  }
  return rates;
}

/**
 * The embedded database: PGLITE_TURNS due turns in a PGlite data directory, drained by one worker in this process (the
 * service's only arrangement on PGlite: one process, one connection, one turn a transaction).
 */
async function benchPgliteTurns(): Promise<number> {
  console.log(`\nTurns resolved on PGlite (embedded), ${fmt(PGLITE_TURNS)} due turns, 1 worker in this process`);
  const dataDir = mkdtempSync(join(tmpdir(), 'msc-bench-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrate(database);
    const ctx = liveGamesContext(database);
    const duels = await createDuels(ctx, PGLITE_TURNS, { prefix: 'rush', concurrency: 4 });
    await inParallel(duels, 4, (d, i) => submitDuelOrders(ctx, d, 'black', i));
    await inParallel(duels, 4, (d, i) => submitDuelOrders(ctx, d, 'grey', i));
    const worker = new TurnWorker(ctx, database, { pollMs: 60_000, batch: 1 });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const n = await worker.drain();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const rate = n / seconds;
    report('PGlite, 1 worker: turns/s', `${fmt(rate)}   (CPU ${fmt((cpu.user + cpu.system) / 1000 / n, 1)} ms a turn)`);
    return rate;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 3. pgbench

async function benchPgbench(): Promise<number | null> {
  console.log(`\nThis machine's PostgreSQL (pgbench -i -s 10; pgbench -N -c 8 -j 2 -T ${SECONDS}, scratch database)`);
  const tps = await pgbenchTps(SECONDS);
  report('pgbench -N (simple-update), TPS', tps === null ? 'not measured' : fmt(tps));
  return tps;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (!(await postgresReady('service'))) return;
  try {
    const submissions = wanted('submissions') ? await benchSubmissions('postgres') : NaN;
    const turnRates = wanted('turns') ? await benchTurns() : new Map<string, number>();
    const pgliteSubmissions = wanted('pglite') ? await benchSubmissions('pglite') : NaN;
    const pgliteTurns = wanted('pglite') ? await benchPgliteTurns() : NaN;
    const tps = wanted('pgbench') ? await benchPgbench() : null;

    const ratio = (rate: number) =>
      tps === null || Number.isNaN(rate) ? '' : `${fmt((100 * rate) / tps, 1)} % of pgbench -N`;
    const line = (label: string, rate: number, target: number | null, share: string) =>
      console.log(
        `  ${label.padEnd(44)} ${fmt(rate).padStart(7)}   ${share.padEnd(22)} ${target === null ? '' : `target ≥ ${fmt(target)}: ${rate >= target ? 'met' : 'NOT met'}`}`,
      );
    console.log('\nSummary (each figure beside the pgbench -N TPS on the same server)');
    console.log(`  ${'pgbench -N TPS (reference)'.padEnd(44)} ${tps === null ? 'not measured' : fmt(tps).padStart(7)}`);
    if (!Number.isNaN(submissions))
      line('PostgreSQL: submissions/s over HTTP', submissions, TARGET_SUBMISSIONS, ratio(submissions));
    // The target is for two worker processes (the issue's); the other arrangements are printed beside it.
    for (const [label, rate] of turnRates)
      line(`PostgreSQL: turns/s, ${label}`, rate, label.includes('2 processes') ? TARGET_TURNS : null, ratio(rate));
    if (!Number.isNaN(pgliteSubmissions))
      line('PGlite: submissions/s over HTTP', pgliteSubmissions, null, ratio(pgliteSubmissions));
    if (!Number.isNaN(pgliteTurns)) line('PGlite: turns/s, 1 worker', pgliteTurns, null, ratio(pgliteTurns));
  } finally {
    // BENCH_KEEP=1 leaves the scratch databases for a look at their plans (EXPLAIN) after the run.
    if (!process.env.BENCH_KEEP) await dropAll();
  }
}

await main();
