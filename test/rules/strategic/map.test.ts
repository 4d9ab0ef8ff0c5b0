/** rules-strategic.md §1: the map — generated from a seed, or given by the moderator and checked. */
import { describe, expect, it } from 'vitest';
import { distance, formatHex, onMap } from '../../../src/rules/hex.ts';
import {
  checkMap,
  generateMap,
  HOME_SPREAD,
  homeSpread,
  maxSystems,
  type MapOptions,
} from '../../../src/rules/strategic/map.ts';
import { system } from './fixtures.ts';

const options = (more: Partial<MapOptions> = {}): MapOptions => ({
  width: 30,
  height: 20,
  systems: 40,
  seed: 'orion',
  sides: ['blue', 'red'],
  ...more,
});

function generated(more: Partial<MapOptions> = {}) {
  const r = generateMap(options(more));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('generateMap', () => {
  it('"The service can generate a map from a seed (size, number of systems)", reproducible from its seed', () => {
    const a = generated();
    expect(generated()).toEqual(a);
    expect(generated({ seed: 'lyra' })).not.toEqual(a);
    expect(a.systems).toHaveLength(40);
    expect(checkMap(a.map, a.systems, ['blue', 'red'])).toEqual([]);
    const names = a.systems.map((s) => formatHex(s.hex));
    expect([...names].sort()).toEqual(names);
  });

  it('"Each side has one home system, usually at opposite ends … the homes far apart"', () => {
    for (const [width, height] of [
      [4, 4],
      [16, 12],
      [60, 40],
      [99, 99],
      [99, 4],
    ] as const) {
      const m = generated({ width, height, systems: Math.min(20, maxSystems(width, height)) });
      expect(homeSpread(m.map, m.systems)).toBeGreaterThanOrEqual(HOME_SPREAD);
      const [blue, red] = [m.systems.find((s) => s.home === 'blue')!, m.systems.find((s) => s.home === 'red')!];
      expect(blue).toMatchObject({ owner: 'blue', capturedTurn: 0, held: null });
      expect(red).toMatchObject({ owner: 'red', capturedTurn: 0 });
      expect(blue.hex.col).toBeLessThan(red.hex.col);
    }
  });

  it('"with systems spread evenly": no two systems crowd while room is left elsewhere', () => {
    const m = generated({ width: 60, height: 40, systems: 200 });
    expect(m.systems).toHaveLength(200);
    expect(m.systems.every((s) => onMap(s.hex, m.map))).toBe(true);
    const nearest = m.systems.map((s) =>
      Math.min(...m.systems.filter((o) => o !== s).map((o) => distance(s.hex, o.hex))),
    );
    // 2400 hexes for 200 systems: about 12 each, so neighbours about 3 apart; best-candidate keeps all but a few at 2
    // or more.
    expect(nearest.filter((d) => d < 2).length).toBeLessThan(10);
    expect(nearest.reduce((a, b) => a + b, 0) / nearest.length).toBeGreaterThan(2.5);
  });

  it('every system but the homes starts owned by nobody, and each has a name', () => {
    const m = generated();
    expect(m.systems.filter((s) => s.home === null).every((s) => s.owner === null && s.capturedTurn === null)).toBe(
      true,
    );
    expect(new Set(m.systems.map((s) => s.name)).size).toBe(m.systems.length);
  });

  it('refuses a size or a number of systems it cannot place', () => {
    const codes = (more: Partial<MapOptions>) => {
      const r = generateMap(options(more));
      return r.ok ? [] : r.error.map((e) => e.code);
    };
    expect(codes({ width: 100 })).toEqual(['MAP_SIZE']);
    expect(codes({ height: 3 })).toEqual(['MAP_SIZE']);
    expect(codes({ systems: 1 })).toEqual(['MAP_SYSTEMS']);
    expect(codes({ systems: maxSystems(30, 20) + 1 })).toEqual(['MAP_SYSTEMS']);
    expect(codes({ sides: ['blue', 'blue'] })).toEqual(['SIDES']);
    expect(generateMap(options({ systems: maxSystems(30, 20) })).ok).toBe(true);
  });
});

describe('checkMap (a moderator-given map)', () => {
  const map = { width: 12, height: 10 };
  const homes = [
    system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
    system('1109', { home: 'red', owner: 'red', capturedTurn: 0 }),
  ];
  const codes = (systems: ReturnType<typeof system>[]) => checkMap(map, systems, ['blue', 'red']).map((e) => e.code);

  it('"hexes on the map, one system per hex, one home per side"', () => {
    expect(codes(homes)).toEqual([]);
    expect(codes([...homes, system('1311')])).toEqual(['SYSTEM_OFF_MAP']);
    expect(codes([...homes, system('0505'), system('0505')])).toEqual(['SYSTEM_DUPLICATE']);
    expect(codes([homes[0]!])).toEqual(['HOME_COUNT']);
    expect(codes([...homes, system('0505', { home: 'blue' })])).toEqual(['HOME_COUNT']);
    expect(codes([...homes, system('0505', { owner: 'green', capturedTurn: 1 })])).toEqual(['SYSTEM_SIDE']);
  });

  it('system names are short and printable', () => {
    expect(codes([...homes, system('0505', { name: 'New Terra' })])).toEqual([]);
    expect(codes([...homes, system('0505', { name: '<script>' })])).toEqual(['SYSTEM_NAME']);
    expect(codes([...homes, system('0505', { name: 'x'.repeat(41) })])).toEqual(['SYSTEM_NAME']);
  });

  it('"(at most 99 × 99)"', () => {
    expect(checkMap({ width: 100, height: 10 }, homes, ['blue', 'red']).map((e) => e.code)).toContain('MAP_SIZE');
  });
});
