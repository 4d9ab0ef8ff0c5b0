/** rules-mini-combat.md §17: the recover phase (healing and repair). */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import { updateStill } from '../../../src/rules/mini-combat/move.ts';
import { standingOrder, type MiniOrders } from '../../../src/rules/mini-combat/orders.ts';
import { recoverPhase } from '../../../src/rules/mini-combat/recover.ts';
import type { ElementType, Unit } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';

type Over = NonNullable<Parameters<typeof el>[1]>;

const medic = (id: string, hex: string, code = 'Heal', over: Over = {}) => el(id, { hex, special: [code], ...over });
const fallen = (id: string, over: Over = {}) => el(id, { status: 'destroyed', hex: '0909', ...over });
const run = (units: Unit[], dice: number[] = [], orders: MiniOrders = {}) => {
  const b = new Battlefield(position(units));
  const d = new ScriptedDice(dice);
  recoverPhase(b, orders, d);
  return { b, used: d.used };
};

describe('§17 healing', () => {
  it('"The element returns: active, in that hex, facing as that nearest element, from null, still 0, carrier null"', () => {
    const { b, used } = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [
        fallen('Aa', { still: 3, from: '0808', firedTurn: 2 }),
        el('Ab', { hex: '0507', facing: 'SE' }),
      ]),
    ]);
    expect(b.element('Aa')).toMatchObject({
      status: 'active',
      hex: h('0507'),
      facing: 'SE',
      from: null,
      still: 0,
      carrier: null,
      firedTurn: 2, // "its other fields are unchanged"
    });
    expect(b.events).toEqual([
      {
        type: 'heal',
        seenBy: ['red', 'blue'],
        healer: 'Ma',
        unit: 'A',
        element: 'Aa',
        need: null,
        roll: null,
        success: true,
        hex: '0507',
      },
    ]);
    expect(used).toBe(0); // "Heal / Rep always succeed"
  });

  it('§8.9: an element "restored by healing" has moved this turn', () => {
    const { b } = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0506' })]),
    ]);
    updateStill(b);
    expect(b.element('Aa').still).toBe(0);
  });

  it('"Heal4 / Rep4 (healing is only successful on a 4+) roll a die": 3 fails, 4 succeeds', () => {
    const units = () => [
      unit('M', 'red', [medic('Ma', '0505', 'Heal4')]),
      unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0506' })]),
    ];
    const miss = run(units(), [3]);
    expect(miss.b.element('Aa').status).toBe('destroyed');
    expect(miss.b.events[0]).toMatchObject({ need: 4, roll: 3, success: false, hex: null });
    const hit = run(units(), [4]);
    expect(hit.b.events[0]).toMatchObject({ need: 4, roll: 4, success: true, hex: '0506' });
  });

  it('"Candidates: units … with an active element within 2 hexes (10 cm)": 3 hexes away is out of reach, and no die is rolled', () => {
    const far = run(
      [unit('M', 'red', [medic('Ma', '0505', 'Heal4')]), unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0508' })])],
      [],
    );
    expect(far.b.events).toEqual([]);
    const near = run(
      [unit('M', 'red', [medic('Ma', '0505', 'Heal4')]), unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0507' })])],
      [6],
    );
    expect(near.b.element('Aa').status).toBe('active');
  });

  it('"units of its side (its own included)": a medic restores its own unit\'s fallen; never an enemy\'s', () => {
    const own = run([unit('M', 'red', [medic('Ma', '0505'), fallen('Mb')])]);
    expect(own.b.element('Mb')).toMatchObject({ status: 'active', hex: h('0505') });
    const enemy = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('E', 'blue', [fallen('Ea'), el('Eb', { hex: '0506' })]),
    ]);
    expect(enemy.b.events).toEqual([]);
  });

  it('"Fled elements are never restored"', () => {
    const { b } = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [fallen('Aa', { status: 'fled' }), el('Ab', { hex: '0506' })]),
    ]);
    expect(b.events).toEqual([]);
  });

  it('"at most one … element a turn"', () => {
    const { b } = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [fallen('Aa'), fallen('Ab'), el('Ac', { hex: '0506' })]),
    ]);
    expect(b.units[1]!.elements.map((e) => e.status)).toEqual(['active', 'destroyed', 'active']);
  });
});

describe('§17 which unit, which element, where', () => {
  const twoUnits = () => [
    unit('M', 'red', [medic('Ma', '0505')]),
    unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0506' })]),
    unit('B', 'red', [fallen('Ba'), fallen('Bb'), el('Bc', { hex: '0504' })]),
    unit('C', 'red', [fallen('Ca'), fallen('Cb'), el('Cc', { hex: '0604' })]),
  ];

  it('"the candidate with the most such destroyed elements, ties in state order"', () => {
    expect(run(twoUnits()).b.events[0]).toMatchObject({ unit: 'B', element: 'Ba' });
  });

  it('"the one its unit\'s order names in heal, if a candidate"; else the rule above', () => {
    expect(run(twoUnits(), [], { red: [{ ...standingOrder('M'), heal: 'A' }] }).b.events[0]).toMatchObject({
      unit: 'A',
    });
    expect(run(twoUnits(), [], { red: [{ ...standingOrder('M'), heal: 'Z' }] }).b.events[0]).toMatchObject({
      unit: 'B',
    });
  });

  it('"that unit\'s first such destroyed element, in element order": Heal passes over a fallen vehicle', () => {
    const { b } = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [fallen('Aa', { type: 'vehicle' }), fallen('Ab'), el('Ac', { hex: '0506' })]),
    ]);
    expect(b.events[0]).toMatchObject({ element: 'Ab' });
  });

  it('"the hex of the unit\'s active element nearest the healer (ties: element order)"', () => {
    const { b } = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0503' }), el('Ac', { hex: '0506' }), el('Ad', { hex: '0504' })]),
    ]);
    expect(b.events[0]).toMatchObject({ hex: '0506' });
  });

  it('"else the nearest legal hex to it" (§13.2: a full hex), and "no legal hex: nothing happens (no roll)"', () => {
    const full = run([
      unit('M', 'red', [medic('Ma', '0505')]),
      unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0506' }), el('Ac', { hex: '0506' }), el('Ad', { hex: '0506' })]),
    ]);
    expect(full.b.events[0]).toMatchObject({ hex: '0505' }); // ring 1 of 0506 starts N: 0505
    const nowhere = new Battlefield(
      position(
        [
          unit('M', 'red', [medic('Ma', '0303', 'Rep4')]),
          unit('A', 'red', [fallen('Aa', { type: 'vehicle' }), el('Ab', { hex: '0303' })]),
        ],
        {
          map: { width: 6, height: 6 },
          terrain: Object.fromEntries(
            Array.from({ length: 36 }, (_, i) => [`0${(i % 6) + 1}0${Math.floor(i / 6) + 1}`, 'forest' as const]),
          ),
        },
      ),
    );
    // Every hex is forest, where a vehicle cannot stand.
    const dice = new ScriptedDice([]);
    recoverPhase(nowhere, {}, dice);
    expect(nowhere.events).toEqual([]);
    expect(dice.used).toBe(0);
  });
});

describe('§17 heal and repair', () => {
  const restores = (code: string, type: ElementType) =>
    run([
      unit('M', 'red', [medic('Ma', '0505', code)]),
      unit('A', 'red', [fallen('Aa', { type }), el('Ab', { hex: '0506' })]),
    ]).b.element('Aa').status === 'active';

  it('"with Heal or Heal4 … infantry, cavalry or creature"; Ruling: cavalry (living mounts) is healed', () => {
    expect(['infantry', 'cavalry', 'creature'].map((t) => restores('Heal', t as ElementType))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['vehicle', 'mecha', 'structure'].map((t) => restores('Heal', t as ElementType))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('"with Rep or Rep4 … vehicle, mecha or structure"; Ruling: mecha (machines) are repaired', () => {
    expect(['vehicle', 'mecha', 'structure'].map((t) => restores('Rep', t as ElementType))).toEqual([true, true, true]);
    expect(['infantry', 'cavalry', 'creature'].map((t) => restores('Rep', t as ElementType))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('"Healers act in state order (an element with both, heal first)"; dice in that order (§22.5 item 4)', () => {
    const { b, used } = run(
      [
        unit('M', 'red', [medic('Ma', '0505', 'Heal4', { special: ['Heal4', 'Rep4'] }), medic('Mb', '0505', 'Heal4')]),
        unit('A', 'red', [fallen('Aa'), fallen('Ab', { type: 'vehicle' }), fallen('Ac'), el('Ad', { hex: '0506' })]),
      ],
      [4, 5, 6],
    );
    expect(b.events.map((e) => [e.healer, e.element, e.roll])).toEqual([
      ['Ma', 'Aa', 4],
      ['Ma', 'Ab', 5],
      ['Mb', 'Ac', 6],
    ]);
    expect(used).toBe(3);
  });

  it('Ruling (settled here): a healer brought back in this phase restores nobody until the next', () => {
    const { b } = run([
      unit('M', 'red', [medic('Ma', '0505'), medic('Mb', '0505', 'Heal', { status: 'destroyed' })]),
      unit('A', 'red', [fallen('Aa'), el('Ab', { hex: '0506' })]),
    ]);
    expect(b.events.map((e) => [e.healer, e.element])).toEqual([['Ma', 'Mb']]);
    expect(b.element('Aa').status).toBe('destroyed');
  });
});
