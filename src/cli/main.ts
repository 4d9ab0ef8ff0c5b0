/** The `msc` command: one program over the same use cases as the web and mail channels. */
import { Command, CommanderError } from 'commander';
import { registerAdjudicatorCommands } from './adjudicator-commands.ts';

export function buildProgram(): Command {
  const program = new Command('msc')
    .description('Minimal Space Combat by email and on the web')
    .showHelpAfterError('(run msc --help for the commands)');
  registerAdjudicatorCommands(program);
  return program;
}

try {
  await buildProgram().parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) process.exit(e.exitCode);
  process.stderr.write(`msc: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
