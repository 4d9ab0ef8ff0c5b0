/**
 * LISTEN/NOTIFY: how a process that stores the last orders of a turn wakes
 * the workers at once instead of at their next poll. Notifications are a
 * shortcut, never the only path: a notification sent while a listener was
 * reconnecting is lost, and the workers' polling picks the work up.
 *
 * On PostgreSQL a pool connection cannot listen (it goes back to the pool),
 * so listening uses one dedicated connection, re-established after a drop.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from '../log.ts';

export type NotifyHandler = (payload: string) => void;
/** Stops one listen(); resolves once the database no longer sends to it. */
export type Unlisten = () => Promise<void>;

// Lower-case identifiers only: they need no quoting, and PGlite folds an unquoted
// channel name to lower case, so a mixed-case name would never be delivered there.
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Channel names are chosen by code, not users: a bad one is a bug. */
export function checkChannel(channel: string): string {
  if (!CHANNEL.test(channel)) {
    throw new RangeError(`notification channel ${JSON.stringify(channel)} must be a lower-case identifier`);
  }
  return channel;
}

/**
 * The statement that sends a notification. Run it inside the transaction that
 * makes the work visible: PostgreSQL delivers it only when that transaction commits.
 */
export function notifyStatement(channel: string, payload = ''): SQL {
  return sql`select pg_notify(${checkChannel(channel)}, ${payload})`;
}

/** Calls every handler; one handler that throws neither stops the others nor the connection. */
export function deliver(handlers: Iterable<NotifyHandler>, payload: string, logger: Logger | undefined): void {
  for (const handler of [...handlers]) {
    try {
      handler(payload);
    } catch (error) {
      logger?.error({ err: error }, 'a notification handler failed');
    }
  }
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/** The dedicated listening connection to PostgreSQL. */
export class PostgresListener {
  readonly #handlers = new Map<string, Set<NotifyHandler>>();
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly logger?: Logger,
  ) {}

  async listen(channel: string, onNotify: NotifyHandler): Promise<Unlisten> {
    checkChannel(channel);
    if (this.#closed) throw new Error('the database is closed');
    let handlers = this.#handlers.get(channel);
    const first = handlers === undefined;
    if (!handlers) this.#handlers.set(channel, (handlers = new Set()));
    handlers.add(onNotify);
    try {
      const client = await this.#connected();
      if (first) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.#remove(channel, onNotify);
      throw error;
    }
    return async () => {
      if (!this.#remove(channel, onNotify)) return;
      // The connection may be down; the new one will not listen to this channel.
      await this.#client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#handlers.clear();
    const client = this.#client ?? (await this.#connecting?.catch(() => null));
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /** Removes a handler; true when it was the channel's last. */
  #remove(channel: string, onNotify: NotifyHandler): boolean {
    const handlers = this.#handlers.get(channel);
    if (!handlers?.delete(onNotify) || handlers.size > 0) return false;
    this.#handlers.delete(channel);
    return true;
  }

  #connected(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => (this.#connecting = null));
    return this.#connecting;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.clientConfig);
    client.on('notification', (message) => {
      const handlers = this.#handlers.get(message.channel);
      if (handlers) deliver(handlers, message.payload ?? '', this.logger);
    });
    // Without an 'error' handler a dropped connection would crash the process.
    client.on('error', (error) => {
      this.logger?.warn({ err: error }, 'the notification connection failed; reconnecting');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      if (this.#closed) throw new Error('the database is closed');
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
    return client;
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    client.end().catch(() => undefined);
    if (!this.#closed && this.#handlers.size > 0) this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#retryTimer) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#closed || this.#handlers.size === 0) return;
      this.#connected().then(
        () => this.logger?.info('the notification connection is back'),
        (error: unknown) => {
          this.logger?.warn({ err: error, retryInMs: this.#retryMs }, 'cannot reconnect the notification connection');
          this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
          this.#scheduleReconnect();
        },
      );
    }, this.#retryMs);
    // Reconnecting must not keep a process alive that has nothing else to do.
    this.#retryTimer.unref();
  }
}
