/** The sample battle of rules-mini-combat.md §23: its map, designs and forces, as a position. */
import type { Element, ElementDesign, Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import { el, position, unit } from './fixtures.ts';

type Design = Omit<ElementDesign, 'command'> & { command?: boolean };
const d = (
  type: ElementDesign['type'],
  [move, range, toHit, save, power, armor, morale]: number[],
  special: string[] = [],
): Design => ({
  type,
  move: move!,
  range: range!,
  toHit: toHit!,
  save: save!,
  power: power!,
  armor: armor!,
  morale: morale!,
  special,
});

/** The designs table of §23. */
export const DESIGNS = {
  Rifle: d('infantry', [10, 30, 4, 6, 2, 2, 4]),
  Leader: { ...d('infantry', [10, 30, 3, 6, 2, 2, 3]), command: true },
  Tank: d('vehicle', [20, 50, 4, 5, 5, 5, 4], ['RdFA']),
  Mortar: d('infantry', [5, 60, 5, 6, 3, 1, 4], ['IF', '5c']),
  Scout: d('infantry', [15, 20, 4, 5, 1, 1, 3], ['Sc', 'Rec']),
  Para: d('infantry', [10, 20, 4, 6, 2, 2, 3], ['DrpS']),
  Gunship: d('vehicle', [30, 40, 4, 5, 4, 3, 3], ['Fly', 'SS']),
  Medic: d('infantry', [10, 10, 6, 6, 1, 1, 4], ['Heal4']),
  Warrior: d('infantry', [10, 0, 4, 7, 3, 2, 4], ['Ch']),
  Chief: { ...d('infantry', [10, 0, 3, 6, 3, 2, 3], ['Ch']), command: true },
  Beast: d('creature', [20, 0, 3, 6, 4, 3, 3], ['MA']),
  Flamer: d('infantry', [10, 0, 4, 6, 3, 2, 4], ['Cone', 'IC']),
  Gun: d('vehicle', [10, 100, 5, 6, 4, 2, 4], ['Bmb', 'IF', 'MoF']),
  Stalker: d('creature', [15, 15, 4, 5, 3, 2, 3], ['St', 'Tel']),
  Ghost: d('creature', [15, 0, 4, 7, 2, 1, 1], ['Ins', 'Eth']),
  Carrier: d('vehicle', [20, 20, 5, 5, 2, 4, 4], ['T3', 'Amph']),
  Shaman: d('creature', [10, 20, 4, 6, 2, 1, 2], ['Heal4', 'Den:Tel']),
} satisfies Record<string, Design>;

/** The terrain of §23. */
export function sampleTerrain(): Record<string, Terrain> {
  const t: Record<string, Terrain> = {};
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let c = 1; c <= 24; c++) t[`${pad(c)}18`] = 'river';
  for (let r = 1; r <= 36; r++) t[`12${pad(r)}`] = 'road';
  const put = (type: Terrain, hexes: string) => {
    for (const x of hexes.split(' ')) t[x] = type;
  };
  put('forest', '0508 0509 0608 0609 0709 1826 1827 1926 1927 2027');
  put('hill', '1713 1714 1813 0424 0524');
  put('urban', '1110 1310 1111 1311');
  put('building', '1109 1309');
  put('water', '2019 2020 2119 2120 2121');
  put('swamp', '0720 0721 0820');
  put('rough', '1530 1531');
  return t;
}

/** A unit of designs placed at hexes (the last repeats), ids the unit's with a, b, c … (§21). */
function force(
  id: string,
  side: string,
  designs: Design[],
  hexes: (string | null)[],
  facing: 'N' | 'S',
  over: Partial<Omit<Element, 'hex' | 'from'>> = {},
): Unit {
  return unit(
    id,
    side,
    designs.map((x, i) => {
      const hex = hexes[Math.min(i, hexes.length - 1)]!;
      return el(`${id}${String.fromCharCode(97 + i)}`, {
        command: false,
        ...x,
        hex,
        facing,
        status: hex === null ? 'reserve' : 'active',
        ...over,
      });
    }),
  );
}

const times = (x: Design, n: number): Design[] => Array.from({ length: n }, () => x);

/** The two forces of §23, all facing as the page says (red S, blue N), before turn 1. */
export function sampleBattle() {
  const D = DESIGNS;
  const units: Unit[] = [
    force('R1', 'red', [...times(D.Rifle, 5), D.Leader], ['0903', '0903', '0903', '1003'], 'S'),
    force('R2', 'red', [...times(D.Rifle, 4), D.Leader], ['1403', '1403', '1403', '1503'], 'S'),
    force('R3', 'red', times(D.Tank, 3), ['1104', '1204', '1304'], 'S'),
    force('R4', 'red', times(D.Mortar, 2), ['1202'], 'S'),
    force('R5', 'red', times(D.Scout, 2), ['1716'], 'S', { hidden: true }),
    force('R6', 'red', times(D.Para, 3), [null], 'S'),
    force('R7', 'red', [D.Gunship], ['1602'], 'S'),
    force('R8', 'red', [D.Medic], ['1002'], 'S'),
    force('B1', 'blue', [...times(D.Warrior, 5), D.Chief], ['0933', '0933', '0933', '1033'], 'N'),
    force('B2', 'blue', times(D.Warrior, 6), ['1433', '1433', '1433', '1533'], 'N'),
    force('B3', 'blue', times(D.Beast, 3), ['1834'], 'N'),
    force('B4', 'blue', times(D.Flamer, 2), ['1233'], 'N'),
    force('B5', 'blue', times(D.Gun, 2), ['1235'], 'N'),
    force('B6', 'blue', times(D.Stalker, 2), [null], 'N'),
    force('B7', 'blue', times(D.Ghost, 2), ['0634'], 'N'),
    force('B8', 'blue', [D.Carrier], ['1134'], 'N'),
    force('B9', 'blue', [D.Shaman], ['1135'], 'N'),
  ];
  return position(units, { terrain: sampleTerrain(), battle: { type: 'standard', target: 375 } });
}
