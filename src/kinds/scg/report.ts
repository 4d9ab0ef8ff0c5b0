/**
 * A Simple Combat Game turn report for one reader (rules-scg.md §16, §17.5):
 * the last turn told in order with every die, the board as text with its
 * legend and both scores, and — for a side with units in play — the order
 * block. Nothing is hidden (§16): a seat and an observer read the same board.
 */
import { formatScgOrders, scgOrderBlock } from '../../orders/scg/format.ts';
import { deadlineView, REPORT_WIDTH, type ReportSheet, type TurnReportView } from '../../reports/report-view.ts';
import { columnsThatFit, scgLegend, scgMap } from '../../reports/scg-map.ts';
import { scgNarrative } from '../../reports/scg-narrative.ts';
import { wrapWords } from '../../reports/wrap.ts';
import { scores } from '../../rules/scg/resolve.ts';
import type { ScgEvent, ScgSideOrders, ScgState } from '../../rules/scg/types.ts';
import type { EndReportParts, ReportInput, SideContext, StoredTurnEvents } from '../kind.ts';

/** The turns of play (turn 0, the setup settled at creation, has no events), as the rules wrote their events. */
const played = (history: readonly StoredTurnEvents[]) =>
  history.filter((t) => t.number >= 1).map((t) => ({ number: t.number, events: t.events as ScgEvent[] }));

/** The order block (§17.5); with orders in, the same comments followed by those orders instead of standing ones. */
export function scgBlock(at: SideContext<ScgState>, current?: ScgSideOrders): string {
  const ctx = { gameId: at.gameId, turn: at.turn };
  const block = scgOrderBlock(at.state, at.side, ctx);
  if (!current) return block;
  const comments = block.split('\n').filter((l) => l.startsWith('GAME ') || l.startsWith('#'));
  const orders = formatScgOrders(current, at.state, ctx).trimEnd().split('\n').slice(1);
  return `${[...comments, ...orders].join('\n')}\n`;
}

/** The units' legend and both scores, as a record sheet. */
function unitsSheet(state: ScgState, width: number): ReportSheet {
  const score = scores(state, state.units);
  return {
    title: 'Units and scores',
    lines: [
      ...scgLegend(state).flatMap((l) => wrapWords(l, width, '      ')),
      `Scores: ${state.sides.map((s) => `${s} ${score[s] ?? 0}`).join(', ')}.`,
    ],
  };
}

/** Why a seat gives no orders this turn, or null when it does. */
function noOrdersReason(state: ScgState, side: string): string | null {
  if (state.conceded.includes(side)) return 'your side has conceded: you follow the rest of the game as an observer.';
  if (!state.units.some((u) => u.side === side && u.status === 'active')) return 'your side has no units left.';
  return null;
}

export function scgReport(input: ReportInput<ScgState, ScgSideOrders>): TurnReportView {
  const { state, reader } = input;
  const width = input.width ?? REPORT_WIDTH;
  const last = played(input.history).at(-1);
  const side = reader.kind === 'seat' ? reader.side : null;
  const reason = side === null ? null : noOrdersReason(state, side);
  const block =
    side !== null && reason === null
      ? scgBlock(
          { gameId: input.game.id, turn: input.turn, side, state },
          reader.kind === 'seat' ? (reader.currentOrders ?? undefined) : undefined,
        )
      : null;
  return {
    game: { id: input.game.id, name: input.game.name },
    turn: input.turn,
    observer: side === null,
    side,
    sideName: side === null ? null : input.sideName(side),
    lastTurn: last?.number ?? null,
    narrative: scgNarrative(last?.events ?? [], state),
    diagram: scgMap(state, { width }).join('\n'),
    wholeMap: state.map.width <= columnsThatFit(width),
    width,
    sides: [],
    sheets: [unitsSheet(state, width)],
    orderBlock: block === null ? null : block.trimEnd(),
    noOrdersReason: reason,
    deadline: deadlineView(input.deadline, reader.timeZone),
    seedCommitment: input.seedCommitment ?? null,
  };
}

/** The end of a game: the last turn told, the final board, the units and scores. */
export function scgEndReport(input: {
  readonly state: ScgState | null;
  readonly lastEvents: readonly unknown[];
}): EndReportParts {
  const { state } = input;
  return {
    narrative: scgNarrative(input.lastEvents as ScgEvent[], state ?? { units: [], unitTypes: {} }),
    diagram: state ? scgMap(state, { width: REPORT_WIDTH }).join('\n') : null,
    sides: [],
    sheets: state ? [unitsSheet(state, REPORT_WIDTH)] : [],
  };
}
