/**
 * Watches the order mailbox over IMAP (imapflow): IDLE tells it at once when
 * mail arrives, a poll every MAIL_IMAP_POLL_MS covers a missed notification,
 * and a lost connection is opened again with exponential backoff.
 *
 * Each unread (not \Seen) message goes through handleInboundMail; only after
 * that has committed is the message flagged \Seen. Messages are read and
 * flagged a batch per round trip and handled a few at a time, one sender's in
 * the order they arrived. It stays in its folder, so
 * the mailbox is the archive of what arrived; a crash between the commit and
 * the flag means the mail is read again and recognised as a duplicate. The
 * mailbox must therefore be the service's own: a person reading it in a mail
 * client would mark mail \Seen before the service sees it.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import pLimit from 'p-limit';
import type { Logger } from '../log.ts';
import { createPoller, type Poller } from '../lib/poller.ts';
import { DEFAULT_INBOUND_OPTIONS, handleInboundMail, type InboundContext } from './inbound.ts';

export interface ImapWatcherOptions {
  /** imap://user:password@host:port/FOLDER or imaps://… (user and password URL-encoded). */
  readonly url: string;
  readonly starttls: 'auto' | 'required' | 'off';
  /** A PEM file of a certificate authority trusted besides the system ones. */
  readonly tlsCaFile?: string | undefined;
  readonly tlsServername?: string | undefined;
  /** Accept any certificate (tests only). */
  readonly tlsInsecure: boolean;
  readonly pollMs: number;
  /** Reconnection delays: the first, doubled after every failure up to the last. */
  readonly backoffMs?: { readonly initial: number; readonly max: number };
  /** Messages read per round trip (default 100). */
  readonly batchSize?: number;
  readonly logger?: Logger | undefined;
}

export interface ImapWatcher {
  /** Stops watching: waits for the message in hand, then logs out. */
  stop(): Promise<void>;
  /** Resolves once the watcher has connected and read the folder at least once (for tests and start-up logs). */
  readonly ready: Promise<void>;
}

/** What imapflow needs, from the URL and the TLS settings. */
function imapConnection(options: ImapWatcherOptions): { flow: ImapFlowOptions; folder: string } {
  const url = new URL(options.url);
  const secure = url.protocol === 'imaps:';
  const ca = options.tlsCaFile ? [...rootCertificates, readFileSync(options.tlsCaFile, 'utf8')] : undefined;
  const servername = options.tlsServername;
  const folder = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    folder,
    flow: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : secure ? 993 : 143,
      secure,
      ...(secure ? {} : options.starttls === 'auto' ? {} : { doSTARTTLS: options.starttls === 'required' }),
      ...(servername ? { servername } : {}),
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      tls: { rejectUnauthorized: !options.tlsInsecure, ...(ca ? { ca } : {}), ...(servername ? { servername } : {}) },
      // imapflow waits this long after a command before it IDLEs, and mail that arrives meanwhile waits for it: by
      // default 15 s (until the poll). A sweep holds the mailbox lock for all its commands, so no IDLE comes between
      // them however short the delay; between two sweeps, mail that came while the first was closing (a turn's
      // second order mail, a moment after the first) would wait the whole delay.
      autoIdleDelay: 10,
      logger: false,
      connectionTimeout: 30_000,
    },
  };
}

export function startImapWatcher(ctx: InboundContext, options: ImapWatcherOptions): ImapWatcher {
  const log = options.logger?.child({ module: 'mail-imap' });
  const backoff = options.backoffMs ?? { initial: 1_000, max: 300_000 };
  const { flow, folder } = imapConnection(options);
  const maxBytes = ctx.inbound?.maxBytes ?? DEFAULT_INBOUND_OPTIONS.maxBytes;
  const batchSize = options.batchSize ?? IMAP_BATCH;
  let stopped = false;
  let client: ImapFlow | null = null;
  /** The sweeps of the open connection. */
  let sweeper: Poller | null = null;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  /**
   * Reads every unread message of the folder, oldest first, a batch at a time: one FETCH for a batch's sizes, one for
   * its messages, and one STORE flagging \Seen those whose effects have committed. The messages of a batch are
   * handled a few at a time, but those of one sender to one address one after another, in the order they arrived
   * (a later order mail replaces an earlier one).
   */
  async function sweep(c: ImapFlow): Promise<void> {
    const lock = await c.getMailboxLock(folder);
    try {
      const uids = [...((await c.search({ seen: false }, { uid: true })) || [])].sort((a, b) => a - b);
      for (let i = 0; i < uids.length && !stopped; i += batchSize) {
        const batch = uids.slice(i, i + batchSize);
        const sizes = new Map<number, number>();
        for await (const m of c.fetch(batch.join(','), { uid: true, size: true }, { uid: true }))
          sizes.set(m.uid, m.size ?? 0);
        for (const part of byBytes(
          batch.filter((uid) => sizes.has(uid)),
          sizes,
          maxBytes,
        )) {
          if (stopped) return;
          const mails = await fetchMails(c, part, sizes, maxBytes);
          const handled = await handleInOrder(
            mails,
            async (mail) => {
              try {
                const outcome = await handleInboundMail(ctx, mail.raw, mail.size === null ? {} : { size: mail.size });
                log?.debug({ uid: mail.uid, outcome: outcome.outcome }, 'imap message handled');
                return true;
              } catch (error) {
                // Not committed: it stays unread and is tried again at the next sweep.
                log?.warn({ err: error, uid: mail.uid }, 'imap message not handled; it stays unread');
                return false;
              }
            },
            () => stopped,
          );
          if (handled.length > 0) await c.messageFlagsAdd(handled.join(','), ['\\Seen'], { uid: true });
        }
      }
    } finally {
      lock.release();
    }
  }

  /** One connection, until it closes; rejects if it did not get as far as opening the folder. */
  async function session(): Promise<void> {
    const c = new ImapFlow(flow);
    client = c;
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    // An 'error' event without a listener would end the process; the 'close' that follows reconnects.
    c.on('error', (error: unknown) => log?.warn({ err: error }, 'imap connection error'));
    try {
      await c.connect();
      await c.mailboxOpen(folder);
    } catch (error) {
      c.close();
      throw error;
    }
    log?.info({ host: flow.host, port: flow.port, folder }, 'watching the order mailbox');
    // A sweep now, at every new message (IDLE), and every pollMs in case a notification was missed.
    const sweeps = createPoller({
      pass: async () => {
        await sweep(c);
        markReady();
      },
      intervalMs: options.pollMs,
      onError: (error) => {
        log?.warn({ err: error }, 'imap sweep failed; reconnecting');
        c.close();
      },
    });
    sweeper = sweeps;
    c.on('exists', () => sweeps.wake());
    sweeps.start();
    try {
      await closed;
    } finally {
      await sweeps.stop();
      if (sweeper === sweeps) sweeper = null;
    }
  }

  // A connection that got to the folder was a success: the backoff starts again from the beginning.
  const connections = createPoller({
    pass: async () => {
      await session();
      if (!stopped) log?.info({ delayMs: backoff.initial }, 'imap connection closed; reconnecting');
    },
    intervalMs: backoff.initial,
    backoff: { initialMs: backoff.initial, maxMs: backoff.max },
    onError: (error, _failures, retryInMs) => {
      if (!stopped) log?.warn({ err: error, delayMs: retryInMs }, 'imap connection failed; reconnecting');
    },
  });
  connections.start();

  return {
    ready,
    async stop() {
      stopped = true;
      const done = connections.stop();
      await sweeper?.stop();
      const c = client;
      if (c?.usable) await c.logout().catch(() => c.close());
      else c?.close();
      await done;
    },
  };
}

/** Messages read per round trip, unless the options say. */
const IMAP_BATCH = 100;
/** Most bytes of messages held at once by a sweep. */
const IMAP_BATCH_BYTES = 8 * 1024 * 1024;
/** Messages handled at once (each its own transaction). */
const IMAP_CONCURRENCY = 16;

interface FetchedMail {
  readonly uid: number;
  readonly raw: Buffer;
  /** An oversized message's size: only its headers were fetched. Null: the whole message is here. */
  readonly size: number | null;
}

/** A batch cut into parts of at most IMAP_BATCH_BYTES (an oversized message counts only its headers). */
function byBytes(uids: readonly number[], sizes: ReadonlyMap<number, number>, maxBytes: number): number[][] {
  const parts: number[][] = [];
  let part: number[] = [];
  let bytes = 0;
  for (const uid of uids) {
    const size = Math.min(sizes.get(uid) ?? 0, maxBytes);
    if (part.length > 0 && bytes + size > IMAP_BATCH_BYTES) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(uid);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** The messages of a part, in UID order: whole, or only the headers of one larger than maxBytes. */
async function fetchMails(
  c: ImapFlow,
  uids: readonly number[],
  sizes: ReadonlyMap<number, number>,
  maxBytes: number,
): Promise<FetchedMail[]> {
  const big = uids.filter((uid) => sizes.get(uid)! > maxBytes);
  const small = uids.filter((uid) => sizes.get(uid)! <= maxBytes);
  const mails: FetchedMail[] = [];
  if (small.length > 0)
    for await (const m of c.fetch(small.join(','), { uid: true, source: true }, { uid: true }))
      if (m.source) mails.push({ uid: m.uid, raw: m.source, size: null });
  // Oversized: its headers are enough to answer it; the rest is never downloaded.
  if (big.length > 0)
    for await (const m of c.fetch(big.join(','), { uid: true, headers: true }, { uid: true }))
      if (m.headers) mails.push({ uid: m.uid, raw: m.headers, size: sizes.get(m.uid) ?? m.headers.length });
  return mails.sort((a, b) => a.uid - b.uid);
}

/** Who a message is from and to, read off its header lines: the lane it is handled in. */
function laneOf(raw: Buffer): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, end < 0 ? Math.min(raw.length, 65_536) : end).toString('latin1');
  const field = (name: string) =>
    new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(head)?.[1]?.trim().toLowerCase() ?? '';
  return `${field('from')}\n${field('to')}`;
}

/**
 * Handles the mails a few lanes at a time, each lane's in order; returns the UIDs handled (committed), in order.
 * Stops taking mails once `stopped()` says so; those not taken stay unread.
 */
async function handleInOrder(
  mails: readonly FetchedMail[],
  handle: (mail: FetchedMail) => Promise<boolean>,
  stopped: () => boolean,
): Promise<number[]> {
  const lanes = new Map<string, FetchedMail[]>();
  for (const mail of mails) {
    const lane = laneOf(mail.raw);
    lanes.set(lane, [...(lanes.get(lane) ?? []), mail]);
  }
  const limit = pLimit(IMAP_CONCURRENCY);
  const handled: number[] = [];
  await Promise.all(
    [...lanes.values()].map((lane) =>
      limit(async () => {
        for (const mail of lane) {
          if (stopped()) return;
          if (await handle(mail)) handled.push(mail.uid);
        }
      }),
    ),
  );
  return handled.sort((a, b) => a - b);
}
