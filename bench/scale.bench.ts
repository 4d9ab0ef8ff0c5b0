/**
 * `npm run bench:scale`: what the number of games and the length of a game cost the service, on real PostgreSQL.
 * Prints figures; asserts nothing.
 *
 *   1. An idle poll (the turn worker's pass: no turn due, no reminder due) with 100 and with 10,000 active games:
 *      wall time, this process's CPU time, and the turn rows it locked or wrote (their xmin/xmax before and after).
 *   2. The service's resident memory (`msc serve`: VmRSS, and its peak VmHWM) idling with its worker polling every
 *      100 ms, and the share of a core it uses idling at its default poll over 10 s (from 30 s after it listens), on
 *      10,000 games vs on 100.
 *   3. 1,000 of the 10,000 turns falling due at one deadline: turns resolved per second by one worker process,
 *      beside the machine's own `pgbench -N` TPS measured in the same run.
 *   4. A turn's cost at turn 2 and at turn 80 of a game with 30 ships a side (no orders sent: every ship follows the
 *      no-orders policy), resolved in this process: wall and CPU time; and the size of the report each seat is sent
 *      then.
 *   5. Throughput with 1, 2 and 4 processes of each role — web, workers, mail — as `msc serve --web/--workers/--mail
 *      N` runs them (bench/roles.ts; BENCH_ONLY=roles runs this part alone, BENCH_ONLY=idle parts 1 and 2).
 *
 * The games of 1–3 are copies of one tutorial duel made with the use cases, written by INSERT … SELECT
 * (test/support/bulk-games.ts). The PostgreSQL server is TEST_DATABASE_URL's (default
 * postgres://postgres@127.0.0.1:5432/postgres); every database made here is dropped at the end. BENCH_GAMES (default
 * 10000), BENCH_DUE (default 1000) and BENCH_TURNS (default 80) change the sizes.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { HOUR } from '../src/games/clock.ts';
import { TURN_DUE_CHANNEL, type GamesContext } from '../src/games/context.ts';
import { createGame } from '../src/games/games/create.ts';
import { submitFleet } from '../src/games/seats/setup.ts';
import { resolveNextDueTurn, sendDueReminders } from '../src/games/turns/resolution.ts';
import { TurnWorker } from '../src/games/turns/worker.ts';
import { formatHex } from '../src/rules/hex.ts';
import { cloneGame } from '../test/support/bulk-games.ts';
import { benchRoles } from './roles.ts';
import {
  gamesContext,
  liveGamesContext,
  TEST_MAIL_DOMAIN,
  TEST_SECRET_KEY,
  tutorialDuel,
} from '../test/support/games.ts';
import { startWorkerProcess, waitUntil } from '../test/support/worker-processes.ts';
import {
  createScratchDatabase,
  dropAll,
  fmt,
  pgbenchTps,
  postgresReady,
  report as printFigure,
  urlOf,
} from './support.ts';

const MSC = fileURLToPath(new URL('../bin/msc.js', import.meta.url));
const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const FEW_GAMES = 100;
const DUE = Number(process.env.BENCH_DUE ?? 1_000);
const LONG_TURN = Number(process.env.BENCH_TURNS ?? 80);
const SHIPS = 30;
const IDLE_POLLS = 50;
const IDLE_SETTLE_MS = 30_000;
const PGBENCH_SECONDS = 10;

// ---------------------------------------------------------------- databases

/** A new migrated database, open; dropped by dropAll(). */
async function createDatabase(label: string): Promise<{ name: string; database: Database }> {
  const name = await createScratchDatabase(label);
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
  await migrate(database);
  return { name, database };
}

// ---------------------------------------------------------------- figures

const report = (label: string, value: string) => printFigure(label, value, 52);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

// ---------------------------------------------------------------- games

/** `count` active tutorial duels, turn 1 open with its 72 h deadline (system clock): nothing due for 48 h. */
async function activeGames(label: string, count: number): Promise<{ name: string; database: Database }> {
  const made = await createDatabase(label);
  const ctx = liveGamesContext(made.database);
  const t0 = performance.now();
  const { game } = await tutorialDuel(ctx, { id: `${label}-0` });
  await cloneGame(made.database.db, game.id, count - 1, label);
  await made.database.db.execute(sql`analyze`);
  console.log(`  (${fmt(count)} active games written in ${fmt((performance.now() - t0) / 1000, 1)} s)`);
  return made;
}

// ---------------------------------------------------------------- 1. idle poll

async function rowVersions(database: Database): Promise<Map<string, string>> {
  const rows = await database.db.execute<{ k: string; v: string }>(
    sql`select game_id || ' ' || number as k, xmin::text || '/' || xmax::text as v from turns`,
  );
  return new Map(rows.rows.map((r) => [r.k, r.v]));
}

interface IdlePoll {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly rowsTouched: number;
}

/** The worker's pass as its poller runs it (drain the due turns, then the reminders), with nothing due. */
async function idlePoll(database: Database): Promise<IdlePoll> {
  const ctx = liveGamesContext(database);
  const worker = new TurnWorker(ctx, database, { pollMs: 60_000 });
  const pass = async () => {
    await worker.drain();
    await sendDueReminders(ctx);
  };
  for (let i = 0; i < 5; i++) await pass();
  const before = await rowVersions(database);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < IDLE_POLLS; i++) await pass();
  const wallMs = (performance.now() - t0) / IDLE_POLLS;
  const cpu = cpuMs(process.cpuUsage(cpu0)) / IDLE_POLLS;
  const after = await rowVersions(database);
  const rowsTouched = [...after].filter(([k, v]) => before.get(k) !== v).length;
  return { wallMs, cpuMs: cpu, rowsTouched };
}

// ---------------------------------------------------------------- 2. memory

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** The CPU time a process has used so far (ms), from /proc/PID/stat (utime + stime, in clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  // After the command's name: state is field 3, utime field 14 and stime field 15 (proc(5)).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * `msc serve` on the database, idling: its memory after `seconds`, and the share of one core it used over them (after
 * its first second). `pollMs` (POLL_INTERVAL_MS) unset: its default (2 s).
 */
async function serviceIdling(
  name: string,
  seconds: number,
  pollMs?: number,
): Promise<{ rss: number; hwm: number; cpuPercent: number }> {
  const child = spawn(process.execPath, [MSC, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: urlOf(name),
      HOST: '127.0.0.1',
      PORT: '0',
      MAIL_RECEIVE_PORT: '0',
      WORKERS: '1',
      ...(pollMs === undefined ? {} : { POLL_INTERVAL_MS: String(pollMs) }),
      SECRET_KEY: TEST_SECRET_KEY,
      MAIL_DOMAIN: TEST_MAIL_DOMAIN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // It says where it listens on standard error (standard output is for answers); its log goes there too.
  let errText = '';
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`msc serve was not listening after 120 s:\n${errText}`)),
        120_000,
      );
      timer.unref();
      createInterface({ input: child.stderr }).on('line', (line) => {
        errText = `${errText}${line}\n`.slice(-5_000);
        if (line.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`msc serve exited before it was listening:\n${errText}`)));
    });
    // Settled first: its start (loading, the first passes, V8 compiling the hot code, the collection of the start's
    // garbage: 1–2 % of a core for ~20 s, measured) is not idling.
    await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
    const cpu0 = cpuOf(child.pid!);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const cpuPercent = (100 * (cpuOf(child.pid!) - cpu0)) / (performance.now() - t0);
    return { ...memoryOf(child.pid!), cpuPercent };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}

// ---------------------------------------------------------------- 3. turns due at one deadline

async function dueAtOneDeadline(name: string): Promise<{ rate: number; cpuPerTurn: number | null }> {
  let resolved = 0;
  const worker = startWorkerProcess(urlOf(name), {
    workers: 1,
    pollMs: 1_000,
    onResolved: () => {
      resolved++;
    },
  });
  try {
    await worker.ready;
    const client = new pg.Client({ connectionString: urlOf(name) });
    await client.connect();
    const t0 = performance.now();
    await client.query('begin');
    await client.query(
      `update turns set deadline = now() where status = 'open' and game_id in
         (select game_id from turns where status = 'open' order by game_id limit $1)`,
      [DUE],
    );
    await client.query(`select pg_notify($1, '')`, [TURN_DUE_CHANNEL]);
    await client.query('commit');
    await client.end();
    await waitUntil(`${DUE} turns resolved`, () => resolved >= DUE, 600_000, 5);
    const rate = DUE / ((performance.now() - t0) / 1000);
    await worker.stop();
    const cpu = worker.busyCpuMs();
    return { rate, cpuPerTurn: cpu === null ? null : cpu / DUE };
  } finally {
    await worker.stop();
  }
}

const benchPgbench = () => pgbenchTps(PGBENCH_SECONDS);

// ---------------------------------------------------------------- 4. a long game

/** A ship of 10 BP (ENGINE 3, SHIELDS 3, TO-HIT 2, one forward weapon): 30 of them fill a 300 BP budget. */
function fleet(prefix: string, col: number, facing: 'NE' | 'SW') {
  return {
    ships: Array.from({ length: SHIPS }, (_, i) => ({
      id: `${prefix}${i + 1}`,
      engine: 3,
      shields: 3,
      toHit: 2,
      weapons: ['F'],
      hex: formatHex({ col: col + (i % 3), row: 1 + Math.floor(i / 3) * 2 }),
      facing,
    })),
  };
}

/** A custom battle of 30 ships a side on a 40×40 map, turn 1 open. */
async function longGame(ctx: GamesContext, id: string): Promise<string> {
  const created = await createGame(ctx, {
    id,
    name: 'Thirty a side',
    settings: {
      map: { width: 40, height: 40 },
      sides: [
        { id: 'black', name: 'Black' },
        { id: 'grey', name: 'Grey' },
      ],
      budget: SHIPS * 10,
      sizes: [10, 15, 20],
      turnHours: 72,
    },
    seats: [
      { side: 'black', email: `black@${TEST_MAIL_DOMAIN}`, name: 'Black player' },
      { side: 'grey', email: `grey@${TEST_MAIL_DOMAIN}`, name: 'Grey player' },
    ],
  });
  const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
  await submitFleet(ctx, id, token('black'), fleet('B', 2, 'NE'));
  await submitFleet(ctx, id, token('grey'), fleet('G', 36, 'SW'));
  return id;
}

interface TurnCost {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Plays `games` long games to turn LONG_TURN, each turn at its deadline; the cost of resolving each turn. */
async function turnCosts(database: Database, games: number): Promise<Map<number, TurnCost[]>> {
  const ctx = gamesContext(database);
  const ids: string[] = [];
  for (let g = 0; g < games; g++) ids.push(await longGame(ctx, `long-${g + 1}`));
  const costs = new Map<number, TurnCost[]>();
  for (let turn = 1; turn <= LONG_TURN; turn++) {
    ctx.clock.advanceBy(72 * HOUR);
    for (const id of ids) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await resolveNextDueTurn(ctx, id);
      const cost = { wallMs: performance.now() - t0, cpuMs: cpuMs(process.cpuUsage(cpu0)) };
      if (!r || r.turn !== turn) throw new Error(`${id}: turn ${turn} did not resolve (${JSON.stringify(r)})`);
      if (r.gameOver && turn < LONG_TURN) throw new Error(`${id} ended at turn ${turn}, before turn ${LONG_TURN}`);
      costs.set(turn, [...(costs.get(turn) ?? []), cost]);
    }
  }
  return costs;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (!(await postgresReady('scale'))) return;
  try {
    // BENCH_ONLY=roles: part 5 alone; BENCH_ONLY=idle: parts 1 and 2 alone.
    if (process.env.BENCH_ONLY !== 'roles') await partsOneToFour();
    if (process.env.BENCH_ONLY !== 'idle') await benchRoles();
  } finally {
    await dropAll();
  }
}

async function partsOneToFour(): Promise<void> {
  {
    console.log('\nGames written directly in the database');
    const few = await activeGames('few', FEW_GAMES);
    const many = await activeGames('many', GAMES);

    console.log(`\nAn idle poll (no turn due, no reminder due; mean of ${IDLE_POLLS})`);
    const idleFew = await idlePoll(few.database);
    const idleMany = await idlePoll(many.database);
    for (const [n, p] of [
      [FEW_GAMES, idleFew],
      [GAMES, idleMany],
    ] as const) {
      report(
        `${fmt(n)} games: wall / Node CPU a poll`,
        `${fmt(p.wallMs, 2)} ms / ${fmt(p.cpuMs, 2)} ms   (turn rows locked or written: ${fmt(p.rowsTouched)})`,
      );
    }
    report(
      `ratio ${fmt(GAMES)} : ${fmt(FEW_GAMES)} games (wall, CPU)`,
      `${fmt(idleMany.wallMs / idleFew.wallMs, 2)}×, ${fmt(idleMany.cpuMs / idleFew.cpuMs, 2)}×`,
    );
    await few.database.close();
    await many.database.close();

    console.log('\nThe service (msc serve) idling: its worker polling every 100 ms (memory), at its default (CPU)');
    const memFew = await serviceIdling(few.name, 4, 100);
    const memMany = await serviceIdling(many.name, 4, 100);
    const servedFew = await serviceIdling(few.name, 10);
    const servedMany = await serviceIdling(many.name, 10);
    report(`${fmt(FEW_GAMES)} games: RSS (peak)`, `${fmt(memFew.rss, 1)} MB (${fmt(memFew.hwm, 1)} MB)`);
    report(`${fmt(GAMES)} games: RSS (peak)`, `${fmt(memMany.rss, 1)} MB (${fmt(memMany.hwm, 1)} MB)`);
    report(
      `CPU over 10 s, ${fmt(FEW_GAMES)} / ${fmt(GAMES)} games`,
      `${fmt(servedFew.cpuPercent, 2)} % / ${fmt(servedMany.cpuPercent, 2)} % of a core   (target < 1 %; polling every 100 ms: ${fmt(memFew.cpuPercent, 1)} % / ${fmt(memMany.cpuPercent, 1)} %)`,
    );
    report(
      `ratio ${fmt(GAMES)} : ${fmt(FEW_GAMES)} games (RSS, peak)`,
      `${fmt(memMany.rss / memFew.rss, 2)}×, ${fmt(memMany.hwm / memFew.hwm, 2)}×`,
    );
    if (process.env.BENCH_ONLY === 'idle') return;

    console.log(`\n${fmt(DUE)} of the ${fmt(GAMES)} turns falling due at one deadline (1 worker process)`);
    const due = await dueAtOneDeadline(many.name);
    const tps = await benchPgbench();
    report(
      'turns/s',
      `${fmt(due.rate)}   (worker CPU ${due.cpuPerTurn === null ? '?' : fmt(due.cpuPerTurn, 1)} ms a turn)`,
    );
    report(
      `pgbench -N -c 8 -j 2 -T ${PGBENCH_SECONDS} (simple-update), TPS`,
      tps === null ? 'not measured' : `${fmt(tps)}   (turns/s : TPS = ${fmt(due.rate / tps, 3)})`,
    );

    console.log(
      `\nA turn of a game with ${SHIPS} ships a side, at turn 2 and at turn ${LONG_TURN} (median of 5 games)`,
    );
    const long = await createDatabase('long');
    const costs = await turnCosts(long.database, 5);
    // Resolving turn n queues the reports of turn n + 1: what a seat's report weighs after turn 2 and after the last.
    const reportSize = async (opened: number) => {
      const rows = await long.database.db.execute<{ size: number }>(sql`
        select max(length(text_body) + coalesce(length(html_body), 0))::int as size from outbox
        where game_id = 'long-1' and kind = 'turn-report' and subject like ${`%Turn ${opened} report%`}`);
      return rows.rows[0]?.size ?? NaN;
    };
    const [report3, reportLast] = [await reportSize(3), await reportSize(LONG_TURN + 1)];
    await long.database.close();
    const at = (turn: number) => ({
      wall: median(costs.get(turn)!.map((c) => c.wallMs)),
      cpu: median(costs.get(turn)!.map((c) => c.cpuMs)),
    });
    const t2 = at(2);
    const tLong = at(LONG_TURN);
    report('turn 2: wall / Node CPU', `${fmt(t2.wall, 1)} ms / ${fmt(t2.cpu, 1)} ms`);
    report(`turn ${LONG_TURN}: wall / Node CPU`, `${fmt(tLong.wall, 1)} ms / ${fmt(tLong.cpu, 1)} ms`);
    report(
      `ratio turn ${LONG_TURN} : turn 2 (wall, CPU)`,
      `${fmt(tLong.wall / t2.wall, 2)}×, ${fmt(tLong.cpu / t2.cpu, 2)}×`,
    );
    report(
      `a seat's report (text + HTML) after turn 2 / turn ${LONG_TURN}`,
      `${fmt(report3 / 1024)} KB / ${fmt(reportLast / 1024)} KB   (${fmt(reportLast / report3, 1)}×)`,
    );
  }
}

await main();
