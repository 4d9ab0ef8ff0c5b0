/**
 * Ready designs and forces for Mini Combat (rules-mini-combat.md §21, §23):
 * the sample battle's designs (§23) — line infantry and its leader, tanks,
 * mortars for artillery, scouts, paratroops, a gunship, medics, warriors and
 * their chief — that a side starts its army list from, the units the default
 * force is made of, and the default force itself: what a side that has not
 * set up by the deadline fights with (§21). Pure data and arithmetic.
 */
import { elementCost } from './cost.ts';
import type { ElementDesign, ElementType } from './types.ts';

/** A design of the library: its name as a DESIGN line spells it, what it is for, and its stats. */
export interface LibraryDesign {
  readonly name: string;
  readonly role: string;
  readonly design: ElementDesign;
}

const design = (
  type: ElementType,
  [move, range, toHit, save, power, armor, morale]: readonly [number, number, number, number, number, number, number],
  special: readonly string[] = [],
  command = false,
): ElementDesign => ({ type, command, move, range, toHit, save, power, armor, morale, special });

/** §23's designs, in its table's order (`–` is no save: 7). */
export const LIBRARY_DESIGNS: readonly LibraryDesign[] = [
  { name: 'Rifle', role: 'line infantry', design: design('infantry', [10, 30, 4, 6, 2, 2, 4]) },
  { name: 'Leader', role: 'command infantry', design: design('infantry', [10, 30, 3, 6, 2, 2, 3], [], true) },
  { name: 'Tank', role: 'tank', design: design('vehicle', [20, 50, 4, 5, 5, 5, 4], ['RdFA']) },
  {
    name: 'Mortar',
    role: 'artillery (indirect fire)',
    design: design('infantry', [5, 60, 5, 6, 3, 1, 4], ['IF', '5c']),
  },
  { name: 'Scout', role: 'scouts (hidden)', design: design('infantry', [15, 20, 4, 5, 1, 1, 3], ['Sc', 'Rec']) },
  { name: 'Para', role: 'paratroops (drop)', design: design('infantry', [10, 20, 4, 6, 2, 2, 3], ['DrpS']) },
  { name: 'Gunship', role: 'flying gunship', design: design('vehicle', [30, 40, 4, 5, 4, 3, 3], ['Fly', 'SS']) },
  { name: 'Medic', role: 'medics (heal)', design: design('infantry', [10, 10, 6, 6, 1, 1, 4], ['Heal4']) },
  { name: 'Warrior', role: 'melee infantry', design: design('infantry', [10, 0, 4, 7, 3, 2, 4], ['Ch']) },
  { name: 'Chief', role: 'melee command', design: design('infantry', [10, 0, 3, 6, 3, 2, 3], ['Ch'], true) },
];

/** A design of the library by name. */
export function libraryDesign(name: string): LibraryDesign {
  const d = LIBRARY_DESIGNS.find((x) => x.name === name);
  if (d === undefined) throw new Error(`no library design ${name}`);
  return d;
}

/** A unit of the default force: its designs with counts, in element order. */
export interface LibraryUnit {
  readonly name: string;
  readonly parts: readonly { readonly design: string; readonly count: number }[];
}

/** The units a default force is made of, in the order it takes them. */
export const DEFAULT_UNITS: readonly LibraryUnit[] = [
  {
    name: 'infantry platoon',
    parts: [
      { design: 'Rifle', count: 5 },
      { design: 'Leader', count: 1 },
    ],
  },
  { name: 'tank troop', parts: [{ design: 'Tank', count: 3 }] },
  {
    name: 'infantry platoon',
    parts: [
      { design: 'Rifle', count: 5 },
      { design: 'Leader', count: 1 },
    ],
  },
  { name: 'mortar section', parts: [{ design: 'Mortar', count: 2 }] },
];

/** A unit's cost (§11): its elements' costs. */
export const libraryUnitCost = (u: LibraryUnit): number =>
  u.parts.reduce((s, p) => s + elementCost(libraryDesign(p.design).design).cost * p.count, 0);

/**
 * The default force for a side's points (§21, Ruling): `DEFAULT_UNITS` taken in turn, round after round; a unit
 * that would go over the points is passed over, and the force is complete when none fits any more.
 */
export function defaultForce(points: number): LibraryUnit[] {
  const force: LibraryUnit[] = [];
  let spent = 0;
  for (;;) {
    let added = false;
    for (const u of DEFAULT_UNITS) {
      const cost = libraryUnitCost(u);
      if (spent + cost > points) continue;
      force.push(u);
      spent += cost;
      added = true;
    }
    if (!added) return force;
  }
}
