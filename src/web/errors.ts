/**
 * The one error handler of the web channel. Every failure a client can cause
 * leaves as `{ error: { code, message, problems } }` with a stable code and a
 * message that says how to fix it; anything else is a bug, answered with a
 * generic 500 and logged — its message and stack never reach the client.
 */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { z } from 'zod';
import { isDatabaseUnavailable, RETRY_AFTER_S } from '../games/health.ts';
import { AppError, LimitError, type ProblemDetail } from '../games/errors.ts';
import type { Logger } from '../log.ts';

export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly problems: readonly ProblemDetail[];
    /** Only on 500: quote it when reporting the problem; the logs have the rest. */
    readonly requestId?: string;
  };
}

/** Where in a request a value came from, for the field paths of a validation error. */
export type InputPart = 'body' | 'params' | 'query';

/** Turns zod issues into problems whose messages name the field, e.g. `body.seats.0.email: not an email address`. */
function zodProblems(error: z.ZodError, part?: InputPart): ProblemDetail[] {
  return error.issues.map((issue) => {
    const path = [...(part ? [part] : []), ...issue.path.map(String)].join('.');
    return { code: 'INVALID_FIELD', message: `${path || 'input'}: ${issue.message}` };
  });
}

/** Checks one part of a request with its schema; a wrong value is a 400 naming every wrong field. */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, part: InputPart): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError(
    'INVALID_REQUEST',
    `the request ${part} is not valid: fix the fields listed`,
    400,
    zodProblems(result.error, part),
  );
}

/**
 * What body-parser reports (its errors carry a `type`), as the client's
 * mistake it is. Unknown types fall through to the generic handling.
 */
const BODY_ERRORS: Record<string, { code: string; status: number; message: string }> = {
  'entity.parse.failed': { code: 'MALFORMED_JSON', status: 400, message: 'the request body is not valid JSON' },
  'entity.too.large': { code: 'BODY_TOO_LARGE', status: 413, message: 'the request body is too large' },
  'encoding.unsupported': {
    code: 'UNSUPPORTED_ENCODING',
    status: 415,
    message: 'the request body uses a content encoding this service does not read (use identity, gzip, deflate or br)',
  },
  'charset.unsupported': {
    code: 'UNSUPPORTED_CHARSET',
    status: 415,
    message: 'the request body uses a character set this service does not read: send UTF-8',
  },
  'request.aborted': { code: 'REQUEST_ABORTED', status: 400, message: 'the request body ended before it was complete' },
  'request.size.invalid': {
    code: 'REQUEST_SIZE_MISMATCH',
    status: 400,
    message: 'the request body is not as long as its Content-Length says',
  },
};

interface HttpishError {
  readonly type?: unknown;
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly expose?: unknown;
  readonly limit?: unknown;
}

/** The database out of reach (stopped, restarting, cut off, too slow): not a bug, and worth trying again soon. */
export function databaseUnavailable(): AppError {
  return new AppError(
    'DATABASE_UNAVAILABLE',
    `the service cannot reach its database just now: try again in ${RETRY_AFTER_S} seconds (if this request changed something, check afterwards whether it was saved)`,
    503,
  );
}

/** The AppError a thrown value stands for, or null when it is a bug. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error instanceof z.ZodError)
    return new AppError('INVALID_REQUEST', 'the request is not valid: fix the fields listed', 400, zodProblems(error));
  // The router decodes path parameters; one that is not percent-encoded UTF-8 (e.g. `%ff`) is the client's mistake.
  if (error instanceof URIError)
    return new AppError('BAD_PATH', 'a part of the path does not decode as UTF-8: percent-encode it correctly', 400);
  if (typeof error !== 'object' || error === null) return null;
  const e = error as HttpishError;
  const known = typeof e.type === 'string' ? BODY_ERRORS[e.type] : undefined;
  if (known) {
    const limit =
      known.code === 'BODY_TOO_LARGE' && typeof e.limit === 'number'
        ? ` (at most ${Math.floor(e.limit / 1024)} KiB)`
        : '';
    return new AppError(known.code, known.message + limit, known.status);
  }
  // Errors Express and its parsers raise for a bad request (e.g. a path that does not decode) say so with `expose`.
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500 && e.expose === true) {
    return new AppError('BAD_REQUEST', 'the request could not be read: check its path, headers and body', status);
  }
  return null;
}

function errorBody(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message, problems: error.problems } };
}

function requestId(req: Request): string {
  const id = (req as Request & { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

/** The last middleware: every error of every route ends here. */
export function errorHandler(fallbackLogger?: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    // Once the headers are out, Express can only cut the connection.
    if (res.headersSent) return next(error);
    const logger: Logger | undefined = (req as Request & { log?: Logger }).log ?? fallbackLogger;
    const known = toAppError(error);
    if (known) {
      if (known.status === 401) res.set('WWW-Authenticate', 'Bearer realm="msc"');
      if (known instanceof LimitError) res.set('Retry-After', String(known.retryAfterS));
      if (known.status === 503) {
        res.set('Retry-After', String(RETRY_AFTER_S));
        logger?.warn({ err: error, requestId: requestId(req) }, 'the database cannot be reached: answered 503');
      }
      res.status(known.status).json(errorBody(known));
      return;
    }
    const id = requestId(req);
    logger?.error({ err: error, requestId: id }, 'internal error while answering a request');
    const body: ErrorBody = {
      error: {
        code: 'INTERNAL',
        message:
          'something went wrong on our side; it has been logged. Please try again later, and quote the request id if it happens again',
        problems: [],
        ...(id ? { requestId: id } : {}),
      },
    };
    res.status(500).json(body);
  };
}

/** After every route: whatever was not matched. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `there is no ${req.method} ${req.path}: see docs/api.md for the endpoints`, 404));
};

/** Whether a parsed body or query holds a NUL character in any of its strings (or keys), however deep. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses a body declared in a character set other than UTF-8 (415 UNSUPPORTED_CHARSET), before a body parser
 * reads it: the JSON parser would otherwise decode `charset=utf-16` as asked, and answer the UTF-8 bytes it got as
 * malformed JSON (400).
 */
export const refuseCharsetsButUtf8: RequestHandler = (req, _res, next) => {
  const type = req.headers['content-type'];
  const charset = typeof type === 'string' ? /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type)?.[1] : undefined;
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    next(new AppError(BODY_ERRORS['charset.unsupported']!.code, BODY_ERRORS['charset.unsupported']!.message, 415));
    return;
  }
  next();
};

/**
 * Refuses a request whose parsed body or query holds a NUL character: no text
 * a player writes needs one, and PostgreSQL cannot store it. Runs after each
 * body parser, so every route sees only text that can be stored.
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (holdsNul(req.body) || holdsNul(req.query) || req.path.includes('\u0000')) {
    next(
      new AppError(
        'NUL_IN_INPUT',
        'the request holds a NUL character (\\u0000), which no field takes: remove it and send again',
        400,
      ),
    );
    return;
  }
  next();
};
