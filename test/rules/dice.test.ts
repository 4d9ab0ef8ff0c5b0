/** rules-tactical.md §8: dice come from an injected source. */
import { describe, expect, it } from 'vitest';
import { DiceExhaustedError, ScriptedDice, SeededDice } from '../../src/rules/dice.ts';

describe('§8 dice sources', () => {
  it('"in tests it is a scripted list … a scripted list that runs out is an error"', () => {
    const dice = new ScriptedDice([3, 6]);
    expect(dice.roll()).toBe(3);
    expect(dice.roll()).toBe(6);
    expect(dice.used).toBe(2);
    expect(() => dice.roll()).toThrow(DiceExhaustedError);
  });

  it('a scripted die outside 1–6 is refused at once', () => {
    expect(() => new ScriptedDice([0])).toThrow(RangeError);
    expect(() => new ScriptedDice([7])).toThrow(RangeError);
  });

  it('"In a real game the source is seeded per game (so every roll can be replayed and audited)"', () => {
    const a = SeededDice.fromSeed('orion-7');
    const b = SeededDice.fromSeed('orion-7');
    const rollsA = Array.from({ length: 200 }, () => a.roll());
    const rollsB = Array.from({ length: 200 }, () => b.roll());
    expect(rollsA).toEqual(rollsB);
    expect(rollsA.every((r) => r >= 1 && r <= 6)).toBe(true);
    const c = SeededDice.fromSeed('orion-8');
    expect(Array.from({ length: 200 }, () => c.roll())).not.toEqual(rollsA);
  });

  it('the state can be saved and restored, so any turn can be replayed', () => {
    const a = SeededDice.fromSeed('seed');
    for (let i = 0; i < 37; i++) a.roll();
    const saved = a.save();
    const next = Array.from({ length: 50 }, () => a.roll());
    const b = SeededDice.fromState(saved);
    expect(Array.from({ length: 50 }, () => b.roll())).toEqual(next);
    expect(() => SeededDice.fromState('nope')).toThrow(RangeError);
  });

  it('every face comes up about equally often', () => {
    const d = SeededDice.fromSeed('fair');
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60000;
    for (let i = 0; i < n; i++) counts[d.roll() - 1]! += 1;
    // Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
    const chi = counts.reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5);
  });
});
