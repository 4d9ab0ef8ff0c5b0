/**
 * Watches the order mailbox over IMAP (imapflow): IDLE tells it at once when
 * mail arrives, a poll every MAIL_IMAP_POLL_MS covers a missed notification,
 * and a lost connection is opened again with exponential backoff.
 *
 * Each unread (not \Seen) message goes through handleInboundMail; only after
 * that has committed is the message flagged \Seen. It stays in its folder, so
 * the mailbox is the archive of what arrived; a crash between the commit and
 * the flag means the mail is read again and recognised as a duplicate. The
 * mailbox must therefore be the service's own: a person reading it in a mail
 * client would mark mail \Seen before the service sees it.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
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
      // imapflow would wait 15 s before it IDLEs; mail that arrives meanwhile would wait for the poll.
      autoIdleDelay: 500,
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
  let stopped = false;
  let client: ImapFlow | null = null;
  /** The sweeps of the open connection. */
  let sweeper: Poller | null = null;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  /** Reads every unread message of the folder, one at a time, oldest first. */
  async function sweep(c: ImapFlow): Promise<void> {
    const lock = await c.getMailboxLock(folder);
    try {
      const uids = (await c.search({ seen: false }, { uid: true })) || [];
      for (const uid of [...uids].sort((a, b) => a - b)) {
        if (stopped) return;
        const range = String(uid);
        const sized = await c.fetchOne(range, { uid: true, size: true }, { uid: true });
        if (!sized) continue;
        // Oversized: its headers are enough to answer it; the rest is never downloaded.
        const big = (sized.size ?? 0) > maxBytes;
        const message = await c.fetchOne(range, big ? { uid: true, headers: true } : { uid: true, source: true }, {
          uid: true,
        });
        const raw = message ? (big ? message.headers : message.source) : undefined;
        if (!raw) continue;
        try {
          const outcome = await handleInboundMail(ctx, raw, big ? { size: sized.size ?? raw.length } : {});
          log?.debug({ uid, outcome: outcome.outcome }, 'imap message handled');
        } catch (error) {
          // Not committed: it stays unread and is tried again at the next sweep.
          log?.warn({ err: error, uid }, 'imap message not handled; it stays unread');
          continue;
        }
        await c.messageFlagsAdd(range, ['\\Seen'], { uid: true });
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
