/**
 * What the app adds around the API: /healthz, /metrics, security headers,
 * request logs that never hold a secret, and rate limits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/db.ts';
import { createDuel, duelBody, startTestApp, type TestApp } from './support.ts';

describe.each(databaseKinds)('the app on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('/healthz checks the database and names its kind', async () => {
    app = await startTestApp(kind);
    const r = await app.call('GET', '/healthz');
    expect([r.status, r.body]).toEqual([200, { status: 'ok', database: kind }]);
  });

  it('/healthz answers 503 when the database does not answer', async () => {
    app = await startTestApp(kind, {
      ctx: (ctx) => ({
        ...ctx,
        db: new Proxy(ctx.db, {
          get: (t, p, r) => (p === 'execute' ? () => Promise.reject(new Error('server gone')) : Reflect.get(t, p, r)),
        }),
      }),
    });
    const r = await app.call('GET', '/healthz');
    expect([r.status, r.body]).toEqual([503, { status: 'unavailable', database: kind }]);
  });

  it('/metrics counts orders accepted and rejected and requests by route pattern and status', async () => {
    app = await startTestApp(kind);
    const { tokens } = await createDuel(app, 'duel-metrics');
    await app.call('POST', '/api/games/duel-metrics/orders', {
      token: tokens.black,
      body: { text: 'SHIP Black SPEED 9 MOVE 9' },
    });
    await app.call('POST', '/api/games/duel-metrics/orders', {
      token: tokens.black,
      body: { text: 'SHIP Black SPEED 1 MOVE 1' },
    });
    await app.call('GET', '/api/games/duel-metrics');
    app.metrics.turnsResolved.inc({ outcome: 'continues' });
    const r = await app.call('GET', '/metrics');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toContain('msc_submissions_total{channel="api",result="accepted"} 1');
    expect(r.text).toContain('msc_submissions_total{channel="api",result="rejected"} 1');
    expect(r.text).toContain('msc_turns_resolved_total{outcome="continues"} 1');
    expect(r.text).toContain('msc_http_requests_total{method="POST",route="/api/games",status="201"} 1');
    expect(r.text).toContain('msc_http_requests_total{method="POST",route="/api/games/:id/orders",status="422"} 1');
    // The pattern, never the game id: one series per route, not per game.
    expect(r.text).toContain('msc_http_requests_total{method="GET",route="/api/games/:id",status="200"} 1');
    expect(r.text).not.toContain('route="/api/games/duel-metrics"');
  });

  it('sends security headers and no X-Powered-By', async () => {
    app = await startTestApp(kind);
    const r = await app.call('GET', '/api/games');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('x-powered-by')).toBeNull();
  });

  it('at the default level, no line per request (they are at debug)', async () => {
    app = await startTestApp(kind);
    await app.call('GET', '/api/games');
    expect(app.logs.join('')).not.toContain('request completed');
  });

  it('at the default level, a request that fails is still logged, as pino-http logs it: its id, request and status', async () => {
    app = await startTestApp(kind, {
      ctx: (ctx) => ({
        ...ctx,
        db: new Proxy(ctx.db, {
          get: (t, p, r) =>
            p === 'select'
              ? () => {
                  throw new Error('broken');
                }
              : Reflect.get(t, p, r),
        }),
      }),
    });
    const r = await app.call('GET', '/api/games', { token: 'not-a-secret-to-log' });
    expect(r.status).toBe(500);
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const all = app.logs.join('');
    expect(all).not.toContain('not-a-secret-to-log');
    const lines = app.logs.map(
      (l) =>
        JSON.parse(l) as {
          level: number;
          msg: string;
          req?: { id: string; method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    const errored = lines.filter((l) => l.msg === 'request errored');
    expect(errored).toEqual([
      expect.objectContaining({
        level: 50,
        req: expect.objectContaining({ id, method: 'GET', url: '/api/games' }),
        res: { statusCode: 500 },
        responseTime: expect.any(Number),
      }),
    ]);
    // The error handler's own line carries the request too (req.log).
    expect(lines.find((l) => l.msg === 'internal error while answering a request')?.req?.id).toBe(id);
    expect(all).not.toContain('request completed');
  });

  it('at debug, logs each request as JSON with its id and status, never the token', async () => {
    app = await startTestApp(kind, { logLevel: 'trace' });
    const { tokens, moderatorKey } = await createDuel(app, 'duel-logs');
    await app.call('GET', '/api/games/duel-logs', { token: tokens.black });
    await app.call('POST', '/api/games/duel-logs/pause', { token: moderatorKey });
    const all = app.logs.join('');
    expect(all).not.toContain(tokens.black);
    expect(all).not.toContain(moderatorKey);
    const lines = app.logs.map(
      (l) => JSON.parse(l) as { req?: { method: string; url: string; id: string }; res?: { statusCode: number } },
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/games/duel-logs', id: expect.any(String) }),
        res: { statusCode: 200 },
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        req: expect.objectContaining({ method: 'POST', url: '/api/games/duel-logs/pause' }),
        res: { statusCode: 200 },
      }),
    );
  });

  it('rate-limits game creation and order submission per client address, with the error shape', async () => {
    app = await startTestApp(kind, { settings: { rateLimitCreate: 2, rateLimitOrders: 3 } });
    await createDuel(app, 'duel-rate-1');
    const { tokens } = await createDuel(app, 'duel-rate-2');
    const third = await app.call('POST', '/api/games', { body: duelBody('duel-rate-3') });
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'too many requests from your address: at most 2 per hour; try again later',
      problems: [],
    });
    const order = { token: tokens.black, body: { text: 'SHIP Black SPEED 1 MOVE 1' } };
    for (let i = 0; i < 3; i++)
      expect((await app.call('POST', '/api/games/duel-rate-2/orders', order)).status).toBe(200);
    expect((await app.call('POST', '/api/games/duel-rate-2/orders', order)).status).toBe(429);
    // Reading is not limited.
    expect((await app.call('GET', '/api/games/duel-rate-2')).status).toBe(200);
  });
});
