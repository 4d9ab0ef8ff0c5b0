/**
 * Movement rules on the terrain alone (rules-mini-combat.md §8.1–§8.4, §8.7):
 * movement points, what each kind of mover may enter and stop in, fording,
 * step costs and turns. Planning a path (§18.2) uses only these; carrying it
 * out (§8.6) adds contact, stacking and back-up on top of them.
 */
import { neighbour, onMap } from '../hex.ts';
import type { Direction, Hex, MapSize } from '../types.ts';
import { has, hasRoadBonus, isAirborne, maxTurns } from './capabilities.ts';
import { hexsideTurns } from './geometry.ts';
import { groundMayEnter, mayEndIn, terrainAt } from './terrain.ts';
import type { Element, MiniPosition, Terrain } from './types.ts';

/** Movement points (§8.1): 2 × (Movement ÷ 5). */
export const movementPoints = (e: Pick<Element, 'move'>): number => 2 * (e.move / 5);

/**
 * How an element moves (§8.2): `any` enters any hex and may end there
 * (airborne flier, Skimmer, Ethereal); `pass` passes through any hex but must
 * end where a ground element could (Jump jet, insubstantial); `ground` the rest.
 */
export type MoverKind = 'any' | 'pass' | 'ground';

export function moverKind(e: Pick<Element, 'special' | 'landed'>, insubstantial: boolean): MoverKind {
  if (isAirborne(e) || has(e, 'Sk') || has(e, 'Eth')) return 'any';
  if (has(e, 'JJ') || insubstantial) return 'pass';
  return 'ground';
}

/** Whether a mover may enter a hex of this terrain (§8.2). Water bound elements enter only water and river. */
export function mayEnter(e: Pick<Element, 'special' | 'landed' | 'type'>, t: Terrain, kind: MoverKind): boolean {
  if (has(e, 'WB')) return t === 'water' || t === 'river';
  return kind !== 'ground' || groundMayEnter(e, t);
}

/** Whether a mover may end its move in a hex of this terrain (§8.2, §8.6 back-up). */
export function mayStop(e: Pick<Element, 'special' | 'landed' | 'type'>, t: Terrain, kind: MoverKind): boolean {
  if (kind === 'any') return mayEndIn(e, t);
  return mayEnter(e, t, 'ground');
}

/** Whether an element must ford a river (§8.4): a ground mover that is not Amphibious, Submersible or Water bound. */
export const mustFord = (e: Pick<Element, 'special'>, kind: MoverKind): boolean =>
  kind === 'ground' && !has(e, 'Amph') && !has(e, 'Sub') && !has(e, 'WB');

/**
 * The cost of a step (§8.1, §8.3): 2 points, or 1 from a road hex into a road
 * hex for an element with the road bonus. Fording is §8.4's, not this.
 */
export function stepCost(e: Pick<Element, 'special' | 'type'>, from: Terrain, to: Terrain): number {
  return hasRoadBonus(e) && from === 'road' && to === 'road' ? 1 : 2;
}

/** Hexside turns along a move (§8.7): the facings f0, each step's direction, and `face` if given. */
export function turnsAlong(start: Direction, path: readonly Direction[], face: Direction | null): number {
  const facings = [start, ...path, ...(face === null ? [] : [face])];
  let turns = 0;
  for (let i = 1; i < facings.length; i++) turns += hexsideTurns(facings[i - 1]!, facings[i]!);
  return turns;
}

export type PathProblem = 'MOVE_OFF_MAP' | 'MOVE_TERRAIN' | 'MOVE_RIVER' | 'MOVE_TOO_FAR' | 'MOVE_TURNS';

export interface PlannedPath {
  /** Where the element would end (its start when a problem stops the plan). */
  readonly end: Hex;
  readonly problem: { readonly code: PathProblem; readonly message: string } | null;
}

/**
 * A planned path on the map's terrain alone (§18.2): other units, stacking
 * and enemies are ignored. The element moves as `kind` from `start` facing `facing`.
 */
export function planPath(
  p: Pick<MiniPosition, 'terrain'> & { readonly map: MapSize },
  e: Element,
  kind: MoverKind,
  start: Hex,
  facing: Direction,
  path: readonly Direction[],
  face: Direction | null,
): PlannedPath {
  let at = start;
  let points = movementPoints(e);
  let forded = false;
  const fail = (code: PathProblem, message: string): PlannedPath => ({ end: start, problem: { code, message } });
  for (let i = 0; i < path.length; i++) {
    const step = i + 1;
    if (forded) return fail('MOVE_RIVER', `step ${step}: fording a river ends the move (§8.4)`);
    const next = neighbour(at, path[i]!);
    if (!onMap(next, p.map)) return fail('MOVE_OFF_MAP', `step ${step} (${path[i]}) leaves the map`);
    const t = terrainAt(p, next);
    if (!mayEnter(e, t, kind))
      return fail('MOVE_TERRAIN', `step ${step} enters ${t}, which ${e.id} may not enter (§8.2)`);
    let cost = stepCost(e, terrainAt(p, at), t);
    if (t === 'river' && mustFord(e, kind)) {
      if (i > 0)
        return fail('MOVE_RIVER', `step ${step}: a river may be forded only with the first step of a path (§8.4)`);
      cost = Math.max(points, 2);
      forded = true;
    }
    if (cost > points)
      return fail(
        'MOVE_TOO_FAR',
        `step ${step} needs ${cost} movement points; ${e.id} has ${points} left of ${movementPoints(e)}`,
      );
    points -= cost;
    at = next;
  }
  if (kind === 'pass' && !mayStop(e, terrainAt(p, at), kind))
    return fail('MOVE_TERRAIN', `the path ends in ${terrainAt(p, at)}, where ${e.id} may not stop (§8.2)`);
  const limit = maxTurns(e);
  const turns = turnsAlong(facing, path, face);
  if (limit !== null && turns > limit)
    return fail('MOVE_TURNS', `${turns} hexside turns: ${e.id}'s manoeuvrability allows ${limit} a move (§8.7)`);
  return { end: at, problem: null };
}
