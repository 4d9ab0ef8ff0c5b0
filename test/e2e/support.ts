/**
 * Playing by mail against real mail servers, as a person with a mail client
 * would: the service (startServer) in this process, wired to Dovecot (IMAP)
 * and OpenSMTPD (SMTP) on loopback as test/services/mail-up.sh starts them;
 * players who read their inbox over IMAP (imapflow) and reply over SMTP
 * (nodemailer), quoting the report, with a signature, threaded by
 * In-Reply-To and References.
 *
 * Used by the end-to-end suite (test/e2e) and `npm run bench:mail`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { simpleParser, type AddressObject } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import pg from 'pg';
import { loadConfig } from '../../src/config/config.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { testServerUrl } from '../support/db.ts';
import { TEST_MAIL_DOMAIN, TEST_SECRET_KEY } from '../support/games.ts';
import { lockSharedMailboxes } from '../support/mailbox-lock.ts';

export const IMAP_PORT = Number(process.env.MSC_TEST_IMAP_PORT ?? 11143);
export const SMTP_PORT = Number(process.env.MSC_TEST_SMTP_PORT ?? 12525);
/** The mail servers' self-signed certificate (mail-up.sh), pinned as the CA for STARTTLS. */
export const CA_FILE = process.env.MSC_TEST_IMAP_CA ?? '/tmp/pbem-mail/tls/mx.crt';
export const SERVERNAME = `mx.${TEST_MAIL_DOMAIN}`;

/** The mail servers' accounts: `<user>@pbem.test`, password `<user>-pw`. */
export type MailUser = 'orders' | 'alice' | 'bob' | 'carol';
export const addressOf = (user: MailUser) => `${user}@${TEST_MAIL_DOMAIN}`;

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Whether IMAP and SMTP answer. When they do not: a visible notice and false
 * — or, with MSC_REQUIRE_SERVICES=1 (CI), an error, so the suite fails.
 */
export async function mailServersUp(what: string): Promise<boolean> {
  const [imap, smtp] = await Promise.all([answers(IMAP_PORT), answers(SMTP_PORT)]);
  if (imap && smtp) return true;
  const missing = [imap ? null : `IMAP on 127.0.0.1:${IMAP_PORT}`, smtp ? null : `SMTP on 127.0.0.1:${SMTP_PORT}`]
    .filter(Boolean)
    .join(' and ');
  const why = `no ${missing} (start them with test/services/mail-up.sh)`;
  if (process.env.MSC_REQUIRE_SERVICES === '1') throw new Error(`${why}, and MSC_REQUIRE_SERVICES=1 requires them`);
  console.warn(`\n*** ${why}: ${what} skipped ***\n`);
  return false;
}

// ---- the service -------------------------------------------------------------

/** Where the service keeps its games: a new PostgreSQL database when the test server answers, else PGlite in memory. */
export interface ServiceDatabase {
  readonly kind: 'postgres' | 'pglite';
  readonly env: Record<string, string>;
  drop(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function serviceDatabase(): Promise<ServiceDatabase> {
  // Named as test/support/db.ts names its databases, so one left by a crashed run is removed by a later run.
  const name = `msc_test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch (error) {
    if (process.env.MSC_REQUIRE_SERVICES === '1') throw error;
    return { kind: 'pglite', env: { DATA_DIR: 'memory://' }, drop: async () => undefined };
  }
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * The service as `msc serve` runs it, configured to read orders@pbem.test over
 * IMAP (STARTTLS with the test certificate pinned) and send through the SMTP
 * server; short poll intervals; `env` adds or overrides settings.
 */
export function startMailService(database: ServiceDatabase, env: Record<string, string> = {}): Promise<RunningServer> {
  const tls = existsSync(CA_FILE)
    ? { MAIL_IMAP_STARTTLS: 'required', MAIL_IMAP_TLS_CA: CA_FILE, MAIL_IMAP_TLS_SERVERNAME: SERVERNAME }
    : { MAIL_IMAP_STARTTLS: 'off' };
  const config = loadConfig({
    ...database.env,
    PORT: '0',
    MAIL_RECEIVE_PORT: '0',
    LOG_LEVEL: process.env.MSC_TEST_LOG ?? 'silent',
    SECRET_KEY: TEST_SECRET_KEY,
    POLL_INTERVAL_MS: '200',
    MAIL_DOMAIN: TEST_MAIL_DOMAIN,
    MAIL_FROM: `Minimal Space Combat <orders@${TEST_MAIL_DOMAIN}>`,
    MAIL_IMAP_URL: `imap://${encodeURIComponent(addressOf('orders'))}:orders-pw@127.0.0.1:${IMAP_PORT}/INBOX`,
    MAIL_IMAP_POLL_MS: '2000',
    MAIL_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    ...tls,
    ...env,
  });
  return startServer(config, { handleSignals: false, print: () => undefined });
}

// ---- reading mail: IMAP ------------------------------------------------------

/** A mail as the player's client shows it. */
export interface ReceivedMail {
  readonly uid: number;
  readonly subject: string;
  readonly from: string;
  readonly messageId: string;
  /** Where a reply goes: Reply-To, else From. */
  readonly replyTo: string;
  readonly references: readonly string[];
  readonly date: Date;
  /** The text part. */
  readonly text: string;
  /** The HTML part ('' when there is none). */
  readonly html: string;
}

export interface WaitOptions {
  /** Text the subject contains (searched by the IMAP server). */
  readonly subject?: string;
  /** A further test of the mail, in the client. */
  readonly where?: (mail: ReceivedMail) => boolean;
  readonly timeoutMs?: number;
  /** Milliseconds between looks at the inbox. */
  readonly pollMs?: number;
}

const firstAddress = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a[0] : a)?.value[0]?.address ?? '';

/**
 * A test user's INBOX over IMAP, open, as a mail client has it (the server's certificate pinned when there is one;
 * without it, none is checked); `options` adds to the client's.
 */
export async function openInbox(user: MailUser, options: Partial<ImapFlowOptions> = {}): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: IMAP_PORT,
    secure: false,
    auth: { user: addressOf(user), pass: `${user}-pw` },
    logger: false,
    ...(existsSync(CA_FILE)
      ? { servername: SERVERNAME, tls: { ca: [readFileSync(CA_FILE, 'utf8')], servername: SERVERNAME } }
      : { tls: { rejectUnauthorized: false } }),
    ...options,
  });
  client.on('error', () => undefined);
  await client.connect();
  await client.mailboxOpen('INBOX');
  return client;
}

/**
 * One person's inbox over IMAP. Mail is "new" until `waitFor` has returned it,
 * which flags it \Seen; one `waitFor` at a time per inbox.
 */
export class Inbox {
  private readonly parsed = new Map<number, ReceivedMail>();

  private constructor(
    readonly user: MailUser,
    private readonly client: ImapFlow,
  ) {}

  static async open(user: MailUser): Promise<Inbox> {
    // It looks often; IDLE between looks would only add a DONE before each.
    return new Inbox(user, await openInbox(user, { disableAutoIdle: true }));
  }

  /** How many messages the inbox holds. */
  async count(): Promise<number> {
    // STATUS of the selected mailbox may answer what it held when it was selected: SEARCH sees new mail.
    const all = await this.client.search({ all: true }, { uid: true });
    return all ? all.length : 0;
  }

  /** Deletes every message of the inbox (the servers are shared between runs). */
  async empty(): Promise<void> {
    const status = await this.client.status('INBOX', { messages: true });
    if (status && (status.messages ?? 0) > 0) await this.client.messageDelete('1:*');
    this.parsed.clear();
  }

  private async read(uid: number): Promise<ReceivedMail | null> {
    const known = this.parsed.get(uid);
    if (known) return known;
    const message = await this.client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    if (!message || !message.source) return null;
    const mail = await simpleParser(message.source);
    const refs =
      mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
    const read: ReceivedMail = {
      uid,
      subject: mail.subject ?? '',
      from: firstAddress(mail.from),
      messageId: mail.messageId ?? '',
      replyTo: firstAddress(mail.replyTo) || firstAddress(mail.from),
      references: refs,
      date: mail.date ?? new Date(0),
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
    };
    this.parsed.set(uid, read);
    return read;
  }

  /** The oldest new mail that matches, once it is there; flagged \Seen. */
  async waitFor(options: WaitOptions = {}): Promise<ReceivedMail> {
    const { subject, where = () => true, timeoutMs = 20_000, pollMs = 50 } = options;
    const until = Date.now() + timeoutMs;
    for (;;) {
      // A mail client's look for new mail: NOOP makes Dovecot sync the mailbox. SEARCH alone was seen to miss, for
      // 4–5 s, a message delivered a moment after another (a turn's report 10 ms after the answer to its orders).
      await this.client.noop();
      const found = await this.client.search({ seen: false, ...(subject ? { subject } : {}) }, { uid: true });
      for (const uid of [...(found || [])].sort((a, b) => a - b)) {
        const mail = await this.read(uid);
        if (mail && where(mail)) {
          await this.client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          return mail;
        }
      }
      if (Date.now() > until) {
        const waiting = [...this.parsed.values()].map((m) => `  ${m.subject}`).join('\n');
        throw new Error(
          `${this.user}: no mail${subject ? ` with "${subject}" in its subject` : ''} matched within ${timeoutMs} ms; new mail read:\n${waiting}`,
        );
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  async close(): Promise<void> {
    await this.client.logout().catch(() => this.client.close());
  }
}

// ---- writing mail: SMTP ------------------------------------------------------

/** An SMTP client to the test server, as a mail client's outgoing server; `pool` keeps connections open. */
export function smtpClient(options: { pool?: boolean; maxConnections?: number } = {}): Transporter {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: SMTP_PORT,
    secure: false,
    // The test server has no TLS (mail-up.sh: OpenSMTPD 6.8 with OpenSSL 3).
    ignoreTLS: true,
    ...(options.pool ? { pool: true, maxConnections: options.maxConnections ?? 4, maxMessages: Infinity } : {}),
  });
}

/** The mail quoted below a reply, as mail clients quote it. */
export function quoted(mail: ReceivedMail): string {
  const lines = mail.text.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  return [
    `On ${mail.date.toUTCString()}, Minimal Space Combat <${mail.from}> wrote:`,
    ...lines.map((l) => (l === '' ? '>' : `> ${l}`)),
  ].join('\n');
}

/** A player: their address, their name (for the signature) and their mail client's outgoing server. */
export interface Player {
  readonly address: string;
  readonly name: string;
  readonly smtp: Transporter;
}

/**
 * A reply to `to` as a mail client writes it: to its Reply-To address,
 * "Re:" subject, In-Reply-To and References, the text above a signature and
 * the quoted original. Resolves once the SMTP server has accepted it.
 */
export async function reply(
  player: Player,
  to: ReceivedMail,
  text: string,
): Promise<{ messageId: string; acceptedAt: number }> {
  const body = `${text.trimEnd()}\n\n-- \n${player.name}\n\n${quoted(to)}\n`;
  const references = [...to.references, to.messageId].filter((r) => r !== '');
  const info = (await player.smtp.sendMail({
    from: `${player.name} <${player.address}>`,
    to: to.replyTo,
    subject: /^re:/i.test(to.subject) ? to.subject : `Re: ${to.subject}`,
    inReplyTo: to.messageId,
    references,
    text: body,
  })) as { messageId: string };
  return { messageId: info.messageId, acceptedAt: performance.now() };
}

/** The dice seed's SHA-256 published in a game-start mail. */
export function seedCommitment(text: string): string | null {
  return /SHA-256 of the dice seed:\s*\n\s*([0-9a-f]{64})/.exec(text)?.[1] ?? null;
}

/** The dice seed published in a game-end mail. */
export function publishedSeed(text: string): string | null {
  return /The dice seed of this game was:\s*\n\s*(\S+)/.exec(text)?.[1] ?? null;
}

/** The service on the real mail servers with two players, Alice and Bob, each reading their own inbox. */
export interface MailTable {
  readonly database: ServiceDatabase;
  readonly server: RunningServer;
  readonly alice: Player;
  readonly bob: Player;
  readonly aliceInbox: Inbox;
  readonly bobInbox: Inbox;
  /** Stops the service, drops its database, closes the inboxes and connections, and frees the mailboxes. */
  close(): Promise<void>;
}

/**
 * Takes the shared mailboxes (test/support/mailbox-lock.ts), empties the ones the test reads and the service
 * watches (the servers are shared between runs), and starts the service on a database of its own.
 */
export async function mailTable(lockTimeoutMs?: number): Promise<MailTable> {
  const release = await lockSharedMailboxes(lockTimeoutMs);
  const inboxes: Inbox[] = [];
  for (const user of ['orders', 'alice', 'bob'] as const) {
    const inbox = await Inbox.open(user);
    await inbox.empty();
    if (user === 'orders') await inbox.close();
    else inboxes.push(inbox);
  }
  const database = await serviceDatabase();
  const server = await startMailService(database);
  const alice = { address: addressOf('alice'), name: 'Alice', smtp: smtpClient() };
  const bob = { address: addressOf('bob'), name: 'Bob', smtp: smtpClient() };
  return {
    database,
    server,
    alice,
    bob,
    aliceInbox: inboxes[0]!,
    bobInbox: inboxes[1]!,
    async close() {
      await server.close();
      await database.drop();
      for (const inbox of inboxes) await inbox.close();
      alice.smtp.close();
      bob.smtp.close();
      release();
    },
  };
}
