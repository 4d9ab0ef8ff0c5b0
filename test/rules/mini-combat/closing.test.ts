/** rules-mini-combat.md §4 items 4–7 and §22.5 items 4–6: the closing phases in order, their dice in order. */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import { closingPhases } from '../../../src/rules/mini-combat/closing.ts';
import { standingOrder } from '../../../src/rules/mini-combat/orders.ts';
import { el, h, position, unit } from './fixtures.ts';

describe('§4 "4. Recover … 5. Morale … 6. Drop … 7. Resolution"', () => {
  const start = () =>
    position(
      [
        unit('M', 'red', [el('Ma', { hex: '0505', special: ['Heal4'] })]),
        unit('A', 'red', [el('Aa', { hex: '0506' }), el('Ab', { hex: '0506' }), el('Ac', { hex: '0506' })]),
        unit('P', 'red', [el('Pa', { status: 'reserve', hex: null, special: ['DrpS'] })]),
        unit('B', 'blue', [el('Ba', { hex: '1020' }), el('Bb', { hex: '1020' })]),
      ],
      { turnLimit: 1 },
    );
  /** A and B each lost elements in combat this turn. */
  const field = () => {
    const b = new Battlefield(start());
    b.element('Aa').status = 'destroyed';
    b.element('Ab').status = 'destroyed';
    b.element('Ba').status = 'destroyed';
    return b;
  };
  const orders = { red: [standingOrder('M'), { ...standingOrder('P'), drop: [h('1212')] }] };

  it("dice: the Heal4 die, then the morale dice in state order, then the drop's scatter dice (§22.5 items 4–6)", () => {
    const b = field();
    // Heal4 fails (3); A, 2 of 3 lost, fails its test (2 against 4) and flees; B passes (5); a double lands the para.
    const dice = new ScriptedDice([3, 2, 5, 5, 5]);
    closingPhases(b, ['red', 'blue'], orders, dice);
    expect(b.events.map((e) => [e.type, e.unit ?? e.element ?? null])).toEqual([
      ['heal', 'A'],
      ['morale', 'A'],
      ['fled', 'A'],
      ['morale', 'B'],
      ['scatter', 'Pa'],
      ['place', 'Pa'],
      ['game-over', null],
    ]);
    expect(dice.used).toBe(5);
  });

  it('"a unit healed above half needs no test": the heal comes before morale', () => {
    const b = field();
    const dice = new ScriptedDice([4, 5, 5, 5]);
    closingPhases(b, ['red', 'blue'], orders, dice);
    expect(b.events.filter((e) => e.type === 'morale').map((e) => e.unit)).toEqual(['B']);
  });

  it('"7. Resolution": the game ends on the turn limit with a game-over event; null while it goes on', () => {
    const b = field();
    const end = closingPhases(b, ['red', 'blue'], orders, new ScriptedDice([4, 5, 5, 5]));
    expect(end).toEqual({ winner: 'red', reason: 'turn-limit' });
    expect(b.events.at(-1)).toMatchObject({ type: 'game-over', winner: 'red', reason: 'turn-limit' });
    const on = new Battlefield({ ...start(), turnLimit: 10 });
    expect(closingPhases(on, ['red', 'blue'], {}, new ScriptedDice([]))).toBeNull();
    expect(on.events).toEqual([]);
  });
});
