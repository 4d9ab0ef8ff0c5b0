/** `msc migrate`: brings the configured database's schema up to date, and says what it did. */
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import { printJson, type CliIO } from './io.ts';

export function registerMigrateCommand(program: Command, io: CliIO): void {
  program
    .command('migrate')
    .description('apply the pending database migrations (msc serve and msc game also do, before anything else)')
    .option('--json', 'print what was done as JSON')
    .action(async (opts: { json?: boolean }) => {
      const { loadConfig } = await import('../config/config.ts');
      const { DataDirInUseError } = await import('../server/data-dir.ts');
      const { migrate } = await import('../server/database.ts');
      const { cliLogger, databaseWhere, openConfiguredDatabase, serverHolding } = await import('./context.ts');
      const config = loadConfig(io.env);
      const where = databaseWhere(config);
      let database;
      try {
        database = await openConfiguredDatabase(config, cliLogger(config, io.stderr));
      } catch (error) {
        const server = error instanceof DataDirInUseError ? serverHolding(config) : null;
        if (server)
          throw new CliError(
            `${error instanceof Error ? error.message : String(error)}\nThe server at ${server} applied every migration when it started: there is nothing to do while it runs.`,
          );
        throw error;
      }
      try {
        const report = await migrate(database);
        if (opts.json) printJson(io, { database: where, ...report });
        else if (report.applied.length === 0)
          io.out(`${where}: the schema is up to date (${report.current ?? 'no migrations'}); nothing to apply.`);
        else
          io.out(
            `${where}: applied ${report.applied.length} migration(s): ${report.applied.join(', ')}. The schema is now at ${report.current}.`,
          );
      } finally {
        await database.close();
      }
    });
}
