/**
 * A turn report as data (service.md "Reports and pictures"): what happened in
 * the last turn with every die, the text hex diagram, Ship Turn Records, the
 * order block for the turn now open and its deadline in UTC and in the
 * reader's own time zone. Mail templates and web pages both render this; it
 * holds no secret and no address.
 *
 * A seat sees its own ships' records and gets an order block; a moderator or
 * an observer (or a seat with nothing left to order) sees every side's records
 * and no order block. Nothing in a report is hidden information: the diagram's
 * legend shows every ship's state, and the records only add what the
 * narratives of earlier turns already told everyone.
 */
import type { TurnEvent } from '../rules/events.ts';
import { formatHex } from '../rules/hex.ts';
import { WEAPON_SIDES, type OrderSet, type Position, type Ship } from '../rules/types.ts';
import { orderBlock } from '../orders/index.ts';
import { narrative } from './narrative.ts';
import { diagramCrop, renderDiagram } from './diagram.ts';
import {
  deadlineView,
  REPORT_WIDTH,
  reportWidth,
  type ShipTurnLine,
  type ShipTurnRecord,
  type SideRecords,
  type TurnReportView,
  type WeaponMount,
} from './report-view.ts';

export {
  deadlineView,
  describeDeadline,
  REPORT_WIDTH,
  REPORT_WIDTHS,
  reportWidth,
  WIDE_REPORT_WIDTH,
  type DeadlineView,
  type ReportSheet,
  type ReportWidth,
  type ShipTurnLine,
  type ShipTurnRecord,
  type SideRecords,
  type TurnReportView,
  type WeaponMount,
} from './report-view.ts';

/** One resolved turn of the game's history. */
export interface ResolvedTurnEvents {
  readonly number: number;
  readonly events: readonly TurnEvent[];
}

/** `O O X`: one oval per point built, the lost ones marked. */
const ovals = (now: number, built: number) => Array.from({ length: built }, (_, i) => (i < now ? 'O' : 'X')).join(' ');

function damageText(e: Extract<TurnEvent, { type: 'damage' }>, firer: string | null): string {
  const what =
    e.effect === 'shields'
      ? 'SHIELDS -1'
      : e.effect === 'engine'
        ? 'ENGINE -1'
        : `${e.effect.slice('weapon:'.length)} weapon lost`;
  return `${firer ? `${firer}: ` : ''}${what} (die ${e.roll})`;
}

/** What the history says of one ship, turn by turn, and how it left play. */
function shipTurns(ship: Ship, history: readonly ResolvedTurnEvents[]): { turns: ShipTurnLine[]; fate: string | null } {
  const turns: ShipTurnLine[] = [];
  let fate: string | null = null;
  for (const t of history) {
    let line: { -readonly [K in keyof ShipTurnLine]: ShipTurnLine[K] } | null = null;
    const damage: string[] = [];
    let firer: string | null = null;
    for (const e of t.events) {
      if (e.type === 'move' && e.ship === ship.id) {
        line = {
          turn: t.number,
          speed: e.speed,
          move: e.plot,
          from: e.from,
          to: e.to,
          facing: e.facing,
          by: e.source === 'orders' ? 'orders' : e.source === 'standing' ? 'no orders' : 'solo',
          damage,
        };
      } else if (e.type === 'shot') {
        firer = `${e.firer} ${e.weapon}`;
      } else if (e.type === 'damage' && e.target === ship.id) {
        damage.push(damageText(e, firer));
      } else if (e.type === 'destroyed' && e.ship === ship.id) {
        damage.push('destroyed');
        fate = `destroyed in turn ${t.number} (at ${e.hex}, by ${e.by})`;
      } else if (e.type === 'disengaged' && e.ship === ship.id) {
        damage.push(e.reason === 'conceded' ? 'left: side conceded' : 'flew off the map');
        fate =
          e.reason === 'conceded'
            ? `left the battle in turn ${t.number} (its side conceded)`
            : `disengaged in turn ${t.number} (off the map from ${e.hex})`;
      }
    }
    if (line) turns.push(line);
    else if (damage.length > 0)
      turns.push({ turn: t.number, speed: null, move: '', from: '', to: '', facing: '', by: '', damage });
  }
  return { turns, fate };
}

/** The fewest columns the damage column is given beside the others; with less, it is written under each row. */
const MIN_DAMAGE_ROOM = 20;
const DAMAGE_INDENT = 4;

/** The record's turn table as text; the damage column wraps within `width`. */
function turnTable(turns: readonly ShipTurnLine[], width: number): string[] {
  if (turns.length === 0) return ['  No turn played yet.'];
  const head = ['Turn', 'SPEED', 'MOVE', 'From', 'To', 'Facing', 'Plot by'];
  const rows = turns.map((t) => [
    String(t.turn),
    t.speed === null ? '-' : String(t.speed),
    t.move,
    t.from,
    t.to,
    t.facing,
    t.by,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const right = new Set([0, 1]);
  const cells = (r: readonly string[]) =>
    `  ${r.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}  `;
  // The damage column starts where the other columns end; its text wraps word by word within the width, each
  // further line starting under the column, so that a mail client — or the mail's own wrapping at 78 columns — never
  // breaks a row and misaligns it. When the other columns leave too little room, the damage is written under the row.
  const columnsEnd = cells(head).length;
  const under = width - columnsEnd < MIN_DAMAGE_ROOM;
  const damageAt = under ? DAMAGE_INDENT : columnsEnd;
  const room = width - damageAt;
  const out = [under ? cells(head).trimEnd() : `${cells(head)}Damage taken`.trimEnd()];
  if (under) out.push(`${' '.repeat(damageAt)}Damage taken`);
  rows.forEach((r, k) => {
    const parts = turns[k]!.damage.map((part, j, all) => (j < all.length - 1 ? `${part};` : part));
    let line = under ? ' '.repeat(damageAt) : cells(r);
    if (under) out.push(cells(r).trimEnd());
    let used = 0;
    const add = (piece: string) => {
      if (used > 0 && used + 1 + piece.length > room) {
        out.push(line.trimEnd());
        line = ' '.repeat(damageAt);
        used = 0;
      }
      line += used > 0 ? ` ${piece}` : piece;
      used += (used > 0 ? 1 : 0) + piece.length;
    };
    // Each hit's damage stays on one line when it fits in the column; a longer one is broken between its words.
    for (const part of parts) {
      if (part.length <= room) add(part);
      else for (const word of part.split(' ').filter((w) => w !== '')) add(word);
    }
    if (line.trim() !== '' || !under) out.push(line.trimEnd());
  });
  return out;
}

export function shipTurnRecord(
  ship: Ship,
  history: readonly ResolvedTurnEvents[],
  width = REPORT_WIDTH,
  lastTurns = Number.POSITIVE_INFINITY,
): ShipTurnRecord {
  const { turns: all, fate } = shipTurns(ship, history);
  const turns = all.length > lastTurns ? all.slice(all.length - lastTurns) : all;
  const earlier =
    turns.length < all.length ? { from: all[0]!.turn, to: all[all.length - turns.length - 1]!.turn } : null;
  const state =
    ship.status === 'active'
      ? `in play at ${formatHex(ship.hex)} facing ${ship.facing}, ${ship.speed === null ? 'not moved yet' : `last SPEED ${ship.speed}`}`
      : (fate ?? ship.status);
  const engine = { now: ship.engine, built: ship.design.engine, ovals: ovals(ship.engine, ship.design.engine) };
  const shields = { now: ship.shields, built: ship.design.shields, ovals: ovals(ship.shields, ship.design.shields) };
  const weapons = WEAPON_SIDES.map((mount): WeaponMount => ({
    mount,
    mark: !ship.design.weapons.includes(mount) ? '-' : ship.weapons.includes(mount) ? 'O' : 'X',
  }));
  const stat = (label: string, marks: string, value: string) =>
    `  ${label.padEnd(8)} ${marks.padEnd(9)}  ${value}`.trimEnd();
  const lines = [
    `${ship.id}: ${state}`,
    stat('ENGINE', engine.ovals, `${engine.now} of ${engine.built}`),
    stat('SHIELDS', shields.ovals, `${shields.now} of ${shields.built}`),
    `  TO-HIT   ${ship.toHit}`,
    `  WEAPONS  ${weapons.map((w) => `${w.mount} ${w.mark}`).join('   ')}`,
    ...(earlier ? [`  Turns ${earlier.from} to ${earlier.to}: on the game page.`] : []),
    ...turnTable(turns, width),
  ];
  return {
    id: ship.id,
    side: ship.side,
    status: ship.status,
    state,
    engine,
    shields,
    toHit: ship.toHit,
    weapons,
    turns,
    earlier,
    lines,
  };
}

/** Who reads the report: a seat (its side), or a moderator/observer who sees everything. */
export type ReportReader =
  | {
      readonly kind: 'seat';
      readonly side: string;
      readonly timeZone: string;
      /** The orders the seat has in for the open turn, if any: the order block starts from them. */
      readonly currentOrders?: OrderSet | null;
    }
  | { readonly kind: 'observer'; readonly timeZone: string };

export interface TurnReportInput {
  readonly game: { readonly id: string; readonly name: string };
  /** The turn now open for orders. */
  readonly turn: number;
  /** The position at the start of that turn. */
  readonly position: Position;
  /** The game's resolved turns before it, in order. */
  readonly history: readonly ResolvedTurnEvents[];
  readonly deadline: Date | null;
  readonly reader: ReportReader;
  readonly sideName?: (side: string) => string;
  /** SHA-256 of the dice seed, shown in the first report. */
  readonly seedCommitment?: string | null;
  /** Columns of the text (REPORT_WIDTH unless the reader chose WIDE_REPORT_WIDTH). */
  readonly width?: number;
}

/** Ship Turn Records by side, in seat order and ship order: every side's, or only `onlySide`'s. */
export function sideRecords(
  position: Position,
  history: readonly ResolvedTurnEvents[],
  sideName: (side: string) => string = (s) => s,
  onlySide: string | null = null,
  width: number = REPORT_WIDTH,
  lastTurns = Number.POSITIVE_INFINITY,
): SideRecords[] {
  return position.sides
    .filter((side) => onlySide === null || side === onlySide)
    .map((side) => ({
      side,
      sideName: sideName(side),
      records: position.ships.filter((s) => s.side === side).map((s) => shipTurnRecord(s, history, width, lastTurns)),
    }))
    .filter((g) => g.records.length > 0);
}

/** Why a seat gives no orders this turn, or null when it does. */
function noOrdersReason(position: Position, side: string): string | null {
  if (position.conceded.includes(side))
    return 'your side has conceded: you follow the rest of the game as an observer.';
  if (position.solo.includes(side)) return 'your side is played by the solo rules.';
  if (!position.ships.some((s) => s.side === side && s.status === 'active'))
    return 'your side has no ships left in play.';
  return null;
}

/**
 * Turns of each Ship Turn Record a mailed report shows: the latest, so that a report stays the same size however long
 * the game (turn 80 of a 30-ship battle would otherwise mail a megabyte); the game page shows them all.
 */
export const RECORD_TURNS_IN_MAIL = 10;

/**
 * The map of a position at a width, drawn once for every reader of the turn: it is the same for each side (the
 * reader's own ships are not marked), and the callers hand every reader's report the same parsed position. Positions
 * are never changed once read, so a drawing stays true for as long as its position lives.
 */
const drawn = new WeakMap<Position, Map<number, { readonly diagram: string; readonly wholeMap: boolean }>>();

function mapOf(position: Position, width: number): { readonly diagram: string; readonly wholeMap: boolean } {
  let byWidth = drawn.get(position);
  if (byWidth === undefined) {
    byWidth = new Map();
    drawn.set(position, byWidth);
  }
  let map = byWidth.get(width);
  if (map === undefined) {
    map = {
      diagram: renderDiagram(position, { maxWidth: width }),
      wholeMap: !diagramCrop(position, { maxWidth: width }).cropped,
    };
    byWidth.set(width, map);
  }
  return map;
}

export function turnReport(input: TurnReportInput): TurnReportView {
  const { position, reader } = input;
  const name = input.sideName ?? ((s: string) => s);
  const last = input.history.at(-1);
  const seatSide = reader.kind === 'seat' ? reader.side : null;
  const reason = seatSide === null ? null : noOrdersReason(position, seatSide);
  // A seat with nothing to order reads the game as an observer does.
  const observer = seatSide === null || reason !== null;
  const width = reportWidth(input.width);
  const sides = sideRecords(position, input.history, name, observer ? null : seatSide, width, RECORD_TURNS_IN_MAIL);
  const block =
    seatSide !== null && reason === null
      ? orderBlock(
          { gameId: input.game.id, turn: input.turn, side: seatSide, position },
          reader.kind === 'seat' ? (reader.currentOrders ?? undefined) : undefined,
        )
      : null;
  return {
    game: { id: input.game.id, name: input.game.name },
    turn: input.turn,
    observer,
    side: seatSide,
    sideName: seatSide === null ? null : name(seatSide),
    lastTurn: last?.number ?? null,
    narrative: last ? narrative(last.events, name) : [],
    ...mapOf(position, width),
    width,
    sides,
    orderBlock: block === null ? null : block.trimEnd(),
    noOrdersReason: reason,
    deadline: deadlineView(input.deadline, reader.timeZone),
    seedCommitment: input.seedCommitment ?? null,
  };
}
