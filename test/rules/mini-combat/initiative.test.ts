/** rules-mini-combat.md §5 (initiative) and §6 (activations from written lists). */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import {
  activationList,
  alternate,
  inInstantPhase,
  mayActInInstantPhase,
  mayActInNormalPhase,
} from '../../../src/rules/mini-combat/activation.ts';
import { rollInitiative } from '../../../src/rules/mini-combat/initiative.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import { el, position, unit } from './fixtures.ts';

describe('§5 initiative', () => {
  it('"Each side rolls one die, in the order of sides; the higher roll wins" (§23: blue wins 5–3)', () => {
    const dice = new ScriptedDice([3, 5]);
    const e = rollInitiative(['red', 'blue'], dice);
    expect(e).toEqual({
      type: 'initiative',
      seenBy: ['red', 'blue'],
      rolls: { red: [3], blue: [5] },
      order: ['blue', 'red'],
    });
    expect(dice.used).toBe(2);
  });

  it('"Ties are rolled again (both sides, same order) until they differ", every roll recorded', () => {
    const e = rollInitiative(['red', 'blue'], new ScriptedDice([4, 4, 2, 2, 6, 1]));
    expect(e.rolls).toEqual({ red: [4, 2, 6], blue: [4, 2, 1] });
    expect(e.order).toEqual(['red', 'blue']);
  });
});

const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });

/** Runs the alternation and returns the units in the order they acted. */
function run(first: string[], second: string[], cannot: string[] = []): string[] {
  const acted: string[] = [];
  alternate(
    first.map((u) => order(u)),
    second.map((u) => order(u)),
    (o) => !cannot.includes(o.unit),
    (o) => acted.push(o.unit),
  );
  return acted;
}

describe('§6 activations', () => {
  it('"the first side activates the first unit of its list …, then the second side does the same, and so on, alternating"', () => {
    expect(run(['A1', 'A2', 'A3'], ['B1', 'B2', 'B3'])).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'B3']);
  });

  it('"When one side has no unit left to act, the other side activates all its remaining units in order"', () => {
    expect(run(['A1'], ['B1', 'B2', 'B3'])).toEqual(['A1', 'B1', 'B2', 'B3']);
    expect(run(['A1', 'A2', 'A3'], [])).toEqual(['A1', 'A2', 'A3']);
  });

  it('"A unit that may no longer act when its place comes … is passed over without using its side\'s turn"', () => {
    expect(run(['A1', 'A2', 'A3'], ['B1', 'B2'], ['A2'])).toEqual(['A1', 'B1', 'A3', 'B2']);
  });

  it('"may act" is asked when the place comes: a unit destroyed by an earlier activation does not act', () => {
    const acted: string[] = [];
    const gone = new Set<string>();
    alternate(
      [order('A1'), order('A2')],
      [order('B1'), order('B2')],
      (o) => !gone.has(o.unit),
      (o) => {
        acted.push(o.unit);
        if (o.unit === 'B1') gone.add('A2'); // B1 destroys A2 before A2's turn comes
      },
    );
    expect(acted).toEqual(['A1', 'B1', 'B2']);
  });

  it('"Units a side did not list follow the standing order … appended to the end of its own list, in state order"', () => {
    const p = position([
      unit('R1', 'red', [el('R1a')]),
      unit('B1', 'blue', [el('B1a')]),
      unit('R2', 'red', [el('R2a')]),
      unit('R3', 'red', [el('R3a')]),
    ]);
    const list = activationList(p, 'red', { red: [order('R3', { move: ['N'] })] });
    expect(list.map((o) => o.unit)).toEqual(['R3', 'R1', 'R2']);
    expect(list[1]).toEqual(standingOrder('R1'));
  });

  it('"Instant combat phase: only units whose order carries teleport act"', () => {
    expect(inInstantPhase(order('B6', { teleport: [{ col: 17, row: 10 }] }))).toBe(true);
    expect(inInstantPhase(order('B1'))).toBe(false);
  });

  it('the standing order is "stay in place, attack the nearest eligible enemy"', () => {
    expect(standingOrder('X')).toMatchObject({ move: [], then: 'nearest', fire: [], within: null, spare: false });
  });

  it('"every other unit of the list that has at least one element active or carried acts"; reserve, destroyed, fled do not', () => {
    expect(
      mayActInNormalPhase(
        unit('U', 'red', [el('a', { status: 'destroyed' }), el('b', { status: 'carried', carrier: 'T' })]),
      ),
    ).toBe(true);
    expect(mayActInNormalPhase(unit('U', 'red', [el('a', { status: 'destroyed' }), el('b', { status: 'fled' })]))).toBe(
      false,
    );
    expect(mayActInNormalPhase(unit('U', 'red', [el('a', { status: 'reserve', hex: null })]))).toBe(false);
  });

  it('a teleporting unit acts in the instant phase from reserve, or from the map if Ethereal (§14)', () => {
    expect(mayActInInstantPhase(unit('U', 'blue', [el('a', { status: 'reserve', hex: null, special: ['Tel'] })]))).toBe(
      true,
    );
    expect(mayActInInstantPhase(unit('U', 'blue', [el('a', { special: ['Tel'] })]))).toBe(false);
    expect(mayActInInstantPhase(unit('U', 'blue', [el('a', { special: ['Tel', 'Eth'] })]))).toBe(true);
  });
});
