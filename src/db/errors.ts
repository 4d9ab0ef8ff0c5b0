/**
 * Failures that mean "the database cannot be reached just now" rather than a
 * bug: the server stopped, restarting or failing over, a connection cut
 * (pg_terminate_backend, a network fault), a server that does not answer in
 * time, a statement that ran past its timeout. The web answers them 503 with
 * Retry-After; the queue tries its claim again, which is always safe (a
 * resolution is one transaction: either it committed, and the turn is no
 * longer due, or nothing of it was written).
 */

/** SQLSTATE codes of a connection lost or refused, or of a statement the server cut short. */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown (a stop, or pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Network errors of the socket to the server. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** What node-postgres and its pool say when a connection is gone or never came. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
  'the database is closed',
];

/** Whether `error` (or an error it wraps, e.g. drizzle's DrizzleQueryError) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 8; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = cause;
  }
  return false;
}

/** Seconds a client is asked to wait (Retry-After) before trying again when the database is out of reach. */
export const RETRY_AFTER_S = 5;

export interface RetryOptions {
  /** Waits before the second, third … try; their number is the tries after the first. */
  readonly delaysMs: readonly number[];
  /** Stops trying again (the last error is thrown) once this aborts. */
  readonly signal?: AbortSignal;
  /** Told of each failure that is tried again. */
  readonly onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Runs `work`, and again after each delay while it fails because the database
 * is out of reach. Only for work that is safe to repeat: a transaction that
 * either committed or wrote nothing, and that checks again what it acts on.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = options.delaysMs[attempt];
      if (delay === undefined || options.signal?.aborted || !isDatabaseUnavailable(error)) throw error;
      options.onRetry?.(error, attempt + 1);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delay);
        function done(): void {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', done);
          resolve();
        }
        options.signal?.addEventListener('abort', done, { once: true });
      });
      if (options.signal?.aborted) throw error;
    }
  }
}
