/**
 * A Mini Combat battle of about 1000 points a side for tests and the benchmark (rules-mini-combat.md, issue 22):
 * 20 units and 70 elements each — rifles, levies, militia, tanks, mortars with 5 cm blast templates and indirect
 * fire, guns with Bombardment, flamers with the cone, warriors who charge — in two bands of rows facing each other
 * across open ground with a little terrain. `largeBattle(shift)` turns the mix of units by `shift`, so that many
 * battles differ.
 */
import type { Element, ElementDesign, MiniPosition, Unit } from '../../src/rules/mini-combat/types.ts';

type Design = Omit<ElementDesign, 'command'>;
const d = (type: Design['type'], stats: number[], special: string[] = []): Design => {
  const [move, range, toHit, save, power, armor, morale] = stats as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { type, move, range, toHit, save, power, armor, morale, special };
};
/** Designs of §23, and two cheap infantry designs so that 70 elements make about 1000 points. */
const D = {
  Rifle: d('infantry', [10, 30, 4, 6, 2, 2, 4]),
  Levy: d('infantry', [10, 20, 5, 6, 2, 1, 4]),
  Militia: d('infantry', [10, 20, 5, 7, 1, 1, 5]),
  Tank: d('vehicle', [20, 50, 4, 5, 5, 5, 4], ['RdFA']),
  Mortar: d('infantry', [5, 60, 5, 6, 3, 1, 4], ['IF', '5c']),
  Gun: d('vehicle', [10, 100, 5, 6, 4, 2, 4], ['Bmb', 'IF', 'MoF']),
  Flamer: d('infantry', [10, 0, 4, 6, 3, 2, 4], ['Cone', 'IC']),
  Warrior: d('infantry', [10, 0, 4, 7, 3, 2, 4], ['Ch']),
};

/** Each ten units of a side: a design and how many elements of it (525 points, 35 elements). */
const MIX: [keyof typeof D, number][] = [
  ['Rifle', 4],
  ['Levy', 5],
  ['Tank', 1],
  ['Mortar', 2],
  ['Warrior', 4],
  ['Gun', 1],
  ['Flamer', 2],
  ['Levy', 4],
  ['Militia', 6],
  ['Militia', 6],
];

/** 20 units a side, 70 elements and 1050 points each, in two bands of rows facing each other across open ground. */
export function largeBattle(shift = 0): MiniPosition {
  const units: Unit[] = [];
  for (const [side, facing, rows] of [
    ['red', 'S', [10, 12]],
    ['blue', 'N', [20, 22]],
  ] as const) {
    for (let i = 0; i < 20; i++) {
      const [design, n] = MIX[(i + shift) % MIX.length]!;
      const id = `${side[0]!.toUpperCase()}${i + 1}`;
      const col = 1 + ((i % 10) * 2 + (i >= 10 ? 1 : 0)) + 2;
      const row = rows[i >= 10 ? 1 : 0];
      const elements: Element[] = Array.from({ length: n }, (_, j) => ({
        id: `${id}${String.fromCharCode(97 + j)}`,
        ...D[design],
        command: false,
        status: 'active',
        hex: { col, row: row + (j >= 3 ? 1 : 0) },
        facing,
        from: null,
        still: 0,
        firedTurn: null,
        shotUsed: false,
        hidden: false,
        carrier: null,
        landed: false,
        submerged: false,
        teleported: false,
      }));
      units.push({ id, side, formation: null, elements });
    }
  }
  return {
    map: { width: 24, height: 36 },
    terrain: new Map([
      ['0815', 'forest'],
      ['0915', 'forest'],
      ['1416', 'hill'],
      ['1716', 'building'],
      ['0517', 'rough'],
    ]),
    turn: 1,
    sides: ['red', 'blue'],
    edges: { red: 'N', blue: 'S' },
    battle: { type: 'standard', target: 500 },
    turnLimit: 10,
    options: { stack: 3, denyRange: 25, denyStealthRange: 50 },
    units,
    conceded: [],
  };
}
