/**
 * The SVG map: the geometry agrees with the rules' hex grid (a neighbour lies
 * in the direction of its facing), every side has its own colour and shape,
 * every ship its id, facing and title, and nothing from a player is markup.
 */
import { describe, expect, it } from 'vitest';
import { neighbour } from '../../../src/rules/hex.ts';
import { DIRECTIONS, type Position, type Ship } from '../../../src/rules/types.ts';
import { FACING_DEGREES, hexCentre, mapPixelSize, towards } from '../../../src/web/svg/geometry.ts';
import { renderHexMap } from '../../../src/web/kinds/msc-tactical/hex-map.ts';
import { sideStyle, sideStyleFor } from '../../../src/web/svg/side-styles.ts';

const design = { engine: 3, shields: 3, toHit: 3, weapons: ['F'] as const };
const ship = (id: string, side: string, col: number, row: number, facing: Ship['facing'] = 'N'): Ship => ({
  id,
  side,
  hex: { col, row },
  facing,
  speed: null,
  engine: 3,
  shields: 3,
  toHit: 3,
  weapons: ['F'],
  design: { ...design, weapons: ['F'] },
  status: 'active',
});
const position = (ships: Ship[], sides = ['black', 'grey']): Position => ({
  map: { width: 8, height: 6 },
  turn: 1,
  sides,
  solo: [],
  ships,
  turnLimit: null,
  conceded: [],
});

describe('map geometry', () => {
  it.each(
    DIRECTIONS.flatMap(
      (d) =>
        [
          [d, 3, 3],
          [d, 4, 3],
        ] as const,
    ),
  )('the neighbour to the %s of %i,%i is drawn in that direction', (d, col, row) => {
    const from = hexCentre(col, row);
    const next = neighbour({ col, row }, d);
    const to = hexCentre(next.col, next.row);
    const angle = (Math.atan2(to.x - from.x, -(to.y - from.y)) * 180) / Math.PI;
    expect((angle + 360) % 360).toBeCloseTo(FACING_DEGREES[d], 0);
    const step = Math.hypot(to.x - from.x, to.y - from.y);
    const aim = towards(from, d, step);
    expect(aim.x).toBeCloseTo(to.x, 0);
    expect(aim.y).toBeCloseTo(to.y, 0);
  });

  it('the picture holds every hex of the map', () => {
    const size = mapPixelSize({ width: 8, height: 6 });
    const far = hexCentre(8, 6);
    expect(far.x).toBeLessThan(size.width);
    expect(far.y).toBeLessThan(size.height);
  });
});

describe('renderHexMap', () => {
  it('names every hex CCRR and draws each ship with its side shape and colour, id, facing arrow and title', () => {
    const svg = renderHexMap({
      position: position([ship('B1', 'black', 2, 3, 'NE'), ship('G1', 'grey', 6, 2, 'SW')]),
      title: 'Turn 1',
      sideName: (s) => s.toUpperCase(),
    });
    expect(svg.match(/<polygon class="hex"/g)).toHaveLength(48);
    expect(svg).toContain('>0806</text>');
    expect(svg).toContain('<title>B1 (BLACK) at 0203 facing NE, not moved yet; ENGINE 3, SHIELDS 3, weapons F</title>');
    const black = sideStyleFor(['black', 'grey'], 'black');
    const grey = sideStyleFor(['black', 'grey'], 'grey');
    expect(black.shape).not.toBe(grey.shape);
    // Sides named after a colour are drawn in it (the tutorial's Black was drawn orange).
    expect([black.colour, grey.colour]).toEqual(['#2b2b2b', '#8a8f96']);
    expect(svg).toMatch(new RegExp(`data-ship="B1"[\\s\\S]*?<circle [^>]*fill="${black.colour}"`));
    expect(svg).toMatch(new RegExp(`data-ship="G1"[\\s\\S]*?<rect [^>]*fill="${grey.colour}"`));
    expect(svg).toContain('class="ship-id" text-anchor="middle">G1</text>');
    expect(svg.match(/class="facing"/g)).toHaveLength(2);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('BLACK: circles, 1 in play; GREY: squares, 1 in play');
  });

  it('leaves out ships no longer in play and draws plotted paths', () => {
    const gone = { ...ship('X', 'grey', 5, 5), status: 'destroyed' as const };
    const svg = renderHexMap({
      position: position([ship('B1', 'black', 2, 3), gone]),
      title: 't',
      paths: [{ ship: 'B1', hexes: [{ col: 2, row: 2 }], facing: 'N', leftMap: false }],
    });
    expect(svg).not.toContain('data-ship="X"');
    expect(svg).toContain('<title>plotted path of B1: 0202</title>');
  });

  it('escapes what players name: ship ids, side names, the title', () => {
    const svg = renderHexMap({
      position: position([ship('<b>&', 'black', 1, 1)]),
      title: '<script>x</script>',
      sideName: () => '"><img src=x>',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<img');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&amp;');
  });

  it('gives eight sides eight different shapes and colours', () => {
    const styles = Array.from({ length: 8 }, (_, i) => sideStyle(i));
    expect(new Set(styles.map((s) => s.shape)).size).toBe(8);
    expect(new Set(styles.map((s) => s.colour)).size).toBe(8);
  });
});

describe('side colours', () => {
  it('a side named after a colour gets that colour; the others the first palette colours left', () => {
    const sides = ['orion', 'red', 'vega'];
    const colours = sides.map((s) => sideStyleFor(sides, s).colour);
    expect(colours[1]).toBe('#D55E00');
    expect(new Set(colours).size).toBe(3);
    expect(colours[0]).toBe(sideStyle(0).colour);
  });

  it('reads the colour from the name a side is shown by, and never gives two sides one colour', () => {
    const names: Record<string, string> = { a: 'Blue Fleet', b: 'Navy blue', c: 'Empire' };
    const sides = ['a', 'b', 'c'];
    const colours = sides.map((s) => sideStyleFor(sides, s, (x) => names[x]!).colour);
    expect(colours[0]).toBe('#0072B2');
    expect(new Set(colours).size).toBe(3);
  });
});
