/** Small positions and orders for the Simple Combat Game's rule tests. */
import { parseHex } from '../../../src/rules/hex.ts';
import type { Hex } from '../../../src/rules/types.ts';
import type { FireEntry, MoveEntry, ScgSideOrders, ScgState, ScgUnit } from '../../../src/rules/scg/types.ts';

export function h(name: string): Hex {
  const r = parseHex(name);
  if (!r.ok) throw new Error(name);
  return r.value;
}

/** A unit: `u('WM', 'west', 'medium-tank', '0205')`. */
export const u = (id: string, side: string, type: string, hex: string, damage = 0): ScgUnit => ({
  id,
  side,
  type,
  hex: h(hex),
  damage,
  status: 'active',
});

export function state(units: ScgUnit[], extra: Partial<ScgState> & { impassable?: string[] } = {}): ScgState {
  const { impassable = [], ...rest } = extra;
  return {
    map: { width: 10, height: 8, impassable: impassable.map(h) },
    turn: 1,
    turnLimit: null,
    rangeScale: 1,
    sides: ['west', 'east'],
    unitTypes: {},
    weaponTypes: {},
    units,
    conceded: [],
    ...rest,
  };
}

export const orders = (move: MoveEntry[] = [], fire: FireEntry[] = []): ScgSideOrders => ({ move, fire });

export const fire = (
  unit: string,
  targets: string[] = [],
  hold = false,
  weapons: FireEntry['weapons'] = [],
): FireEntry => ({
  unit,
  targets,
  hold,
  weapons,
});
