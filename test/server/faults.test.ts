/**
 * The service against a database that fails under it (issue "Hardening"):
 * a connection cut by pg_terminate_backend in the middle of a resolution and
 * of a submission, PostgreSQL stopped and started again under load, frozen
 * with SIGSTOP, and a SIGTERM under load. Each runs `node bin/msc.js serve`
 * as a process of its own, against a PostgreSQL server started for this file
 * alone (test/support/pg-cluster.ts): the shared server is never touched.
 *
 * What is promised, and checked: the process survives every fault; a request
 * the database cannot serve is answered 503 with Retry-After, never 500 and
 * never a hang; /healthz answers within 2 s whatever the database does; once
 * the database is back everything works again and nothing accepted is lost;
 * a SIGTERM ends the process with code 0 within the 8 s it promises, with
 * every turn either resolved exactly once or not at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { games, outbox, submissions, turns } from '../../src/db/schema.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { startPgCluster } from '../support/pg-cluster.ts';
import {
  createDuels,
  duelOrders,
  inParallel,
  liveGamesContext,
  resolvedOnceProblems,
  submitDuelOrders,
  TEST_SECRET_KEY,
  turnWentOn,
  type Duel,
  type DuelSide,
} from '../support/games.ts';
import { waitUntil } from '../support/worker-processes.ts';
import { call, createDuel } from '../web/support.ts';
import { readDataDirHolder } from '../../src/db/lock.ts';
import nodemailer from 'nodemailer';

const MSC = fileURLToPath(new URL('../../bin/msc.js', import.meta.url));
const cluster = await startPgCluster();
afterAll(async () => {
  await cluster?.destroy();
});

/** What the shutdown promises (SHUTDOWN_TIMEOUT_MS's default): under Docker's 10 s. */
const SHUTDOWN_PROMISE_MS = 8_000;
/** What /healthz promises whatever the database does. */
const HEALTH_PROMISE_MS = 2_000;

interface Service {
  readonly url: string;
  readonly child: ChildProcess;
  /** Every JSON log line so far. */
  readonly logs: Array<Record<string, unknown>>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  alive(): boolean;
  stderr(): string;
}

const services: Service[] = [];
const opened: Database[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  await cluster?.restore();
  for (const s of services.splice(0)) {
    if (s.alive()) s.child.kill('SIGKILL');
    await s.exited;
  }
  for (const c of clients.splice(0)) await c.end().catch(() => undefined);
  for (const d of opened.splice(0)) await d.close().catch(() => undefined);
});

/** `msc serve` on `databaseUrl` (null: the embedded database in DATA_DIR), once it says where it listens. */
async function startService(databaseUrl: string | null, env: Record<string, string> = {}): Promise<Service> {
  const child = spawn(process.execPath, [MSC, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SECRET_KEY: TEST_SECRET_KEY,
      PORT: '0',
      MAIL_RECEIVE_PORT: '0',
      LOG_LEVEL: 'info',
      POLL_INTERVAL_MS: '200',
      RATE_LIMIT_ORDERS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  let stderr = '';
  let url: string | null = null;
  // The lines for people (where it listens) are on stderr; stdout holds only the JSON log.
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stderr }).on('line', (line) => {
    const listening = /^msc-pbem listening on (http:\/\/\S+) /.exec(line);
    if (listening) url = listening[1]!;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) logs.push({ ...(JSON.parse(line) as Record<string, unknown>), seenAt: Date.now() });
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const service = {
    get url() {
      return url!;
    },
    child,
    logs,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => stderr,
  };
  services.push(service);
  await waitUntil(
    'the service to listen',
    () => {
      if (!service.alive()) throw new Error(`the service exited before listening: ${stderr}`);
      return url !== null;
    },
    60_000,
  );
  return service;
}

/** A migrated database on the private server, with a games context of the test's own on it. */
async function freshDatabase(name: string): Promise<{ url: string; ctx: GamesContext }> {
  const url = await cluster!.createDatabase(`${name}_${Date.now()}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  opened.push(database);
  await migrate(database);
  return { url, ctx: liveGamesContext(database) };
}

/** A connection of the test's own that holds row locks in an open transaction. */
async function lockRows(url: string, statement: string, params: unknown[]): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'msc-test-lock' });
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  await client.query('begin');
  await client.query(statement, params);
  return client;
}

/** The service's backends (application_name msc) waiting on a lock in `database`. */
async function waitingBackends(database: string): Promise<number[]> {
  const rows = await cluster!.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = '${database}' and application_name = 'msc' and wait_event_type = 'Lock'`,
  );
  return rows.map((r) => r.pid);
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  code: string | null;
  /** The codes of the problems the error lists (e.g. WRONG_TURN in an ORDERS_REJECTED). */
  problems: string[];
}

async function request(url: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const began = Date.now();
  try {
    const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    let code: string | null = null;
    let problems: string[] = [];
    try {
      const error = (JSON.parse(text) as { error?: { code?: string; problems?: { code: string }[] } }).error;
      code = error?.code ?? null;
      problems = (error?.problems ?? []).map((p) => p.code);
    } catch {
      // Not JSON.
    }
    const retryAfter = response.headers.get('retry-after');
    return { status: response.status, ms: Date.now() - began, retryAfter, code, problems };
  } catch {
    return { status: 0, ms: Date.now() - began, retryAfter: null, code: null, problems: [] };
  }
}

function postOrders(url: string, duel: Duel, side: DuelSide): Promise<Answer> {
  return request(url, `/api/games/${duel.gameId}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${duel.tokens[side]}`, 'content-type': 'text/plain' },
    body: duelOrders(duel.gameId, side),
  });
}

/** The standing orders of one side of a game's turn 1. */
async function standing(ctx: GamesContext, gameId: string): Promise<number> {
  const rows = await ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.gameId, gameId), eq(submissions.turn, 1), isNull(submissions.supersededAt)));
  return rows.length;
}

/** Nothing of a resolution written: turn 1 open, no turn 2, the game at turn 1, no report mailed. */
async function untouchedProblems(ctx: GamesContext, gameId: string): Promise<string[]> {
  const rows = await ctx.db.select().from(turns).where(eq(turns.gameId, gameId));
  const [game] = await ctx.db.select().from(games).where(eq(games.id, gameId));
  const reports = await ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.gameId, gameId), eq(outbox.kind, 'turn-report')));
  const problems: string[] = [];
  // The turns of play: turn 0, the setup (a duel's is settled at creation), is left out.
  const shape = rows
    .filter((t) => t.number > 0)
    .map((t) => `${t.number}:${t.status}`)
    .join(' ');
  if (shape !== '1:open') problems.push(`${gameId}: turns are [${shape}], expected [1:open]`);
  if (game?.currentTurn !== 1) problems.push(`${gameId}: the game is at turn ${game?.currentTurn}`);
  if (reports.length > 0) problems.push(`${gameId}: ${reports.length} turn reports queued`);
  return problems;
}

/** A game either resolved exactly once, or not at all: nothing half written. */
async function wholeProblems(ctx: GamesContext, gameId: string): Promise<string[]> {
  const resolved = await resolvedOnceProblems(ctx.db, gameId);
  if (resolved.length === 0) return [];
  const untouched = await untouchedProblems(ctx, gameId);
  return untouched.length === 0 ? [] : [...resolved, ...untouched];
}

describe.skipIf(!cluster)('the service when its database fails (a PostgreSQL server of its own)', () => {
  it('survives pg_terminate_backend on a resolution waiting on a lock, and resolves the turn exactly once after', async () => {
    const { url, ctx } = await freshDatabase('kill_resolution');
    const [duel] = await createDuels(ctx, 1, { prefix: 'kr' });
    await submitDuelOrders(ctx, duel!, 'black');
    await submitDuelOrders(ctx, duel!, 'grey');
    // The game's row locked: the worker claims the due turn and then waits for the game.
    const lock = await lockRows(url, 'select id from games where id = $1 for update', [duel!.gameId]);
    const service = await startService(url);
    const db = databaseName(url);
    await waitUntil('the resolution to wait on the lock', async () => (await waitingBackends(db)).length > 0, 15_000);

    const [backend] = await waitingBackends(db);
    await cluster!.query(`select pg_terminate_backend(${backend})`);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(service.alive(), service.stderr()).toBe(true);
    expect(await untouchedProblems(ctx, duel!.gameId)).toEqual([]);

    await lock.query('commit');
    await waitUntil('the turn to resolve', async () => (await resolvedOnceProblems(ctx.db, duel!.gameId)).length === 0);
    expect((await request(service.url, '/healthz')).status).toBe(200);
    expect(service.alive()).toBe(true);
  });

  it('answers a submission whose connection is cut with 503 and Retry-After, stays up, and takes it when sent again', async () => {
    const { url, ctx } = await freshDatabase('kill_submission');
    const [duel] = await createDuels(ctx, 1, { prefix: 'ks' });
    const service = await startService(url);
    const lock = await lockRows(url, 'select number from turns where game_id = $1 for update', [duel!.gameId]);
    const db = databaseName(url);
    const answer = postOrders(service.url, duel!, 'black');
    await waitUntil('the submission to wait on the lock', async () => (await waitingBackends(db)).length > 0, 15_000);
    const [backend] = await waitingBackends(db);
    await cluster!.query(`select pg_terminate_backend(${backend})`);

    expect(await answer).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: '5' });
    expect(service.alive(), service.stderr()).toBe(true);
    await lock.query('rollback');
    expect(await standing(ctx, duel!.gameId)).toBe(0);
    expect((await postOrders(service.url, duel!, 'black')).status).toBe(200);
    expect(await standing(ctx, duel!.gameId)).toBe(1);
  });

  it('PostgreSQL stopped and started under load: 503s with Retry-After, /healthz within 2 s, then every order taken and every turn resolved exactly once', async () => {
    const { url, ctx } = await freshDatabase('restart');
    const duels = await createDuels(ctx, 10, { prefix: 'rs' });
    const service = await startService(url, { DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    const answers: Answer[] = [];
    const health: Answer[] = [];
    let accepted = 0;
    let stopAt = Infinity;
    let startAt = Infinity;

    // Four clients send every side's orders, each until it is taken; a 503 is tried again after a while.
    const load = inParallel(
      duels.flatMap((d) => (['black', 'grey'] as const).map((side) => ({ d, side }))),
      4,
      async ({ d, side }) => {
        for (;;) {
          const a = await postOrders(service.url, d, side);
          answers.push(a);
          if (a.status === 200) {
            accepted += 1;
            return;
          }
          if (a.status !== 503) throw new Error(`orders for ${d.gameId} ${side} answered ${a.status} (${a.code})`);
          await new Promise((r) => setTimeout(r, 300));
        }
      },
    );
    const probing = (async () => {
      while (Date.now() < startAt + 3_000) {
        const a = await request(service.url, '/healthz');
        if (Date.now() > stopAt) health.push(a);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    await waitUntil('some orders to be taken', () => accepted >= 4, 20_000);
    await cluster!.stop();
    stopAt = Date.now();
    await waitUntil('a 503 while PostgreSQL is stopped', () => answers.some((a) => a.status === 503), 15_000);
    await new Promise((r) => setTimeout(r, 2_000));
    await cluster!.start();
    startAt = Date.now();
    await load;
    await probing;

    expect(service.alive(), service.stderr()).toBe(true);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.retryAfter === '5' && a.code === 'DATABASE_UNAVAILABLE')).toBe(true);
    const down = health.filter((a) => a.status !== 200);
    expect(down.length).toBeGreaterThan(0);
    expect(down.every((a) => a.status === 503 && a.ms < HEALTH_PROMISE_MS)).toBe(true);
    console.info(
      `PostgreSQL stopped for ${startAt - stopAt} ms: ${refused.length} submissions answered 503 (slowest ${Math.max(...refused.map((a) => a.ms))} ms), /healthz while down at most ${Math.max(...down.map((a) => a.ms))} ms`,
    );

    // Nothing lost: every side's orders stand, and every turn resolves exactly once.
    await waitUntil(
      'every turn resolved after the restart',
      async () => (await inParallel(duels, 5, (d) => resolvedOnceProblems(ctx.db, d.gameId))).flat().length === 0,
      30_000,
      250,
    );
    expect((await request(service.url, '/healthz')).status).toBe(200);
  }, 120_000);

  it('PostgreSQL frozen (SIGSTOP): /healthz answers 503 within 2 s, requests get 503 instead of hanging, and all is well after the thaw', async () => {
    const { url, ctx } = await freshDatabase('frozen');
    const [duel] = await createDuels(ctx, 1, { prefix: 'fz' });
    const service = await startService(url, {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    });
    expect((await request(service.url, '/healthz')).status).toBe(200);
    cluster!.freeze();
    try {
      const [healthz, orders, moreHealthz] = await Promise.all([
        request(service.url, '/healthz'),
        postOrders(service.url, duel!, 'black'),
        request(service.url, '/healthz'),
      ]);
      const again = await request(service.url, '/healthz');
      console.info(
        `PostgreSQL frozen: /healthz ${healthz.status} in ${healthz.ms} ms, ${again.status} in ${again.ms} ms; a submission ${orders.status} in ${orders.ms} ms`,
      );
      for (const h of [healthz, moreHealthz, again]) {
        expect(h.status).toBe(503);
        expect(h.ms).toBeLessThan(HEALTH_PROMISE_MS);
      }
      expect(orders).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: '5' });
    } finally {
      cluster!.thaw();
    }
    expect(service.alive(), service.stderr()).toBe(true);
    await waitUntil('/healthz to recover', async () => (await request(service.url, '/healthz')).status === 200, 15_000);
    expect((await postOrders(service.url, duel!, 'black')).status).toBe(200);
    expect(await standing(ctx, duel!.gameId)).toBe(1);
  }, 60_000);

  it('SIGTERM under load (a backlog, submissions, a resolution blocked on a lock): exits 0 within 8 s, nothing half written', async () => {
    const { url, ctx } = await freshDatabase('sigterm');
    const backlog = await createDuels(ctx, 40, { prefix: 'bl' });
    const submitted = await createDuels(ctx, 10, { prefix: 'hs' });
    // Every backlog turn due before the service starts; the first blocked by a lock on its game.
    await inParallel(backlog, 5, async (d) => {
      await submitDuelOrders(ctx, d, 'black');
      await submitDuelOrders(ctx, d, 'grey');
    });
    const blocked = backlog[0]!;
    const lock = await lockRows(url, 'select id from games where id = $1 for update', [blocked.gameId]);
    const service = await startService(url, { WORKERS: '2' });

    // Submissions keep coming, spread over the seconds around the signal.
    const answers: Array<Answer & { gameId: string }> = [];
    const load = inParallel(
      submitted.flatMap((d) => (['black', 'grey'] as const).map((side) => ({ d, side }))),
      20,
      async ({ d, side }, i) => {
        await new Promise((r) => setTimeout(r, 150 * i));
        answers.push({ ...(await postOrders(service.url, d, side)), gameId: d.gameId });
      },
    );
    await waitUntil('the blocked resolution', async () => (await waitingBackends(databaseName(url))).length > 0);
    await waitUntil(
      'the backlog to be under way',
      () => service.logs.some((l) => l.msg === 'turn resolved'),
      20_000,
      10,
    );
    const sentAt = Date.now();
    service.child.kill('SIGTERM');
    const exit = await Promise.race([
      service.exited,
      new Promise<null>((r) => setTimeout(() => r(null), SHUTDOWN_PROMISE_MS + 4_000)),
    ]);
    await load;
    await lock.query('commit');
    expect(exit, `still running ${SHUTDOWN_PROMISE_MS + 4_000} ms after SIGTERM`).not.toBeNull();
    const tookMs = exit!.at - sentAt;
    const resolvedAfter = service.logs.filter((l) => l.msg === 'turn resolved' && (l.seenAt as number) > sentAt);
    const resolvedBefore = service.logs.filter((l) => l.msg === 'turn resolved').length - resolvedAfter.length;
    console.info(
      `SIGTERM with ${backlog.length - resolvedBefore} backlog turns left and a resolution blocked: exit ${exit!.code} after ${tookMs} ms; ${resolvedAfter.length} turns finished after the signal`,
    );
    expect(exit!.code, service.stderr()).toBe(0);
    expect(tookMs).toBeLessThan(SHUTDOWN_PROMISE_MS);
    // New work stopped at once: at most the turn each worker had in hand was finished.
    expect(resolvedAfter.length).toBeLessThanOrEqual(2);
    // The backlog was not worked off: the shutdown did not wait for it.
    const left = (await inParallel(backlog, 5, (d) => untouchedProblems(ctx, d.gameId))).filter((p) => p.length === 0);
    expect(left.length).toBeGreaterThan(0);

    // Nothing half written: every game resolved exactly once or not at all, the blocked one not at all.
    expect(await untouchedProblems(ctx, blocked.gameId)).toEqual([]);
    expect((await inParallel([...backlog, ...submitted], 5, (d) => wholeProblems(ctx, d.gameId))).flat()).toEqual([]);
    // A submission was taken (200), refused while stopping (503), or found the door shut (no connection);
    // every one taken stands.
    expect(answers.filter((a) => ![200, 503, 0].includes(a.status))).toEqual([]);
    for (const d of submitted) {
      const taken = answers.filter((a) => a.gameId === d.gameId && a.status === 200).length;
      expect(await standing(ctx, d.gameId), d.gameId).toBe(taken);
    }
    console.info(
      `submissions around the SIGTERM: ${['200', '503', '0'].map((st) => `${answers.filter((a) => String(a.status) === st).length} answered ${st === '0' ? 'with no connection' : st}`).join(', ')}`,
    );

    // And nothing is lost: the next start resolves what is left, each turn once.
    await startService(url);
    await waitUntil(
      'the backlog resolved after a restart',
      async () => (await inParallel(backlog, 5, (d) => resolvedOnceProblems(ctx.db, d.gameId))).flat().length === 0,
      40_000,
      250,
    );
  }, 120_000);

  it('kill -9 in a loop under load: every acknowledged order stands, every turn resolves once, no report is queued twice', async () => {
    const { url, ctx } = await freshDatabase('kill_loop');
    const duels = await createDuels(ctx, 24, { prefix: 'kl' });
    const KILLS = 8;
    let service = await startService(url, { WORKERS: '2' });
    const acknowledged: Array<{ gameId: string; side: DuelSide }> = [];
    const takenUnanswered: Array<{ gameId: string; side: DuelSide }> = [];
    const statuses = new Map<number, number>();

    // Clients send every side's orders, each until one is acknowledged: a refused connection or a 503 while the
    // service is down is sent again (to the service running then).
    const load = inParallel(
      duels.flatMap((d) => (['black', 'grey'] as const).map((side) => ({ d, side }))),
      6,
      async ({ d, side }, i) => {
        await new Promise((r) => setTimeout(r, 120 * i));
        let answerLost = false;
        for (;;) {
          const a = await postOrders(service.url, d, side);
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a.status === 200) {
            acknowledged.push({ gameId: d.gameId, side });
            return;
          }
          // An attempt whose answer was lost may have committed before its service died (orders alone commit with
          // their store): the turn then fell due with them, and the next attempt finds it closed — or already resolved,
          // when the next service's workers were quicker than the attempt: its TURN 1 is then over (WRONG_TURN).
          // Checked below: every side's orders stand, and every turn resolved once.
          if (answerLost && turnWentOn(a.status, a.code, a.problems)) {
            takenUnanswered.push({ gameId: d.gameId, side });
            return;
          }
          if (a.status === 0) answerLost = true;
          if (a.status !== 0 && a.status !== 503)
            throw new Error(`orders for ${d.gameId} ${side} answered ${a.status} (${a.code})`);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
    );
    // The killer: SIGKILL the running service at staggered moments (submissions, resolutions and mail all in
    // flight), then start a new one on the same database.
    let resolvedBeforeLastKill = 0;
    for (let k = 0; k < KILLS; k += 1) {
      await new Promise((r) => setTimeout(r, 400 + ((k * 373) % 900)));
      resolvedBeforeLastKill += service.logs.filter((l) => l.msg === 'turn resolved').length;
      service.child.kill('SIGKILL');
      await service.exited;
      service = await startService(url, { WORKERS: '2' });
    }
    await load;

    // The last service works off what is left.
    await waitUntil(
      'every turn resolved after the last kill',
      async () => (await inParallel(duels, 6, (d) => resolvedOnceProblems(ctx.db, d.gameId))).flat().length === 0,
      60_000,
      250,
    );
    console.info(
      `kill -9 loop: ${KILLS} kills, ${acknowledged.length} orders acknowledged, ${takenUnanswered.length} taken with the answer lost (${[...statuses].map(([st, n]) => `${n}× ${st === 0 ? 'no connection' : st}`).join(', ')}), ${resolvedBeforeLastKill} turns logged resolved by killed processes, ${duels.length} turns resolved once in all`,
    );
    // Nothing lost: each side's orders acknowledged once (or taken by an attempt whose answer was lost), and they are
    // what turn 1 was played with.
    expect(acknowledged.length + takenUnanswered.length).toBe(duels.length * 2);
    for (const d of duels) expect(await standing(ctx, d.gameId), d.gameId).toBe(2);
    // No report queued twice: each seat got one game-start and one turn-1 report.
    const mail = await ctx.db.select({ gameId: outbox.gameId, kind: outbox.kind, to: outbox.toAddress }).from(outbox);
    const counts = new Map<string, number>();
    for (const m of mail)
      counts.set(`${m.gameId} ${m.kind} ${m.to}`, (counts.get(`${m.gameId} ${m.kind} ${m.to}`) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
    expect(mail.filter((m) => m.kind === 'turn-report')).toHaveLength(duels.length * 2);
  }, 180_000);
});

describe('the service stopped with a backlog on the embedded database (PGlite)', () => {
  it('SIGTERM while a backlog of due turns is worked off: exits 0 within 8 s, finishing only the turn in hand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-faults-'));
    try {
      const service = await startService(null, {
        DATA_DIR: dir,
        WORKERS: '1',
        RATE_LIMIT_CREATE: '0',
        RATE_LIMIT_GAMES: '0',
        RATE_LIMIT_INVITATIONS: '0',
        MAIL_RATE_PER_HOUR: '0',
      });
      // The operator creates the games, with the key the service records in the data directory's lock.
      const operatorKey = readDataDirHolder(dir)?.operatorKey;
      expect(operatorKey).toBeDefined();
      const via = {
        call: (m: string, p: string, o?: Parameters<typeof call>[3]) =>
          call(service.url, m, p, { ...o, headers: { authorization: `Bearer ${operatorKey}`, ...o?.headers } }),
      };
      // Each player joins by replying to the invitation through the service's own SMTP receiver.
      const port = Number(/receiving mail on smtp:\/\/127\.0\.0\.1:(\d+)/.exec(service.stderr())?.[1]);
      const smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
      // A backlog: games with one side's orders in, whose deadlines all pass at one moment.
      const ids = Array.from({ length: 80 }, (_, i) => `bl-${i + 1}`);
      const keys = await inParallel(ids, 4, async (id) => {
        const { tokens, moderatorKey } = await createDuel(via, id);
        for (const [side, from] of [
          ['black', 'alice@pbem.test'],
          ['grey', 'bob@pbem.test'],
        ] as const)
          await smtp.sendMail({
            from,
            to: `orders+${tokens[side]}@localhost`,
            subject: 'Re: Invitation',
            text: 'Yes.',
          });
        const r = await postOrders(service.url, { gameId: id, tokens }, 'black');
        if (r.status !== 200) throw new Error(`orders for ${id} answered ${r.status}`);
        return moderatorKey;
      });
      // Far enough ahead that setting all 80 of them (on a loaded machine, PGlite one statement at a time) ends first.
      const deadline = new Date(Date.now() + 15_000).toISOString();
      await inParallel(ids, 4, async (id, i) => {
        const r = await call(service.url, 'POST', `/api/games/${id}/deadline`, {
          headers: { authorization: `Bearer ${keys[i]}` },
          body: { deadline },
        });
        if (r.status !== 200) throw new Error(`the deadline of ${id} answered ${r.status}: ${r.text}`);
      });
      await waitUntil(
        'the backlog to be under way',
        () => service.logs.some((l) => l.msg === 'turn resolved'),
        40_000,
        5,
      );
      const sentAt = Date.now();
      service.child.kill('SIGTERM');
      const exit = await Promise.race([
        service.exited,
        new Promise<null>((r) => setTimeout(() => r(null), SHUTDOWN_PROMISE_MS + 4_000)),
      ]);
      expect(exit, `still running ${SHUTDOWN_PROMISE_MS + 4_000} ms after SIGTERM`).not.toBeNull();
      const resolved = service.logs.filter((l) => l.msg === 'turn resolved');
      const after = resolved.filter((l) => (l.seenAt as number) > sentAt).length;
      console.info(
        `PGlite, SIGTERM with ${ids.length - resolved.length + after} backlog turns left: exit ${exit!.code} after ${exit!.at - sentAt} ms; ${after} turns finished after the signal`,
      );
      expect(exit!.code, service.stderr()).toBe(0);
      expect(exit!.at - sentAt).toBeLessThan(SHUTDOWN_PROMISE_MS);
      expect(after).toBeLessThanOrEqual(1);
      expect(resolved.length).toBeLessThan(ids.length);

      // Nothing half written, and the lock released: the folder opens; each game is at turn 1 with its turn
      // open and nothing mailed about it, or at turn 2 with turn 1 resolved and one report per seat.
      const database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
      opened.push(database);
      const ctx = liveGamesContext(database);
      const problems = await inParallel(ids, 5, async (id) => {
        const shape = (await ctx.db.select().from(turns).where(eq(turns.gameId, id)))
          .filter((t) => t.number > 0)
          .map((t) => `${t.number}:${t.status}`)
          .sort()
          .join(' ');
        const [game] = await ctx.db.select().from(games).where(eq(games.id, id));
        const reports = await ctx.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.gameId, id), eq(outbox.kind, 'turn-report')));
        const whole =
          (shape === '1:open' && game?.currentTurn === 1 && reports.length === 0) ||
          (shape === '1:resolved 2:open' && game?.currentTurn === 2 && reports.length === 2);
        return whole ? [] : [`${id}: turns [${shape}], at turn ${game?.currentTurn}, ${reports.length} reports`];
      });
      expect(problems.flat()).toEqual([]);
      // Each turn of play resolved is one logged (a duel's turn 0, its setup, is settled at creation).
      expect(resolved.length).toBe(
        (await ctx.db.select().from(turns).where(eq(turns.status, 'resolved'))).filter((t) => t.number > 0).length,
      );
    } finally {
      for (const d of opened.splice(0)) await d.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
