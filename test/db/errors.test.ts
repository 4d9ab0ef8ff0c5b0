/**
 * Which failures mean "the database is out of reach just now" (answered 503,
 * the queue's claim tried again) rather than a bug, and the retry of work
 * that is safe to repeat (src/db/errors.ts).
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../../src/db/errors.ts';
import { AppError } from '../../src/games/errors.ts';
import { toAppError } from '../../src/web/errors.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('knows a cut connection, a stopped or starting server, a timeout, wrapped by drizzle or not', () => {
    const unavailable = [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('57014', 'canceling statement due to statement timeout'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new DrizzleQueryError('select 1', [], pgError('57P01', 'terminating connection')),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it("leaves alone what is a bug or the request's fault", () => {
    const others = [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation "gamez" does not exist'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new AppError('NOT_FOUND', 'no such game', 404),
      'a string',
      null,
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it('is answered 503 DATABASE_UNAVAILABLE, with a message that says to try again', () => {
    const known = toAppError(new DrizzleQueryError('begin', [], new Error('Connection terminated unexpectedly')));
    expect(known).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(known?.message).toContain('try again in 5 seconds');
  });
});

describe('retryWhileUnavailable', () => {
  it('tries again after each delay while the database is out of reach, then gives the result', async () => {
    let calls = 0;
    const retried: number[] = [];
    const result = await retryWhileUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('Connection terminated unexpectedly');
        return 'resolved';
      },
      { delaysMs: [1, 1, 1], onRetry: (_e, attempt) => retried.push(attempt) },
    );
    expect(result).toBe('resolved');
    expect(retried).toEqual([1, 2]);
  });

  it('throws at once what is not an outage, and the last outage once the delays are spent or it is told to stop', async () => {
    const bug = new TypeError('a bug');
    await expect(retryWhileUnavailable(() => Promise.reject(bug), { delaysMs: [1, 1] })).rejects.toBe(bug);
    let calls = 0;
    const outage = () => {
      calls += 1;
      return Promise.reject(new Error('Connection terminated'));
    };
    await expect(retryWhileUnavailable(outage, { delaysMs: [1, 1] })).rejects.toThrow('Connection terminated');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryWhileUnavailable(outage, { delaysMs: [1, 1], signal: AbortSignal.abort() })).rejects.toThrow(
      'Connection terminated',
    );
    expect(calls).toBe(1);
  });
});
