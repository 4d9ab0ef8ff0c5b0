/** rules-mini-combat.md §15: the drop phase (with §13.2 placement, §13.3 scatter and §12.4 Deny Drop). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePositionInput } from '../../../src/adjudicator/mini-combat-json.ts';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import { checkSideOrders } from '../../../src/rules/mini-combat/check.ts';
import { dropPhase, dropUnit } from '../../../src/rules/mini-combat/drop.ts';
import { updateStill } from '../../../src/rules/mini-combat/move.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import type { MiniPosition, Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';

const para = (id: string, code = 'Drp', over = {}) =>
  el(id, { status: 'reserve', hex: null, special: [code], ...over });
const paras = (id: string, side: string, n: number, code = 'Drp') =>
  unit(
    id,
    side,
    Array.from({ length: n }, (_, i) => para(`${id}${'abcdef'[i]}`, code)),
  );
const drop = (u: string, hexes: string[], over: Partial<UnitOrder> = {}): UnitOrder => ({
  ...standingOrder(u),
  drop: hexes.map(h),
  ...over,
});
const field = (units: Unit[], over: Partial<MiniPosition> = {}) => new Battlefield({ ...position(units), ...over });
const at = (b: Battlefield, id: string) => {
  const e = b.element(id);
  return [
    e.status,
    e.hex === null ? null : `${String(e.hex.col).padStart(2, '0')}${String(e.hex.row).padStart(2, '0')}`,
    e.facing,
  ];
};

describe('§15 placing a drop unit', () => {
  it('"With drop, it is placed in the drop phase of this turn": active, from null, facing the order\'s face, no die for Drp', () => {
    const b = field([paras('P', 'red', 1)]);
    const dice = new ScriptedDice([]);
    dropUnit(b, drop('P', ['1220'], { face: 'SE' }), dice);
    expect(b.element('Pa')).toMatchObject({ status: 'active', hex: h('1220'), facing: 'SE', from: null });
    expect(b.events).toEqual([
      { type: 'place', seenBy: ['red'], element: 'Pa', hex: '1220', facing: 'SE', how: 'drop' },
    ]);
    expect(dice.used).toBe(0);
  });

  it('"it has moved (so still is 0)"', () => {
    const b = field([paras('P', 'red', 1)]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([]));
    updateStill(b);
    expect(b.element('Pa').still).toBe(0);
    expect(b.moved.has('Pa')).toBe(true);
  });

  it('"the i-th element placed takes the i-th hex, or the last"', () => {
    const b = field([paras('P', 'red', 3)]);
    dropUnit(b, drop('P', ['1220', '1221']), new ScriptedDice([]));
    expect(['Pa', 'Pb', 'Pc'].map((id) => at(b, id)[1])).toEqual(['1220', '1221', '1221']);
  });

  it('"facing the order\'s face or its side\'s forward direction" (away from its own edge)', () => {
    const b = field([paras('P', 'red', 1), paras('Q', 'blue', 1)]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([]));
    dropUnit(b, drop('Q', ['1020']), new ScriptedDice([]));
    expect(b.element('Pa').facing).toBe('S');
    expect(b.element('Qa').facing).toBe('N');
  });

  it('"placed at the nearest legal hex to the point": past the stack limit, and never into a hex with an enemy', () => {
    const b = field([paras('P', 'red', 4), unit('E', 'blue', [el('Ea', { hex: '1219' })])]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([]));
    // Ring 1 starts N (1219, held by the enemy), then NE (1320: column 12 is a low one).
    expect(['Pa', 'Pb', 'Pc', 'Pd'].map((id) => at(b, id)[1])).toEqual(['1220', '1220', '1220', '1320']);
  });

  it('§13.2: a hidden enemy Scout in the aimed hex still keeps the drop out ("something is there")', () => {
    const b = field([
      paras('P', 'red', 1),
      unit('S', 'blue', [el('Sa', { hex: '1220', special: ['Sc'], hidden: true })]),
    ]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([]));
    expect(at(b, 'Pa')[1]).toBe('1219');
  });

  it('"An element with no legal hex stays in reserve" — a place with no hex, seen by its own side only', () => {
    const terrain = new Map<string, Terrain>();
    for (let c = 1; c <= 6; c++) for (let r = 1; r <= 6; r++) terrain.set(`0${c}0${r}`, 'forest');
    const b = field([unit('V', 'red', [para('Va', 'Drp', { type: 'vehicle' })])], {
      map: { width: 6, height: 6 },
      terrain,
    });
    dropUnit(b, drop('V', ['0303']), new ScriptedDice([]));
    expect(b.element('Va').status).toBe('reserve');
    expect(b.events).toEqual([{ type: 'place', seenBy: ['red'], element: 'Va', hex: null, facing: null, how: 'drop' }]);
  });

  it('§9.3: the enemy sees where a drop came down only if it sees the element there', () => {
    const units = [
      unit('P', 'red', [para('Pa', 'Drp', { special: ['Drp', 'St'] })]),
      unit('E', 'blue', [el('Ea', { hex: '1230' })]),
    ];
    const far = field(units);
    dropUnit(far, drop('P', ['1220']), new ScriptedDice([]));
    expect(far.events[0]!.seenBy).toEqual(['red']);
    const near = field(units);
    dropUnit(near, drop('P', ['1226']), new ScriptedDice([]));
    expect(near.events[0]!.seenBy).toEqual(['red', 'blue']);
  });
});

describe('§15 with §13.3: a DrpS element scatters when it is placed', () => {
  it('"a double (a = b): it lands on its aimed hex; no more dice"', () => {
    const b = field([paras('P', 'red', 1, 'DrpS')]);
    const dice = new ScriptedDice([4, 4]);
    dropUnit(b, drop('P', ['1220']), dice);
    expect(b.events.map((e) => e.type)).toEqual(['scatter', 'place']);
    expect(b.events[0]).toEqual({
      type: 'scatter',
      seenBy: ['red'],
      element: 'Pa',
      aim: '1220',
      dice: [4, 4],
      distance: 0,
      hour: null,
      point: '1220',
    });
    expect(at(b, 'Pa')[1]).toBe('1220');
    expect(dice.used).toBe(2);
  });

  it('"otherwise … 1 hex if a + b ≤ 7 … the clock hour is d if c ≤ 3": 1+2, then 1, 6 → 6 o\'clock, one hex S', () => {
    const b = field([paras('P', 'red', 1, 'DrpS')]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([1, 2, 1, 6]));
    expect(at(b, 'Pa')[1]).toBe('1221');
  });

  it('a point scattered off the map is placed at the nearest legal hex on it', () => {
    const b = field([paras('P', 'red', 1, 'DrpS')]);
    // 6 + 5 = 11: 2 hexes; c = 1, d = 6: 6 o'clock, straight S from row 36.
    dropUnit(b, drop('P', ['1236']), new ScriptedDice([6, 5, 1, 6]));
    expect(b.events[0]).toMatchObject({ distance: 2, hour: 6, point: null });
    expect(at(b, 'Pa')[1]).toBe('1236');
  });

  it('each element scatters on its own, in element order', () => {
    const b = field([paras('P', 'red', 2, 'DrpS')]);
    const dice = new ScriptedDice([3, 3, 1, 2, 4, 6]);
    dropUnit(b, drop('P', ['1220']), dice);
    expect(b.events.map((e) => [e.type, e.element])).toEqual([
      ['scatter', 'Pa'],
      ['place', 'Pa'],
      ['scatter', 'Pb'],
      ['place', 'Pb'],
    ]);
    expect(dice.used).toBe(6);
  });
});

describe('§15 "Denied" by §12.4 Deny Drop', () => {
  const denierAt = (hex: string, over = {}) =>
    unit('D', 'blue', [el('Da', { hex: '0101' }), el('Db', { hex, special: ['Den:Drp'], ...over })]);

  it('"if any aimed hex is within the deny range (5 hexes) … the unit stays in reserve (event denied)" — before any die', () => {
    const b = field([paras('P', 'red', 2, 'DrpS'), denierAt('1225')]);
    const dice = new ScriptedDice([]);
    dropUnit(b, drop('P', ['1205', '1220']), dice);
    expect(b.events).toEqual([{ type: 'denied', seenBy: ['red'], unit: 'P', capability: 'drop', by: 'Db' }]);
    expect(b.element('Pa').status).toBe('reserve');
    expect(dice.used).toBe(0);
  });

  it('§24 note 36: "a denied drop may try again" — the next turn, with the denier gone, it lands', () => {
    const first = field([paras('P', 'red', 1), denierAt('1222')]);
    dropUnit(first, drop('P', ['1220']), new ScriptedDice([]));
    const next = first.snapshot();
    const later = new Battlefield({
      ...next,
      turn: 2,
      units: next.units.map((u) =>
        u.id === 'D' ? { ...u, elements: u.elements.map((e) => ({ ...e, status: 'destroyed' as const })) } : u,
      ),
    });
    dropUnit(later, drop('P', ['1220']), new ScriptedDice([]));
    expect(later.element('Pa')).toMatchObject({ status: 'active', hex: h('1220') });
  });

  it('6 hexes away is beyond the deny range; options.denyRange changes it', () => {
    const b = field([paras('P', 'red', 1), denierAt('1226')]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([]));
    expect(b.element('Pa').status).toBe('active');
    const wide = field([paras('P', 'red', 1), denierAt('1226')], {
      options: { stack: 3, denyRange: 30, denyStealthRange: 50 },
    });
    dropUnit(wide, drop('P', ['1220']), new ScriptedDice([]));
    expect(wide.element('Pa').status).toBe('reserve');
  });

  it('"Only active deniers deny", and only enemy ones', () => {
    const dead = field([paras('P', 'red', 1), denierAt('1221', { status: 'destroyed' })]);
    dropUnit(dead, drop('P', ['1220']), new ScriptedDice([]));
    expect(dead.element('Pa').status).toBe('active');
    const own = field([paras('P', 'red', 1), unit('F', 'red', [el('Fa', { hex: '1221', special: ['Den:Drp'] })])]);
    dropUnit(own, drop('P', ['1220']), new ScriptedDice([]));
    expect(own.element('Pa').status).toBe('active');
  });

  it('"by (the denying element; with several, the first in state order)"', () => {
    const b = field([
      paras('P', 'red', 1),
      unit('D', 'blue', [el('Da', { hex: '1222', special: ['Den:Drp'] })]),
      unit('C', 'blue', [el('Ca', { hex: '1221', special: ['Den:Drp'] })]),
    ]);
    dropUnit(b, drop('P', ['1220']), new ScriptedDice([]));
    expect(b.events[0]!.by).toBe('Da');
  });
});

describe('§15 the phase: "alternating, second side first … each side\'s in the order of its list"', () => {
  it('blue lost the initiative, so blue drops first; dice in that order (§22.5 item 6)', () => {
    const b = field([
      paras('R1', 'red', 1, 'DrpS'),
      paras('R2', 'red', 1, 'DrpS'),
      paras('B1', 'blue', 1, 'DrpS'),
      paras('B2', 'blue', 1, 'DrpS'),
    ]);
    const dice = new ScriptedDice([1, 1, 2, 2, 3, 3, 4, 4]);
    dropPhase(
      b,
      ['red', 'blue'],
      {
        red: [drop('R2', ['1010']), standingOrder('R9'), drop('R1', ['1011'])],
        blue: [drop('B1', ['1020']), drop('B2', ['1021'])],
      },
      dice,
    );
    expect(b.events.filter((e) => e.type === 'place').map((e) => e.element)).toEqual(['B1a', 'R2a', 'B2a', 'R1a']);
    expect(b.events.filter((e) => e.type === 'scatter').map((e) => e.dice)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
  });

  it('"When one side has no unit left to act, the other side activates all its remaining units in order"', () => {
    const b = field([paras('R1', 'red', 1), paras('R2', 'red', 1), paras('B1', 'blue', 1)]);
    dropPhase(
      b,
      ['blue', 'red'],
      { red: [drop('R1', ['1010']), drop('R2', ['1012'])], blue: [drop('B1', ['1020'])] },
      new ScriptedDice([]),
    );
    expect(b.events.map((e) => e.element)).toEqual(['R1a', 'B1a', 'R2a']);
  });

  it('a unit with no element left in reserve is passed over; units without drop do not drop', () => {
    const b = field([unit('R1', 'red', [el('R1a', { special: ['Drp'], hex: '0505' })]), paras('R2', 'red', 1)]);
    dropPhase(b, ['red', 'blue'], { red: [drop('R1', ['1010']), standingOrder('R2')] }, new ScriptedDice([]));
    expect(b.events).toEqual([]);
    expect(b.element('R1a').hex).toEqual(h('0505'));
  });
});

describe('§23 the sample battle, turn 1', () => {
  it('"in the drop phase the paras land on 1220 (every scatter roll a double 4–4)"', () => {
    const r = parsePositionInput(
      JSON.parse(readFileSync(new URL('../../../examples/mini-combat-sample.json', import.meta.url), 'utf8')),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const b = new Battlefield(r.value.position);
    const dice = new ScriptedDice([4, 4, 4, 4, 4, 4]);
    dropPhase(b, ['blue', 'red'], { red: [drop('R6', ['1220'], { face: 'S' })] }, dice);
    expect(['R6a', 'R6b', 'R6c'].map((id) => at(b, id))).toEqual([
      ['active', '1220', 'S'],
      ['active', '1220', 'S'],
      ['active', '1220', 'S'],
    ]);
    expect(dice.used).toBe(6);
  });
});

describe('§15 "Once on the map it never drops again"', () => {
  it('a drop order for a unit with nothing left in reserve is DROP_USED (§18.1); with an element still in reserve it may drop', () => {
    const landed = position([unit('P', 'red', [el('Pa', { special: ['Drp'], hex: '0505' })])]);
    expect(checkSideOrders(landed, 'red', [{ unit: 'P', drop: ['1010'] }]).problems.map((x) => x.code)).toEqual([
      'DROP_USED',
    ]);
    const half = position([unit('P', 'red', [el('Pa', { special: ['Drp'], hex: '0505' }), para('Pb')])]);
    expect(checkSideOrders(half, 'red', [{ unit: 'P', drop: ['1010'] }]).problems).toEqual([]);
  });
});
