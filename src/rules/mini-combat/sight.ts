/**
 * Line of sight and seeing (rules-mini-combat.md §9.1, §9.2).
 *
 * LOS is the tactical exact segment shifted to either side (src/rules/los.ts,
 * `hexesCrossed`), with terrain as the blocker instead of ships. Seeing is
 * not LOS: both players see the whole table, so only Scout, Stealth,
 * submerged, insubstantial, carried and reserve elements are hidden.
 */
import { hexesCrossed } from '../los.ts';
import { sameHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import { denies, has, isAirborne } from './capabilities.ts';
import { hexDistance } from './geometry.ts';
import { TERRAIN_RULES, terrainAt } from './terrain.ts';
import type { Element, MiniPosition } from './types.ts';

/**
 * Whether one shifted segment is blocked (§9.1): among the hexes it crosses
 * (end hexes excluded) any building or urban hex; any hill hex unless an end
 * is on a hill; or two or more forest hexes.
 */
function segmentBlocked(p: Pick<MiniPosition, 'terrain'>, crossed: readonly Hex[], endOnHill: boolean): boolean {
  let forests = 0;
  for (const h of crossed) {
    const effect = TERRAIN_RULES[terrainAt(p, h)].los;
    if (effect === 'blocks') return true;
    if (effect === 'hill' && !endOnHill) return true;
    if (effect === 'forest') forests += 1;
  }
  return forests >= 2;
}

/**
 * Line of sight between two hexes by terrain (§9.1): blocked only if both
 * shifted segments are blocked. The same hex always has LOS; end hexes never
 * block; LOS to or from an airborne flier is never blocked (say so with
 * `airborneEnd`).
 */
export function lineOfSight(p: Pick<MiniPosition, 'terrain'>, from: Hex, to: Hex, airborneEnd = false): boolean {
  if (airborneEnd || sameHex(from, to)) return true;
  const endOnHill = terrainAt(p, from) === 'hill' || terrainAt(p, to) === 'hill';
  const { left, right } = hexesCrossed(from, to);
  return !(segmentBlocked(p, left, endOnHill) && segmentBlocked(p, right, endOnHill));
}

/** LOS between two elements: the terrain between their hexes, never blocked for an airborne flier (§9.1). */
export function elementsHaveLos(p: Pick<MiniPosition, 'terrain'>, a: Element, b: Element): boolean {
  if (a.hex === null || b.hex === null) return false;
  return lineOfSight(p, a.hex, b.hex, isAirborne(a) || isAirborne(b));
}

/**
 * What seeing needs to know of the moment (§9.2, §9.3): whose attacks this
 * turn reveal Stealth elements, and which elements are insubstantial now.
 */
export interface SightContext {
  /** A Stealth element that attacked in this turn is seen by everyone (between turns: the turn just resolved). */
  readonly attackTurn: number;
  /** Ids of the elements insubstantial this turn (§12.1). */
  readonly insubstantial: ReadonlySet<string>;
}

/** No turn in progress and nobody insubstantial: the position as stored between turns. */
export const betweenTurns = (p: Pick<MiniPosition, 'turn'>): SightContext => ({
  attackTurn: p.turn - 1,
  insubstantial: new Set(),
});

/**
 * Whether element Y could be seen at all right now (§9.2, first half): it is
 * `active`, not a hidden Scout, not submerged and not insubstantial.
 */
export function isVisibleKind(y: Element, ctx: SightContext): boolean {
  return y.status === 'active' && !y.hidden && !y.submerged && !ctx.insubstantial.has(y.id);
}

/** Hexes: the ranges of §9.2 and §12.4 in whole hexes. */
export const STEALTH_HEXES = 5;

/**
 * Whether X can see the enemy element Y (§9.2). Only an active X sees (carried
 * and reserve elements see nothing). A Stealth Y is seen only if it attacked
 * this turn, is within 5 hexes of X, or X denies Stealth and Y is within the
 * Deny Stealth range of X.
 */
export function canSee(p: Pick<MiniPosition, 'options'>, x: Element, y: Element, ctx: SightContext): boolean {
  if (x.status !== 'active' || x.hex === null) return false;
  if (!isVisibleKind(y, ctx) || y.hex === null) return false;
  if (!has(y, 'St')) return true;
  if (y.firedTurn !== null && y.firedTurn === ctx.attackTurn) return true;
  const d = hexDistance(x.hex, y.hex);
  if (d <= STEALTH_HEXES) return true;
  return denies(x, 'St') && d <= Math.floor(p.options.denyStealthRange / 5);
}

/** Whether a side sees Y (§9.2): any of its active elements can see Y. */
export function sideSees(
  p: Pick<MiniPosition, 'options' | 'units'>,
  side: string,
  y: Element,
  ctx: SightContext,
): boolean {
  for (const u of p.units) {
    if (u.side !== side) continue;
    for (const x of u.elements) if (canSee(p, x, y, ctx)) return true;
  }
  return false;
}
