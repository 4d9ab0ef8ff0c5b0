/**
 * How `msc` fails. Everything a user can get wrong — a bad token, an unknown
 * game, a wrong environment variable, a data directory in use — is one line
 * `msc: <what, and how to fix it>` (plus the problems listed) and exit code 2.
 * Anything else is a bug: exit code 1, and a stack trace only with MSC_DEBUG=1.
 */
import { CommanderError } from 'commander';
import { InvalidConfigError } from '../config/config.ts';
import { DataDirInUseError } from '../server/data-dir.ts';
import { AppError, type ProblemDetail } from '../games/errors.ts';
import { CliError } from './cli-error.ts';

export const EXIT_OK = 0;
const EXIT_INTERNAL = 1;
const EXIT_USER = 2;

export { CliError } from './cli-error.ts';

/** One problem as a line: where, what, and its code for scripts. */
export function formatProblem(p: ProblemDetail): string {
  const where = [p.line != null ? `line ${p.line}` : null, p.ship ? `ship ${p.ship}` : null].filter(Boolean).join(', ');
  return `  - ${where ? `${where}: ` : ''}${p.message} (${p.code})`;
}

export interface Failure {
  readonly exitCode: number;
  /** What goes to standard error, without the final newline. */
  readonly text: string;
}

/** What to print, and the exit code, for an error that reached the top of a command. */
export function describeFailure(error: unknown, debug = false): Failure {
  if (error instanceof CommanderError) {
    // Commander has printed its message already; help and --version are not failures.
    return { exitCode: error.exitCode === 0 ? EXIT_OK : EXIT_USER, text: '' };
  }
  const expected = expectedMessage(error);
  if (expected !== null) {
    const extra = debug && error instanceof Error && error.stack ? `\n${error.stack}` : '';
    return { exitCode: EXIT_USER, text: `msc: ${expected}${extra}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  const detail =
    debug && error instanceof Error && error.stack
      ? `\n${error.stack}`
      : '\n(set MSC_DEBUG=1 to see where it happened)';
  return { exitCode: EXIT_INTERNAL, text: `msc: internal error: ${message}${detail}` };
}

function expectedMessage(error: unknown): string | null {
  if (error instanceof AppError || error instanceof CliError) {
    return [error.message, ...error.problems.map(formatProblem)].join('\n');
  }
  // formatConfigErrors already names every wrong variable, one per line.
  if (error instanceof InvalidConfigError || error instanceof DataDirInUseError) return error.message;
  return null;
}

/** An error as JSON, for `--json` callers that want the problems in machine form too. */
export function failureJson(
  error: unknown,
): { error: { code: string; message: string; problems: readonly ProblemDetail[] } } | null {
  if (error instanceof AppError)
    return { error: { code: error.code, message: error.message, problems: error.problems } };
  if (error instanceof CliError)
    return { error: { code: 'CLI_ERROR', message: error.message, problems: error.problems } };
  return null;
}
