/**
 * Line of sight (rules-tactical.md §6.3) in exact integer geometry.
 *
 * The frame: the hex with axial coordinates (q, r) — cube x and z of hex.ts —
 * has its centre at (3q, −(q + 2r)), x counted in half hex sides and y in half
 * hex heights, north up. Stretching the two axes by different factors keeps
 * straight lines straight and keeps which side of a line a point lies on, which
 * is all line of sight asks; in return every corner is an integer point, the
 * centre plus (±2, 0) or (±1, ±1). Around its centre c the closed hex is
 *   |y − c.y| ≤ 1,  |(x + y) − (c.x + c.y)| ≤ 2,  |(x − y) − (c.x − c.y)| ≤ 2.
 *
 * The shifted-segment ruling, hex by hex. Let S be the segment between the two
 * centres and L its line. For a hex H other than the two end hexes (the ends of
 * S are centres, so never on H):
 * - if S misses the closed hex, a small enough shift of S misses it too;
 * - if S passes through H's interior, so does any small enough shift of S;
 * - otherwise S only touches H's boundary (along an edge, or at a corner), and
 *   then all of H lies on one side of L: a shift to that side enters H next to
 *   the touching point, a shift to the other side never does.
 * So the left-shifted segment crosses H exactly when S meets the closed hex and
 * H has a corner strictly left of L; the right one, when S meets it and H has a
 * corner strictly right of L. "S meets the closed hex" is a separating-axis
 * test on four axes (L's normal and the hex's three edge normals), all integer.
 */
import type { Hex } from './types.ts';
import { cubeDistance, toCube } from './hex.ts';

/** Floor of a / b for integers, b > 0, without leaving integer arithmetic. */
function floorDiv(a: number, b: number): number {
  const rem = ((a % b) + b) % b;
  return (a - rem) / b;
}

const ceilDiv = (a: number, b: number): number => -floorDiv(-a, b);

/**
 * Calls `visit` for every hex (by axial q, r) other than the end hexes that the
 * segment between the two centres meets, saying whether the left- and the
 * right-shifted segment cross its interior (at least one of them always does).
 * Stops early when `visit` returns true. Only hexes near the segment are tried:
 * those in the columns it spans whose rows the line and its y-extent allow.
 */
function eachTouchedHex(
  qa: number,
  ra: number,
  qb: number,
  rb: number,
  visit: (q: number, r: number, left: boolean, right: boolean) => boolean,
): void {
  const ax = 3 * qa;
  const ay = -(qa + 2 * ra);
  const bx = 3 * qb;
  const by = -(qb + 2 * rb);
  const dx = bx - ax;
  const dy = by - ay;
  // side(p) = cross(d, p − a) > 0 left of the line. A hex's six corners have
  // side(centre) plus ±2dy, ±(dx − dy), ±(dx + dy); the largest offset is m.
  const m = Math.max(2 * Math.abs(dy), Math.abs(dx) + Math.abs(dy));
  const yLo = Math.min(ay, by);
  const yHi = Math.max(ay, by);
  const sumLo = Math.min(ax + ay, bx + by);
  const sumHi = Math.max(ax + ay, bx + by);
  const diffLo = Math.min(ax - ay, bx - by);
  const diffHi = Math.max(ax - ay, bx - by);
  const sign = dx > 0 ? 1 : -1;
  const step = 2 * Math.abs(dx);

  // Column q spans x from 3q − 2 to 3q + 2, so only the segment's own columns can meet it.
  for (let q = Math.min(qa, qb); q <= Math.max(qa, qb); q++) {
    // Rows whose y-extent [cy − 1, cy + 1], cy = −(q + 2r), meets [yLo, yHi].
    let rLo = ceilDiv(-q - yHi - 1, 2);
    let rHi = floorDiv(-q - yLo + 1, 2);
    if (dx !== 0) {
      // Rows with |side(centre)| ≤ m; side(centre) = −2·dx·r + k in this column.
      const k = sign * (dx * (-q - ay) - dy * (3 * q - ax));
      rLo = Math.max(rLo, ceilDiv(k - m, step));
      rHi = Math.min(rHi, floorDiv(k + m, step));
    }
    const cx = 3 * q;
    for (let r = rLo; r <= rHi; r++) {
      if ((q === qa && r === ra) || (q === qb && r === rb)) continue;
      const cy = -(q + 2 * r);
      if (cx + cy - 2 > sumHi || cx + cy + 2 < sumLo) continue;
      if (cx - cy - 2 > diffHi || cx - cy + 2 < diffLo) continue;
      const side = dx * (cy - ay) - dy * (cx - ax);
      if (side > m || side < -m) continue;
      if (visit(q, r, side + m > 0, side - m < 0)) return;
    }
  }
}

const hexOf = (q: number, r: number): Hex => ({ col: q + 1, row: r + (q - (q & 1)) / 2 + 1 });

interface Found {
  readonly hex: Hex;
  readonly range: number;
  /** How far along the segment the hex's centre lies (true Euclidean dot product, scaled). */
  readonly along: number;
}

function byDistance(a: Found, b: Found): number {
  return a.range - b.range || a.along - b.along || a.hex.col - b.hex.col || a.hex.row - b.hex.row;
}

/**
 * Hexes whose interior the segment between the two hex centres crosses,
 * excluding the two end hexes, once for the segment shifted an infinitesimal
 * amount to its left and once to its right (each sorted by distance from
 * `from`: range, then position along the segment). For a segment touching no
 * edge or corner both lists are the same. Hexes off the map's edge are listed
 * too (geometry knows no map); they never hold ships.
 */
export function hexesCrossed(from: Hex, to: Hex): { readonly left: readonly Hex[]; readonly right: readonly Hex[] } {
  const a = toCube(from);
  const b = toCube(to);
  const dx = 3 * (b.x - a.x);
  const dy = -(b.x + 2 * b.z) + (a.x + 2 * a.z);
  const left: Found[] = [];
  const right: Found[] = [];
  eachTouchedHex(a.x, a.z, b.x, b.z, (q, r, l, rt) => {
    // The true plane stretches y by √3 relative to x in this frame, hence the 3.
    const along = dx * (3 * q - 3 * a.x) + 3 * dy * (-(q + 2 * r) + (a.x + 2 * a.z));
    const found: Found = { hex: hexOf(q, r), range: cubeDistance(a, { x: q, y: -q - r, z: r }), along };
    if (l) left.push(found);
    if (rt) right.push(found);
    return false;
  });
  left.sort(byDistance);
  right.sort(byDistance);
  return { left: left.map((f) => f.hex), right: right.map((f) => f.hex) };
}

/**
 * Clear line of sight (§6.3): blocked only if BOTH shifted segments cross the
 * interior of a hex for which `occupied` is true. Ships in the firer's or
 * target's own hex never block.
 */
export function lineOfSight(from: Hex, to: Hex, occupied: (h: Hex) => boolean): boolean {
  const a = toCube(from);
  const b = toCube(to);
  let leftBlocked = false;
  let rightBlocked = false;
  eachTouchedHex(a.x, a.z, b.x, b.z, (q, r, l, rt) => {
    // Ask about a hex only if it could still change the answer.
    if ((l && !leftBlocked) || (rt && !rightBlocked)) {
      if (occupied(hexOf(q, r))) {
        leftBlocked ||= l;
        rightBlocked ||= rt;
      }
    }
    return leftBlocked && rightBlocked;
  });
  return !(leftBlocked && rightBlocked);
}
