/**
 * Placement and scatter (rules-mini-combat.md §13.2, §13.3): where an element
 * may be placed (teleport, drop, disembarking, survivors, healing), and where
 * a scattering element comes down.
 */
import { formatHex, onMap, sameHex } from '../hex.ts';
import type { DiceSource } from '../dice.ts';
import { DIRECTIONS, type Hex } from '../types.ts';
import { walk, nearestLegalHex } from './geometry.ts';
import { mayEndIn, terrainAt } from './terrain.ts';
import type { Element, MiniPosition } from './types.ts';

/**
 * Whether a hex is legal for placing element `e` of `side` (§13.2): on the map;
 * the element could end a move there; its side has fewer elements there than
 * the stack limit (carried ones not counted); and no active enemy element is
 * there (hidden, submerged and insubstantial ones included).
 */
export function legalPlacement(p: MiniPosition, e: Element, side: string, h: Hex): boolean {
  if (!onMap(h, p.map) || !mayEndIn(e, terrainAt(p, h))) return false;
  let own = 0;
  for (const u of p.units)
    for (const x of u.elements) {
      if (x.status !== 'active' || x.hex === null || !sameHex(x.hex, h) || x.id === e.id) continue;
      if (u.side !== side) return false;
      own += 1;
    }
  return own < p.options.stack;
}

/** The nearest legal hex to a point for placing `e` (§1, §13.2), or null when none is. */
export const placeNear = (p: MiniPosition, e: Element, side: string, point: Hex): Hex | null =>
  nearestLegalHex(point, p.map, (h) => legalPlacement(p, e, side, h));

export interface ScatterEvent {
  readonly type: 'scatter';
  readonly seenBy: readonly string[];
  readonly element: string;
  readonly aim: string;
  /** 2 faces (a double: on target) or 4. */
  readonly dice: readonly number[];
  readonly distance: 0 | 1 | 2;
  readonly hour: number | null;
  /** The scattered hex, or null when it is off the map. */
  readonly point: string | null;
}

/**
 * Scatter (§13.3): two dice a, b; a double lands on the aimed hex; otherwise
 * 1 hex if a + b ≤ 7, 2 if ≥ 8, and the clock hour from two more dice c, d
 * (d if c ≤ 3, d + 6 if c ≥ 4). Even hours point along a direction (12 N,
 * 2 NE …); odd ones along a hex spine between directions i = (h − 1)/2 and
 * i + 1: 1 hex is one step in i, 2 hexes one in i then one in i + 1.
 */
export function scatter(
  p: Pick<MiniPosition, 'map'>,
  dice: DiceSource,
  element: string,
  owner: string,
  aim: Hex,
): { point: Hex; event: ScatterEvent } {
  const a = dice.roll();
  const b = dice.roll();
  const base = { type: 'scatter' as const, seenBy: [owner], element, aim: formatHex(aim) };
  if (a === b) return { point: aim, event: { ...base, dice: [a, b], distance: 0, hour: null, point: formatHex(aim) } };
  const distance = a + b <= 7 ? 1 : 2;
  const c = dice.roll();
  const d = dice.roll();
  const hour = c <= 3 ? d : d + 6;
  let point: Hex;
  if (hour % 2 === 0) point = walk(aim, DIRECTIONS[(hour / 2) % 6]!, distance);
  else {
    const i = (hour - 1) / 2;
    point = walk(aim, DIRECTIONS[i % 6]!, 1);
    if (distance === 2) point = walk(point, DIRECTIONS[(i + 1) % 6]!, 1);
  }
  return {
    point,
    event: { ...base, dice: [a, b, c, d], distance, hour, point: onMap(point, p.map) ? formatHex(point) : null },
  };
}
