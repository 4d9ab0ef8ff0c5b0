/** The sample scenarios (rules-scg.md §15) as turn-1 states, and the worked example of §15.3. */
import { parseHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import type { ScgState, ScgUnit } from './types.ts';

function hexOf(name: string): Hex {
  const h = parseHex(name);
  if (!h.ok) throw new Error(`bad hex in scenario data: ${name}`);
  return h.value;
}

const hexes = (names: string): Hex[] => names.split(/\s+/).filter(Boolean).map(hexOf);

function units(side: string, list: readonly (readonly [string, string, string])[]): ScgUnit[] {
  return list.map(([id, type, hex]) => ({ id, side, type, hex: hexOf(hex), damage: 0, status: 'active' }));
}

/** §15.1 Tank Battle: 16 × 12, turn limit 10, 61 points a side. */
export const TANK_BATTLE: ScgState = {
  map: {
    width: 16,
    height: 12,
    impassable: hexes('0504 0505 0605 0708 0709 0803 0806 0907 0910 1004 1005 1108 1208 1209'),
  },
  turn: 1,
  turnLimit: 10,
  rangeScale: 1,
  sides: ['west', 'east'],
  unitTypes: {},
  weaponTypes: {},
  units: [
    ...units('west', [
      ['WH', 'dual-heavy-tank', '0106'],
      ['WM', 'medium-tank', '0204'],
      ['WL1', 'light-tank', '0202'],
      ['WL2', 'light-tank', '0209'],
    ]),
    ...units('east', [
      ['EH', 'dual-heavy-tank', '1607'],
      ['EM', 'medium-tank', '1509'],
      ['EL1', 'light-tank', '1511'],
      ['EL2', 'light-tank', '1504'],
    ]),
  ],
  conceded: [],
};

const COMBINED_TYPES = [
  'dual-heavy-tank',
  'medium-tank',
  'medium-tank',
  'light-tank',
  'infantry-squad',
  'infantry-squad',
  'scout-car',
  'artillery',
] as const;

/** §15.2 Combined Arms: 20 × 14, turn limit 12, 96 points a side. */
export const COMBINED_ARMS: ScgState = {
  map: {
    width: 20,
    height: 14,
    impassable: hexes('0604 0605 0606 0703 0911 0912 1005 1008 1107 1110 1203 1204 1412 1509 1510 1511'),
  },
  turn: 1,
  turnLimit: 12,
  rangeScale: 1,
  sides: ['west', 'east'],
  unitTypes: {},
  weaponTypes: {},
  units: [
    ...units(
      'west',
      ['WH', 'WM1', 'WM2', 'WL', 'WI1', 'WI2', 'WS', 'WA'].map(
        (id, i) =>
          [id, COMBINED_TYPES[i]!, ['0207', '0205', '0210', '0203', '0406', '0409', '0312', '0108'][i]!] as const,
      ),
    ),
    ...units(
      'east',
      ['EH', 'EM1', 'EM2', 'EL', 'EI1', 'EI2', 'ES', 'EA'].map(
        (id, i) =>
          [id, COMBINED_TYPES[i]!, ['1908', '1910', '1905', '1912', '1709', '1706', '1803', '2007'][i]!] as const,
      ),
    ),
  ],
  conceded: [],
};

/** The scenarios by the id a game is created with. */
export const SCG_SCENARIOS: Readonly<Record<string, ScgState>> = Object.freeze({
  'scg-tank-battle': TANK_BATTLE,
  'scg-combined-arms': COMBINED_ARMS,
});

/** §15.3: the worked example's position (its orders and dice are in the tests). */
export const WORKED_EXAMPLE: ScgState = {
  map: { width: 10, height: 8, impassable: hexes('0604') },
  turn: 1,
  turnLimit: null,
  rangeScale: 1,
  sides: ['west', 'east'],
  unitTypes: {},
  weaponTypes: {},
  units: [
    ...units('west', [
      ['WM', 'medium-tank', '0205'],
      ['WL', 'light-tank', '0207'],
    ]),
    ...units('east', [['EH', 'dual-heavy-tank', '0904']]),
  ],
  conceded: [],
};
