/**
 * `msc serve`: the whole service in this process — web pages, JSON API, turn
 * workers. With the embedded database it records its URL in the data
 * directory lock, so that `msc game …` run meanwhile goes through it.
 */
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import type { CliIO } from './io.ts';
import type { ServiceRole } from '../config/config.ts';

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
    .description('run the service: web pages, JSON API, turn workers and mail (configured by environment variables)')
    .option('--web <n>', 'processes serving the web pages and the API (with --workers and --mail: several processes)')
    .option('--workers <n>', 'processes resolving turns and sending reminders')
    .option('--mail <n>', 'processes sending and receiving mail')
    .addHelpText(
      'after',
      () =>
        `\nWithout --web, --workers or --mail, this one process does everything (ROLES). With any of them, it starts and watches that many processes of each role (1 for a role not given, 0 for none), which share one PostgreSQL server (DATABASE_URL).\n${variables}`,
    )
    .action(async (opts: { web?: string; workers?: string; mail?: string }) => {
      const { loadConfig } = await import('../config/config.ts');
      // A wrong variable stops here, named, before anything is opened.
      const config = loadConfig(io.env);
      const counts = roleCounts(opts);
      if (counts) {
        const { startSupervisor } = await import('../server/supervisor.ts');
        const { createLogger } = await import('../log.ts');
        try {
          await startSupervisor(config, counts, { logger: createLogger(config), print: (line) => io.err(line) });
        } catch (error) {
          if (isEnvironmentFailure(error) || !config.databaseUrl) throw new CliError((error as Error).message);
          throw error;
        }
        return;
      }
      // Loaded only now: the other commands need none of the web stack.
      const { startServer } = await import('../server/main.ts');
      const { followSupervisor } = await import('../server/supervisor.ts');
      try {
        // startServer records its local URL in the data-directory lock itself, for `msc game` to find.
        // Its lines for people (where it listens, the mailbox link) go to standard error, like every other
        // command's notes: standard output carries only the JSON log lines.
        const running = await startServer(config, { print: (line) => io.err(line) });
        // A process `msc serve --web …` started stops when it is told to, or when that command is gone.
        followSupervisor(() => running.close());
      } catch (error) {
        if (isEnvironmentFailure(error)) throw new CliError((error as Error).message);
        throw error;
      }
      // The server stops itself on SIGINT and SIGTERM; until then its socket keeps this process alive.
    });
}

/** `--web 2 --workers 1`: how many processes of each role, or null for the one process doing everything. */
function roleCounts(opts: { web?: string; workers?: string; mail?: string }): Record<ServiceRole, number> | null {
  if (opts.web === undefined && opts.workers === undefined && opts.mail === undefined) return null;
  const count = (flag: string, value: string | undefined): number => {
    if (value === undefined) return 1;
    if (!/^\d{1,2}$/.test(value.trim()) || Number(value) > 32)
      throw new CliError(`${flag} takes a number of processes from 0 to 32, not ${JSON.stringify(value)}`);
    return Number(value);
  };
  const counts = {
    web: count('--web', opts.web),
    workers: count('--workers', opts.workers),
    mail: count('--mail', opts.mail),
  };
  if (counts.web + counts.workers + counts.mail === 0)
    throw new CliError('--web, --workers and --mail are all 0: give at least one process something to do');
  return counts;
}
