/**
 * The outbox sender: takes finished mail from the outbox table and delivers
 * it through a driver chosen by configuration —
 *
 * - `smtp`: nodemailer over a pool of SMTP connections (MAIL_SMTP_URL);
 * - `mailbox`: nothing leaves the machine; a mail counts as delivered to the
 *   local mailbox the web pages show (mailbox.ts). The zero-setup default.
 *
 * A pass claims a small batch of due rows (`pending`, next_attempt_at passed)
 * with FOR UPDATE SKIP LOCKED and leases them (next_attempt_at moves LEASE_MS
 * ahead) in one short transaction; sends them outside any transaction, so a
 * slow mail server never holds a database connection (PGlite has only one);
 * then marks each `sent`, or schedules a retry with exponential backoff, or
 * marks it `failed` with last_error when the server refused it for good (a 5xx
 * answer to the message) or it has been tried MAIL_MAX_ATTEMPTS times.
 * Several senders, in one process or many, never take the same row. Each row
 * is marked the moment its own send ends, so a sender that dies mid-send
 * leaves only the mails then in flight to be taken again — when the lease runs
 * out (SEND_DEADLINE_MS plus a margin: a send that takes longer is given up and
 * tried again later), or at once when the service starts on PGlite, whose data
 * no other process can hold (`releaseStrandedMail`). Such a mail may go out
 * twice (with the same Message-ID), never zero times.
 *
 * The sender wakes on the outbox notification (games/messages.ts) and polls as
 * a fallback; time comes from the injected clock, jitter from an injected source.
 */
import nodemailer from 'nodemailer';
import type { Transporter, SendMailOptions } from 'nodemailer';
import type { AppDatabase, Database } from '../games/context.ts';
import {
  createOutboxRepository,
  type OutboxAttachment,
  type OutboxMessage,
} from '../games/outbox/outbox.repository.ts';
import type { Config } from '../config/config.ts';
import { bounceAddress } from '../games/service-key.ts';
import { recordBounce } from '../games/outbox/bounces.ts';
import type { Clock } from '../games/clock.ts';
import { OUTBOX_CHANNEL } from '../games/turns/messages.ts';
import type { Logger } from '../log.ts';
import { createWokenPoller, type WokenPoller } from '../lib/poller.ts';

/** One finished mail, as the outbox holds it. */
export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  /** Message-ID, In-Reply-To, References, Reply-To, Auto-Submitted… */
  readonly headers: Readonly<Record<string, string>>;
  readonly date: Date;
  /** Files sent with it (a turn report's JSON), as text. */
  readonly attachments?: readonly OutboxAttachment[];
  /** The envelope sender (SMTP MAIL FROM), where bounces go: the row's own address (VERP); default the From. */
  readonly returnPath?: string;
}

/** Where mail goes. `send` resolves when the mail is delivered, rejects with the server's error. */
export interface MailDriver {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer's message: the headers it has its own fields for go there, so it never writes them twice. */
function messageOptions(mail: OutgoingMail): SendMailOptions {
  const {
    'Message-ID': messageId,
    'In-Reply-To': inReplyTo,
    References: references,
    'Reply-To': replyTo,
    ...rest
  } = mail.headers;
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== null ? { html: mail.html } : {}),
    date: mail.date,
    ...(messageId ? { messageId } : {}),
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(references ? { references } : {}),
    ...(replyTo ? { replyTo } : {}),
    headers: rest,
    ...(mail.returnPath ? { envelope: { from: mail.returnPath, to: mail.to } } : {}),
    ...(mail.attachments && mail.attachments.length > 0
      ? {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        }
      : {}),
    // The outbox holds only text: nothing in a mail may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export interface SmtpDriverOptions {
  /** Connections the pool opens at most; default 4. */
  readonly maxConnections?: number;
  /** Milliseconds to wait for a connection, the greeting, and any one answer; default 30 s, 30 s, 60 s. */
  readonly timeouts?: { connect?: number; greeting?: number; socket?: number };
}

/** Sends through a pool of SMTP connections to the server of `url` (smtp:// or smtps://, user and password URL-encoded). */
export function smtpDriver(url: string, options: SmtpDriverOptions = {}): MailDriver {
  const transport: Transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    connectionTimeout: options.timeouts?.connect ?? 30_000,
    greetingTimeout: options.timeouts?.greeting ?? 30_000,
    socketTimeout: options.timeouts?.socket ?? 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail(messageOptions(mail));
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The local mailbox: nothing leaves the machine. The mail is still built as
 * nodemailer would send it, so a mail that could not be sent fails here too.
 */
export function mailboxDriver(): MailDriver {
  const builder: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'mailbox',
    async send(mail) {
      await builder.sendMail(messageOptions(mail));
    },
    async close() {
      builder.close();
    },
  };
}

/** The driver the configuration names: SMTP when MAIL_SMTP_URL is set, else the local mailbox. */
function mailDriverFor(config: Pick<Config, 'mailSmtpUrl'>, options?: SmtpDriverOptions): MailDriver {
  return config.mailSmtpUrl ? smtpDriver(config.mailSmtpUrl, options) : mailboxDriver();
}

/**
 * The longest one send may take: above the SMTP driver's connection, greeting and answer timeouts together
 * (30 + 30 + 60 s), so that only a server that stalls past all of them is given up on.
 */
export const SEND_DEADLINE_MS = 150_000;
/** A claimed row's lease runs this much past the send deadline: time to mark the row once its send has ended. */
const LEASE_MARGIN_MS = 30_000;

/** A send given up at its deadline: retried later like any temporary failure. */
export class SendDeadlineError extends Error {
  constructor(ms: number) {
    super(`the mail server did not finish within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`);
    this.name = 'SendDeadlineError';
  }
}

function withDeadline(send: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendDeadlineError(ms)), ms);
  });
  // A send that ends after its deadline changes nothing: the row was already scheduled again.
  send.catch(() => undefined);
  return Promise.race([send, late]).finally(() => clearTimeout(timer));
}

/**
 * Mail stranded by a sender that died mid-send (its rows leased, not yet due) is due again now. Only where no other
 * process can be sending (PGlite: one process holds the data directory); a restart also tries again at once the mail
 * waiting for a retry. Returns how many rows were released.
 */
export async function releaseStrandedMail(ctx: Pick<SenderContext, 'db' | 'clock' | 'logger'>): Promise<number> {
  const released = await createOutboxRepository(ctx.db).dueNow(ctx.clock.now());
  if (released > 0) ctx.logger?.info({ released }, 'outbox: mail left waiting by the last run is due again');
  return released;
}

const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 3_600_000;
/** The longest wait after failed passes in a row, unless the poll is longer. */
const PASS_BACKOFF_MAX_MS = 60_000;

/**
 * How long to wait after the `failures`-th failed try: 30 s, 1 min, 2 min …
 * capped at an hour, spread by ±20 % (`jitter` in [0, 1); 0.5 is no spread)
 * so that mail held back by one outage does not all come back at once.
 */
export function backoffMs(failures: number, jitter: number): number {
  const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(Math.min(LAST_RETRY_MS, base * (0.8 + 0.4 * jitter)));
}

/** What a failed send means: `permanent` when trying the same mail again would get the same answer. */
export function classifySendError(error: unknown): { permanent: boolean; message: string; recipient?: boolean } {
  const e = (error ?? {}) as {
    command?: string;
    code?: string;
    responseCode?: number;
    permanent?: boolean;
    message?: string;
    response?: string;
  };
  const message =
    String(e.response ?? e.message ?? error)
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 1000) || 'unknown error';
  // The server turning the service's own login down is the operator's to fix: every mail would fail, none is lost
  // meanwhile.
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'EOAUTH2') return { permanent: false, message };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (code !== null)
    return {
      permanent: e.permanent ?? (code >= 500 && code < 600 && code !== 503),
      message: message.startsWith(String(code)) ? message : `${code} ${message}`,
      // The server refused the recipient (RCPT TO), not the mail: the address is what fails.
      ...(e.command?.toUpperCase().startsWith('RCPT') ? { recipient: true } : {}),
    };
  // An envelope nodemailer cannot even build (no valid recipient) will never go.
  if (e.code === 'EENVELOPE') return { permanent: true, message };
  return { permanent: false, message };
}

export interface SenderContext {
  readonly db: AppDatabase;
  readonly clock: Clock;
  readonly logger?: Logger;
  /**
   * With both, each mail's envelope sender is its own bounce address (service-key.ts `bounceAddress`), so that a
   * bounce names the mail, and the seat, it answers (mail/bounces.ts).
   */
  readonly serviceKey?: Buffer;
  readonly mailDomain?: string;
}

export interface OutboxSenderOptions {
  readonly driver: MailDriver;
  /** The From of every mail (MAIL_FROM). */
  readonly from: string;
  /** Tries before a mail is marked failed (MAIL_MAX_ATTEMPTS). */
  readonly maxAttempts: number;
  /** Rows claimed per pass; default 10. */
  readonly batchSize?: number;
  /** How often to look for due mail when nothing wakes the sender; default 5 s. */
  readonly pollMs?: number;
  /** The longest one send may take before it is given up (and tried again later); default SEND_DEADLINE_MS. */
  readonly sendDeadlineMs?: number;
  /** Jitter source for the backoff, in [0, 1); default Math.random. */
  readonly jitter?: () => number;
  /**
   * Sends the rows of a pass one after the other, each marked before the next goes (PGlite). A mark waits for the
   * database, and PGlite's one connection is held by whatever transaction runs meanwhile (a resolution): mails sent
   * at once would all wait there, unmarked, and a process killed then would send them all again. One at a time, a
   * kill repeats at most the one mail in flight, as on PostgreSQL, where each mark goes at once on its own connection.
   */
  readonly oneAtATime?: boolean;
}

/** What one pass did. */
export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

export class OutboxSender {
  readonly #poller: WokenPoller;
  readonly #batch: number;
  readonly #lease: number;
  readonly #sendDeadline: number;
  readonly #jitter: () => number;

  constructor(
    private readonly ctx: SenderContext,
    private readonly database: Pick<Database, 'listen'> | null,
    private readonly options: OutboxSenderOptions,
  ) {
    this.#batch = options.batchSize ?? 10;
    this.#sendDeadline = options.sendDeadlineMs ?? SEND_DEADLINE_MS;
    // Nobody else takes a row while its send may still be running.
    this.#lease = this.#sendDeadline + LEASE_MARGIN_MS;
    this.#jitter = options.jitter ?? Math.random;
    const pollMs = options.pollMs ?? 5_000;
    this.#poller = createWokenPoller({
      listen: database ? (channel, onNotify) => database.listen(channel, onNotify) : null,
      channel: OUTBOX_CHANNEL,
      pass: async (stopping) => {
        await this.drain(stopping);
      },
      intervalMs: pollMs,
      // A failing pass (the database away) is tried again after pollMs, then less and less often.
      backoff: { initialMs: pollMs, maxMs: Math.max(pollMs, PASS_BACKOFF_MAX_MS) },
      onError: (error, failures, retryInMs) =>
        this.ctx.logger?.error({ err: error, failures, retryInMs }, 'outbox sender: a pass failed; retrying'),
    });
  }

  get driver(): MailDriver['kind'] {
    return this.options.driver.kind;
  }

  /** Starts sending in the background: at once, on every outbox notification, and every pollMs. */
  async start(): Promise<void> {
    await this.#poller.start();
  }

  /** Looks for due mail now instead of at the next poll. */
  wake(): void {
    this.#poller.wake();
  }

  /**
   * Stops after the pass in progress, or when `deadlineMs` has passed first
   * (mail then in hand goes again once its lease runs out), and closes the driver.
   */
  async stop(deadlineMs?: number): Promise<void> {
    if (!(await this.#poller.stop(deadlineMs)))
      this.ctx.logger?.warn({ deadlineMs }, 'outbox sender: stopped before its pass finished');
    await this.options.driver.close();
  }

  /** Claims due rows and leases them to this sender, in one short transaction. */
  async #claim(): Promise<OutboxMessage[]> {
    const now = this.ctx.clock.now();
    return createOutboxRepository(this.ctx.db).claimDue(now, this.#batch, new Date(now.getTime() + this.#lease));
  }

  async #deliver(row: OutboxMessage): Promise<'sent' | 'retrying' | 'failed'> {
    const mail: OutgoingMail = {
      from: this.options.from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      headers: row.headers,
      attachments: row.attachments,
      ...(this.ctx.serviceKey && this.ctx.mailDomain
        ? { returnPath: bounceAddress(this.ctx.serviceKey, this.ctx.mailDomain, row.id) }
        : {}),
      date: this.ctx.clock.now(),
    };
    const log = this.ctx.logger?.child({ module: 'outbox', outboxId: row.id, kind: row.kind, gameId: row.gameId });
    try {
      await withDeadline(this.options.driver.send(mail), this.#sendDeadline);
    } catch (error) {
      const { permanent, message, recipient } = classifySendError(error);
      const attempts = row.attempts + 1;
      const giveUp = permanent || attempts >= this.options.maxAttempts;
      const now = this.ctx.clock.now();
      await createOutboxRepository(this.ctx.db).markNotSent(row.id, {
        attempts,
        lastError: permanent ? message : giveUp ? `${message} (gave up after ${attempts} attempts)` : message,
        retryAt: giveUp ? null : new Date(now.getTime() + backoffMs(attempts, this.#jitter())),
      });
      // A recipient refused for good is a bounce come sooner: its seat is marked as a bounce would mark it.
      if (permanent && recipient)
        await this.ctx.db.transaction((tx) =>
          recordBounce(this.ctx, tx, { outboxId: row.id, messageIds: [], permanent: true, reason: message }),
        );
      if (giveUp) log?.error({ err: error, attempts, permanent }, 'outgoing mail failed for good');
      else log?.warn({ err: error, attempts }, 'outgoing mail not sent; will retry');
      return giveUp ? 'failed' : 'retrying';
    }
    await createOutboxRepository(this.ctx.db).markSent(row.id, this.ctx.clock.now());
    log?.debug({ driver: this.options.driver.kind }, 'outgoing mail sent');
    return 'sent';
  }

  /** One pass: claims up to batchSize due rows and sends them (at once: the SMTP pool queues them; or oneAtATime). */
  async sendDue(): Promise<SendReport> {
    const rows = await this.#claim();
    const outcomes: ('sent' | 'retrying' | 'failed')[] = [];
    if (this.options.oneAtATime) for (const row of rows) outcomes.push(await this.#deliver(row));
    else outcomes.push(...(await Promise.all(rows.map((row) => this.#deliver(row)))));
    return {
      sent: outcomes.filter((o) => o === 'sent').length,
      retrying: outcomes.filter((o) => o === 'retrying').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  /** Passes until no mail is due now; once `stopping` aborts, it claims no further batch. */
  async drain(stopping?: AbortSignal): Promise<SendReport> {
    const total: SendReport = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      // Lets the event loop in between batches (requests, signals): PGlite runs in this thread.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopping?.aborted) return total;
      const r = await this.sendDue();
      total.sent += r.sent;
      total.retrying += r.retrying;
      total.failed += r.failed;
      if (r.sent + r.retrying + r.failed === 0) return total;
    }
  }
}

/** The sender the configuration asks for. */
export function outboxSenderFor(
  config: Pick<Config, 'mailSmtpUrl' | 'mailFrom' | 'mailMaxAttempts' | 'pollIntervalMs'>,
  ctx: SenderContext,
  database: Pick<Database, 'listen' | 'kind'> | null,
): OutboxSender {
  return new OutboxSender(ctx, database, {
    driver: mailDriverFor(config),
    from: config.mailFrom,
    maxAttempts: config.mailMaxAttempts,
    pollMs: config.pollIntervalMs,
    oneAtATime: database?.kind === 'pglite',
  });
}
