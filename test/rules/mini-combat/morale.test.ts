/** rules-mini-combat.md §16: the morale phase, with §13.1's survival of passengers when a transport flees. */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import { moralePhase, mustTestMorale } from '../../../src/rules/mini-combat/morale.ts';
import { passengersSurvive } from '../../../src/rules/mini-combat/survival.ts';
import type { ElementStatus, Unit } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';

type Over = NonNullable<Parameters<typeof el>[1]>;

const rifles = (id: string, side: string, statuses: ElementStatus[], over: Over[] = []) =>
  unit(
    id,
    side,
    statuses.map((status, i) => el(`${id}${'abcdef'[i]}`, { status, hex: '0505', ...over[i] })),
  );

/** A battlefield whose turn began with `before` and now stands as `after` (the same units, changed). */
function turn(before: Unit[], after: Unit[]): Battlefield {
  const b = new Battlefield(position(before));
  for (const u of after) {
    const live = b.units.find((x) => x.id === u.id)!;
    u.elements.forEach((e, i) => Object.assign(live.elements[i]!, e));
  }
  return b;
}

describe('§16 who tests', () => {
  const u = (statuses: ElementStatus[]) => ({ elements: statuses.map((status) => ({ status })) });

  it('"its destroyed elements number at least half its size, rounded up" — 2 of 3, not 1 of 3; 2 of 4', () => {
    expect(mustTestMorale(u(['destroyed', 'destroyed', 'active']), u(['active', 'active', 'active']))).toBe(true);
    expect(mustTestMorale(u(['destroyed', 'active', 'active']), u(['active', 'active', 'active']))).toBe(false);
    expect(
      mustTestMorale(u(['destroyed', 'destroyed', 'active', 'active']), u(['active', 'active', 'active', 'active'])),
    ).toBe(true);
  });

  it('"it has more destroyed elements than at the start of this turn" — a unit that lost nothing is not retested', () => {
    expect(mustTestMorale(u(['destroyed', 'destroyed', 'active']), u(['destroyed', 'destroyed', 'active']))).toBe(
      false,
    );
  });

  it('Ruling: "tested in each turn in which it loses an element while at or below half strength, not only once"', () => {
    expect(
      mustTestMorale(
        u(['destroyed', 'destroyed', 'destroyed', 'active']),
        u(['destroyed', 'destroyed', 'active', 'active']),
      ),
    ).toBe(true);
  });

  it('"net of healing": one lost and one healed this turn is no loss; "a unit healed above half needs no test"', () => {
    expect(mustTestMorale(u(['active', 'destroyed', 'destroyed']), u(['destroyed', 'destroyed', 'active']))).toBe(
      false,
    );
    expect(
      mustTestMorale(u(['destroyed', 'active', 'active', 'active']), u(['destroyed', 'active', 'active', 'active'])),
    ).toBe(false);
  });

  it('"that has at least one element active or carried": a unit wholly destroyed, or all in reserve, does not test', () => {
    expect(mustTestMorale(u(['destroyed', 'destroyed']), u(['active', 'active']))).toBe(false);
    expect(mustTestMorale(u(['destroyed', 'destroyed', 'carried']), u(['active', 'active', 'carried']))).toBe(true);
    expect(mustTestMorale(u(['destroyed', 'fled', 'reserve']), u(['active', 'fled', 'reserve']))).toBe(false);
  });
});

describe('§16 the test', () => {
  it('"a die at least that Morale passes": event morale {unit, lost, size, need, roll, passed}, seen by both', () => {
    const b = turn(
      [rifles('A', 'red', ['active', 'active', 'active'])],
      [rifles('A', 'red', ['destroyed', 'destroyed', 'active'])],
    );
    const dice = new ScriptedDice([4]);
    moralePhase(b, dice);
    expect(b.events).toEqual([
      { type: 'morale', seenBy: ['red', 'blue'], unit: 'A', lost: 2, size: 3, need: 4, roll: 4, passed: true },
    ]);
    expect(b.element('Ac').status).toBe('active');
  });

  it('Ruling: "the best Morale — the lowest number — among its active and carried elements" (a destroyed one does not lead)', () => {
    const morale = [{ morale: 2 }, { morale: 5 }, { morale: 3 }, { morale: 4 }];
    const b = turn(
      [rifles('A', 'red', ['active', 'active', 'active', 'carried'], morale)],
      [rifles('A', 'red', ['destroyed', 'destroyed', 'active', 'carried'], morale)],
    );
    moralePhase(b, new ScriptedDice([3]));
    expect(b.events[0]).toMatchObject({ need: 3, roll: 3, passed: true });
  });

  it('"Morale 1: no roll, passes"', () => {
    const none = [{ morale: 1 }, { morale: 1 }];
    const b = turn(
      [rifles('A', 'red', ['active', 'active'], none)],
      [rifles('A', 'red', ['destroyed', 'active'], none)],
    );
    const dice = new ScriptedDice([]);
    moralePhase(b, dice);
    expect(b.events[0]).toMatchObject({ need: 1, roll: null, passed: true });
    expect(dice.used).toBe(0);
  });

  it('"On a failure every active and carried element of the unit becomes fled" where it stands; the others keep their status', () => {
    const b = turn(
      [rifles('A', 'red', ['active', 'active', 'active', 'carried'], [{}, {}, {}, { carrier: 'Ta' }])],
      [
        rifles(
          'A',
          'red',
          ['destroyed', 'destroyed', 'active', 'carried'],
          [{}, {}, { hex: '0607' }, { carrier: 'Ta' }],
        ),
      ],
    );
    moralePhase(b, new ScriptedDice([3]));
    expect(b.events.map((e) => e.type)).toEqual(['morale', 'fled']);
    expect(b.events[1]).toEqual({ type: 'fled', seenBy: ['red', 'blue'], unit: 'A', elements: ['Ac', 'Ad'] });
    expect(b.units[0]!.elements.map((e) => e.status)).toEqual(['destroyed', 'destroyed', 'fled', 'fled']);
    expect(b.element('Ac').hex).toEqual(h('0607'));
    expect(b.element('Ad').carrier).toBeNull();
  });

  it('"each unit, in state order": dice in state order (§22.5 item 5)', () => {
    const b = turn(
      [rifles('A', 'red', ['active', 'active']), rifles('B', 'blue', ['active', 'active'])],
      [rifles('A', 'red', ['destroyed', 'active']), rifles('B', 'blue', ['destroyed', 'active'])],
    );
    moralePhase(b, new ScriptedDice([6, 1]));
    expect(b.events.map((e) => [e.type, e.unit, e.roll ?? null])).toEqual([
      ['morale', 'A', 6],
      ['morale', 'B', 1],
      ['fled', 'B', null],
    ]);
  });
});

describe('§13.1 with §16: a transport that flees with its unit', () => {
  const truck = (over: Over = {}) => el('Ta', { type: 'vehicle', special: ['T3'], hex: '0505', facing: 'SE', ...over });
  /** T: a truck carrying one of its own (Tc) and two of P; two more trucks, lost this turn in `lost()`. */
  const tUnit = (lostTwo: boolean) =>
    unit('T', 'red', [
      truck(),
      el('Tb', { type: 'vehicle', hex: '0505', status: lostTwo ? 'destroyed' : 'active' }),
      el('Tc', { status: 'carried', carrier: 'Ta' }),
      el('Td', { type: 'vehicle', hex: '0505', status: lostTwo ? 'destroyed' : 'active' }),
    ]);
  const lost = () => tUnit(true);
  const before = () => [
    tUnit(false),
    unit('P', 'red', [
      el('Pa', { status: 'carried', carrier: 'Ta', hex: '0505' }),
      el('Pb', { status: 'carried', carrier: 'Ta', hex: '0505' }),
    ]),
  ];

  it('"passengers of other units in its transports roll to survive": 4+ placed at the transport\'s hex facing as it; 1–3 destroyed by the transport', () => {
    const start = before();
    const now = before();
    now[0] = lost();
    const b = turn(start, now);
    const dice = new ScriptedDice([2, 4, 3, 6]);
    moralePhase(b, dice);
    // P, later in state order, has lost Pb this turn: half of its 2, so it tests too (6: passed).
    expect(b.events.map((e) => e.type)).toEqual(['morale', 'fled', 'survival', 'survival', 'destroyed', 'morale']);
    // "A passenger whose own unit is fleeing with the transport flees with it instead (no roll)."
    expect(b.events[1]).toMatchObject({ elements: ['Ta', 'Tc'] });
    expect(b.events[2]).toEqual({
      type: 'survival',
      seenBy: ['red', 'blue'],
      element: 'Pa',
      transport: 'Ta',
      roll: 4,
      survived: true,
      hex: '0505',
    });
    expect(b.element('Pa')).toMatchObject({
      status: 'active',
      hex: h('0505'),
      facing: 'SE',
      carrier: null,
      from: null,
    });
    expect(b.moved.has('Pa')).toBe(true);
    expect(b.events[3]).toMatchObject({ element: 'Pb', roll: 3, survived: false, hex: null });
    expect(b.events[4]).toEqual({ type: 'destroyed', seenBy: ['red', 'blue'], element: 'Pb', by: 'Ta', hex: '0505' });
    expect(b.element('Pb').status).toBe('destroyed');
    expect(dice.used).toBe(4);
  });

  it("Ruling (settled here): a passenger lost with an earlier unit's transport counts for a later unit's test in the same phase", () => {
    const start = before();
    const now = before();
    now[0] = lost();
    const b = turn(start, now);
    // T fails (2); Pa and Pb are lost (1, 1); P, now 2 of 2 destroyed, has nothing left to test.
    moralePhase(b, new ScriptedDice([2, 1, 1]));
    expect(b.events.filter((e) => e.type === 'morale').map((e) => e.unit)).toEqual(['T']);
    // With a third element left on the map, P tests in the same phase.
    const start3 = [...before().slice(0, 1), unit('P', 'red', [...before()[1]!.elements, el('Pc', { hex: '0606' })])];
    const now3 = [now[0], start3[1]!];
    const b3 = turn(start3, now3);
    moralePhase(b3, new ScriptedDice([2, 1, 1, 5]));
    expect(b3.events.filter((e) => e.type === 'morale').map((e) => [e.unit, e.lost])).toEqual([
      ['T', 2],
      ['P', 2],
    ]);
  });

  it("survivors go to the nearest legal hex when the transport's hex is not one (an amphibious carrier in water)", () => {
    const b = new Battlefield(
      position(
        [
          unit('T', 'red', [truck({ special: ['T1', 'Amph'], hex: '0505', status: 'fled' })]),
          unit('P', 'red', [el('Pa', { status: 'carried', carrier: 'Ta', hex: '0505' })]),
        ],
        { terrain: { '0505': 'water', '0504': 'water' } },
      ),
    );
    passengersSurvive(b, 'Ta', new ScriptedDice([6]));
    // Ring 1 of 0505: N 0504 (water), then NE 0604.
    expect(b.element('Pa').hex).toEqual(h('0604'));
  });

  it('"if no hex is legal … it is destroyed" even on a 4+', () => {
    const terrain: Record<string, 'water'> = {};
    for (let c = 1; c <= 6; c++) for (let r = 1; r <= 6; r++) terrain[`0${c}0${r}`] = 'water';
    const b = new Battlefield(
      position(
        [
          unit('T', 'red', [truck({ special: ['T1', 'Amph'], hex: '0303', status: 'destroyed' })]),
          unit('P', 'red', [el('Pa', { status: 'carried', carrier: 'Ta', hex: '0303' })]),
        ],
        { map: { width: 6, height: 6 }, terrain },
      ),
    );
    passengersSurvive(b, 'Ta', new ScriptedDice([5]));
    expect(b.events.map((e) => [e.type, e.survived ?? null])).toEqual([
      ['survival', false],
      ['destroyed', null],
    ]);
  });
});
