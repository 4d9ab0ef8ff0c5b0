/**
 * rules-tactical.md §1 "The map", one test per sentence, plus properties of hex.ts's
 * cube coordinates that the rest of the rules lean on.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DIRECTION_CUBES,
  cubeDistance,
  distance,
  formatHex,
  fromCube,
  hex,
  neighbour,
  onMap,
  parseHex,
  rotate,
  sameHex,
  toCube,
} from '../../src/rules/hex.ts';
import { DIRECTIONS, type Direction, type Hex } from '../../src/rules/types.ts';

const h = (name: string): Hex => {
  const parsed = parseHex(name);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const anyHex = (max = 20): fc.Arbitrary<Hex> =>
  fc.record({ col: fc.integer({ min: 1, max }), row: fc.integer({ min: 1, max }) });

describe('§1 "A hex is named CCRR: two-digit column, two-digit row, both from 01"', () => {
  it('"hex 0504 is column 5, row 4"', () => {
    expect(parseHex('0504')).toEqual({ ok: true, value: { col: 5, row: 4 } });
    expect(formatHex(hex(5, 4))).toBe('0504');
  });

  it('formats and parses back every hex of a 99 × 99 map', () => {
    const wrong: string[] = [];
    for (let col = 1; col <= 99; col++) {
      for (let row = 1; row <= 99; row++) {
        const name = formatHex(hex(col, row));
        const back = parseHex(name);
        if (!/^\d{4}$/.test(name) || !back.ok || back.value.col !== col || back.value.row !== row) wrong.push(name);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('rejects names that are not four digits, with a message saying how to write one', () => {
    for (const bad of ['504', '05040', 'ab04', '05-4', '']) {
      const parsed = parseHex(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe('HEX_FORMAT');
        expect(parsed.error.message).toContain('CCRR');
      }
    }
  });

  it('"both from 01": column or row 00 is not a hex', () => {
    for (const bad of ['0004', '0500', '0000']) {
      const parsed = parseHex(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe('HEX_FORMAT');
    }
  });
});

describe('§1 "A map is W columns by H rows (at most 99 × 99)"', () => {
  it('onMap accepts exactly columns 1..W and rows 1..H', () => {
    const map = { width: 12, height: 8 };
    expect(onMap(hex(1, 1), map)).toBe(true);
    expect(onMap(hex(12, 8), map)).toBe(true);
    expect(onMap(hex(12, 1), map)).toBe(true);
    expect(onMap(hex(1, 8), map)).toBe(true);
    expect(onMap(hex(0, 4), map)).toBe(false);
    expect(onMap(hex(4, 0), map)).toBe(false);
    expect(onMap(hex(13, 4), map)).toBe(false);
    expect(onMap(hex(4, 9), map)).toBe(false);
  });

  it('the largest map holds 9999 and not a hundredth column or row', () => {
    const map = { width: 99, height: 99 };
    expect(onMap(h('9999'), map)).toBe(true);
    expect(onMap(hex(100, 99), map)).toBe(false);
    expect(onMap(hex(99, 100), map)).toBe(false);
  });
});

describe('§1 "Six directions, clockwise from the top: N, NE, SE, S, SW, NW." and the neighbour table', () => {
  // Every row of the table, for an odd column (c = 5) and an even column (c = 6), r = 5.
  const table: readonly [Direction, string, string][] = [
    // direction, odd column 0505, even column 0605
    ['N', '0504', '0604'], // (c, r-1) | (c, r-1)
    ['NE', '0604', '0705'], // (c+1, r-1) | (c+1, r)
    ['SE', '0605', '0706'], // (c+1, r) | (c+1, r+1)
    ['S', '0506', '0606'], // (c, r+1) | (c, r+1)
    ['SW', '0405', '0506'], // (c-1, r) | (c-1, r+1)
    ['NW', '0404', '0505'], // (c-1, r-1) | (c-1, r)
  ];

  for (const [direction, odd, even] of table) {
    it(`${direction}: odd column 0505 → ${odd}, even column 0605 → ${even}`, () => {
      expect(formatHex(neighbour(h('0505'), direction))).toBe(odd);
      expect(formatHex(neighbour(h('0605'), direction))).toBe(even);
    });
  }

  it('the table holds for every hex: odd columns use the odd column, even the even one', () => {
    const oddOffsets: Record<Direction, [number, number]> = {
      N: [0, -1],
      NE: [1, -1],
      SE: [1, 0],
      S: [0, 1],
      SW: [-1, 0],
      NW: [-1, -1],
    };
    const evenOffsets: Record<Direction, [number, number]> = {
      N: [0, -1],
      NE: [1, 0],
      SE: [1, 1],
      S: [0, 1],
      SW: [-1, 1],
      NW: [-1, 0],
    };
    fc.assert(
      fc.property(anyHex(98), fc.constantFrom(...DIRECTIONS), (at, d) => {
        const [dc, dr] = (at.col % 2 === 1 ? oddOffsets : evenOffsets)[d];
        expect(neighbour(at, d)).toEqual({ col: at.col + dc, row: at.row + dr });
      }),
    );
  });

  it('the directions are in clockwise order: each is one hexside clockwise of the one before', () => {
    expect(DIRECTIONS).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    DIRECTIONS.forEach((d, i) => expect(rotate(d, 1)).toBe(DIRECTIONS[(i + 1) % 6]));
    expect(rotate('N', -1)).toBe('NW');
    expect(rotate('SE', 3)).toBe('NW');
    expect(rotate('SE', -9)).toBe('NW');
  });

  it('opposite directions undo each other, and each neighbour is at range 1', () => {
    fc.assert(
      fc.property(anyHex(), fc.integer({ min: 0, max: 5 }), (at, i) => {
        const d = DIRECTIONS[i]!;
        const next = neighbour(at, d);
        expect(neighbour(next, rotate(d, 3))).toEqual(at);
        expect(distance(at, next)).toBe(1);
        const c = toCube(next);
        const o = toCube(at);
        expect({ x: c.x - o.x, y: c.y - o.y, z: c.z - o.z }).toEqual(DIRECTION_CUBES[i]);
      }),
    );
  });
});

describe('§1 "Odd columns sit high, even columns sit half a hex lower"', () => {
  it('an odd-column hex is half a hex above the even-column hexes of the same row beside it', () => {
    // 0505 (odd) touches 0604 above-right and 0605 below-right: 0605, same row, sits lower.
    expect(formatHex(neighbour(h('0505'), 'NE'))).toBe('0604');
    expect(formatHex(neighbour(h('0505'), 'SE'))).toBe('0605');
    // 0605 (even) touches 0505 above-left and 0506 below-left: 0505, same row, sits higher.
    expect(formatHex(neighbour(h('0605'), 'NW'))).toBe('0505');
    expect(formatHex(neighbour(h('0605'), 'SW'))).toBe('0506');
  });
});

describe('§1 "Range is the hex distance (fewest steps between the two hexes). Same hex is range 0."', () => {
  it('"Same hex is range 0"', () => {
    expect(distance(h('0505'), h('0505'))).toBe(0);
  });

  it('examples', () => {
    const cases: readonly [string, string, number][] = [
      ['0505', '0504', 1],
      ['0505', '0503', 2],
      ['0505', '0603', 2],
      ['0505', '0702', 4],
      ['0810', '0707', 4],
      ['0101', '0101', 0],
      ['0101', '0201', 1],
      ['0101', '0301', 2],
      ['0101', '0501', 4],
      ['0101', '0102', 1],
      ['0201', '0101', 1],
      ['0202', '0101', 2],
      ['0101', '1010', 14],
      ['0101', '9999', 147],
    ];
    for (const [a, b, range] of cases) {
      expect(distance(h(a), h(b)), `${a} → ${b}`).toBe(range);
      expect(distance(h(b), h(a)), `${b} → ${a}`).toBe(range);
    }
  });

  it('equals the fewest neighbour steps (breadth-first search over the neighbour table)', () => {
    const key = (x: Hex): string => formatHex(x);
    fc.assert(
      fc.property(anyHex(12), anyHex(12), (a, b) => {
        const seen = new Map<string, number>([[key(a), 0]]);
        let frontier: Hex[] = [a];
        for (let steps = 1; !seen.has(key(b)); steps++) {
          const next: Hex[] = [];
          for (const at of frontier) {
            for (const d of DIRECTIONS) {
              const n = neighbour(at, d);
              if (n.col < 0 || n.row < 0 || n.col > 14 || n.row > 14 || seen.has(key(n))) continue;
              seen.set(key(n), steps);
              next.push(n);
            }
          }
          frontier = next;
        }
        expect(distance(a, b)).toBe(seen.get(key(b)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('cube coordinates', () => {
  it('toCube and fromCube are inverse, and x + y + z = 0', () => {
    fc.assert(
      fc.property(anyHex(99), (at) => {
        const c = toCube(at);
        expect(c.x + c.y + c.z).toBe(0);
        expect(fromCube(c)).toEqual(at);
        expect(cubeDistance(c, c)).toBe(0);
      }),
    );
  });

  it('sameHex compares column and row', () => {
    expect(sameHex(h('0504'), hex(5, 4))).toBe(true);
    expect(sameHex(h('0504'), h('0405'))).toBe(false);
  });
});
