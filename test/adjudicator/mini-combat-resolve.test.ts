/** `msc mini resolve` (rules-mini-combat.md §22.1–§22.7) in process: the contract's names, exit codes and errors. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { miniResolve } from '../../src/adjudicator/mini-combat.ts';

type Doc = Record<string, unknown>;
type Out = Record<string, unknown> & {
  events: { type: string; seenBy: string[]; [k: string]: unknown }[];
  units: { id: string; cost: number; value: number; elements: Record<string, unknown>[] }[];
  views: Record<string, { side: string; turn: number; units: unknown[]; enemy: { id: string }[] }>;
};
type Errors = { errors: { side?: string; unit?: string; element?: string; code: string; message: string }[] };

const sample = (): Doc =>
  JSON.parse(readFileSync(new URL('../../examples/mini-combat-sample.json', import.meta.url), 'utf8')) as Doc;
const resolve = (doc: Doc) => miniResolve(JSON.stringify(doc));
const out = (doc: Doc) => {
  const r = resolve(doc);
  expect(r.exitCode).toBe(0);
  return r.stdout as Out;
};
const errors = (doc: Doc | string) => {
  const r = typeof doc === 'string' ? miniResolve(doc) : resolve(doc);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toBeUndefined();
  return (r.stdout as Errors).errors;
};

describe('§22.2 output (exit code 0)', () => {
  it("the fields of §22.2, in its order, for the §23 sample's turn 1", () => {
    const o = out(sample());
    expect(Object.keys(o)).toEqual([
      'turn',
      'units',
      'initiative',
      'events',
      'score',
      'objectives',
      'winner',
      'gameOver',
      'reason',
      'diceUsed',
      'views',
      'ordersUsed',
    ]);
    expect(o).toMatchObject({
      turn: 2, // "the next turn"
      initiative: ['blue', 'red'],
      score: { red: 122, blue: 0 }, // "Red scores B6's 122"
      objectives: [], // "[] in a standard battle"
      winner: null,
      gameOver: false,
      reason: null,
      diceUsed: 12, // "12 dice are used"
    });
  });

  it('"every unit and element after the turn, every field written; each element also has cost, each unit cost and value"', () => {
    const o = out(sample());
    const b6 = o.units.find((u) => u.id === 'B6')!;
    expect(b6).toMatchObject({ cost: 122, value: 122 });
    expect(Object.keys(b6.elements[0]!)).toEqual([
      'id',
      'type',
      'command',
      'move',
      'range',
      'toHit',
      'save',
      'power',
      'armor',
      'morale',
      'special',
      'status',
      'hex',
      'facing',
      'from',
      'still',
      'firedTurn',
      'shotUsed',
      'hidden',
      'carrier',
      'landed',
      'submerged',
      'teleported',
      'cost',
    ]);
    expect(b6.elements[0]).toMatchObject({ status: 'destroyed', hex: '1709', teleported: true, cost: 61 });
    const para = o.units.find((u) => u.id === 'R6')!.elements[0]!;
    expect(para).toMatchObject({ status: 'active', hex: '1220', facing: 'S', still: 0 });
  });

  it('"ordersUsed is the orders object as understood"; a side with none has [] (standing orders)', () => {
    const o = out(sample());
    expect(o.ordersUsed).toMatchObject({
      red: [{ unit: 'R3', move: 'S S S S', fire: ['B4'] }, { unit: 'R7' }, { unit: 'R6', drop: ['1220'] }],
      blue: [{ unit: 'B6', teleport: ['1710'] }, { unit: 'B1' }, { unit: 'B7', insubstantial: true }],
    });
    const { orders, dice, ...rest } = sample();
    expect(dice).toBeDefined();
    const none = out({ ...rest, orders: { red: (orders as Doc).red }, seed: 'standing' });
    expect(none.ordersUsed).toMatchObject({ blue: [] });
  });

  it('"diceState" with "seed" only; the same seed gives the same output', () => {
    const { dice, ...rest } = sample();
    expect(dice).toBeDefined();
    const a = resolve({ ...rest, seed: 'any string' });
    const b = resolve({ ...rest, seed: 'any string' });
    expect(a.exitCode).toBe(0);
    expect(JSON.stringify(b.stdout)).toBe(JSON.stringify(a.stdout));
    expect((a.stdout as Doc).diceState).toMatch(/^[0-9a-f]{32}$/);
    expect(out(sample())).not.toHaveProperty('diceState');
  });

  it('§22.4 views: "{side, turn, units, enemy, objectives, score}"; enemy elements with only the fields shown', () => {
    const o = out(sample());
    const red = o.views.red!;
    expect(Object.keys(red)).toEqual(['side', 'turn', 'units', 'enemy', 'objectives', 'score']);
    expect(red).toMatchObject({ side: 'red', turn: 2, score: { red: 122, blue: 0 } });
    expect(red.units).toEqual(o.units.filter((u) => ['R'].includes(u.id[0]!)));
    const shown = (red.enemy as unknown as { elements: Record<string, unknown>[] }[])[0]!.elements[0]!;
    expect(Object.keys(shown)).toEqual([
      'id',
      'type',
      'command',
      'move',
      'range',
      'toHit',
      'save',
      'power',
      'armor',
      'morale',
      'special',
      'status',
      'hex',
      'facing',
      'landed',
    ]);
    expect(o.views.blue!.enemy.map((u) => u.id)).not.toContain('R5'); // hidden Scouts
  });

  it('a concession: "the turn is not played, no die is rolled, and turn stays as it was"', () => {
    const o = out({ ...sample(), conceded: ['red'], dice: [] });
    expect(o).toMatchObject({
      turn: 1,
      initiative: [],
      winner: 'blue',
      gameOver: true,
      reason: 'conceded',
      diceUsed: 0,
    });
    expect(o.events.map((e) => e.type)).toEqual(['game-over']);
  });
});

describe('§22.7 errors and exit codes', () => {
  it('3: "the scripted dice ran out": a message on standard error, nothing on standard output', () => {
    const r = resolve({ ...sample(), dice: [3, 5, 4, 4] });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBeUndefined();
    expect(r.stderr).toMatch(/msc mini resolve: the scripted dice ran out after 4 dice/);
  });

  it('2: MALFORMED_JSON', () => {
    expect(errors('{"map":').map((e) => e.code)).toEqual(['MALFORMED_JSON']);
  });

  it('2: NO_DICE "(neither dice nor seed)", listed beside the orders\' problems', () => {
    const { dice, ...rest } = sample();
    expect(dice).toBeDefined();
    const e = errors({ ...rest, orders: { red: [{ unit: 'Zed' }] } });
    expect(e.map((x) => x.code)).toEqual(['UNIT_UNKNOWN', 'NO_DICE']);
  });

  it('2: dice and seed both', () => {
    expect(errors({ ...sample(), seed: 'x' }).map((x) => x.message)).toEqual([
      expect.stringMatching(/^dice: .*not both/),
    ]);
  });

  it('2: "every problem listed" — of the position, with its path, and of the dice at once', () => {
    const doc = sample();
    const units = doc.units as { elements: Doc[] }[];
    units[0]!.elements[0]!.toHit = 9;
    units[1]!.elements[0]!.hex = 'x';
    const e = errors({ ...doc, dice: [7] });
    expect(e.map((x) => x.message)).toEqual([
      expect.stringMatching(/^units\[0\]\.elements\[0\]\.toHit: /),
      expect.stringMatching(/^units\[1\]\.elements\[0\]\.hex: /),
      expect.stringMatching(/^dice\[0\]: /),
    ]);
  });

  it('2: invalid orders of both sides, each with side, unit and §18 code; nothing resolved', () => {
    const e = errors({
      ...sample(),
      orders: { red: [{ unit: 'R3', move: 'S S S S S' }, { unit: 'B1' }], blue: [{ unit: 'B1', fire: ['R5a'] }] },
    });
    expect(e.map((x) => [x.side, x.unit, x.element ?? null, x.code])).toEqual([
      ['red', 'R3', 'R3a', 'MOVE_TERRAIN'],
      ['red', 'R3', 'R3c', 'MOVE_TERRAIN'],
      ['red', 'B1', null, 'UNIT_UNKNOWN'],
      ['blue', 'B1', null, 'FIRE_TARGET'],
    ]);
  });

  it('2: ORDER_FIELD and SIDE_UNKNOWN', () => {
    const e = errors({ ...sample(), orders: { red: [{ unit: 'R3', move: 7, speed: 1 }], green: [] } });
    expect(e.map((x) => x.code).sort()).toEqual(['ORDER_FIELD', 'ORDER_FIELD', 'SIDE_UNKNOWN']);
  });
});
