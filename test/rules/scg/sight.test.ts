/**
 * What a chosen unit sees (src/rules/scg/sight.ts), as the web map shows it:
 * §3.2 "No unit may draw LOS or fire through Impassible Terrain", §2 range in
 * firing DUs with nothing beyond 6, §9.3 eligibility including the Howitzer's
 * indirect fire at what a friendly unit sees, and destroyed units out of play.
 */
import { describe, expect, it } from 'vitest';
import { parseHex } from '../../../src/rules/hex.ts';
import { sightFrom, sightSummary } from '../../../src/rules/scg/sight.ts';
import { TANK_BATTLE, WORKED_EXAMPLE } from '../../../src/rules/scg/scenarios.ts';
import type { ScgState, ScgUnit } from '../../../src/rules/scg/types.ts';

const hex = (name: string) => {
  const h = parseHex(name);
  if (!h.ok) throw new Error(name);
  return h.value;
};
const unit = (id: string, side: string, type: string, at: string, status: ScgUnit['status'] = 'active'): ScgUnit => ({
  id,
  side,
  type,
  hex: hex(at),
  damage: 0,
  status,
});

/** 10 × 8, 0504 impassable: WM's row to EH runs through it. */
const STATE: ScgState = {
  ...WORKED_EXAMPLE,
  map: { width: 10, height: 8, impassable: [hex('0504')] },
  units: [
    unit('WM', 'west', 'medium-tank', '0304'),
    unit('WA', 'west', 'artillery', '0104'),
    unit('WS', 'west', 'scout-car', '0803'),
    unit('EH', 'east', 'dual-heavy-tank', '0704'),
    unit('EL', 'east', 'light-tank', '0306'),
    unit('EX', 'east', 'light-tank', '0204', 'destroyed'),
    unit('ES', 'east', 'scout-car', '1001'),
  ],
};

describe('what a unit sees and can fire at', () => {
  it('each enemy in play, in unit order: blocked through impassable, in range, in sight but out of reach', () => {
    expect(sightFrom(STATE, 'WM')).toEqual([
      { enemy: 'EH', hex: '0704', distance: 4, range: 4, los: false, weapons: [], status: 'blocked' },
      {
        enemy: 'EL',
        hex: '0306',
        distance: 2,
        range: 2,
        los: true,
        weapons: [
          { mount: 'GUN', indirect: false },
          { mount: 'MG', indirect: false },
        ],
        status: 'fire',
      },
      { enemy: 'ES', hex: '1001', distance: 7, range: null, los: true, weapons: [], status: 'out-of-range' },
    ]);
    expect(sightSummary('WM', sightFrom(STATE, 'WM')!)).toBe(
      'WM: sees EL (range 2), ES (7 hexes, out of reach); EH blocked.',
    );
  });

  it('the Howitzer fires indirectly at what WS sees (§5.3), never at range 1–2', () => {
    const lines = sightFrom(STATE, 'WA')!;
    expect(lines.map((l) => [l.enemy, l.status, l.weapons])).toEqual([
      ['EH', 'indirect', [{ mount: 'HOW', indirect: true }]],
      ['EL', 'fire', [{ mount: 'HOW', indirect: false }]],
      ['ES', 'out-of-range', []],
    ]);
    expect(sightSummary('WA', lines)).toBe(
      'WA: sees EL (range 3), ES (9 hexes, out of reach); EH blocked (range 6, indirect fire only).',
    );
    // Without the spotter EH is plainly blocked.
    const alone = { ...STATE, units: STATE.units.filter((u) => u.id !== 'WS') };
    expect(sightFrom(alone, 'WA')![0]!.status).toBe('blocked');
  });

  it('range counts firing DUs (§2): with rangeScale 2, 7 hexes is range 4', () => {
    const wide = sightFrom({ ...STATE, rangeScale: 2 }, 'WM')!;
    expect(wide.find((l) => l.enemy === 'ES')).toMatchObject({ distance: 7, range: 4, status: 'fire' });
  });

  it('a destroyed or unknown unit sees nothing; a side without enemies in play is said so', () => {
    expect(sightFrom(STATE, 'EX')).toBeNull();
    expect(sightFrom(STATE, 'NOPE')).toBeNull();
    const lonely = { ...STATE, units: STATE.units.filter((u) => u.side === 'west') };
    expect(sightSummary('WM', sightFrom(lonely, 'WM')!)).toBe('WM: no enemy in play.');
  });

  it('Tank Battle at the start: every enemy of WM is beyond range 6 and out of sight', () => {
    expect(sightFrom(TANK_BATTLE, 'WM')!.every((l) => l.range === null && l.weapons.length === 0)).toBe(true);
  });
});
