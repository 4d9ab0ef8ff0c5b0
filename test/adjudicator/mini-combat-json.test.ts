/** rules-mini-combat.md §22.1 (the position as JSON) and §22.7 (every problem listed, each naming its field). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePositionInput } from '../../src/adjudicator/mini-combat-json.ts';

const sample = () =>
  JSON.parse(readFileSync(new URL('../../examples/mini-combat-sample.json', import.meta.url), 'utf8'));

const rifle = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  type: 'infantry',
  move: 10,
  range: 30,
  toHit: 4,
  save: 6,
  power: 2,
  armor: 2,
  morale: 4,
  hex: '0505',
  facing: 'N',
  ...over,
});
const doc = (units: unknown[], over: Record<string, unknown> = {}) => ({
  map: { width: 24, height: 36 },
  sides: ['red', 'blue'],
  units,
  ...over,
});
const errorsOf = (input: unknown) => {
  const r = parsePositionInput(input);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
};

describe('§22.1 reading a position', () => {
  it("reads the §23 sample: 17 units, its terrain, the defaults of every state field, both sides' orders and the dice", () => {
    const r = parsePositionInput(sample());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = r.value.position;
    expect(p.units).toHaveLength(17);
    expect(p.terrain.get('1218')).toBe('road');
    expect(p.terrain.get('1118')).toBe('river');
    expect(p.battle).toEqual({ type: 'standard', target: 375 });
    const r5a = p.units[4]!.elements[0]!;
    expect(r5a).toMatchObject({ id: 'R5a', hidden: true, still: 0, firedTurn: null, carrier: null, from: null });
    expect(p.units[5]!.elements[0]).toMatchObject({ status: 'reserve', hex: null });
    expect(r.value.orders.blue![0]).toEqual({ unit: 'B6', teleport: ['1710'], move: 'N' });
    expect(r.value.dice).toEqual({ kind: 'scripted', rolls: [3, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4] });
  });

  it('defaults: edges first N, second S; battle standard 500; options 3 / 25 / 50; turn 1; no turn limit', () => {
    const r = parsePositionInput(doc([]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = r.value.position;
    expect(p.edges).toEqual({ red: 'N', blue: 'S' });
    expect(p.battle).toEqual({ type: 'standard', target: 500 });
    expect(p.options).toEqual({ stack: 3, denyRange: 25, denyStealthRange: 50 });
    expect([p.turn, p.turnLimit]).toEqual([1, null]);
    expect(r.value.dice).toBeNull();
  });

  it('"a carried element\'s hex is taken from its carrier"', () => {
    const r = parsePositionInput(
      doc([
        { id: 'T1', side: 'red', elements: [rifle('T1a', { type: 'vehicle', special: ['T3'], hex: '0707' })] },
        { id: 'A1', side: 'red', elements: [rifle('A1a', { status: 'carried', carrier: 'T1a', hex: null })] },
      ]),
    );
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.position.units[1]!.elements[0]!.hex).toEqual({ col: 7, row: 7 });
  });
});

describe('§22.7 INVALID_STATE: every problem, each naming its field', () => {
  const cases: [string, unknown, RegExp][] = [
    ['map too small', doc([], { map: { width: 5, height: 36 } }), /^map\.width:/],
    ['a terrain type that is not one', doc([], { terrain: { '0505': 'lava' } }), /terrain\.0505: a terrain is one of/],
    ['terrain off the map', doc([], { terrain: { '3001': 'forest' } }), /terrain: 3001 is off the 24 × 36 map/],
    ['terrain key not a hex', doc([], { terrain: { A: 'forest' } }), /terrain\.A/],
    ['three sides', doc([], { sides: ['a', 'b', 'c'] }), /^sides/],
    ['the same side twice', doc([], { sides: ['a', 'a'] }), /sides: the two sides must differ/],
    ['edges for one side only', doc([], { edges: { red: 'N' } }), /edges: give both sides/],
    ['the same edge twice', doc([], { edges: { red: 'N', blue: 'N' } }), /edges: the two sides need opposite edges/],
    [
      'a defensive battle with 3 objectives',
      doc([], {
        battle: { type: 'defensive', attacker: 'red', defender: 'blue', objectives: ['0101', '0202', '0303'] },
      }),
      /battle\.objectives: a defensive battle has exactly 8/,
    ],
    [
      'a stat out of range',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { toHit: 8 })] }]),
      /units\[0\]\.elements\[0\]\.toHit/,
    ],
    [
      'Movement not a multiple of 5',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { move: 7 })] }]),
      /units\[0\]\.elements\[0\]\.move: move is in cm, a multiple of 5/,
    ],
    [
      'a huge number',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { power: 1e300 })] }]),
      /units\[0\]\.elements\[0\]\.power/,
    ],
    [
      'a string for a number',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { armor: '2' })] }]),
      /units\[0\]\.elements\[0\]\.armor/,
    ],
    [
      'an unknown field',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { colour: 'red' })] }]),
      /units\[0\]\.elements\[0\]/,
    ],
    [
      'an unknown code',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { special: ['Laser'] })] }]),
      /units\[0\]\.elements\[0\]\.special: "Laser" is not a capability code/,
    ],
    [
      'codes §12.3 forbids together',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { special: ['Fly', 'JJ'] })] }]),
      /special: "Fly" and "JJ" cannot be combined/,
    ],
    [
      'a unit half Org',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { special: ['Org'] }), rifle('A1b')] }]),
      /units\[0\] \(A1\): some of its elements are Org/,
    ],
    [
      'two command elements',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { command: true }), rifle('A1b', { command: true })] }]),
      /at most one command element/,
    ],
    [
      'a duplicate id',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a'), rifle('A1a')] }]),
      /units\[0\]\.elements\[1\]\.id: the id "A1a" is used twice/,
    ],
    [
      'a unit and an element alike',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1')] }]),
      /the id "A1" is used twice/,
    ],
    [
      'an id that is not 1–12 letters or digits',
      doc([{ id: 'A-1', side: 'red', elements: [rifle('A1a')] }]),
      /units\[0\]\.id: an id is 1 to 12 letters or digits/,
    ],
    [
      'a unit of no side',
      doc([{ id: 'A1', side: 'green', elements: [rifle('A1a')] }]),
      /units\[0\]\.side: "green" is not a side/,
    ],
    [
      'an off-map hex',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { hex: '2540' })] }]),
      /units\[0\]\.elements\[0\]\.hex: 2540 is off the 24 × 36 map/,
    ],
    [
      'a hex 0000',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { hex: '0000' })] }]),
      /units\[0\]\.elements\[0\]\.hex: "0000" is not a hex/,
    ],
    [
      'an active element with no hex',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { hex: null })] }]),
      /hex: an active element needs a hex/,
    ],
    [
      'an active element with no facing',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { facing: null })] }]),
      /facing: an active element needs a facing/,
    ],
    [
      'a vehicle in a forest',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { type: 'vehicle' })] }], {
        terrain: { '0505': 'forest' },
      }),
      /hex: 0505 is forest, where this element cannot stand/,
    ],
    [
      'reserve for a unit that neither drops nor teleports',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { status: 'reserve', hex: null })] }]),
      /status: only units of Drp, DrpS, Tel or TelS/,
    ],
    [
      'a carrier that is no element',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { status: 'carried', carrier: 'T9' })] }]),
      /carrier: "T9" is no element/,
    ],
    [
      'a carrier that is no transport',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a'), rifle('A1b', { status: 'carried', carrier: 'A1a' })] }]),
      /carrier: "A1a" is not a Transport/,
    ],
    [
      'an overloaded transport',
      doc([
        { id: 'T1', side: 'red', elements: [rifle('T1a', { type: 'vehicle', special: ['T1'] })] },
        {
          id: 'A1',
          side: 'red',
          elements: [
            rifle('A1a', { status: 'carried', carrier: 'T1a' }),
            rifle('A1b', { status: 'carried', carrier: 'T1a' }),
          ],
        },
      ]),
      /carrier: "T1a" carries more than its 1/,
    ],
    [
      'four of a side in a hex',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a'), rifle('A1b'), rifle('A1c'), rifle('A1d')] }]),
      /stacking: red has more than 3 elements in 0505/,
    ],
    [
      'a hidden element that is no Scout',
      doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { hidden: true })] }]),
      /hidden: only an active Scout/,
    ],
    [
      'a square that is not Organised',
      doc([{ id: 'A1', side: 'red', formation: 'square', elements: [rifle('A1a')] }]),
      /units\[0\]\.formation/,
    ],
    [
      'a unit with no elements',
      doc([{ id: 'A1', side: 'red', elements: [] }]),
      /units\[0\]\.elements: a unit has at least one element/,
    ],
    ['conceded by no side', doc([], { conceded: ['green'] }), /conceded: "green" is not a side/],
  ];
  it.each(cases)('%s', (_name, input, message) => {
    const errors = errorsOf(input);
    expect(errors.every((e) => e.code === 'INVALID_STATE')).toBe(true);
    expect(errors.map((e) => e.message).join('\n')).toMatch(message);
  });

  it('lists every problem, not only the first', () => {
    const errors = errorsOf(
      doc([
        { id: 'A1', side: 'red', elements: [rifle('A1a', { hex: '2540' }), rifle('A1b', { special: ['Laser'] })] },
        { id: 'A2', side: 'green', elements: [rifle('A2a')] },
      ]),
    );
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  it('names the unit and element a problem is about', () => {
    const [e] = errorsOf(doc([{ id: 'A1', side: 'red', elements: [rifle('A1a', { hidden: true })] }]));
    expect(e).toMatchObject({ side: 'red', unit: 'A1', element: 'A1a' });
  });
});

describe('§22.7 hostile input: refused before anything copies it', () => {
  it('a "__proto__" key in terrain, in orders or in an element is INVALID_STATE, and no prototype changes', () => {
    for (const text of [
      '{"map":{"width":24,"height":36},"sides":["a","b"],"units":[],"terrain":{"__proto__":{"polluted":1}}}',
      '{"map":{"width":24,"height":36},"sides":["a","b"],"units":[],"orders":{"__proto__":[]}}',
      '{"map":{"width":24,"height":36},"sides":["a","b"],"units":[{"id":"A","side":"a","elements":[{"__proto__":{"id":"x"}}]}]}',
    ]) {
      const errors = errorsOf(JSON.parse(text));
      expect(errors[0]!.code).toBe('INVALID_STATE');
      expect(errors[0]!.message).toMatch(/__proto__/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('deep nesting is refused by depth, without recursion', () => {
    const deep = JSON.parse(
      `{"map":{"width":24,"height":36},"sides":["a","b"],"units":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    );
    const errors = errorsOf(deep);
    expect(errors[0]!.message).toMatch(/nested deeper than/);
  });

  it('wrong types at the root', () => {
    for (const input of [null, 7, 'text', [], {}]) expect(errorsOf(input)[0]!.code).toBe('INVALID_STATE');
  });
});

describe('§22.7 orders: ORDER_FIELD and SIDE_UNKNOWN', () => {
  it('"ORDER_FIELD (an unknown field or a field of the wrong JSON type in an order entry)"', () => {
    const errors = errorsOf(
      doc([], {
        orders: {
          red: [
            { unit: 'A1', move: 5 },
            { unit: 'A1', shout: true },
          ],
        },
      }),
    );
    expect(errors.map((e) => [e.code, e.side])).toEqual([
      ['ORDER_FIELD', 'red'],
      ['ORDER_FIELD', 'red'],
    ]);
    expect(errors[0]!.message).toMatch(/^orders\.red\[0\]\.move/);
    expect(errors[1]!.message).toMatch(/shout/);
  });

  it('"SIDE_UNKNOWN (orders for a side not in sides)"', () => {
    const errors = errorsOf(doc([], { orders: { green: [] } }));
    expect(errors).toEqual([{ side: 'green', code: 'SIDE_UNKNOWN', message: expect.stringMatching(/not a side/) }]);
  });
});
