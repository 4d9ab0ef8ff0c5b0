/**
 * The readable answers of `msc game …` (the `--json` answers are the same
 * data as JSON): a game, the list of games, a turn and the history, and the
 * secrets of a new game, which are shown once only.
 */
import { isRuleset, kindOf } from '../kinds/index.ts';
import type { KindPrintout, TextTable } from '../kinds/kind.ts';
import type { CreatedGameInfo, GameDetails, GameSummary, TurnDetail, TurnRecord } from './games-client.ts';
import { table, when, yesNo } from './io.ts';

/**
 * How a game of `ruleset` is printed: its kind's printout. A ruleset this msc does not know (a newer server's) is
 * printed as its documents' JSON, which --json gives whole.
 */
export function printoutOf(ruleset: string): KindPrintout {
  if (isRuleset(ruleset)) return kindOf(ruleset).printout;
  const json = (doc: unknown) => (doc === null || doc === undefined ? [] : [JSON.stringify(doc)]);
  return {
    stateTables: () => [],
    orderLines: json,
    narrative: json,
    historyColumns: [],
    historyCells: () => [],
  };
}

const tablesText = (tables: readonly TextTable[]): string[] =>
  tables.flatMap((t, i) => [
    ...(i > 0 ? [''] : []),
    table(
      [...t.headers],
      t.rows.map((r) => [...r]),
    ),
  ]);

export function createdText(c: CreatedGameInfo): string {
  return [
    `Created game ${c.gameId} "${c.name}" (${c.scenario}): ${c.status}${c.openSides.length > 0 ? `, waiting in the lobby for a player to take ${c.openSides.join(', ')} (no deadline runs until then)` : c.turn > 0 ? `, turn ${c.turn} open` : ', waiting for every side to set up (turn 0)'}.`,
    '',
    `Moderator key: ${c.moderatorKey}`,
    '',
    table(
      ['SIDE', 'PLAYER', 'SEAT TOKEN'],
      [
        ...c.seats.map((s) => [s.side, `${s.name} <${s.email}>`, s.token]),
        ...c.openSides.map((side) => [side, 'open (the lobby)', '-']),
      ],
    ),
  ].join('\n');
}

/** The reminder that goes with a created game's secrets (on standard error: it is not part of the answer). */
export function createdNotes(c: CreatedGameInfo): string[] {
  return [
    'These secrets are shown this once: copy them now.',
    'Give each player their own token. A lost token is replaced with: msc game rotate-token ' + `${c.gameId} SIDE`,
  ];
}

/** The games as a table; none: where the command looked (`where`, the client's), so a wrong DATA_DIR shows. */
export function listText(games: readonly GameSummary[], where?: string): string {
  if (games.length === 0) return `No games yet${where ? ` in ${where}` : ''}: create one with msc game create.`;
  return table(
    ['ID', 'NAME', 'SCENARIO', 'STATUS', 'TURN', 'WINNER', 'UPDATED'],
    games.map((g) => [g.id, g.name, g.scenario, g.status, String(g.turn), g.winner ?? '-', when(g.updatedAt)]),
  );
}

function turnLine(view: GameDetails): string {
  if (!view.turn) return view.status === 'setup' ? 'Setup: waiting for every side to send its fleet.' : 'No open turn.';
  const t = view.turn;
  const due = t.dueAt ? `, due since ${when(t.dueAt)}` : '';
  return `Turn ${t.number}: ${t.status}, opened ${when(t.openedAt)}, deadline ${t.deadline ? when(t.deadline) : 'none (waits for every side)'}${due}.`;
}

export function showText(view: GameDetails): string {
  const lines = [`${view.id}  "${view.name}"  ${view.scenario}  ${view.status}`, turnLine(view)];
  const result = view.result as { summary?: string } | null;
  if (result?.summary) lines.push(`Result: ${result.summary}.`);
  // The seed stays out of sight until the game is over, even for the moderator (who may also play): --json has it.
  const over = view.status === 'finished' || view.status === 'abandoned';
  lines.push(`Dice: SHA-256 of the seed ${view.seedCommitment}${over && view.seed ? `; seed ${view.seed}` : ''}.`, '');

  const details = view.seatDetails;
  lines.push(
    table(
      [
        'SIDE',
        'PLAYER',
        ...(details ? ['EMAIL', 'TIME ZONE'] : []),
        'SET UP',
        'MUST ORDER',
        'ORDERS IN',
        'MISSED',
        'CONCEDED',
      ],
      view.seats.map((s) => {
        const d = details?.find((x) => x.side === s.side);
        return [
          s.side,
          s.name,
          ...(details ? [d?.email ?? '-', d?.timeZone ?? '-'] : []),
          yesNo(s.fleetIn),
          yesNo(s.mustOrder),
          yesNo(s.ordersIn),
          // Turns missed in all (and in a row, while a run lasts); the rules' side once they took it over.
          `${s.missedTurns}${s.missedInARow > 0 ? ` (${s.missedInARow} in a row)` : ''}${s.ruledBy ? `, ${s.ruledBy}` : ''}`,
          yesNo(s.conceded),
        ];
      }),
    ),
  );
  const state = printoutOf(view.ruleset).stateTables(view.position);
  if (state.length > 0) lines.push('', ...tablesText(state));

  if (!details) {
    lines.push(
      '',
      "(What anyone may see: pass --key with the moderator key for the seats' addresses, orders and the audit log.)",
    );
    return lines.join('\n');
  }
  const orders = details.filter((d) => d.orders);
  if (orders.length > 0) {
    lines.push('', 'Orders in (hidden from the other players until the turn resolves):');
    for (const d of orders)
      lines.push(
        `  [${d.side}] via ${d.orders!.channel}, ${when(d.orders!.receivedAt)}`,
        ...d.orders!.canonical.split('\n').map((l) => `    ${l}`),
      );
  }
  const audit = view.audit ?? [];
  if (audit.length > 0) {
    lines.push('', 'Audit log (newest first):');
    lines.push(
      table(
        ['AT', 'ACTOR', 'ACTION', 'REASON'],
        audit.slice(0, 10).map((a) => [when(a.at), a.actor, a.action, a.reason ?? '-']),
      ),
    );
  }
  const mail = view.outbox ?? [];
  if (mail.length > 0) {
    const count = (status: string) => mail.filter((m) => m.status === status).length;
    lines.push(
      '',
      `Outbox (last ${mail.length}): ${count('pending')} pending, ${count('sent')} sent, ${count('failed')} failed.`,
    );
  }
  return lines.join('\n');
}

export function turnsText(gameId: string, turns: readonly TurnRecord[], printout: KindPrintout): string {
  if (turns.length === 0) return `Game ${gameId} has no resolved turn yet.`;
  return [
    table(
      ['TURN', 'RESOLVED', ...printout.historyColumns],
      turns.map((t) => [String(t.number), when(t.resolvedAt), ...printout.historyCells(t.events)]),
    ),
    '',
    `msc game turn ${gameId} N shows what happened in turn N.`,
  ].join('\n');
}

export function turnText(t: TurnDetail, printout: KindPrintout): string {
  const lines = [
    `Game ${t.gameId}, turn ${t.number}: ${t.status}. Opened ${when(t.openedAt)}, deadline ${when(t.deadline)}${t.resolvedAt ? `, resolved ${when(t.resolvedAt)}` : ''}.`,
  ];
  if (t.status !== 'resolved') {
    lines.push(
      '',
      'Position:',
      ...tablesText(printout.stateTables(t.stateBefore)),
      '',
      '(Its orders and events are shown once it has resolved.)',
    );
    return lines.join('\n');
  }
  lines.push(
    '',
    'Orders:',
    ...printout.orderLines(t.orders, t.stateBefore).map((l) => `  ${l}`),
    '',
    'What happened:',
    ...printout.narrative(t.events).map((l) => `  ${l}`),
    '',
    'After the turn:',
    ...tablesText(printout.stateTables(t.stateAfter)),
  );
  return lines.join('\n');
}
