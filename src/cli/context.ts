/**
 * What a `msc` command runs against: the configuration from the environment,
 * the database it names (migrated before use, which is idempotent), and the
 * GamesContext the use cases take. When a running server holds the embedded
 * database and has recorded its URL in the lock, `msc game …` goes through
 * that server's API instead (http-client.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig, type Config } from '../config/config.ts';
import { DataDirInUseError, readDataDirHolder } from '../server/data-dir.ts';
import { runningServers, type RunningServer } from '../server/find-servers.ts';
import { IN_MEMORY, openDatabase, describeServer, migrate, type Database } from '../server/database.ts';
import { createLogger, type Logger } from '../log.ts';
import { createGamesContext } from '../server/context.ts';
import { DirectGamesClient } from './direct-client.ts';
import { CliError } from './cli-error.ts';
import type { GamesClient } from './games-client.ts';
import { HttpGamesClient } from './http-client.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The command line's log: warnings and worse on standard error, so that
 * standard output stays the command's answer (and `--json` stays parseable).
 */
export function cliLogger(config: Pick<Config, 'logLevel'>, stderr: NodeJS.WritableStream = process.stderr): Logger {
  const level = config.logLevel === 'silent' || ['fatal', 'error'].includes(config.logLevel) ? config.logLevel : 'warn';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stderr.write(chunk);
      done();
    },
  });
  return createLogger({ logLevel: level }, sink);
}

/** Where the configured database is, in words. */
export function databaseWhere(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl) return `PostgreSQL at ${describeServer(config.databaseUrl)}`;
  if (config.dataDir === IN_MEMORY) return 'an in-memory database (gone when the command ends)';
  return `the embedded database in ${config.dataDir}`;
}

/** Opens the configured database; a server out of reach is the user's to fix, not a bug. */
export async function openConfiguredDatabase(config: Config, logger?: Logger): Promise<Database> {
  try {
    return await openDatabase(config, logger ? { logger } : {});
  } catch (error) {
    if (error instanceof DataDirInUseError || !config.databaseUrl) throw error;
    throw new CliError((error as Error).message);
  }
}

/** Opens the configured database and applies any pending migration (which is idempotent). */
async function openMigratedDatabase(config: Config, logger?: Logger): Promise<Database> {
  const database = await openConfiguredDatabase(config, logger);
  try {
    await migrate(database, logger ? { logger } : {});
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The server that holds the embedded database and answers at a recorded URL, if any. */
export function serverHolding(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string | null {
  if (config.databaseUrl || config.dataDir === IN_MEMORY) return null;
  const holder = readDataDirHolder(config.dataDir);
  return holder && holder.alive && holder.url && holder.pid !== process.pid ? holder.url : null;
}

export interface ClientOptions {
  readonly env: Env;
  /** The game's moderator key: needed only when commands go through a server. */
  readonly key?: string;
  readonly stderr?: NodeJS.WritableStream;
  /** The servers running on this machine (find-servers.ts; tests give their own). */
  readonly runningServers?: () => readonly RunningServer[];
}

/**
 * Before a command makes a new, empty embedded database: whether the user meant a server's. A DATA_DIR with no
 * database while a server runs on another folder stops the command, naming that folder (nothing is made); with no
 * such server the database is made, and the notice says so.
 */
function newDatabaseNotice(config: Config, options: ClientOptions): string | null {
  if (config.databaseUrl || config.dataDir === IN_MEMORY) return null;
  const folder = join(config.dataDir, 'pglite');
  if (existsSync(folder)) return null;
  const here = resolve(config.dataDir);
  const servers = (options.runningServers ?? runningServers)().filter((s) => resolve(s.dataDir) !== here);
  if (servers.length > 0) {
    const named = servers.map((s) => `  DATA_DIR=${s.dataDir}  (msc serve, process ${s.pid}, ${s.url})`).join('\n');
    throw new CliError(
      `there is no database in ${config.dataDir} (DATA_DIR, ${here}), and a server runs on another folder:\n${named}\n` +
        'Run msc with that DATA_DIR to reach its games. To start a new database in this folder instead, run msc migrate first.',
    );
  }
  return `msc: there was no database in ${config.dataDir} (DATA_DIR): a new, empty database was made in ${folder}. If your games are elsewhere, set DATA_DIR to the folder msc serve runs on (it holds msc.lock while it runs).`;
}

/** The way `msc game …` reaches the games now: the database itself, or the server that holds it. */
export async function openGamesClient(options: ClientOptions): Promise<GamesClient> {
  const config = loadConfig(options.env);
  const viaServer = (url: string) => {
    const operator = readDataDirHolder(config.dataDir)?.operatorKey;
    return new HttpGamesClient(url, {
      ...(options.key ? { key: options.key } : {}),
      ...(operator ? { operatorKey: operator } : {}),
    });
  };
  const url = serverHolding(config);
  if (url) return viaServer(url);
  const notice = newDatabaseNotice(config, options);
  const logger = cliLogger(config, options.stderr);
  let database: Database;
  try {
    database = await openMigratedDatabase(config, logger);
  } catch (error) {
    // A server that took the lock between our look and our try.
    const late = error instanceof DataDirInUseError ? serverHolding(config) : null;
    if (late) return viaServer(late);
    throw error;
  }
  try {
    const ctx = await createGamesContext(config, database, { logger });
    return new DirectGamesClient(ctx, databaseWhere(config), () => database.close(), notice);
  } catch (error) {
    await database.close();
    throw error;
  }
}
