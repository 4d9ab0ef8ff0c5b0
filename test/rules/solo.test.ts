/**
 * rules-solo.md: the non-player side. One test per rule and ruling, each
 * quoting the sentence it checks; the tables are compared cell for cell with
 * the markdown of the spec itself (and with the seed).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ATTACK_TABLE, MOVEMENT_TABLES, chooseSoloTarget, soloMovement, soloSpeed } from '../../src/rules/solo.ts';
import { ScriptedDice } from '../../src/rules/dice.ts';
import { distance, parseHex } from '../../src/rules/hex.ts';
import { bearing } from '../../src/rules/arcs.ts';
import { formatPlot, parsePlot, plotCost } from '../../src/rules/plot.ts';
import type { Design, Direction, Hex, Position, Ship, ShipStatus } from '../../src/rules/types.ts';

// ---------------------------------------------------------------- fixtures

const at = (name: string): Hex => {
  const r = parseHex(name);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const DESIGN: Design = { engine: 3, shields: 3, toHit: 3, weapons: ['F'] };

interface ShipSpec {
  facing?: Direction;
  speed?: number | null;
  engine?: number;
  status?: ShipStatus;
}

function ship(id: string, side: string, hexName: string, spec: ShipSpec = {}): Ship {
  return {
    id,
    side,
    hex: at(hexName),
    facing: spec.facing ?? 'N',
    speed: spec.speed === undefined ? 3 : spec.speed,
    engine: spec.engine ?? 3,
    shields: 3,
    toHit: 3,
    weapons: ['F'],
    design: DESIGN,
    status: spec.status ?? 'active',
  };
}

/** `red` is the solo side, `blue` the player, unless told otherwise. */
function position(ships: Ship[], solo: string[] = ['red'], sides: string[] = ['blue', 'red']): Position {
  return { map: { width: 20, height: 20 }, turn: 1, sides, solo, ships, turnLimit: null, conceded: [] };
}

/*
 * Seen from 0505 facing N (checked below against the geometry): 0503 dead
 * ahead, 0507 dead astern, 0705 / 0704 / 0706 right, 0305 / 0304 / 0306 left,
 * all at range 2; 0805 right and 0205 left at range 3.
 */
const HOME = '0505';

// ---------------------------------------------------------------- the spec's tables

const here = fileURLToPath(new URL('.', import.meta.url));
/** The rules and the book they come from are kept in the project's docs. */
function readText(name: string, dirs: string[]): string {
  const found = dirs.map((d) => `${d}/${name}`).find((p) => existsSync(p));
  if (!found) throw new Error(`${name} not found in ${dirs.join(', ')}: the tables are checked against it`);
  return readFileSync(found, 'utf8');
}
const SPEC = readText('rules-solo.md', [`${here}../../docs/rules`]);

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** The markdown table whose header row starts with `header`: its body rows, as cells. */
function markdownTable(text: string, header: RegExp): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => header.test(l));
  if (start < 0) throw new Error(`no table ${header} in the spec`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(cellsOf(line));
  }
  return rows;
}

const SPEEDS = [1, 2, 3, 4, 5, 6] as const;

function specMovementTable(speed: number): string[][] {
  const rows = markdownTable(
    SPEC,
    new RegExp(`^\\|\\s*SPEED ${speed}\\s*\\|\\s*1\\s*\\|\\s*2\\s*\\|\\s*3\\s*\\|\\s*4\\s*\\|`),
  );
  expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6']);
  return rows.map((r) => r.slice(1));
}

// ---------------------------------------------------------------- tests

describe('fixtures', () => {
  it('the test geometry is what the comments say (arcs.ts bearing, hex.ts distance)', () => {
    const b = (to: string) => bearing(at(HOME), 'N', at(to));
    expect([b('0503'), b('0507'), b('0505')]).toEqual(['ahead', 'astern', 'same']);
    expect(['0705', '0704', '0706', '0805'].map(b)).toEqual(['right', 'right', 'right', 'right']);
    expect(['0305', '0304', '0306', '0205'].map(b)).toEqual(['left', 'left', 'left', 'left']);
    expect(
      ['0503', '0507', '0705', '0704', '0706', '0305', '0304', '0306'].map((h) => distance(at(HOME), at(h))),
    ).toEqual(Array(8).fill(2));
    expect(['0805', '0205'].map((h) => distance(at(HOME), at(h)))).toEqual([3, 3]);
  });
});

describe('§2 the Movement tables', () => {
  it('"These are the seed\'s tables cell for cell": every cell equals the spec\'s markdown tables', () => {
    for (const speed of SPEEDS) {
      expect(MOVEMENT_TABLES[speed], `SPEED ${speed}`).toEqual(specMovementTable(speed));
    }
  });

  it('"(both seed texts agree)": every cell also equals the seed\'s tables', () => {
    const seed = readText('msc-book.txt', [`${here}../../docs/book`]).split('\n');
    for (const speed of SPEEDS) {
      const start = seed.findIndex((l) => l.trim() === `SPEED ${speed}`);
      expect(start, `SPEED ${speed} in the seed`).toBeGreaterThanOrEqual(0);
      // Title, blank line, two header lines, then six rows: die, four cells.
      const rows = seed.slice(start + 4, start + 10).map((l) => l.trim().split(/\t+/));
      expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6']);
      expect(MOVEMENT_TABLES[speed], `SPEED ${speed}`).toEqual(rows.map((r) => r.slice(1)));
    }
  });

  it('"Each non-player ship must move its full SPEED" (seed): every cell parses and costs exactly its table\'s SPEED', () => {
    for (const speed of SPEEDS) {
      for (const row of MOVEMENT_TABLES[speed]) {
        for (const cell of row) {
          const plot = parsePlot(cell);
          expect(plot.ok, `SPEED ${speed} "${cell}"`).toBe(true);
          if (!plot.ok) continue;
          expect(plotCost(plot.value), `SPEED ${speed} "${cell}"`).toBe(speed);
          expect(formatPlot(plot.value)).toBe(cell);
        }
      }
    }
  });

  it('"Columns: 1 = friendly Left / enemy Left, 2 = friendly Left / enemy Right, 3 = friendly Right / enemy Left, 4 = friendly Right / enemy Right" — every SPEED, die and column read from soloMovement', () => {
    const friendAt = { L: '0305', R: '0705' } as const;
    const enemyAt = { L: '0205', R: '0805' } as const;
    const columns = [
      ['L', 'L'],
      ['L', 'R'],
      ['R', 'L'],
      ['R', 'R'],
    ] as const;
    for (const speed of SPEEDS) {
      const table = specMovementTable(speed);
      columns.forEach(([f, e], c) => {
        for (let die = 1; die <= 6; die++) {
          const ships = [
            ship('S1', 'red', HOME, { speed, engine: 6 }),
            ship('S2', 'red', friendAt[f], { speed: 0 }),
            ship('E1', 'blue', enemyAt[e]),
          ];
          const dice = new ScriptedDice([die]);
          const { events, orders } = soloMovement(position(ships), dice);
          const expected = table[die - 1]![c]!;
          expect(events[0], `SPEED ${speed} die ${die} column ${c + 1}`).toMatchObject({
            friendlySide: f,
            enemySide: e,
            column: c + 1,
            tableRoll: die,
            plot: expected,
          });
          expect(formatPlot(orders.get('S1')!.plot)).toBe(expected);
          expect(dice.used).toBe(1);
        }
      });
    }
  });
});

describe('§1 speed', () => {
  it('"It keeps its current SPEED each turn"', () => {
    expect(soloSpeed(ship('S1', 'red', HOME, { speed: 2, engine: 4 }))).toBe(2);
  });

  it('"lowered to its ENGINE when damage has cut ENGINE below it"', () => {
    expect(soloSpeed(ship('S1', 'red', HOME, { speed: 4, engine: 2 }))).toBe(2);
    expect(soloSpeed(ship('S1', 'red', HOME, { speed: 4, engine: 0 }))).toBe(0);
  });

  it('"A solo ship with no last SPEED starts at its ENGINE" (§2) — "default: ENGINE" (§1)', () => {
    expect(soloSpeed(ship('S1', 'red', HOME, { speed: null, engine: 4 }))).toBe(4);
  });

  it('"A scenario sets the starting SPEED": a SPEED set by the scenario is kept', () => {
    expect(soloSpeed(ship('S1', 'red', HOME, { speed: 1, engine: 5 }))).toBe(1);
  });

  it('"The seed limits non-player ships to ENGINE 6": SPEED 6 reads the SPEED 6 table; beyond it there is no table', () => {
    const six = position([ship('S1', 'red', HOME, { speed: null, engine: 6 }), ship('E1', 'blue', '0705')]);
    const { events } = soloMovement(six, new ScriptedDice([3]));
    expect(events[0]).toMatchObject({ speed: 6, column: 4, plot: '4R1' });
    const seven = position([ship('S1', 'red', HOME, { speed: null, engine: 7 }), ship('E1', 'blue', '0705')]);
    expect(() => soloMovement(seven, new ScriptedDice([3]))).toThrow(RangeError);
  });
});

describe('§2 movement', () => {
  it('"For each non-player ship in play, in ship order": one order and one event per solo ship in play, in ship order, not id order', () => {
    // Z9 (0505) sees friend A1 and enemy E1 to its right: column 4. A1 (1010) sees both to its left: column 1.
    const ships = [
      ship('E1', 'blue', '0705'),
      ship('Z9', 'red', HOME),
      ship('X1', 'red', '0303', { status: 'destroyed' }),
      ship('A1', 'red', '1010'),
    ];
    const dice = new ScriptedDice([1, 2]);
    const { orders, events } = soloMovement(position(ships), dice);
    expect(events.map((e) => e.ship)).toEqual(['Z9', 'A1']);
    expect(events[0]).toMatchObject({ friendly: 'A1', enemy: 'E1', column: 4, tableRoll: 1, plot: '1R1' });
    expect(events[1]).toMatchObject({ friendly: 'Z9', enemy: 'E1', column: 1, tableRoll: 2, plot: '2L' });
    expect([...orders.keys()]).toEqual(['Z9', 'A1']);
    expect(dice.used).toBe(2);
  });

  it('"(positions as they stand before anyone moves)": the position is not changed, and later ships see earlier ones where they started', () => {
    // S2 at 0509 has S1 dead ahead at its starting hex 0505 (a side roll); E1 is to its right.
    const ships = [ship('S1', 'red', HOME), ship('S2', 'red', '0509'), ship('E1', 'blue', '0705')];
    const p = position(ships);
    const before = JSON.stringify(p);
    const dice = new ScriptedDice([1, 1, 1, 1]);
    const { events } = soloMovement(p, dice);
    expect(JSON.stringify(p)).toBe(before);
    expect(dice.used).toBe(4);
    expect(events[0]).toMatchObject({ ship: 'S1', friendly: 'S2', friendlySideRoll: 1, plot: '1L1' });
    expect(events[1]).toMatchObject({
      ship: 'S2',
      friendly: 'S1',
      friendlySide: 'L',
      friendlySideRoll: 1,
      enemySide: 'R',
      column: 2,
      plot: '1L1',
    });
  });

  it("the orders are the table's plot at the ship's SPEED, with no target list and no hold", () => {
    const ships = [ship('S1', 'red', HOME), ship('E1', 'blue', '0705')];
    const { orders } = soloMovement(position(ships), new ScriptedDice([2]));
    expect(orders.get('S1')).toEqual({
      speed: 3,
      plot: [
        { kind: 'forward', hexes: 2 },
        { kind: 'turn', turn: 'R' },
      ],
      fire: [],
      hold: false,
    });
    expect(orders.has('E1')).toBe(false);
  });

  it('"Find the nearest friendly ship (another non-player ship) and the nearest enemy ship, by range"', () => {
    const ships = [
      ship('S1', 'red', HOME),
      ship('S2', 'red', '0205'), // friend, range 3, left
      ship('S3', 'red', '0705', { speed: 0 }), // friend, range 2, right: nearest
      ship('E1', 'blue', '0805'), // enemy, range 3, right
      ship('E2', 'blue', '0304'), // enemy, range 2, left: nearest
    ];
    const dice = new ScriptedDice([5, 2]);
    const { events } = soloMovement(position(ships), dice);
    expect(events[0]).toEqual({
      type: 'solo-move',
      ship: 'S1',
      speed: 3,
      friendly: 'S3',
      enemy: 'E2',
      friendlySide: 'R',
      enemySide: 'L',
      column: 3,
      tableRoll: 5,
      plot: '2L',
    });
  });

  it('"Ties: the tied ships, in ship order, are numbered 1…n; roll a die and take number ((roll − 1) mod n) + 1"', () => {
    // Lone solo ship; three enemies at range 2, in ship order E3 (ahead), E1 (right), E2 (left).
    const ships = [
      ship('E3', 'blue', '0503'),
      ship('E1', 'blue', '0705'),
      ship('E2', 'blue', '0305'),
      ship('S1', 'red', HOME),
    ];
    const cases: Array<[number[], string, Partial<Record<string, unknown>>]> = [
      [[4, 2, 3], 'E3', { enemyTieRoll: 4, enemySideRoll: 2, enemySide: 'R', column: 4, tableRoll: 3, plot: 'R2' }],
      [[5, 1], 'E1', { enemyTieRoll: 5, enemySide: 'R', column: 4, tableRoll: 1, plot: '1R1' }],
      [[6, 2], 'E2', { enemyTieRoll: 6, enemySide: 'L', column: 1, tableRoll: 2, plot: '2L' }],
      [[1, 1, 1], 'E3', { enemyTieRoll: 1, enemySideRoll: 1, enemySide: 'L', column: 1, tableRoll: 1, plot: '1L1' }],
      [[2, 4], 'E1', { enemyTieRoll: 2 }],
      [[3, 4], 'E2', { enemyTieRoll: 3 }],
    ];
    for (const [rolls, enemy, fields] of cases) {
      const dice = new ScriptedDice(rolls);
      const { events } = soloMovement(position(ships), dice);
      expect(events[0], `rolls ${rolls.join(',')}`).toMatchObject({ enemy, ...fields });
      expect(dice.used).toBe(rolls.length);
    }
  });

  it('"(for two ships: odd = the first, even = the second, the seed\'s odd-even roll)"', () => {
    const ships = [ship('S1', 'red', HOME), ship('Z2', 'blue', '0306'), ship('A7', 'blue', '0706')];
    for (const roll of [1, 3, 5]) {
      expect(soloMovement(position(ships), new ScriptedDice([roll, 1])).events[0]).toMatchObject({
        enemy: 'Z2',
        enemyTieRoll: roll,
        enemySide: 'L',
      });
    }
    for (const roll of [2, 4, 6]) {
      expect(soloMovement(position(ships), new ScriptedDice([roll, 1])).events[0]).toMatchObject({
        enemy: 'A7',
        enemyTieRoll: roll,
        enemySide: 'R',
      });
    }
  });

  it('"Friendly tie first, then enemy tie."', () => {
    // Friends S2 (left) and S3 (right) tie at range 2; enemies E1 (left) and E2 (right) tie at range 2.
    const ships = [
      ship('S1', 'red', HOME),
      ship('S2', 'red', '0304', { speed: 0 }),
      ship('S3', 'red', '0704', { speed: 0 }),
      ship('E1', 'blue', '0306'),
      ship('E2', 'blue', '0706'),
    ];
    const dice = new ScriptedDice([2, 1, 6]);
    const { events } = soloMovement(position(ships), dice);
    expect(events[0]).toMatchObject({
      friendly: 'S3',
      friendlyTieRoll: 2,
      enemy: 'E1',
      enemyTieRoll: 1,
      friendlySide: 'R',
      enemySide: 'L',
      column: 3,
      tableRoll: 6,
      plot: '1L1',
    });
    expect(dice.used).toBe(3);
  });

  it('"Left is −180° < θ < 0°, Right is 0° < θ < 180°" — measured from the ship\'s own facing', () => {
    // Facing S, the friend at 0705 (east) is on the ship's right-hand side no longer: it is on its left.
    const ships = [
      ship('S1', 'red', HOME, { facing: 'S' }),
      ship('S2', 'red', '0705', { speed: 0 }),
      ship('E1', 'blue', '0305'),
    ];
    const { events } = soloMovement(position(ships), new ScriptedDice([4]));
    expect(events[0]).toMatchObject({ friendlySide: 'L', enemySide: 'R', column: 2, tableRoll: 4, plot: 'R2' });
  });

  it('"Ruling: dead ahead (θ = 0°), dead astern (θ = 180°) or the same hex: roll a die, odd = Left, even = Right (friendly first, then enemy)"', () => {
    const cases: Array<[string, string, number[], Record<string, unknown>]> = [
      [
        '0503',
        '0507',
        [1, 2, 5],
        {
          friendlySideRoll: 1,
          friendlySide: 'L',
          enemySideRoll: 2,
          enemySide: 'R',
          column: 2,
          tableRoll: 5,
          plot: '2R',
        },
      ],
      [
        '0507',
        '0503',
        [4, 3, 6],
        {
          friendlySideRoll: 4,
          friendlySide: 'R',
          enemySideRoll: 3,
          enemySide: 'L',
          column: 3,
          tableRoll: 6,
          plot: '1L1',
        },
      ],
      [
        HOME,
        HOME,
        [6, 6, 2],
        {
          friendlySideRoll: 6,
          friendlySide: 'R',
          enemySideRoll: 6,
          enemySide: 'R',
          column: 4,
          tableRoll: 2,
          plot: '2R',
        },
      ],
      [
        HOME,
        '0305',
        [5, 3],
        { friendlySideRoll: 5, friendlySide: 'L', enemySide: 'L', column: 1, tableRoll: 3, plot: 'L2' },
      ],
      [
        '0705',
        '0503',
        [1, 1],
        { friendlySide: 'R', enemySideRoll: 1, enemySide: 'L', column: 3, tableRoll: 1, plot: '1R1' },
      ],
    ];
    for (const [friendHex, enemyHex, rolls, fields] of cases) {
      const ships = [ship('S1', 'red', HOME), ship('S2', 'red', friendHex, { speed: 0 }), ship('E1', 'blue', enemyHex)];
      const dice = new ScriptedDice(rolls);
      const { events } = soloMovement(position(ships), dice);
      expect(events[0], `friend ${friendHex}, enemy ${enemyHex}`).toMatchObject(fields);
      expect(dice.used).toBe(rolls.length);
    }
  });

  it('"Ruling: with no other friendly ship in play, use the enemy\'s side for the friendly side too (no roll)"', () => {
    const right = soloMovement(position([ship('S1', 'red', HOME), ship('E1', 'blue', '0705')]), new ScriptedDice([2]));
    expect(right.events[0]).toEqual({
      type: 'solo-move',
      ship: 'S1',
      speed: 3,
      friendly: null,
      enemy: 'E1',
      friendlySide: 'R',
      enemySide: 'R',
      column: 4,
      tableRoll: 2,
      plot: '2R',
    });
    // A friend that is destroyed or has left the map is not in play.
    const ships = [
      ship('S1', 'red', HOME),
      ship('S2', 'red', '0705', { status: 'destroyed' }),
      ship('S3', 'red', '0704', { status: 'disengaged' }),
      ship('E1', 'blue', '0305'),
    ];
    const dice = new ScriptedDice([2]);
    expect(soloMovement(position(ships), dice).events[0]).toMatchObject({
      friendly: null,
      friendlySide: 'L',
      enemySide: 'L',
      column: 1,
      plot: '2L',
    });
    expect(dice.used).toBe(1);
  });

  it('… "(no roll)" for the friendly side, while the enemy\'s own tie and side rolls still happen', () => {
    const ships = [ship('S1', 'red', HOME), ship('E1', 'blue', '0705'), ship('E2', 'blue', '0503')];
    const dice = new ScriptedDice([2, 4, 6]);
    const { events } = soloMovement(position(ships), dice);
    expect(events[0]).toEqual({
      type: 'solo-move',
      ship: 'S1',
      speed: 3,
      friendly: null,
      enemy: 'E2',
      enemyTieRoll: 2,
      friendlySide: 'R',
      enemySide: 'R',
      enemySideRoll: 4,
      column: 4,
      tableRoll: 6,
      plot: '2R',
    });
    expect(dice.used).toBe(3);
  });

  it('"Roll a die and read the Movement table for the ship\'s SPEED … The result is the ship\'s movement order."', () => {
    for (const speed of SPEEDS) {
      const ships = [ship('S1', 'red', HOME, { speed, engine: 6 }), ship('E1', 'blue', '0705')];
      const { orders, events } = soloMovement(position(ships), new ScriptedDice([5]));
      const cell = MOVEMENT_TABLES[speed][4]![3]!;
      expect(events[0]).toMatchObject({ speed, tableRoll: 5, column: 4, plot: cell });
      expect(orders.get('S1')).toMatchObject({ speed });
      expect(formatPlot(orders.get('S1')!.plot)).toBe(cell);
    }
  });

  it('"Ruling: at SPEED 0 the ship rolls nothing at all (no tie, side or table roll) and does not move."', () => {
    // Ties and a dead-ahead enemy that would each need a roll at any other SPEED.
    const ships = [
      ship('S1', 'red', HOME, { speed: 0 }),
      ship('S2', 'red', '0304'),
      ship('S3', 'red', '0704'),
      ship('E1', 'blue', '0503'),
      ship('E2', 'blue', '0507'),
    ];
    const p = position(ships, ['red']);
    // S2 and S3 move too: give each exactly its rolls, and none for S1.
    const dice = new ScriptedDice([1, 1, 1, 1, 1, 1, 1, 1]);
    const { orders, events } = soloMovement(p, dice);
    expect(events[0]).toEqual({
      type: 'solo-move',
      ship: 'S1',
      speed: 0,
      friendly: null,
      enemy: null,
      friendlySide: null,
      enemySide: null,
      plot: '0',
    });
    expect(orders.get('S1')).toEqual({ speed: 0, plot: [], fire: [], hold: false });
    // S2 and S3 each need only a table roll: S1 took none.
    expect(events.map((e) => e.ship)).toEqual(['S1', 'S2', 'S3']);
    expect(dice.used).toBe(2);
    const lone = new ScriptedDice([]);
    soloMovement(
      position([
        ship('S1', 'red', HOME, { speed: 3, engine: 0 }),
        ship('E1', 'blue', '0503'),
        ship('E2', 'blue', '0507'),
      ]),
      lone,
    );
    expect(lone.used).toBe(0);
  });

  it("\"'Friendly' means another ship of the same side; 'enemy' means any ship of any other side (another solo side included)\"", () => {
    // Two solo sides: R1's nearest ship G1 is an enemy to it, not a friend, and vice versa.
    const ships = [
      ship('R1', 'red', HOME),
      ship('G1', 'green', '0705'),
      ship('B1', 'blue', '0205'),
      ship('R2', 'red', '1010', { speed: 0 }),
    ];
    const p = position(ships, ['red', 'green'], ['blue', 'red', 'green']);
    const dice = new ScriptedDice([1, 1]);
    const { events, orders } = soloMovement(p, dice);
    expect(events.map((e) => e.ship)).toEqual(['R1', 'G1', 'R2']);
    expect(events[0]).toMatchObject({ friendly: 'R2', enemy: 'G1' });
    expect(events[1]).toMatchObject({ ship: 'G1', friendly: null, enemy: 'R1' });
    expect(orders.has('B1')).toBe(false);
    expect(dice.used).toBe(2);
  });

  it('"Ruling: with no enemy ship in play … the ship flies straight ahead, rolling nothing."', () => {
    const ships = [
      ship('S1', 'red', HOME),
      ship('S2', 'red', '0304'),
      ship('S3', 'red', '0704'),
      ship('E1', 'blue', '0705', { status: 'destroyed' }),
    ];
    const dice = new ScriptedDice([]);
    const { orders, events } = soloMovement(position(ships), dice);
    expect(events[0]).toEqual({
      type: 'solo-move',
      ship: 'S1',
      speed: 3,
      friendly: null,
      enemy: null,
      friendlySide: null,
      enemySide: null,
      plot: '3',
    });
    expect(orders.get('S1')).toEqual({ speed: 3, plot: [{ kind: 'forward', hexes: 3 }], fire: [], hold: false });
    expect(dice.used).toBe(0);
  });
});

describe('§4 dice order', () => {
  it('"All solo movement rolls (ships in ship order; for each ship: friendly tie, enemy tie, friendly side, enemy side, then the table roll — each only when needed)"', () => {
    /*
     * Ship order S1, E1, S2, E2, S3; geometry checked below.
     * S1 (0505 N, SPEED 3): friends S2 (0503, dead ahead) and S3 (0704, right) tie at 2;
     *   enemies E1 (0507, dead astern) and E2 (0305, left) tie at 2 — all five rolls.
     * S2 (0503 N, SPEED 2): friends S1 (dead astern) and S3 (right) tie at 2; enemy E2 (left, 3) is
     *   nearer than E1 (4) — friendly tie, friendly side, table.
     * S3 (0704 N, SPEED 1): friends S1 and S2 tie at 2, enemies E1 and E2 tie at 4, all to its
     *   left — friendly tie, enemy tie, table.
     */
    const ships = [
      ship('S1', 'red', HOME),
      ship('E1', 'blue', '0507'),
      ship('S2', 'red', '0503', { speed: 2 }),
      ship('E2', 'blue', '0305'),
      ship('S3', 'red', '0704', { speed: 1 }),
    ];
    const d = (a: string, b: string) => distance(at(a), at(b));
    const b = (a: string, c: string) => bearing(at(a), 'N', at(c));
    expect([d('0503', '0505'), d('0503', '0704'), d('0503', '0305'), d('0503', '0507')]).toEqual([2, 2, 3, 4]);
    expect([b('0503', '0505'), b('0503', '0704'), b('0503', '0305')]).toEqual(['astern', 'right', 'left']);
    expect([d('0704', '0505'), d('0704', '0503'), d('0704', '0507'), d('0704', '0305')]).toEqual([2, 2, 4, 4]);
    expect([b('0704', '0503'), b('0704', '0305')]).toEqual(['left', 'left']);
    const dice = new ScriptedDice([1, 3, 2, 5, 4, /* S2 */ 1, 6, 3, /* S3 */ 2, 4, 4]);
    const { events } = soloMovement(position(ships), dice);
    expect(events).toEqual([
      {
        type: 'solo-move',
        ship: 'S1',
        speed: 3,
        friendly: 'S2',
        enemy: 'E1',
        friendlyTieRoll: 1,
        enemyTieRoll: 3,
        friendlySide: 'R',
        enemySide: 'L',
        friendlySideRoll: 2,
        enemySideRoll: 5,
        column: 3,
        tableRoll: 4,
        plot: 'L2',
      },
      {
        type: 'solo-move',
        ship: 'S2',
        speed: 2,
        friendly: 'S1',
        enemy: 'E2',
        friendlyTieRoll: 1,
        friendlySide: 'R',
        enemySide: 'L',
        friendlySideRoll: 6,
        column: 3,
        tableRoll: 3,
        plot: 'R1',
      },
      {
        type: 'solo-move',
        ship: 'S3',
        speed: 1,
        friendly: 'S2',
        enemy: 'E2',
        friendlyTieRoll: 2,
        enemyTieRoll: 4,
        friendlySide: 'L',
        enemySide: 'L',
        column: 1,
        tableRoll: 4,
        plot: 'L',
      },
    ]);
    expect(dice.used).toBe(11);
  });
});

describe('§3 combat: the Attack table', () => {
  const firer = ship('S1', 'red', HOME);
  const target = (id: string) => ship(id, 'blue', '0101');

  const specAttack = (): Record<'2' | '3', string[]> => {
    const rows = markdownTable(SPEC, /^\|\s*die\s*\|\s*2 ships\s*\|\s*3 ships\s*\|/);
    expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6']);
    return { '2': rows.map((r) => r[1]!), '3': rows.map((r) => r[2]!) };
  };

  it("the Attack table is the spec's, cell for cell", () => {
    const spec = specAttack();
    expect(ATTACK_TABLE[2].map((p) => p[0]!.toUpperCase() + p.slice(1))).toEqual(spec['2']);
    expect(ATTACK_TABLE[3].map((p) => p[0]!.toUpperCase() + p.slice(1))).toEqual(spec['3']);
  });

  it('"one eligible enemy: fire at it" — no roll, no event', () => {
    const dice = new ScriptedDice([]);
    const only = target('E1');
    expect(chooseSoloTarget(firer, 'F', [{ ship: only, range: 4 }], dice)).toEqual({ target: only, event: null });
    expect(dice.used).toBe(0);
  });

  it('"two or three: order them by range (ties: ship order), roll a die and read the Attack table" — two ships, every die', () => {
    const spec = specAttack();
    const far = target('E1');
    const near = target('E2');
    for (let die = 1; die <= 6; die++) {
      const dice = new ScriptedDice([die]);
      // Given in ship order: the farther ship first, so the ordering by range is what decides.
      const { target: chosen, event } = chooseSoloTarget(
        firer,
        'FL',
        [
          { ship: far, range: 5 },
          { ship: near, range: 2 },
        ],
        dice,
      );
      expect(chosen.id, `die ${die}`).toBe(spec['2'][die - 1] === 'Nearest' ? 'E2' : 'E1');
      expect(event).toEqual({
        type: 'solo-target',
        ship: 'S1',
        weapon: 'FL',
        candidates: ['E2', 'E1'],
        roll: die,
        target: chosen.id,
      });
      expect(dice.used).toBe(1);
    }
  });

  it('"two or three …": three ships, every die', () => {
    const spec = specAttack();
    const byName: Record<string, string> = { Nearest: 'E3', Middle: 'E1', Furthest: 'E2' };
    const eligible = [
      { ship: target('E1'), range: 3 },
      { ship: target('E2'), range: 6 },
      { ship: target('E3'), range: 0 },
    ];
    for (let die = 1; die <= 6; die++) {
      const { target: chosen, event } = chooseSoloTarget(firer, 'RR', eligible, new ScriptedDice([die]));
      expect(chosen.id, `die ${die}`).toBe(byName[spec['3'][die - 1]!]);
      expect(event).toMatchObject({ candidates: ['E3', 'E1', 'E2'], roll: die });
    }
  });

  it('"(ties: ship order)": ships at the same range keep the order they are given in, which is ship order', () => {
    const eligible = [
      { ship: target('Z1'), range: 2 },
      { ship: target('A1'), range: 2 },
    ];
    expect(chooseSoloTarget(firer, 'F', eligible, new ScriptedDice([1])).event).toMatchObject({
      candidates: ['Z1', 'A1'],
      target: 'Z1',
    });
    expect(chooseSoloTarget(firer, 'F', eligible, new ScriptedDice([2])).event).toMatchObject({
      candidates: ['Z1', 'A1'],
      target: 'A1',
    });
  });

  it('"more than three: Ruling: keep the three nearest (ties: ship order) and read the 3-ship column"', () => {
    const eligible = [
      { ship: target('E1'), range: 4 },
      { ship: target('E2'), range: 1 },
      { ship: target('E3'), range: 3 },
      { ship: target('E4'), range: 3 },
      { ship: target('E5'), range: 3 },
      { ship: target('E6'), range: 0 },
    ];
    const furthest = chooseSoloTarget(firer, 'F', eligible, new ScriptedDice([3]));
    expect(furthest.event).toEqual({
      type: 'solo-target',
      ship: 'S1',
      weapon: 'F',
      candidates: ['E6', 'E2', 'E3'],
      roll: 3,
      target: 'E3',
    });
    // Four ships: the 3-ship column, not a 4-way split (die 2 is Middle).
    const four = eligible.slice(0, 4);
    expect(chooseSoloTarget(firer, 'F', four, new ScriptedDice([2])).event).toMatchObject({
      candidates: ['E2', 'E3', 'E4'],
      target: 'E3',
    });
  });

  it('"Attack-table rolls come during combat, just before the to-hit roll of the shot they choose a target for" (§4): exactly one die, the next is left for the to-hit roll', () => {
    const dice = new ScriptedDice([2, 6]);
    chooseSoloTarget(
      firer,
      'F',
      [
        { ship: target('E1'), range: 1 },
        { ship: target('E2'), range: 2 },
      ],
      dice,
    );
    expect(dice.used).toBe(1);
    expect(dice.roll()).toBe(6);
  });

  it('a weapon with no eligible target is never asked to choose', () => {
    expect(() => chooseSoloTarget(firer, 'F', [], new ScriptedDice([]))).toThrow();
  });
});
