/**
 * The API's OpenAPI document (GET /api/openapi.json), generated from the zod schemas the routes check their input
 * with: it validates as OpenAPI 3.1, it has every route the router mounts under /api and nothing else, and real
 * answers — successes and errors — validate against the schemas it gives for them.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiRouter } from '../../src/web/api.ts';
import { duelBody, startTestApp, type TestApp } from './support.ts';

type Json = Record<string, unknown>;
type Doc = {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, { responses: Record<string, Json>; parameters?: Json[] }>>;
  readonly components: { schemas: Record<string, Json> };
};

/** Every route an Express router mounts, as `get /api/games/{id}`. */
function mountedRoutes(router: { stack: unknown[] }): string[] {
  const routes: string[] = [];
  for (const layer of router.stack as { route?: { path: string; methods: Record<string, boolean> } }[]) {
    if (!layer.route) continue;
    const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    app = await startTestApp('pglite');
    const answer = await app.call('GET', '/api/openapi.json', { anonymous: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    doc = answer.body;
  });
  afterAll(() => app.close());

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route the API router mounts, and nothing else', () => {
    const mounted = mountedRoutes(createApiRouter(app.ctx));
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
      .sort();
    expect(mounted.length).toBeGreaterThanOrEqual(21);
    expect(documented).toEqual(mounted);
    // Each names its path parameters and says what its errors look like.
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const named = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(named, `${method} ${path}`).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
        expect(op.responses['400'], `${method} ${path}`).toMatchObject({ $ref: '#/components/responses/Error' });
      }
  });

  /** The schema the document gives for an answer of `status` to `method path`, as zod reads it back. */
  function answerSchema(method: string, path: string, status: number): z.ZodType {
    const response = doc.paths[path]?.[method]?.responses[String(status)];
    expect(response, `${method} ${path} documents ${status}`).toBeDefined();
    const schema =
      '$ref' in response!
        ? doc.components.schemas.Error!
        : (response as { content: { 'application/json': { schema: Json } } }).content['application/json'].schema;
    return z.fromJSONSchema(schema);
  }

  async function conforms(method: 'GET' | 'POST', route: string, path: string, options = {}) {
    const answer = await app.call(method, path, options);
    const checked = answerSchema(method.toLowerCase(), route, answer.status).safeParse(answer.body);
    expect(checked.error?.issues ?? [], `${method} ${path} → ${answer.status}: ${answer.text}`).toEqual([]);
    return answer;
  }

  it('real answers, and errors, validate against the schemas the document gives for them', async () => {
    const created = await conforms('POST', '/api/games', '/api/games', { body: duelBody('oa-duel') });
    expect(created.status).toBe(201);
    const { moderatorKey, seats } = created.body as { moderatorKey: string; seats: { token: string }[] };
    await conforms('GET', '/api/games', '/api/games', { anonymous: true });
    await conforms('GET', '/api/games/{id}', '/api/games/oa-duel', { anonymous: true });
    const seat = await conforms('GET', '/api/games/{id}', '/api/games/oa-duel', {
      anonymous: true,
      token: seats[0]!.token,
    });
    expect((seat.body as { role: string }).role).toBe('seat');
    await conforms('GET', '/api/games/{id}', '/api/games/oa-duel', { anonymous: true, token: moderatorKey });
    await conforms('GET', '/api/games/{id}/orders', '/api/games/oa-duel/orders', {
      anonymous: true,
      token: seats[0]!.token,
    });
    await conforms('POST', '/api/games/{id}/deadline', '/api/games/oa-duel/deadline', {
      anonymous: true,
      token: moderatorKey,
      body: { extendHours: 2 },
    });
    await conforms('POST', '/api/games/{id}/pause', '/api/games/oa-duel/pause', {
      anonymous: true,
      token: moderatorKey,
    });
    await conforms('GET', '/api/games/{id}/turns', '/api/games/oa-duel/turns', { anonymous: true });
    await conforms('GET', '/api/games/{id}/turns/{n}', '/api/games/oa-duel/turns/1', { anonymous: true });
    // Errors: a bad field, a missing token, a game that is not there, a body that is not JSON.
    const bad = await conforms('POST', '/api/games/{id}/orders', '/api/games/oa-duel/orders', {
      anonymous: true,
      token: seats[0]!.token,
      body: { text: 'x', orders: {} },
    });
    expect(bad.status).toBe(400);
    expect(
      (await conforms('GET', '/api/games/{id}/orders', '/api/games/oa-duel/orders', { anonymous: true })).status,
    ).toBe(401);
    expect((await conforms('GET', '/api/games/{id}', '/api/games/no-such-game', { anonymous: true })).status).toBe(404);
    const refused = await conforms('POST', '/api/games/{id}/resume', '/api/games/oa-duel/resume', {
      anonymous: true,
      token: moderatorKey,
      raw: 'reason=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(refused.status).toBe(415);
    await conforms('GET', '/api/openapi.json', '/api/openapi.json', { anonymous: true });
  });
});
