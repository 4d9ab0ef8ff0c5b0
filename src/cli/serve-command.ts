/**
 * `msc serve`: the whole service in this process — web pages, JSON API, turn
 * workers. With the embedded database it records its URL in the data
 * directory lock, so that `msc game …` run meanwhile goes through it.
 */
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import type { CliIO } from './io.ts';

/** System errors that mean "fix the environment" (a port in use, a database out of reach), not a bug. */
const ENVIRONMENT_CODES = new Set([
  'EADDRINUSE',
  'EADDRNOTAVAIL',
  'EACCES',
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
]);

export function isEnvironmentFailure(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && ENVIRONMENT_CODES.has(code)) return true;
    if (e.message.startsWith('cannot connect to PostgreSQL')) return true;
  }
  return false;
}

export function registerServeCommand(program: Command, io: CliIO): void {
  // The configuration is loaded only for `msc serve` (its help lists every variable): other commands start faster.
  let variables = '';
  program.hook('preSubcommand', async (_program, sub) => {
    if (sub.name() !== 'serve') return;
    const { describeConfig } = await import('../config/config.ts');
    variables = `\nEnvironment variables:\n${describeConfig()
      .map((k) => `  ${k.env}${k.default ? ` (default ${k.default})` : ''}\n      ${k.doc}`)
      .join('\n')}`;
  });
  program
    .command('serve')
    .description('run the service: web pages, JSON API and turn workers (configured by environment variables)')
    .addHelpText('after', () => variables)
    .action(async () => {
      const { loadConfig } = await import('../config/config.ts');
      // A wrong variable stops here, named, before anything is opened.
      const config = loadConfig(io.env);
      // Loaded only now: the other commands need none of the web stack.
      const { startServer } = await import('../server/main.ts');
      try {
        // startServer records its local URL in the data-directory lock itself, for `msc game` to find.
        // Its lines for people (where it listens, the mailbox link) go to standard error, like every other
        // command's notes: standard output carries only the JSON log lines.
        await startServer(config, { print: (line) => io.err(line) });
      } catch (error) {
        if (isEnvironmentFailure(error)) throw new CliError((error as Error).message);
        throw error;
      }
      // The server stops itself on SIGINT and SIGTERM; until then its socket keeps this process alive.
    });
}
