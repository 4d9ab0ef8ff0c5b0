/**
 * The web app on a real port over a fresh test database, and a small client
 * that speaks to it with the real fetch: what a player's program would do.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import type { DatabaseKind } from '../../src/db/client.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { createLogger, type Logger } from '../../src/log.ts';
import { startSession } from '../../src/games/logins/sessions.ts';
import { createApp, type WebSettings } from '../../src/web/app.ts';
import { createMetrics, type Metrics } from '../../src/web/metrics.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';

// Answers are read field by field in the tests, as a client would read JSON.

type Json = any;

export interface Answer<T = Json> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface CallOptions {
  /** Sent as JSON unless `raw` is given. */
  readonly body?: unknown;
  /** Sent as it is, with `contentType`. */
  readonly raw?: string;
  readonly contentType?: string;
  readonly token?: string;
  readonly headers?: Record<string, string>;
  /** Without the test app's logged-in creator's session cookie (TestApp.call sends it unless this is true). */
  readonly anonymous?: boolean;
}

/** The address the test app's client is logged in as on the web, so that it may create games (POST /api/games). */
export const TEST_CREATOR = 'creator@pbem.test';

export interface TestApp {
  readonly url: string;
  /** The Express app itself (its routes are read by the tests that try every one). */
  readonly express: Express;
  readonly ctx: TestGamesContext;
  readonly database: TestDatabase;
  readonly metrics: Metrics;
  /** Every log line the app wrote, as text. */
  readonly logs: string[];
  /** The session cookie of TEST_CREATOR, logged in on the web (`msc_session=…`). */
  readonly creatorCookie: string;
  call<T = Json>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  close(): Promise<void>;
}

/** A logger whose lines are kept in `lines`. */
export function memoryLogger(lines: string[], level: 'info' | 'trace' = 'info'): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return createLogger({ logLevel: level }, sink);
}

export async function call<T = Json>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (e.g. /metrics): the text is the body.
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export interface StartOptions {
  readonly settings?: Partial<WebSettings>;
  /** Replaces parts of the games context (e.g. a database that fails). */
  readonly ctx?: (ctx: TestGamesContext) => GamesContext;
  /** The least severe log lines kept in `logs` (default info; the line per request is at debug). */
  readonly logLevel?: 'info' | 'trace';
}

export async function startTestApp(kind: DatabaseKind, options: StartOptions = {}): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const ctx = gamesContext(database);
  const logs: string[] = [];
  const metrics = createMetrics({ defaultMetrics: false });
  const app = createApp({
    ctx: options.ctx ? options.ctx(ctx) : ctx,
    databaseKind: kind,
    logger: memoryLogger(logs, options.logLevel),
    metrics,
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const creatorCookie = `msc_session=${(await startSession(ctx, TEST_CREATOR)).id}`;
  return {
    url,
    express: app,
    ctx,
    database,
    metrics,
    logs,
    creatorCookie,
    call: (method, path, callOptions = {}) =>
      call(
        url,
        method,
        path,
        callOptions.anonymous
          ? callOptions
          : { ...callOptions, headers: { cookie: creatorCookie, ...callOptions.headers } },
      ),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
    },
  };
}

/** The body of a tutorial duel for POST /api/games. */
export function duelBody(id: string, settings: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Tutorial duel',
    scenario: 'tutorial-duel',
    settings,
    seats: [
      { side: 'black', email: 'alice@pbem.test', name: 'Alice', timeZone: 'Europe/Paris' },
      { side: 'grey', email: 'bob@pbem.test', name: 'Bob' },
    ],
  };
}

/** Creates a tutorial duel through the API; its seat tokens by side and the moderator key. */
export async function createDuel(app: Pick<TestApp, 'call'>, id: string, settings: Record<string, unknown> = {}) {
  const created = await app.call('POST', '/api/games', { body: duelBody(id, settings) });
  if (created.status !== 201) throw new Error(`creating ${id} failed: ${created.text}`);
  const tokens = Object.fromEntries(
    (created.body.seats as Array<{ side: string; token: string }>).map((s) => [s.side, s.token]),
  ) as Record<'black' | 'grey', string>;
  return { tokens, moderatorKey: created.body.moderatorKey as string, created: created.body };
}
