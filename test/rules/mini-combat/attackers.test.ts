/** rules-mini-combat.md §10.10 (who may attack), §10.11 (multiple weapons), §12.3 (combining codes in combat). */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import {
  elementAttacks,
  mayAttack,
  NO_FACTS,
  unitAttacks,
  type ActivationFacts,
} from '../../../src/rules/mini-combat/attack.ts';
import { Battlefield, type MiniEvent } from '../../../src/rules/mini-combat/battlefield.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import { canSee } from '../../../src/rules/mini-combat/sight.ts';
import type { Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';

const field = (units: Unit[], terrain: Record<string, Terrain> = {}, turn = 3) =>
  new Battlefield(position(units, { terrain, turn }));
const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });
const of = (b: Battlefield, type: string): MiniEvent[] => b.events.filter((e) => e.type === type);
/** An enemy element facing S, north of the attackers: they are in its front. */
const foe = (id: string, over: Parameters<typeof el>[1] = {}) => el(id, { facing: 'S', ...over });
function attack(
  b: Battlefield,
  id: string,
  rolls: number[],
  o: Partial<UnitOrder> = {},
  facts: ActivationFacts = NO_FACTS,
): ScriptedDice {
  const dice = new ScriptedDice(rolls);
  elementAttacks(b, b.element(id), order(b.unitOf(id), o), dice, facts);
  return dice;
}
/** One attacker Aa (with these fields) at 0505 and one enemy Ba at 0504. */
const duel = (over: Parameters<typeof el>[1] = {}) =>
  field([unit('A', 'red', [el('Aa', { hex: '0505', ...over })]), unit('B', 'blue', [foe('Ba', { hex: '0504' })])]);

describe('§10.10 which elements may attack', () => {
  it('"it is not active (destroyed …, carried …), or out of coherency (§8.8)"', () => {
    const a = duel({ status: 'destroyed' });
    expect(mayAttack(a, a.element('Aa'), NO_FACTS)).toBe(false);
    const b = duel();
    expect(mayAttack(b, b.element('Aa'), NO_FACTS)).toBe(true);
    expect(mayAttack(b, b.element('Aa'), { outOfCoherency: new Set(['Aa']) })).toBe(false);
    b.element('Aa').status = 'carried';
    expect(mayAttack(b, b.element('Aa'), NO_FACTS)).toBe(false);
  });

  it('"its To Hit is 7 (no To Hit)"', () => {
    const b = duel({ toHit: 7 });
    expect(attack(b, 'Aa', []).used).toBe(0);
    expect(b.events).toEqual([]);
  });

  it('"it is insubstantial this turn, or submerged"', () => {
    const b = duel({ special: ['Ins'] });
    b.insubstantial.add('Aa');
    expect(mayAttack(b, b.element('Aa'), NO_FACTS)).toBe(false);
    const c = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505', special: ['Sub'], submerged: true })]),
        unit('B', 'blue', [foe('Ba', { hex: '0504' })]),
      ],
      { '0505': 'water' },
    );
    expect(mayAttack(c, c.element('Aa'), NO_FACTS)).toBe(false);
  });

  it('"Move or fire: it has moved this turn"', () => {
    const b = duel({ special: ['MoF'] });
    expect(mayAttack(b, b.element('Aa'), NO_FACTS)).toBe(true);
    b.moved.add('Aa');
    expect(mayAttack(b, b.element('Aa'), NO_FACTS)).toBe(false);
  });

  it('"Fires every other turn: it attacked in the previous turn"', () => {
    const a = duel({ special: ['Feot'], firedTurn: 2 });
    expect(mayAttack(a, a.element('Aa'), NO_FACTS)).toBe(false);
    const b = duel({ special: ['Feot'], firedTurn: 1 });
    expect(mayAttack(b, b.element('Aa'), NO_FACTS)).toBe(true);
  });

  it('"One shot: its shot is used (or fire names no eligible target)"', () => {
    const b = duel({ special: ['OS'], shotUsed: true });
    expect(attack(b, 'Aa', [], { fire: ['Ba'] }).used).toBe(0);
    const c = duel({ special: ['OS'] });
    expect(attack(c, 'Aa', [], { fire: ['B9'] }).used).toBe(0);
  });

  it('"An element that attacks has firedTurn set to this turn; … a One shot element\'s shotUsed becomes true"', () => {
    const b = duel({ special: ['OS'] });
    attack(b, 'Aa', [1], { fire: ['Ba'] });
    expect(b.element('Aa')).toMatchObject({ firedTurn: 3, shotUsed: true });
  });

  it('"a hidden Scout is revealed" by attacking, before its attack is told', () => {
    const b = duel({ special: ['Sc'], hidden: true });
    attack(b, 'Aa', [1]);
    expect(b.element('Aa').hidden).toBe(false);
    expect(b.events.map((e) => [e.type, e.why ?? null])).toEqual([
      ['reveal', 'attacked'],
      ['attack', null],
    ]);
    expect(b.events[0]!.seenBy).toEqual(['red', 'blue']);
  });

  it('"a Stealth element can be seen by everyone for the rest of the turn (§9.2)"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 50, special: ['St'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0501' }), foe('Bb', { hex: '0515' })]),
    ]);
    expect(canSee(b.position, b.element('Bb'), b.element('Aa'), b.sight())).toBe(false);
    attack(b, 'Aa', [1]);
    expect(canSee(b.position, b.element('Bb'), b.element('Aa'), b.sight())).toBe(true);
  });

  it('"Every attack counts, melee included ("Cannot attack for 1 turn after firing")"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0, special: ['Feot'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505' })]),
    ]);
    attack(b, 'Aa', [1]);
    expect(of(b, 'attack')[0]).toMatchObject({ melee: true });
    expect(b.element('Aa').firedTurn).toBe(3);
  });
});

describe('§10.11 multiple weapons', () => {
  it('"it makes n attacks in a row, each choosing its target afresh (§10.2) — one target may take several"', () => {
    const b = duel({ special: ['MW3'] });
    const dice = attack(b, 'Aa', [1, 1, 1]);
    expect(dice.used).toBe(3);
    expect(of(b, 'attack').map((e) => [e.target, e.weapon])).toEqual([
      ['Ba', 1],
      ['Ba', 2],
      ['Ba', 3],
    ]);
  });

  it('"a destroyed one is not attacked again"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 5, special: ['MW2'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0504' }), foe('Bb', { hex: '0503' })]),
    ]);
    attack(b, 'Aa', [3, 1, 1]);
    expect(of(b, 'attack').map((e) => [e.target, e.weapon])).toEqual([
      ['Ba', 1],
      ['Bb', 2],
    ]);
  });

  it('"A template element makes n template attacks"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['5c', 'MW2'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0503' }), foe('Bb', { hex: '0503' })]),
    ]);
    attack(b, 'Aa', [1, 1, 1, 1]);
    expect(of(b, 'attack').map((e) => [e.target, e.weapon, e.template])).toEqual([
      ['Ba', 1, '5c'],
      ['Bb', 1, '5c'],
      ['Ba', 2, '5c'],
      ['Bb', 2, '5c'],
    ]);
  });
});

describe('§12.3 combining codes, in combat', () => {
  it('"Anything else (e.g. OS with Feot) is allowed": a One shot element with Multiple weapons fires them all in its one activation', () => {
    const b = duel({ special: ['OS', 'Feot', 'MW2'] });
    attack(b, 'Aa', [1, 1], { fire: ['Ba'] });
    expect(of(b, 'attack').map((e) => e.weapon)).toEqual([1, 2]);
    expect(b.element('Aa')).toMatchObject({ shotUsed: true, firedTurn: 3 });
    expect(attack(b, 'Aa', [], { fire: ['Ba'] }).used).toBe(0);
  });

  it('Sharpshooter with a template doubles the Power against every element the template affects when shooting', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['5c', 'SS'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0503' }), foe('Bb', { hex: '0503', special: ['Den:SS'] })]),
    ]);
    attack(b, 'Aa', [6, 1, 6, 1]);
    expect(of(b, 'damage').map((e) => [e.element, e.power])).toEqual([
      ['Ba', 4],
      ['Bb', 2],
    ]);
  });

  it('Indirect fire with a template: the aimed-at target need not be in LOS, seen only by a friend', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0510', range: 50, special: ['IF', 'Bmb'] })]),
        unit('F', 'red', [el('Fa', { hex: '0501' })]),
        unit('B', 'blue', [foe('Ba', { hex: '0504', special: ['St'] })]),
      ],
      { '0507': 'building' },
    );
    attack(b, 'Aa', [6, 1]);
    expect(of(b, 'attack')[0]).toMatchObject({ target: 'Ba', template: 'Bmb', mods: ['still', 'indirect'], need: 4 });
  });
});

describe('§10.10 in an activation', () => {
  it("settled: a passenger of the attacking unit that survives its transport, destroyed during the unit's attacks, was carried when the attacks began and does not attack", () => {
    const b = field([
      unit('A', 'red', [
        el('Aa', { hex: '0505', power: 9, special: ['10c'] }),
        el('Ab', { hex: '0504', status: 'carried', carrier: 'Ta' }),
      ]),
      unit('T', 'red', [el('Ta', { hex: '0504', type: 'vehicle', special: ['T1'], facing: 'S' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0504' })]),
    ]);
    const dice = new ScriptedDice([6, 1, 6, 1, 1]); // Ta hit, unsaved; Ab survives; Ba and Aa missed
    unitAttacks(b, 'A', order('A', { fire: ['Ba'] }), dice);
    expect(b.element('Ab').status).toBe('active');
    // settled: a template's victims are those in its hexes when it is placed; Ab, put down in one of them, is not one
    expect(b.element('Ab').hex).toEqual(h('0503'));
    expect(of(b, 'attack').map((e) => [e.attacker, e.target])).toEqual([
      ['Aa', 'Ta'],
      ['Aa', 'Ba'],
      ['Aa', 'Aa'],
    ]);
  });
});
