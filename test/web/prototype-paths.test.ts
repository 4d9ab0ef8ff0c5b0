/**
 * The names of Object.prototype's properties (`__proto__`, `constructor`, `hasOwnProperty`, `valueOf`,
 * `__defineGetter__`…) as path segments of every route, web and API, to a stranger, a player and the moderator:
 * a lookup by name in a plain object finds those, so the answer is never a 5xx — and who does not moderate a game
 * is refused before any moderator action is looked up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, visitor, type Visitor } from './pages-support.ts';
import { createDuel, startTestApp, type TestApp } from './support.ts';

const NAMES = Object.getOwnPropertyNames(Object.prototype);

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route the app (and the routers it mounts) answers: method and path template. */
function routesOf(app: Express): [string, string][] {
  const found: [string, string][] = [];
  const walk = (stack: readonly Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        for (const method of Object.keys(layer.route.methods))
          if (method === 'get' || method === 'post') found.push([method.toUpperCase(), layer.route.path]);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/**
 * The pages' routes, read from their sources: the pages router is mounted behind a function (it answers only the
 * pages' paths), so the app's stack does not list them.
 */
function pageRoutes(): [string, string][] {
  const dir = new URL('../../src/web/pages/', import.meta.url);
  const found: [string, string][] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const m of source.matchAll(/router\.(get|post)\(\s*'([^']+)'/g)) found.push([m[1]!.toUpperCase(), m[2]!]);
  }
  return found;
}

/** The paths to try for one template: each parameter in turn, and a trailing segment, set to `name`. */
function pathsFor(template: string, name: string): string[] {
  const real: Record<string, string> = { id: 'pp-1', side: 'black', n: '1', token: 'x', action: 'pause' };
  const segments = template.split('/');
  const params = segments.flatMap((s, i) => (s.startsWith(':') ? [i] : []));
  const fill = (at: number) =>
    segments
      .map((s, i) => (i === at ? encodeURIComponent(name) : s.startsWith(':') ? (real[s.slice(1)] ?? 'x') : s))
      .join('/');
  return [...params.map(fill), `${fill(-1).replace(/\/$/, '')}/${encodeURIComponent(name)}`];
}

describe('names of Object.prototype as path segments', () => {
  let app: TestApp;
  let tokens: Record<'black' | 'grey', string>;
  let stranger: Visitor;
  let moderator: Visitor;

  beforeAll(async () => {
    app = await startTestApp('pglite', { settings: { rateLimitOrders: 0, rateLimitCreate: 0 } });
    let moderatorKey: string;
    ({ tokens, moderatorKey } = await createDuel(app, 'pp-1'));
    stranger = visitor(app);
    await logIn(app, stranger, 'stranger@pbem.test');
    moderator = visitor(app);
    await logIn(app, moderator, 'carol@pbem.test');
    await moderator.get('/games/pp-1/moderate');
    const claimed = await moderator.post('/games/pp-1/moderate/claim', { key: moderatorKey });
    if (claimed.status !== 303) throw new Error(`claiming pp-1 answered ${claimed.status}`);
    await moderator.get('/games/pp-1/moderate');
  });
  afterAll(async () => {
    await app.close();
  });

  it('a logged-in stranger is refused a moderator action whatever its name (403), the moderator gets 404', async () => {
    for (const name of ['__proto__', '__defineGetter__', 'hasOwnProperty', 'valueOf', 'nonsense']) {
      expect((await stranger.post(`/games/pp-1/moderate/${name}`, { reason: 'x' })).status, name).toBe(403);
      expect((await moderator.post(`/games/pp-1/moderate/${name}`, { reason: 'x' })).status, name).toBe(404);
    }
  });

  it('no route answers 5xx', async () => {
    const routes = [...routesOf(app.express), ...pageRoutes()];
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual(['POST', '/games/:id/moderate/:action']);
    expect(routes).toContainEqual(['POST', '/api/games/:id/orders']);
    const failures: string[] = [];
    for (const [method, template] of routes) {
      for (const name of NAMES) {
        for (const path of pathsFor(template, name)) {
          const answers = template.startsWith('/api')
            ? [
                await app.call(method, path, { token: tokens.black, ...(method === 'POST' ? { body: {} } : {}) }),
                await app.call(method, path, { anonymous: true, ...(method === 'POST' ? { body: {} } : {}) }),
              ]
            : method === 'GET'
              ? [await stranger.get(path), await moderator.get(path)]
              : [await stranger.post(path, { reason: 'x' }), await moderator.post(path, { reason: 'x' })];
          for (const a of answers) if (a.status >= 500) failures.push(`${method} ${path} → ${a.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
