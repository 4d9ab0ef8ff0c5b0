/** rules-mini-combat.md §19: the orders language, each problem on its line, the canonical echo and the order block. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderToJson, parsePositionInput } from '../../../src/adjudicator/mini-combat-json.ts';
import {
  formatMiniOrders,
  miniOrderBlock,
  parseMiniOrders,
  type MiniOrdersContext,
} from '../../../src/orders/mini-combat/index.ts';
import { checkSideOrders, type OrderEntryInput } from '../../../src/rules/mini-combat/check.ts';
import { standingOrder } from '../../../src/rules/mini-combat/orders.ts';
import type { MiniPosition } from '../../../src/rules/mini-combat/types.ts';
import { el, position, unit } from '../../rules/mini-combat/fixtures.ts';

const sample = (): MiniPosition => {
  const r = parsePositionInput(
    JSON.parse(readFileSync(new URL('../../../examples/mini-combat-sample.json', import.meta.url), 'utf8')),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value.position;
};

/** A position with one unit for every clause of §19's example (red) and three enemy units (blue). */
const example = (): MiniPosition =>
  position(
    [
      unit('A1', 'red', [el('A1a', { hex: '0510', move: 15 }), el('A1b', { hex: '0510', move: 15 })]),
      unit('A2', 'red', [el('A2a', { hex: '0610', special: ['5c'] })]),
      unit('A3', 'red', [el('A3a', { hex: '0710' }), el('A3b', { hex: '0710' }), el('A3c', { hex: '0710' })]),
      unit('A4', 'red', [
        el('A4a', { status: 'reserve', hex: null, special: ['Tel'] }),
        el('A4b', { status: 'reserve', hex: null, special: ['Tel'] }),
      ]),
      unit('A5', 'red', [el('A5a', { status: 'reserve', hex: null, special: ['DrpS'] })]),
      unit('T1', 'red', [el('T1a', { type: 'vehicle', hex: '1010', move: 20, special: ['T3'] })]),
      unit('A6', 'red', [el('A6a', { status: 'carried', carrier: 'T1a', hex: '1010' })]),
      unit('A7', 'red', [el('A7a', { hex: '1010' })]),
      unit('G1', 'red', [el('G1a', { type: 'creature', hex: '1214', special: ['Ins', 'Eth'] })]),
      unit('S1', 'red', [el('S1a', { type: 'vehicle', hex: '1410', special: ['Sub'] })]),
      unit('F1', 'red', [el('F1a', { type: 'vehicle', hex: '1612', special: ['Fly'] })]),
      unit('O1', 'red', [el('O1a', { hex: '1810', special: ['Org'] }), el('O1b', { hex: '1810', special: ['Org'] })]),
      unit('H1', 'red', [el('H1a', { hex: '2010', special: ['Heal'] })]),
      unit('B1', 'blue', [el('B1a', { hex: '0520' }), el('B1b', { hex: '0520' })]),
      unit('B2', 'blue', [el('B2a', { hex: '0620' })]),
      unit('B4', 'blue', [el('B4a', { hex: '0720' }), el('B4b', { hex: '0720' }), el('B4c', { hex: '0720' })]),
      unit('B5', 'blue', [el('B5a', { hex: '0920', special: ['Sc'], hidden: true })]),
    ],
    { terrain: { '1410': 'water' } },
  );

const ctx = (p: MiniPosition = example(), side = 'red'): MiniOrdersContext => ({
  gameId: 'mc-7',
  turn: 3,
  side,
  position: { ...p, turn: 3 },
});

const EXAMPLE = `GAME mc-7 TURN 3
UNIT A1 MOVE N N NE FACE N FIRE B2 B4c THEN WEAKEST WITHIN 30
UNIT A2 FIRE B1 HOLD SPARE            # fire at B1 or at nothing; never hit friends
UNIT A3 MOVE NE NE
PATH A3c N NE                         # element A3c's own path this turn
UNIT A4 TELEPORT 1210 1211 MOVE S     # instant phase; attacks the nearest
UNIT A5 DROP 1508 FACE S              # drop phase, end of this turn
UNIT T1 MOVE S S S
UNIT A6 DISEMBARK MOVE N              # out of its transport, then on
UNIT A7 EMBARK T1
UNIT G1 INSUBSTANTIAL MOVE N N
UNIT S1 DIVE
UNIT F1 MOVE N N LAND
UNIT O1 SQUARE
UNIT H1 HEAL A1
END
`;

const parse = (body: string, c = ctx()) => parseMiniOrders(`GAME mc-7 TURN 3\n${body}\nEND\n`, c);
/** [line, code] of every problem; the body starts on line 2. */
const problems = (body: string, c = ctx()) => {
  const r = parse(body, c);
  return r.ok ? [] : r.errors.map((e) => [e.line, e.code]);
};
const ordersOf = (body: string, c = ctx()) => {
  const r = parse(body, c);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value.orders;
};

describe("§19 the page's example", () => {
  const r = parseMiniOrders(EXAMPLE, ctx());

  it('is read whole: "the order of the UNIT lines is the activation list"', () => {
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.orders.map((o) => o.unit)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'T1',
      'A6',
      'A7',
      'G1',
      'S1',
      'F1',
      'O1',
      'H1',
    ]);
  });

  it('gives each clause its field of §7', () => {
    if (!r.ok) throw new Error('not ok');
    const json = r.value.orders.map(orderToJson);
    expect(json).toEqual([
      { unit: 'A1', move: 'N N NE', face: 'N', fire: ['B2', 'B4c'], then: 'weakest', within: 30 },
      { unit: 'A2', fire: ['B1'], then: 'hold', spare: true },
      { unit: 'A3', move: 'NE NE', paths: { A3c: 'N NE' } },
      { unit: 'A4', move: 'S', teleport: ['1210', '1211'] },
      { unit: 'A5', face: 'S', drop: ['1508'] },
      { unit: 'T1', move: 'S S S' },
      { unit: 'A6', move: 'N', disembark: true },
      { unit: 'A7', embark: 'T1' },
      { unit: 'G1', move: 'N N', insubstantial: true },
      { unit: 'S1', dive: true },
      { unit: 'F1', move: 'N N', land: true },
      { unit: 'O1', square: true },
      { unit: 'H1', heal: 'A1' },
    ]);
  });

  it('gives the same orders as the rules read from the same entries as JSON (§7, §22.1)', () => {
    if (!r.ok) throw new Error('not ok');
    const entries = r.value.orders.map(orderToJson) as OrderEntryInput[];
    expect(checkSideOrders(ctx().position, 'red', entries)).toEqual({ orders: r.value.orders, problems: [] });
  });
});

describe('§23 the sample battle, turn 1', () => {
  const p = sample();
  const c = (side: string): MiniOrdersContext => ({ gameId: 'sample', turn: 1, side, position: p });

  it("red's orders: UNIT R3 MOVE S S S S FIRE B4, UNIT R7 MOVE S S S S S S, UNIT R6 DROP 1220 FACE S", () => {
    const r = parseMiniOrders(
      'GAME sample TURN 1\nUNIT R3 MOVE S S S S FIRE B4\nUNIT R7 MOVE S S S S S S\nUNIT R6 DROP 1220 FACE S\nEND',
      c('red'),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.orders.map(orderToJson)).toEqual([
      { unit: 'R3', move: 'S S S S', fire: ['B4'] },
      { unit: 'R7', move: 'S S S S S S' },
      { unit: 'R6', face: 'S', drop: ['1220'] },
    ]);
  });

  it("blue's orders: UNIT B6 TELEPORT 1710 MOVE N, UNIT B1 MOVE N N, UNIT B7 INSUBSTANTIAL MOVE N N N", () => {
    const r = parseMiniOrders(
      'GAME sample TURN 1\nUNIT B6 TELEPORT 1710 MOVE N\nUNIT B1 MOVE N N\nUNIT B7 INSUBSTANTIAL\n  MOVE N N N\nEND',
      c('blue'),
    );
    // A clause on a line of its own belongs on the UNIT line.
    expect(r.ok ? [] : r.errors.map((e) => [e.line, e.code])).toEqual([[5, 'CLAUSE_WITHOUT_SHIP']]);
    const ok = parseMiniOrders(
      'GAME sample TURN 1\nunit b6 teleport 1710 move n\nUNIT B1 MOVE N,N\nUNIT B7 INSUBSTANTIAL MOVE N N N\nEND',
      c('blue'),
    );
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    expect(ok.value.orders.map(orderToJson)).toEqual([
      { unit: 'B6', move: 'N', teleport: ['1710'] },
      { unit: 'B1', move: 'N N' },
      { unit: 'B7', move: 'N N N', insubstantial: true },
    ]);
  });
});

describe('§19 reading the lines', () => {
  it('"keywords in any case, ids matched in any case and echoed as the game spells them"', () => {
    const [o] = ordersOf('unit a1 move n fire b4C b2 then hold within 30');
    expect(o).toMatchObject({ unit: 'A1', move: ['N'], fire: ['B4c', 'B2'], then: 'hold', within: 30 });
  });

  it('"`#` starts a comment, commas separate like spaces"', () => {
    expect(ordersOf('UNIT A1 MOVE N,N # FIRE B9\nUNIT A2 FIRE B1,B2')).toMatchObject([
      { unit: 'A1', move: ['N', 'N'], fire: [] },
      { unit: 'A2', fire: ['B1', 'B2'] },
    ]);
  });

  it('"Clauses follow on the same line, in any order"', () => {
    expect(ordersOf('UNIT A1 WITHIN 30 FIRE B2 MOVE N FACE N')).toEqual(
      ordersOf('UNIT A1 MOVE N FACE N FIRE B2 WITHIN 30'),
    );
  });

  it('"THEN NEAREST|WEAKEST|HOLD (or NEAREST, WEAKEST, HOLD alone)"', () => {
    expect(ordersOf('UNIT A1 WEAKEST')[0]!.then).toBe('weakest');
    expect(ordersOf('UNIT A1 THEN WEAKEST')[0]!.then).toBe('weakest');
    expect(ordersOf('UNIT A1 HOLD')[0]!.then).toBe('hold');
    expect(ordersOf('UNIT A1 NEAREST')[0]!.then).toBe('nearest');
  });

  it('"A list (of directions, ids or hexes) runs to the next keyword or the end of the line"', () => {
    expect(ordersOf('UNIT A1 FIRE B1 B2 MOVE N N')[0]).toMatchObject({ fire: ['B1', 'B2'], move: ['N', 'N'] });
    expect(ordersOf('UNIT A4 TELEPORT 1210 1211 FIRE B1')[0]).toMatchObject({ fire: ['B1'] });
  });

  it('"PATH … may stand anywhere; a unit named only by PATH lines enters the list where its first PATH line is"', () => {
    const orders = ordersOf('PATH A3c N\nUNIT A1\nPATH A3a N\nUNIT A2\nPATH A1b N');
    expect(orders.map((o) => o.unit)).toEqual(['A3', 'A1', 'A2']);
    expect([...orders[0]!.paths]).toEqual([
      ['A3c', ['N']],
      ['A3a', ['N']],
    ]);
    expect([...orders[1]!.paths]).toEqual([['A1b', ['N']]]);
  });

  it('a UNIT line after the PATH lines of its unit puts the unit where its UNIT line is', () => {
    expect(ordersOf('PATH A3c N\nUNIT A1\nUNIT A3 MOVE N').map((o) => o.unit)).toEqual(['A1', 'A3']);
  });

  it('Ruling: `PATH <element>` with no direction is its own empty path — it stays while its unit moves', () => {
    const [o] = ordersOf('UNIT A3 MOVE S\nPATH A3c');
    expect(o!.paths.get('A3c')).toEqual([]);
  });

  it('"A unit with no line follows the standing order": an empty UNIT line is the standing order', () => {
    expect(ordersOf('UNIT A1')).toEqual([standingOrder('A1')]);
  });

  it('the shared lines: PASSWORD, commands and MESSAGE are read as in every language', () => {
    const r = parseMiniOrders('GAME mc-7 TURN 3\nPASSWORD hush\nSTATUS\nUNIT A1\nMESSAGE blue\nhello\nEND\nEND', ctx());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value).toMatchObject({ password: 'hush', commands: ['STATUS'], message: { to: 'blue', text: 'hello' } });
  });
});

describe('§19 problems of the language, each with its line', () => {
  const cases: [string, string, (number | string)[][]][] = [
    ['UNKNOWN_KEYWORD (with the nearest keyword) for a line', 'UNTI A1', [[2, 'UNKNOWN_KEYWORD']]],
    ['UNKNOWN_KEYWORD for a clause', 'UNIT A1 MOVE N FIER B2', [[2, 'UNKNOWN_KEYWORD']]],
    ['UNKNOWN_KEYWORD for a word where a clause belongs', 'UNIT A1 QUICKLY', [[2, 'UNKNOWN_KEYWORD']]],
    [
      'UNIT_ID_MISSING',
      'UNIT\nUNIT MOVE N',
      [
        [2, 'UNIT_ID_MISSING'],
        [3, 'UNIT_ID_MISSING'],
      ],
    ],
    ['CLAUSE_TWICE', 'UNIT A1 MOVE N MOVE N', [[2, 'CLAUSE_TWICE']]],
    ['CLAUSE_TWICE: HOLD is THEN', 'UNIT A1 THEN WEAKEST HOLD', [[2, 'CLAUSE_TWICE']]],
    ['MOVE_MISSING', 'UNIT A1 MOVE FACE N', [[2, 'MOVE_MISSING']]],
    ['FACE_MISSING', 'UNIT A1 FACE', [[2, 'FACE_MISSING']]],
    ['FIRE_NO_TARGETS', 'UNIT A1 FIRE THEN HOLD', [[2, 'FIRE_NO_TARGETS']]],
    ['TELEPORT_MISSING', 'UNIT A4 TELEPORT', [[2, 'TELEPORT_MISSING']]],
    ['DROP_MISSING', 'UNIT A5 DROP FACE S', [[2, 'DROP_MISSING']]],
    ['EMBARK_MISSING', 'UNIT A7 EMBARK', [[2, 'EMBARK_MISSING']]],
    ['HEAL_MISSING', 'UNIT H1 HEAL', [[2, 'HEAL_MISSING']]],
    [
      'PATH_FORMAT: no element',
      'PATH\nPATH N N',
      [
        [2, 'PATH_FORMAT'],
        [3, 'PATH_FORMAT'],
      ],
    ],
    ['PATH_FORMAT: a clause on a PATH line', 'PATH A3c N FACE S', [[2, 'PATH_FORMAT']]],
    ['PATH_TWICE', 'PATH A3c N\nPATH a3c NE', [[3, 'PATH_TWICE']]],
    ['EXTRA_WORDS after a one-value clause', 'UNIT A1 FACE N S', [[2, 'EXTRA_WORDS']]],
    ['EXTRA_WORDS after a flag', 'UNIT A2 SPARE B1', [[2, 'EXTRA_WORDS']]],
    ['EXTRA_WORDS after WITHIN', 'UNIT A1 WITHIN 30 40', [[2, 'EXTRA_WORDS']]],
    [
      '"THEN with no value or another word is THEN_VALUE"',
      'UNIT A1 THEN\nUNIT A2 THEN B1',
      [
        [2, 'THEN_VALUE'],
        [3, 'THEN_VALUE'],
      ],
    ],
    [
      '"WITHIN with no number or a bad one is WITHIN_VALUE"',
      'UNIT A1 WITHIN\nUNIT A2 WITHIN far',
      [
        [2, 'WITHIN_VALUE'],
        [3, 'WITHIN_VALUE'],
      ],
    ],
    ['WITHIN_VALUE from the rules: not a multiple of 5', 'UNIT A1 WITHIN 12', [[2, 'WITHIN_VALUE']]],
    ['UNIT_TWICE, on the second line', 'UNIT A1\nUNIT a1', [[3, 'UNIT_TWICE']]],
    ['ELEMENT_UNKNOWN: a PATH for an element not of the side', 'PATH B1a N', [[2, 'ELEMENT_UNKNOWN']]],
  ];
  for (const [name, body, want] of cases) it(name, () => expect(problems(body)).toEqual(want));

  it('the shared ones: WRONG_GAME, WRONG_TURN, EMPTY, LINE_TOO_LONG, MESSAGE_*', () => {
    const c = ctx();
    const codes = (text: string) => {
      const r = parseMiniOrders(text, c);
      return r.ok ? [] : r.errors.map((e) => e.code);
    };
    expect(codes('GAME mc-8 TURN 3\nUNIT A1\nEND')).toEqual(['WRONG_GAME']);
    expect(codes('GAME mc-7 TURN 2\nUNIT A1\nEND')).toEqual(['WRONG_TURN']);
    expect(codes('GAME mc-7 TURN 3\nEND')).toEqual(['EMPTY']);
    expect(codes(`GAME mc-7 TURN 3\nUNIT A1 ${'N '.repeat(600)}\nEND`)).toEqual(['LINE_TOO_LONG']);
    expect(codes('GAME mc-7 TURN 3\nMESSAGE green\nhi\nEND\nEND')).toEqual(['MESSAGE_UNKNOWN_SIDE']);
  });

  it('a path without MOVE is told to put MOVE before it', () => {
    const r = parse('UNIT A1 N N');
    expect(r.ok ? [] : r.errors.map((e) => [e.line, e.code, e.message])).toEqual([
      [2, 'UNKNOWN_KEYWORD', '"N" is a direction, not a clause: a path follows MOVE, as in UNIT A1 MOVE N'],
    ]);
  });

  it('a misspelt keyword is named: "did you mean FIRE?"', () => {
    const r = parse('UNIT A1 MOVE N FIER B2');
    expect(r.ok ? '' : r.errors[0]!.message).toContain('did you mean FIRE?');
  });

  it('every problem of every line is listed at once', () => {
    expect(problems('UNIT A1 FACE\nUNIT A2 FIRE\nUNIT A9')).toEqual([
      [2, 'FACE_MISSING'],
      [3, 'FIRE_NO_TARGETS'],
      [4, 'UNIT_UNKNOWN'],
    ]);
  });
});

describe('§19 "then every rules problem of §18 with the line it came from"', () => {
  it('UNIT_UNKNOWN: an enemy unit is answered as an unknown one', () => {
    expect(problems('UNIT B1')).toEqual([[2, 'UNIT_UNKNOWN']]);
    expect(problems('UNIT Z9')).toEqual([[2, 'UNIT_UNKNOWN']]);
  });

  it('MOVE_DIRECTION on the UNIT line; a PATH problem on its PATH line', () => {
    expect(problems('UNIT A1 MOVE N NORTHWARDS')).toEqual([[2, 'MOVE_DIRECTION']]);
    expect(problems('UNIT A3 MOVE N\n\nPATH A3c N X')).toEqual([[4, 'MOVE_DIRECTION']]);
  });

  it('MOVE_TOO_FAR for an element following the unit path is on the UNIT line', () => {
    expect(problems('PATH A3c N\nUNIT A3 MOVE N N N')).toEqual([
      [3, 'MOVE_TOO_FAR'],
      [3, 'MOVE_TOO_FAR'],
    ]);
  });

  it('a unit named only by PATH lines has its rules problems on its first PATH line', () => {
    expect(problems('PATH A3a N N N\nPATH A3b N')).toEqual([[2, 'MOVE_TOO_FAR']]);
    expect(problems('PATH A6a N')).toEqual([[2, 'UNIT_CARRIED']]);
  });

  it("FIRE_TARGET against the side's view: a hidden Scout is no target one can name", () => {
    expect(problems('UNIT A1 FIRE B5a')).toEqual([[2, 'FIRE_TARGET']]);
    expect(problems('UNIT A1 FIRE A2')).toEqual([[2, 'FIRE_FRIENDLY']]);
    expect(problems('UNIT A1 FIRE B1 b1')).toEqual([[2, 'FIRE_DUPLICATE']]);
  });

  it("an unseen enemy id is echoed as written, never in the game's spelling (nothing leaks)", () => {
    const r = parse('UNIT A1 FIRE b5A');
    expect(r.ok ? '' : r.errors[0]!.message).toContain('b5A');
  });

  it('NOT_CAPABLE, ORDER_CONFLICT, HEX_FORMAT, PLACE_OFF_MAP, EMBARK_UNIT, HEAL_UNIT', () => {
    expect(problems('UNIT A1 LAND')).toEqual([[2, 'NOT_CAPABLE']]);
    expect(problems('UNIT O1 SQUARE MOVE N')).toEqual([[2, 'ORDER_CONFLICT']]);
    // The rules read the bad hex as no hex, so the unit in reserve is also told what it may do (§18.1).
    expect(problems('UNIT A4 TELEPORT 121')).toContainEqual([2, 'HEX_FORMAT']);
    expect(problems('UNIT A5 DROP 9999')).toEqual([[2, 'PLACE_OFF_MAP']]);
    expect(problems('UNIT A7 EMBARK A1')).toEqual([[2, 'EMBARK_UNIT']]);
    expect(problems('UNIT H1 HEAL B1')).toEqual([[2, 'HEAL_UNIT']]);
  });
});

describe('§19 the canonical echo: "parsing the echo gives the same orders"', () => {
  it("writes the page's example in canonical form", () => {
    const r = parseMiniOrders(EXAMPLE, ctx());
    if (!r.ok) throw new Error('not ok');
    expect(formatMiniOrders(r.value.orders, { gameId: 'mc-7', turn: 3 })).toBe(
      [
        'GAME mc-7 TURN 3',
        'UNIT A1 MOVE N N NE FACE N FIRE B2 B4c THEN WEAKEST WITHIN 30',
        'UNIT A2 FIRE B1 THEN HOLD SPARE',
        'UNIT A3 MOVE NE NE',
        'PATH A3c N NE',
        'UNIT A4 MOVE S TELEPORT 1210 1211',
        'UNIT A5 FACE S DROP 1508',
        'UNIT T1 MOVE S S S',
        'UNIT A6 MOVE N DISEMBARK',
        'UNIT A7 EMBARK T1',
        'UNIT G1 MOVE N N INSUBSTANTIAL',
        'UNIT S1 DIVE',
        'UNIT F1 MOVE N N LAND',
        'UNIT O1 SQUARE',
        'UNIT H1 HEAL A1',
        'END',
        '',
      ].join('\n'),
    );
  });

  it('round trip: the example, and any text that parses, read back from its echo as the same orders', () => {
    const c = ctx();
    const once = parseMiniOrders(EXAMPLE, c);
    if (!once.ok) throw new Error('not ok');
    const echo = formatMiniOrders(once.value.orders, c);
    const twice = parseMiniOrders(echo, c);
    if (!twice.ok) throw new Error(JSON.stringify(twice.errors));
    expect(twice.value.orders).toEqual(once.value.orders);
    expect(formatMiniOrders(twice.value.orders, c)).toBe(echo);
  });

  it('round trip (property): every generated submission that parses reads back the same from its echo', () => {
    const units = ['A1', 'a2', 'A3', 'A4', 'A5', 'T1', 'A6', 'A7', 'G1', 'S1', 'F1', 'O1', 'H1'];
    const word = fc.constantFrom(
      ...['MOVE', 'N', 'ne', 'S', 'FACE', 'FIRE', 'B1', 'b4c', 'B2', 'THEN', 'HOLD', 'WEAKEST', 'WITHIN', '30'],
      ...['SPARE', 'TELEPORT', '1210', 'DROP', '1508', 'EMBARK', 'T1', 'DISEMBARK', 'INSUBSTANTIAL', 'DIVE'],
      ...['SURFACE', 'LAND', 'SQUARE', 'HEAL', 'A1'],
    );
    const line = fc.oneof(
      fc
        .tuple(fc.constantFrom(...units), fc.array(word, { maxLength: 8 }))
        .map(([u, ws]) => `UNIT ${u} ${ws.join(' ')}`),
      fc
        .tuple(fc.constantFrom('A3a', 'A3c', 'A1b'), fc.array(fc.constantFrom('N', 'NE', 'S'), { maxLength: 2 }))
        .map(([e, ws]) => `PATH ${e} ${ws.join(' ')}`),
    );
    const c = ctx();
    let parsed = 0;
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        const r = parseMiniOrders(`GAME mc-7 TURN 3\n${lines.join('\n')}\nEND`, c);
        if (!r.ok) return;
        parsed += 1;
        const back = parseMiniOrders(formatMiniOrders(r.value.orders, c), c);
        expect(back.ok && back.value.orders).toEqual(r.value.orders);
      }),
      { numRuns: 400, seed: 19 },
    );
    expect(parsed).toBeGreaterThan(20);
  });
});

describe('§19 the order block a report ends with', () => {
  const p = sample();
  const block = miniOrderBlock(p, 'red', { gameId: 'sample', turn: 1 });

  it('has the header, one comment per unit, and "a UNIT line per unit that can act, with no clauses"', () => {
    const lines = block.trimEnd().split('\n');
    expect(lines[0]).toBe('GAME sample TURN 1');
    expect(lines.at(-1)).toBe('END');
    expect(lines.filter((l) => l.startsWith('UNIT '))).toEqual(
      ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8'].map((u) => `UNIT ${u}`),
    );
    expect(lines).toContain('# R1: R1a R1b R1c 0903 S; R1d R1e R1f 1003 S; MP 4');
    expect(lines).toContain('# R5: R5a R5b hidden 1716 S; MP 6');
    expect(lines).toContain('# R6: R6a R6b R6c reserve; MP 4; DROP');
    expect(lines).toContain('# R7: R7a 1602 S; MP 12; LAND');
    expect(lines).toContain('# R8: R8a 1002 S; MP 4; HEAL');
  });

  it('is ready to edit: sent as it is, it parses to the standing order of every unit', () => {
    const r = parseMiniOrders(block, { gameId: 'sample', turn: 1, side: 'red', position: p });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.orders).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8'].map(standingOrder));
  });

  it('quoted back unchanged in a reply, it is not taken as orders (QUOTED_UNCHANGED)', () => {
    const reply = `Thanks\n\n${block
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}`;
    const r = parseMiniOrders(reply, { gameId: 'sample', turn: 1, side: 'red', position: p });
    expect(r.ok ? [] : r.errors.map((e) => e.code)).toEqual(['QUOTED_UNCHANGED']);
  });

  it('a unit gone from play has its comment and no UNIT line; a carried one offers DISEMBARK', () => {
    const q = position([
      unit('T', 'red', [el('Ta', { type: 'vehicle', special: ['T2'], hex: '0505', facing: 'S' })]),
      unit('P', 'red', [el('Pa', { status: 'carried', carrier: 'Ta', hex: '0505' })]),
      unit('X', 'red', [el('Xa', { status: 'destroyed', hex: '0606' }), el('Xb', { status: 'fled', hex: '0606' })]),
    ]);
    const lines = miniOrderBlock(q, 'red', { gameId: 'g', turn: 1 }).split('\n');
    expect(lines).toContain('# T: Ta 0505 S; MP 4; (carries 2)');
    expect(lines).toContain('# P: Pa aboard Ta; MP 4; DISEMBARK');
    expect(lines).toContain('# X: Xa destroyed; Xb fled; MP 4');
    expect(lines.filter((l) => l.startsWith('UNIT'))).toEqual(['UNIT T', 'UNIT P']);
  });

  it('TELEPORT is offered while the unit can still teleport: from reserve, or every turn when Ethereal (§14)', () => {
    const tel = (id: string, special: string[], status: 'reserve' | 'active') =>
      unit(id, 'red', [
        el(`${id}a`, { special, status, hex: status === 'reserve' ? null : '0505', teleported: status === 'active' }),
      ]);
    const lines = miniOrderBlock(
      position([tel('R', ['Tel'], 'reserve'), tel('U', ['Tel'], 'active'), tel('E', ['Tel', 'Eth'], 'active')]),
      'red',
      { gameId: 'g', turn: 2 },
    ).split('\n');
    expect(lines.filter((l) => l.startsWith('# ') && /^# [RUE]:/.test(l))).toEqual([
      '# R: Ra reserve; MP 4; TELEPORT',
      '# U: Ua 0505 N; MP 4',
      '# E: Ea 0505 N; MP 4; TELEPORT',
    ]);
  });

  it('with the orders already in: their lines in their order, the units they leave out after them, bare', () => {
    const c: MiniOrdersContext = { gameId: 'sample', turn: 1, side: 'red', position: p };
    const r = parseMiniOrders('GAME sample TURN 1\nUNIT R7 MOVE S S\nUNIT R3 MOVE S FIRE B4\nPATH R3c S\nEND', c);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const edited = miniOrderBlock(p, 'red', c, r.value.orders);
    expect(edited.split('\n').filter((l) => /^(UNIT|PATH) /.test(l))).toEqual([
      'UNIT R7 MOVE S S',
      'UNIT R3 MOVE S FIRE B4',
      'PATH R3c S',
      ...['R1', 'R2', 'R4', 'R5', 'R6', 'R8'].map((u) => `UNIT ${u}`),
    ]);
    const again = parseMiniOrders(edited, c);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.value.orders.slice(0, 2)).toEqual(r.value.orders);
  });
});

describe('§19 hostile input', () => {
  it('never throws, and every problem has a line inside the text or none', () => {
    const c = ctx();
    const word = fc.oneof(
      fc.constantFrom('UNIT', 'PATH', 'MOVE', 'FIRE', 'THEN', 'HOLD', 'WITHIN', 'DROP', 'A1', 'A3c', 'N', '#', 'END'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 8 }), { maxLength: 12 }), (lines) => {
        const text = ['GAME mc-7 TURN 3', ...lines.map((l) => l.join(' '))].join('\n');
        const r = parseMiniOrders(text, c);
        if (r.ok) return;
        const count = text.split('\n').length;
        for (const e of r.errors) expect(e.line === null || (e.line >= 1 && e.line <= count)).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
