/**
 * `msc scg resolve` and `msc scg check` as functions (rules-scg.md §18): the
 * contract's names, the events, the errors with their units, and hostile input.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicateScg, checkScgDocument } from '../../src/adjudicator/scg.ts';
import { stateJson } from '../../src/adjudicator/scg-json.ts';
import { WORKED_EXAMPLE } from '../../src/rules/scg/scenarios.ts';

const example = {
  ...stateJson(WORKED_EXAMPLE),
  orders: {
    west: {
      move: [
        { unit: 'WM', hold: true },
        { unit: 'WL', toward: 'EH', within: 3 },
      ],
      fire: [
        { unit: 'WL', targets: ['EH'] },
        { unit: 'WM', targets: ['EH'] },
      ],
    },
    east: {
      move: [{ unit: 'EH', toward: 'NEAREST', within: 2, halt: 4 }],
      fire: [{ unit: 'EH', targets: ['WM'], weapons: { MG: { targets: ['WL'], hold: true } } }],
    },
  },
  dice: [3, 5, 4, 6, 2, 5, 6, 6, 3, 4, 5, 6, 6, 6],
};
type Doc = Record<string, unknown>;
const resolve = (doc: unknown) => adjudicateScg(typeof doc === 'string' ? doc : JSON.stringify(doc));
const check = (doc: unknown) => checkScgDocument(JSON.stringify(doc));
const errors = (o: { stdout?: unknown }) =>
  (o.stdout as { errors: { code: string; unit?: string; side?: string; weapon?: string; message: string }[] }).errors;
const withOrders = (west: unknown, east?: unknown): Doc => ({
  ...example,
  orders: { west, ...(east ? { east } : {}) },
});

describe('§18.2 output', () => {
  const out = resolve(example);
  const r = out.stdout as Record<string, any>;

  it('the §15.3 example resolves with exit 0 and every name of the contract', () => {
    expect(out.exitCode).toBe(0);
    expect(Object.keys(r)).toEqual([
      'map',
      'turn',
      'turnLimit',
      'rangeScale',
      'sides',
      'units',
      'conceded',
      'initiative',
      'events',
      'scores',
      'winner',
      'gameOver',
      'reason',
      'diceUsed',
      'ordersUsed',
      'views',
    ]);
    expect(r).toMatchObject({
      turn: 2,
      initiative: ['east', 'west'],
      scores: { west: 5, east: 7 },
      winner: null,
      gameOver: false,
      reason: null,
      diceUsed: 14,
    });
    expect(r.units).toEqual([
      { id: 'WM', side: 'west', type: 'medium-tank', hex: '0205', damage: 2, status: 'active' },
      { id: 'WL', side: 'west', type: 'light-tank', hex: '0307', damage: 0, status: 'active' },
      { id: 'EH', side: 'east', type: 'dual-heavy-tank', hex: '0605', damage: 1, status: 'active' },
    ]);
  });

  it('ordersUsed holds the orders normalised; views give each side every unit and the scores', () => {
    expect(r.ordersUsed.east).toEqual({
      source: 'orders',
      move: [{ unit: 'EH', toward: 'nearest', within: 2, halt: 4 }],
      fire: [{ unit: 'EH', targets: ['WM'], hold: false, weapons: { MG: { targets: ['WL'], hold: true } } }],
    });
    expect(r.views.west).toEqual({ side: 'west', turn: 2, units: r.units, scores: r.scores });
  });

  it("the output minus the turn's results is the next turn's input (§18.2)", () => {
    const results = [
      'initiative',
      'events',
      'scores',
      'winner',
      'gameOver',
      'reason',
      'diceUsed',
      'ordersUsed',
      'views',
    ];
    const next = Object.fromEntries([
      ...Object.entries(r).filter(([k]) => !results.includes(k)),
      ['dice', Array<number>(12).fill(1)],
    ]);
    const again = resolve(next);
    expect(again.exitCode).toBe(0);
    expect((again.stdout as any).ordersUsed.west).toEqual({ source: 'standing', move: [], fire: [] });
  });

  it('a seed gives a diceState, and the diceState continues the same dice', () => {
    const a = resolve({ ...example, dice: undefined, seed: 's1' }).stdout as any;
    expect(a.diceState).toMatch(/^[0-9a-f]{32}$/);
    const b = resolve({ ...example, dice: undefined, seed: 's1' }).stdout as any;
    expect(b).toEqual(a);
  });

  it('§18.5 exit 3 when the scripted dice run out: a message on standard error, nothing on standard output', () => {
    const o = resolve({ ...example, dice: [3, 5, 4] });
    expect(o).toEqual({ exitCode: 3, stderr: expect.stringMatching(/ran out after 3 dice/) });
  });

  it('every example in examples/ resolves with exit 0', () => {
    for (const f of ['scg-tank-battle', 'scg-combined-arms']) {
      const o = adjudicateScg(readFileSync(new URL(`../../examples/${f}.json`, import.meta.url), 'utf8'));
      expect(o.exitCode, f).toBe(0);
    }
  });
});

describe('§18.4 check', () => {
  it("prints each side's orders normalised, every field filled in", () => {
    const o = check({ ...example, dice: undefined });
    expect(o.exitCode).toBe(0);
    expect(o.stdout).toEqual({
      ok: true,
      orders: {
        west: {
          move: [
            { unit: 'WM', hold: true },
            { unit: 'WL', toward: 'EH', within: 3 },
          ],
          fire: [
            { unit: 'WL', targets: ['EH'], hold: false, weapons: {} },
            { unit: 'WM', targets: ['EH'], hold: false, weapons: {} },
          ],
        },
        east: expect.any(Object),
      },
    });
  });

  it('a path is normalised to capitals and single spaces', () => {
    const o = check(withOrders({ move: [{ unit: 'WL', path: 'ne  n,n' }] }));
    expect((o.stdout as any).orders.west.move).toEqual([{ unit: 'WL', path: 'NE N N' }]);
  });
});

describe('§18.6 order errors: every one listed, with side, unit and weapon', () => {
  it.each([
    [{ move: [{ hold: true }] }, 'MOVE_FORMAT', undefined],
    [{ move: [{ unit: 'ZZ', hold: true }] }, 'UNKNOWN_UNIT', 'ZZ'],
    [{ move: [{ unit: 'EH', hold: true }] }, 'UNIT_NOT_YOURS', 'EH'],
    [
      {
        move: [
          { unit: 'WL', hold: true },
          { unit: 'WL', path: 'N' },
        ],
      },
      'MOVE_TWICE',
      'WL',
    ],
    [{ move: [{ unit: 'WL', path: 'N', to: '0101' }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', to: '0101', within: 2 }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', hold: true, halt: 2 }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', hold: 'yes' }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', path: 'N X' }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', path: '' }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', toward: 5 }] }, 'MOVE_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', path: 'N', halt: 0 }] }, 'HALT_VALUE', 'WL'],
    [{ move: [{ unit: 'WL', path: 'N', halt: 'far' }] }, 'HALT_VALUE', 'WL'],
    [{ move: [{ unit: 'WL', toward: 'EH', within: 2.5 }] }, 'WITHIN_VALUE', 'WL'],
    [{ move: [{ unit: 'WL', to: 'x' }] }, 'HEX_FORMAT', 'WL'],
    [{ move: [{ unit: 'WL', to: '1101' }] }, 'TO_OFF_MAP', 'WL'],
    [{ move: [{ unit: 'WL', to: '0604' }] }, 'TO_IMPASSABLE', 'WL'],
    [{ move: [{ unit: 'WL', toward: 'WM' }] }, 'TARGET_FRIENDLY', 'WL'],
    [{ move: [{ unit: 'WL', toward: 'QQ' }] }, 'TARGET_UNKNOWN', 'WL'],
    [{ move: [{ unit: 'WL', path: 'N N N N N N N' }] }, 'PATH_TOO_LONG', 'WL'],
    [{ move: [{ unit: 'WL', path: 'SW SW' }] }, 'PATH_OFF_MAP', 'WL'],
    [{ fire: [{ targets: [] }] }, 'FIRE_FORMAT', undefined],
    [{ fire: [{ unit: 'WL' }, { unit: 'WL' }] }, 'FIRE_TWICE', 'WL'],
    [{ fire: [{ unit: 'WL', targets: 'EH' }] }, 'FIRE_FORMAT', 'WL'],
    [{ fire: [{ unit: 'WL', weapons: { MG: { hold: 1 } } }] }, 'FIRE_FORMAT', 'WL'],
    [{ fire: [{ unit: 'WL', targets: ['EH', 'EH'] }] }, 'TARGET_DUPLICATE', 'WL'],
    [{ fire: [{ unit: 'WL', weapons: { CANNON: {} } }] }, 'FIRE_UNKNOWN_WEAPON', 'WL'],
    [{ fire: [{ unit: 'WL', weapons: { __proto__: {} } }] }, 'FIRE_UNKNOWN_WEAPON', 'WL'],
    [{ move: {} }, 'MOVE_FORMAT', undefined],
    [{ fire: [7] }, 'FIRE_FORMAT', undefined],
  ])('%j → %s', (west, code, unit) => {
    const raw = JSON.stringify(withOrders(west)).replace('"weapons":{}', '"weapons":{"__proto__":{}}');
    const o = adjudicateScg(raw);
    expect(o.exitCode).toBe(2);
    expect(errors(o)[0]).toMatchObject({ side: 'west', code, ...(unit ? { unit } : {}) });
  });

  it('a mount problem names its weapon; every problem is listed, side by side in seat order', () => {
    const o = resolve(
      withOrders(
        {
          move: [{ unit: 'ZZ', hold: true }],
          fire: [{ unit: 'WL', targets: ['WM'], weapons: { MG: { targets: ['QQ'] } } }],
        },
        { move: [{ unit: 'WL', hold: true }] },
      ),
    );
    expect(errors(o).map((e) => [e.side, e.code, e.unit, e.weapon])).toEqual([
      ['west', 'UNKNOWN_UNIT', 'ZZ', undefined],
      ['west', 'TARGET_FRIENDLY', 'WL', undefined],
      ['west', 'TARGET_UNKNOWN', 'WL', 'MG'],
      ['east', 'UNIT_NOT_YOURS', 'WL', undefined],
    ]);
  });

  it('orders for a side that is not one: UNKNOWN_SIDE, with that key as its side', () => {
    const o = adjudicateScg(JSON.stringify(example).replace('"orders":{', '"orders":{"__proto__":{},'));
    expect(errors(o)).toEqual([expect.objectContaining({ side: '__proto__', code: 'UNKNOWN_SIDE' })]);
  });

  it("Ruling (added): a conceded side's orders are neither checked nor used: ordersUsed shows them as standing", () => {
    const o = resolve({ ...withOrders({ move: [{ unit: 'ZZ', hold: true }] }), conceded: ['west'] });
    expect((o.stdout as any).ordersUsed.west).toEqual({ source: 'standing', move: [], fire: [] });
  });

  it('Ruling (added): "halt" or "within" that is not a number is HALT_VALUE / WITHIN_VALUE, after the form checks', () => {
    const o = resolve(withOrders({ move: [{ unit: 'WL', toward: 'EH', within: '2' }] }));
    expect(errors(o)[0]).toMatchObject({ code: 'WITHIN_VALUE', unit: 'WL' });
  });

  it("a conceded side's orders are not checked", () => {
    const o = resolve({ ...withOrders({ move: [{ unit: 'ZZ', hold: true }] }), conceded: ['west'] });
    expect(o.exitCode).toBe(0);
    expect((o.stdout as any).winner).toBe('east');
  });
});

describe('§18.6 state errors and hostile input: exit 2, INVALID_POSITION naming the field, never a crash', () => {
  const big = 'x'.repeat(1_000_000);
  const cases: [string, string, string | RegExp][] = [
    ['empty', '', 'MALFORMED_JSON'],
    ['not JSON', '{"map": ', 'MALFORMED_JSON'],
    ['a list', '[]', /input must be one JSON object/],
    ['null', 'null', /input must be one JSON object/],
    ['wrong types', JSON.stringify({ ...example, map: { width: '16', height: 12 } }), /map\.width/],
    ['huge numbers', JSON.stringify({ ...example, turn: 1e308 }), /^turn must/],
    ['negative zero size', JSON.stringify({ ...example, map: { width: 0, height: 8 } }), /map\.width/],
    [
      'a unit off the map',
      JSON.stringify({ ...example, units: [{ id: 'A', side: 'west', type: 'light-tank', hex: '9999' }] }),
      /units\[0\]\.hex 9999 is off the map/,
    ],
    [
      'duplicated ids',
      JSON.stringify({
        ...example,
        units: [...(example.units as object[]), { id: 'wm', side: 'east', type: 'light-tank', hex: '0101' }],
      }),
      /used twice/,
    ],
    [
      'a reserved id',
      JSON.stringify({ ...example, units: [{ id: 'Nearest', side: 'west', type: 'light-tank', hex: '0101' }] }),
      /NEAREST/,
    ],
    [
      'an unknown type',
      JSON.stringify({ ...example, units: [{ id: 'A', side: 'west', type: 'tiger', hex: '0101' }] }),
      /units\[0\]\.type/,
    ],
    [
      'two units in one hex',
      JSON.stringify({
        ...example,
        units: [
          { id: 'A', side: 'west', type: 'light-tank', hex: '0101' },
          { id: 'B', side: 'east', type: 'light-tank', hex: '0101' },
        ],
      }),
      /already held by A/,
    ],
    [
      'a unit on an impassable hex',
      JSON.stringify({ ...example, units: [{ id: 'A', side: 'west', type: 'light-tank', hex: '0604' }] }),
      /impassable/,
    ],
    [
      'damage ≥ DC in play',
      JSON.stringify({ ...example, units: [{ id: 'A', side: 'west', type: 'light-tank', hex: '0101', damage: 3 }] }),
      /reaches its DC/,
    ],
    [
      '__proto__ type key',
      '{"unitTypes":{"__proto__":{"ma":1}},' + JSON.stringify(example).slice(1),
      /unitTypes: "__proto__" is not a type id/,
    ],
    ['a built-in type id reused', JSON.stringify({ ...example, weaponTypes: { howitzer: {} } }), /built-in/],
    [
      'a broken profile',
      JSON.stringify({
        ...example,
        weaponTypes: {
          mortar: {
            th: [4, null, null, null, null, null],
            td: [4, null, null, null, null, null],
            pw: [null, null, null, null, null, null],
          },
        },
      }),
      /all given or all null/,
    ],
    [
      'a million dice',
      JSON.stringify({ ...example, dice: Array<number>(1_000_000).fill(3) }),
      /^dice must be a list of at most/,
    ],
    ['a die of 7', JSON.stringify({ ...example, dice: [3, 7] }), /dice\[1\]/],
    ['two dice sources', JSON.stringify({ ...example, seed: 'x' }), /one dice source/],
    ['no dice', JSON.stringify({ ...example, dice: undefined }), 'NO_DICE'],
    ['deep nesting', `{"map":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, /^map must be an object/],
    [
      'deep nesting in an unknown field',
      `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)},${JSON.stringify(example).slice(1)}`,
      'OK',
    ],
    ['a megabyte id', JSON.stringify(withOrders({ move: [{ unit: big, hold: true }] })), 'UNKNOWN_UNIT'],
    ['orders not an object', JSON.stringify({ ...example, orders: [1] }), /^orders must be an object/],
    ["a side's orders not an object", JSON.stringify({ ...example, orders: { west: 'go' } }), /orders\.west/],
    ['sides not two', JSON.stringify({ ...example, sides: ['a'] }), /^sides must be two/],
    ['turnLimit before turn', JSON.stringify({ ...example, turn: 5, turnLimit: 4 }), /turnLimit/],
    ['rangeScale 3', JSON.stringify({ ...example, rangeScale: 3 }), /rangeScale/],
    [
      'a bad status',
      JSON.stringify({
        ...example,
        units: [{ id: 'A', side: 'west', type: 'light-tank', hex: '0101', status: 'dead' }],
      }),
      /status/,
    ],
  ];

  it.each(cases)('%s', (_name, text, expected) => {
    const t = performance.now();
    const o = adjudicateScg(text);
    expect(performance.now() - t).toBeLessThan(2_000);
    if (expected === 'OK') return expect(o.exitCode).toBe(0);
    expect(o.exitCode).toBe(2);
    const errs = errors(o);
    if (typeof expected === 'string') expect(errs.map((e) => e.code)).toContain(expected);
    else
      expect(
        errs.some((e) => e.code === 'INVALID_POSITION' && expected.test(e.message)),
        JSON.stringify(errs).slice(0, 400),
      ).toBe(true);
    expect(JSON.stringify(o.stdout).length).toBeLessThan(20_000);
  });

  it('a unit problem names its unit', () => {
    const o = resolve({ ...example, units: [{ id: 'A', side: 'north', type: 'light-tank', hex: '0101' }] });
    expect(errors(o)[0]).toMatchObject({ code: 'INVALID_POSITION', unit: 'A' });
  });
});
