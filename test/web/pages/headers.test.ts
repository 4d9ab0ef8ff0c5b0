/**
 * The security headers are helmet's, worked out once: every response gets
 * exactly the headers helmet itself would set, for the plain-http and the
 * https configuration alike.
 */
import { describe, expect, it } from 'vitest';
import type { RequestHandler } from 'express';
import { constantHeaders, helmetFor, securityHeaders } from '../../../src/web/pages/headers.ts';

/** What a middleware does to a fresh response: the headers it leaves, and whether it went on. */
function run(middleware: RequestHandler): { headers: Record<string, unknown>; next: boolean } {
  const headers = new Map<string, unknown>([['x-powered-by', 'Express']]);
  let next = false;
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  const req = { method: 'GET', url: '/', headers: {}, secure: false };
  middleware(req as never, res as never, () => (next = true));
  return { headers: Object.fromEntries(headers), next };
}

describe('security headers', () => {
  it.each([false, true])('are those helmet sets (secure: %s), set the same on every response', (secure) => {
    const expected = run(helmetFor({ secure }));
    const headers = securityHeaders({ secure });
    expect(headers).not.toBe(helmetFor({ secure }));
    expect(run(headers)).toEqual(expected);
    expect(run(headers)).toEqual(expected);
    expect(expected.headers['x-powered-by']).toBeUndefined();
    expect(expected.headers['content-security-policy']).toContain("default-src 'self'");
    expect('strict-transport-security' in expected.headers).toBe(secure);
  });

  it('leave a middleware that needs the request (a nonce, say) to run on every request', () => {
    const perRequest: RequestHandler = (req, res, next) => {
      res.setHeader('X-Seen', String(req.method));
      next();
    };
    expect(constantHeaders(perRequest)).toBe(perRequest);
    const unfinished: RequestHandler = () => undefined;
    expect(constantHeaders(unfinished)).toBe(unfinished);
  });
});
