/**
 * Hostile input at the web boundary: a NUL byte in any text, a path that
 * decodes to a parent folder, a deadline in the far future. Each gets a 4xx
 * with a code and a message, never a 500, and nothing is stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/db.ts';
import { createDuel, startTestApp, type TestApp } from './support.ts';

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('a NUL byte in a JSON body is refused with 400 and a code', async () => {
    app = await startTestApp(kind);
    const r = await app.call('POST', '/api/games', {
      body: {
        name: 'Orion\u0000',
        scenario: 'tutorial-duel',
        seats: [
          { side: 'black', email: 'b@pbem.test', name: 'B' },
          { side: 'grey', email: 'g@pbem.test', name: 'G' },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('NUL_IN_INPUT');
  });

  it('a path that decodes to a parent folder is a 404, not a 500', async () => {
    app = await startTestApp(kind);
    for (const path of [
      '/static/%252e%252e/package.json',
      '/static/%2e%2e/package.json',
      '/static/..%2fpackage.json',
    ]) {
      const r = await app.call('GET', path);
      expect([path, r.status]).toEqual([path, 404]);
    }
  });

  it('a deadline in the far future is refused, and extending a deadline keeps working', async () => {
    app = await startTestApp(kind);
    const { moderatorKey } = await createDuel(app, 'far-1');
    const far = await app.call('POST', '/api/games/far-1/deadline', {
      token: moderatorKey,
      body: { deadline: '9999-12-31T23:59:59Z' },
    });
    expect(far.status).toBe(422);
    expect(far.body.error.code).toBe('DEADLINE_TOO_FAR');
    const deadlineOf = async () => {
      const game = await app!.call('GET', '/api/games/far-1', { token: moderatorKey });
      return Date.parse(game.body.game.turn.deadline as string);
    };
    const before = await deadlineOf();
    const extended = await app.call('POST', '/api/games/far-1/deadline', {
      token: moderatorKey,
      body: { extendHours: 24 },
    });
    expect(extended.status).toBe(200);
    expect(await deadlineOf()).toBe(before + 24 * 3_600_000);
  });
});
