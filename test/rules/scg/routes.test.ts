/**
 * §8.4 routes: the fast search of movement.ts against the rule written out
 * directly (R, m, G, then the first direction one step nearer), on random
 * boards, units and aims.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Field, isOpen, type LiveUnit } from '../../../src/rules/scg/board.ts';
import { routeToward } from '../../../src/rules/scg/movement.ts';
import { distance, neighbour } from '../../../src/rules/hex.ts';
import { DIRECTIONS, type Hex } from '../../../src/rules/types.ts';
import type { ScgState } from '../../../src/rules/scg/types.ts';

const key = (h: Hex) => `${h.col},${h.row}`;

/** rules-scg.md §8.4 as written. */
function reference(field: Field, u: LiveUnit, aim: Hex, n: number): Hex[] {
  const taken = new Set(field.units.filter((x) => x.status === 'active' && x !== u).map((x) => key(x.hex)));
  const enterable = (h: Hex) => isOpen(field.terrain, h) && !taken.has(key(h));
  const reach = [u.hex];
  const inR = new Set([key(u.hex)]);
  for (let i = 0; i < reach.length; i++)
    for (const d of DIRECTIONS) {
      const nb = neighbour(reach[i]!, d);
      if (!inR.has(key(nb)) && enterable(nb)) {
        inR.add(key(nb));
        reach.push(nb);
      }
    }
  const m = Math.min(...reach.map((h) => Math.max(n, distance(h, aim))));
  const goal = reach.filter((h) => distance(h, aim) <= m);
  if (goal.some((h) => key(h) === key(u.hex))) return [];
  const steps = new Map(goal.map((h) => [key(h), 0]));
  const queue = [...goal];
  for (let i = 0; i < queue.length; i++)
    for (const d of DIRECTIONS) {
      const nb = neighbour(queue[i]!, d);
      if (inR.has(key(nb)) && !steps.has(key(nb))) {
        steps.set(key(nb), steps.get(key(queue[i]!))! + 1);
        queue.push(nb);
      }
    }
  const route: Hex[] = [];
  let at = u.hex;
  while (steps.get(key(at))! > 0) {
    const next = DIRECTIONS.map((d) => neighbour(at, d)).find((nb) => steps.get(key(nb)) === steps.get(key(at))! - 1)!;
    route.push(next);
    at = next;
  }
  return route;
}

describe('§8.4 routes', () => {
  it('the search gives the route the rule defines, on random boards', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 2, maxLength: 12 }),
        fc.tuple(fc.nat(), fc.nat()),
        fc.integer({ min: 0, max: 4 }),
        (w, hgt, blocks, places, [ac, ar], n) => {
          const at = ([c, r]: [number, number]): Hex => ({ col: 1 + (c % w), row: 1 + (r % hgt) });
          const impassable = [...new Map(blocks.map((b) => [key(at(b)), at(b)])).values()];
          const blocked = new Set(impassable.map(key));
          const spots = [...new Map(places.map((p) => [key(at(p)), at(p)])).values()].filter(
            (h) => !blocked.has(key(h)),
          );
          if (spots.length < 1) return;
          const state: ScgState = {
            map: { width: w, height: hgt, impassable },
            turn: 1,
            turnLimit: null,
            rangeScale: 1,
            sides: ['west', 'east'],
            unitTypes: {},
            weaponTypes: {},
            units: spots.map((hex, i) => ({
              id: `U${i}`,
              side: i % 2 ? 'east' : 'west',
              type: 'light-tank',
              hex,
              damage: 0,
              status: 'active',
            })),
            conceded: [],
          };
          const field = new Field(state);
          const aim = at([ac, ar]);
          for (const u of field.units) expect(routeToward(field, u, aim, n)).toEqual(reference(field, u, aim, n));
        },
      ),
      { numRuns: 400 },
    );
  });
});
