/**
 * `npm run bench:mail`: the mail channel over real mail servers (Dovecot IMAP
 * and OpenSMTPD SMTP on loopback, from test/services/mail-up.sh). Prints
 * figures, each beside a reference measured in the same window, with the load
 * average before → after; asserts nothing.
 *
 *   1. Turn latency: from the SMTP server's acceptance of a turn's last order
 *      mail to every seat's report visible in its IMAP inbox, over 50 turns
 *      (turn 1 of 50 tutorial duels, one after another). The players reply to
 *      their game-start mail as mail clients do, and watch their inbox by
 *      polling IMAP (NOOP, SEARCH) every 20 ms. Median and p95 (target p95 < 1 s).
 *      References, interleaved (a turn, then its references, …): the mail
 *      servers' own latency — one hop: Alice and Bob each send the other one
 *      mail of the same size, from the acceptance of the later to both seen
 *      in IMAP, polled the same way; and the IDLE notice: a mail to carol
 *      accepted → an IMAP client sitting in IDLE on her mailbox (as the
 *      service's watcher does) told of it. Dovecot holds an IDLE notification
 *      back 500 ms (NOTIFY_DELAY_MSECS, compiled in), so the servers' floor for
 *      a turn is the notice plus a hop (the orders in, the reports out); the
 *      service's own part is what a turn takes beyond it. Where a turn's time
 *      goes is printed from the service's own timestamps: the order mail
 *      recorded, the turn resolved, the reports accepted by SMTP, both seen.
 *
 *   2. Inbound throughput, BENCH_ROUNDS (3) rounds of three windows, A B C A B C …:
 *      A. the service: 1,000 order mails (both seats of 500 new duels) sent
 *         through 4 pooled SMTP connections from a thread of their own; mails
 *         per second from the first send until the service has recorded the
 *         1,000th in inbound_messages. Meanwhile the service answers them
 *         (turns resolve, reports go out) through the same mail servers.
 *      B. the mail servers alone (OpenSMTPD → LMTP → Dovecot): the same number
 *         of mails of the same size, sent the same way to carol, a mailbox
 *         nobody reads, until Dovecot holds the last (counted as files in its
 *         Maildir, so that looking does not compete with the deliveries) —
 *         while the answers flow as they flowed in A: the mails the service
 *         sent during the A window before it (their rows of the outbox, as
 *         they were) are sent again to the same inboxes from another thread,
 *         at the pace they went out in A (their count over A's seconds), until
 *         the window ends. So Dovecot carries the same background of answers a
 *         second in both windows; what B lacks is only the service: its IMAP
 *         reading, its database and its CPU.
 *      C. the floor of the service's stack: B again, with a reader in this
 *         process doing the least the service must do with each mail, with
 *         the same libraries: carol's inbox watched over IMAP (imapflow,
 *         IDLE, unread mail a batch of 100 at a time), each mail parsed
 *         (mailparser) and recorded in PostgreSQL (an insert of its own), 16
 *         at a time, the batch flagged \Seen — until it has recorded the last.
 *         No order read, no turn resolved, nothing answered (floorWindow).
 *      Each window is printed, then the medians and the service's rate as a
 *      share of the mail servers' (target ≥ 60 %), and the floor's as a share
 *      of the mail servers' and the service's as a share of the floor's.
 *      Before each window the outbox is drained, so no window inherits the
 *      other's mail.
 *
 * The service runs in this process (startServer) on a new PostgreSQL database
 * of TEST_DATABASE_URL's server (PGlite in memory when there is none), dropped
 * at the end. The orders, alice, bob and carol mailboxes are emptied first,
 * under the lock the tests take on them (test/support/mailbox-lock.ts).
 * BENCH_TURNS (50), BENCH_MAILS (1000) and BENCH_ROUNDS (3) change the sizes.
 * Each A window prints the main thread's CPU time a mail (the service's event
 * loop; the senders are threads of their own); BENCH_PROFILE=DIR writes that
 * thread's CPU profile of each A window to DIR/mail-A<round>.cpuprofile.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import pLimit from 'p-limit';
import { inboundMessages, outbox, turns } from '../src/db/schema.ts';
import { createGame } from '../src/games/games/create.ts';
import type { RunningServer } from '../src/server/main.ts';
import {
  addressOf,
  Inbox,
  mailServersUp,
  openInbox,
  reply,
  serviceDatabase,
  smtpClient,
  SMTP_PORT,
  startMailService,
  type Player,
} from '../test/e2e/support.ts';
import { lockSharedMailboxes } from '../test/support/mailbox-lock.ts';
import { mainThreadCpuMsOf } from './processes.ts';
import { benchSocket, socketUrlOf } from './support.ts';
import { duelOrders, inParallel, TEST_MAIL_DOMAIN, type DuelSide } from '../test/support/games.ts';

const TURNS = Number(process.env.BENCH_TURNS ?? 50);
const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOOP_RESOLUTION_MS = 10;
/** Where test/services/mail-up.sh keeps the mail servers (its ROOT). */
const MAIL_ROOT = process.env.MSC_TEST_MAIL_ROOT ?? '/tmp/pbem-mail';
/** A folder: the main thread's CPU profile of each A window is written there (the service runs on that thread). */
const PROFILE = process.env.BENCH_PROFILE;

const say = (line: string) => void process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const load = () => loadavg()[0]!.toFixed(2);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (xs: readonly number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Until every queued mail has left: a window never inherits mail queued before it. */
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
async function createDuel(server: RunningServer, gameId: string) {
  return createGame(server.ctx, {
    id: gameId,
    name: `Bench ${gameId}`,
    scenario: 'tutorial-duel',
    settings: {},
    seats: SEATS,
  });
}

/** Milliseconds from the later of two accepted mails until both inboxes show theirs (polled every 20 ms). */
async function untilBothSeen(
  inboxes: readonly [Inbox, Inbox],
  subjects: readonly [string, string],
  lastAccepted: () => number,
): Promise<number> {
  const seen = await Promise.all(
    inboxes.map(async (inbox, s) => {
      await inbox.waitFor({ subject: subjects[s]!, pollMs: 20, timeoutMs: 30_000 });
      return performance.now();
    }),
  );
  return Math.max(...seen) - lastAccepted();
}

/** Part 1: turn 1 of `TURNS` duels, one after another, each followed by the mail servers' own latency. */
async function turnLatency(
  server: RunningServer,
  inboxes: readonly [Inbox, Inbox],
  players: readonly [Player, Player],
): Promise<{ turns: number[]; hops: number[]; notices: number[]; stages: Stages }> {
  const sides: readonly DuelSide[] = ['black', 'grey'];
  const latencies: number[] = [];
  const hops: number[] = [];
  const notices: number[] = [];
  const idle = await IdleWatch.open('carol');
  const stages: Stages = { recorded: [], resolved: [], sent: [], seen: [] };
  for (let i = 1; i <= TURNS; i++) {
    const gameId = `lat-${i}`;
    await createDuel(server, gameId);
    const starts = await Promise.all(
      inboxes.map((inbox) => inbox.waitFor({ subject: `[${gameId}] Turn 1: the game begins`, pollMs: 20 })),
    );
    const sent = await Promise.all(players.map((p, s) => reply(p, starts[s]!, duelOrders(gameId, sides[s]!))));
    const accepted = Math.max(...sent.map((x) => x.acceptedAt));
    const latency = await untilBothSeen(
      inboxes,
      [`[${gameId}] Turn 2 report`, `[${gameId}] Turn 2 report`],
      () => accepted,
    );
    latencies.push(latency);
    await stagesOf(server, gameId, accepted, accepted + latency, stages);
    // The reference: the same mails (the orders with their quote) from each player straight to the other.
    let lastAccepted = 0;
    await Promise.all(
      players.map(async (p, s) => {
        const other = players[1 - s]!;
        await p.smtp.sendMail({
          from: `${p.name} <${p.address}>`,
          to: other.address,
          subject: `hop ${gameId} to ${other.name}`,
          text: `${duelOrders(gameId, sides[s]!)}\n\n-- \n${p.name}\n\n${starts[s]!.text}\n`,
        });
        lastAccepted = Math.max(lastAccepted, performance.now());
      }),
    );
    hops.push(await untilBothSeen(inboxes, [`hop ${gameId} to Alice`, `hop ${gameId} to Bob`], () => lastAccepted));
    // And how soon an IMAP client in IDLE, as the service's watcher is, hears of a mail that came in.
    const noticed = idle.next();
    await players[0].smtp.sendMail({
      from: `${players[0].name} <${players[0].address}>`,
      to: addressOf('carol'),
      subject: `Re: [${gameId}] Turn 1: the game begins`,
      text: `${duelOrders(gameId, 'black')}\n\n-- \nAlice\n\n${starts[0]!.text}\n`,
    });
    const acceptedAt = performance.now();
    notices.push((await noticed) - acceptedAt);
  }
  await idle.close();
  return { turns: latencies, hops, notices, stages };
}

/** An IMAP client that sits in IDLE on a mailbox, as the service's watcher does between sweeps. */
class IdleWatch {
  private waiting: ((at: number) => void) | null = null;

  private constructor(private readonly client: ImapFlow) {
    client.on('exists', () => {
      const w = this.waiting;
      this.waiting = null;
      w?.(performance.now());
    });
  }

  static async open(user: 'carol'): Promise<IdleWatch> {
    return new IdleWatch(await openInbox(user, { autoIdleDelay: 10 }));
  }

  /** When the server next tells of new mail. */
  next(): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no IDLE notice within 30 s')), 30_000);
      this.waiting = (at) => {
        clearTimeout(timer);
        resolve(at);
      };
    });
  }

  async close(): Promise<void> {
    await this.client.logout().catch(() => this.client.close());
  }
}

/** Where a turn's time went, in ms: each stage's end less the previous one's. */
interface Stages {
  /** The later order mail accepted by SMTP → taken by the service (its inbound_messages row's received_at). */
  readonly recorded: number[];
  /** → the turn resolved (turns.resolved_at). */
  readonly resolved: number[];
  /** → the later report accepted by the SMTP server (outbox.sent_at). */
  readonly sent: number[];
  /** → both reports seen in IMAP. */
  readonly seen: number[];
}

/** A turn's stages, from the service's own timestamps (the same clock: this process's). */
async function stagesOf(server: RunningServer, gameId: string, accepted: number, seen: number, into: Stages) {
  const at = (t: number) => performance.timeOrigin + t;
  const { db } = server.database;
  const [inbound] = await db
    .select({ at: sql<Date>`max(${inboundMessages.receivedAt})`.mapWith((v: string) => new Date(v)) })
    .from(inboundMessages)
    .where(eq(inboundMessages.gameId, gameId));
  const [turn] = await db
    .select({ at: turns.resolvedAt })
    .from(turns)
    .where(and(eq(turns.gameId, gameId), eq(turns.number, 1)));
  // The sender marks a mail sent once the SMTP server has answered: the player may have seen it a moment before.
  const reportSent = async () =>
    (
      await db
        .select({ at: sql<Date | null>`max(${outbox.sentAt})`.mapWith((v: string | null) => (v ? new Date(v) : null)) })
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), sql`${outbox.subject} like '%Turn 2 report%'`, eq(outbox.status, 'sent')))
        .having(sql`count(*) = 2`)
    )[0]?.at ?? null;
  await waitUntil(async () => (await reportSent()) !== null, 10_000, `${gameId}: the reports were not marked sent`);
  const report = { at: (await reportSent())! };
  const marks = [at(accepted), inbound!.at.getTime(), turn!.at!.getTime(), report.at.getTime(), at(seen)];
  (['recorded', 'resolved', 'sent', 'seen'] as const).forEach((stage, i) =>
    into[stage].push(marks[i + 1]! - marks[i]!),
  );
}

interface Duel {
  readonly gameId: string;
  readonly tokens: Record<DuelSide, string>;
}

/** The duels of every A window, created before any is measured. */
async function createThroughputDuels(server: RunningServer): Promise<Duel[][]> {
  const perRound = Math.ceil(MAILS / 2);
  const duels = await inParallel(
    Array.from({ length: perRound * ROUNDS }, (_, i) => `tp-${i + 1}`),
    8,
    async (id) => {
      const created = await createDuel(server, id);
      const token = (side: DuelSide) => created.seats.find((s) => s.side === side)!.token;
      return { gameId: id, tokens: { black: token('black'), grey: token('grey') } };
    },
  );
  return Array.from({ length: ROUNDS }, (_, r) => duels.slice(r * perRound, (r + 1) * perRound));
}

interface SentMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

interface Window {
  readonly rate: number;
  readonly seconds: number;
  readonly loadBefore: string;
  readonly loadAfter: string;
}

/** Window A: the round's order mails, until the service has recorded them all; and the answers it sent meanwhile. */
async function serviceWindow(
  server: RunningServer,
  duels: readonly Duel[],
  round: number,
): Promise<Window & { sendSeconds: number; cpuPerMail: number; loop: string; answers: SentMail[] }> {
  const before = await recorded(server);
  const profiler = PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const mails = duels.flatMap((d) => (['black', 'grey'] as const).map((side) => ({ duel: d, side }))).slice(0, MAILS);
  const loadBefore = load();
  const from = new Date();
  const cpu0 = mainThreadCpuMsOf(process.pid);
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  const started = performance.now();
  let sentAt = 0;
  const sending = sendInThread(
    mails.map(({ duel, side }) => ({
      from: addressOf(side === 'black' ? 'alice' : 'bob'),
      to: `orders+${duel.tokens[side]}@${TEST_MAIL_DOMAIN}`,
      subject: `Re: [${duel.gameId}] Turn 1: the game begins`,
      text: `${duelOrders(duel.gameId, side)}\n\n-- \nsent by the benchmark\n`,
    })),
  ).done.then(() => (sentAt = performance.now()));
  await waitUntil(async () => (await recorded(server)) - before >= MAILS, 600_000, `${MAILS} mails were not recorded`);
  const seconds = (performance.now() - started) / 1000;
  const cpuPerMail = (mainThreadCpuMsOf(process.pid) - cpu0) / MAILS;
  loopDelay.disable();
  const busy = (100 * (mainThreadCpuMsOf(process.pid) - cpu0)) / (seconds * 1000);
  // The histogram holds the time between its timer's runs: beyond the resolution, the loop ran late.
  const late = (p: number) => Math.max(0, loopDelay.percentile(p) / 1e6 - LOOP_RESOLUTION_MS).toFixed(0);
  const loop = `event loop ${busy.toFixed(0)} % busy and late by ${late(50)} ms (p50), ${late(99)} ms (p99)`;
  const until = new Date();
  const loadAfter = load();
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(PROFILE!, { recursive: true });
    writeFileSync(join(PROFILE!, `mail-A${round}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
  await sending;
  const answers = await server.database.db
    .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody, html: outbox.htmlBody })
    .from(outbox)
    .where(and(gte(outbox.sentAt, from), lte(outbox.sentAt, until)))
    .orderBy(outbox.sentAt);
  const serviceFrom = `Minimal Space Combat <orders@${TEST_MAIL_DOMAIN}>`;
  return {
    rate: MAILS / seconds,
    seconds,
    sendSeconds: (sentAt - started) / 1000,
    cpuPerMail,
    loop,
    loadBefore,
    loadAfter,
    answers: answers.map((a) => ({
      from: serviceFrom,
      to: a.to,
      subject: a.subject,
      text: a.text,
      ...(a.html !== null ? { html: a.html } : {}),
    })),
  };
}

/**
 * Window B: the same number of mails, sent the same way, delivered to carol's inbox — the mail servers alone — while
 * A's answers are sent again at the pace they went out in A.
 */
async function mailServersWindow(
  carol: Inbox,
  answers: readonly SentMail[],
  answersPerSecond: number,
): Promise<Window & { answersSent: number }> {
  return toCarol('ref', answers, answersPerSecond, async (sent) => {
    await sent;
    await waitUntil(async () => (await delivered(carol)) >= MAILS, 600_000, `${MAILS} mails were not delivered`);
  });
}

/**
 * MAILS order mails to carol, their subjects tagged `<tag>-<i>`, sent while A's answers are sent again at A's pace,
 * until `until` (given the sending) resolves: the window's rate, from the first send.
 */
async function toCarol(
  tag: string,
  answers: readonly SentMail[],
  answersPerSecond: number,
  until: (sent: Promise<unknown>) => Promise<void>,
): Promise<Window & { answersSent: number }> {
  const loadBefore = load();
  const started = performance.now();
  const background = sendInThread(answers, { perSecond: answersPerSecond, lanes: 4 });
  const sent = sendInThread(
    Array.from({ length: MAILS }, (_, i) => ({
      from: addressOf('alice'),
      to: addressOf('carol'),
      subject: `Re: [${tag}-${i}] Turn 1: the game begins`,
      text: `${duelOrders(`${tag}-${i}`, 'black')}\n\n-- \nsent by the benchmark\n`,
    })),
  ).done;
  await until(sent);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = load();
  const answersSent = await background.stop();
  return { rate: MAILS / seconds, seconds, loadBefore, loadAfter, answersSent };
}

/**
 * Window C, the floor of the service's stack for inbound mail: B again (the same mails to carol, A's answers flowing
 * at A's pace), with a reader that does the least the service must do with each mail, on the same libraries, in this
 * process (where the service runs, idle meanwhile): carol's inbox watched over IMAP as the service's watcher watches
 * its own (imapflow, IDLE, a sweep of unread mail a batch of 100 at a time), each mail parsed (mailparser, as the
 * service's reader calls it) and recorded in PostgreSQL (one insert, its own transaction), 16 at a time, then the batch
 * flagged \Seen. Until it has recorded the last. No order is read, no turn resolved, nothing answered.
 */
async function floorWindow(
  server: RunningServer,
  answers: readonly SentMail[],
  answersPerSecond: number,
): Promise<Window & { answersSent: number }> {
  const { db } = server.database;
  await db.execute(sql`create table if not exists bench_floor_mail (message_id text, subject text, at timestamptz)`);
  await db.execute(sql`truncate bench_floor_mail`);
  const reader = await openInbox('carol', { autoIdleDelay: 10 });
  // Whatever an earlier window left there (a client's view may not have held its last mails when it emptied the box).
  await reader.messageDelete('1:*');
  let handled = 0;
  let woken: (() => void) | null = null;
  reader.on('exists', () => woken?.());
  const limit = pLimit(16);
  /** One sweep of carol's unread mail; answers how many it found. */
  const sweep = async (): Promise<number> => {
    const lock = await reader.getMailboxLock('INBOX');
    try {
      const uids = [...((await reader.search({ seen: false }, { uid: true })) || [])].sort((x, y) => x - y);
      for (let i = 0; i < uids.length; i += 100) {
        const batch = uids.slice(i, i + 100);
        const raws: Buffer[] = [];
        for await (const m of reader.fetch(batch.join(','), { uid: true, source: true }, { uid: true }))
          if (m.source) raws.push(m.source);
        await Promise.all(
          raws.map((raw) =>
            limit(async () => {
              const mail = await simpleParser(raw, {
                skipHtmlToText: true,
                skipImageLinks: true,
                skipTextToHtml: true,
              });
              await db.execute(
                sql`insert into bench_floor_mail values (${mail.messageId ?? null}, ${mail.subject ?? null}, now())`,
              );
              if (mail.subject?.includes('[floor-')) handled += 1;
            }),
          ),
        );
        await reader.messageFlagsAdd(batch.join(','), ['\\Seen'], { uid: true });
      }
      return uids.length;
    } finally {
      lock.release();
    }
  };
  const reading = (async () => {
    while (handled < MAILS) {
      // Nothing new: until IDLE tells of more (or a short while, as the service's poll).
      if ((await sweep()) === 0 && handled < MAILS)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 100);
          woken = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      woken = null;
    }
  })();
  // The reader has recorded the last only once the last was sent.
  const window = await toCarol('floor', answers, answersPerSecond, async (sent) => {
    await Promise.all([sent, reading]);
  });
  await reader.logout().catch(() => reader.close());
  return window;
}

/**
 * The load generator: sends mails through 4 pooled SMTP connections, `lanes` at a time, from a thread of its own, so
 * that composing and writing them does not run on the event loop of the service under measurement (in this process).
 * With `perSecond`, mail i leaves no earlier than i / perSecond seconds after the start. Told to stop, it sends no
 * more; it answers how many it sent.
 */
const SENDER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const nodemailer = require('nodemailer');
const { port, mails, perSecond, lanes } = workerData;
const smtp = nodemailer.createTransport({
  host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 4, maxMessages: Infinity,
});
let next = 0;
let sent = 0;
let stopped = false;
parentPort.on('message', () => (stopped = true));
const started = Date.now();
async function lane() {
  while (next < mails.length && !stopped) {
    const i = next++;
    if (perSecond) {
      const wait = started + (i * 1000) / perSecond - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stopped) return;
    }
    await smtp.sendMail(mails[i]);
    sent++;
  }
}
Promise.all(Array.from({ length: lanes }, lane)).then(
  () => { smtp.close(); parentPort.postMessage({ ok: true, sent }); },
  (error) => { smtp.close(); parentPort.postMessage({ ok: false, sent, error: String(error) }); },
);
`;

function sendInThread(
  mails: readonly SentMail[],
  options: { perSecond?: number; lanes?: number } = {},
): { done: Promise<number>; stop(): Promise<number> } {
  const worker = new Worker(SENDER_THREAD, {
    eval: true,
    workerData: { port: SMTP_PORT, mails, perSecond: options.perSecond ?? 0, lanes: options.lanes ?? 16 },
  });
  const done = new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { ok: boolean; sent: number; error?: string }) => {
      void worker.terminate();
      if (m.ok) resolve(m.sent);
      else reject(new Error(`sending the benchmark's mails failed: ${m.error}`));
    });
    worker.once('error', reject);
  });
  return {
    done,
    stop() {
      worker.postMessage('stop');
      return done;
    },
  };
}

/**
 * How many mails Dovecot holds for the inbox's user: the files of its Maildir, read off the disk where mail-up.sh
 * keeps it, so that looking does not make Dovecot sync the mailbox (an IMAP session moves new mail into cur/ under the
 * lock its deliveries take); over IMAP when the folder is not there.
 */
async function delivered(inbox: Inbox): Promise<number> {
  const maildir = join(MAIL_ROOT, 'vmail', TEST_MAIL_DOMAIN, inbox.user, 'Maildir');
  if (!existsSync(maildir)) return inbox.count();
  return readdirSync(join(maildir, 'new')).length + readdirSync(join(maildir, 'cur')).length;
}

async function recorded(server: RunningServer): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(inboundMessages);
  return row?.n ?? 0;
}

async function emptied(...users: readonly ('orders' | 'alice' | 'bob' | 'carol')[]): Promise<void> {
  for (const user of users) {
    const inbox = await Inbox.open(user);
    await inbox.empty();
    await inbox.close();
  }
}

async function main(): Promise<void> {
  if (!(await mailServersUp('the mail benchmark'))) {
    process.exitCode = 1;
    return;
  }
  // The mailboxes are shared with the tests: wait until no test is using them.
  const release = await lockSharedMailboxes(30 * 60_000);
  process.once('exit', release);
  await emptied('orders', 'alice', 'bob', 'carol');
  const database = await serviceDatabase();
  // No per-sender limit: 1,000 mails come from two addresses.
  // A PostgreSQL on this machine over its Unix socket, as docs/deployment.md advises (BENCH_PGHOST=tcp: over TCP).
  const socket = benchSocket();
  const url = database.env.DATABASE_URL;
  const server = await startMailService(database, {
    ...(socket && url ? { DATABASE_URL: socketUrlOf(new URL(url).pathname.slice(1), socket) } : {}),
    MAIL_RATE_PER_HOUR: '0',
    RATE_LIMIT_CREATE: '0',
    POLL_INTERVAL_MS: '100',
  });
  const inboxes = [await Inbox.open('alice'), await Inbox.open('bob')] as const;
  const carol = await Inbox.open('carol');
  const players = [
    { address: addressOf('alice'), name: 'Alice', smtp: smtpClient() },
    { address: addressOf('bob'), name: 'Bob', smtp: smtpClient() },
  ] as const;
  try {
    say(
      `mail benchmark: Dovecot IMAP :11143, OpenSMTPD SMTP :12525, service database ${database.kind}${database.kind === 'postgres' ? (socket ? ' (over its Unix socket)' : ' (over TCP)') : ''}`,
    );
    const loadBefore = load();
    const latency = await turnLatency(server, inboxes, players);
    const t = [...latency.turns].sort((a, b) => a - b);
    const h = [...latency.hops].sort((a, b) => a - b);
    const n = [...latency.notices].sort((a, b) => a - b);
    const floor = latency.hops.map((x, i) => x + latency.notices[i]!).sort((a, b) => a - b);
    say(
      `1. last order accepted by SMTP → every seat's report in its IMAP inbox, ${t.length} turns, each followed by the reference (load ${loadBefore} → ${load()}):`,
    );
    const line = (what: string, xs: readonly number[], note: string) =>
      say(
        `   ${what.padEnd(19)} median ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, min ${ms(xs[0]!)}, max ${ms(xs.at(-1)!)}${note}`,
      );
    line('the service:', t, '   (target p95 < 1000 ms)');
    line('one hop, servers:', h, '   (a mail each way, accepted → both seen in IMAP, polled the same way)');
    line(
      'IDLE notice:',
      n,
      '   (a mail accepted → an IMAP client in IDLE told of it: Dovecot waits 500 ms before it tells)',
    );
    line("the servers' floor:", floor, '   (the notice, then the hop: a turn is that and the service between them)');
    const stage = (name: keyof Stages, what: string) => {
      const xs = [...latency.stages[name]].sort((a, b) => a - b);
      say(
        `     ${what.padEnd(44)} median ${ms(percentile(xs, 50)).padStart(7)}, p95 ${ms(percentile(xs, 95)).padStart(7)}`,
      );
    };
    say(`   where a turn's time goes:`);
    stage('recorded', 'order accepted → taken from IMAP, recorded');
    stage('resolved', '→ turn resolved');
    stage('sent', '→ reports accepted by SMTP');
    stage('seen', '→ both seen in IMAP');
    for (const inbox of inboxes) await inbox.empty();

    const rounds = await createThroughputDuels(server);
    await outboxDrained(server, 600_000);
    for (const inbox of inboxes) await inbox.empty();
    say(
      `2. ${MAILS} mails through 4 pooled SMTP connections, ${ROUNDS} rounds of A (the service: until it recorded the last), B (OpenSMTPD → Dovecot to a mailbox nobody reads, A's answers flowing at A's pace) and C (B with the stack's floor reading that mailbox: IMAP, mailparser, an insert a mail):`,
    );
    const a: Window[] = [];
    const b: Window[] = [];
    const c: Window[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const wa = await serviceWindow(server, rounds[r]!, r + 1);
      a.push(wa);
      const perSecond = wa.answers.length / wa.seconds;
      say(
        `   round ${r + 1} A: ${wa.rate.toFixed(0).padStart(4)} mails/s (${wa.seconds.toFixed(2)} s; SMTP accepted them all in ${wa.sendSeconds.toFixed(2)} s; main thread ${wa.cpuPerMail.toFixed(1)} ms CPU a mail, ${wa.loop}; ${wa.answers.length} answers sent meanwhile, ${perSecond.toFixed(0)}/s)   load ${wa.loadBefore} → ${wa.loadAfter}`,
      );
      await outboxDrained(server, 600_000);
      for (const inbox of inboxes) await inbox.empty();
      // B, then C, each with A's answers flowing beside it; carol's inbox emptied after each.
      for (const [name, run, into] of [
        ['B', () => mailServersWindow(carol, wa.answers, perSecond), b],
        ['C', () => floorWindow(server, wa.answers, perSecond), c],
      ] as const) {
        const w = await run();
        into.push(w);
        say(
          `   round ${r + 1} ${name}: ${w.rate.toFixed(0).padStart(4)} mails/s (${w.seconds.toFixed(2)} s; ${w.answersSent} answers sent beside them)   load ${w.loadBefore} → ${w.loadAfter}`,
        );
        await carol.empty();
        for (const inbox of inboxes) await inbox.empty();
      }
    }
    if (ROUNDS === 0) return;
    const ma = median(a.map((w) => w.rate));
    const mb = median(b.map((w) => w.rate));
    const mc = median(c.map((w) => w.rate));
    say(
      `   medians: the service ${ma.toFixed(0)} mails/s, the mail servers ${mb.toFixed(0)} mails/s: ${((100 * ma) / mb).toFixed(0)} % (rounds: ${a.map((w, i) => `${((100 * w.rate) / b[i]!.rate).toFixed(0)} %`).join(', ')})   (target ≥ 60 %)`,
    );
    say(
      `   the stack's floor (C): ${mc.toFixed(0)} mails/s, ${((100 * mc) / mb).toFixed(0)} % of the mail servers' (rounds: ${c.map((w, i) => `${((100 * w.rate) / b[i]!.rate).toFixed(0)} %`).join(', ')}); the service ${((100 * ma) / mc).toFixed(0)} % of it`,
    );
    const rows = await server.database.db
      .select({ outcome: inboundMessages.outcome, n: count() })
      .from(inboundMessages)
      .where(sql`${inboundMessages.gameId} like 'tp-%'`)
      .groupBy(inboundMessages.outcome);
    say(`   outcomes: ${rows.map((r) => `${r.outcome} ${r.n}`).join(', ')}`);
  } finally {
    for (const p of players) p.smtp.close();
    for (const inbox of [...inboxes, carol]) await inbox.close();
    await server.close();
    await database.drop();
    await emptied('orders', 'alice', 'bob', 'carol').catch(() => undefined);
  }
}

await main();
