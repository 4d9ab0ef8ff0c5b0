/** rules-mini-combat.md §21 (deployment zones), §3.3 (coherency), §14 (forward direction). */
import { describe, expect, it } from 'vitest';
import { forward, inZone, isCoherent, zoneDepth } from '../../../src/rules/mini-combat/setup.ts';
import { h, position } from './fixtures.ts';

describe('§21 deployment zones', () => {
  const standard = position([]);
  const defensive = position([], {
    battle: { type: 'defensive', attacker: 'red', defender: 'blue', objectives: [], control: 6, destroy: 800 },
  });

  it('"standard battle: the 4 rows nearest the side\'s edge (20 cm)"', () => {
    expect([inZone(standard, 'red', h('0104')), inZone(standard, 'red', h('0105'))]).toEqual([true, false]);
    expect([inZone(standard, 'blue', h('0133')), inZone(standard, 'blue', h('0132'))]).toEqual([true, false]);
  });

  it('"defensive: the defender\'s 8 rows nearest its edge (40 cm), the attacker\'s 4 rows at the opposite edge"', () => {
    expect(zoneDepth(defensive, 'blue')).toBe(8);
    expect([inZone(defensive, 'blue', h('0129')), inZone(defensive, 'blue', h('0128'))]).toEqual([true, false]);
    expect([inZone(defensive, 'red', h('0104')), inZone(defensive, 'red', h('0105'))]).toEqual([true, false]);
  });

  it('off the map is in no zone', () => {
    expect(inZone(standard, 'red', { col: 25, row: 1 })).toBe(false);
  });

  it('"forward direction (away from its own edge: S for the side whose edge is N, N for the other)"', () => {
    expect([forward(standard, 'red'), forward(standard, 'blue')]).toEqual(['S', 'N']);
  });
});

describe('§3.3 coherency: "a unit is coherent when its active elements form one linked group (a chain)"', () => {
  it('same or adjacent hexes link; a chain is coherent; a gap is not', () => {
    expect(isCoherent([])).toBe(true);
    expect(isCoherent([h('0505'), h('0505')])).toBe(true);
    expect(isCoherent([h('0505'), h('0506'), h('0507')])).toBe(true);
    expect(isCoherent([h('0505'), h('0507')])).toBe(false);
  });

  it('Ruling (the chain reading): "each within 5 cm of some other" is not enough — two distant pairs are not coherent', () => {
    expect(isCoherent([h('0505'), h('0506'), h('0515'), h('0516')])).toBe(false);
  });
});
