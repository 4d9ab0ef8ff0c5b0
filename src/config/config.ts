/**
 * The service's configuration: every setting comes from one environment
 * variable, checked at start-up so that a wrong value stops the service with
 * a message naming the variable, what was wrong and what is expected —
 * never a surprise hours later, in the middle of a turn.
 *
 * To add a setting, add one entry to CONFIG_KEYS: the rest (the Config type,
 * the parsing, the error messages, the documentation) follows from it.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../rules/result.ts';

/** One setting: where it comes from, what it means, how it is checked. */
export interface ConfigKey<T> {
  /** The environment variable. */
  readonly env: string;
  /** One line for the README and `--help`. */
  readonly doc: string;
  /** What a valid value looks like, for the error message. */
  readonly expected: string;
  /** The default, written as it would be in the environment; none: the setting is optional. */
  readonly default?: string;
  /** A default that depends on other settings, described for the documentation only. */
  readonly derivedDefault?: string;
  /** The value may hold a password: never echo it back. */
  readonly secret?: boolean;
  /** Checks and converts the text of the variable (undefined when unset and without default). */
  readonly schema: z.ZodType<T>;
}

const key = <T>(k: ConfigKey<T>): ConfigKey<T> => k;

const wholeNumber = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

/** A yes/no switch: true/false, yes/no, on/off or 1/0, in any case. */
const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', 'yes', 'no', 'on', 'off', '1', '0']))
  .transform((v) => ['true', 'yes', 'on', '1'].includes(v));

const urlWithProtocol = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((text) => {
      if (!URL.canParse(text)) return false;
      const url = new URL(text);
      return protocols.includes(url.protocol) && url.hostname !== '';
    });

/** The parts of the service a process can run (ROLES): the zero-setup default runs them all. */
export const SERVICE_ROLES = ['web', 'workers', 'mail'] as const;
export type ServiceRole = (typeof SERVICE_ROLES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const CONFIG_KEYS = {
  databaseUrl: key({
    env: 'DATABASE_URL',
    doc: 'PostgreSQL server to keep the games in. Unset: the embedded PGlite database in DATA_DIR/pglite.',
    expected: 'a postgres:// or postgresql:// URL with a host, e.g. postgres://msc@127.0.0.1:5432/msc',
    secret: true,
    schema: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  }),
  databaseConnectTimeoutMs: key({
    env: 'DATABASE_CONNECT_TIMEOUT_MS',
    doc: 'How long a PostgreSQL connection may take to open, or to come free when all are busy, in milliseconds; past it a request is answered 503 (try again later).',
    expected: 'a whole number of milliseconds from 100 to 600000',
    default: '5000',
    schema: wholeNumber(100, 600_000),
  }),
  databaseStatementTimeoutMs: key({
    env: 'DATABASE_STATEMENT_TIMEOUT_MS',
    doc: 'Longest one PostgreSQL statement may run, waits for locks included, in milliseconds (statement_timeout); a server that has not answered 2 seconds after it (frozen, or the network gone) has its connection closed.',
    expected: 'a whole number of milliseconds from 100 to 3600000',
    default: '15000',
    schema: wholeNumber(100, 3_600_000),
  }),
  databaseIdleInTransactionTimeoutMs: key({
    env: 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    doc: 'How long PostgreSQL keeps a transaction of this service open while it sends nothing, in milliseconds (idle_in_transaction_session_timeout); then it rolls it back and closes the connection.',
    expected: 'a whole number of milliseconds from 100 to 3600000',
    default: '30000',
    schema: wholeNumber(100, 3_600_000),
  }),
  databasePoolSize: key({
    env: 'DATABASE_POOL_SIZE',
    doc: "Most PostgreSQL connections one process opens for its work (one more listens for notifications): by default 20 for a process that receives mail (it handles 16 mails at a time, each in a transaction of its own), 10 for one that does not. Every process of `msc serve --web N --workers N --mail N` has its own: keep their sum under the server's max_connections.",
    expected: 'a whole number from 1 to 1000',
    derivedDefault: '20 with the mail role, else 10',
    schema: wholeNumber(1, 1000).optional(),
  }),
  dataDir: key({
    env: 'DATA_DIR',
    doc: 'Folder for local data: the embedded database (DATA_DIR/pglite) and its lock. memory:// keeps the database in memory (lost at exit).',
    expected: 'a folder path',
    default: './data',
    schema: z.string().trim().min(1),
  }),
  host: key({
    env: 'HOST',
    doc: 'Address the web server listens on (0.0.0.0 for every interface).',
    expected: 'a host name or IP address, e.g. 127.0.0.1',
    default: '127.0.0.1',
    schema: z.string().trim().min(1),
  }),
  port: key({
    env: 'PORT',
    doc: 'Port the web server listens on (0 picks a free one).',
    expected: 'a whole number from 0 to 65535',
    default: '8080',
    schema: wholeNumber(0, 65535),
  }),
  publicUrl: key({
    env: 'PUBLIC_URL',
    doc: 'Address players reach the web pages at, used in the links of mails and pages.',
    expected: 'an http:// or https:// URL, e.g. https://msc.example.org',
    derivedDefault: 'http://HOST:PORT',
    schema: urlWithProtocol(['http:', 'https:'])
      .transform((text) => text.replace(/\/+$/, ''))
      .optional(),
  }),
  logLevel: key({
    env: 'LOG_LEVEL',
    doc: 'Least severe log lines written (JSON, one per line, to standard output; a line per web request at debug).',
    expected: `one of ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    schema: z.enum(LOG_LEVELS),
  }),
  roles: key({
    env: 'ROLES',
    doc: 'What this process does, a comma-separated list of web (pages and API), workers (the turn queue, reminders) and mail (the outbox sender and the receiver); several processes on one or more machines share the work through one PostgreSQL (DATABASE_URL). `msc serve --web N --workers N --mail N` starts and supervises such processes on this machine.',
    expected: 'web, workers and mail, one or more of them separated by commas, e.g. web,workers',
    default: 'web,workers,mail',
    schema: z
      .string()
      .transform((text) => text.split(',').map((r) => r.trim().toLowerCase()))
      .pipe(z.array(z.enum(SERVICE_ROLES)).min(1))
      .transform((roles) => SERVICE_ROLES.filter((r) => roles.includes(r))),
  }),
  workers: key({
    env: 'WORKERS',
    doc: 'Turn-queue workers in this process (0: this process resolves no turns).',
    expected: 'a whole number from 0 to 64',
    default: '1',
    schema: wholeNumber(0, 64),
  }),
  pollIntervalMs: key({
    env: 'POLL_INTERVAL_MS',
    doc: 'How often idle workers look for due turns, in milliseconds, in case a notification was missed.',
    expected: 'a whole number of milliseconds from 100 to 3600000',
    default: '2000',
    schema: wholeNumber(100, 3_600_000),
  }),
  mailDomain: key({
    env: 'MAIL_DOMAIN',
    doc: "Domain of the service's own mail addresses (orders+TOKEN@MAIL_DOMAIN).",
    expected: 'a domain name, e.g. msc.example.org',
    default: 'localhost',
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/),
  }),
  secretKey: key({
    env: 'SECRET_KEY',
    doc: 'Key seat tokens are derived from. Unset: a random key is made on first start and kept in the database (shared by every instance on it). Changing it invalidates every seat token.',
    expected: 'at least 32 characters of random text, e.g. from `openssl rand -base64 33`',
    secret: true,
    schema: z.string().min(32).optional(),
  }),
  bodyLimitKb: key({
    env: 'BODY_LIMIT_KB',
    doc: 'Largest request body the web server reads, in KiB; larger ones get 413.',
    expected: 'a whole number of KiB from 1 to 10240',
    default: '512',
    schema: wholeNumber(1, 10_240),
  }),
  rateLimitOrders: key({
    env: 'RATE_LIMIT_ORDERS',
    doc: 'Order submissions one client address may make per minute, over the API or the web order form (0: no limit).',
    expected: 'a whole number from 0 to 100000',
    default: '120',
    schema: wholeNumber(0, 100_000),
  }),
  rateLimitCreate: key({
    env: 'RATE_LIMIT_CREATE',
    doc: 'Games one client address may create per hour (0: no limit).',
    expected: 'a whole number from 0 to 100000',
    default: '60',
    schema: wholeNumber(0, 100_000),
  }),
  rateLimitGames: key({
    env: 'RATE_LIMIT_GAMES',
    doc: 'Games one person (the logged-in address creating them, on the web or the API) may create per hour, counted in the database across every process (0: no limit).',
    expected: 'a whole number from 0 to 100000',
    default: '10',
    schema: wholeNumber(0, 100_000),
  }),
  rateLimitInvitations: key({
    env: 'RATE_LIMIT_INVITATIONS',
    doc: 'Invitations one mail address may be sent per hour, across every game and however they are made, counted in the database (0: no limit); beyond it the game or seat that would invite it is refused.',
    expected: 'a whole number from 0 to 100000',
    default: '3',
    schema: wholeNumber(0, 100_000),
  }),
  trustProxy: key({
    env: 'TRUST_PROXY',
    doc: "Reverse proxies in front of the service whose X-Forwarded-For is believed (0: none; the client address is the connection's).",
    expected: 'a whole number from 0 to 10',
    default: '0',
    schema: wholeNumber(0, 10),
  }),
  mailImapUrl: key({
    env: 'MAIL_IMAP_URL',
    doc: 'IMAP mailbox the order mail arrives in (user and password URL-encoded; the path names the folder, INBOX by default). Unset: the service receives mail itself on MAIL_RECEIVE_HOST:MAIL_RECEIVE_PORT.',
    expected:
      'an imap:// (STARTTLS per MAIL_IMAP_STARTTLS) or imaps:// URL with a host, e.g. imap://orders%40msc.example.org:PASSWORD@mail.example.org:143/INBOX',
    secret: true,
    schema: urlWithProtocol(['imap:', 'imaps:']).optional(),
  }),
  mailImapStarttls: key({
    env: 'MAIL_IMAP_STARTTLS',
    doc: 'For an imap:// URL: auto upgrades to TLS when the server offers STARTTLS, required refuses a server that does not, off never upgrades.',
    expected: 'one of auto, required, off',
    default: 'auto',
    schema: z.enum(['auto', 'required', 'off']),
  }),
  mailImapTlsCa: key({
    env: 'MAIL_IMAP_TLS_CA',
    doc: "PEM file of a certificate authority to trust for the IMAP server's certificate besides the system ones (e.g. a self-signed test certificate).",
    expected: 'a file path',
    schema: z.string().trim().min(1).optional(),
  }),
  mailImapTlsServername: key({
    env: 'MAIL_IMAP_TLS_SERVERNAME',
    doc: "Name the IMAP server's certificate must carry, when it differs from the URL's host (e.g. the host is an IP address).",
    expected: 'a host name, e.g. mx.example.org',
    schema: z.string().trim().min(1).optional(),
  }),
  mailImapTlsInsecure: key({
    env: 'MAIL_IMAP_TLS_INSECURE',
    doc: 'Accept any certificate from the IMAP server (tests only: it lets anyone on the path read the mailbox password).',
    expected: 'true or false',
    default: 'false',
    schema: yesNo,
  }),
  mailImapPollMs: key({
    env: 'MAIL_IMAP_POLL_MS',
    doc: 'How often the IMAP watcher looks for unread mail, in milliseconds, in case an IDLE notification was missed.',
    expected: 'a whole number of milliseconds from 1000 to 3600000',
    default: '30000',
    schema: wholeNumber(1000, 3_600_000),
  }),
  mailReceiveHost: key({
    env: 'MAIL_RECEIVE_HOST',
    doc: "Address the service's own SMTP receiver listens on when MAIL_IMAP_URL is unset (0.0.0.0 for every interface).",
    expected: 'a host name or IP address, e.g. 127.0.0.1',
    default: '127.0.0.1',
    schema: z.string().trim().min(1),
  }),
  mailReceivePort: key({
    env: 'MAIL_RECEIVE_PORT',
    doc: "Port of the service's own SMTP receiver when MAIL_IMAP_URL is unset (0 picks a free one).",
    expected: 'a whole number from 0 to 65535',
    default: '2525',
    schema: wholeNumber(0, 65535),
  }),
  mailMaxBytes: key({
    env: 'MAIL_MAX_BYTES',
    doc: 'Largest incoming mail read, in bytes; a larger one is refused with a short answer.',
    expected: 'a whole number of bytes from 1024 to 104857600',
    default: '2097152',
    schema: wholeNumber(1024, 104_857_600),
  }),
  mailRatePerHour: key({
    env: 'MAIL_RATE_PER_HOUR',
    doc: 'Mails one sender address may send per hour; beyond it mail is recorded but not acted on (0: no limit).',
    expected: 'a whole number from 0 to 100000',
    default: '60',
    schema: wholeNumber(0, 100_000),
  }),
  mailSmtpUrl: key({
    env: 'MAIL_SMTP_URL',
    doc: 'SMTP server outgoing mail is sent through (user and password URL-encoded; smtps:// is TLS from the start, smtp:// upgrades when the server offers STARTTLS). Unset: outgoing mail stays in a local mailbox shown on the web, and nothing leaves the machine.',
    expected:
      'an smtp:// or smtps:// URL with a host, e.g. smtps://orders%40msc.example.org:PASSWORD@mail.example.org:465',
    secret: true,
    schema: urlWithProtocol(['smtp:', 'smtps:']).optional(),
  }),
  mailFrom: key({
    env: 'MAIL_FROM',
    doc: 'From address of every mail the service sends; replies to a seat go to its own order address (Reply-To) whatever this is.',
    expected: 'an address, alone or after a display name, e.g. Minimal Space Combat <orders@msc.example.org>',
    derivedDefault: 'Minimal Space Combat <orders@MAIL_DOMAIN>',
    schema: z
      .string()
      .trim()
      .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/)
      .optional(),
  }),
  mailMaxAttempts: key({
    env: 'MAIL_MAX_ATTEMPTS',
    doc: 'Times an outgoing mail is tried before it is marked failed, for moderators to see; the waits between tries double from 30 seconds up to an hour.',
    expected: 'a whole number from 1 to 100',
    default: '8',
    schema: wholeNumber(1, 100),
  }),
  createGames: key({
    env: 'CREATE_GAMES',
    doc: 'Who may create games on the web pages and the API: anyone logged in (who then moderates the game), or only the addresses in MODERATOR_EMAILS.',
    expected: 'anyone or listed',
    default: 'anyone',
    schema: z.enum(['anyone', 'listed']),
  }),
  moderatorEmails: key({
    env: 'MODERATOR_EMAILS',
    doc: 'Addresses that may create games on the web and the API when CREATE_GAMES=listed, separated by commas.',
    expected: 'email addresses separated by commas, e.g. ann@example.org, bo@example.org',
    default: '',
    schema: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter((e) => e !== ''),
      )
      .pipe(z.array(z.email())),
  }),
  shutdownTimeoutMs: key({
    env: 'SHUTDOWN_TIMEOUT_MS',
    doc: 'Longest a stop (SIGTERM, SIGINT) takes, in milliseconds: new work stops at once, work in flight finishes or is rolled back, and the process exits within this (keep it under the grace a supervisor gives: Docker waits 10 s).',
    expected: 'a whole number of milliseconds from 1000 to 600000',
    default: '8000',
    schema: wholeNumber(1000, 600_000),
  }),
  rateLimitLogin: key({
    env: 'RATE_LIMIT_LOGIN',
    doc: 'Login links one client address may ask for per hour on the web (0: no limit); each mail address gets at most 5 an hour whatever this is.',
    expected: 'a whole number from 0 to 100000',
    default: '30',
    schema: wholeNumber(0, 100_000),
  }),
  rateLimitMessages: key({
    env: 'RATE_LIMIT_MESSAGES',
    doc: 'Messages to other sides one seat may send per hour, by mail, the web and the API together (0: no limit); the web game page also holds one client address to it.',
    expected: 'a whole number from 0 to 100000',
    default: '20',
    schema: wholeNumber(0, 100_000),
  }),
  rateLimitCalendar: key({
    env: 'RATE_LIMIT_CALENDAR',
    doc: 'Calendar feed fetches (/calendar/TOKEN.ics) one client address may make per minute (0: no limit); calendar services fetch many feeds from one address, so keep it generous.',
    expected: 'a whole number from 0 to 100000',
    default: '120',
    schema: wholeNumber(0, 100_000),
  }),
} as const;

type Keys = typeof CONFIG_KEYS;
type Parsed = { -readonly [K in keyof Keys]: Keys[K] extends ConfigKey<infer T> ? T : never };

/** The checked settings. Defaults are filled in; the optional ones (databaseUrl, mailSmtpUrl…) may be absent. */
export type Config = Readonly<Omit<Parsed, 'publicUrl' | 'mailFrom'> & { publicUrl: string; mailFrom: string }>;

/** A variable with a wrong value; the message names it and says what is expected. */
export interface ConfigError {
  readonly code: 'CONFIG_INVALID';
  readonly env: string;
  readonly message: string;
}

/** Reads every setting from `env`; collects every wrong value rather than stopping at the first. */
export function parseConfig({
  env,
}: {
  env: Readonly<Record<string, string | undefined>>;
}): Result<Config, ConfigError[]> {
  const errors: ConfigError[] = [];
  const parsed: Partial<Record<keyof Keys, unknown>> = {};
  for (const [name, k] of Object.entries(CONFIG_KEYS) as Array<[keyof Keys, ConfigKey<unknown>]>) {
    const given = env[k.env];
    // An empty variable (`PORT=` in a .env file) means "not set", as most tools read it.
    const text = given === undefined || given.trim() === '' ? k.default : given;
    const result = k.schema.safeParse(text);
    if (result.success) {
      parsed[name] = result.data;
    } else {
      const shown = k.secret ? 'is not valid' : `is ${JSON.stringify(text)}`;
      errors.push({ code: 'CONFIG_INVALID', env: k.env, message: `${k.env} ${shown}: expected ${k.expected}` });
    }
  }
  if (errors.length > 0) return err(errors);
  const settings = parsed as Parsed;
  return ok({
    ...settings,
    publicUrl: settings.publicUrl ?? defaultPublicUrl(settings.host, settings.port),
    mailFrom: settings.mailFrom ?? `Minimal Space Combat <orders@${settings.mailDomain}>`,
  });
}

function defaultPublicUrl(host: string, port: number): string {
  // An IPv6 address needs brackets in a URL.
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Thrown by loadConfig: the composition root prints its message and exits. */
export class InvalidConfigError extends Error {
  constructor(readonly errors: readonly ConfigError[]) {
    super(formatConfigErrors(errors));
    this.name = 'InvalidConfigError';
  }
}

/** One paragraph naming every wrong variable, for the console. */
export function formatConfigErrors(errors: readonly ConfigError[]): string {
  const lines = errors.map((e) => `  - ${e.message}`);
  return [`the configuration is not valid; fix these environment variables:`, ...lines].join('\n');
}

/** For the composition root: the settings, or an InvalidConfigError listing every wrong variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const result = parseConfig({ env });
  if (!result.ok) throw new InvalidConfigError(result.error);
  return result.value;
}

/** Every setting, documented, for the README and `--help`. */
export function describeConfig(): Array<{ env: string; doc: string; default: string | null }> {
  return Object.values(CONFIG_KEYS).map((k: ConfigKey<unknown>) => ({
    env: k.env,
    doc: k.doc,
    default: k.default ?? k.derivedDefault ?? null,
  }));
}
