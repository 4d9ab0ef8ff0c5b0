/** rules-tactical.md §4: movement. */
import { describe, expect, it } from 'vitest';
import { followPlot } from '../../src/rules/movement.ts';
import { formatHex } from '../../src/rules/hex.ts';
import { parsePlot } from '../../src/rules/plot.ts';
import type { Direction, Plot } from '../../src/rules/types.ts';
import { h } from './fixtures.ts';

const plot = (t: string): Plot => {
  const r = parsePlot(t);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const map = { width: 10, height: 10 };
const run = (hex: string, facing: Direction, p: string) => {
  const o = followPlot({ hex: h(hex), facing }, plot(p), map);
  return { hex: formatHex(o.hex), facing: o.facing, path: o.path.map(formatHex), leftMap: o.leftMap };
};

describe('§4 movement', () => {
  it('"A number n moves n hexes forward in the facing direction; L turns one hexside counter-clockwise, R one hexside clockwise."', () => {
    expect(run('0505', 'N', '2L1')).toEqual({
      hex: '0402',
      facing: 'NW',
      path: ['0504', '0503', '0402'],
      leftMap: false,
    });
    expect(run('0505', 'N', 'R2')).toEqual({ hex: '0704', facing: 'NE', path: ['0604', '0704'], leftMap: false });
    // 0607 is in an even column: its SW neighbour is (c-1, r+1).
    expect(run('0606', 'S', '1R1')).toEqual({ hex: '0508', facing: 'SW', path: ['0607', '0508'], leftMap: false });
  });

  it('"SPEED 0: the order is empty (or 0); the ship stays."', () => {
    expect(run('0505', 'SE', '0')).toEqual({ hex: '0505', facing: 'SE', path: [], leftMap: false });
  });

  it('a turn alone changes only the facing', () => {
    expect(run('0505', 'NW', 'R')).toEqual({ hex: '0505', facing: 'N', path: [], leftMap: false });
    expect(run('0505', 'N', 'L')).toEqual({ hex: '0505', facing: 'NW', path: [], leftMap: false });
  });

  it('Ruling: "a ship whose path leaves the map at any step has left the battle: it is removed at that step" (§10: "keeps … the last hex it held on the map and its facing there")', () => {
    expect(run('0502', 'N', '3')).toEqual({ hex: '0501', facing: 'N', path: ['0501'], leftMap: true });
    // It leaves at the first step off the map, even if the rest of its plot would bring it back.
    expect(run('0101', 'N', '1R1R1')).toEqual({ hex: '0101', facing: 'N', path: [], leftMap: true });
    expect(run('0909', 'SE', 'L2')).toEqual({ hex: '1008', facing: 'NE', path: ['1008'], leftMap: true });
  });
});
