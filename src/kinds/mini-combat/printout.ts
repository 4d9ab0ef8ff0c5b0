/**
 * A Mini Combat battle as `msc game show|turns|turn` print it: every element
 * of a position, each side's activation list as UNIT lines, the turn told as
 * the reports tell it, and each turn's attacks, hits and losses.
 */
import { unitOrderLines } from '../../orders/mini-combat/index.ts';
import { miniNarrative, str } from '../../reports/mini-narrative.ts';
import type { MiniEvent } from '../../rules/mini-combat/battlefield.ts';
import { standingOrder, type UnitOrder } from '../../rules/mini-combat/orders.ts';
import type { Direction } from '../../rules/types.ts';
import { parseHex } from '../../rules/hex.ts';
import type { KindPrintout } from '../kind.ts';

interface ElementRow {
  id?: unknown;
  type?: unknown;
  status?: unknown;
  hex?: unknown;
  facing?: unknown;
  special?: unknown;
}
interface UnitRow {
  id?: unknown;
  side?: unknown;
  elements?: unknown;
}

const unitsOf = (state: unknown): UnitRow[] => {
  const units = (state as { units?: unknown } | null)?.units;
  return Array.isArray(units) ? (units as UnitRow[]) : [];
};
const eventsOf = (events: unknown): MiniEvent[] =>
  Array.isArray(events) ? (events.filter((e) => typeof e === 'object' && e !== null) as MiniEvent[]) : [];
const text = (v: unknown, none = '-') => (v === null || v === undefined ? none : str(v));
const words = (v: unknown): Direction[] =>
  (Array.isArray(v) ? v.map(str) : typeof v === 'string' ? v.split(/\s+/) : []).filter((w) => w !== '') as Direction[];
const hexes = (v: unknown) =>
  (Array.isArray(v) ? v : []).flatMap((h) => {
    const r = parseHex(str(h));
    return r.ok ? [r.value] : [];
  });

/** A stored entry (`orderToJson`) back to an order, for its UNIT line. */
function orderOf(o: Record<string, unknown>): UnitOrder {
  return {
    ...standingOrder(str(o.unit ?? '?')),
    move: words(o.move),
    paths: new Map(Object.entries((o.paths ?? {}) as Record<string, unknown>).map(([id, p]) => [id, words(p)])),
    face: (o.face as Direction | undefined) ?? null,
    fire: Array.isArray(o.fire) ? o.fire.map(str) : [],
    then: o.then === 'weakest' || o.then === 'hold' ? o.then : 'nearest',
    within: typeof o.within === 'number' ? o.within : null,
    spare: o.spare === true,
    teleport: hexes(o.teleport),
    drop: hexes(o.drop),
    embark: typeof o.embark === 'string' ? o.embark : null,
    disembark: o.disembark === true,
    insubstantial: o.insubstantial === true,
    dive: o.dive === true,
    surface: o.surface === true,
    land: o.land === true,
    square: o.square === true,
    heal: typeof o.heal === 'string' ? o.heal : null,
  };
}

export const miniPrintout: KindPrintout = {
  stateTables(state) {
    const rows = unitsOf(state).flatMap((u) =>
      (Array.isArray(u.elements) ? (u.elements as ElementRow[]) : []).map((e) => [
        text(u.id),
        text(u.side),
        text(e.id),
        text(e.type),
        text(e.status, 'active'),
        text(e.hex),
        text(e.facing),
        Array.isArray(e.special) ? e.special.join(' ') || '-' : '-',
      ]),
    );
    return rows.length === 0
      ? []
      : [{ headers: ['UNIT', 'SIDE', 'ELEMENT', 'TYPE', 'STATUS', 'HEX', 'FACING', 'CAPABILITIES'], rows }];
  },
  orderLines(ordersUsed, stateBefore) {
    const used = (ordersUsed ?? {}) as Record<string, unknown>;
    const sides = (stateBefore as { sides?: unknown } | null)?.sides;
    const order = Array.isArray(sides) ? (sides as string[]) : Object.keys(used);
    const out: string[] = [];
    for (const side of order) {
      const list = Array.isArray(used[side]) ? (used[side] as Record<string, unknown>[]) : [];
      if (list.length === 0) out.push(`[${side}] standing order: every unit stays and attacks the nearest enemy`);
      for (const o of list) for (const line of unitOrderLines(orderOf(o))) out.push(`[${side}] ${line}`);
    }
    return out;
  },
  narrative: (events) => miniNarrative(eventsOf(events), (s) => s),
  historyColumns: ['ATTACKS', 'HITS', 'LOST'],
  historyCells(stored) {
    const events = eventsOf(stored);
    const attacks = events.filter((e) => e.type === 'attack');
    const lost = events.filter((e) => e.type === 'destroyed').map((e) => str(e.element));
    return [String(attacks.length), String(attacks.filter((e) => e.hit === true).length), lost.join(' ') || '-'];
  },
};
