/** rules-mini-combat.md §20.1 (victory points) and §20.3 (objective control). */
import { describe, expect, it } from 'vitest';
import { controlOf, elementValue, scores, unitScore, unitValue } from '../../../src/rules/mini-combat/victory.ts';
import { el, h, position, unit } from './fixtures.ts';

// A Rifle costs 23 (§11 example).
const rifles = (id: string, side: string, statuses: ('active' | 'destroyed' | 'fled' | 'reserve' | 'carried')[]) =>
  unit(
    id,
    side,
    statuses.map((status, i) => el(`${id}${'abcdef'[i]}`, { status, hex: status === 'reserve' ? null : '0505' })),
  );

describe('§20.1 victory points', () => {
  it('"A unit\'s value is the sum of its elements\' costs"', () => {
    expect(unitValue(rifles('R1', 'red', ['active', 'active', 'active']))).toBe(69);
  });

  it('"a One shot element whose shot is used counts half its cost, rounded down"', () => {
    const os = el('X', { special: ['OS'], power: 20, armor: 20 }); // (2 + 6 + 1 + 20 + 20) × 9 / 5 × 1/10 = 8.82 → 9
    expect(elementValue(os)).toBe(9);
    expect(elementValue({ ...os, shotUsed: true })).toBe(4);
  });

  it('"the unit\'s full value if it is gone" (none active, carried or reserve) — fled elements included', () => {
    expect(unitScore(rifles('B1', 'blue', ['destroyed', 'fled', 'fled']))).toBe(69);
  });

  it('"half its value, rounded down, if its destroyed elements number at least half its size, rounded up"', () => {
    expect(unitScore(rifles('B1', 'blue', ['destroyed', 'destroyed', 'active']))).toBe(34);
    expect(unitScore(rifles('B1', 'blue', ['destroyed', 'active', 'active']))).toBe(0);
    // Size 4: half is 2.
    expect(unitScore(rifles('B1', 'blue', ['destroyed', 'destroyed', 'active', 'reserve']))).toBe(46);
    // Fled elements are not destroyed ones.
    expect(unitScore(rifles('B1', 'blue', ['destroyed', 'fled', 'active']))).toBe(0);
  });

  it('"A side\'s score is, over the enemy\'s units" the sum', () => {
    const p = position([
      rifles('R1', 'red', ['destroyed', 'destroyed']),
      rifles('B1', 'blue', ['active']),
      rifles('B2', 'blue', ['destroyed']),
    ]);
    expect(scores(p)).toEqual({ red: 23, blue: 46 });
  });
});

describe('§20.3 control', () => {
  it('"within 2 hexes and no active enemy element is"; both: contested; carried and reserve do not count; hidden ones do', () => {
    const obj = h('1010');
    const red = (hex: string, over = {}) => unit('R1', 'red', [el('R1a', { hex, ...over })]);
    const blue = (hex: string, over = {}) => unit('B1', 'blue', [el('B1a', { hex, ...over })]);
    expect(controlOf(position([red('1012')]), obj)).toBe('red');
    expect(controlOf(position([red('1013')]), obj)).toBeNull();
    expect(controlOf(position([red('1012'), blue('1009')]), obj)).toBe('contested');
    expect(controlOf(position([red('1012'), blue('1009', { status: 'carried', carrier: 'X' })]), obj)).toBe('red');
    expect(controlOf(position([red('1012'), blue('1009', { hidden: true, special: ['Sc'] })]), obj)).toBe('contested');
  });
});
