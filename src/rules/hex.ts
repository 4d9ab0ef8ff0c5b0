/**
 * Hex geometry of the map (rules-tactical.md §1): flat-topped hexes in columns,
 * odd columns high, even columns half a hex lower, named `CCRR`.
 *
 * Internally every hex also has cube coordinates (x + y + z = 0), where
 * distances, directions and arcs are plain integer arithmetic.
 */
import { DIRECTIONS, type Direction, type Hex, type MapSize } from './types.ts';
import { err, ok, type Result, type RuleError } from './result.ts';

export interface Cube {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Cube offsets of the six neighbours, in DIRECTIONS order (N, NE, SE, S, SW, NW). */
export const DIRECTION_CUBES: readonly Cube[] = [
  { x: 0, y: 1, z: -1 },
  { x: 1, y: 0, z: -1 },
  { x: 1, y: -1, z: 0 },
  { x: 0, y: -1, z: 1 },
  { x: -1, y: 0, z: 1 },
  { x: -1, y: 1, z: 0 },
];

export const hex = (col: number, row: number): Hex => ({ col, row });

export const sameHex = (a: Hex, b: Hex): boolean => a.col === b.col && a.row === b.row;

/** `CCRR`, two digits each. */
export function formatHex(h: Hex): string {
  return `${String(h.col).padStart(2, '0')}${String(h.row).padStart(2, '0')}`;
}

/** Parses a `CCRR` hex name (exactly four digits, column and row from 01). */
export function parseHex(text: string): Result<Hex, RuleError> {
  const m = /^(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) {
    return err({
      code: 'HEX_FORMAT',
      message: `"${text}" is not a hex: write four digits CCRR, e.g. 0504 for column 5, row 4`,
    });
  }
  const col = Number(m[1]);
  const row = Number(m[2]);
  if (col < 1 || row < 1) {
    return err({ code: 'HEX_FORMAT', message: `"${text}" is not a hex: columns and rows start at 01` });
  }
  return ok({ col, row });
}

export function onMap(h: Hex, map: MapSize): boolean {
  return h.col >= 1 && h.row >= 1 && h.col <= map.width && h.row <= map.height;
}

export function toCube(h: Hex): Cube {
  // 0-based columns: odd columns (1-based) are the high ones, i.e. even 0-based columns.
  const q = h.col - 1;
  const r = h.row - 1 - (q - (q & 1)) / 2;
  return { x: q, y: -q - r, z: r };
}

export function fromCube(c: Cube): Hex {
  const q = c.x;
  const row = c.z + (q - (q & 1)) / 2 + 1;
  return { col: q + 1, row };
}

export function directionIndex(d: Direction): number {
  return DIRECTIONS.indexOf(d);
}

/** The direction `steps` hexsides clockwise of `d` (negative: counter-clockwise). */
export function rotate(d: Direction, steps: number): Direction {
  return DIRECTIONS[(((directionIndex(d) + steps) % 6) + 6) % 6]!;
}

export function neighbour(h: Hex, d: Direction): Hex {
  const c = toCube(h);
  const o = DIRECTION_CUBES[directionIndex(d)]!;
  return fromCube({ x: c.x + o.x, y: c.y + o.y, z: c.z + o.z });
}

export function cubeDistance(a: Cube, b: Cube): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z));
}

/** Range: the fewest steps between two hexes; the same hex is range 0. */
export function distance(a: Hex, b: Hex): number {
  return cubeDistance(toCube(a), toCube(b));
}
