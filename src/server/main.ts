/**
 * The service in one process: open and migrate the database, listen for HTTP,
 * run the turn-queue workers, and stop cleanly on SIGINT or SIGTERM. Several
 * such processes can share one PostgreSQL server (`msc serve` with
 * DATABASE_URL): the turn queue and the migrations take their own locks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidConfigError, loadConfig, SERVICE_ROLES, type Config } from '../config/config.ts';
import { RETRY_AFTER_S } from '../db/errors.ts';
import { recordServerUrl } from './data-dir.ts';
import { operatorKey } from '../games/service-key.ts';
import { describeServer, IN_MEMORY, migrate, openDatabase, type Database } from './database.ts';
import { writeMailboxUrl } from './mailbox-url.ts';
import type { GamesContext } from '../games/context.ts';
import { outboxSenderFor, releaseStrandedMail } from '../mail/outbound.ts';
import { startMailReceivers } from '../mail/receivers.ts';
import { localMailboxKey } from '../games/secrets.ts';
import { TurnWorker } from '../games/turns/worker.ts';
import { TURN_BATCH } from '../games/turns/resolution.ts';
import { createLogger, type Logger } from '../log.ts';
import { createApp } from '../web/app.ts';
import { createMetrics, type Metrics } from '../web/metrics.ts';
import { createGamesContext, type ContextOptions } from './context.ts';

export interface ServerOptions extends ContextOptions {
  /** Where the one "listening on" line goes; default: standard output. */
  readonly print?: (line: string) => void;
  /** Close on SIGINT and SIGTERM (default: yes). */
  readonly handleSignals?: boolean;
}

export interface RunningServer {
  /** Where the service listens, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  readonly database: Database;
  readonly ctx: GamesContext;
  readonly metrics: Metrics;
  /** Stops accepting requests, stops the workers, closes the database. Safe to call twice. */
  close(): Promise<void>;
}

/** Of the shutdown's time (SHUTDOWN_TIMEOUT_MS), what is kept for rolling back what is still in flight and closing. */
const SHUTDOWN_RESERVE_MS = 3_000;
/** After cutting the transactions still in flight, how long their requests get to answer (503) before being cut. */
const INTERRUPTED_MS = 1_000;
/** How long closing the database may take at the end of a shutdown, at least. */
const CLOSE_DATABASE_MS = 1_000;
/** What is kept after closing the database, before the deadline, for the process to exit. */
const CLOSE_MARGIN_MS = 300;

/** Whether `promise` settles within `ms` (it keeps running either way); never rejects. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer to a request that arrives, on a connection already open, once the shutdown has begun. */
function refuseWhileStopping(res: ServerResponse): void {
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Retry-After': String(RETRY_AFTER_S),
    Connection: 'close',
  });
  res.end(
    JSON.stringify({
      error: { code: 'SHUTTING_DOWN', message: 'the service is stopping: try again in a few seconds', problems: [] },
    }),
  );
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** The database as the start-up line names it; never the password of DATABASE_URL. */
function describeDatabase(database: Database, config: Pick<Config, 'databaseUrl'>): string {
  if (database.kind === 'postgres')
    return `postgres ${config.databaseUrl ? describeServer(config.databaseUrl) : ''}`.trim();
  if (!database.dataDir) return 'pglite in memory';
  const dir = database.dataDir;
  return `pglite ${dir.startsWith('/') || dir.startsWith('.') ? dir : `./${dir}`}`;
}

/** The address a command on this machine reaches a server listening on every interface at. */
function localUrl(url: string): string {
  return url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'the address is in use'
          : error.code === 'EACCES'
            ? 'permission denied'
            : error.message;
      reject(new Error(`cannot listen on ${host}:${port} (HOST, PORT): ${why}`, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const logger: Logger = options.logger ?? createLogger(config);
  const print = options.print ?? ((line: string) => void process.stdout.write(`${line}\n`));
  if (!config.databaseUrl && config.roles.length < SERVICE_ROLES.length)
    throw new InvalidConfigError([
      {
        code: 'CONFIG_INVALID',
        env: 'ROLES',
        message: `ROLES is ${JSON.stringify(config.roles.join(','))}, but the embedded database is one process's alone: set DATABASE_URL to a PostgreSQL server the processes share, or leave ROLES unset`,
      },
    ]);
  const database = await openDatabase(config, { logger });
  const server = createServer();
  const workers: TurnWorker[] = [];
  const mailParts: Array<() => Promise<void>> = [];
  let closing: Promise<void> | null = null;
  try {
    await migrate(database, { logger });
    if (database.kind === 'pglite' && database.dataDir) {
      logger.warn(
        { folder: database.dataDir },
        'the embedded database writes without fsync: a power cut can lose the latest changes. Back up DATA_DIR, or set DATABASE_URL for a PostgreSQL server',
      );
    }
    const roles = new Set(config.roles);
    const address = roles.has('web') ? await listen(server, config.host, config.port) : null;
    const url = address ? urlOf(address) : config.publicUrl;
    // PORT=0 picks a free port: links in mails must carry the one picked, unless PUBLIC_URL says otherwise.
    const publicUrl = config.port === 0 && config.publicUrl.endsWith(':0') ? url : config.publicUrl;
    const ctx = await createGamesContext({ ...config, publicUrl }, database, { ...options, logger });
    const metrics = createMetrics();
    const app = createApp({ ctx, databaseKind: database.kind, logger, metrics, settings: config });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (closing) refuseWhileStopping(res);
      else void app(req, res);
    });

    for (let i = 0; i < (roles.has('workers') ? config.workers : 0); i++) {
      const worker = new TurnWorker(ctx, database, {
        pollMs: config.pollIntervalMs,
        // PGlite is one connection in this thread: a batch would keep every request waiting for all of its turns,
        // and it has no round trips or commits over a network to save. PostgreSQL takes TURN_BATCH a transaction.
        batch: database.kind === 'pglite' ? 1 : TURN_BATCH,
        onResolved: (r) => metrics.turnsResolved.inc({ outcome: r.gameOver ? 'game-over' : 'continues' }),
        // One line a resolution transaction, naming every turn it committed: they were resolved as one.
        onBatch: (batch) =>
          logger.info(
            { turns: batch.map((r) => ({ gameId: r.gameId, turn: r.turn, gameOver: r.gameOver })) },
            'turn resolved',
          ),
      });
      workers.push(worker);
      await worker.start();
    }

    const mailboxLink = `${url}/mailbox?key=${localMailboxKey(ctx.serviceKey)}`;
    let mailLine: string | null = null;
    if (roles.has('mail')) {
      // The mail channel: the outbox sender (SMTP, or the local mailbox), and the receiver (IMAP, or SMTP on a local
      // port).
      const sender = outboxSenderFor(config, ctx, database);
      // PGlite's data directory is this process's alone: whatever a previous run left leased is stranded, not in
      // flight.
      if (database.kind === 'pglite') await releaseStrandedMail(ctx);
      await sender.start();
      mailParts.push(() => sender.stop());
      let mailIn = 'not receiving mail';
      try {
        const receivers = await startMailReceivers(ctx, config, logger);
        mailParts.push(() => receivers.stop());
        mailIn = receivers.smtpAddress
          ? `receiving mail on smtp://${receivers.smtpAddress.host}:${receivers.smtpAddress.port} for @${config.mailDomain}`
          : 'reading mail over IMAP';
      } catch (error) {
        // The service stays useful without its receiver (web, API, CLI); the log says how to fix it.
        logger.error(
          { err: error },
          'the mail receiver could not start: order mail will not be read (check MAIL_IMAP_URL or MAIL_RECEIVE_PORT)',
        );
      }
      const mailOut = config.mailSmtpUrl
        ? 'sending over SMTP'
        : `outgoing mail kept in the local mailbox (${mailboxLink})`;
      mailLine = `mail: ${mailIn}; ${mailOut}`;
      // `msc mailbox-url` prints it again later, from the data directory (its owner's only).
      if (!config.mailSmtpUrl && config.dataDir !== IN_MEMORY && !writeMailboxUrl(config.dataDir, mailboxLink))
        logger.warn({ folder: config.dataDir }, 'the local mailbox link could not be written to DATA_DIR/mailbox-url');
    }

    // `msc game …` run meanwhile finds the server in the data directory's lock and goes through its API.
    if (database.kind === 'pglite' && database.dataDir)
      recordServerUrl(config.dataDir, localUrl(url), operatorKey(ctx.serviceKey));

    const where = describeDatabase(database, config);
    const allRoles = roles.size === SERVICE_ROLES.length;
    if (address) {
      logger.info({ url, database: database.kind, roles: config.roles, workers: workers.length }, 'listening');
      print(`msc-pbem listening on ${url} (database: ${where}${allRoles ? '' : `; ${config.roles.join(', ')}`})`);
    } else {
      logger.info({ database: database.kind, roles: config.roles, workers: workers.length }, 'running');
      print(`msc-pbem running ${config.roles.join(', ')} (database: ${where})`);
    }
    if (mailLine) print(mailLine);

    /*
     * The shutdown, within SHUTDOWN_TIMEOUT_MS: everything stops taking new
     * work at once (no new connection, a 503 for a request on one already
     * open, no new turn claimed, no new mail batch); what is in flight gets
     * the time less SHUTDOWN_RESERVE_MS to finish. A transaction still open
     * then — a resolution or a request waiting on a lock — has its connection
     * cut, so the server rolls it back: every change is one transaction, so
     * nothing is left half written, and a turn not resolved stays due for the
     * next start.
     */
    const graceMs = Math.max(0, config.shutdownTimeoutMs - SHUTDOWN_RESERVE_MS);
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        const began = Date.now();
        removeSignalHandlers();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const stopped = Promise.all([...workers.map((w) => w.stop()), ...mailParts.map((stop) => stop()), closed]);
        if (!(await settlesWithin(stopped, graceMs))) {
          database.interrupt();
          await settlesWithin(stopped, INTERRUPTED_MS);
          server.closeAllConnections();
        }
        await settlesWithin(closed, 200);
        // The database gets what is left of the time (PGlite writes its files on close), at least CLOSE_DATABASE_MS.
        const left = config.shutdownTimeoutMs - CLOSE_MARGIN_MS - (Date.now() - began);
        if (!(await settlesWithin(database.close(), Math.max(CLOSE_DATABASE_MS, left))))
          logger.warn('the database did not close in time; exiting anyway');
        logger.info({ ms: Date.now() - began }, 'stopped');
      })());

    const onSignal = (signal: NodeJS.Signals) => {
      if (closing) {
        logger.warn({ signal }, 'second signal: exiting without waiting');
        process.exit(1);
      }
      logger.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
      // The promise to a supervisor: whatever hangs, the process is gone by the deadline.
      setTimeout(() => {
        logger.error({ deadlineMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting now');
        process.exit(1);
      }, config.shutdownTimeoutMs - 100).unref();
      close().then(
        () => {
          // Whatever handle a library left open must not keep a stopped service alive.
          setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref();
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    const removeSignalHandlers = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    };
    if (options.handleSignals !== false) {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    return { url, database, ctx, metrics, close };
  } catch (error) {
    await Promise.all(workers.map((w) => w.stop().catch(() => undefined)));
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    throw error;
  }
}

/**
 * `msc serve`: the configuration from the environment, then the service. A
 * wrong variable throws an InvalidConfigError naming it, before anything opens.
 */
export async function startServerFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: ServerOptions = {},
): Promise<RunningServer> {
  return startServer(loadConfig(env), options);
}
