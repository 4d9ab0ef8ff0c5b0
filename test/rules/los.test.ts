/**
 * rules-tactical.md §6.3 "Line of sight", one test per sentence, plus properties and a
 * cross-check against an independent floating-point reference.
 *
 * The reference (test only) works in the true plane (hex side 1, √3 and all): it shifts
 * the segment by a small ε to each side and clips it against every hexagon of the map
 * (Cyrus–Beck), counting a hex as crossed when the clipped piece is longer than a hair.
 * ε = 1e-7 is far below the closest a segment between centres can pass a corner without
 * touching it (about 1/100 of a side on these maps) and far above rounding error (1e-13),
 * so for these pairs the reference and the exact code must agree hex for hex. A second,
 * cruder reference samples points along each shifted segment: every hex it lands in must
 * be listed (sampling can miss a sliver near a corner, so that check is one-way).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexesCrossed, lineOfSight } from '../../src/rules/los.ts';
import { distance, formatHex, fromCube, neighbour, parseHex, toCube } from '../../src/rules/hex.ts';
import { DIRECTIONS, type Hex } from '../../src/rules/types.ts';

const h = (name: string): Hex => {
  const parsed = parseHex(name);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const names = (hexes: readonly Hex[]): string[] => hexes.map(formatHex);
const sorted = (hexes: readonly Hex[]): string[] => names(hexes).sort();
const occupiedBy =
  (...ships: string[]) =>
  (x: Hex): boolean =>
    ships.includes(formatHex(x));
const nobody = (): boolean => false;

const hexIn = (max: number): fc.Arbitrary<Hex> =>
  fc.record({ col: fc.integer({ min: 1, max }), row: fc.integer({ min: 1, max }) });

// ---- the floating-point reference ----------------------------------------------------

const SQRT3 = Math.sqrt(3);
type Point = readonly [number, number];
/** Centre in the true plane, y up (north), hex side 1. */
const centre = (x: Hex): Point => [1.5 * x.col, -SQRT3 * (x.row + (x.col % 2 === 0 ? 0.5 : 0))];
const CORNERS: readonly Point[] = [0, 1, 2, 3, 4, 5].map((k) => [
  Math.cos((k * Math.PI) / 3),
  Math.sin((k * Math.PI) / 3),
]);

/** Length of the part of segment p0–p1 inside the open hexagon around c (Cyrus–Beck clipping). */
function clippedLength(p0: Point, p1: Point, c: Point): number {
  const dir: Point = [p1[0] - p0[0], p1[1] - p0[1]];
  let enter = 0;
  let exit = 1;
  for (let k = 0; k < 6; k++) {
    const v = CORNERS[k]!;
    const w = CORNERS[(k + 1) % 6]!;
    // Corners run counter-clockwise, so the outward normal of edge v→w is (e.y, −e.x).
    const normal: Point = [w[1] - v[1], -(w[0] - v[0])];
    const num = normal[0] * (p0[0] - c[0] - v[0]) + normal[1] * (p0[1] - c[1] - v[1]);
    const den = normal[0] * dir[0] + normal[1] * dir[1];
    if (den === 0) {
      if (num >= 0) return 0;
    } else if (den < 0) {
      enter = Math.max(enter, -num / den);
    } else {
      exit = Math.min(exit, -num / den);
    }
  }
  return Math.max(0, exit - enter) * Math.hypot(dir[0], dir[1]);
}

/** The segment between the centres, shifted by ε to its left (+1) or right (−1). */
function shifted(from: Hex, to: Hex, side: 1 | -1, eps = 1e-7): [Point, Point] {
  const a = centre(from);
  const b = centre(to);
  // A segment from a centre to itself has no sides: leave it where it is.
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || Infinity;
  const n: Point = [(-(b[1] - a[1]) / len) * eps * side, ((b[0] - a[0]) / len) * eps * side];
  return [
    [a[0] + n[0], a[1] + n[1]],
    [b[0] + n[0], b[1] + n[1]],
  ];
}

/** Every hex near the segment whose interior the ε-shifted segment crosses, other than the ends. */
function referenceCrossed(from: Hex, to: Hex, side: 1 | -1): string[] {
  const [p0, p1] = shifted(from, to, side);
  const found: string[] = [];
  const cols = [Math.min(from.col, to.col) - 1, Math.max(from.col, to.col) + 1];
  const rows = [Math.min(from.row, to.row) - 1, Math.max(from.row, to.row) + 1];
  for (let col = cols[0]!; col <= cols[1]!; col++) {
    for (let row = rows[0]!; row <= rows[1]!; row++) {
      const x = { col, row };
      if ((col === from.col && row === from.row) || (col === to.col && row === to.row)) continue;
      if (clippedLength(p0, p1, centre(x)) > 1e-9) found.push(formatHex(x));
    }
  }
  return found.sort();
}

/** The hex containing a point: the nearest centre (hexes are the Voronoi cells of their centres). */
function hexAt(p: Point): Hex {
  const col0 = Math.round(p[0] / 1.5);
  let best: Hex = { col: col0, row: 0 };
  let bestDist = Infinity;
  for (let col = col0 - 1; col <= col0 + 1; col++) {
    const row0 = Math.round(-p[1] / SQRT3 - (col % 2 === 0 ? 0.5 : 0));
    for (let row = row0 - 1; row <= row0 + 1; row++) {
      const c = centre({ col, row });
      const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
      if (d < bestDist) [best, bestDist] = [{ col, row }, d];
    }
  }
  return best;
}

function sampledCrossed(from: Hex, to: Hex, side: 1 | -1, samples = 400): Set<string> {
  const [p0, p1] = shifted(from, to, side);
  const found = new Set<string>();
  for (let i = 0; i <= samples; i++) {
    const t = i / samples;
    const x = hexAt([p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1])]);
    if ((x.col !== from.col || x.row !== from.row) && (x.col !== to.col || x.row !== to.row)) found.add(formatHex(x));
  }
  return found;
}

/** Whether the segment between the centres passes through a hex corner (float, test only). */
function touchesCorner(from: Hex, to: Hex): boolean {
  const a = centre(from);
  const b = centre(to);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  for (let col = Math.min(from.col, to.col) - 1; col <= Math.max(from.col, to.col) + 1; col++) {
    for (let row = Math.min(from.row, to.row) - 1; row <= Math.max(from.row, to.row) + 1; row++) {
      const c = centre({ col, row });
      for (const k of CORNERS) {
        const v: Point = [c[0] + k[0], c[1] + k[1]];
        const along = ((v[0] - a[0]) * (b[0] - a[0]) + (v[1] - a[1]) * (b[1] - a[1])) / len;
        const off = ((v[1] - a[1]) * (b[0] - a[0]) - (v[0] - a[0]) * (b[1] - a[1])) / len;
        if (Math.abs(off) < 1e-9 && along > 0 && along < len) return true;
      }
    }
  }
  return false;
}

// ---- the rules ---------------------------------------------------------------------------

describe('§6.3 "Draw the segment between the two hex centres. LOS is blocked if it passes through the interior of a hex, other than the firer\'s and the target\'s, that holds any ship (friend or foe)."', () => {
  it("a ship in a hex the segment passes through blocks, whoever's it is", () => {
    // 0505 → 0501 runs straight up the column through 0504, 0503 and 0502.
    expect(hexesCrossed(h('0505'), h('0501'))).toEqual({
      left: [h('0504'), h('0503'), h('0502')],
      right: [h('0504'), h('0503'), h('0502')],
    });
    for (const between of ['0504', '0503', '0502']) {
      expect(lineOfSight(h('0505'), h('0501'), occupiedBy(between)), between).toBe(false);
    }
  });

  it('a ship beside the segment does not block', () => {
    for (const beside of ['0404', '0604', '0603', '0403', '0500', '0506']) {
      expect(lineOfSight(h('0505'), h('0501'), occupiedBy(beside)), beside).toBe(true);
    }
  });

  it('a ship beyond the target, or behind the firer, does not block', () => {
    expect(lineOfSight(h('0505'), h('0502'), occupiedBy('0501', '0506'))).toBe(true);
  });

  it('the lists hold only hexes between (each on a shortest path), once each, in order of range from the firer', () => {
    fc.assert(
      fc.property(hexIn(40), hexIn(40), (a, b) => {
        const { left, right } = hexesCrossed(a, b);
        for (const list of [left, right]) {
          const ranges = list.map((x) => distance(a, x));
          expect(ranges).toEqual([...ranges].sort((p, q) => p - q));
          const detours = list.filter((x) => distance(a, x) + distance(x, b) !== distance(a, b));
          expect(detours).toEqual([]);
          expect(ranges.every((r) => r >= 1 && r < distance(a, b))).toBe(true);
          expect(new Set(names(list)).size).toBe(list.length);
        }
      }),
    );
  });
});

describe('§6.3 "Ships in the firer\'s or the target\'s own hex never block."', () => {
  it('ships stacked in both end hexes leave the line clear', () => {
    fc.assert(
      fc.property(hexIn(30), hexIn(30), (a, b) => {
        const ends = (x: Hex): boolean => formatHex(x) === formatHex(a) || formatHex(x) === formatHex(b);
        expect(lineOfSight(a, b, ends)).toBe(true);
      }),
    );
  });

  it('neighbours and the same hex always see each other, however full the map', () => {
    const everywhere = (): boolean => true;
    expect(lineOfSight(h('0505'), h('0505'), everywhere)).toBe(true);
    for (const d of DIRECTIONS) expect(lineOfSight(h('0505'), neighbour(h('0505'), d), everywhere)).toBe(true);
    expect(hexesCrossed(h('0505'), h('0505'))).toEqual({ left: [], right: [] });
  });
});

describe('§6.3 "Geometry is exact: a segment that passes close to a corner where three hexes meet crosses all three, so a line of sight can cross more than range + 1 hexes"', () => {
  it('"e.g. 0810 → 0707, range 4, crosses 0809, 0709, 0808 and 0708"', () => {
    expect(distance(h('0810'), h('0707'))).toBe(4);
    const crossed = hexesCrossed(h('0810'), h('0707'));
    expect(names(crossed.left)).toEqual(['0809', '0709', '0808', '0708']);
    expect(names(crossed.right)).toEqual(['0809', '0709', '0808', '0708']);
  });

  it('"a ship in any of them blocks"', () => {
    for (const ship of ['0809', '0709', '0808', '0708']) {
      expect(lineOfSight(h('0810'), h('0707'), occupiedBy(ship)), ship).toBe(false);
      expect(lineOfSight(h('0707'), h('0810'), occupiedBy(ship)), ship).toBe(false);
    }
    expect(lineOfSight(h('0810'), h('0707'), occupiedBy('0710', '0609', '0908', '0807'))).toBe(true);
  });
});

describe('§6.3 "The common \'round range + 1 interpolated points\' line drawing misses such clipped hexes; do not use it."', () => {
  it('the interpolated line through 0810 → 0707 finds fewer hexes than the exact one', () => {
    const a = toCube(h('0810'));
    const b = toCube(h('0707'));
    const n = distance(h('0810'), h('0707'));
    const lerped = new Set<string>();
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const f = [a.x + (b.x - a.x) * t + 1e-6, a.y + (b.y - a.y) * t + 1e-6, a.z + (b.z - a.z) * t - 2e-6];
      const r = f.map(Math.round);
      const diff = f.map((v, k) => Math.abs(v - r[k]!));
      if (diff[0]! > diff[1]! && diff[0]! > diff[2]!) r[0] = -r[1]! - r[2]!;
      else if (diff[1]! > diff[2]!) r[1] = -r[0]! - r[2]!;
      else r[2] = -r[0]! - r[1]!;
      lerped.add(formatHex(fromCube({ x: r[0]!, y: r[1]!, z: r[2]! })));
    }
    const exact = sorted(hexesCrossed(h('0810'), h('0707')).left);
    expect(lerped.size).toBe(n - 1);
    expect(exact.length).toBeGreaterThan(lerped.size);
    for (const x of lerped) expect(exact).toContain(x);
  });
});

describe('§6.3 "Ruling for segments that run exactly along hex edges or through hex corners: shift the whole segment an infinitesimal amount to one side, then to the other; LOS is blocked only if both shifted segments are blocked"', () => {
  it('"0505 → 0702 runs along the edge 0504|0604, through 0603, then along the edge 0602|0703"', () => {
    const crossed = hexesCrossed(h('0505'), h('0702'));
    // Shifted left (north-west of the line) it clips 0504 and 0602; right, 0604 and 0703.
    expect(names(crossed.left)).toEqual(['0504', '0603', '0602']);
    expect(names(crossed.right)).toEqual(['0604', '0603', '0703']);
  });

  it('"ships in 0504 and 0703 (opposite sides) block"', () => {
    expect(lineOfSight(h('0505'), h('0702'), occupiedBy('0504', '0703'))).toBe(false);
    expect(lineOfSight(h('0505'), h('0702'), occupiedBy('0602', '0604'))).toBe(false);
  });

  it('"ships in 0504 and 0602 (the same side) do not"', () => {
    expect(lineOfSight(h('0505'), h('0702'), occupiedBy('0504', '0602'))).toBe(true);
    expect(lineOfSight(h('0505'), h('0702'), occupiedBy('0604', '0703'))).toBe(true);
    for (const one of ['0504', '0604', '0602', '0703']) {
      expect(lineOfSight(h('0505'), h('0702'), occupiedBy(one)), one).toBe(true);
    }
  });

  it('a ship in 0603, which the segment crosses, blocks on its own', () => {
    expect(lineOfSight(h('0505'), h('0702'), occupiedBy('0603'))).toBe(false);
  });

  it('a segment through corners where three hexes meet: the third hex is clipped by one shift only', () => {
    // 0101 → 0504 passes exactly through the corner 0201|0202|0302 and the corner 0303|0402|0403.
    const crossed = hexesCrossed(h('0101'), h('0504'));
    expect(sorted(crossed.left)).toEqual(['0201', '0302', '0303', '0402', '0403']);
    expect(sorted(crossed.right)).toEqual(['0201', '0202', '0302', '0303', '0403']);
    expect(lineOfSight(h('0101'), h('0504'), occupiedBy('0202', '0402'))).toBe(false);
    expect(lineOfSight(h('0101'), h('0504'), occupiedBy('0202'))).toBe(true);
    expect(lineOfSight(h('0101'), h('0504'), occupiedBy('0402'))).toBe(true);
  });

  it('blocked exactly when an occupied hex is on each shifted list', () => {
    fc.assert(
      fc.property(hexIn(20), hexIn(20), fc.uniqueArray(hexIn(20), { maxLength: 60 }), (a, b, ships) => {
        const occupied = occupiedBy(...names(ships));
        const { left, right } = hexesCrossed(a, b);
        expect(lineOfSight(a, b, occupied)).toBe(!(left.some(occupied) && right.some(occupied)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('§6.3 "For a segment that touches no edge or corner the two shifted segments cross the same hexes, so this one test is the whole rule."', () => {
  it('the two lists agree exactly when the segment passes through no corner', () => {
    fc.assert(
      fc.property(hexIn(20), hexIn(20), (a, b) => {
        const { left, right } = hexesCrossed(a, b);
        expect(sorted(left).join() === sorted(right).join()).toBe(!touchesCorner(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('a straight line along a row of hexes crosses exactly range − 1 hexes, the ones stepped through', () => {
    fc.assert(
      fc.property(hexIn(99), fc.constantFrom(...DIRECTIONS), fc.integer({ min: 1, max: 40 }), (a, d, steps) => {
        const path: Hex[] = [];
        let at = a;
        for (let i = 0; i < steps; i++) {
          at = neighbour(at, d);
          path.push(at);
        }
        const b = path.pop()!;
        const { left, right } = hexesCrossed(a, b);
        expect(left).toEqual(path);
        expect(right).toEqual(path);
        expect(left.length).toBe(distance(a, b) - 1);
      }),
    );
  });
});

describe('properties', () => {
  it('lineOfSight(a, b, occ) === lineOfSight(b, a, occ)', () => {
    fc.assert(
      fc.property(hexIn(20), hexIn(20), fc.uniqueArray(hexIn(20), { maxLength: 80 }), (a, b, ships) => {
        const occupied = occupiedBy(...names(ships));
        expect(lineOfSight(a, b, occupied)).toBe(lineOfSight(b, a, occupied));
      }),
      { numRuns: 1000 },
    );
  });

  it('hexesCrossed(a, b).left equals hexesCrossed(b, a).right as sets (turning round swaps the sides)', () => {
    fc.assert(
      fc.property(hexIn(99), hexIn(99), (a, b) => {
        expect(sorted(hexesCrossed(a, b).left)).toEqual(sorted(hexesCrossed(b, a).right));
        expect(sorted(hexesCrossed(a, b).right)).toEqual(sorted(hexesCrossed(b, a).left));
      }),
      { numRuns: 500 },
    );
  });

  it('line of sight is never blocked when no hex is occupied', () => {
    fc.assert(
      fc.property(hexIn(99), hexIn(99), (a, b) => {
        expect(lineOfSight(a, b, nobody)).toBe(true);
      }),
    );
  });

  it('the segment always crosses at least range − 1 hexes on each side', () => {
    fc.assert(
      fc.property(hexIn(99), hexIn(99), (a, b) => {
        const { left, right } = hexesCrossed(a, b);
        const between = Math.max(0, distance(a, b) - 1);
        expect(left.length).toBeGreaterThanOrEqual(between);
        expect(right.length).toBeGreaterThanOrEqual(between);
      }),
    );
  });
});

describe('cross-check against the floating-point reference', () => {
  it('agrees hex for hex on random pairs in a 20 × 20 map, on both sides', () => {
    fc.assert(
      fc.property(hexIn(20), hexIn(20), (a, b) => {
        const { left, right } = hexesCrossed(a, b);
        expect(sorted(left)).toEqual(referenceCrossed(a, b, 1));
        expect(sorted(right)).toEqual(referenceCrossed(a, b, -1));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees on every pair within range 6 of one hex, on both sides', () => {
    const a = h('1010');
    for (let col = 4; col <= 16; col++) {
      for (let row = 4; row <= 16; row++) {
        const b = { col, row };
        if (distance(a, b) > 6) continue;
        const { left, right } = hexesCrossed(a, b);
        expect(sorted(left), `${formatHex(b)} left`).toEqual(referenceCrossed(a, b, 1));
        expect(sorted(right), `${formatHex(b)} right`).toEqual(referenceCrossed(a, b, -1));
      }
    }
  });

  it('every hex a sampled point of a shifted segment lands in is listed', () => {
    fc.assert(
      fc.property(hexIn(20), hexIn(20), (a, b) => {
        const { left, right } = hexesCrossed(a, b);
        const unlisted = (found: Set<string>, list: readonly Hex[]): string[] =>
          [...found].filter((x) => !names(list).includes(x));
        expect(unlisted(sampledCrossed(a, b, 1), left)).toEqual([]);
        expect(unlisted(sampledCrossed(a, b, -1), right)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees at long range on the largest map', () => {
    fc.assert(
      fc.property(hexIn(99), hexIn(99), (a, b) => {
        const { left, right } = hexesCrossed(a, b);
        const nearLine = (x: Hex): boolean => {
          const c = centre(x);
          const p = centre(a);
          const q = centre(b);
          const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
          return Math.abs((c[1] - p[1]) * (q[0] - p[0]) - (c[0] - p[0]) * (q[1] - p[1])) / len < 1.1;
        };
        // The reference over the whole bounding box is slow at this size; test the hexes whose
        // centres lie within a hex's reach of the line, which holds every crossed hex.
        const ref = (side: 1 | -1): string[] => {
          const [p0, p1] = shifted(a, b, side);
          const found: string[] = [];
          for (let col = Math.min(a.col, b.col) - 1; col <= Math.max(a.col, b.col) + 1; col++) {
            for (let row = Math.min(a.row, b.row) - 1; row <= Math.max(a.row, b.row) + 1; row++) {
              const x = { col, row };
              const name = formatHex(x);
              if (name === formatHex(a) || name === formatHex(b) || col < 1 || row < 1 || !nearLine(x)) continue;
              if (clippedLength(p0, p1, centre(x)) > 1e-9) found.push(name);
            }
          }
          return found.sort();
        };
        const onMapOnly = (list: readonly Hex[]): string[] => sorted(list.filter((x) => x.col >= 1 && x.row >= 1));
        expect(onMapOnly(left)).toEqual(ref(1));
        expect(onMapOnly(right)).toEqual(ref(-1));
      }),
      { numRuns: 20 },
    );
  });
});
