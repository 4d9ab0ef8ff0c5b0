/**
 * Mini Combat's exact geometry (rules-mini-combat.md §1, §1.1): distances,
 * ring order, the nearest legal hex, straight lines and the fire arcs, all in
 * integers. Hex names, neighbours and the hex distance are the tactical ones
 * (src/rules/hex.ts); this file adds what Mini Combat needs on top of them.
 */
import { distance, neighbour } from '../hex.ts';
import { DIRECTIONS, type Direction, type Hex, type MapSize } from '../types.ts';

/** A point of the §1.1 plane: X = 3q, Y = 2s + q, with q = c and s = r − ⌊(c − 1) / 2⌋. */
export interface PlaneVector {
  readonly x: number;
  readonly y: number;
}

/** The plane point of a hex's centre (§1.1); works off the map too. */
export function planePoint(h: Hex): PlaneVector {
  const q = h.col;
  const s = h.row - Math.floor((h.col - 1) / 2);
  return { x: 3 * q, y: 2 * s + q };
}

/** The vector from one hex's centre to another's. */
export function planeVector(from: Hex, to: Hex): PlaneVector {
  const a = planePoint(from);
  const b = planePoint(to);
  return { x: b.x - a.x, y: b.y - a.y };
}

/** Proportional to the true dot product: the plane's Y unit is √3 times shorter than its X unit (§1.1). */
export const dot = (u: PlaneVector, v: PlaneVector): number => u.x * v.x + 3 * u.y * v.y;

/** The six facing vectors (§1.1), in DIRECTIONS order. */
export const FACING_VECTORS: Readonly<Record<Direction, PlaneVector>> = {
  N: { x: 0, y: -2 },
  NE: { x: 3, y: -1 },
  SE: { x: 3, y: 1 },
  S: { x: 0, y: 2 },
  SW: { x: -3, y: 1 },
  NW: { x: -3, y: -1 },
};

/** The front arcs of §1.1, by their width in degrees. */
export type FrontArc = 90 | 180 | 270;

/**
 * Whether `to` lies in the front arc of an element in `from` facing `facing`
 * (§1.1). The bounds are inclusive; the same hex is in every front arc.
 */
export function inFrontArc(facing: Direction, from: Hex, to: Hex, arc: FrontArc): boolean {
  const v = planeVector(from, to);
  if (v.x === 0 && v.y === 0) return true;
  const f = FACING_VECTORS[facing];
  const fv = dot(f, v);
  const cross = dot(f, f) * dot(v, v);
  if (arc === 180) return fv >= 0;
  if (arc === 90) return fv >= 0 && 2 * fv * fv >= cross;
  return fv >= 0 || 2 * fv * fv <= cross;
}

/** Whether `to` lies in the rear 180° of an element in `from` facing `facing` (§1.1): strictly behind. */
export function inRear(facing: Direction, from: Hex, to: Hex): boolean {
  return dot(FACING_VECTORS[facing], planeVector(from, to)) < 0;
}

/** Hex distance (§1): the tactical one. */
export const hexDistance = distance;

/** Range in cm (§1, §10.1): 5 × the hex distance, plus 5 cm when the target is an airborne flier. */
export function rangeCm(from: Hex, to: Hex, targetAirborne: boolean): number {
  return 5 * distance(from, to) + (targetAirborne ? 5 : 0);
}

/** The hex `steps` steps from `h` in direction `d` (off the map too). */
export function walk(h: Hex, d: Direction, steps: number): Hex {
  let at = h;
  for (let i = 0; i < steps; i++) at = neighbour(at, d);
  return at;
}

/** The walk around a ring (§1): from the hex k steps N, k steps each of these. */
const RING_WALK: readonly Direction[] = ['SE', 'S', 'SW', 'NW', 'N', 'NE'];

/**
 * Ring k around a hex in ring order (§1): ring 0 is the hex itself; ring k ≥ 1
 * starts at the hex k steps N of the centre and walks k steps each SE, S, SW,
 * NW, N, NE, listing the start and each hex entered but the last.
 */
export function ring(centre: Hex, k: number): Hex[] {
  if (k === 0) return [centre];
  const out: Hex[] = [];
  let at = walk(centre, 'N', k);
  for (const d of RING_WALK) {
    for (let i = 0; i < k; i++) {
      out.push(at);
      at = neighbour(at, d);
    }
  }
  return out;
}

/** The hexes of the four corners of a map, the farthest any map hex can be from a point, give or take. */
function farthestOnMap(p: Hex, map: MapSize): number {
  const corners: Hex[] = [
    { col: 1, row: 1 },
    { col: map.width, row: 1 },
    { col: 1, row: map.height },
    { col: map.width, row: map.height },
  ];
  // The zigzag of offset columns can put a hex one step beyond the corners' distance; two is safe.
  return Math.max(...corners.map((c) => distance(p, c))) + 2;
}

const onTheMap = (h: Hex, map: MapSize): boolean =>
  h.col >= 1 && h.row >= 1 && h.col <= map.width && h.row <= map.height;

/**
 * The nearest legal hex to a point (§1): the first hex, rings 0, 1, 2 … around
 * `point` in ring order, that is on the map and `legal`; null when no hex of
 * the map is. The point itself may be off the map.
 */
export function nearestLegalHex(point: Hex, map: MapSize, legal: (h: Hex) => boolean): Hex | null {
  const last = farthestOnMap(point, map);
  for (let k = 0; k <= last; k++) {
    for (const h of ring(point, k)) if (onTheMap(h, map) && legal(h)) return h;
  }
  return null;
}

/**
 * The direction and number of steps of a straight hex line from `from` to
 * `to` (§10.9), or null when `to` is not on one of the six lines (or is `from`).
 */
export function straightLine(from: Hex, to: Hex): { direction: Direction; steps: number } | null {
  const n = distance(from, to);
  if (n === 0) return null;
  for (const d of DIRECTIONS) {
    const h = walk(from, d, n);
    if (h.col === to.col && h.row === to.row) return { direction: d, steps: n };
  }
  return null;
}

/** Hexside turns between two facings (§8.7): 0 to 3. */
export function hexsideTurns(a: Direction, b: Direction): number {
  const d = Math.abs(DIRECTIONS.indexOf(a) - DIRECTIONS.indexOf(b));
  return Math.min(d, 6 - d);
}
