/**
 * The service in one process: open and migrate the database, listen for HTTP,
 * run the turn-queue workers, and stop cleanly on SIGINT or SIGTERM. Several
 * such processes can share one PostgreSQL server (`msc serve` with
 * DATABASE_URL): the turn queue and the migrations take their own locks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../config/config.ts';
import { recordServerUrl } from './data-dir.ts';
import { describeServer, migrate, openDatabase, type Database } from './database.ts';
import type { GamesContext } from '../games/context.ts';
import { outboxSenderFor } from '../mail/outbound.ts';
import { startMailReceivers } from '../mail/receivers.ts';
import { localMailboxKey } from '../games/secrets.ts';
import { TurnWorker } from '../games/worker.ts';
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

/** How long open requests may take to finish on shutdown before their connections are cut. */
const DRAIN_MS = 5_000;

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
  const database = await openDatabase(config, { logger });
  const server = createServer();
  const workers: TurnWorker[] = [];
  const mailParts: Array<() => Promise<void>> = [];
  try {
    await migrate(database, { logger });
    if (database.kind === 'pglite' && database.dataDir) {
      logger.warn(
        { folder: database.dataDir },
        'the embedded database writes without fsync: a power cut can lose the latest changes. Back up DATA_DIR, or set DATABASE_URL for a PostgreSQL server',
      );
    }
    const address = await listen(server, config.host, config.port);
    const url = urlOf(address);
    // PORT=0 picks a free port: links in mails must carry the one picked, unless PUBLIC_URL says otherwise.
    const publicUrl = config.port === 0 && config.publicUrl.endsWith(':0') ? url : config.publicUrl;
    const ctx = await createGamesContext({ ...config, publicUrl }, database, { ...options, logger });
    const metrics = createMetrics();
    server.on('request', createApp({ ctx, databaseKind: database.kind, logger, metrics, settings: config }));

    for (let i = 0; i < config.workers; i++) {
      const worker = new TurnWorker(ctx, database, {
        pollMs: config.pollIntervalMs,
        onResolved: (r) => {
          metrics.turnsResolved.inc({ outcome: r.gameOver ? 'game-over' : 'continues' });
          logger.info({ gameId: r.gameId, turn: r.turn, gameOver: r.gameOver }, 'turn resolved');
        },
      });
      workers.push(worker);
      await worker.start();
    }

    // The mail channel: the outbox sender (SMTP, or the local mailbox), and the receiver (IMAP, or SMTP on a local
    // port).
    const sender = outboxSenderFor(config, ctx, database);
    await sender.start();
    mailParts.push(() => sender.stop(DRAIN_MS));
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
      : `outgoing mail kept in the local mailbox (${url}/mailbox?key=${localMailboxKey(ctx.serviceKey)})`;

    // `msc game …` run meanwhile finds the server in the data directory's lock and goes through its API.
    if (database.kind === 'pglite' && database.dataDir) recordServerUrl(config.dataDir, localUrl(url));

    const where = describeDatabase(database, config);
    logger.info({ url, database: database.kind, workers: config.workers }, 'listening');
    print(`msc-pbem listening on ${url} (database: ${where})`);
    print(`mail: ${mailIn}; ${mailOut}`);

    let closing: Promise<void> | null = null;
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        removeSignalHandlers();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
        cut.unref();
        // A pass still running after DRAIN_MS is cut short: its transaction rolls back, its work stays due.
        await Promise.all(workers.map((w) => w.stop(DRAIN_MS)));
        await Promise.all(mailParts.map((stop) => stop()));
        await closed;
        clearTimeout(cut);
        await database.close();
        logger.info('stopped');
      })());

    const onSignal = (signal: NodeJS.Signals) => {
      if (closing) {
        logger.warn({ signal }, 'second signal: exiting without waiting');
        process.exit(1);
      }
      logger.info({ signal }, 'shutting down');
      close().then(
        () => {
          // Whatever handle a library left open must not keep a stopped service alive.
          setTimeout(() => process.exit(process.exitCode ?? 0), 1_000).unref();
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
