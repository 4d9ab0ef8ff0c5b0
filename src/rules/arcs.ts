/**
 * Firing arcs (rules-tactical.md §6.2), the side a hit lands on (§6.5) and the
 * solo rules' Left/Right (rules-solo.md §2), all decided with integer comparisons.
 *
 * Why this is exact: relative to a ship, the cube coordinates (x, y, z) of a
 * target are linear in the target centre's position, and the lines through the
 * ship's centre where two of them are equal are exactly the hex spines at 30°,
 * 90° and 150° either side of N — the arc bounds. So the 60° wedge centred on a
 * neighbour direction D is the set of points whose coordinates are ordered the
 * way D's are: largest where D has +1, middle where D has 0, smallest where D
 * has −1 (for D = SE = (1, −1, 0): y ≤ z ≤ x). A tie is a point on a bound, and
 * bounds are inclusive. The six arcs F, FR, RR, R, RL, FL run clockwise like the
 * six directions, so arc j of a ship facing direction k is the wedge of
 * direction k + j.
 */
import { ARCS, type Arc, type Direction, type Hex } from './types.ts';
import { DIRECTION_CUBES, directionIndex, toCube } from './hex.ts';

/** A direction's wedge, as indices into [x, y, z]: where the direction has +1, 0 and −1. */
interface Wedge {
  readonly high: number;
  readonly middle: number;
  readonly low: number;
  /**
   * The sign of the middle coordinate on the right-hand side (clockwise of the
   * direction): the middle coordinate is 0 exactly on the line through the
   * ship along the direction, so its sign tells the two halves apart.
   */
  readonly rightSign: number;
}

const asArray = (c: { x: number; y: number; z: number }): readonly number[] => [c.x, c.y, c.z];

const WEDGES: readonly Wedge[] = DIRECTION_CUBES.map((cube, k) => {
  const d = asArray(cube);
  const clockwise = asArray(DIRECTION_CUBES[(k + 1) % 6]!);
  const middle = d.indexOf(0);
  return { high: d.indexOf(1), middle, low: d.indexOf(-1), rightSign: clockwise[middle]! };
});

/** Where `to` lies seen from `from`, in cube coordinates [x, y, z]. */
function relative(from: Hex, to: Hex): readonly number[] {
  const a = toCube(from);
  const b = toCube(to);
  return [b.x - a.x, b.y - a.y, b.z - a.z];
}

const isSame = (rel: readonly number[]): boolean => rel[0] === 0 && rel[1] === 0 && rel[2] === 0;

/** Whether the relative position lies in the closed 60° wedge of direction index `k`. */
function inWedge(rel: readonly number[], k: number): boolean {
  const w = WEDGES[k]!;
  const middle = rel[w.middle]!;
  return rel[w.high]! >= middle && middle >= rel[w.low]!;
}

/**
 * The arcs of a ship at `from` facing `facing` that contain `to`: one arc, or
 * two (in ARCS order) when `to` lies on a bound; all six when from == to.
 */
export function firingArcs(from: Hex, facing: Direction, to: Hex): readonly Arc[] {
  const rel = relative(from, to);
  if (isSame(rel)) return ARCS; // Ruling: a target in the same hex is in every arc.
  const k = directionIndex(facing);
  return ARCS.filter((_, j) => inWedge(rel, (k + j) % 6));
}

export function inArc(from: Hex, facing: Direction, to: Hex, arc: Arc): boolean {
  const rel = relative(from, to);
  if (isSame(rel)) return true;
  return inWedge(rel, (directionIndex(facing) + ARCS.indexOf(arc)) % 6);
}

export type Bearing = 'same' | 'ahead' | 'astern' | 'left' | 'right';

/**
 * Solo rules' Left/Right (rules-solo.md §2): left is −180° < θ < 0°, right
 * 0° < θ < 180°; θ = 0 'ahead', θ = 180 'astern', same hex 'same'.
 */
export function bearing(from: Hex, facing: Direction, to: Hex): Bearing {
  const rel = relative(from, to);
  if (isSame(rel)) return 'same';
  const w = WEDGES[directionIndex(facing)]!;
  const across = rel[w.middle]!;
  // On the facing line the position is t × D, so the +1 coordinate is t itself.
  if (across === 0) return rel[w.high]! > 0 ? 'ahead' : 'astern';
  return across * w.rightSign > 0 ? 'right' : 'left';
}

/** How near the front each side is, for the §6.5 ruling on bounds. */
const FRONTNESS: Readonly<Record<Arc, number>> = { F: 0, FL: 1, FR: 1, RL: 2, RR: 2, R: 3 };

/**
 * The side of the target facing the firer (§6.5): the target's arc containing
 * the firer's hex; on a bound the side nearer the front (F before FL/FR before
 * RL/RR before R); same hex → 'F'.
 */
export function sideFacing(target: Hex, targetFacing: Direction, firer: Hex): Arc {
  // firingArcs gives F for the same hex first, and the two arcs of a bound are
  // neighbours, so they never tie on frontness (FL and FR are never both hit).
  let side: Arc = 'R';
  for (const arc of firingArcs(target, targetFacing, firer)) {
    if (FRONTNESS[arc] < FRONTNESS[side]) side = arc;
  }
  return side;
}
