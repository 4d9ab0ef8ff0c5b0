/**
 * Every route, API and form, fed random and hostile input: whatever comes in,
 * the answer is never a 5xx, the service keeps answering, and no secret (a
 * dice seed, a token) reaches the log. The requests come from fast-check with
 * a fixed seed, so a failure names the request that caused it and repeats.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/db.ts';
import { logIn, visitor, type Visitor } from './pages-support.ts';
import { createDuel, startTestApp, type TestApp } from './support.ts';

/** Strings a careless handler chokes on. */
const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '-1',
  '1e308',
  'NaN',
  'Infinity',
  '../../../etc/passwd',
  '%252e%252e',
  '<script>alert(1)</script>',
  "'; drop table games; --",
  '__proto__',
  'constructor',
  'x'.repeat(5000),
  'GAME fz-1 TURN 1\nSHIP Black SPEED 99 MOVE 9\nEND',
  'CONCEDE',
  'MESSAGE grey\nhello\u0000\nEND',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** A JSON value: hostile strings, odd numbers, nesting, prototype keys. */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 72, 0.01),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'text', 'orders', 'deadline', 'seats', 'reason'),
        fc.string(),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** Bodies shaped like the real ones, with hostile values in their fields. */
const FIELDS = [
  'text',
  'orders',
  'deadline',
  'extendHours',
  'reason',
  'how',
  'email',
  'name',
  'timeZone',
  'side',
  'key',
  'to',
  'message',
  'fleet',
  'scenario',
  'settings',
  'seats',
  'id',
  'none',
  'ships',
  'budget',
  'turnHours',
];
const shapedBody = fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 5 });

const API_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/api'],
  ['GET', '/api/games'],
  ['POST', '/api/games'],
  ['GET', '/api/games/:id'],
  ['POST', '/api/games/:id/concede'],
  ['POST', '/api/games/:id/deadline'],
  ['POST', '/api/games/:id/end'],
  ['GET', '/api/games/:id/export'],
  ['POST', '/api/games/:id/fleet'],
  ['POST', '/api/games/:id/orders'],
  ['GET', '/api/games/:id/orders'],
  ['POST', '/api/games/:id/resolve'],
  ['POST', '/api/games/:id/rollback'],
  ['POST', '/api/games/:id/pause'],
  ['POST', '/api/games/:id/resume'],
  ['POST', '/api/games/:id/seats/:side/concede'],
  ['POST', '/api/games/:id/seats/:side/replace'],
  ['POST', '/api/games/:id/seats/:side/rotate-token'],
  ['GET', '/api/games/:id/turns'],
  ['GET', '/api/games/:id/turns/:n'],
  ['GET', '/healthz'],
];

const PAGE_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/'],
  ['GET', '/archive'],
  ['GET', '/archive/:id'],
  ['GET', '/archive/:id/turn/:n'],
  ['GET', '/calendar/:id'],
  ['GET', '/calendar/:id.ics'],
  ['POST', '/calendar/rotate'],
  ['GET', '/games/:id'],
  ['POST', '/games/:id/fleet'],
  ['POST', '/games/:id/messages'],
  ['GET', '/games/:id/moderate'],
  ['POST', '/games/:id/moderate/claim'],
  ...['deadline', 'pause', 'resume', 'resolve', 'rollback', 'replace', 'invite', 'rotate', 'end', 'nonsense'].map(
    (a) => ['POST', `/games/:id/moderate/${a}`] as const,
  ),
  ['POST', '/games/:id/orders'],
  ['POST', '/games/:id/orders/text'],
  ['GET', '/games/new'],
  ['POST', '/games/new'],
  ['GET', '/login'],
  ['POST', '/login'],
  ['GET', '/login/:token'],
  ['POST', '/login/:token'],
  ['GET', '/mailbox'],
  ['GET', '/mailbox/:id'],
  ['GET', '/static/:id'],
];

/** Path parameters: the real game, a missing one, and encodings that decode to trouble. */
const idParam = fc.oneof(
  fc.constantFrom('fz-1', 'fz-1', 'no-such-game', '%00', '%2e%2e', '%252e%252e', '..%2f', '%ff', 'A'.repeat(300), '-'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const sideParam = fc.constantFrom('black', 'grey', 'nobody', '%00', 'BLACK', '__proto__');
const turnParam = fc.constantFrom('1', '0', '-1', '999999', '1e3', '%00', 'x');

function fillPath(template: string, id: string, side: string, n: string): string {
  return template.replace(':id', id).replace(':side', side).replace(':n', n).replace(':token', id);
}

const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.constantFrom('status', 'to', 'q', 'done', '__proto__'), hostileString, { maxKeys: 2 })
    .map((q) => `?${new URLSearchParams(q).toString()}`),
);

describe.each(databaseKinds)('every route under random and hostile input on %s', (kind) => {
  let app: TestApp;
  let tokens: Record<'black' | 'grey', string>;
  let moderatorKey: string;
  let player: Visitor;
  let moderator: Visitor;

  beforeAll(async () => {
    app = await startTestApp(kind, { settings: { rateLimitOrders: 0, rateLimitCreate: 0 } });
    ({ tokens, moderatorKey } = await createDuel(app, 'fz-1'));
    player = visitor(app);
    await logIn(app, player, 'alice@pbem.test');
    // A third person takes the game over with its key, so the moderator's forms are fuzzed as its moderator.
    moderator = visitor(app);
    await logIn(app, moderator, 'carol@pbem.test');
    await moderator.get('/games/fz-1/moderate');
    const claimed = await moderator.post('/games/fz-1/moderate/claim', { key: moderatorKey });
    if (claimed.status !== 303) throw new Error(`claiming fz-1 answered ${claimed.status}`);
    await moderator.get('/games/fz-1/moderate');
  });
  afterAll(async () => {
    await app.close();
  });

  const bearer = () =>
    fc.constantFrom<string | undefined>(undefined, tokens.black, tokens.grey, moderatorKey, 'x'.repeat(43));

  it('the JSON API never answers 5xx, and every refusal has a code', async () => {
    const failures: string[] = [];
    const uncoded: string[] = [];
    const request = fc.record({
      route: fc.constantFrom(...API_ROUTES),
      id: idParam,
      side: sideParam,
      n: turnParam,
      query,
      token: fc.constant(null).chain(() => bearer()),
      body: fc.oneof(
        shapedBody.map((b) => ({ json: b })),
        jsonValue.map((v) => ({ json: v })),
        fc.constantFrom('{"text":', '[', 'null', '{"a":1}{', '\u0000', 'GAME fz-1 TURN 1\nEND').map((raw) => ({ raw })),
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const [method, template] = r.route;
        const path = fillPath(template, r.id, r.side, r.n) + r.query;
        const answer = await app.call(method, path, {
          ...(r.token !== undefined ? { token: r.token } : {}),
          ...(method === 'GET' ? {} : 'raw' in r.body ? { raw: r.body.raw } : { body: r.body.json }),
        });
        const what = `${method} ${path} ${JSON.stringify(r.body)} → ${answer.status} ${answer.text.slice(0, 160)}`;
        if (answer.status >= 500) failures.push(what);
        else if (answer.status >= 400 && typeof answer.body?.error?.code !== 'string') uncoded.push(what);
      }),
      { numRuns: 250, seed: 8_2026 },
    );
    expect(failures).toEqual([]);
    expect(uncoded).toEqual([]);
  });

  it('the pages never answer 5xx, to a player, a moderator or a stranger', async () => {
    const failures: string[] = [];
    const stranger = visitor(app);
    await stranger.get('/login');
    const request = fc.record({
      route: fc.constantFrom(...PAGE_ROUTES),
      id: idParam,
      side: sideParam,
      n: turnParam,
      query,
      who: fc.constantFrom('player', 'moderator', 'stranger'),
      withCsrf: fc.boolean(),
      fields: fc.dictionary(
        fc.constantFrom(...FIELDS, 'rows', 'ship', 'speed', 'plot', 'fire', '_csrf'),
        fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })),
        { maxKeys: 6 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const [method, template] = r.route;
        const path = fillPath(template, r.id, r.side, r.n) + r.query;
        const who = r.who === 'player' ? player : r.who === 'moderator' ? moderator : stranger;
        const answer =
          method === 'GET' ? await who.get(path) : await who.post(path, r.fields, r.withCsrf ? {} : { csrf: null });
        if (answer.status >= 500)
          failures.push(`${r.who} ${method} ${path} ${JSON.stringify(r.fields)} → ${answer.status}`);
      }),
      { numRuns: 400, seed: 8_2027 },
    );
    expect(failures).toEqual([]);
  });

  it('nothing secret reaches the log, and the service still answers', async () => {
    const health = await app.call('GET', '/healthz');
    expect(health.status).toBe(200);
    const log = app.logs.join('');
    for (const secret of [tokens.black, tokens.grey, moderatorKey]) expect(log).not.toContain(secret);
    const [row] = await app.database.db.select({ seed: games.seed }).from(games).where(eq(games.id, 'fz-1'));
    expect(row?.seed).toMatch(/\S{16}/);
    expect(log).not.toContain(row!.seed);
  });
});
