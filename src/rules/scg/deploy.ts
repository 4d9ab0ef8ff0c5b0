/**
 * A game from force lists within a points budget (rules-scg.md §14, §15): each
 * side names how many of each built-in unit type it brings, and the kind
 * places them — "neither side chooses where it deploys" (§15).
 *
 * **Ruling** (the rules give no deployment zones): the board is a sample
 * scenario's map (its impassable hexes, its turn limit). The first side in
 * seat order (`west`) deploys on the west edge: its units, in the order of
 * §14.2's table (Light, Medium, Dual-Heavy Tank, Infantry Squad, Scout Car,
 * Artillery), take the open hexes of column 1, then column 2, and so on, each
 * column from its middle row (H ÷ 2, rounded down) outward, the row below it
 * first. The
 * second side (`east`) deploys the same way on the east edge, point-symmetric
 * — hex (c, r) becomes (W + 1 − c, H + 1 − r), as in §15's scenarios — so
 * that two equal forces stand exactly opposite each other. Only the first
 * quarter of the columns is a side's deployment zone. A unit's id is its
 * side's initial, its type's letter (L, M, H, I, S, A) and, when the side has
 * more than one of the type, its number (`WL1`, `WL2`), as §15 names them.
 */
import type { Hex } from '../types.ts';
import { isOpen, terrainOf } from './board.ts';
import { BUILT_IN_UNITS } from './forces.ts';
import type { ScgState, ScgUnit } from './types.ts';

/** The unit types a force list may name, in §14.2's order, with their letters. */
export const FORCE_TYPES: readonly (readonly [string, string])[] = [
  ['light-tank', 'L'],
  ['medium-tank', 'M'],
  ['dual-heavy-tank', 'H'],
  ['infantry-squad', 'I'],
  ['scout-car', 'S'],
  ['artillery', 'A'],
];

/** The sides of a game from force lists, in seat order. */
export const FORCE_SIDES = ['west', 'east'] as const;

/** How many of each type (ids of FORCE_TYPES); a type left out is none. */
export type ForceList = Readonly<Record<string, number>>;

/** A force's points (§14.2). */
export function forceCost(force: ForceList): number {
  return FORCE_TYPES.reduce((sum, [type]) => sum + (force[type] ?? 0) * BUILT_IN_UNITS[type]!.points, 0);
}

export const forceSize = (force: ForceList): number => FORCE_TYPES.reduce((sum, [type]) => sum + (force[type] ?? 0), 0);

/** The hexes of the west side's zone in the order units take them. */
export function deploymentHexes(board: Pick<ScgState, 'map'>): Hex[] {
  const { width, height } = board.map;
  const terrain = terrainOf(board.map);
  const middle = Math.floor(height / 2);
  const rows: number[] = [];
  for (let i = 0; rows.length < height; i++) {
    for (const r of i === 0 ? [middle] : [middle + i, middle - i]) if (r >= 1 && r <= height) rows.push(r);
  }
  const out: Hex[] = [];
  for (let col = 1; col <= Math.max(1, Math.floor(width / 4)); col++)
    for (const row of rows) if (isOpen(terrain, { col, row })) out.push({ col, row });
  return out;
}

const mirror = (board: Pick<ScgState, 'map'>, h: Hex): Hex => ({
  col: board.map.width + 1 - h.col,
  row: board.map.height + 1 - h.row,
});

/**
 * The turn-1 state: `board`'s map and turn limit, with both forces placed by the rule above. The caller has
 * checked that each force fits its zone (deploymentHexes(board).length) and, for the east side, that the mirror of
 * the zone is open — true of §15's maps, which are point-symmetric.
 */
export function deployForces(board: ScgState, forces: Readonly<Record<(typeof FORCE_SIDES)[number], ForceList>>) {
  const zone = deploymentHexes(board);
  const units: ScgUnit[] = [];
  for (const side of FORCE_SIDES) {
    const initial = side.charAt(0).toUpperCase();
    let slot = 0;
    for (const [type, letter] of FORCE_TYPES) {
      const count = forces[side][type] ?? 0;
      for (let n = 1; n <= count; n++) {
        const at = zone[slot++]!;
        units.push({
          id: `${initial}${letter}${count > 1 ? n : ''}`,
          side,
          type,
          hex: side === 'west' ? at : mirror(board, at),
          damage: 0,
          status: 'active',
        });
      }
    }
  }
  return { ...board, sides: [...FORCE_SIDES] as [string, string], units, conceded: [] } satisfies ScgState;
}
