/**
 * `msc mailbox-url`: the link to the local mailbox (zero-setup mail), with its
 * key — the one `msc serve` printed at start-up. Read from DATA_DIR/mailbox-url,
 * which the server writes at every start; without that file (a server that
 * never ran on this folder, or on PostgreSQL from another machine's folder),
 * made from the service key in the database and PUBLIC_URL.
 */
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import type { CliIO } from './io.ts';

export function registerMailboxCommand(program: Command, io: CliIO): void {
  program
    .command('mailbox-url')
    .description('print the link to the local mailbox, with its key (as msc serve printed it at start-up)')
    .action(async () => {
      const { loadConfig } = await import('../config/config.ts');
      const config = loadConfig(io.env);
      if (config.mailSmtpUrl)
        throw new CliError('there is no local mailbox: MAIL_SMTP_URL is set, so mail is sent over SMTP');
      const { IN_MEMORY } = await import('../server/database.ts');
      const { readMailboxUrl } = await import('../server/mailbox-url.ts');
      const kept = config.dataDir === IN_MEMORY ? null : readMailboxUrl(config.dataDir);
      if (kept) {
        io.out(kept);
        return;
      }
      const { cliLogger, openConfiguredDatabase } = await import('./context.ts');
      const { migrate } = await import('../server/database.ts');
      const { loadServiceKey } = await import('../games/service-key.ts');
      const { localMailboxKey } = await import('../games/secrets.ts');
      const database = await openConfiguredDatabase(config, cliLogger(config, io.stderr));
      try {
        await migrate(database);
        const key = localMailboxKey(await loadServiceKey(database.db, config.secretKey));
        io.out(`${config.publicUrl}/mailbox?key=${key}`);
      } finally {
        await database.close();
      }
    });
}
