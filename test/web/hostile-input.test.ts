/**
 * Hostile input at the web boundary: a NUL byte in any text, a path that
 * decodes to a parent folder, a deadline in the far future. Each gets a 4xx
 * with a code and a message, never a 500, and nothing is stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/db.ts';
import { startTestApp, type TestApp } from './support.ts';

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
});
