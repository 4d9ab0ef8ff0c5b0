/** rules-mini-combat.md §2 (terrain) and §8.2 (who may enter a hex). */
import { describe, expect, it } from 'vitest';
import { groundMayEnter, mayEndIn, TERRAIN_RULES, terrainAt } from '../../../src/rules/mini-combat/terrain.ts';
import { TERRAINS, type ElementType } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position } from './fixtures.ts';

const of = (type: ElementType, special: string[] = []) => ({ type, special });

describe('§2 terrain', () => {
  it('"hexes not listed in the state\'s terrain are open"', () => {
    const p = position([], { terrain: { '0505': 'forest' } });
    expect(terrainAt(p, h('0505'))).toBe('forest');
    expect(terrainAt(p, h('0506'))).toBe('open');
  });

  it('cover saves of the table: forest 5+, building 4+, urban 5+, river 6+, hill 5+, the rest none', () => {
    expect(Object.fromEntries(TERRAINS.map((t) => [t, TERRAIN_RULES[t].cover]))).toEqual({
      open: null,
      road: null,
      forest: 5,
      swamp: null,
      rough: null,
      building: 4,
      urban: 5,
      water: null,
      river: 6,
      hill: 5,
      vacuum: null,
    });
  });
});

describe('§8.2 who may enter a hex', () => {
  it('"forest, swamp, rough not vehicles; building not vehicles, cavalry or mecha"', () => {
    for (const t of ['forest', 'swamp', 'rough'] as const) {
      expect(groundMayEnter(of('vehicle'), t)).toBe(false);
      expect(groundMayEnter(of('cavalry'), t)).toBe(true);
    }
    for (const type of ['vehicle', 'cavalry', 'mecha'] as const)
      expect(groundMayEnter(of(type), 'building')).toBe(false);
    for (const type of ['infantry', 'creature', 'structure'] as const)
      expect(groundMayEnter(of(type), 'building')).toBe(true);
  });

  it('"water only with Amphibious or Submersible; vacuum only with Sealed or Submersible"', () => {
    expect(groundMayEnter(of('infantry'), 'water')).toBe(false);
    expect(groundMayEnter(of('vehicle', ['Amph']), 'water')).toBe(true);
    expect(groundMayEnter(of('vehicle', ['Sub']), 'water')).toBe(true);
    expect(groundMayEnter(of('infantry'), 'vacuum')).toBe(false);
    expect(groundMayEnter(of('infantry', ['Se']), 'vacuum')).toBe(true);
    expect(groundMayEnter(of('infantry', ['Sub']), 'vacuum')).toBe(true);
    expect(groundMayEnter(of('infantry', ['Amph']), 'vacuum')).toBe(false);
  });

  it('"Water bound elements may enter only water and river hexes"', () => {
    expect(groundMayEnter(of('vehicle', ['WB']), 'water')).toBe(true);
    expect(groundMayEnter(of('vehicle', ['WB']), 'river')).toBe(true);
    expect(groundMayEnter(of('vehicle', ['WB']), 'open')).toBe(false);
  });

  it('"an airborne Flying element, a Skimmer and an Ethereal element may enter any hex, and end its move there"', () => {
    expect(mayEndIn(el('F', { type: 'vehicle', special: ['Fly'] }), 'building')).toBe(true);
    expect(mayEndIn(el('F', { type: 'vehicle', special: ['Fly'], landed: true }), 'building')).toBe(false);
    expect(mayEndIn(el('S', { type: 'vehicle', special: ['Sk'] }), 'water')).toBe(true);
    expect(mayEndIn(el('E', { type: 'creature', special: ['Eth'] }), 'vacuum')).toBe(true);
    expect(mayEndIn(el('J', { type: 'vehicle', special: ['JJ'] }), 'forest')).toBe(false);
  });
});
