/**
 * What every `msc game …` command shares: how it reaches the games, its
 * common options (--json, --key), and how it runs — arguments checked first,
 * the client opened only then (opening the database is the slow part) and
 * closed whatever happens.
 */
import type { Command } from 'commander';
import type { GamesClient } from './games-client.ts';
import { printJson, type CliIO } from './io.ts';

export interface GameCommandDeps {
  readonly io: CliIO;
  openClient(options: { key?: string }): Promise<GamesClient>;
}

/** The options every game command has (`reason` only the moderator's). */
export interface Common {
  json?: boolean;
  key?: string;
  reason?: string;
}

/**
 * A subcommand of `msc game` with --json; with `key`, also --key, for the commands whose answer or right to act
 * depends on the moderator key through a server (the others take no key, so their help does not offer one).
 */
export function gameCommand(
  game: Command,
  name: string,
  description: string,
  options: { key?: boolean } = {},
): Command {
  const command = game.command(name).description(description).option('--json', 'print the answer as JSON');
  return options.key
    ? command.option(
        '--key <key>',
        "the game's moderator key (needed only when a running server holds the database; or set MSC_KEY)",
      )
    : command;
}

/** Runs a command body; with --json, an expected failure is printed as JSON on standard output too. */
export async function run(
  deps: GameCommandDeps,
  opts: Common,
  body: (open: () => Promise<GamesClient>) => Promise<void>,
): Promise<void> {
  let client: GamesClient | null = null;
  const open = async (): Promise<GamesClient> => {
    const key = opts.key ?? deps.io.env.MSC_KEY;
    if (!client) {
      client = await deps.openClient(key ? { key } : {});
      if (client.notice) deps.io.err(client.notice);
    }
    return client;
  };
  try {
    await body(open);
  } catch (error) {
    const json = opts.json ? (await import('./errors.ts')).failureJson(error) : null;
    if (json) printJson(deps.io, json);
    throw error;
  } finally {
    await (client as GamesClient | null)?.close();
  }
}

/**
 * Answers with JSON or with text, as asked, on standard output; `notes` (reminders, hints) go to standard error, so
 * that what a command prints on standard output is only its answer.
 */
export function answer(
  io: CliIO,
  opts: Common,
  value: unknown,
  text: () => string,
  notes: () => readonly string[] = () => [],
): void {
  if (opts.json) printJson(io, value);
  else io.out(text());
  const lines = notes();
  if (lines.length > 0) io.err(lines.join('\n'));
}
