/** Builders for positions in rule tests: only what a test cares about needs saying. */
import { parseHex } from '../../src/rules/hex.ts';
import type { Design, Direction, Hex, Position, Ship, ShipStatus, WeaponSide } from '../../src/rules/types.ts';

export function h(name: string): Hex {
  const r = parseHex(name);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export interface ShipSpec {
  id: string;
  side: string;
  hex: string;
  facing?: Direction;
  speed?: number | null;
  engine?: number;
  shields?: number;
  toHit?: number;
  weapons?: WeaponSide[];
  design?: Design;
  status?: ShipStatus;
}

export function ship(s: ShipSpec): Ship {
  const engine = s.engine ?? 3;
  const shields = s.shields ?? 3;
  const toHit = s.toHit ?? 3;
  const weapons = s.weapons ?? ['F'];
  return {
    id: s.id,
    side: s.side,
    hex: h(s.hex),
    facing: s.facing ?? 'N',
    speed: s.speed === undefined ? null : s.speed,
    engine,
    shields,
    toHit,
    weapons,
    design: s.design ?? { engine, shields, toHit, weapons },
    status: s.status ?? 'active',
  };
}

export function position(ships: ShipSpec[], extra: Partial<Position> = {}): Position {
  const sides = extra.sides ?? [...new Set(ships.map((s) => s.side))];
  return {
    map: { width: 20, height: 20 },
    turn: 1,
    sides,
    solo: [],
    ships: ships.map(ship),
    turnLimit: null,
    conceded: [],
    ...extra,
  };
}
