/** rules-scg.md §15.3, the worked example, step by step. */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { resolveScgTurn } from '../../../src/rules/scg/resolve.ts';
import { WORKED_EXAMPLE } from '../../../src/rules/scg/scenarios.ts';
import { fire, orders } from './fixtures.ts';

const west = orders(
  [
    { unit: 'WM', order: { kind: 'hold' } },
    { unit: 'WL', order: { kind: 'toward', target: 'EH', within: 3 } },
  ],
  [fire('WL', ['EH']), fire('WM', ['EH'])],
);
const east = orders(
  [{ unit: 'EH', order: { kind: 'toward', target: 'nearest', within: 2, halt: 4 } }],
  [fire('EH', ['WM'], false, [{ mount: 'MG', targets: ['WL'], hold: true }])],
);
const DICE = [3, 5, 4, 6, 2, 5, 6, 6, 3, 4, 5, 6, 6, 6];

describe('§15.3 worked example', () => {
  const r = resolveScgTurn(WORKED_EXAMPLE, { west, east }, new ScriptedDice(DICE));

  it('1. initiative: west 3 + 1 = 4 against east 5: east has the initiative', () => {
    expect(r.events[0]).toEqual({
      type: 'initiative',
      rolls: { west: [3], east: [5] },
      bonus: { west: 1, east: 0 },
      order: ['east', 'west'],
    });
    expect(r.initiative).toEqual(['east', 'west']);
  });

  it('2. movement: EH SW SW SW to 0605 and halts; WM holds; WL NE to 0307, done', () => {
    const moves = r.events.filter((e) => e.type === 'move');
    expect(moves).toEqual([
      expect.objectContaining({
        unit: 'EH',
        target: 'WL',
        aim: '0207',
        path: ['0804', '0705', '0605'],
        hexes: 3,
        stop: 'halt',
      }),
      expect.objectContaining({ unit: 'WM', stop: 'hold', hexes: 0 }),
      expect.objectContaining({ unit: 'WL', target: 'EH', aim: '0605', path: ['0307'], stop: 'done' }),
    ]);
  });

  it('3–5. fire: EH first, then WL, then WM, with the rolls and modifiers of the example', () => {
    const fireEvents = r.events.filter((e) => e.type !== 'move' && e.type !== 'initiative');
    expect(fireEvents[0]).toEqual({
      type: 'activation',
      unit: 'EH',
      side: 'east',
      declared: [
        { weapon: 'GUN1', target: 'WM', indirect: false, reason: null },
        { weapon: 'GUN2', target: 'WM', indirect: false, reason: null },
        { weapon: 'MG', target: 'WL', indirect: false, reason: null },
      ],
    });
    const shots = fireEvents
      .filter((e) => e.type === 'shot')
      .map((e) => [e.unit, e.weapon, e.roll, e.modifier, e.need, e.hit]);
    expect(shots).toEqual([
      ['EH', 'GUN1', 4, -2, 3, false],
      ['EH', 'GUN2', 6, -2, 3, true],
      ['EH', 'MG', 2, -1, 4, false],
      ['WL', 'GUN', 6, 0, 4, true],
      ['WL', 'MG', 6, 0, 4, true],
      ['WM', 'GUN', 5, 1, 4, true],
      ['WM', 'MG', 6, 1, 4, true],
    ]);
    const damage = fireEvents
      .filter((e) => e.type === 'damage')
      .map((e) => [e.unit, e.weapon, e.roll, e.modifier, e.need, e.damaged, e.power, e.damage]);
    expect(damage).toEqual([
      ['EH', 'GUN2', 5, -1, 3, true, 2, 2],
      ['WL', 'GUN', 3, -2, 3, false, 0, 0],
      ['WL', 'MG', 4, -2, 5, false, 0, 0],
      ['WM', 'GUN', 6, -2, 3, true, 1, 1],
      ['WM', 'MG', 6, -2, 5, false, 0, 1],
    ]);
  });

  it('6. end of turn: scores west 5, east 7; 14 dice used; the game goes on', () => {
    expect(r.scores).toEqual({ west: 5, east: 7 });
    expect(r.diceUsed).toBe(14);
    expect(r.gameOver).toBe(false);
    expect(r.state.turn).toBe(2);
  });
});
