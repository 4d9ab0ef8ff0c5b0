/**
 * The web application: request ids and logs, security headers, the JSON body
 * parser, health and metrics, the API, and the one error handler. Everything
 * it needs is passed in, so tests build one on any database and clock.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Config } from '../config/config.ts';
import type { DatabaseKind, GamesContext } from '../games/context.ts';
import { pingDatabase, RETRY_AFTER_S } from '../games/health.ts';
import type { Logger } from '../log.ts';
import { createApiRouter } from './api.ts';
import { calendarRoutes, withoutCalendarToken } from './calendar.ts';
import { errorHandler, notFoundHandler, refuseCharsetsButUtf8, refuseNul } from './errors.ts';
import { countRequests, createMetrics, type Metrics } from './metrics.ts';
import { securityHeaders } from './pages/headers.ts';
import { createPagesRouter } from './pages/router.ts';

export type WebSettings = Pick<
  Config,
  | 'bodyLimitKb'
  | 'rateLimitOrders'
  | 'rateLimitCreate'
  | 'trustProxy'
  | 'createGames'
  | 'moderatorEmails'
  | 'rateLimitLogin'
  | 'rateLimitMessages'
  | 'rateLimitCalendar'
> &
  Partial<Pick<Config, 'mailSmtpUrl' | 'mailFrom' | 'mailMaxBytes' | 'mailRatePerHour'>>;

const DEFAULT_WEB_SETTINGS: WebSettings = {
  bodyLimitKb: 512,
  rateLimitOrders: 120,
  rateLimitCreate: 60,
  trustProxy: 0,
  createGames: 'anyone',
  moderatorEmails: [],
  rateLimitLogin: 30,
  rateLimitMessages: 20,
  rateLimitCalendar: 120,
};

export interface AppDeps {
  readonly ctx: GamesContext;
  /** Which database /healthz reports. */
  readonly databaseKind: DatabaseKind;
  /** Request logs; none: requests are not logged. */
  readonly logger?: Logger;
  /** Shared with the workers, so /metrics counts the turns they resolve. Default: a new registry. */
  readonly metrics?: Metrics;
  readonly settings?: Partial<WebSettings>;
}

/** The longest /healthz waits for the database before it answers 503. */
const HEALTH_TIMEOUT_MS = 1_500;

/** Paths polled by machines: answered, counted, but not logged line by line. */
const QUIET_PATHS = new Set(['/healthz', '/metrics']);

function requestLogger(logger: Logger) {
  return pinoHttp({
    // A child that also redacts by path: pino-http logs headers under req.headers.
    logger: logger.child(
      { module: 'http' },
      {
        redact: {
          paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          censor: '[redacted]',
        },
      },
    ),
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
    // One line per request is for whoever asks for it (LOG_LEVEL=debug); a failing one is logged at any level.
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'debug'),
    // Only what helps to read a request back; never the Authorization header or a body.
    serializers: {
      req: (req: {
        id: unknown;
        method: string;
        url: string;
        remoteAddress?: string;
        headers: Record<string, unknown>;
      }) => ({
        id: req.id,
        method: req.method,
        url: withoutCalendarToken(req.url),
        remoteAddress: req.remoteAddress,
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/**
 * What every request goes through before its route: the request id and log line, the metrics, the security headers,
 * the charset and NUL checks, the JSON body. (`npm run bench:submissions` measures bare Express with exactly this.)
 */
export function useCommonMiddleware(
  app: Express,
  deps: {
    readonly logger?: Logger | undefined;
    readonly metrics: Metrics;
    readonly secure: boolean;
    readonly bodyLimitKb: number;
  },
): void {
  if (deps.logger) {
    app.use(requestLogger(deps.logger));
  } else {
    app.use((req, res, next) => {
      const id = randomUUID();
      (req as typeof req & { id: string }).id = id;
      res.setHeader('X-Request-Id', id);
      next();
    });
  }
  app.use(countRequests(deps.metrics));
  app.use(securityHeaders({ secure: deps.secure }));
  app.use(refuseCharsetsButUtf8);
  app.use(express.json({ limit: `${deps.bodyLimitKb}kb` }));
  app.use(refuseNul);
}

export function createApp(deps: AppDeps): Express {
  const settings: WebSettings = { ...DEFAULT_WEB_SETTINGS, ...deps.settings };
  const metrics = deps.metrics ?? createMetrics();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', settings.trustProxy);

  // Cookies and upgrades follow the address players reach the service at.
  const secure = deps.ctx.publicUrl.startsWith('https:');
  useCommonMiddleware(app, { logger: deps.logger, metrics, secure, bodyLimitKb: settings.bodyLimitKb });

  // Answers within HEALTH_TIMEOUT_MS whatever the database does (stopped, frozen, cut off).
  app.get('/healthz', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    const ping = pingDatabase(deps.ctx.db);
    try {
      await Promise.race([ping, late]);
      res.json({ status: 'ok', database: deps.databaseKind });
    } catch (error) {
      ping.catch(() => undefined); // still running: its failure is the one just reported
      deps.logger?.error({ err: error }, 'health check: the database does not answer');
      res.set('Retry-After', String(RETRY_AFTER_S));
      res.status(503).json({ status: 'unavailable', database: deps.databaseKind });
    } finally {
      clearTimeout(timer);
    }
  });

  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  app.use(
    createApiRouter(deps.ctx, {
      metrics,
      rateLimitOrders: settings.rateLimitOrders,
      rateLimitCreate: settings.rateLimitCreate,
      createGames: settings.createGames,
      moderatorEmails: settings.moderatorEmails,
      bodyLimitKb: settings.bodyLimitKb,
    }),
  );
  // The calendar feed needs no session or cookie: its secret address is the key.
  app.use(calendarRoutes(deps.ctx, { rateLimit: settings.rateLimitCalendar }));
  app.use(
    createPagesRouter(deps.ctx, {
      settings: {
        secure,
        createGames: settings.createGames,
        moderatorEmails: settings.moderatorEmails,
        // Without an SMTP server, mail stays in the local mailbox the pages show.
        localMailbox: !settings.mailSmtpUrl,
        rateLimitLogin: settings.rateLimitLogin,
        rateLimitOrders: settings.rateLimitOrders,
        rateLimitMessages: settings.rateLimitMessages,
        rateLimitCreate: settings.rateLimitCreate,
        bodyLimitKb: settings.bodyLimitKb,
        ...(settings.mailFrom ? { mailFrom: settings.mailFrom } : {}),
        inbound: {
          ...(settings.mailMaxBytes !== undefined ? { maxBytes: settings.mailMaxBytes } : {}),
          ...(settings.mailRatePerHour !== undefined ? { ratePerHour: settings.mailRatePerHour } : {}),
        },
      },
      metrics,
      ...(deps.logger ? { logger: deps.logger } : {}),
    }),
  );
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
