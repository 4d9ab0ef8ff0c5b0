/** rules-mini-combat.md §6 item 4, §14 and §23: activations and the two combat phases. */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { parseHex } from '../../../src/rules/hex.ts';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import { combatPhase } from '../../../src/rules/mini-combat/combat.ts';
import { rollInitiative } from '../../../src/rules/mini-combat/initiative.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import { checkPosition } from '../../../src/rules/mini-combat/state.ts';
import type { Direction, Hex } from '../../../src/rules/types.ts';
import { h } from './fixtures.ts';
import { sampleBattle } from './sample-battle.ts';

const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });
const path = (text: string) => text.split(' ').filter(Boolean) as Direction[];
const hexes = (text: string): Hex[] => text.split(' ').map((x) => (parseHex(x) as { value: Hex }).value);

describe('§23 the sample battle, turn 1', () => {
  const orders = {
    red: [
      order('R3', { move: path('S S S S'), fire: ['B4'] }),
      order('R7', { move: path('S S S S S S') }),
      order('R6', { drop: hexes('1220'), face: 'S' }),
    ],
    blue: [
      order('B6', { teleport: hexes('1710'), move: path('N') }),
      order('B1', { move: path('N N') }),
      order('B7', { insubstantial: true, move: path('N N N') }),
    ],
  };

  function turnOne() {
    const p = sampleBattle();
    expect(checkPosition(p)).toEqual([]);
    const b = new Battlefield(p);
    b.insubstantial.add('B7a').add('B7b');
    const dice = new ScriptedDice([3, 5, ...Array<number>(20).fill(4)]);
    const initiative = rollInitiative(p.sides, dice);
    combatPhase(b, 'instant', initiative.order, orders, dice);
    combatPhase(b, 'normal', initiative.order, orders, dice);
    return { b, dice, initiative };
  }

  it('"blue wins the initiative 5–3; B6 teleports to 1710 (red sees neither the teleport nor the move) and steps to 1709"', () => {
    const { b, initiative } = turnOne();
    expect(initiative.order).toEqual(['blue', 'red']);
    const place = b.events.filter((e) => e.type === 'place');
    expect(place.map((e) => [e.element, e.hex, e.facing, e.seenBy])).toEqual([
      ['B6a', '1710', 'N', ['blue']],
      ['B6b', '1710', 'N', ['blue']],
    ]);
    const b6moves = b.events.filter((e) => e.type === 'move' && String(e.element).startsWith('B6'));
    expect(b6moves.map((e) => [e.to, e.seenBy])).toEqual([
      ['1709', ['blue']],
      ['1709', ['blue']],
    ]);
    expect(b.events[0]).toMatchObject({ type: 'activation', phase: 'instant', unit: 'B6', seenBy: ['blue'] });
  });

  it('R3: "R3a is 6 hexes from the Stalkers, too far to see them; R3b\'s line of sight crosses the building 1309; R3c sees B6a 4 hexes away, rolls 4 against a need of 4, B6a\'s save of 5+ rolls 4, and Power 5 over Armor 2 destroys it"', () => {
    const { b } = turnOne();
    const r3 = b.events.filter((e) => e.type === 'attack' && String(e.attacker).startsWith('R3'));
    expect(r3).toEqual([
      {
        type: 'attack',
        seenBy: ['red', 'blue'],
        attacker: 'R3c',
        target: 'B6a',
        weapon: 1,
        range: 20,
        melee: false,
        template: null,
        aim: null,
        need: 4,
        roll: 4,
        hit: true,
        mods: [],
      },
    ]);
    const i = b.events.indexOf(r3[0]!);
    expect(b.events.slice(i + 1, i + 4)).toEqual([
      { type: 'save', seenBy: ['red', 'blue'], element: 'B6a', need: 5, roll: 4, saved: false, cover: false },
      { type: 'damage', seenBy: ['red', 'blue'], element: 'B6a', power: 5, armor: 2, destroyed: true },
      { type: 'destroyed', seenBy: ['red', 'blue'], element: 'B6a', by: 'R3c', hex: '1709' },
    ]);
  });

  it('"the Gunship flies to 1608 and its Sharpshooter Power 8 destroys B6b (roll 4, save 4)"; "the rest stand, with nothing in range"', () => {
    const { b, dice } = turnOne();
    expect(b.element('R7a').hex).toEqual(h('1608'));
    const attacks = b.events.filter((e) => e.type === 'attack');
    expect(attacks.map((e) => [e.attacker, e.target, e.need, e.roll])).toEqual([
      ['R3c', 'B6a', 4, 4],
      ['R7a', 'B6b', 4, 4],
    ]);
    expect(b.events.filter((e) => e.type === 'damage').map((e) => [e.element, e.power, e.armor])).toEqual([
      ['B6a', 5, 2],
      ['B6b', 8, 2],
    ]);
    expect(['B6a', 'B6b'].map((id) => b.element(id).status)).toEqual(['destroyed', 'destroyed']);
    // 12 dice in the turn: 2 for the initiative, 4 for the two attacks here, 6 for the drop phase's scatter.
    expect(dice.used).toBe(6);
  });

  it('"B7, insubstantial, moves unseen"; the paras in reserve do not act in the combat phases', () => {
    const { b } = turnOne();
    const b7 = b.events.filter((e) => e.type === 'move' && String(e.element).startsWith('B7'));
    expect(b7.map((e) => [e.to, e.seenBy])).toEqual([
      ['0631', ['blue']],
      ['0631', ['blue']],
    ]);
    expect(b.events.some((e) => e.type === 'activation' && e.unit === 'R6')).toBe(false);
    expect(b.element('R6a').status).toBe('reserve');
  });
});
