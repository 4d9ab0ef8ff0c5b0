/**
 * The hexes a template covers (rules-mini-combat.md §1, §10.8, §10.9).
 * Templates are named by their size across: a 5 cm blast is the aimed hex, a
 * 10 cm blast or a Bombardment the aimed hex and its six neighbours, in ring
 * order; a cone (10 cm by 3 cm) is two hexes along one of the six straight
 * hex lines from the attacker, slid out by up to its Range.
 */
import type { Hex } from '../types.ts';
import type { Template } from './capabilities.ts';
import { rangeCm, ring, straightLine, walk } from './geometry.ts';

export type BlastTemplate = Exclude<Template, 'Cone'>;

/** A blast template's hexes in ring order (§10.8): `5c` the aimed hex; `10c` and `Bmb` it and its ring 1. */
export function blastHexes(t: BlastTemplate, aim: Hex): Hex[] {
  return t === '5c' ? [aim] : [...ring(aim, 0), ...ring(aim, 1)];
}

/**
 * A cone's hexes, nearer first (§10.9), or null when the target is out of the
 * cone's reach. With t the hex distance to the target and n = Range ÷ 5, the
 * target is within reach when it lies on a straight line from the attacker,
 * t ≥ 1, and the range to it (plus 5 cm for an airborne flier) is at most
 * Range + 10 cm; the cone then covers the hexes s and s + 1 steps along the
 * line, s = min(t, n + 1).
 */
export function coneHexes(from: Hex, to: Hex, range: number, targetAirborne: boolean): Hex[] | null {
  const line = straightLine(from, to);
  if (line === null || rangeCm(from, to, targetAirborne) > range + 10) return null;
  const s = Math.min(line.steps, range / 5 + 1);
  return [walk(from, line.direction, s), walk(from, line.direction, s + 1)];
}
