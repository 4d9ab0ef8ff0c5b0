/**
 * Victory points and objectives (rules-mini-combat.md §20.1, §20.3): what a
 * unit is worth, what a side has scored, who controls each objective. Worked
 * out from the state each time, so healing can undo half points.
 */
import { has } from './capabilities.ts';
import { elementCost } from './cost.ts';
import { hexDistance } from './geometry.ts';
import type { Element, MiniPosition, Unit } from './types.ts';
import type { Hex } from '../types.ts';

/** An element's victory-point value: its cost, halved (rounded down) for a One shot element whose shot is used. */
export function elementValue(e: Element): number {
  const cost = elementCost(e).cost;
  return has(e, 'OS') && e.shotUsed ? Math.floor(cost / 2) : cost;
}

/** A unit's value (§20.1). */
export const unitValue = (u: Unit): number => u.elements.reduce((s, e) => s + elementValue(e), 0);

/** In play: `active`, `carried` or `reserve`. */
export const inPlay = (e: Element): boolean =>
  e.status === 'active' || e.status === 'carried' || e.status === 'reserve';

/** A unit is gone when none of its elements is in play (§20.1). */
export const isGone = (u: Unit): boolean => !u.elements.some(inPlay);

/** Half its size, rounded up (§16, §20.1). */
export const halfSize = (u: Unit): number => Math.ceil(u.elements.length / 2);

export const destroyedCount = (u: Unit): number => u.elements.filter((e) => e.status === 'destroyed').length;

/** What a unit gives the enemy (§20.1): full value if gone, half (down) if it lost half its elements, else 0. */
export function unitScore(u: Unit): number {
  if (isGone(u)) return unitValue(u);
  if (destroyedCount(u) >= halfSize(u)) return Math.floor(unitValue(u) / 2);
  return 0;
}

/** Each side's score: the sum over the enemy's units (§20.1). */
export function scores(p: Pick<MiniPosition, 'sides' | 'units'>): Record<string, number> {
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const side of p.sides) {
    out[side] = p.units.filter((u) => u.side !== side).reduce((s, u) => s + unitScore(u), 0);
  }
  return out;
}

/** Objective control is measured within this many hexes (10 cm, §20.3). */
export const CONTROL_HEXES = 2;

/** A side, `"contested"`, or null (§20.3, §22.2). */
export type Control = string | null;

/**
 * Who controls an objective (§20.3): the one side with `active` elements
 * within 2 hexes; `contested` with both; null with neither. Hidden, submerged
 * and insubstantial elements count (they are there); carried and reserve ones
 * do not.
 */
export function controlOf(p: Pick<MiniPosition, 'units'>, objective: Hex): Control {
  const near = new Set<string>();
  for (const u of p.units) {
    for (const e of u.elements) {
      if (e.status === 'active' && e.hex !== null && hexDistance(e.hex, objective) <= CONTROL_HEXES) near.add(u.side);
    }
  }
  if (near.size > 1) return 'contested';
  return near.size === 1 ? [...near][0]! : null;
}

/** The battle's objectives and their control; none in a standard battle. */
export function objectives(p: Pick<MiniPosition, 'units' | 'battle'>): { hex: Hex; control: Control }[] {
  if (p.battle.type !== 'defensive') return [];
  return p.battle.objectives.map((hex) => ({ hex, control: controlOf(p, hex) }));
}
