/**
 * A Simple Combat Game as `msc game show|turns|turn` print it: the units of a
 * state, each side's orders as MOVE and FIRE lines, the turn told as the
 * reports tell it, and the shots of each turn in the history.
 */
import { scgNarrative } from '../../reports/scg-narrative.ts';
import type { ScgEvent } from '../../rules/scg/types.ts';
import type { KindPrintout } from '../kind.ts';

interface UnitRow {
  id?: string;
  side?: string;
  type?: string;
  hex?: string;
  damage?: number;
  status?: string;
}

interface UsedOrders {
  source?: string;
  move?: {
    unit: string;
    path?: string;
    to?: string;
    toward?: string;
    within?: number;
    halt?: number;
    hold?: boolean;
  }[];
  fire?: {
    unit: string;
    targets?: string[];
    hold?: boolean;
    weapons?: Record<string, { targets?: string[]; hold?: boolean }>;
  }[];
}

const unitsOf = (state: unknown): UnitRow[] => {
  const units = (state as { units?: unknown } | null)?.units;
  return Array.isArray(units) ? (units as UnitRow[]) : [];
};
const eventsOf = (events: unknown): ScgEvent[] => (Array.isArray(events) ? (events as ScgEvent[]) : []);

const choice = (targets: readonly string[] | undefined, hold: boolean | undefined) =>
  `${targets?.length ? ` AT ${targets.join(' ')}` : ''}${hold ? ' HOLD' : ''}`;

function moveText(m: NonNullable<UsedOrders['move']>[number]): string {
  const halt = m.halt !== undefined ? ` HALT ${m.halt}` : '';
  if (m.hold) return 'HOLD';
  if (m.path !== undefined) return `${m.path}${halt}`;
  if (m.to !== undefined) return `TO ${m.to}${halt}`;
  return `TOWARD ${m.toward === 'nearest' ? 'NEAREST' : String(m.toward)} WITHIN ${m.within ?? 1}${halt}`;
}

export const scgPrintout: KindPrintout = {
  stateTables(state) {
    const units = unitsOf(state);
    if (units.length === 0) return [];
    return [
      {
        headers: ['UNIT', 'SIDE', 'TYPE', 'HEX', 'DAMAGE', 'STATUS'],
        rows: units.map((u) => [
          String(u.id ?? '?'),
          String(u.side ?? '?'),
          String(u.type ?? '?'),
          String(u.hex ?? '?'),
          String(u.damage ?? 0),
          String(u.status ?? 'active'),
        ]),
      },
    ];
  },
  orderLines(ordersUsed, stateBefore) {
    const out: string[] = [];
    const used = (ordersUsed ?? {}) as Record<string, UsedOrders>;
    // Seat order, from the state the turn started from (a stored document may keep its keys in another order).
    const sides = (stateBefore as { sides?: unknown } | null)?.sides;
    const order = Array.isArray(sides) ? (sides as string[]) : [];
    const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
    for (const side of Object.keys(used).sort((a, b) => rank(a) - rank(b))) {
      const o = used[side]!;
      if (o.source === 'standing') {
        out.push(`[${side}] standing orders: every unit holds and fires at the nearest`);
        continue;
      }
      for (const m of o.move ?? []) out.push(`[${side}] MOVE ${m.unit} ${moveText(m)}`);
      for (const f of o.fire ?? []) {
        out.push(`[${side}] FIRE ${f.unit}${choice(f.targets, f.hold)}`);
        for (const [mount, c] of Object.entries(f.weapons ?? {}))
          out.push(`[${side}] FIRE ${f.unit} ${mount}${choice(c.targets, c.hold)}`);
      }
    }
    return out;
  },
  narrative: (events) => scgNarrative(eventsOf(events), { units: [], unitTypes: {} }),
  historyColumns: ['SHOTS', 'HITS', 'DESTROYED'],
  historyCells(stored) {
    const events = eventsOf(stored);
    const shots = events.filter((e) => e.type === 'shot');
    const destroyed = events.flatMap((e) => (e.type === 'destroyed' ? [e.unit] : []));
    return [
      String(shots.length),
      String(shots.filter((e) => e.type === 'shot' && e.hit).length),
      destroyed.join(' ') || '-',
    ];
  },
};
