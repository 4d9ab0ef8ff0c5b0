/**
 * `npm run bench:mail`: the mail channel over real mail servers (Dovecot IMAP
 * and OpenSMTPD SMTP on loopback, from test/services/mail-up.sh). Prints
 * figures; asserts nothing.
 *
 *   1. Turn latency: from the SMTP server's acceptance of a turn's last order
 *      mail to every seat's report visible in its IMAP inbox, over 50 turns
 *      (turn 1 of 50 tutorial duels, one after another). The players reply to
 *      their game-start mail as mail clients do, and watch their inbox by
 *      polling IMAP every 20 ms. Median and p95.
 *   2. Inbound throughput: 1,000 order mails (both seats of 500 duels) sent
 *      through 4 pooled SMTP connections from a thread of their own; mails per
 *      second from the first send until the service has recorded the 1,000th in
 *      inbound_messages.
 *
 *   3. The reference, measured in the same run: the mail servers' own rate for
 *      the same mails — sent the same way to a mailbox nobody reads, until
 *      Dovecot holds the last — and the service's inbound rate as a ratio of it.
 *
 * Targets: p95 < 2 s; ≥ 100 mails/s.
 *
 * The service runs in this process (startServer) on a new PostgreSQL database
 * of TEST_DATABASE_URL's server (PGlite in memory when there is none), dropped
 * at the end. The orders, alice and bob mailboxes are emptied first, under
 * the lock the tests take on them (test/support/mailbox-lock.ts). BENCH_TURNS (50) and
 * BENCH_MAILS (1000) change the sizes.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { count, eq, sql } from 'drizzle-orm';
import { inboundMessages, outbox } from '../src/db/schema.ts';
import { createGame } from '../src/games/games/create.ts';
import type { RunningServer } from '../src/server/main.ts';
import {
  addressOf,
  Inbox,
  mailServersUp,
  reply,
  serviceDatabase,
  smtpClient,
  SMTP_PORT,
  startMailService,
  type Player,
} from '../test/e2e/support.ts';
import { lockSharedMailboxes } from '../test/support/mailbox-lock.ts';
import { duelOrders, inParallel, TEST_MAIL_DOMAIN, type DuelSide } from '../test/support/games.ts';

const TURNS = Number(process.env.BENCH_TURNS ?? 50);
const MAILS = Number(process.env.BENCH_MAILS ?? 1000);

const say = (line: string) => void process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(0)} ms`;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Until every queued mail has left: measurements never share the SMTP server with the game-start mail of their set-up.
 */
async function outboxDrained(server: RunningServer, timeoutMs: number): Promise<void> {
  const notSent = () =>
    server.database.db
      .select({ status: outbox.status, error: outbox.lastError, n: count() })
      .from(outbox)
      .where(eq(outbox.status, 'pending'))
      .groupBy(outbox.status, outbox.lastError);
  try {
    await waitUntil(async () => (await notSent()).length === 0, timeoutMs, 'the outbox did not drain');
  } catch (error) {
    for (const r of await notSent()) say(`   outbox: ${r.n} ${r.status}${r.error ? ` (${r.error})` : ''}`);
    throw error;
  }
}

const SEATS = [
  { side: 'black', email: addressOf('alice'), name: 'Alice' },
  { side: 'grey', email: addressOf('bob'), name: 'Bob' },
];

/** A duel whose players have joined (created in-process: the API's creation is the web's, behind a login). */
async function createDuel(server: RunningServer, gameId: string): Promise<void> {
  await createGame(server.ctx, {
    id: gameId,
    name: `Bench ${gameId}`,
    scenario: 'tutorial-duel',
    settings: {},
    seats: SEATS,
  });
}

/** Part 1: turn 1 of `TURNS` duels, one after another. */
async function turnLatency(
  server: RunningServer,
  inboxes: readonly [Inbox, Inbox],
  players: readonly [Player, Player],
): Promise<number[]> {
  const sides: readonly DuelSide[] = ['black', 'grey'];
  const latencies: number[] = [];
  for (let i = 1; i <= TURNS; i++) {
    const gameId = `lat-${i}`;
    await createDuel(server, gameId);
    const starts = await Promise.all(
      inboxes.map((inbox) => inbox.waitFor({ subject: `[${gameId}] Turn 1: the game begins`, pollMs: 20 })),
    );
    const sent = await Promise.all(players.map((p, s) => reply(p, starts[s]!, duelOrders(gameId, sides[s]!))));
    const lastAccepted = Math.max(...sent.map((x) => x.acceptedAt));
    const seen = await Promise.all(
      inboxes.map(async (inbox) => {
        await inbox.waitFor({ subject: `[${gameId}] Turn 2 report`, pollMs: 20, timeoutMs: 30_000 });
        return performance.now();
      }),
    );
    latencies.push(Math.max(...seen) - lastAccepted);
  }
  return latencies;
}

/** Part 2: `MAILS` order mails through pooled SMTP, until the service has recorded them all. */
async function throughput(
  server: RunningServer,
): Promise<{ seconds: number; sendSeconds: number; outcomes: Record<string, number> }> {
  // Seated by alice and bob, whose mailboxes exist: their game-start mail is delivered, not bounced.
  const duels = await inParallel(
    Array.from({ length: Math.ceil(MAILS / 2) }, (_, i) => `tp-${i + 1}`),
    8,
    async (id) => {
      const created = await createGame(server.ctx, {
        id,
        name: `Bench ${id}`,
        scenario: 'tutorial-duel',
        settings: {},
        seats: SEATS,
      });
      const token = (side: DuelSide) => created.seats.find((s) => s.side === side)!.token;
      return { gameId: id, tokens: { black: token('black'), grey: token('grey') } };
    },
  );
  await outboxDrained(server, 300_000);
  const before = await recorded(server);
  const mails = duels.flatMap((d) => (['black', 'grey'] as const).map((side) => ({ duel: d, side }))).slice(0, MAILS);
  const started = performance.now();
  let sentAt = 0;
  const sending = sendInThread(
    mails.map(({ duel, side }) => ({
      from: addressOf(side === 'black' ? 'alice' : 'bob'),
      to: `orders+${duel.tokens[side]}@${TEST_MAIL_DOMAIN}`,
      subject: `Re: [${duel.gameId}] Turn 1: the game begins`,
      text: `${duelOrders(duel.gameId, side)}\n\n-- \nsent by the benchmark\n`,
    })),
  ).then(() => (sentAt = performance.now()));
  await waitUntil(async () => (await recorded(server)) - before >= MAILS, 600_000, `${MAILS} mails were not recorded`);
  const done = performance.now();
  await sending;
  const rows = await server.database.db
    .select({ outcome: inboundMessages.outcome, n: count() })
    .from(inboundMessages)
    .where(sql`${inboundMessages.gameId} like 'tp-%'`)
    .groupBy(inboundMessages.outcome);
  return {
    seconds: (done - started) / 1000,
    sendSeconds: (sentAt - started) / 1000,
    outcomes: Object.fromEntries(rows.map((r) => [r.outcome, r.n])),
  };
}

/** Part 3: the same number of mails, sent the same way, delivered to carol's inbox: the mail servers alone. */
async function deliveryReference(): Promise<number> {
  const inbox = await Inbox.open('carol');
  await inbox.empty();
  const started = performance.now();
  try {
    await sendInThread(
      Array.from({ length: MAILS }, (_, i) => ({
        from: addressOf('alice'),
        to: addressOf('carol'),
        subject: `Re: [ref-${i}] Turn 1: the game begins`,
        text: `${duelOrders(`ref-${i}`, 'black')}\n\n-- \nsent by the benchmark\n`,
      })),
    );
    await waitUntil(async () => (await inbox.count()) >= MAILS, 600_000, `${MAILS} mails were not delivered`);
    return (performance.now() - started) / 1000;
  } finally {
    await inbox.empty();
    await inbox.close();
  }
}

/**
 * The load generator: sends the mails through 4 pooled SMTP connections, 16 at a time, from a thread of its own, so
 * that composing and writing them does not run on the event loop of the service under measurement (in this process).
 */
const SENDER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const nodemailer = require('nodemailer');
const { port, mails } = workerData;
const smtp = nodemailer.createTransport({
  host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 4, maxMessages: Infinity,
});
let next = 0;
async function lane() {
  while (next < mails.length) await smtp.sendMail(mails[next++]);
}
Promise.all(Array.from({ length: 16 }, lane)).then(
  () => { smtp.close(); parentPort.postMessage({ ok: true }); },
  (error) => { smtp.close(); parentPort.postMessage({ ok: false, error: String(error) }); },
);
`;

function sendInThread(mails: readonly { from: string; to: string; subject: string; text: string }[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SENDER_THREAD, { eval: true, workerData: { port: SMTP_PORT, mails } });
    worker.once('message', (m: { ok: boolean; error?: string }) => {
      void worker.terminate();
      if (m.ok) resolve();
      else reject(new Error(`sending the benchmark's mails failed: ${m.error}`));
    });
    worker.once('error', reject);
  });
}

async function recorded(server: RunningServer): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(inboundMessages);
  return row?.n ?? 0;
}

async function main(): Promise<void> {
  if (!(await mailServersUp('the mail benchmark'))) {
    process.exitCode = 1;
    return;
  }
  // The mailboxes are shared with the tests: wait until no test is using them.
  const release = await lockSharedMailboxes(30 * 60_000);
  process.once('exit', release);
  for (const user of ['orders', 'alice', 'bob'] as const) {
    const inbox = await Inbox.open(user);
    await inbox.empty();
    await inbox.close();
  }
  const database = await serviceDatabase();
  // No per-sender limit: 1,000 mails come from two addresses.
  const server = await startMailService(database, {
    MAIL_RATE_PER_HOUR: '0',
    RATE_LIMIT_CREATE: '0',
    POLL_INTERVAL_MS: '100',
  });
  const inboxes = [await Inbox.open('alice'), await Inbox.open('bob')] as const;
  const players = [
    { address: addressOf('alice'), name: 'Alice', smtp: smtpClient() },
    { address: addressOf('bob'), name: 'Bob', smtp: smtpClient() },
  ] as const;
  try {
    say(`mail benchmark: Dovecot IMAP :11143, OpenSMTPD SMTP :12525, service database ${database.kind}`);
    const latencies = (await turnLatency(server, inboxes, players)).sort((a, b) => a - b);
    say(`1. last order accepted by SMTP → every seat's report in its IMAP inbox, ${latencies.length} turns:`);
    say(
      `   median ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, min ${ms(latencies[0]!)}, max ${ms(latencies.at(-1)!)}   (target p95 < 2000 ms)`,
    );
    for (const inbox of inboxes) await inbox.empty();
    const reference = await deliveryReference();
    const t = await throughput(server);
    say(`2. ${MAILS} order mails through 4 pooled SMTP connections, until the service recorded the last:`);
    say(
      `   ${(MAILS / t.seconds).toFixed(0)} mails/s (${t.seconds.toFixed(2)} s; SMTP accepted them all in ${t.sendSeconds.toFixed(2)} s)   (target ≥ 100 mails/s)`,
    );
    say(
      `3. reference, same run: OpenSMTPD → Dovecot delivered the same ${MAILS} mails at ${(MAILS / reference).toFixed(0)} mails/s (${reference.toFixed(2)} s); the service's inbound rate is ${((100 * reference) / t.seconds).toFixed(0)} % of it`,
    );
    say(
      `   outcomes: ${Object.entries(t.outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  } finally {
    for (const p of players) p.smtp.close();
    for (const inbox of inboxes) await inbox.close();
    await server.close();
    await database.drop();
  }
}

await main();
