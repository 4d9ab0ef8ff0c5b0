/**
 * `npm run bench:scale`, part 5: what 1, 2 and 4 processes of each role do (`msc serve --web/--workers/--mail N`), on
 * this machine, against one PostgreSQL database:
 *
 *   - web: order submissions per second over HTTP (wrk, 32 connections, one seat per game);
 *   - workers: due turns resolved per second (ROLE_TURNS turns of duels with both seats' orders in, falling due at
 *     once; the database copied from one template for each run);
 *   - mail: order mails handled per second (ROLE_MAILS mails over 8 connections to the SMTP receiver), from the first
 *     sent until every one is recorded and every answer sent by the outbox senders (to the local mailbox): a mail
 *     process's whole work, so that what one process leaves for after the window is not missing from its CPU.
 *
 * The service reaches a PostgreSQL on this machine over its Unix socket, as docs/deployment.md advises
 * (BENCH_PGHOST=tcp: over TCP; bench/support.ts benchSocket).
 *
 * The counts are measured in rounds (1, 2, 4, 1, 2, 4 …), interleaved, and each figure is the median of its rounds,
 * printed beside the load average and as a ratio to one process. Each count is measured twice: as it runs, and with
 * each process held to BENCH_CORE_CAP (0.25) of a core by a cgroup of its own, where the machine allows it (root):
 * on a machine with fewer cores than processes, only the second says whether a process adds what the one before it
 * did (bench/core-cap.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { turns } from '../src/db/schema.ts';
import { migrate } from '../src/db/migrate.ts';
import { TURN_DUE_CHANNEL } from '../src/games/context.ts';
import {
  createDuels,
  duelOrders,
  inParallel,
  liveGamesContext,
  submitDuelOrders,
  TEST_MAIL_DOMAIN,
  type Duel,
} from '../test/support/games.ts';
import { waitUntil } from '../test/support/worker-processes.ts';
import {
  cpuMsOf,
  haveTool,
  load,
  mainThreadCpuMsOf,
  median,
  startService,
  wrk,
  WRK_SCRIPT,
  type Window,
} from './processes.ts';
import { coreCapAvailable } from './core-cap.ts';
import { createScratchDatabase, fmt, report, serviceUrlOf, urlOf } from './support.ts';

/** BENCH_COUNTS=1,2: those numbers of processes alone. */
const COUNTS = (process.env.BENCH_COUNTS ?? '1,2,4').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const TURNS = Number(process.env.ROLE_TURNS ?? 600);
const MAILS = Number(process.env.ROLE_MAILS ?? 300);
const GAMES = 512;
/**
 * Each window's processes are warmed up first, unmeasured: web by WARM_UP_SECONDS of the same load, workers on
 * WARM_UP_TURNS turns, mail on WARM_UP_MAILS mails (V8 compiles the hot code in a process's first seconds of load, and
 * a process held to a share of a core takes longer to: its compiler threads share that share).
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 4);
const WARM_UP_TURNS = Math.ceil(TURNS / 6);
const WARM_UP_MAILS = Math.ceil(MAILS / 6);
/** BENCH_ROLES=workers (a comma-separated list): those roles alone. */
const ROLES = new Set((process.env.BENCH_ROLES ?? 'web,workers,mail').split(',').map((r) => r.trim()));
/** BENCH_PROFILE=<folder>: the one-worker service writes V8 CPU profiles there (one a process, at its stop). */
const PROFILE = process.env.BENCH_PROFILE;
/**
 * BENCH_BASELINE=<checkout>: that checkout's build (its bin/msc.js, built) runs the workers too, in the same rounds,
 * each count right after this one's: a change weighed against the code before it in the same window.
 */
const BASELINE = process.env.BENCH_BASELINE ? join(process.env.BENCH_BASELINE, 'bin', 'msc.js') : undefined;
/**
 * BENCH_CORE_CAP (default 0.25; 0: none): every count measured once more with each process held to that share of a
 * core by a cgroup of its own, so that more processes have the cores this machine lacks (why: bench/core-cap.ts).
 */
const CORE_CAP = Number(process.env.BENCH_CORE_CAP ?? 0.25);
const capUnavailable = coreCapAvailable();

type Role = 'web' | 'workers' | 'mail';
const only = (role: Role, n: number) => ({ web: 0, workers: 0, mail: 0, [role]: n });

/** A migrated scratch database with `games` duels; `both`: both seats' orders in, turns not yet due. */
async function duelsDatabase(label: string, games: number, both: boolean): Promise<{ name: string; duels: Duel[] }> {
  const name = await createScratchDatabase(label);
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
  try {
    await migrate(database);
    const ctx = liveGamesContext(database);
    const duels = await createDuels(ctx, games, { prefix: 'role', concurrency: 16 });
    if (both) {
      await inParallel(duels, 16, (d, i) => submitDuelOrders(ctx, d, 'black', i));
      await inParallel(duels, 16, (d, i) => submitDuelOrders(ctx, d, 'grey', i));
      await database.db.update(turns).set({ dueAt: null }).where(eq(turns.status, 'open'));
    }
    return { name, duels };
  } finally {
    await database.close();
  }
}

/** How a window runs the service: another build's msc, each process held to a share of a core. */
interface Variant {
  readonly label: string;
  readonly msc?: string;
  readonly coreCap?: number;
}

async function webWindow(
  databaseUrl: string,
  n: number,
  script: string,
  targets: string,
  { msc, coreCap }: Variant,
): Promise<Window> {
  const service = await startService(databaseUrl, only('web', n), { msc, coreCap });
  try {
    wrk(service, WARM_UP_SECONDS, 32, script, targets);
    return wrk(service, SECONDS, 32, script, targets);
  } finally {
    await service.stop();
  }
}

/** The machine's CPU time so far, all cores (ms): busy and idle (with I/O wait), from /proc/stat. */
function machineCpu(): { busy: number; idle: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (all - idle) * 10, idle: idle * 10 };
}

async function workersWindow(template: string, n: number, { msc, coreCap }: Variant): Promise<Window> {
  const name = await createScratchDatabase(`role_turns_${n}`, template);
  const profile =
    PROFILE && n === 1 && coreCap === undefined
      ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE, msc ? 'baseline' : 'this')}`]
      : [];
  const service = await startService(serviceUrlOf(name), only('workers', n), {
    env: { POLL_INTERVAL_MS: '60000' },
    nodeOptions: profile,
    msc,
    coreCap,
  });
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    // The PostgreSQL backends serving this database (the workers' pools; this client's is left out): their CPU time
    // beside the workers' own. The server's shared processes (WAL writer, checkpointer) are not counted.
    const backends = async () =>
      (
        await client.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        )
      ).rows.map((r) => r.pid);
    const resolved = async () =>
      Number((await client.query(`select count(*) from turns where number = 1 and status = 'resolved'`)).rows[0].count);
    // Warmed up, unmeasured, on WARM_UP_TURNS of the turns.
    await client.query(
      `update turns set due_at = now() where number = 1 and game_id in (select game_id from turns where status = 'open' and number = 1 order by game_id limit $1)`,
      [WARM_UP_TURNS],
    );
    await client.query(`select pg_notify($1, '')`, [TURN_DUE_CHANNEL]);
    await waitUntil(`${WARM_UP_TURNS} turns resolved`, async () => (await resolved()) >= WARM_UP_TURNS, 600_000, 20);
    const pids = service.pids();
    const main0 = pids.map(mainThreadCpuMsOf);
    const db0 = new Map((await backends()).map((pid) => [pid, cpuMsOf(pid)]));
    const cpu0 = service.cpuMs();
    const machine0 = machineCpu();
    const t0 = performance.now();
    await client.query(`update turns set due_at = now() where status = 'open' and number = 1`);
    await client.query(`select pg_notify($1, '')`, [TURN_DUE_CHANNEL]);
    await waitUntil(`${TURNS} turns resolved`, async () => (await resolved()) >= WARM_UP_TURNS + TURNS, 600_000, 20);
    const seconds = (performance.now() - t0) / 1000;
    const rate = TURNS / seconds;
    const cpu = service.cpuMs() - cpu0;
    const machine1 = machineCpu();
    const mainCpu = pids.map(mainThreadCpuMsOf).reduce((a, b, i) => a + b - main0[i]!, 0);
    const dbCpu = (await backends()).reduce((sum, pid) => sum + cpuMsOf(pid) - (db0.get(pid) ?? 0), 0);
    // Where the cores went meanwhile: the workers, their PostgreSQL backends, and everything else on the machine.
    const cores = (ms: number) => fmt(ms / 1000 / seconds, 2);
    const busy = machine1.busy - machine0.busy;
    const note = `cores busy ${cores(busy)} of ${cores(busy + machine1.idle - machine0.idle)}: workers ${cores(cpu)}, PostgreSQL backends ${cores(dbCpu)}, the rest ${cores(busy - cpu - dbCpu)}`;
    return { rate, cpuPerCall: cpu / TURNS, mainCpuPerCall: mainCpu / TURNS, postgresCpuPerCall: dbCpu / TURNS, note };
  } finally {
    await client.end();
    await service.stop();
  }
}

async function mailWindow(
  template: string,
  duels: readonly Duel[],
  n: number,
  { msc, coreCap }: Variant,
): Promise<Window> {
  const name = await createScratchDatabase(`role_mail_${n}`, template);
  const service = await startService(serviceUrlOf(name), only('mail', n), { msc, coreCap });
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: service.smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 8,
  });
  const send = (some: readonly Duel[], from: number) =>
    inParallel(some, 8, async (d, i) => {
      await transport.sendMail({
        from: `black${from + i + 1}@${TEST_MAIL_DOMAIN}`,
        to: `orders+${d.tokens.black}@${TEST_MAIL_DOMAIN}`,
        subject: `orders for ${d.gameId}`,
        text: duelOrders(d.gameId, 'black', from + i),
      });
    });
  // Mails recorded, and answers (and any other mail) not yet sent.
  const recorded = async () => Number((await client.query(`select count(*) from inbound_messages`)).rows[0].count);
  const unsent = async () =>
    Number((await client.query(`select count(*) from outbox where status = 'pending'`)).rows[0].count);
  const handled = async (mails: number) => (await recorded()) >= mails && (await unsent()) === 0;
  try {
    // Warmed up, unmeasured, on the first WARM_UP_MAILS duels.
    await send(duels.slice(0, WARM_UP_MAILS), 0);
    await waitUntil(`${WARM_UP_MAILS} mails handled`, () => handled(WARM_UP_MAILS), 600_000, 20);
    const cpu0 = service.cpuMs();
    const t0 = performance.now();
    await send(duels.slice(WARM_UP_MAILS, WARM_UP_MAILS + MAILS), WARM_UP_MAILS);
    await waitUntil(`${MAILS} mails handled`, () => handled(WARM_UP_MAILS + MAILS), 600_000, 20);
    return { rate: MAILS / ((performance.now() - t0) / 1000), cpuPerCall: (service.cpuMs() - cpu0) / MAILS };
  } finally {
    transport.close();
    await client.end();
    await service.stop();
  }
}

export async function benchRoles(): Promise<void> {
  if (!haveTool('wrk', 'wrk')) return;
  console.log(
    `\nProcesses of each role (msc serve --web/--workers/--mail N), ${ROUNDS} interleaved rounds of ${COUNTS.join(', ')}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'msc-bench-roles-'));
  try {
    const web = await duelsDatabase('role_web', GAMES, false);
    const lines = web.duels.flatMap((d) =>
      [0, 1, 2, 3, 4, 5].map((v) =>
        [d.gameId, d.tokens.black, JSON.stringify({ text: duelOrders(d.gameId, 'black', v) })].join('\t'),
      ),
    );
    writeFileSync(join(dir, 'targets.tsv'), `${lines.join('\n')}\n`);
    writeFileSync(join(dir, 'wrk.lua'), WRK_SCRIPT);
    const turns = await duelsDatabase('role_turns', WARM_UP_TURNS + TURNS, true);
    const mail = await duelsDatabase('role_mail', WARM_UP_MAILS + MAILS, false);

    type Measure = (n: number, variant: Variant) => Promise<Window>;
    const measures: Array<[Role, string, Measure]> = [
      [
        'web',
        'submissions/s',
        (n, v) => webWindow(serviceUrlOf(web.name), n, join(dir, 'wrk.lua'), join(dir, 'targets.tsv'), v),
      ],
      ['workers', 'turns/s', (n, v) => workersWindow(turns.name, n, v)],
      ['mail', 'mails/s', (n, v) => mailWindow(mail.name, mail.duels, n, v)],
    ];
    if (CORE_CAP > 0 && capUnavailable !== null)
      console.log(`(no figures with each process held to a share of a core: ${capUnavailable})`);
    for (const [role, unit, measure] of measures.filter(([role]) => ROLES.has(role))) {
      // Each count of this build; right after it, the same count with each process held to CORE_CAP of a core; and
      // the same count of the baseline build where one is given.
      const builds: Variant[] = [
        { label: '' },
        ...(CORE_CAP > 0 && capUnavailable === null
          ? [{ label: ` (${fmt(CORE_CAP, 2)} core each)`, coreCap: CORE_CAP }]
          : []),
        ...(BASELINE && role === 'workers' ? [{ label: ' (baseline)', msc: BASELINE }] : []),
      ];
      const windows = new Map<string, Window[]>();
      for (let round = 1; round <= ROUNDS; round++)
        for (const n of COUNTS)
          for (const build of builds) {
            const key = `${role}${build.label} ×${n}`;
            const before = load();
            const w = await measure(n, build);
            windows.set(key, [...(windows.get(key) ?? []), w]);
            report(
              `${key}, round ${round}: ${unit}`,
              `${fmt(w.rate).padStart(7)}   ${fmt(w.cpuPerCall ?? NaN, 2)} ms CPU each${w.mainCpuPerCall === undefined ? '' : ` (${fmt(w.mainCpuPerCall, 2)} main thread)`}${w.postgresCpuPerCall === undefined ? '' : `, PostgreSQL ${fmt(w.postgresCpuPerCall, 2)}`}   load ${before} → ${load()}${w.note ? `   (${w.note})` : ''}`,
              52,
            );
          }
      for (const build of builds) {
        const one = median(windows.get(`${role}${build.label} ×1`)?.map((w) => w.rate) ?? []);
        for (const n of COUNTS) {
          const key = `${role}${build.label} ×${n}`;
          const rate = median(windows.get(key)!.map((w) => w.rate));
          const cpuOf = (pick: (w: Window) => number | undefined) => {
            const xs = windows.get(key)!.map(pick);
            return xs.some((x) => x === undefined) ? null : median(xs as number[]);
          };
          const [cpu, main, postgres] = [
            cpuOf((w) => w.cpuPerCall),
            cpuOf((w) => w.mainCpuPerCall),
            cpuOf((w) => w.postgresCpuPerCall),
          ];
          const costs = [
            cpu === null ? null : `${fmt(cpu, 2)} ms CPU each`,
            main === null ? null : `${fmt(main, 2)} main thread`,
            postgres === null ? null : `PostgreSQL ${fmt(postgres, 2)}`,
          ].filter((c) => c !== null);
          report(
            `${key}: ${unit}, median`,
            `${fmt(rate).padStart(7)}   (${fmt(rate / one, 2)}× one process)${costs.length > 0 ? `   ${costs.join(', ')}` : ''}`,
            52,
          );
        }
      }
      if (builds.some((b) => b.msc !== undefined))
        for (const n of COUNTS) {
          const med = (key: string, pick: (w: Window) => number | undefined) =>
            median(windows.get(key)!.map((w) => pick(w) ?? NaN));
          const [mine, base] = [`${role} ×${n}`, `${role} (baseline) ×${n}`];
          report(
            `${role} ×${n}, this build : baseline`,
            `${fmt(med(mine, (w) => w.rate) / med(base, (w) => w.rate), 2)}× the rate, ${fmt(med(mine, (w) => w.cpuPerCall) / med(base, (w) => w.cpuPerCall), 2)}× the CPU a turn (${fmt(med(mine, (w) => w.mainCpuPerCall) / med(base, (w) => w.mainCpuPerCall), 2)}× main thread, ${fmt(med(mine, (w) => w.postgresCpuPerCall) / med(base, (w) => w.postgresCpuPerCall), 2)}× PostgreSQL)`,
            52,
          );
        }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
