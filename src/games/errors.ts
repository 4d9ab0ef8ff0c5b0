/**
 * One error type for everything a user can get wrong: a stable code, an HTTP
 * status, and a message that says how to fix it. Anything else is a bug and is
 * never shown to users.
 */
export interface ProblemDetail {
  readonly code: string;
  readonly message: string;
  readonly line?: number | null;
  readonly ship?: string;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly problems: readonly ProblemDetail[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(code, message, 404);
export const forbidden = (code: string, message: string) => new AppError(code, message, 403);
export const unauthorized = (code: string, message: string) => new AppError(code, message, 401);
export const conflict = (code: string, message: string) => new AppError(code, message, 409);
export const invalid = (code: string, message: string, problems: readonly ProblemDetail[] = []) =>
  new AppError(code, message, 422, problems);
export const badRequest = (code: string, message: string, problems: readonly ProblemDetail[] = []) =>
  new AppError(code, message, 400, problems);

/** A refusal for going over a limit: 429, with the seconds to wait before trying again (Retry-After). */
export class LimitError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterS: number,
  ) {
    super(code, message, 429);
  }
}
