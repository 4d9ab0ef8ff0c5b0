/**
 * What /metrics shows Prometheus: the process's default metrics, and counters
 * for what the service is for — orders accepted and rejected, turns resolved,
 * requests answered. Each app has its own registry, so several apps (tests,
 * or one process serving twice) never collide on a metric name.
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { Request, RequestHandler } from 'express';

export interface Metrics {
  readonly registry: Registry;
  /** Order submissions by channel (api, web, mail, cli) and result (accepted, rejected). */
  readonly submissions: Counter<'channel' | 'result'>;
  readonly turnsResolved: Counter<'outcome'>;
  /** Requests by method, route pattern (never the raw path: ids would make unbounded series) and status. */
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
}

export function createMetrics({ defaultMetrics = true }: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // The event loop's delay sampled every 50 ms rather than prom-client's 10: a timer a hundred times a second was
  // 0.3 % of a core of an idle service on its own (measured), and a PBEM service's lag that matters is longer.
  if (defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'msc_', eventLoopMonitoringPrecision: 50 });
  return {
    registry,
    submissions: new Counter({
      name: 'msc_submissions_total',
      help: 'Order submissions, by channel and result',
      labelNames: ['channel', 'result'] as const,
      registers: [registry],
    }),
    turnsResolved: new Counter({
      name: 'msc_turns_resolved_total',
      help: 'Turns resolved by the workers of this process; outcome is "continues" or "game-over"',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    httpRequests: new Counter({
      name: 'msc_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
  };
}

/** The route pattern a request matched (`/api/games/:id`), or `unmatched`. */
function routeOf(req: Request): string {
  const route = (req as { route?: unknown }).route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
}

/** Counts every response once it is sent. */
export function countRequests(metrics: Metrics): RequestHandler {
  // Each series' child counter found once (prom-client hashes the labels on every inc otherwise); the series are as
  // few as the methods, route patterns and statuses.
  const series = new Map<string, { inc(): void }>();
  return (req, res, next) => {
    res.on('finish', () => {
      const route = routeOf(req);
      const status = String(res.statusCode);
      const key = `${req.method} ${route} ${status}`;
      let counter = series.get(key);
      if (!counter) series.set(key, (counter = metrics.httpRequests.labels({ method: req.method, route, status })));
      counter.inc();
    });
    next();
  };
}
