/** Every die of a turn, in the order rolled, each with what it decided. */
import { describe, expect, it } from 'vitest';
import { diceRolls } from '../../src/reports/dice-rolls.ts';
import type { TurnEvent } from '../../src/rules/events.ts';

describe('diceRolls', () => {
  it('lists initiative rolls and re-rolls, to-hit rolls and damage rolls in order', () => {
    const events: TurnEvent[] = [
      {
        type: 'move',
        ship: 'A',
        speed: 1,
        plot: '1',
        source: 'orders',
        from: '0101',
        to: '0102',
        facing: 'S',
        path: ['0102'],
      },
      { type: 'initiative', rolls: { red: [4, 2], blue: [4, 5] }, order: ['blue', 'red'] },
      { type: 'shot', firer: 'A', weapon: 'F', target: 'B', range: 2, modifier: 0, need: 3, roll: 2, hit: true },
      { type: 'damage', target: 'B', roll: 6, effect: 'shields', side: 'F', shields: 2, engine: 3 },
      { type: 'shot', firer: 'B', weapon: 'FL', target: 'A', range: 2, modifier: -1, need: 2, roll: 5, hit: false },
    ];
    expect(diceRolls(events)).toEqual([
      { what: 'initiative: red', roll: 4 },
      { what: 'initiative: red (re-roll)', roll: 2 },
      { what: 'initiative: blue', roll: 4 },
      { what: 'initiative: blue (re-roll)', roll: 5 },
      { what: 'A F at B: to hit (needs 3 or less)', roll: 2 },
      { what: 'A F at B: damage to B', roll: 6 },
      { what: 'B FL at A: to hit (needs 2 or less)', roll: 5 },
    ]);
  });

  it("lists the solo rules' rolls", () => {
    const rolls = diceRolls([
      {
        type: 'solo-move',
        ship: 'X1',
        speed: 3,
        friendly: null,
        enemy: 'A',
        enemyTieRoll: 3,
        friendlySide: null,
        enemySide: 'L',
        column: 2,
        tableRoll: 5,
        plot: '1L1',
      },
      { type: 'solo-target', ship: 'X1', weapon: 'F', candidates: ['A', 'B'], roll: 4, target: 'B' },
    ]);
    expect(rolls.map((r) => r.roll)).toEqual([3, 5, 4]);
    expect(rolls[1]!.what).toContain('movement table, column 2');
  });
});
