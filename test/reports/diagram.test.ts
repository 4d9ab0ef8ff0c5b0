/**
 * The text hex diagram (service.md "Reports and pictures"; issue: "fixed width, no tabs,
 * ≤ 100 columns, cropped around the ships with the crop stated, column/row rulers, each
 * ship shown with side, id and facing, a legend with hex, facing, SPEED, ENGINE, SHIELDS,
 * intact weapons"): golden pictures of two small positions, then properties over random
 * positions that locate every hex by the layout documented in src/reports/diagram.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellId, diagramCrop, renderDiagram, type DiagramCrop } from '../../src/reports/diagram.ts';
import { formatHex, neighbour, onMap } from '../../src/rules/hex.ts';
import { DIRECTIONS, type Direction, type Hex, type Ship } from '../../src/rules/types.ts';
import { position, type ShipSpec } from '../rules/fixtures.ts';
import { kindOf } from '../../src/kinds/index.ts';

// The layout, restated from the file header: columns every 7 characters after a 3-character
// ruler, hexes 4 lines tall under a 1-line ruler, even columns 2 lines lower.
const left = (crop: DiagramCrop, col: number) => 3 + 7 * (col - crop.fromCol);
const top = (crop: DiagramCrop, h: Hex) =>
  1 + 4 * (h.row - crop.fromRow) + (h.col % 2 === 0 && crop.toCol > crop.fromCol ? 2 : 0);
const mapWidth = (crop: DiagramCrop) => 6 + 7 * (crop.toCol - crop.fromCol) + 9;
const inCrop = (crop: DiagramCrop, h: Hex) =>
  h.col >= crop.fromCol && h.col <= crop.toCol && h.row >= crop.fromRow && h.row <= crop.toRow;
const two = (n: number) => String(n).padStart(2, '0');
const at = (lines: readonly string[], y: number, x: number, length: number) =>
  (lines[y] ?? '').padEnd(x + length).slice(x, x + length);
/** The map part of a rendering: everything above the crop line. */
const mapLines = (text: string) => {
  const lines = text.split('\n');
  return lines.slice(
    0,
    lines.findIndex((l) => l.startsWith('Showing ')),
  );
};

const duel = position(
  [
    // Grey's F hit cost Black one ENGINE; Black's cost Grey one SHIELD.
    {
      id: 'Black',
      side: 'black',
      hex: '0406',
      facing: 'NE',
      speed: 3,
      engine: 2,
      weapons: ['F', 'FL', 'FR'],
      design: { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] },
    },
    {
      id: 'Grey',
      side: 'grey',
      hex: '0706',
      facing: 'SW',
      speed: 3,
      engine: 4,
      shields: 3,
      toHit: 5,
      weapons: ['F'],
      design: { engine: 4, shields: 4, toHit: 5, weapons: ['F'] },
    },
  ],
  { map: { width: 12, height: 10 }, turn: 2 },
);

describe('golden pictures', () => {
  it('the tutorial duel after turn 1 (rules-tactical.md §9): the whole 12 × 10 map fits in 100 columns', () => {
    expect(renderDiagram(duel)).toBe(
      String.raw`
      01     02     03     04     05     06     07     08     09     10     11     12
     _____         _____         _____         _____         _____         _____
    /     \       /     \       /     \       /     \       /     \       /     \
01 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____   01
   \       /     \       /     \       /     \       /     \       /     \       /     \
01  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 01
    /     \       /     \       /     \       /     \       /     \       /     \       /
02 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  02
   \       /     \       /     \       /     \       /     \       /     \       /     \
02  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 02
    /     \       /     \       /     \       /     \       /     \       /     \       /
03 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  03
   \       /     \       /     \       /     \       /     \       /     \       /     \
03  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 03
    /     \       /     \       /     \       /     \       /     \       /     \       /
04 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  04
   \       /     \       /     \       /     \       /     \       /     \       /     \
04  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 04
    /     \       /     \       /     \       /     \       /     \       /     \       /
05 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  05
   \       /     \       /     \       /     \       /     \       /     \       /     \
05  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 05
    /     \       /     \       /     \       /G SW \       /     \       /     \       /
06 /       \_____/       \_____/       \_____/ Grey  \_____/       \_____/       \_____/  06
   \       /     \       /B NE \       /     \       /     \       /     \       /     \
06  \_____/       \_____/ Black \_____/       \_____/       \_____/       \_____/       \ 06
    /     \       /     \       /     \       /     \       /     \       /     \       /
07 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  07
   \       /     \       /     \       /     \       /     \       /     \       /     \
07  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 07
    /     \       /     \       /     \       /     \       /     \       /     \       /
08 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  08
   \       /     \       /     \       /     \       /     \       /     \       /     \
08  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 08
    /     \       /     \       /     \       /     \       /     \       /     \       /
09 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  09
   \       /     \       /     \       /     \       /     \       /     \       /     \
09  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 09
    /     \       /     \       /     \       /     \       /     \       /     \       /
10 /       \_____/       \_____/       \_____/       \_____/       \_____/       \_____/  10
   \       /     \       /     \       /     \       /     \       /     \       /     \
10  \_____/       \_____/       \_____/       \_____/       \_____/       \_____/       \ 10
          \       /     \       /     \       /     \       /     \       /     \       /
           \_____/       \_____/       \_____/       \_____/       \_____/       \_____/
      01     02     03     04     05     06     07     08     09     10     11     12
Showing the whole 12x10 map.
B Black  0406  NE  SPEED 3  ENGINE 2/3  SHIELDS 3/3  WEAPONS F FL FR
G Grey   0706  SW  SPEED 3  ENGINE 4/4  SHIELDS 3/4  WEAPONS F
B = black, G = grey. A ship shows its side mark and facing (N NE SE S SW NW) over its id.
Row numbers stand level with the middle of each hex; even columns sit half a hex lower.`.slice(1),
    );
  });

  it('three ships, two sharing a hex: the first in ship order is drawn with +1, the legend lists all three', () => {
    const three = position(
      [
        { id: 'Black', side: 'black', hex: '0202', facing: 'N', speed: 2 },
        {
          id: 'Interceptor1',
          side: 'grey',
          hex: '0302',
          facing: 'SW',
          speed: 4,
          engine: 4,
          weapons: [],
          design: { engine: 4, shields: 3, toHit: 3, weapons: ['F', 'FR'] },
        },
        { id: 'Grey', side: 'grey', hex: '0302', facing: 'NW', speed: null },
      ],
      { map: { width: 4, height: 3 } },
    );
    expect(renderDiagram(three)).toBe(
      String.raw`
      01     02     03     04
     _____         _____
    /     \       /     \
01 /       \_____/       \_____   01
   \       /     \       /     \
01  \_____/       \_____/       \ 01
    /     \       /G SW \       /
02 /       \_____/Int~or1\_____/  02
   \       /B N  \ +1    /     \
02  \_____/ Black \_____/       \ 02
    /     \       /     \       /
03 /       \_____/       \_____/  03
   \       /     \       /     \
03  \_____/       \_____/       \ 03
          \       /     \       /
           \_____/       \_____/
      01     02     03     04
Showing the whole 4x3 map.
B Black         0202  N   SPEED 2  ENGINE 3/3  SHIELDS 3/3  WEAPONS F
G Interceptor1  0302  SW  SPEED 4  ENGINE 4/4  SHIELDS 3/3  WEAPONS none
G Grey          0302  NW  SPEED -  ENGINE 3/3  SHIELDS 3/3  WEAPONS F
B = black, G = grey. A ship shows its side mark and facing (N NE SE S SW NW) over its id.
+n: n more ships in that hex (all listed above).
Ids longer than 7 characters show their first 3 and last 3 characters (Interceptor1 is Int~or1).
Row numbers stand level with the middle of each hex; even columns sit half a hex lower.`.slice(1),
    );
  });
});

describe('the drawing follows rules-tactical.md §1', () => {
  it('"Odd columns sit high, even columns sit half a hex lower": 0101\'s top edge is two lines above 0201\'s', () => {
    const lines = mapLines(renderDiagram(duel));
    const topEdge = (col: number) =>
      lines.findIndex((l) => l.slice(3 + 7 * (col - 1) + 2, 3 + 7 * (col - 1) + 7) === '_____');
    expect(topEdge(1)).toBe(1);
    expect(topEdge(2)).toBe(3);
    expect(topEdge(3)).toBe(1);
    expect(topEdge(12)).toBe(3);
  });

  it("each neighbour of §1's table is drawn at the same offset from its hex, in odd and even columns", () => {
    // Middle-line offsets (lines, characters) from a hex's mark to its neighbour's mark.
    const offsets: Record<Direction, [number, number]> = {
      N: [-4, 0],
      NE: [-2, 7],
      SE: [2, 7],
      S: [4, 0],
      SW: [2, -7],
      NW: [-2, -7],
    };
    const find = (lines: readonly string[], mark: string): [number, number] => {
      const y = lines.findIndex((l) => l.includes(`${mark} N`) || l.includes(`${mark} S`));
      return [y, (lines[y] ?? '').search(new RegExp(`${mark} [NS]`))];
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 11 }),
        fc.integer({ min: 2, max: 9 }),
        fc.constantFrom(...DIRECTIONS),
        (col, row, d) => {
          const there = neighbour({ col, row }, d);
          const p = position(
            [
              { id: 'x', side: 'a', hex: formatHex({ col, row }), facing: 'N' },
              { id: 'y', side: 'b', hex: formatHex(there), facing: 'S' },
            ],
            { map: { width: 12, height: 10 } },
          );
          const lines = mapLines(renderDiagram(p));
          const [ya, xa] = find(lines, 'A');
          const [yb, xb] = find(lines, 'B');
          expect([yb - ya, xb - xa]).toEqual(offsets[d]);
        },
      ),
    );
  });
});

describe('cropping ("larger maps are cropped to the area around the ships, with the crop stated")', () => {
  const far = (ships: ShipSpec[], size = 30) => position(ships, { map: { width: size, height: size } });

  it('a map that fits is shown whole and says so', () => {
    expect(diagramCrop(duel)).toEqual({ fromCol: 1, toCol: 12, fromRow: 1, toRow: 10, cropped: false });
    expect(renderDiagram(duel)).toContain('\nShowing the whole 12x10 map.\n');
  });

  it('a 30 × 30 map is cropped to the ships plus two hexes, starting on an odd column, and the crop is stated', () => {
    const p = far([
      { id: 'A', side: 'a', hex: '0608' },
      { id: 'B', side: 'b', hex: '1104' },
    ]);
    expect(diagramCrop(p)).toEqual({ fromCol: 3, toCol: 13, fromRow: 2, toRow: 10, cropped: true });
    expect(renderDiagram(p)).toContain('\nShowing columns 03-13, rows 02-10 of a 30x30 map.\n');
  });

  it('a highlighted path widens the crop so that it is seen', () => {
    const p = far([{ id: 'A', side: 'a', hex: '1010' }]);
    const path = [
      { col: 10, row: 9 },
      { col: 10, row: 8 },
      { col: 10, row: 7 },
    ];
    const crop = diagramCrop(p, { highlight: path });
    expect([crop.fromRow, crop.toRow]).toEqual([5, 12]);
    const lines = mapLines(renderDiagram(p, { highlight: path }));
    for (const h of path) expect(at(lines, top(crop, h) + 2, left(crop, h.col) + 4, 1)).toBe('*');
  });

  it('an axis that fits is not cropped even when the other is', () => {
    const p = position([{ id: 'A', side: 'a', hex: '0540' }], { map: { width: 10, height: 60 } });
    expect(diagramCrop(p)).toMatchObject({ fromCol: 1, toCol: 10, fromRow: 38, toRow: 42, cropped: true });
  });

  it('ships too far apart: the picture holds the most ships, nearest their centroid; what is left out is said', () => {
    const p = far(
      [
        { id: 'West', side: 'a', hex: '0101' },
        { id: 'East', side: 'b', hex: '9999' },
        { id: 'Mid', side: 'b', hex: '5050' },
        { id: 'Gone', side: 'b', hex: '0101', status: 'destroyed' },
      ],
      99,
    );
    expect(diagramCrop(p)).toEqual({ fromCol: 44, toCol: 56, fromRow: 42, toRow: 59, cropped: true });
    const text = renderDiagram(p);
    expect(text).toMatch(/^A West {2}0101 .*\(outside the picture\)$/m);
    expect(text).toMatch(/^B East {2}9999 .*\(outside the picture\)$/m);
    expect(text).toMatch(/^B Mid {3}5050 .*WEAPONS F$/m);
    expect(text).toMatch(/^B Gone {2}0101 .*DESTROYED$/m);
    expect(text).toContain('\nLeft out of the picture (too far apart to fit): A West at 0101, B East at 9999.\n');
  });

  it('a campaign battle on 24 × 18 at 78 columns: both deployment zones are in the picture, no ship left out', () => {
    // The defender deploys in rows 1–3, the attacker in rows 16–18 (rules-strategic.md §8).
    const p = position(
      [
        { id: 'Rdart1', side: 'red', hex: '1203', facing: 'S' },
        { id: 'Rdart2', side: 'red', hex: '1303', facing: 'S' },
        { id: 'Bspear1', side: 'blue', hex: '1216', facing: 'N' },
      ],
      { map: { width: 24, height: 18 } },
    );
    const text = renderDiagram(p, { maxWidth: 78 });
    expect(text).not.toContain('outside the picture');
    expect(text).not.toContain('Left out');
    const crop = diagramCrop(p, { maxWidth: 78 });
    expect([crop.fromRow, crop.toRow]).toEqual([1, 18]);
    const lines = mapLines(text);
    const spear = { col: 12, row: 16 };
    expect(at(lines, top(crop, spear) + 2, left(crop, 12) + 1, 7)).toBe('Bspear1');
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(78);
  });

  it('a group too far from the rest to fit is left out, the picture keeping the larger group, and named', () => {
    const p = position(
      [
        { id: 'A1', side: 'a', hex: '0105' },
        { id: 'A2', side: 'a', hex: '0205' },
        { id: 'B1', side: 'b', hex: '2405' },
      ],
      { map: { width: 24, height: 10 } },
    );
    const crop = diagramCrop(p, { maxWidth: 78 });
    expect([crop.fromCol, crop.toCol]).toEqual([1, 10]);
    const text = renderDiagram(p, { maxWidth: 78 });
    expect(text).toContain('Left out of the picture (too far apart to fit): B B1 at 2405.');
    expect(text).toMatch(/^B B1 {2}2405 [^\n]*\n? *\(outside the picture\)$/m);
  });
});

describe('marks and legend', () => {
  it("default marks are the sides' first letters, made unique; given marks are kept", () => {
    const p = position([
      { id: 'S1', side: 'black', hex: '0101' },
      { id: 'S2', side: 'blue', hex: '0303' },
      { id: 'S3', side: 'grey', hex: '0505' },
    ]);
    expect(renderDiagram(p)).toContain('B = black, L = blue, G = grey.');
    expect(renderDiagram(p, { sideMarks: { grey: 'B' } })).toContain('L = black, U = blue, B = grey.');
    expect(() => renderDiagram(p, { sideMarks: { grey: '**' } })).toThrow(RangeError);
  });

  it('destroyed and disengaged ships are marked in the legend, not drawn, and left out on request', () => {
    const p = position(
      [
        { id: 'Alive', side: 'a', hex: '0202' },
        { id: 'Dead', side: 'a', hex: '0303', status: 'destroyed' },
        { id: 'Fled', side: 'b', hex: '0404', status: 'disengaged' },
      ],
      { map: { width: 6, height: 6 } },
    );
    const text = renderDiagram(p);
    expect(text).toMatch(/^A Dead {3}0303 .*DESTROYED$/m);
    expect(text).toMatch(/^B Fled {3}0404 .*DISENGAGED$/m);
    expect(mapLines(text).join('\n')).not.toMatch(/Dead|Fled/);
    const active = renderDiagram(p, { includeOutOfPlay: false });
    expect(active).toMatch(/^A Alive/m);
    expect(active).not.toMatch(/Dead|Fled/);
  });

  it('ids longer than 7 characters are cut to their first and last three in the map', () => {
    expect(cellId('Black')).toBe('Black');
    expect(cellId('Raider1')).toBe('Raider1');
    expect(cellId('Destroyer12')).toBe('Des~r12');
  });

  it('a narrow page wraps the legend at a column boundary and keeps every line within it', () => {
    const text = renderDiagram(duel, { maxWidth: 40 });
    expect(text).toContain('\nB Black  0406  NE  SPEED 3  ENGINE 2/3\n    SHIELDS 3/3  WEAPONS F FL FR\n');
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(40);
  });
});

describe('properties over random positions (maps up to 99 × 99, up to 40 ships)', () => {
  const ids = fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), {
    minLength: 0,
    maxLength: 40,
    selector: (s) => s.toLowerCase(),
  });
  const shipDraw = fc.record({
    col: fc.nat(),
    row: fc.nat(),
    side: fc.constantFrom('black', 'grey', 'red', 'raiders'),
    facing: fc.constantFrom(...DIRECTIONS),
    status: fc.constantFrom<Ship['status']>('active', 'active', 'active', 'destroyed', 'disengaged'),
  });
  const scene = fc
    .record({
      width: fc.integer({ min: 1, max: 99 }),
      height: fc.integer({ min: 1, max: 99 }),
      ids,
      maxWidth: fc.integer({ min: 40, max: 140 }),
      maxHeight: fc.integer({ min: 9, max: 80 }),
      draws: fc.array(shipDraw, { minLength: 40, maxLength: 40 }),
      clustered: fc.boolean(),
    })
    .map(({ width, height, ids: names, maxWidth, maxHeight, draws, clustered }) => {
      // Clustered ships share hexes often and fit in the crop; scattered ones test the centroid.
      const spanC = clustered ? Math.min(width, 4) : width;
      const spanR = clustered ? Math.min(height, 4) : height;
      const specs: ShipSpec[] = names.map((id, i) => {
        const s = draws[i]!;
        return {
          id,
          side: s.side,
          facing: s.facing,
          status: s.status,
          hex: formatHex({ col: 1 + (s.col % spanC), row: 1 + (s.row % spanR) }),
        };
      });
      return {
        p: position(specs, { map: { width, height }, sides: ['black', 'grey', 'red', 'raiders'] }),
        options: { maxWidth, maxHeight },
      };
    });

  it('every line is within maxWidth, printable ASCII, without tabs or trailing spaces; the map part within maxHeight', () => {
    fc.assert(
      fc.property(scene, ({ p, options }) => {
        const text = renderDiagram(p, options);
        for (const line of text.split('\n')) {
          expect(line.length).toBeLessThanOrEqual(options.maxWidth);
          expect(line).toMatch(/^[ -~]*$/);
          expect(line).not.toMatch(/ $/);
        }
        expect(mapLines(text).length).toBeLessThanOrEqual(options.maxHeight);
        expect(text).not.toMatch(/\n\n/);
      }),
    );
  });

  it('every ship in play inside the crop is drawn in its hex (mark, facing, id; +n for the others there)', () => {
    fc.assert(
      fc.property(scene, ({ p, options }) => {
        const crop = diagramCrop(p, options);
        const lines = mapLines(renderDiagram(p, options));
        const marks = { black: 'B', grey: 'G', red: 'R', raiders: 'A' } as Record<string, string>;
        const byHex = new Map<string, Ship[]>();
        for (const s of p.ships.filter((s) => s.status === 'active' && inCrop(crop, s.hex))) {
          byHex.set(formatHex(s.hex), [...(byHex.get(formatHex(s.hex)) ?? []), s]);
        }
        for (const [first, ...more] of byHex.values()) {
          const x = left(crop, first!.hex.col);
          const y = top(crop, first!.hex);
          const id = cellId(first!.id);
          expect(at(lines, y + 1, x + 2, 5).trimEnd()).toBe(`${marks[first!.side]} ${first!.facing}`);
          expect(at(lines, y + 2, id.length < 7 ? x + 2 : x + 1, id.length)).toBe(id);
          expect(at(lines, y + 3, x + 2, 3).trimEnd()).toBe(more.length > 0 ? `+${more.length}` : '');
        }
      }),
    );
  });

  it('the crop lies on the map, fits the page, and holds every ship in play whose span fits', () => {
    fc.assert(
      fc.property(scene, ({ p, options }) => {
        const crop = diagramCrop(p, options);
        expect(
          onMap({ col: crop.fromCol, row: crop.fromRow }, p.map) && onMap({ col: crop.toCol, row: crop.toRow }, p.map),
        ).toBe(true);
        expect(mapWidth(crop)).toBeLessThanOrEqual(options.maxWidth);
        expect(crop.cropped).toBe(
          crop.fromCol > 1 || crop.fromRow > 1 || crop.toCol < p.map.width || crop.toRow < p.map.height,
        );
        const active = p.ships.filter((s) => s.status === 'active').map((s) => s.hex);
        const fits = (values: number[], from: number, to: number) =>
          Math.max(...values) - Math.min(...values) + 1 <= to - from + 1 || values.length === 0;
        if (
          fits(
            active.map((h) => h.col),
            crop.fromCol,
            crop.toCol,
          ) &&
          fits(
            active.map((h) => h.row),
            crop.fromRow,
            crop.toRow,
          )
        ) {
          for (const h of active) expect(inCrop(crop, h)).toBe(true);
        }
      }),
    );
  });

  it('the rulers name every hex: the column number over and under it, its row number level with its middle on both sides', () => {
    fc.assert(
      fc.property(scene, ({ p, options }) => {
        const crop = diagramCrop(p, options);
        const lines = mapLines(renderDiagram(p, options));
        for (let col = crop.fromCol; col <= crop.toCol; col++) {
          expect(at(lines, 0, left(crop, col) + 3, 2)).toBe(two(col));
          expect(at(lines, lines.length - 1, left(crop, col) + 3, 2)).toBe(two(col));
          for (let row = crop.fromRow; row <= crop.toRow; row++) {
            const y = top(crop, { col, row }) + 2;
            expect(at(lines, y, 0, 2)).toBe(two(row));
            expect(at(lines, y, mapWidth(crop) - 2, 2)).toBe(two(row));
            expect(at(lines, y - 2, left(crop, col) + 2, 5)).toBe('_____'); // and the hex is drawn there
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('the legend has one entry per ship in ship order, marking those outside the picture', () => {
    fc.assert(
      fc.property(scene, ({ p, options }) => {
        const crop = diagramCrop(p, options);
        const text = renderDiagram(p, options);
        const entries = text
          .split('\n')
          .slice(mapLines(text).length)
          .join('\n')
          .replace(/\n {4}/g, '  ')
          .split('\n')
          .filter((line) => !line.startsWith('Left out of the picture'))
          .slice(1, 1 + p.ships.length); // after the crop line and what it left out
        p.ships.forEach((s: Ship, i) => {
          const entry = entries[i] ?? '';
          expect(entry.split(/ +/).slice(1, 3)).toEqual([s.id, formatHex(s.hex)]);
          const outside = s.status === 'active' && !inCrop(crop, s.hex);
          expect(entry.endsWith('(outside the picture)')).toBe(outside);
        });
      }),
    );
  });
});

describe("the end mail's picture, drawn from each side", () => {
  // A 40-column map at 78 columns shows 10 columns: Grey's ship, lost far from Black's, falls outside a picture
  // cropped to the ships in play alone.
  const end = position(
    [
      { id: 'Black', side: 'black', hex: '0505', facing: 'N' },
      { id: 'Grey', side: 'grey', hex: '3505', facing: 'S', status: 'destroyed' },
    ],
    { map: { width: 40, height: 10 } },
  );
  const endReport = (side: string | null) =>
    kindOf('msc-tactical').endReport({ state: end, lastEvents: [], history: [], sideName: (s) => s, side });

  it("the loser's end mail holds the hex its ship was lost in, not the winner's ships alone", () => {
    const grey = endReport('grey').diagram!;
    const crop = /Showing columns (\d+)-(\d+)/.exec(grey)!;
    expect(Number(crop[1])).toBeLessThanOrEqual(35);
    expect(Number(crop[2])).toBeGreaterThanOrEqual(35);
    const black = endReport('black').diagram!;
    const blackCrop = /Showing columns (\d+)-(\d+)/.exec(black)!;
    expect(Number(blackCrop[1])).toBeLessThanOrEqual(5);
    expect(Number(blackCrop[2])).toBeLessThan(35);
    for (const text of [grey, black])
      expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(78);
  });

  it('a focused hex widens the crop without a mark of its own', () => {
    const crop = diagramCrop(end, { maxWidth: 78, focus: [{ col: 35, row: 5 }] });
    expect(crop.fromCol).toBeLessThanOrEqual(35);
    expect(crop.toCol).toBeGreaterThanOrEqual(35);
    expect(renderDiagram(end, { maxWidth: 78, focus: [{ col: 35, row: 5 }] })).not.toContain('*');
  });
});
