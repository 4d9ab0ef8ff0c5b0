/** Expected failures are values, never exceptions: exceptions mean bugs. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** A problem a user can cause: a stable code, and a sentence that says how to fix it. */
export interface RuleError {
  readonly code: string;
  readonly message: string;
  /** The ship the problem concerns, if any. */
  readonly ship?: string;
}
