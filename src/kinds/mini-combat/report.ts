/**
 * A Mini Combat turn report for one reader (rules-mini-combat.md §19, §22.4):
 * the last turn told as that side saw it (only events whose `seenBy` holds
 * it), the battlefield as text with only what it is shown, the units table
 * (its own in full, the enemy elements it sees), victory points and
 * objectives, and the order block. A moderator or observer reads everything.
 */
import { miniOrderBlock } from '../../orders/mini-combat/index.ts';
import { deadlineView, REPORT_WIDTH, type ReportSheet, type TurnReportView } from '../../reports/report-view.ts';
import { columnsThatFit, miniLegend, miniMap } from '../../reports/mini-map.ts';
import { miniNarrative } from '../../reports/mini-narrative.ts';
import { wrapWords } from '../../reports/wrap.ts';
import { formatHex } from '../../rules/hex.ts';
import type { MiniEvent } from '../../rules/mini-combat/battlefield.ts';
import { checkSideOrders } from '../../rules/mini-combat/check.ts';
import { inPlay, objectives, scores } from '../../rules/mini-combat/victory.ts';
import { commonView, eventsSeenBy, eventsSeenByAll, turnView } from '../../rules/mini-combat/turn.ts';
import type { SideView } from '../../rules/mini-combat/views.ts';
import type { MiniPosition } from '../../rules/mini-combat/types.ts';
import type { EndReportParts, ReportInput, SideContext, StoredTurnEvents } from '../kind.ts';
import type { MiniSideOrders } from './docs.ts';

const eventsOf = (t: StoredTurnEvents | undefined): MiniEvent[] =>
  (t?.events ?? []).filter((e): e is MiniEvent => typeof e === 'object' && e !== null && 'type' in e);

/** The order block (§19); with orders in, the units in their order with their lines. */
export function miniBlock(at: SideContext<MiniPosition>, current?: MiniSideOrders): string {
  const ctx = { gameId: at.gameId, turn: at.turn };
  const given = current ? checkSideOrders(at.state, at.side, current).orders : [];
  return miniOrderBlock(at.state, at.side, ctx, given);
}

interface TableUnit {
  readonly id: string;
  readonly side: string;
  readonly elements: readonly {
    id: string;
    status: string;
    hex: { col: number; row: number } | null;
    morale: number;
    special: readonly string[];
    command: boolean;
  }[];
}

/** One unit's line: id, side, elements in play of its size, half strength, morale, where, capabilities. */
function unitLine(u: TableUnit, size: number | null, sideName: (s: string) => string): string {
  const live = u.elements.filter((e) => e.status === 'active' || e.status === 'carried' || e.status === 'reserve');
  const lost = u.elements.filter((e) => e.status === 'destroyed').length;
  const n = size ?? u.elements.length;
  const half = size !== null && lost >= Math.ceil(n / 2) ? ' HALF' : '';
  const hexes = [...new Set(live.filter((e) => e.hex !== null).map((e) => formatHex(e.hex!)))].join(' ');
  const reserve = live.some((e) => e.status === 'reserve') ? ' reserve' : '';
  const carried = live.some((e) => e.status === 'carried') ? ' carried' : '';
  const morale = Math.max(...u.elements.map((e) => e.morale));
  const caps = [...new Set(u.elements.flatMap((e) => e.special))].join(' ');
  const fled = u.elements.every((e) => e.status === 'fled') ? ' fled' : '';
  return `${u.id.padEnd(5)} ${sideName(u.side).padEnd(5)} ${String(live.length).padStart(2)}/${String(n).padEnd(2)}${half}${fled} MO${morale === 1 ? '-' : morale} ${hexes}${reserve}${carried}${caps ? ` [${caps}]` : ''}`;
}

/** The units table: the reader's own units in full; the enemy's as far as shown (sizes unknown: what is seen). */
function unitsSheet(
  p: MiniPosition,
  view: SideView | null,
  sideName: (s: string) => string,
  width: number,
  title?: string,
): ReportSheet {
  const lines = ['Unit  Side  In play MO Hexes [capabilities]; HALF: half or more lost'];
  const own = view === null ? p.units : view.units;
  for (const u of own) lines.push(...wrapWords(unitLine(u, u.elements.length, sideName), width, '      '));
  if (view !== null) {
    if (view.enemy.length === 0) lines.push('No enemy element is in sight.');
    for (const u of view.enemy)
      lines.push(
        ...wrapWords(
          unitLine({ ...u, elements: u.elements.map((e) => ({ ...e, command: e.command })) }, null, sideName),
          width,
          '      ',
        ),
      );
  }
  return { title: title ?? (view === null ? 'Units' : 'Units (yours, then the enemy in sight)'), lines };
}

/** Victory points and objectives (§20). */
function scoreSheet(p: MiniPosition, sideName: (s: string) => string): ReportSheet {
  const score = scores(p);
  const lines = [`Victory points: ${p.sides.map((s) => `${sideName(s)} ${score[s] ?? 0}`).join(', ')}.`];
  if (p.battle.type === 'standard') lines.push(`The first side to ${p.battle.target} points wins.`);
  else {
    const b = p.battle;
    lines.push(
      `${sideName(b.attacker)} attacks: it wins holding ${b.control} objectives at a turn's end; ${sideName(b.defender)} defends: it wins with ${b.destroy} points.`,
    );
    const control = objectives(p)
      .map(
        (o) =>
          `${formatHex(o.hex)} ${o.control === null ? 'nobody' : o.control === 'contested' ? 'contested' : sideName(o.control)}`,
      )
      .join(', ');
    lines.push(`Objectives: ${control}.`);
  }
  if (p.turnLimit !== null) lines.push(`The battle ends after turn ${p.turnLimit}.`);
  return { title: 'Score', lines };
}

/** Why a seat gives no orders this turn, or null when it does. */
function noOrdersReason(p: MiniPosition, side: string): string | null {
  if (p.conceded.includes(side)) return 'your side has conceded: you follow the rest of the battle as an observer.';
  if (!p.units.some((u) => u.side === side && u.elements.some(inPlay))) return 'your side has no units left.';
  return null;
}

export function miniReport(input: ReportInput<MiniPosition, MiniSideOrders>): TurnReportView {
  const { state, reader } = input;
  const width = input.width ?? REPORT_WIDTH;
  const last = input.history.filter((t) => t.number >= 1).at(-1);
  const side = reader.kind === 'seat' ? reader.side : null;
  const view = side === null ? null : turnView(state, side);
  const events = side === null ? eventsOf(last) : eventsSeenBy(eventsOf(last), side);
  const reason = side === null ? null : noOrdersReason(state, side);
  const block =
    side !== null && reason === null
      ? miniBlock(
          { gameId: input.game.id, turn: input.turn, side, state },
          reader.kind === 'seat' ? (reader.currentOrders ?? undefined) : undefined,
        )
      : null;
  const map = miniMap(state, view, { width, sideName: input.sideName });
  return {
    game: { id: input.game.id, name: input.game.name },
    turn: input.turn,
    observer: side === null,
    side,
    sideName: side === null ? null : input.sideName(side),
    lastTurn: last?.number ?? null,
    narrative: miniNarrative(events, input.sideName),
    diagram: [...map, ...miniLegend(state, input.sideName).flatMap((l) => wrapWords(l, width, '  '))].join('\n'),
    wholeMap: state.map.width <= columnsThatFit(width) && !map.some((l) => l.startsWith('Shown: ')),
    width,
    sides: [],
    sheets: [unitsSheet(state, view, input.sideName, width), scoreSheet(state, input.sideName)],
    orderBlock: block === null ? null : block.trimEnd(),
    noOrdersReason: reason,
    deadline: deadlineView(input.deadline, reader.timeZone),
    seedCommitment: input.seedCommitment ?? null,
  };
}

/**
 * The report of the open turn for an observer while the battle runs (§22.4): only what every side knows alike — the
 * elements every other side sees (commonView), the events every side was shown, the score — and no order block.
 */
export function miniNeutralReport(input: Omit<ReportInput<MiniPosition, MiniSideOrders>, 'reader'>): TurnReportView {
  const { state } = input;
  const width = input.width ?? REPORT_WIDTH;
  const last = input.history.filter((t) => t.number >= 1).at(-1);
  const view = commonView(state);
  const map = miniMap(state, view, { width, sideName: input.sideName });
  return {
    game: { id: input.game.id, name: input.game.name },
    turn: input.turn,
    observer: true,
    side: null,
    sideName: null,
    lastTurn: last?.number ?? null,
    narrative: miniNarrative(eventsSeenByAll(eventsOf(last), state.sides), input.sideName),
    diagram: [...map, ...miniLegend(state, input.sideName).flatMap((l) => wrapWords(l, width, '  '))].join('\n'),
    wholeMap: state.map.width <= columnsThatFit(width) && !map.some((l) => l.startsWith('Shown: ')),
    width,
    sides: [],
    sheets: [
      unitsSheet(state, view, input.sideName, width, 'Units every side sees'),
      scoreSheet(state, input.sideName),
    ],
    orderBlock: null,
    noOrdersReason: null,
    deadline: deadlineView(input.deadline, 'UTC'),
    seedCommitment: input.seedCommitment ?? null,
  };
}

/** The end of a battle: the last turn told in full, the final battlefield, every unit and the score. */
export function miniEndReport(input: {
  readonly state: MiniPosition | null;
  readonly lastEvents: readonly unknown[];
  readonly sideName: (side: string) => string;
}): EndReportParts {
  const { state } = input;
  const events = eventsOf({ number: 0, events: input.lastEvents });
  return {
    narrative: miniNarrative(events, input.sideName),
    diagram: state
      ? [
          ...miniMap(state, null, { width: REPORT_WIDTH, sideName: input.sideName }),
          ...miniLegend(state, input.sideName),
        ].join('\n')
      : null,
    sides: [],
    sheets: state ? [unitsSheet(state, null, input.sideName, REPORT_WIDTH), scoreSheet(state, input.sideName)] : [],
  };
}
