/** rules-mini-combat.md §9.1 (line of sight) and §9.2 (seeing). */
import { describe, expect, it } from 'vitest';
import { formatHex, neighbour } from '../../../src/rules/hex.ts';
import { canSee, lineOfSight, sideSees, type SightContext } from '../../../src/rules/mini-combat/sight.ts';
import type { Terrain } from '../../../src/rules/mini-combat/types.ts';
import { walk } from '../../../src/rules/mini-combat/geometry.ts';
import { el, h, position, unit } from './fixtures.ts';

const map = (terrain: Record<string, Terrain>) => position([], { terrain });
const now: SightContext = { attackTurn: 1, insubstantial: new Set() };

describe('§9.1 line of sight', () => {
  // 0505 to 0509: the segment runs straight down column 5 through 0506, 0507, 0508.
  it('"any is a building or urban hex" between: blocked', () => {
    expect(lineOfSight(map({ '0507': 'building' }), h('0505'), h('0509'))).toBe(false);
    expect(lineOfSight(map({ '0507': 'urban' }), h('0505'), h('0509'))).toBe(false);
    expect(lineOfSight(map({}), h('0505'), h('0509'))).toBe(true);
  });

  it('"any is a hill hex, unless the firer\'s or the target\'s hex is a hill hex"', () => {
    expect(lineOfSight(map({ '0507': 'hill' }), h('0505'), h('0509'))).toBe(false);
    expect(lineOfSight(map({ '0507': 'hill', '0505': 'hill' }), h('0505'), h('0509'))).toBe(true);
    expect(lineOfSight(map({ '0507': 'hill', '0509': 'hill' }), h('0505'), h('0509'))).toBe(true);
  });

  it('"two or more are forest hexes (10 cm blocks line of sight)": one forest hex between does not block', () => {
    expect(lineOfSight(map({ '0507': 'forest' }), h('0505'), h('0509'))).toBe(true);
    expect(lineOfSight(map({ '0507': 'forest', '0508': 'forest' }), h('0505'), h('0509'))).toBe(false);
  });

  it('"End hexes never block": an element in a forest, a building or on a hill sees out and is seen', () => {
    const t = map({ '0505': 'building', '0509': 'forest', '0508': 'forest' });
    expect(lineOfSight(t, h('0505'), h('0509'))).toBe(true);
  });

  it('"LOS is blocked only if both shifted segments are blocked": a segment along a hexside needs both sides blocked', () => {
    // From 1010 two steps N then NE… the hex reached by one step N and one NE lies on a spine: the segment
    // runs along the edge between the N and the NE neighbours.
    const a = h('1010');
    const b = walk(walk(a, 'N', 1), 'NE', 1);
    const n = formatHex(neighbour(a, 'N'));
    const ne = formatHex(neighbour(a, 'NE'));
    expect(lineOfSight(map({ [n]: 'building' }), a, b)).toBe(true);
    expect(lineOfSight(map({ [ne]: 'building' }), a, b)).toBe(true);
    expect(lineOfSight(map({ [n]: 'building', [ne]: 'urban' }), a, b)).toBe(false);
  });

  it('"The same hex (range 0) always has LOS"; "LOS to or from an airborne flier is never blocked"', () => {
    expect(lineOfSight(map({ '0505': 'building' }), h('0505'), h('0505'))).toBe(true);
    expect(lineOfSight(map({ '0507': 'building' }), h('0505'), h('0509'), true)).toBe(true);
  });

  it('forest hexes counted per shifted segment: two forests on opposite sides of a hexside segment do not add up', () => {
    const a = h('1010');
    const b = walk(walk(a, 'N', 1), 'NE', 1);
    const n = formatHex(neighbour(a, 'N'));
    const ne = formatHex(neighbour(a, 'NE'));
    expect(lineOfSight(map({ [n]: 'forest', [ne]: 'forest' }), a, b)).toBe(true);
  });
});

describe('§9.2 seeing an element', () => {
  const p = position([]);

  it('an ordinary active enemy is seen at any distance, LOS or not', () => {
    expect(canSee(p, el('X', { hex: '0101' }), el('Y', { hex: '2436' }), now)).toBe(true);
  });

  it('"not hidden (Scout), not submerged and not insubstantial"', () => {
    const x = el('X', { hex: '0505' });
    expect(canSee(p, x, el('Y', { hex: '0506', hidden: true, special: ['Sc'] }), now)).toBe(false);
    expect(canSee(p, x, el('Y', { hex: '0506', submerged: true, special: ['Sub'] }), now)).toBe(false);
    expect(canSee(p, x, el('Y', { hex: '0506', special: ['Ins'] }), { ...now, insubstantial: new Set(['Y']) })).toBe(
      false,
    );
    expect(canSee(p, x, el('Y', { hex: '0506', status: 'carried', carrier: 'T' }), now)).toBe(false);
    expect(canSee(p, x, el('Y', { hex: null, status: 'reserve' }), now)).toBe(false);
  });

  it('"Carried and reserve elements see nothing"', () => {
    const y = el('Y', { hex: '0506' });
    expect(canSee(p, el('X', { hex: '0505', status: 'carried', carrier: 'T' }), y, now)).toBe(false);
    expect(canSee(p, el('X', { hex: null, status: 'reserve' }), y, now)).toBe(false);
  });

  it('Stealth: seen within 5 hexes, not at 6', () => {
    const x = el('X', { hex: '0505' });
    expect(canSee(p, x, el('Y', { hex: '0510', special: ['St'] }), now)).toBe(true);
    expect(canSee(p, x, el('Y', { hex: '0511', special: ['St'] }), now)).toBe(false);
  });

  it('Stealth: "Y has attacked this turn" — seen at any distance in the turn it attacked, not the turn after', () => {
    const x = el('X', { hex: '0505' });
    expect(canSee(p, x, el('Y', { hex: '0520', special: ['St'], firedTurn: 1 }), now)).toBe(true);
    expect(canSee(p, x, el('Y', { hex: '0520', special: ['St'], firedTurn: 1 }), { ...now, attackTurn: 2 })).toBe(
      false,
    );
  });

  it('Deny Stealth sees Stealth elements up to 10 hexes (options.denyStealthRange ÷ 5)', () => {
    const x = el('X', { hex: '0505', special: ['Den:St'] });
    expect(canSee(p, x, el('Y', { hex: '0515', special: ['St'] }), now)).toBe(true);
    expect(canSee(p, x, el('Y', { hex: '0516', special: ['St'] }), now)).toBe(false);
    const wide = position([], { options: { stack: 3, denyRange: 25, denyStealthRange: 60 } });
    expect(canSee(wide, x, el('Y', { hex: '0516', special: ['St'] }), now)).toBe(true);
  });

  it('"A side sees Y when any of its active elements can see Y"', () => {
    const y = el('Y', { hex: '0515', special: ['St'] });
    const far = unit('R1', 'red', [el('R1a', { hex: '0501' })]);
    const near = unit('R2', 'red', [el('R2a', { hex: '0511' })]);
    expect(sideSees(position([far]), 'red', y, now)).toBe(false);
    expect(sideSees(position([far, near]), 'red', y, now)).toBe(true);
  });
});
