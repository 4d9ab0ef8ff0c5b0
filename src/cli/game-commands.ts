/**
 * `msc game …`: creating and reading games, and a seat's own commands
 * (fleet, orders). Each is written once over a GamesClient — the database
 * itself, or the server that holds it. The moderator's actions are in
 * moderator-commands.ts.
 */
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import { registerExportCommand } from './export-command.ts';
import { createInput, createOptions, type CreateOptions } from './game-create.ts';
import { createdNotes, createdText, listText, printoutOf, showText, turnsText, turnText } from './game-print.ts';
import type { KindPrintout } from '../kinds/kind.ts';
import { answer, gameCommand, run, type Common, type GameCommandDeps } from './game-run.ts';
import type { GamesClient, OrdersAnswer } from './games-client.ts';
import { readInput, readJsonFile, when, type CliIO } from './io.ts';
import { registerModeratorCommands } from './moderator-commands.ts';

export type { GameCommandDeps } from './game-run.ts';

function tokenOf(io: CliIO, opts: { token?: string }): string {
  const token = opts.token ?? io.env.MSC_TOKEN;
  if (!token) throw new CliError("give the seat's token: --token TOKEN (or set MSC_TOKEN)");
  return token;
}

/** How the game's kind prints it (the ruleset is in the game's details). */
async function printoutFor(client: GamesClient, gameId: string): Promise<KindPrintout> {
  return printoutOf((await client.show(gameId)).ruleset);
}

function turnNumber(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new CliError(`turn ${JSON.stringify(text)}: expected a turn number, 1 or more`);
  return Number(text);
}

function ordersText(a: OrdersAnswer): string {
  const lines: string[] = [];
  if (a.stored)
    lines.push(
      `Orders accepted for turn ${a.turn} of ${a.gameId}${a.side ? ` (side ${a.side})` : ''}:`,
      '',
      a.canonical.trimEnd(),
      '',
      ...a.notes.map((n) => `Read as: ${n}.`),
      ...(a.notes.length > 0 ? [''] : []),
    );
  else lines.push('No ship orders in this text: nothing was stored (orders sent earlier, if any, stand).');
  lines.push(
    a.deadline ? `Deadline: ${when(a.deadline)}.` : 'No deadline: the turn resolves when every side has sent orders.',
  );
  if (a.conceded) lines.push('Your side has conceded: its ships leave the battle when the turn resolves.');
  if (a.relayedTo) lines.push(`Your MESSAGE is relayed to side ${a.relayedTo}.`);
  if (a.pressedTo && a.pressedTo.length > 0)
    lines.push(
      `Your MESSAGE ALL is passed on to ${a.pressedTo.length === 1 ? 'side' : 'sides'} ${a.pressedTo.join(', ')}.`,
    );
  if (a.resolved)
    lines.push(
      `${a.turnComplete ? 'Every side is in: t' : 'T'}urn ${a.resolved.turn} is resolved${a.resolved.gameOver ? ' and the game is over' : `; turn ${a.resolved.turn + 1} is open`}.`,
    );
  else if (a.turnComplete) lines.push('Every side is in: the turn resolves now.');
  return lines.join('\n');
}

/** What the command line did not do with the text (on standard error: warnings, not the answer). */
function ordersNotes(a: OrdersAnswer): string[] {
  const notes: string[] = [];
  const unanswered = a.commands.filter((c) => c !== 'CONCEDE' && c !== 'CONCEDE CONFIRMED');
  if (a.commands.includes('CONCEDE') && !a.conceded)
    notes.push(`CONCEDE alone concedes nothing: to concede, send CONCEDE ${a.gameId}.`);
  if (unanswered.length > 0)
    notes.push(`Answered by mail only: ${unanswered.join(', ')} (here, see msc game show and msc game orders --show).`);
  if (a.message && a.message.to !== 'ALL' && !a.relayedTo)
    notes.push(`No player holds side ${a.message.to}: the MESSAGE was not relayed.`);
  return notes;
}

export function registerGameCommands(program: Command, deps: GameCommandDeps): void {
  const { io } = deps;
  const game = program
    .command('game')
    .description('create, play and moderate games (on the database, or through the server that holds it)');

  createOptions(
    gameCommand(game, 'create', 'create a game; prints its id, the moderator key and every seat token (shown once)'),
  ).action((opts: CreateOptions & Common) =>
    run(deps, opts, async (open) => {
      const input = await createInput(io, opts);
      const created = await (await open()).create(input);
      answer(
        io,
        opts,
        created,
        () => createdText(created),
        () => createdNotes(created),
      );
    }),
  );

  gameCommand(game, 'list', 'list the games').action((opts: Common) =>
    run(deps, opts, async (open) => {
      const client = await open();
      const games = await client.list();
      answer(io, opts, games, () => listText(games, client.where));
    }),
  );

  gameCommand(game, 'show', 'a game as its moderator sees it: seats, addresses, orders in, ships, audit log', {
    key: true,
  })
    .argument('<id>', 'game id')
    .action((id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const view = await (await open()).show(id);
        answer(io, opts, view, () => showText(view));
      }),
    );

  gameCommand(
    game,
    'fleet',
    'send a seat\'s fleet in the setup phase (JSON: {"ships": [{id, engine, shields, toHit, weapons, hex, facing}]})',
  )
    .argument('<id>', 'game id')
    .option('--token <token>', "the seat's token (or set MSC_TOKEN)")
    .option('--file <fleet.json>', 'the fleet; none or "-": standard input')
    .action((id: string, opts: Common & { token?: string; file?: string }) =>
      run(deps, opts, async (open) => {
        const token = tokenOf(io, opts);
        const fleet = await readJsonFile(io, opts.file);
        const r = await (await open()).submitFleet(id, token, fleet);
        answer(
          io,
          opts,
          r,
          () =>
            `Fleet accepted for game ${id}. ${r.status === 'setup' ? "Waiting for the other sides' fleets." : `Every side is ready: turn ${r.turn} is open.`}`,
        );
      }),
    );

  gameCommand(game, 'orders', "send a seat's orders (the orders language, as by mail), or --show the orders it has in")
    .argument('<id>', 'game id')
    .option('--token <token>', "the seat's token (or set MSC_TOKEN)")
    .option('--file <file>', 'the orders; none or "-": standard input')
    .option('--show', 'print the orders this seat has in for the open turn')
    .action((id: string, opts: Common & { token?: string; file?: string; show?: boolean }) =>
      run(deps, opts, async (open) => {
        const token = tokenOf(io, opts);
        if (opts.show) {
          const s = await (await open()).standingOrders(id, token);
          answer(io, opts, s, () =>
            s.canonical
              ? `Orders in for turn ${s.turn} (received ${when(s.receivedAt)}):\n\n${s.canonical.trimEnd()}`
              : `No orders in yet for turn ${s.turn}.`,
          );
          return;
        }
        const text = await readInput(io, opts.file);
        const a = await (await open()).submitOrders(id, token, text);
        answer(
          io,
          opts,
          a,
          () => ordersText(a),
          () => ordersNotes(a),
        );
      }),
    );

  gameCommand(game, 'turns', 'the history: every resolved turn')
    .argument('<id>', 'game id')
    .action((id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const client = await open();
        const turns = await client.turns(id);
        const printout = opts.json ? null : await printoutFor(client, id);
        answer(io, opts, turns, () => turnsText(id, turns, printout!));
      }),
    );

  gameCommand(game, 'turn', 'one turn: its orders, every event and die, the position after it')
    .argument('<id>', 'game id')
    .argument('<n>', 'turn number')
    .action((id: string, n: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const number = turnNumber(n);
        const client = await open();
        const t = await client.turn(id, number);
        const printout = opts.json ? null : await printoutFor(client, id);
        answer(io, opts, t, () => turnText(t, printout!));
      }),
    );

  registerExportCommand(game, deps);
  registerModeratorCommands(game, deps);
}
