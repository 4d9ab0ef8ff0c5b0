/**
 * The one error shape: every failure a client can cause gets a stable code
 * and its status; a bug gets a generic 500 that leaks nothing, and is logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/games/errors.ts';
import { toAppError } from '../../src/web/errors.ts';
import { databaseKinds } from '../support/db.ts';
import { startTestApp, type TestApp } from './support.ts';

const SECRET_DETAIL = 'connection to postgres://msc:hunter2@db.internal failed';

describe.each(databaseKinds)('error answers on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    app = await startTestApp(kind);
    const r = await app.call('POST', '/api/games', { raw: '{"name": "x", ' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: { code: 'MALFORMED_JSON', message: 'the request body is not valid JSON', problems: [] },
    });
  });

  it('answers an unknown route with 404 NOT_FOUND, for any method', async () => {
    app = await startTestApp(kind);
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['DELETE', '/api/games/duel-1'],
      ['POST', '/api/games/duel-1/teleport'],
    ] as const) {
      const r = await app.call(method, path);
      expect([r.status, r.body.error.code]).toEqual([404, 'NOT_FOUND']);
      expect(r.body.error.message).toBe(`there is no ${method} ${path}: see docs/api.md for the endpoints`);
    }
  });

  it('answers a browser asking for an unknown page with the HTML "no such page", the API with JSON', async () => {
    app = await startTestApp(kind);
    for (const path of ['/nowhere', '/games-of-mine', '/favicon.ico.bak']) {
      const page = await app.call('GET', path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect([path, page.status, page.headers.get('content-type')]).toEqual([path, 404, 'text/html; charset=utf-8']);
      expect(page.text).toContain('<html lang="en">');
      expect(page.text).toContain('There is no such page');
    }
    const api = await app.call('GET', '/api/nowhere', { headers: { accept: 'text/html' } });
    expect([api.status, api.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers a body over the limit with 413 BODY_TOO_LARGE, and a body that is not JSON with 415', async () => {
    app = await startTestApp(kind, { settings: { bodyLimitKb: 1 } });
    const big = await app.call('POST', '/api/games', { body: { name: 'x'.repeat(2000) } });
    expect(big.status).toBe(413);
    expect(big.body.error).toEqual({
      code: 'BODY_TOO_LARGE',
      message: 'the request body is too large (at most 1 KiB)',
      problems: [],
    });
    const form = await app.call('POST', '/api/games', {
      raw: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([form.status, form.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('answers a body declared in a character set other than UTF-8 with 415 UNSUPPORTED_CHARSET', async () => {
    app = await startTestApp(kind);
    for (const charset of ['utf-16', 'UTF-16LE', 'utf-32', 'latin1', '"iso-8859-1"']) {
      const json = await app.call('POST', '/api/games', {
        raw: '{"name":"x"}',
        contentType: `application/json; charset=${charset}`,
      });
      expect([charset, json.status, json.body.error.code]).toEqual([charset, 415, 'UNSUPPORTED_CHARSET']);
    }
    const text = await app.call('POST', '/api/games/nowhere/orders', {
      raw: 'GAME nowhere TURN 1\nEND',
      contentType: 'text/plain; charset=utf-16',
    });
    expect([text.status, text.body.error.code]).toEqual([415, 'UNSUPPORTED_CHARSET']);
    const utf8 = await app.call('POST', '/api/games', { raw: '{}', contentType: 'application/json; charset=UTF-8' });
    expect(utf8.status).not.toBe(415);
  });

  it('answers a thrown internal error with 500 INTERNAL: no message, no stack, and logs it with the request id', async () => {
    // A database that fails the way a broken server would, with a message that must not reach the client.
    app = await startTestApp(kind, {
      ctx: (ctx) => ({
        ...ctx,
        db: new Proxy(ctx.db, {
          get(target, property, receiver) {
            if (property === 'select') {
              return () => {
                throw new Error(SECRET_DETAIL);
              };
            }
            return Reflect.get(target, property, receiver);
          },
        }),
      }),
    });
    const r = await app.call('GET', '/api/games');
    expect(r.status).toBe(500);
    const requestId = r.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).toEqual({
      error: {
        code: 'INTERNAL',
        message:
          'something went wrong on our side; it has been logged. Please try again later, and quote the request id if it happens again',
        problems: [],
        requestId,
      },
    });
    for (const leak of ['hunter2', 'postgres://', 'Error', '.ts:', ' at ']) expect(r.text).not.toContain(leak);
    const logged = app.logs.map(
      (line) =>
        JSON.parse(line) as {
          level: number;
          msg: string;
          requestId?: string;
          err?: { message: string; stack: string };
        },
    );
    const entry = logged.find((l) => l.msg === 'internal error while answering a request');
    expect(entry).toMatchObject({ level: 50, requestId, err: { message: SECRET_DETAIL } });
    expect(entry?.err?.stack).toContain('errors.test.ts');
  });
});

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const e = new AppError('GAME_NOT_FOUND', 'there is no game x', 404);
    expect(toAppError(e)).toBe(e);
  });

  it('turns a zod error into 400 INVALID_REQUEST naming each field', () => {
    const result = z.object({ speed: z.number() }).safeParse({ speed: 'fast' });
    const e = toAppError(result.error);
    expect(e).toMatchObject({
      code: 'INVALID_REQUEST',
      status: 400,
      problems: [{ code: 'INVALID_FIELD', message: expect.stringMatching(/^speed: /) }],
    });
  });

  it.each([
    ['entity.parse.failed', 'MALFORMED_JSON', 400],
    ['entity.too.large', 'BODY_TOO_LARGE', 413],
    ['encoding.unsupported', 'UNSUPPORTED_ENCODING', 415],
    ['charset.unsupported', 'UNSUPPORTED_CHARSET', 415],
    ['request.aborted', 'REQUEST_ABORTED', 400],
    ['request.size.invalid', 'REQUEST_SIZE_MISMATCH', 400],
  ])("turns the body parser's %s into %s %i", (type, code, status) => {
    expect(toAppError(Object.assign(new Error('parser detail'), { type, status, expose: true }))).toMatchObject({
      code,
      status,
    });
  });

  it('turns another exposed 4xx into BAD_REQUEST without its message', () => {
    const e = toAppError(Object.assign(new Error("Failed to decode param '%E0%A4%A'"), { status: 400, expose: true }));
    expect(e).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(e?.message).not.toContain('decode');
  });

  it('leaves everything else to the 500 answer', () => {
    expect(toAppError(new Error('boom'))).toBeNull();
    expect(toAppError(Object.assign(new Error('x'), { status: 500, expose: false }))).toBeNull();
    expect(toAppError('a string')).toBeNull();
    expect(toAppError(null)).toBeNull();
  });
});
