/**
 * The board during a turn (rules-scg.md §2, §3): hex keys, terrain, line of
 * sight by the tactical rules' exact method (../los.ts), ranges, and the
 * units as they stand while the turn is resolved.
 */
import { distance, neighbour, onMap } from '../hex.ts';
import { lineOfSight } from '../los.ts';
import type { Direction, Hex } from '../types.ts';
import { unitTypeOf } from './forces.ts';
import type { ScgMap, ScgState, ScgUnit, UnitStatus, UnitType } from './types.ts';

/** A number for a hex on any map of up to 99 × 99 (off-map neighbours included). */
export const hexKey = (h: Hex): number => (h.col + 1) * 128 + h.row + 1;

export const HEX_KEYS = 128 * 128;

export interface Terrain {
  readonly map: ScgMap;
  readonly impassable: ReadonlySet<number>;
}

export function terrainOf(map: ScgMap): Terrain {
  return { map, impassable: new Set(map.impassable.map(hexKey)) };
}

export const isImpassable = (t: Terrain, h: Hex): boolean => t.impassable.has(hexKey(h));

/** On the map and not impassable: a hex a unit may stand in (§3.1). */
export const isOpen = (t: Terrain, h: Hex): boolean => onMap(h, t.map) && !t.impassable.has(hexKey(h));

/** §3.2: blocked only when both infinitesimally shifted segments cross an impassable hex. */
export function hasLineOfSight(t: Terrain, a: Hex, b: Hex): boolean {
  return lineOfSight(a, b, (h) => t.impassable.has(hexKey(h)));
}

/** §2: firing range in DUs, `ceil(distance / rangeScale)`. */
export const rangeOf = (hexes: number, rangeScale: number): number => Math.ceil(hexes / rangeScale);

export { distance, neighbour };
export type { Direction };

/** A unit while a turn is resolved: where it is now, what it has done. */
export interface LiveUnit {
  readonly id: string;
  readonly side: string;
  readonly type: UnitType;
  readonly typeId: string;
  /** Its place in unit order. */
  readonly index: number;
  hex: Hex;
  damage: number;
  status: UnitStatus;
  /** Hexes entered this turn (§8.2). */
  moved: number;
}

/** The units of a turn, with who stands where. */
export class Field {
  readonly units: LiveUnit[];
  readonly byId = new Map<string, LiveUnit>();
  /** Hex key → the unit in play there. */
  readonly occupant = new Map<number, LiveUnit>();
  readonly terrain: Terrain;
  readonly #los = new Map<number, boolean>();

  constructor(readonly state: ScgState) {
    this.terrain = terrainOf(state.map);
    this.units = state.units.map((u, index) => {
      const type = unitTypeOf(state.unitTypes, u.type);
      if (!type) throw new Error(`unit ${u.id} has an unknown type ${u.type}: check the state first`);
      return {
        id: u.id,
        side: u.side,
        type,
        typeId: u.type,
        index,
        hex: u.hex,
        damage: u.damage,
        status: u.status,
        moved: 0,
      };
    });
    for (const u of this.units) {
      this.byId.set(u.id, u);
      if (u.status === 'active') this.occupant.set(hexKey(u.hex), u);
    }
  }

  inPlay(side?: string): LiveUnit[] {
    return this.units.filter((u) => u.status === 'active' && (side === undefined || u.side === side));
  }

  enemiesOf(u: LiveUnit): LiveUnit[] {
    return this.units.filter((e) => e.status === 'active' && e.side !== u.side);
  }

  /** Line of sight between two hexes; remembered, since nothing moves while units fire. */
  lineOfSight(a: Hex, b: Hex): boolean {
    const ka = hexKey(a);
    const kb = hexKey(b);
    const key = ka < kb ? ka * HEX_KEYS + kb : kb * HEX_KEYS + ka;
    let seen = this.#los.get(key);
    if (seen === undefined) {
      seen = hasLineOfSight(this.terrain, a, b);
      this.#los.set(key, seen);
    }
    return seen;
  }

  moveTo(u: LiveUnit, h: Hex): void {
    this.occupant.delete(hexKey(u.hex));
    u.hex = h;
    this.occupant.set(hexKey(h), u);
  }

  remove(u: LiveUnit): void {
    u.status = 'destroyed';
    this.occupant.delete(hexKey(u.hex));
  }

  /** The units as state again, in unit order. */
  toUnits(): ScgUnit[] {
    return this.units.map((u) => ({
      id: u.id,
      side: u.side,
      type: u.typeId,
      hex: u.hex,
      damage: u.damage,
      status: u.status,
    }));
  }
}

/** §8.3 NEAREST and §9.2 `nearest`: least distance, then least DC − damage, then unit order. */
export function nearestOf(from: Hex, candidates: readonly LiveUnit[]): LiveUnit | null {
  let best: LiveUnit | null = null;
  let bestKey: readonly [number, number, number] = [Infinity, Infinity, Infinity];
  for (const c of candidates) {
    const k = [distance(from, c.hex), c.type.dc - c.damage, c.index] as const;
    if (
      k[0] < bestKey[0] ||
      (k[0] === bestKey[0] && (k[1] < bestKey[1] || (k[1] === bestKey[1] && k[2] < bestKey[2])))
    ) {
      best = c;
      bestKey = k;
    }
  }
  return best;
}
