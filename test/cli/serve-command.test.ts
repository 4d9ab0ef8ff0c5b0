/** `msc serve` tells a failure of the environment (fix it and start again) from a bug. */
import { describe, expect, it } from 'vitest';
import { isEnvironmentFailure } from '../../src/cli/serve-command.ts';

const errno = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('isEnvironmentFailure', () => {
  it('a port in use or not allowed, found through the cause chain', () => {
    expect(
      isEnvironmentFailure(
        new Error('cannot listen on 127.0.0.1:8080 (HOST, PORT): the address is in use', {
          cause: errno('EADDRINUSE'),
        }),
      ),
    ).toBe(true);
    expect(
      isEnvironmentFailure(
        new Error('cannot listen on 127.0.0.1:80 (HOST, PORT): permission denied', { cause: errno('EACCES') }),
      ),
    ).toBe(true);
  });

  it('a PostgreSQL server out of reach', () => {
    expect(
      isEnvironmentFailure(
        new Error('cannot connect to PostgreSQL at db:5432/msc (DATABASE_URL): connect ECONNREFUSED'),
      ),
    ).toBe(true);
  });

  it('anything else is a bug', () => {
    expect(isEnvironmentFailure(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isEnvironmentFailure('a string')).toBe(false);
  });
});
