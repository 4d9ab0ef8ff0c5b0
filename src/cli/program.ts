/**
 * The `msc` program: every command group, and how a run ends — the answer on
 * standard output, a failure as `msc: …` on standard error with exit code 2
 * (1 for a bug). Built over a CliIO so that tests run it in-process.
 */
import { Command } from 'commander';
import { registerAdjudicatorCommands } from './adjudicator-commands.ts';
import { registerGameCommands, type GameCommandDeps } from './game-commands.ts';
import type { CliIO } from './io.ts';
import { registerMailboxCommand } from './mailbox-command.ts';
import { registerMigrateCommand } from './migrate-command.ts';
import { registerServeCommand } from './serve-command.ts';
import { registerVerifyCommand } from './verify-command.ts';

export interface ProgramOptions {
  /** Another way to reach the games (tests). */
  readonly openClient?: GameCommandDeps['openClient'];
}

export function buildProgram(io: CliIO, options: ProgramOptions = {}): Command {
  const program = new Command('msc')
    .description('Minimal Space Combat by email and on the web')
    .showHelpAfterError('(run msc --help for the commands)')
    // Failures come back to runProgram, which decides the exit code.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text.replace(/\n$/, '')),
      writeErr: (text) => io.err(text.replace(/\n$/, '')),
      // Commander's own failures look like every other: `msc: …`.
      outputError: (text, write) => write(text.replace(/^error: /, 'msc: ')),
    });
  registerAdjudicatorCommands(program);
  registerServeCommand(program, io);
  registerMigrateCommand(program, io);
  registerMailboxCommand(program, io);
  registerVerifyCommand(program, io);
  registerGameCommands(program, {
    io,
    openClient:
      options.openClient ??
      // Loaded when a command needs the games: `msc --help` and the adjudicator start without the database code.
      (async (o) =>
        (await import('./context.ts')).openGamesClient({
          env: io.env,
          ...o,
          ...(io.stderr ? { stderr: io.stderr } : {}),
        })),
  });
  return program;
}

/** Runs one command line (`argv` as process.argv has it); returns the exit code for a failure, 0 otherwise. */
export async function runProgram(program: Command, argv: readonly string[], io: CliIO): Promise<number> {
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    const { describeFailure } = await import('./errors.ts');
    const failure = describeFailure(error, io.env.MSC_DEBUG === '1');
    if (failure.text) io.err(failure.text);
    return failure.exitCode;
  }
}
