/**
 * The moderator's `msc game …` commands. On the database itself the command
 * line is the operator and needs no key; through a running server each needs
 * the game's moderator key (--key). Every one may say why (--reason), for
 * the audit log.
 */
import type { Command } from 'commander';
import { CliError } from './cli-error.ts';
import { answer, gameCommand, run, type Common, type GameCommandDeps } from './game-run.ts';
import type { DeadlineChange } from './games-client.ts';
import { when } from './io.ts';

function deadlineChange(opts: { at?: string; extend?: string; none?: boolean }): DeadlineChange {
  const given = [opts.at !== undefined, opts.extend !== undefined, opts.none === true].filter(Boolean).length;
  if (given !== 1)
    throw new CliError('say what the deadline becomes, with exactly one of --at TIME, --extend HOURS or --none');
  if (opts.none) return { none: true };
  if (opts.extend !== undefined) {
    const hours = Number(opts.extend);
    if (opts.extend.trim() === '' || !Number.isFinite(hours))
      throw new CliError(`--extend ${JSON.stringify(opts.extend)}: expected a number of hours`);
    return { extendHours: hours };
  }
  const at = new Date(opts.at!);
  if (Number.isNaN(at.getTime()))
    throw new CliError(`--at ${JSON.stringify(opts.at)}: expected a time such as 2026-03-01T18:00Z (ISO 8601)`);
  return { at };
}

/** The new player of `replace`, checked as a seat is checked at creation. */
async function newPlayer(side: string, opts: { email: string; name: string; tz?: string }) {
  const { seatInputSchema } = await import('../games/games/create.ts');
  const checked = seatInputSchema.safeParse({
    side,
    email: opts.email,
    name: opts.name,
    ...(opts.tz ? { timeZone: opts.tz } : {}),
  });
  if (!checked.success) {
    throw new CliError(
      'the new player is not valid',
      checked.error.issues.map((i) => ({ code: 'INVALID_FIELD', message: `${i.path.join('.')}: ${i.message}` })),
    );
  }
  return {
    email: checked.data.email,
    name: checked.data.name,
    ...(opts.tz ? { timeZone: checked.data.timeZone } : {}),
  };
}

export function registerModeratorCommands(game: Command, deps: GameCommandDeps): void {
  const { io } = deps;
  const command = (name: string, description: string) =>
    gameCommand(game, name, description, { key: true })
      .argument('<id>', 'game id')
      .option('--reason <text>', 'why, for the audit log');
  const reasonOf = (opts: Common) => opts.reason ?? null;

  command('resolve', 'resolve the open turn now (seats without orders get the no-orders policy)').action(
    (id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).resolve(id, reasonOf(opts));
        answer(io, opts, { resolved: r }, () =>
          r
            ? `Turn ${r.turn} of ${id} is resolved${r.gameOver ? ': the game is over' : `; turn ${r.turn + 1} is open`}.`
            : `The open turn of ${id} is due now: a worker resolves it.`,
        );
      }),
  );

  command('rollback', 'undo the last resolved turn and reopen it with the orders it had').action(
    (id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).rollback(id, reasonOf(opts));
        answer(
          io,
          opts,
          r,
          () => `Turn ${r.reopened} of ${id} is open again, with the orders it had; what came after it is discarded.`,
        );
      }),
  );

  command('pause', 'pause a game: no deadline runs until it resumes').action((id: string, opts: Common) =>
    run(deps, opts, async (open) => {
      const r = await (await open()).pause(id, reasonOf(opts));
      answer(io, opts, r, () => `Game ${id} is ${r.status}.`);
    }),
  );

  command('resume', 'resume a paused game (the deadline moves on by the time it was paused)').action(
    (id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).resume(id, reasonOf(opts));
        answer(io, opts, r, () => `Game ${id} is ${r.status} again; the deadline moved on by the time it was paused.`);
      }),
  );

  command('deadline', "set, extend or remove the open turn's deadline")
    .option('--at <time>', 'the new deadline, ISO 8601, e.g. 2026-03-01T18:00Z')
    .option('--extend <hours>', 'move it on by this many hours (from now if there is none)')
    .option('--none', 'no deadline: the turn waits for every side')
    .action((id: string, opts: Common & { at?: string; extend?: string; none?: boolean }) =>
      run(deps, opts, async (open) => {
        const change = deadlineChange(opts);
        const r = await (await open()).setDeadline(id, change, reasonOf(opts));
        answer(io, opts, r, () =>
          r.deadline
            ? `The deadline of ${id} is now ${when(r.deadline)}.`
            : `${id} has no deadline now: the turn waits for every side.`,
        );
      }),
    );

  command('replace', 'give a seat to a new player: new address, new name, new token (printed once)')
    .argument('<side>', 'the side whose seat changes hands')
    .requiredOption('--email <address>', "the new player's address")
    .requiredOption('--name <name>', "the new player's name")
    .option('--tz <zone>', "the new player's time zone (IANA, e.g. Europe/Paris); default: the seat's")
    .action((id: string, side: string, opts: Common & { email: string; name: string; tz?: string }) =>
      run(deps, opts, async (open) => {
        const player = await newPlayer(side, opts);
        const r = await (await open()).replaceSeat(id, side, player, reasonOf(opts));
        answer(
          io,
          opts,
          r,
          () =>
            `Side ${r.side} of ${id} is now played by ${r.name} <${r.email}> (${r.timeZone}).\nNew seat token (shown this once; the old one no longer works): ${r.token}`,
        );
      }),
    );

  command('rotate-token', 'give a seat a new token (the old one stops working at once)')
    .argument('<side>', 'the side')
    .action((id: string, side: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).rotateToken(id, side, reasonOf(opts));
        answer(
          io,
          opts,
          r,
          () => `New token for side ${side} of ${id} (shown this once; the old one no longer works): ${r.token}`,
        );
      }),
    );

  command(
    'missed-turn-limit',
    'after how many turns missed in a row the rules take a side, or you are asked to replace its player',
  )
    .argument('<turns>', 'turns in a row, 0 (never) to 99')
    .action((id: string, turns: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).setMissedTurnLimit(id, Number(turns), reasonOf(opts));
        answer(io, opts, r, () =>
          r.missedTurnLimit === 0
            ? `${id} has no missed-turn limit now.`
            : `${id}: after ${r.missedTurnLimit} turns missed in a row, the rules take the side where they can, and otherwise you are asked to replace its player.`,
        );
      }),
    );

  command('absences', "list the game's absences (SET ABSENCE), each with the number refuse-absence takes").action(
    (id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).absences(id);
        answer(io, opts, r, () =>
          r.length === 0
            ? `${id} has no absence.`
            : r
                .map(
                  (a) =>
                    `${a.id}  ${a.side}  ${a.first === a.last ? a.first : `${a.first} to ${a.last}`}  ${a.status}${a.movedTurn !== null ? `  moved the deadline of turn ${a.movedTurn}` : ''}${a.reason ? `  (${a.reason})` : ''}`,
                )
                .join('\n'),
        );
      }),
  );

  command('refuse-absence', "refuse a player's absence: the deadline it moved is put back, every player is told")
    .argument('<absence>', 'the absence, by its number (msc game absences lists them)')
    .action((id: string, absence: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).refuseAbsence(id, Number(absence), reasonOf(opts));
        answer(
          io,
          opts,
          r,
          () => `The absence of side ${r.side} (${r.first} to ${r.last}) in ${id} is refused; every player is told.`,
        );
      }),
    );

  gameCommand(game, 'requests', 'the players asking for an open side of the game (when you approve who joins)', {
    key: true,
  })
    .argument('<id>', 'game id')
    .action((id: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const requests = await (await open()).seatRequests(id);
        answer(io, opts, { requests }, () =>
          requests.length === 0
            ? `No player is asking for a side of ${id}.`
            : requests.map((r) => `${r.id}  ${r.side}  ${r.name} <${r.email}>  ${r.createdAt}`).join('\n'),
        );
      }),
    );

  command('remove-observer', 'remove an observer of the game: nothing more of it is mailed to the address')
    .argument('<email>', 'the address the observer observes with')
    .action((id: string, email: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).removeObserver(id, email, reasonOf(opts));
        answer(io, opts, r, () => `${r.removed} no longer observes ${id}.`);
      }),
    );
  for (const how of ['approve', 'refuse'] as const)
    command(
      how,
      how === 'approve'
        ? 'give a player the open side they asked for (they are mailed their invitation)'
        : "refuse a player's request for an open side (they are told; the side stays open)",
    )
      .argument('<request>', 'the request number, as msc game requests lists it')
      .action((id: string, request: string, opts: Common) =>
        run(deps, opts, async (open) => {
          if (!/^[1-9]\d{0,11}$/.test(request))
            throw new CliError(`${JSON.stringify(request)}: give the request's number, as msc game requests lists it`);
          const r = await (await open()).decideSeatRequest(id, Number(request), how, reasonOf(opts));
          answer(io, opts, r, () =>
            how === 'approve'
              ? `${r.name} plays side ${r.side} of ${id}: their invitation is on its way.`
              : `${r.name}'s request for side ${r.side} of ${id} is refused; they are told.`,
          );
        }),
      );

  command('concede', 'concede for a side (its ships leave the battle when the turn resolves)')
    .argument('<side>', 'the side that concedes')
    .action((id: string, side: string, opts: Common) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).concede(id, side, reasonOf(opts));
        const after = r.resolved
          ? `Turn ${r.resolved.turn} is resolved${r.resolved.gameOver ? ': the game is over.' : '.'}`
          : r.gameEnds
            ? 'Fewer than two sides are left: the game ends when the turn resolves.'
            : null;
        answer(io, opts, r, () => [`Side ${side} of ${id} has conceded.`, ...(after ? [after] : [])].join('\n'));
      }),
    );

  command('end', 'end a game now, scored as at the turn limit; --abandon stops it with no result')
    .option('--abandon', 'stop the game with no result')
    .action((id: string, opts: Common & { abandon?: boolean }) =>
      run(deps, opts, async (open) => {
        const r = await (await open()).end(id, opts.abandon ? 'abandon' : 'end', reasonOf(opts));
        answer(io, opts, r, () =>
          r.status === 'abandoned'
            ? `Game ${id} is abandoned.`
            : `Game ${id} is over: ${!r.winner || r.winner === 'draw' ? 'a draw' : `${r.winner} wins`}.`,
        );
      }),
    );
}
