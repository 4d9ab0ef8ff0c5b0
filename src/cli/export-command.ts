/**
 * `msc game export ID [--out FILE]`: a whole game as the archive's JSON
 * document (docs/archive.md), for `msc verify` or for keeping. On the
 * database itself the operator gets everything, the seed included; through a
 * server, what the key or token given may see.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import { gameCommand, run, type Common, type GameCommandDeps } from './game-run.ts';

interface ExportOptions extends Common {
  out?: string;
  token?: string;
}

export function registerExportCommand(game: Command, deps: GameCommandDeps): void {
  const { io } = deps;
  gameCommand(
    game,
    'export',
    'a whole game as one JSON document: every turn, its orders, events, dice and positions; the seed once the game is over',
    { key: true },
  )
    .argument('<id>', 'game id')
    .option('--out <file>', 'write the JSON to this file (default: standard output)')
    .option('--token <token>', "a seat's token, to export a private game through a server (or set MSC_TOKEN)")
    .action((id: string, opts: ExportOptions) =>
      run(deps, opts, async (open) => {
        const doc = await (await open()).exportGame(id, opts.token ?? io.env.MSC_TOKEN);
        const text = `${JSON.stringify(doc, null, 2)}\n`;
        const over = doc.status === 'finished' || doc.status === 'abandoned';
        if (doc.seed !== null && !over)
          io.err(
            'Note: this export holds the dice seed of a running game, from which every roll to come follows: keep it to yourself until the game ends.',
          );
        if (!opts.out) {
          io.out(text.trimEnd());
          return;
        }
        try {
          await writeFile(opts.out, text, 'utf8');
        } catch (error) {
          throw new CliError(`cannot write ${opts.out}: ${(error as Error).message}`);
        }
        const summary = {
          gameId: doc.gameId,
          file: opts.out,
          status: doc.status,
          turns: doc.turns.length,
          seed: doc.seed !== null,
        };
        if (opts.json) {
          io.out(JSON.stringify(summary, null, 2));
          return;
        }
        io.out(
          `Exported game ${doc.gameId} (${doc.status}, ${doc.turns.length} resolved turn${doc.turns.length === 1 ? '' : 's'}) to ${opts.out}.`,
        );
        if (doc.seed === null)
          io.err('The seed is not in it: it is revealed when the game ends, and msc verify needs it.');
        else io.err(`Check it with: msc verify ${opts.out}`);
      }),
    );
}
