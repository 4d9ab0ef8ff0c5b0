/** rules-mini-combat.md §18 (valid orders) and the movement rules it plans with (§8.1–§8.4, §8.7). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePositionInput } from '../../../src/adjudicator/mini-combat-json.ts';
import { checkSideOrders, type OrderEntryInput } from '../../../src/rules/mini-combat/check.ts';
import { moverKind, movementPoints, planPath, stepCost, turnsAlong } from '../../../src/rules/mini-combat/movement.ts';
import { el, h, position, unit } from './fixtures.ts';

const sample = () => {
  const r = parsePositionInput(
    JSON.parse(readFileSync(new URL('../../../examples/mini-combat-sample.json', import.meta.url), 'utf8')),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

describe('§8 movement on the terrain alone', () => {
  const tank = el('T', { type: 'vehicle', move: 20, range: 50, special: ['RdFA'] });

  it('"movement points = 2 × (Movement ÷ 5)"', () => {
    expect(movementPoints(tank)).toBe(8);
  });

  it('§8.3 "pays 1 point instead of 2 for a step from a road hex into an adjacent road hex" — vehicles and cavalry only', () => {
    expect(stepCost(tank, 'road', 'road')).toBe(1);
    expect(stepCost(tank, 'open', 'road')).toBe(2);
    expect(stepCost(el('I'), 'road', 'road')).toBe(2);
  });

  it('§8.2 movers: airborne flier, Skimmer, Ethereal enter any hex; Jump jet and insubstantial pass through', () => {
    expect(moverKind(el('F', { special: ['Fly'] }), false)).toBe('any');
    expect(moverKind(el('F', { special: ['Fly'], landed: true }), false)).toBe('ground');
    expect(moverKind(el('J', { special: ['JJ'] }), false)).toBe('pass');
    expect(moverKind(el('G', { special: ['Ins'] }), true)).toBe('pass');
    expect(moverKind(el('R'), false)).toBe('ground');
  });

  const map = (terrain: Record<string, 'forest' | 'river' | 'road' | 'water'>) => position([], { terrain });

  it('§8.4 "may enter a river hex only with the first step of its path, and that step … ends its move"', () => {
    const rifle = el('R', { hex: '0505' });
    expect(planPath(map({ '0506': 'river' }), rifle, 'ground', h('0505'), 'S', ['S'], null).problem).toBeNull();
    expect(planPath(map({ '0507': 'river' }), rifle, 'ground', h('0505'), 'S', ['S', 'S'], null).problem!.code).toBe(
      'MOVE_RIVER',
    );
    expect(planPath(map({ '0506': 'river' }), rifle, 'ground', h('0505'), 'S', ['S', 'S'], null).problem!.code).toBe(
      'MOVE_RIVER',
    );
    const amph = el('A', { special: ['Amph'], move: 10 });
    expect(planPath(map({ '0506': 'river' }), amph, 'ground', h('0505'), 'S', ['S', 'S'], null).problem).toBeNull();
  });

  it('MOVE_TOO_FAR: a Rifle (4 points) cannot take 3 steps; a tank takes 8 road steps', () => {
    expect(planPath(map({}), el('R'), 'ground', h('0505'), 'S', ['S', 'S', 'S'], null).problem!.code).toBe(
      'MOVE_TOO_FAR',
    );
    const road = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`12${String(i + 1).padStart(2, '0')}`, 'road' as const]),
    );
    const plan = planPath(map(road), tank, 'ground', h('1201'), 'S', ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S'], null);
    expect(plan).toEqual({ end: h('1209'), problem: null });
  });

  it('MOVE_TERRAIN: a vehicle into a forest; a Jump jet may pass a forest but not end in one', () => {
    expect(planPath(map({ '0506': 'forest' }), tank, 'ground', h('0505'), 'S', ['S'], null).problem!.code).toBe(
      'MOVE_TERRAIN',
    );
    const jj = el('J', { type: 'vehicle', special: ['JJ'] });
    expect(planPath(map({ '0506': 'forest' }), jj, 'pass', h('0505'), 'S', ['S', 'S'], null).problem).toBeNull();
    expect(planPath(map({ '0506': 'forest' }), jj, 'pass', h('0505'), 'S', ['S'], null).problem!.code).toBe(
      'MOVE_TERRAIN',
    );
  });

  it('MOVE_OFF_MAP: "Movement never leaves the map"', () => {
    expect(planPath(map({}), el('R'), 'ground', h('0501'), 'N', ['N'], null).problem!.code).toBe('MOVE_OFF_MAP');
  });

  it('§8.7 turns "counted along the facings f0, d1, d2 … dn, F"; Limited manoeuvrability allows 1', () => {
    expect(turnsAlong('N', ['NE', 'SE'], 'S')).toBe(3);
    const lm = el('L', { special: ['LM'], move: 20 });
    expect(planPath(map({}), lm, 'ground', h('0505'), 'N', ['NE', 'NE'], null).problem).toBeNull();
    expect(planPath(map({}), lm, 'ground', h('0505'), 'N', ['NE', 'SE'], null).problem!.code).toBe('MOVE_TURNS');
  });
});

describe('§18 valid orders', () => {
  it('the §23 turn-1 orders are valid for both sides', () => {
    const s = sample();
    for (const side of ['red', 'blue']) expect(checkSideOrders(s.position, side, s.orders[side]!).problems).toEqual([]);
    const red = checkSideOrders(s.position, 'red', s.orders.red!).orders;
    expect(red[0]).toMatchObject({ unit: 'R3', move: ['S', 'S', 'S', 'S'], fire: ['B4'], then: 'nearest' });
  });

  const p = position(
    [
      unit('A1', 'red', [el('A1a', { hex: '0505' }), el('A1b', { hex: '0505' })]),
      unit('T1', 'red', [el('T1a', { type: 'vehicle', hex: '0605', special: ['T2'], move: 20 })]),
      unit('P1', 'red', [el('P1a', { status: 'reserve', hex: null, special: ['Drp'] })]),
      unit('C1', 'red', [el('C1a', { status: 'carried', carrier: 'T1a', hex: '0605' })]),
      unit('O1', 'red', [el('O1a', { hex: '1005', special: ['Org'] }), el('O1b', { hex: '1005', special: ['Org'] })]),
      unit('B1', 'blue', [el('B1a', { hex: '0530' }), el('B1b', { hex: '0530', hidden: true, special: ['Sc'] })]),
    ],
    { terrain: { '0707': 'water' } },
  );
  const codes = (entries: OrderEntryInput[]) => checkSideOrders(p, 'red', entries).problems.map((e) => e.code);

  const cases: [string, OrderEntryInput[], string][] = [
    ['UNIT_UNKNOWN: an enemy unit is answered the same way', [{ unit: 'B1' }], 'UNIT_UNKNOWN'],
    ['UNIT_TWICE', [{ unit: 'A1' }, { unit: 'A1' }], 'UNIT_TWICE'],
    ['NOT_CAPABLE: teleport without Tel/TelS', [{ unit: 'A1', teleport: ['0505'] }], 'NOT_CAPABLE'],
    ['NOT_CAPABLE: square without Org', [{ unit: 'A1', square: true }], 'NOT_CAPABLE'],
    ['NOT_CAPABLE: heal without healers', [{ unit: 'A1', heal: 'A1' }], 'NOT_CAPABLE'],
    ['DROP_USED: drop for a unit not in reserve', [{ unit: 'T1', drop: ['0505'] }], 'DROP_USED'],
    ['UNIT_IN_RESERVE: a reserve unit ordered to move', [{ unit: 'P1', move: 'S' }], 'UNIT_IN_RESERVE'],
    ['NOT_CARRIED: disembark with nobody aboard', [{ unit: 'A1', disembark: true }], 'NOT_CARRIED'],
    ['UNIT_CARRIED: move for a unit all aboard', [{ unit: 'C1', move: 'S' }], 'UNIT_CARRIED'],
    ['ORDER_CONFLICT: square with move', [{ unit: 'O1', square: true, move: 'S' }], 'ORDER_CONFLICT'],
    ['ORDER_CONFLICT: embark with disembark', [{ unit: 'C1', embark: 'T1', disembark: true }], 'ORDER_CONFLICT'],
    ['ELEMENT_UNKNOWN: paths for an element not in the unit', [{ unit: 'A1', paths: { B1a: 'N' } }], 'ELEMENT_UNKNOWN'],
    ['ORG_ONE_PATH', [{ unit: 'O1', paths: { O1a: 'N' } }], 'ORG_ONE_PATH'],
    ['EMBARK_UNIT: no transport in the unit named', [{ unit: 'A1', embark: 'P1' }], 'EMBARK_UNIT'],
    ['MOVE_DIRECTION', [{ unit: 'A1', move: 'N X' }], 'MOVE_DIRECTION'],
    ['FACE_DIRECTION', [{ unit: 'A1', face: 'UP' }], 'FACE_DIRECTION'],
    ['MOVE_TERRAIN: into water', [{ unit: 'T1', move: 'SE S' }], 'MOVE_TERRAIN'],
    ['COHERENCY: paths that split the unit', [{ unit: 'A1', paths: { A1a: 'N N', A1b: 'S S' } }], 'COHERENCY'],
    ['FIRE_TARGET: a hidden Scout is not in the view', [{ unit: 'A1', fire: ['B1b'] }], 'FIRE_TARGET'],
    ['FIRE_FRIENDLY', [{ unit: 'A1', fire: ['T1'] }], 'FIRE_FRIENDLY'],
    ['FIRE_DUPLICATE', [{ unit: 'A1', fire: ['B1', 'B1'] }], 'FIRE_DUPLICATE'],
    ['THEN_VALUE', [{ unit: 'A1', then: 'strongest' }], 'THEN_VALUE'],
    ['WITHIN_VALUE: not a positive multiple of 5', [{ unit: 'A1', within: 12 }], 'WITHIN_VALUE'],
    ['HEX_FORMAT', [{ unit: 'P1', drop: ['12A0'] }], 'HEX_FORMAT'],
    ['PLACE_OFF_MAP', [{ unit: 'P1', drop: ['3040'] }], 'PLACE_OFF_MAP'],
    ['PLACE_COUNT: more hexes than elements', [{ unit: 'P1', drop: ['0505', '0506'] }], 'PLACE_COUNT'],
    ['PLACE_TERRAIN: a drop into water', [{ unit: 'P1', drop: ['0707'] }], 'PLACE_TERRAIN'],
  ];
  it.each(cases)('%s', (_name, entries, code) => {
    expect(codes(entries)).toContain(code);
  });

  it('valid entries: a drop with its facing, disembark then move, a square, a fire list with a fallback', () => {
    expect(
      codes([
        { unit: 'P1', drop: ['0510'], face: 'S' },
        { unit: 'C1', disembark: true, move: 'S' },
        { unit: 'O1', square: true },
        { unit: 'A1', fire: ['B1', 'B1a'], then: 'WEAKEST', within: 30, spare: true, move: 'n,n' },
      ]),
    ).toEqual([]);
  });

  it('UNIT_NOT_IN_PLAY: "none of its elements is active, carried or reserve"', () => {
    const gone = position([unit('A1', 'red', [el('A1a', { status: 'destroyed' })])]);
    expect(checkSideOrders(gone, 'red', [{ unit: 'A1' }]).problems.map((e) => e.code)).toEqual(['UNIT_NOT_IN_PLAY']);
  });

  it('COHERENCY is not asked of a unit that was already out of coherency at the start of the turn', () => {
    const split = position([unit('A1', 'red', [el('A1a', { hex: '0505' }), el('A1b', { hex: '0510' })])]);
    expect(checkSideOrders(split, 'red', [{ unit: 'A1', move: 'N' }]).problems).toEqual([]);
  });
});
