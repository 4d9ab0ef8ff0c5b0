/** `msc serve` tells a failure of the environment (fix it and start again) from a bug. */
import { describe, expect, it } from 'vitest';
import { isEnvironmentFailure } from '../../src/cli/serve-command.ts';
import { mscWith } from './support.ts';

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

describe('msc serve --web N --workers N --mail N', () => {
  const msc = mscWith(() => Promise.reject(new Error('msc serve opens no client')));

  it('refuses a count that is not a number of processes, naming the flag', async () => {
    const run = await msc(['serve', '--web', 'two'], { env: { DATABASE_URL: 'postgres://x@127.0.0.1:1/none' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--web takes a number of processes from 0 to 32, not "two"');
  });

  it('refuses processes with nothing to do', async () => {
    const run = await msc(['serve', '--web', '0', '--workers', '0', '--mail', '0'], {
      env: { DATABASE_URL: 'postgres://x@127.0.0.1:1/none' },
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('give at least one process something to do');
  });

  it('refuses several processes on the embedded database: they need one PostgreSQL server to share', async () => {
    const run = await msc(['serve', '--web', '2'], { env: { DATA_DIR: 'memory://' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('several processes need one PostgreSQL server to share: set DATABASE_URL');
  });

  it('refuses a process with only some roles on the embedded database (ROLES)', async () => {
    const run = await msc(['serve'], { env: { DATA_DIR: 'memory://', ROLES: 'web', PORT: '0' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`ROLES is "web", but the embedded database is one process's alone: set DATABASE_URL`);
  });
});
