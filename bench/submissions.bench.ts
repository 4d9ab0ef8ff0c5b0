/**
 * `npm run bench:submissions`: order submissions over HTTP on real PostgreSQL, each figure beside references measured
 * in the same window of time. Prints figures; asserts nothing.
 *
 * The service runs as it is deployed: `msc serve --web 1 --workers 0 --mail 0`, and again with `--web 2`, each its own
 * processes (the load generator is wrk, in C, in a process of its own: 32 connections, 2 threads, POSTing
 * orders-language text to /api/games/:id/orders with a seat token, one seat per game so no turn completes). Its
 * references:
 *
 *   - own:  pgbench running the submission's own statements — the same BEGIN, lock, store, COMMIT the service sends,
 *           their text taken from the code (src/games/turns/orders.ts), pipelined as the service sends them (BEGIN
 *           with the lock, the store with COMMIT) — with 32 clients, prepared; a small indexed select first picks the
 *           game (it makes the reference a little slower, never faster);
 *   - -N:   pgbench -N (simple update), the server's own floor for a small write transaction;
 *   - bare: Express with exactly the service's common middleware and logger, answering the same body without a
 *           database (bench/bare-express.ts), under the same wrk load;
 *   - floor: the same, running the submission's own statements through node-postgres alone, pipelined as the service
 *           sends them, before it answers: the floor of the service's stack (Express and node-postgres) on this
 *           machine, all a submission's reading, checking and own database layer left out. The first ratio's floor
 *           is its rate over pgbench's of the same statements; the service's rate over its rate is what the service's
 *           own work leaves of it.
 *
 * Each server is first warmed up by BENCH_WARM_UP_SECONDS (8) of the same load, not measured. Every window runs
 * BENCH_SECONDS (default 8), in rounds (BENCH_ROUNDS, default 3) of A B C D E F G, interleaved, so that
 * whatever else the machine does falls on every figure alike; each figure is the median of its windows, and the load
 * average is printed with each window. The service processes' CPU time per submission (from /proc) is printed too.
 * BENCH_PROFILE=<folder> writes the one-web-process service's V8 CPU profiles there.
 * The service and pgbench reach a PostgreSQL on this machine over its Unix socket (/var/run/postgresql), as
 * docs/deployment.md advises; BENCH_PGHOST=tcp measures both over loopback TCP instead, BENCH_PGHOST=<folder> names
 * another socket folder.
 * With one and with two web processes, the service is measured twice: as it is, and with each web process held to
 * BENCH_CORE_CAP (0.25) of a core by a cgroup, where the machine allows it (root): on two cores the uncapped second
 * process has no core to run on, the capped pair asks whether a second process adds what the first does
 * (bench/core-cap.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.ts';
import { coreCapAvailable } from './core-cap.ts';
import { migrate } from '../src/db/migrate.ts';
import { lockForSubmission, seatsDigest, storeSubmissionDue } from '../src/games/turns/orders.ts';
import { freePort } from '../test/support/pg-cluster.ts';
import { createDuels, duelOrders, inParallel, liveGamesContext, submitDuelOrders } from '../test/support/games.ts';
import {
  cpuMsOf,
  haveTool,
  load,
  median,
  startProcess,
  startService,
  stopProcess,
  wrk,
  WRK_SCRIPT,
  type Served,
  type Window,
} from './processes.ts';
import {
  benchSocket,
  createScratchDatabase,
  dropAll,
  fmt,
  pgbenchArgs,
  postgresReady,
  report,
  serviceUrlOf,
  urlOf,
} from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GAMES = 512;
const SOCKET = benchSocket();
const VARIANTS = 6;
const CONNECTIONS = 32;
/**
 * BENCH_CORE_CAP (default 0.25; 0: none): the web processes measured once more, each held to that share of a core by
 * a cgroup of its own, so that two processes have the cores one lacks (why: bench/core-cap.ts).
 */
const CORE_CAP = Number(process.env.BENCH_CORE_CAP ?? 0.25);
const capUnavailable = coreCapAvailable();
const CAPPED_ONE = `service, 1 web process held to ${CORE_CAP} core`;
const CAPPED_TWO = `service, 2 web processes, ${CORE_CAP} core each`;
const RUN_TS = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
/** The bare server running the submission's statements by node-postgres: this stack's floor (bench/bare-express.ts). */
const FLOOR = 'bare Express + its statements by node-postgres';
const BARE = fileURLToPath(new URL('./bare-express.ts', import.meta.url));

/** bench/bare-express.ts: without a database, or with the submission's own statements on `databaseUrl`'s. */
async function startBare(answer: string, databaseUrl?: string): Promise<Served> {
  const port = await freePort();
  const args = [RUN_TS, BARE, String(port), answer, ...(databaseUrl ? [databaseUrl] : [])];
  const child = await startProcess(args, process.env, (l) => l === 'ready', 1);
  return {
    url: `http://127.0.0.1:${port}`,
    smtpPort: 0,
    pids: () => [child.pid!],
    cpuMs: () => cpuMsOf(child.pid!),
    stop: () => stopProcess(child),
  };
}

function pgbench(database: string, args: string[]): Window {
  const { connection, env } = pgbenchArgs();
  const run = spawnSync(
    'pgbench',
    [...connection, '-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), ...args, database],
    { encoding: 'utf8', env },
  );
  const tps = Number(/tps = ([0-9.]+)/.exec(run.stdout)?.[1] ?? NaN);
  return Number.isNaN(tps) ? { rate: NaN, note: `pgbench gave no figure: ${run.stdout}${run.stderr}` } : { rate: tps };
}

/**
 * The submission's own transaction as a pgbench script: the statements' text from the code, their parameters
 * pgbench variables read from bench_targets (the orders each seat sent once through the use case).
 */
function ownStatementsScript(): string {
  const params = (text: string, values: Record<number, string>) =>
    text.replace(/\$(\d+)\b/g, (_, n: string) => {
      const v = values[Number(n)];
      if (v === undefined) throw new Error(`no value for $${n}`);
      return v;
    });
  const lock = params(lockForSubmission.text, { 1: ':g', 2: ':h' });
  const store = params(storeSubmissionDue.text, {
    1: ':g',
    2: '1',
    3: ':s',
    4: 'now()',
    5: `'api'`,
    6: ':t',
    7: ':o',
    8: 'null',
    9: ':h',
    10: `'{black,grey}'`,
    11: ':d',
  });
  // Pipelined as the service sends them: BEGIN with the lock, the store (which may make the turn due) with COMMIT.
  return [
    `\\set n random(1, ${GAMES})`,
    'select game_id as g, seat_id as s, token_hash as h, orders as o, text as t, digest as d from bench_targets where n = :n \\gset',
    '\\startpipeline',
    'begin;',
    `${lock};`,
    '\\endpipeline',
    '\\startpipeline',
    `${store};`,
    'commit;',
    '\\endpipeline',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (!(await postgresReady('submissions'))) return;
  if (!haveTool('wrk', 'wrk') || !haveTool('pgbench', 'postgresql-client')) return;
  const dir = mkdtempSync(join(tmpdir(), 'msc-bench-submissions-'));
  const served: Served[] = [];
  try {
    // The games: one seat a game sends orders; each seat has sent once, so each submission replaces one.
    const name = await createScratchDatabase('submissions');
    const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
    let answer = '';
    try {
      await migrate(database);
      const ctx = liveGamesContext(database);
      const duels = await createDuels(ctx, GAMES, { prefix: 'load', concurrency: 16 });
      const first = await inParallel(duels, 16, (d, i) => submitDuelOrders(ctx, d, 'black', i % VARIANTS));
      answer = JSON.stringify({
        accepted: true,
        turn: first[0]!.turn,
        stored: true,
        canonical: first[0]!.canonical,
      });
      const lines = duels.flatMap((d) =>
        Array.from({ length: VARIANTS }, (_, v) =>
          [d.gameId, d.tokens.black, JSON.stringify({ text: duelOrders(d.gameId, 'black', v) })].join('\t'),
        ),
      );
      // Shuffled: each connection's next game is anyone's.
      for (let i = lines.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      }
      writeFileSync(join(dir, 'targets.tsv'), `${lines.join('\n')}\n`);
    } finally {
      await database.close();
    }
    // The orders as stored, for pgbench: made in the scratch database itself.
    const { connection, env } = pgbenchArgs();
    const psql = spawnSync(
      'psql',
      [
        ...connection,
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-d',
        name,
        '-c',
        `create table bench_targets as select row_number() over (order by s.game_id)::int as n, s.game_id, s.seat_id, seats.token_hash, s.orders::text as orders, s.text from submissions s join seats on seats.id = s.seat_id where s.superseded_at is null; create unique index on bench_targets (n); alter table bench_targets add column digest text; update bench_targets set digest = ${seatsDigest('bench_targets.game_id')}; analyze;`,
      ],
      { encoding: 'utf8', env },
    );
    if (psql.status !== 0) throw new Error(`could not make bench_targets: ${psql.stderr}`);
    writeFileSync(join(dir, 'own.sql'), ownStatementsScript());
    writeFileSync(join(dir, 'wrk.lua'), WRK_SCRIPT);
    const pgbenchDb = await createScratchDatabase('pgbench');
    const init = spawnSync('pgbench', [...connection, '-i', '-s', '10', '-q', pgbenchDb], { encoding: 'utf8', env });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);

    // The service and pgbench both reach PostgreSQL over its Unix socket, or both over TCP.
    const serviceUrl = serviceUrlOf(name);
    // BENCH_PROFILE=<folder>: the one-web-process service writes V8 CPU profiles there (one a process, at its stop).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const one = await startService(serviceUrl, { web: 1, workers: 0, mail: 0 }, { nodeOptions: profile });
    served.push(one);
    const two = await startService(serviceUrl, { web: 2, workers: 0, mail: 0 });
    served.push(two);
    // The same, each web process held to CORE_CAP of a core, where this machine can (bench/core-cap.ts).
    const capped =
      CORE_CAP > 0 && capUnavailable === null
        ? await Promise.all(
            [1, 2].map(async (web) => {
              const s = await startService(serviceUrl, { web, workers: 0, mail: 0 }, { coreCap: CORE_CAP });
              served.push(s);
              return s;
            }),
          )
        : null;
    const bare = await startBare(answer);
    served.push(bare);
    const floor = await startBare(answer, serviceUrl);
    served.push(floor);

    const script = join(dir, 'wrk.lua');
    const targets = join(dir, 'targets.tsv');
    const measures: Array<[string, () => Window]> = [
      ['service, 1 web process', () => wrk(one, SECONDS, CONNECTIONS, script, targets)],
      [
        'pgbench, the submission\u2019s own statements',
        () => pgbench(name, ['-M', 'prepared', '-f', join(dir, 'own.sql')]),
      ],
      ['service, 2 web processes', () => wrk(two, SECONDS, CONNECTIONS, script, targets)],
      ...(capped
        ? ([
            [CAPPED_ONE, () => wrk(capped[0]!, SECONDS, CONNECTIONS, script, targets)],
            [CAPPED_TWO, () => wrk(capped[1]!, SECONDS, CONNECTIONS, script, targets)],
          ] as Array<[string, () => Window]>)
        : []),
      ['bare Express, same middleware', () => wrk(bare, SECONDS, CONNECTIONS, script, targets)],
      [FLOOR, () => wrk(floor, SECONDS, CONNECTIONS, script, targets)],
      ['pgbench -N (simple update)', () => pgbench(pgbenchDb, ['-N', '-M', 'prepared'])],
    ];
    console.log(
      `\nOrder submissions over HTTP (wrk, ${CONNECTIONS} connections) and their references, ${ROUNDS} rounds of ${SECONDS} s windows, interleaved; PostgreSQL reached ${SOCKET ? `over its Unix socket in ${SOCKET}` : 'over TCP'} by the service and pgbench alike`,
    );
    // Each server warmed up first, unmeasured (V8 compiles the hot code in its first seconds of load; a process held
    // to a share of a core takes longer to, its compiler threads sharing that share).
    for (const s of [one, two, ...(capped ?? []), bare, floor]) wrk(s, WARM_UP_SECONDS, CONNECTIONS, script, targets);
    const windows = new Map<string, Window[]>(measures.map(([label]) => [label, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [label, measure] of measures) {
        const before = load();
        const w = measure();
        windows.get(label)!.push(w);
        report(
          `round ${round}: ${label}`,
          `${fmt(w.rate).padStart(7)} /s${w.cpuPerCall === undefined ? '' : `   ${fmt(w.cpuPerCall, 2)} ms CPU a request (${fmt(w.mainCpuPerCall ?? NaN, 2)} main thread)`}   load ${before} → ${load()}${w.note ? `   (${w.note})` : ''}`,
          52,
        );
      }
    }
    const med = (label: string) => median(windows.get(label)!.map((w) => w.rate));
    const medCpu = (label: string) => median(windows.get(label)!.map((w) => w.cpuPerCall ?? NaN));
    const medMain = (label: string) => median(windows.get(label)!.map((w) => w.mainCpuPerCall ?? NaN));
    const cpuOf = (label: string) =>
      `${fmt(medCpu(label), 2)} ms of CPU a submission, ${fmt(medMain(label), 2)} ms of it on the main thread`;
    const svc1 = med('service, 1 web process');
    const svc2 = med('service, 2 web processes');
    const own = med('pgbench, the submission\u2019s own statements');
    const bareRate = med('bare Express, same middleware');
    const floorRate = med(FLOOR);
    const n = med('pgbench -N (simple update)');
    console.log(`\nMedians (${cpus().length} cores, load average now ${load()})`);
    report(
      'service, 1 web process: submissions/s',
      `${fmt(svc1)}   (${cpuOf('service, 1 web process')}; target ≤ 1 ms)`,
      52,
    );
    report('service, 2 web processes: submissions/s', `${fmt(svc2)}   (${cpuOf('service, 2 web processes')})`, 52);
    report('pgbench of the submission\u2019s own statements: TPS', fmt(own), 52);
    report(
      'bare Express, same middleware: requests/s',
      `${fmt(bareRate)}   (${fmt(medCpu('bare Express, same middleware'), 2)} ms CPU a request)`,
      52,
    );
    report(
      'the same + its statements by node-postgres: req/s',
      `${fmt(floorRate)}   (${fmt(medCpu(FLOOR), 2)} ms CPU a request, ${fmt(medMain(FLOOR), 2)} main thread)`,
      52,
    );
    report('pgbench -N: TPS', fmt(n), 52);
    console.log('\nRatios (same windows)');
    report('1 web process / pgbench of its own statements', `${fmt((100 * svc1) / own, 1)} %   (target ≥ 50 %)`, 52);
    report('2 web processes / 1 web process', `${fmt(svc2 / svc1, 2)}×   (target ≥ 1.7×)`, 52);
    if (capped)
      report(
        `the same, each held to ${fmt(CORE_CAP, 2)} of a core`,
        `${fmt(med(CAPPED_TWO) / med(CAPPED_ONE), 2)}×   (${fmt(med(CAPPED_ONE))}/s → ${fmt(med(CAPPED_TWO))}/s; target ≥ 1.7×)`,
        52,
      );
    else
      console.log(
        `  (no figures with each process held to a share of a core: ${capUnavailable ?? 'BENCH_CORE_CAP=0'})`,
      );
    report('1 web process / bare Express', `${fmt((100 * svc1) / bareRate, 1)} %`, 52);
    report(
      'that floor / pgbench of the same statements',
      `${fmt((100 * floorRate) / own, 1)} %   (the floor of the first ratio on this machine)`,
      52,
    );
    report('1 web process / that floor', `${fmt((100 * svc1) / floorRate, 1)} %`, 52);
    report('1 web process / pgbench -N', `${fmt((100 * svc1) / n, 1)} %`, 52);
  } finally {
    await Promise.all(served.map((s) => s.stop()));
    // BENCH_KEEP=1 leaves the scratch databases and the load's files (targets.tsv, wrk.lua, own.sql), e.g. to profile
    // a web process under the same load.
    if (process.env.BENCH_KEEP) console.log(`(kept: ${dir})`);
    else {
      rmSync(dir, { recursive: true, force: true });
      await dropAll();
    }
  }
}

await main();
