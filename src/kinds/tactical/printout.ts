/**
 * A tactical battle as `msc game show|turns|turn` print it: the ship table of a position, each ship's orders as
 * SHIP lines, the turn told as the reports tell it, and the shots of each turn in the history.
 */
import type { TurnEvent } from '../../rules/events.ts';
import { narrative } from '../../reports/narrative.ts';
import type { KindPrintout } from '../kind.ts';

interface ShipRow {
  id: string;
  side: string;
  hex: string;
  facing: string;
  speed: number | null;
  engine: number;
  shields: number;
  toHit: number;
  weapons: string[];
  status?: string;
}

interface StoredShipOrders {
  speed: number;
  move?: string;
  fire?: string[];
  hold?: boolean;
  source?: string;
}

const shipsOf = (position: unknown): ShipRow[] => {
  const ships = (position as { ships?: unknown } | null)?.ships;
  return Array.isArray(ships) ? (ships as ShipRow[]) : [];
};
const eventsOf = (events: unknown): TurnEvent[] => (Array.isArray(events) ? (events as TurnEvent[]) : []);

export const tacticalPrintout: KindPrintout = {
  stateTables(position) {
    const ships = shipsOf(position);
    if (ships.length === 0) return [];
    return [
      {
        headers: ['SHIP', 'SIDE', 'HEX', 'FACING', 'SPEED', 'ENGINE', 'SHIELDS', 'TO-HIT', 'WEAPONS', 'STATUS'],
        rows: ships.map((s) => [
          s.id,
          s.side,
          s.hex,
          s.facing,
          s.speed === null ? '-' : String(s.speed),
          String(s.engine),
          String(s.shields),
          String(s.toHit),
          s.weapons.join(' ') || '-',
          s.status ?? 'active',
        ]),
      },
    ];
  },
  orderLines(ordersUsed) {
    const orders = Object.entries((ordersUsed ?? {}) as Record<string, StoredShipOrders>);
    return orders.map(([ship, o]) => {
      const fire = o.fire?.length ? ` FIRE ${o.fire.join(' ')}` : '';
      const source = o.source && o.source !== 'orders' ? `   (${o.source})` : '';
      return `SHIP ${ship} SPEED ${o.speed} MOVE ${o.move || '0'}${fire}${o.hold ? ' HOLD' : ''}${source}`;
    });
  },
  narrative: (events) => narrative(eventsOf(events)),
  historyColumns: ['SHOTS', 'HITS', 'DESTROYED'],
  historyCells(stored) {
    const events = eventsOf(stored);
    const shots = events.filter((e) => e.type === 'shot');
    const destroyed = events.flatMap((e) => (e.type === 'destroyed' ? [e.ship] : []));
    return [
      String(shots.length),
      String(shots.filter((e) => e.type === 'shot' && e.hit).length),
      destroyed.join(' ') || '-',
    ];
  },
};
