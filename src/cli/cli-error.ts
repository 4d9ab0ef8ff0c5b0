/**
 * A failure of the command line itself, in a module of its own so that every
 * command can throw it without loading what the rest of the program needs.
 */
import type { ProblemDetail } from '../games/errors.ts';

/** A failure of the command line itself: bad arguments, an unreadable file, a server out of reach. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly problems: readonly ProblemDetail[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}
