/** rules-strategic.md §1 (ships' strategic values) and §5 (paths and the shortest-path tie rule). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, formatHex, neighbour } from '../../../src/rules/hex.ts';
import { followPath, shortestPath } from '../../../src/rules/strategic/paths.ts';
import {
  checkStrategicShip,
  defensiveBp,
  fleetReach,
  offensiveBp,
  shipCost,
} from '../../../src/rules/strategic/ships.ts';
import { fleet, h, HEAVY, LINE, SCOUT, ship, SLOW } from './fixtures.ts';

describe('§1 ships', () => {
  it('"offensive BP = 2 × weapons + TO-HIT … defensive BP = SHIELDS, and ENGINE"', () => {
    expect(offensiveBp(ship('a', LINE))).toBe(9);
    expect(offensiveBp(ship('a', HEAVY))).toBe(13);
    expect(defensiveBp(ship('a', HEAVY))).toBe(5);
    expect(shipCost(ship('a', SCOUT))).toBe(10);
  });

  it('"Ships are designed by the tactical rules and cost exactly 10, 15 or 20 BP"', () => {
    expect(checkStrategicShip(ship('ok', LINE))).toEqual([]);
    const twelve = checkStrategicShip({ id: 'x', engine: 4, shields: 3, toHit: 3, weapons: ['F'] });
    expect(twelve.map((e) => e.code)).toEqual(['DESIGN_SIZE']);
    expect(
      checkStrategicShip({ id: 'x', engine: 3, shields: 3, toHit: 3, weapons: ['R' as 'F'] }).length,
    ).toBeGreaterThan(0);
  });

  it('"Ship ids are 1–12 letters or digits"', () => {
    expect(checkStrategicShip(ship('abcdefghijklm')).map((e) => e.code)).toContain('SHIP_ID');
    expect(checkStrategicShip(ship('a-b')).map((e) => e.code)).toContain('SHIP_ID');
  });
});

describe('§5 movement reach and paths', () => {
  it('"each fleet … may move up to the lowest ENGINE among its ships"', () => {
    expect(fleetReach(fleet({ id: 'F', side: 'blue', hex: '0101', ships: [ship('a', SCOUT), ship('b', LINE)] }))).toBe(
      3,
    );
    expect(fleetReach(fleet({ id: 'F', side: 'blue', hex: '0101', ships: [ship('a', SCOUT), ship('b', SLOW)] }))).toBe(
      1,
    );
  });

  it('"A path that leaves the map … is rejected"', () => {
    const r = followPath(h('0101'), ['S', 'N', 'N'], { width: 10, height: 10 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('PATH_OFF_MAP');
  });

  it('"ties broken by trying directions in the order N, NE, SE, S, SW, NW at each step"', () => {
    // From 0505 to 0705 both NE,SE and SE,NE are shortest: NE is tried first.
    const map = { width: 20, height: 20 };
    expect(shortestPath(h('0505'), h('0705'), map)).toEqual(['NE', 'SE']);
    // Straight south: S is the only step that gets nearer.
    expect(shortestPath(h('0505'), h('0508'), map)).toEqual(['S', 'S', 'S']);
    // From 0505 to 0403, N and NW both get nearer at the first step: N is taken.
    expect(shortestPath(h('0505'), h('0403'), map)[0]).toBe('N');
  });

  it('a shortest path is as long as the distance and stays on the map, whatever the two hexes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        fc.nat(),
        (w, hh, s1, s2) => {
          const a = { col: (s1 % w) + 1, row: (Math.floor(s1 / w) % hh) + 1 };
          const b = { col: (s2 % w) + 1, row: (Math.floor(s2 / w) % hh) + 1 };
          const map = { width: w, height: hh };
          const path = shortestPath(a, b, map);
          const walked = followPath(a, path, map);
          expect(walked.ok).toBe(true);
          expect(path.length).toBe(distance(a, b));
          const end = path.reduce((at, d) => neighbour(at, d), a);
          expect(formatHex(end)).toBe(formatHex(b));
        },
      ),
      { numRuns: 500 },
    );
  });
});
