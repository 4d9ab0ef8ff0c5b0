/**
 * The service split by role over several processes on real PostgreSQL
 * (`msc serve --web 3 --workers 2 --mail 1`), under load, while processes of
 * every role are killed with SIGKILL and started again by the supervisor:
 * nothing is lost, nothing is done twice.
 *
 * 40 duels are open at turn 1. Black's orders of every game and Grey's of
 * half of them go to the web processes over HTTP (a client that loses its
 * connection, or gets a 503, sends again, as a real one would); Grey's of the
 * other half go by mail to the mail process's SMTP receiver (a sender whose
 * connection drops sends the same message again, as an MTA does). Meanwhile
 * a random service process is killed with SIGKILL, eight times, each once the
 * last one has been replaced. At the end: every
 * turn 1 resolved exactly once with the result a single process computes,
 * one report per seat; every mail recorded once and answered once; the
 * outbox empty of pending mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, outbox, turns } from '../../src/db/schema.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { SEMI_SPACE_FLAG } from '../../src/server/supervisor.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import {
  createDuels,
  duelOrders,
  inParallel,
  liveGamesContext,
  resolvedOnceProblems,
  TEST_MAIL_DOMAIN,
  TEST_PUBLIC_URL,
  TEST_SECRET_KEY,
  turnWentOn,
  type Duel,
} from '../support/games.ts';
import { freePort } from '../support/pg-cluster.ts';
import { databaseUrlOf, waitUntil } from '../support/worker-processes.ts';

const hasPostgres = databaseKinds.includes('postgres');
const MSC = fileURLToPath(new URL('../../bin/msc.js', import.meta.url));
const GAMES = 40;
/** Processes killed while the orders come in. */
const KILLS = 8;
/** The processes the supervisor keeps running: 3 web, 2 workers, 1 mail. */
const PROCESSES = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The PIDs of the supervisor's processes, from `ps` (its children). */
function childrenOf(pid: number): Promise<number[]> {
  return new Promise((resolve) => {
    const ps = spawn('ps', ['-o', 'pid=', '--ppid', String(pid)]);
    let out = '';
    ps.stdout.on('data', (c: Buffer) => (out += c.toString()));
    ps.on('close', () =>
      resolve(
        out
          .split('\n')
          .map((l) => Number(l.trim()))
          .filter((n) => n > 0),
      ),
    );
  });
}

describe.skipIf(!hasPostgres)('the service split by role over several processes, killed at random', () => {
  let database: TestDatabase;
  let ctx: GamesContext;
  let supervisor: ChildProcess;
  let stderr = '';
  let httpPort = 0;
  let smtpPort = 0;
  /** How many service processes have said they are running (each says it once, on its standard error). */
  let started = 0;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    ctx = liveGamesContext(database);
    httpPort = await freePort();
    smtpPort = await freePort();
    supervisor = spawn(process.execPath, [MSC, 'serve', '--web', '3', '--workers', '2', '--mail', '1'], {
      env: {
        ...process.env,
        DATABASE_URL: await databaseUrlOf(database),
        SECRET_KEY: TEST_SECRET_KEY,
        PUBLIC_URL: TEST_PUBLIC_URL,
        MAIL_DOMAIN: TEST_MAIL_DOMAIN,
        PORT: String(httpPort),
        MAIL_RECEIVE_PORT: String(smtpPort),
        POLL_INTERVAL_MS: '200',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ORDERS: '0',
        MAIL_RATE_PER_HOUR: '0',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    createInterface({ input: supervisor.stderr! }).on('line', (line) => {
      stderr = `${stderr}${line}\n`.slice(-50_000);
      if (/^msc-pbem (listening on|running) /.test(line)) started += 1;
    });
    // Every process is up: three web processes, two workers and the mail process have each said so.
    await waitUntil('the six processes to start', () => started >= PROCESSES, 60_000, 100).catch((e: unknown) => {
      throw new Error(`${(e as Error).message}\n${stderr}`);
    });
  }, 90_000);

  afterAll(async () => {
    if (supervisor && supervisor.exitCode === null) {
      supervisor.kill('SIGKILL');
      await new Promise((r) => supervisor.once('close', r));
    }
    await database?.drop();
  });

  /**
   * Orders over HTTP, sent again after a lost connection or a 503 until the service answers. An attempt whose answer
   * was lost may have committed before its web process died (orders alone commit with their store): when they were
   * the turn's last, the next attempt finds the turn closed, or over if a worker was quicker. That counts as taken;
   * the checks below prove every turn resolved once, which it cannot without both sides' orders.
   */
  async function postOrders(duel: Duel, side: 'black' | 'grey'): Promise<void> {
    let last: unknown = null;
    let answerLost = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`http://127.0.0.1:${httpPort}/api/games/${duel.gameId}/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${duel.tokens[side]}`, 'content-type': 'text/plain' },
          body: duelOrders(duel.gameId, side),
          signal: AbortSignal.timeout(5_000),
        });
        const body = (await res.json()) as {
          accepted?: boolean;
          error?: { code: string; problems?: { code: string }[] };
        };
        if (res.ok && body.accepted) return;
        const problems = (body.error?.problems ?? []).map((p) => p.code);
        if (answerLost && turnWentOn(res.status, body.error?.code, problems)) return;
        if (res.status !== 503) throw new Error(`orders refused: ${res.status} ${JSON.stringify(body)}`);
      } catch (e) {
        if (e instanceof Error && e.message.startsWith('orders refused')) throw e;
        last = e;
        answerLost = true;
      }
      if (attempt > 200) throw new Error(`orders for ${duel.gameId} ${side} never got through`, { cause: last });
      await sleep(100);
    }
  }

  /** Orders by mail, sent again (the same message) until the receiver has taken it. */
  async function mailOrders(duel: Duel, messageId: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
      });
      try {
        await transport.sendMail({
          from: `grey${duel.gameId.split('-')[1]}@${TEST_MAIL_DOMAIN}`,
          to: `orders+${duel.tokens.grey}@${TEST_MAIL_DOMAIN}`,
          subject: `orders for ${duel.gameId}`,
          text: duelOrders(duel.gameId, 'grey'),
          messageId,
        });
        return;
      } catch {
        if (attempt > 200) throw new Error(`the mail for ${duel.gameId} was never taken`);
        await sleep(100);
      } finally {
        transport.close();
      }
    }
  }

  it('resolves every turn exactly once and answers every order once while processes of every role are killed', async () => {
    const duels = await createDuels(ctx, GAMES, { prefix: 'split', settings: { turnHours: null } });
    const byMail = duels.filter((_, i) => i % 2 === 1);
    const messageIds = new Map(byMail.map((d) => [d.gameId, `<orders-${d.gameId}@players.test>`]));

    // The killer: a random process of the supervisor's, KILLS times, each once the last one killed has been replaced
    // (its successor has said it is running) …
    const killed: number[] = [];
    const withoutSemiSpace: number[] = [];
    const killer = (async () => {
      for (let k = 0; k < KILLS; k++) {
        await sleep(200 + Math.floor(Math.random() * 300));
        const pids = await childrenOf(supervisor.pid!);
        const victim = pids[Math.floor(Math.random() * pids.length)]!;
        // Started, as its successors are, with the service's young generation (serviceExecArgv).
        withoutSemiSpace.push(
          ...pids.filter((pid) => !readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(SEMI_SPACE_FLAG)),
        );
        process.kill(victim, 'SIGKILL');
        killed.push(victim);
        await waitUntil(`process ${victim} replaced`, () => started >= PROCESSES + killed.length, 60_000, 50);
      }
    })();
    // … while players send orders, the kills spread over them: game i's once i/GAMES of the kills are done.
    await inParallel(duels, 4, async (d, i) => {
      await waitUntil('the kills so far', () => killed.length >= Math.floor((i * KILLS) / GAMES), 120_000, 20);
      await postOrders(d, 'black');
      if (i % 2 === 1) await mailOrders(d, messageIds.get(d.gameId)!);
      else await postOrders(d, 'grey');
    });
    await killer;
    expect(new Set(killed).size).toBe(KILLS);
    expect(withoutSemiSpace).toEqual([]);

    // Every turn 1 resolves (the supervisor has started new processes in place of the killed ones) …
    const resolvedCount = async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(turns)
          .where(and(eq(turns.number, 1), eq(turns.status, 'resolved')))
      )[0]!.n;
    await waitUntil(`${GAMES} turns resolved`, async () => (await resolvedCount()) === GAMES, 60_000, 200);
    // … and the outbox empties: every mail (acceptances, reports) handed to the local mailbox.
    const pending = async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(eq(outbox.status, 'pending'))
      )[0]!.n;
    await waitUntil('the outbox to empty', async () => (await pending()) === 0, 60_000, 200);

    // Exactly once, as one process would have resolved it: one resolved turn 1, one report a seat.
    expect((await inParallel(duels, 8, (d) => resolvedOnceProblems(ctx.db, d.gameId, ['accepted']))).flat()).toEqual(
      [],
    );
    // Every mail recorded once, accepted, and answered once.
    const inbound = await ctx.db.select().from(inboundMessages);
    expect(inbound.map((m) => m.messageId).sort()).toEqual([...messageIds.values()].sort());
    expect(inbound.every((m) => m.outcome === 'accepted')).toBe(true);
    const answers = await ctx.db
      .select({ reply: sql<string>`${outbox.headers}->>'In-Reply-To'`, n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.kind, 'accepted'))
      .groupBy(sql`1`);
    expect(new Map(answers.map((a) => [a.reply, a.n]))).toEqual(new Map([...messageIds.values()].map((m) => [m, 1])));
    expect(await ctx.db.select().from(outbox).where(eq(outbox.status, 'failed'))).toEqual([]);

    // SIGTERM to the supervisor stops every process cleanly.
    supervisor.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => supervisor.once('close', (c) => r(c)));
    expect(code, stderr).toBe(0);
    expect(await childrenOf(supervisor.pid!)).toEqual([]);
  }, 180_000);
});
