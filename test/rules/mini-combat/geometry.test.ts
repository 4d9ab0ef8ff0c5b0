/** rules-mini-combat.md §1 and §1.1: distances, ring order, the nearest legal hex, exact arcs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHex, neighbour } from '../../../src/rules/hex.ts';
import { DIRECTIONS, type Hex } from '../../../src/rules/types.ts';
import {
  FACING_VECTORS,
  hexDistance,
  hexsideTurns,
  inFrontArc,
  inRear,
  nearestLegalHex,
  planePoint,
  planeVector,
  rangeCm,
  ring,
  straightLine,
  walk,
} from '../../../src/rules/mini-combat/geometry.ts';
import { h } from './fixtures.ts';

/** Hexes on and around a 24 × 36 map, off-map ones included (the grid continues, §1). */
const anyHex = fc.record({ col: fc.integer({ min: -5, max: 30 }), row: fc.integer({ min: -5, max: 40 }) });
const names = (hs: Hex[]) => hs.map(formatHex);

describe('§1 distances', () => {
  it('"range in cm is 5 × the hex distance (same hex: range 0), plus 5 cm when the target is an airborne flier"', () => {
    expect(rangeCm(h('0505'), h('0505'), false)).toBe(0);
    expect(rangeCm(h('0505'), h('0505'), true)).toBe(5);
    expect(rangeCm(h('0505'), h('0508'), false)).toBe(15);
    expect(rangeCm(h('0505'), h('0508'), true)).toBe(20);
  });

  it('distance is symmetric, zero only on the same hex, and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(anyHex, anyHex, anyHex, (a, b, c) => {
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, b) === 0).toBe(a.col === b.col && a.row === b.row);
        expect(hexDistance(a, c)).toBeLessThanOrEqual(hexDistance(a, b) + hexDistance(b, c));
      }),
    );
  });
});

describe('§1.1 exact plane geometry', () => {
  it('"the six facing vectors are N (0, −2), NE (3, −1), SE (3, 1), S (0, 2), SW (−3, 1), NW (−3, −1)": each is the step to that neighbour, from odd and even columns, on and off the map', () => {
    fc.assert(
      fc.property(anyHex, fc.constantFrom(...DIRECTIONS), (a, d) => {
        expect(planeVector(a, neighbour(a, d))).toEqual(FACING_VECTORS[d]);
      }),
    );
  });

  it('"q = c, s = r − ⌊(c − 1) / 2⌋, X = 3q, Y = 2s + q"', () => {
    expect(planePoint(h('0101'))).toEqual({ x: 3, y: 3 });
    expect(planePoint(h('0201'))).toEqual({ x: 6, y: 4 });
    expect(planePoint({ col: 0, row: 1 })).toEqual({ x: 0, y: 4 }); // off the map: ⌊−1 / 2⌋ = −1
  });

  it('facing N: the hex straight ahead is in the front 90°; the NE neighbour (60° off) is not, but is in the front 180°', () => {
    const at = h('0505');
    expect(inFrontArc('N', at, neighbour(at, 'N'), 90)).toBe(true);
    expect(inFrontArc('N', at, neighbour(at, 'NE'), 90)).toBe(false);
    expect(inFrontArc('N', at, neighbour(at, 'NE'), 180)).toBe(true);
  });

  it('"the bounds of the front arcs are inclusive, the rear is strict": a hex exactly abeam is in the front 180° and not rear', () => {
    const at = h('0505');
    const abeam = walk(walk(at, 'NE', 1), 'SE', 1); // two columns east, same row: exactly at right angles to N
    expect(planeVector(at, abeam)).toEqual({ x: 6, y: 0 });
    expect(inFrontArc('N', at, abeam, 180)).toBe(true);
    expect(inRear('N', at, abeam)).toBe(false);
  });

  it('front 270°: a hex behind but within 45° of abeam (the SE neighbour, 120° off N) is in it; straight behind is not', () => {
    const at = h('0505');
    expect(inFrontArc('N', at, neighbour(at, 'SE'), 270)).toBe(true); // 120° off: inside the 135° of the front 270°
    expect(inFrontArc('N', at, neighbour(at, 'S'), 270)).toBe(false); // straight behind
    expect(inRear('N', at, neighbour(at, 'SE'))).toBe(true);
  });

  it('"v = 0 (the same hex) is in every front arc and is never rear"', () => {
    for (const d of DIRECTIONS) {
      for (const arc of [90, 180, 270] as const) expect(inFrontArc(d, h('0505'), h('0505'), arc)).toBe(true);
      expect(inRear(d, h('0505'), h('0505'))).toBe(false);
    }
  });

  it('for any other hex: front 90° ⊂ front 180° ⊂ front 270°, and rear is exactly "not front 180°"', () => {
    fc.assert(
      fc.property(anyHex, anyHex, fc.constantFrom(...DIRECTIONS), (a, b, d) => {
        fc.pre(hexDistance(a, b) > 0);
        const f90 = inFrontArc(d, a, b, 90);
        const f180 = inFrontArc(d, a, b, 180);
        const f270 = inFrontArc(d, a, b, 270);
        if (f90) expect(f180).toBe(true);
        if (f180) expect(f270).toBe(true);
        expect(inRear(d, a, b)).toBe(!f180);
      }),
    );
  });

  it('arcs turn with the facing: b is in the arc of a facing d exactly when its mirror image is (rotation by 60° maps the lattice to itself)', () => {
    // Rotating both the facing and the target one hexside clockwise keeps the answer.
    fc.assert(
      fc.property(
        fc.constantFrom(...DIRECTIONS),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...DIRECTIONS),
        (d, k, way) => {
          const at = h('1212');
          const target = walk(at, way, k);
          const i = DIRECTIONS.indexOf(way);
          const j = DIRECTIONS.indexOf(d);
          const rotated = walk(at, DIRECTIONS[(i + 1) % 6]!, k);
          for (const arc of [90, 180, 270] as const)
            expect(inFrontArc(DIRECTIONS[(j + 1) % 6]!, at, rotated, arc)).toBe(inFrontArc(d, at, target, arc));
        },
      ),
    );
  });
});

describe('§1 ring order', () => {
  it('"Ring 1 is therefore N, NE, SE, S, SW, NW"', () => {
    const at = h('0505');
    expect(names(ring(at, 1))).toEqual(names(DIRECTIONS.map((d) => neighbour(at, d))));
  });

  it('ring 0 is the hex itself; ring k starts k steps N and holds the 6k hexes at distance k, each once', () => {
    fc.assert(
      fc.property(anyHex, fc.integer({ min: 1, max: 6 }), (c, k) => {
        const r = ring(c, k);
        expect(r).toHaveLength(6 * k);
        expect(new Set(names(r)).size).toBe(6 * k);
        for (const x of r) expect(hexDistance(c, x)).toBe(k);
        expect(formatHex(r[0]!)).toBe(formatHex(walk(c, 'N', k)));
      }),
    );
    expect(names(ring(h('0505'), 0))).toEqual(['0505']);
  });

  it('ring 2 walks SE first: its second hex is one step SE of the start', () => {
    const r = ring(h('1010'), 2);
    expect(formatHex(r[1]!)).toBe(formatHex(neighbour(r[0]!, 'SE')));
  });
});

describe('§1 nearest legal hex', () => {
  const map = { width: 24, height: 36 };

  it('"the first hex, rings 0, 1, 2 … around P in ring order, that is on the map and legal"', () => {
    expect(formatHex(nearestLegalHex(h('0505'), map, () => true)!)).toBe('0505');
    const taken = new Set(['0505', '0504']);
    // Ring 1 in order N (0504, taken), NE: the next is the NE neighbour.
    expect(formatHex(nearestLegalHex(h('0505'), map, (x) => !taken.has(formatHex(x)))!)).toBe(
      formatHex(neighbour(h('0505'), 'NE')),
    );
  });

  it('"off the map, hexes continue the same grid": a point off the map finds the nearest map hex', () => {
    expect(formatHex(nearestLegalHex({ col: 0, row: 5 }, map, () => true)!)).toMatch(/^01/);
    expect(nearestLegalHex({ col: -3, row: -3 }, map, () => true)).not.toBeNull();
  });

  it('"if no hex of the map is legal the placement fails": null', () => {
    expect(nearestLegalHex(h('0505'), { width: 6, height: 6 }, () => false)).toBeNull();
  });

  it('finds any single legal hex of the map from any point, and nothing nearer', () => {
    fc.assert(
      fc.property(anyHex, fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 36 }), (p, col, row) => {
        const only = { col, row };
        const found = nearestLegalHex(p, map, (x) => x.col === col && x.row === row);
        expect(found).toEqual(only);
      }),
      { numRuns: 50 },
    );
  });
});

describe('straight lines and turns', () => {
  it('a hex on one of the six lines gives its direction and steps; others none (§10.9)', () => {
    expect(straightLine(h('0505'), walk(h('0505'), 'SE', 3))).toEqual({ direction: 'SE', steps: 3 });
    expect(straightLine(h('0505'), walk(walk(h('0505'), 'N', 1), 'NE', 1))).toBeNull();
    expect(straightLine(h('0505'), h('0505'))).toBeNull();
  });

  it('hexside turns between facings are 0 to 3 (§8.7)', () => {
    expect(hexsideTurns('N', 'N')).toBe(0);
    expect(hexsideTurns('N', 'NW')).toBe(1);
    expect(hexsideTurns('NE', 'SW')).toBe(3);
    expect(hexsideTurns('SE', 'N')).toBe(2);
  });
});
