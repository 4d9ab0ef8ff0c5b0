/** rules-tactical.md §5: initiative. */
import { describe, expect, it } from 'vitest';
import { rollInitiative } from '../../src/rules/initiative.ts';
import { DiceExhaustedError, ScriptedDice } from '../../src/rules/dice.ts';

describe('§5 initiative', () => {
  it('"Each side rolls one die; the highest is the first side."', () => {
    const dice = new ScriptedDice([2, 5]);
    const r = rollInitiative(['black', 'grey'], dice);
    expect(r?.order).toEqual(['grey', 'black']);
    expect(r?.rolls).toEqual({ black: [2], grey: [5] });
    expect(dice.used).toBe(2);
  });

  it('"Ties are rolled again."', () => {
    const dice = new ScriptedDice([4, 4, 3, 3, 1, 6]);
    const r = rollInitiative(['a', 'b'], dice);
    expect(r?.order).toEqual(['b', 'a']);
    expect(r?.rolls).toEqual({ a: [4, 3, 1], b: [4, 3, 6] });
    expect(dice.used).toBe(6);
  });

  it('Ruling: "With fewer than two such sides there is no roll and no combat."', () => {
    const dice = new ScriptedDice([]);
    expect(rollInitiative(['a'], dice)).toBeNull();
    expect(rollInitiative([], dice)).toBeNull();
    expect(dice.used).toBe(0);
  });

  it('Ruling: "With more than two sides, all roll, and sides are ordered by their roll."', () => {
    const dice = new ScriptedDice([3, 6, 1]);
    expect(rollInitiative(['a', 'b', 'c'], dice)?.order).toEqual(['b', 'a', 'c']);
  });

  it('Ruling: "Each group of tied sides then re-rolls among itself (in seat order) to order that group; groups are settled from the highest roll down, and a group is settled completely (repeat ties re-rolled again) before the next group rolls."', () => {
    // a 2, b 5, c 5, d 2, e 1 → group {b,c} first: 3,3 (tie again) then 2,4 → c, b;
    // then group {a,d}: 6,1 → a, d; then e.
    const dice = new ScriptedDice([2, 5, 5, 2, 1, 3, 3, 2, 4, 6, 1]);
    const r = rollInitiative(['a', 'b', 'c', 'd', 'e'], dice);
    expect(r?.order).toEqual(['c', 'b', 'a', 'd', 'e']);
    expect(r?.rolls).toEqual({ a: [2, 6], b: [5, 3, 2], c: [5, 3, 4], d: [2, 1], e: [1] });
    expect(dice.used).toBe(11);
  });
});

describe('§5 initiative: long runs of ties', () => {
  it('20,000 tied dice run the dice out (DiceExhaustedError), they do not overflow the stack', () => {
    const dice = new ScriptedDice(Array.from({ length: 20_000 }, () => 3));
    expect(() => rollInitiative(['a', 'b'], dice)).toThrow(DiceExhaustedError);
    expect(dice.used).toBe(20_000);
  });

  it('groups are still settled from the highest roll down, each completely before the next rolls', () => {
    // a, b, c roll 5, 5, 2: a and b re-roll (tie 1000 times, then 1 and 6); c needs no re-roll.
    const ties = Array.from({ length: 2000 }, () => 4);
    const dice = new ScriptedDice([5, 5, 2, ...ties, 1, 6]);
    const r = rollInitiative(['a', 'b', 'c'], dice);
    expect(r?.order).toEqual(['b', 'a', 'c']);
    expect(r?.rolls.c).toEqual([2]);
    expect(r?.rolls.a).toHaveLength(1002);
  });
});
