/** `msc mini cost`, `check` and `resolve` as a user runs them (rules-mini-combat.md §22): processes, exit codes. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { miniCost } from '../../src/adjudicator/mini-combat.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const msc = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['bin/msc.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000 });

const rifle = { type: 'infantry', move: 10, range: 30, toHit: 4, save: 6, power: 2, armor: 2, morale: 4 };

// Each process takes seconds on a loaded machine: they run side by side.
describe.concurrent('msc mini cost', () => {
  it("prints the §23 sample forces' costs: every unit as the page says, 750 a side", () => {
    const r = msc(['mini', 'cost', 'examples/mini-combat-sample.json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.fromEntries(out.units.map((u: { id: string; cost: number }) => [u.id, u.cost]))).toEqual({
      R1: 157,
      R2: 134,
      R3: 132,
      R4: 64,
      R5: 76,
      R6: 96,
      R7: 83,
      R8: 8,
      B1: 99,
      B2: 84,
      B3: 144,
      B4: 50,
      B5: 78,
      B6: 122,
      B7: 58,
      B8: 37,
      B9: 78,
    });
    expect(out.sides).toEqual({ red: 750, blue: 750 });
    expect(out.total).toBe(1500);
    const tank = out.elements.find((e: { id: string }) => e.id === 'R3a');
    expect(tank).toMatchObject({ cost: 44, base: '234/5', percent: '95', multiplier: '1' });
    expect(tank.working.percents).toEqual([{ code: 'RdFA', percent: -5, note: expect.stringMatching(/half/) }]);
  });

  it('"Input {elements: [design…]}; output {elements: [{cost, exact, base, percent, multiplier}], total}" from standard input', () => {
    const r = msc(
      ['mini', 'cost'],
      JSON.stringify({
        elements: [
          { name: 'Rifle', ...rifle },
          { ...rifle, special: ['St', 'MW2'] },
        ],
      }),
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(
      out.elements.map((e: Record<string, unknown>) => [e.name, e.cost, e.exact, e.base, e.percent, e.multiplier]),
    ).toEqual([
      ['Rifle', 23, '117/5', '117/5', '100', '1'],
      [undefined, 50, '5031/100', '117/5', '215', '1'],
    ]);
    expect(out.total).toBe(73);
  });

  it('--pretty indents', () => {
    const r = msc(['mini', 'cost', '-', '--pretty'], JSON.stringify({ elements: [rifle] }));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\n {2}"elements"/);
  });

  it('"An invalid design is exit 2 (code INVALID_STATE, the message naming the design and the field)"', () => {
    const r = msc(
      ['mini', 'cost'],
      JSON.stringify({ elements: [rifle, { name: 'Tank', ...rifle, type: 'vehicle', toHit: 9, special: ['Laser'] }] }),
    );
    expect(r.status).toBe(2);
    const { errors } = JSON.parse(r.stdout);
    expect(errors[0]).toEqual({
      code: 'INVALID_STATE',
      message: expect.stringMatching(/^elements\[1\] \("Tank"\)\.toHit:/),
    });
  });

  const big = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const hostile: [string, string, string, RegExp][] = [
    ['empty input', '', 'MALFORMED_JSON', /not valid JSON/],
    ['not JSON', 'hello', 'MALFORMED_JSON', /not valid JSON/],
    ['truncated JSON', '{"elements": [', 'MALFORMED_JSON', /not valid JSON/],
    ['null', 'null', 'INVALID_STATE', /input/],
    ['a number', '42', 'INVALID_STATE', /input/],
    ['an array', '[]', 'INVALID_STATE', /input/],
    ['elements not a list', '{"elements": 3}', 'INVALID_STATE', /^elements:/],
    [
      'a stat of the wrong type',
      JSON.stringify({ elements: [{ ...rifle, move: '10' }] }),
      'INVALID_STATE',
      /elements\[0\]\.move/,
    ],
    [
      'a huge number',
      `{"elements": [${JSON.stringify({ ...rifle }).replace('"power":2', '"power":1e400')}]}`,
      'INVALID_STATE',
      /elements\[0\]\.power/,
    ],
    [
      'a negative stat',
      JSON.stringify({ elements: [{ ...rifle, armor: -1 }] }),
      'INVALID_STATE',
      /elements\[0\]\.armor/,
    ],
    [
      'special not a list',
      JSON.stringify({ elements: [{ ...rifle, special: 'St' }] }),
      'INVALID_STATE',
      /elements\[0\]\.special/,
    ],
    [
      'a combination §12.3 forbids',
      JSON.stringify({ elements: [{ ...rifle, special: ['5c', '10c'] }] }),
      'INVALID_STATE',
      /elements\[0\]\.special: "5c" and "10c"/,
    ],
    ['a __proto__ key', '{"elements": [{"__proto__": {"move": 10}}]}', 'INVALID_STATE', /__proto__/],
    ['deep nesting', `{"elements": ${big(50_000)}}`, 'INVALID_STATE', /nested deeper/],
    [
      'a position with a duplicate id',
      JSON.stringify({
        map: { width: 24, height: 36 },
        sides: ['a', 'b'],
        units: [{ id: 'A', side: 'a', elements: [{ id: 'A', ...rifle, hex: '0101', facing: 'N' }] }],
      }),
      'INVALID_STATE',
      /used twice/,
    ],
    [
      'a position with an off-map hex',
      JSON.stringify({
        map: { width: 6, height: 6 },
        sides: ['a', 'b'],
        units: [{ id: 'A', side: 'a', elements: [{ id: 'Aa', ...rifle, hex: '0707', facing: 'N' }] }],
      }),
      'INVALID_STATE',
      /0707 is off the 6 × 6 map/,
    ],
    [
      'a position with an unknown unit field',
      JSON.stringify({
        map: { width: 6, height: 6 },
        sides: ['a', 'b'],
        units: [{ id: 'A', side: 'a', elements: [], owner: 'x' }],
      }),
      'INVALID_STATE',
      /units\[0\]/,
    ],
  ];
  // The whole table in-process, through the function the command runs …
  it.each(hostile)('hostile input, %s: exit 2 with a message naming the field', (_name, input, code, message) => {
    const r = miniCost(input);
    expect(r.exitCode).toBe(2);
    const { errors } = r.stdout as { errors: { code: string; message: string }[] };
    expect(errors[0]!.code).toBe(code);
    expect(errors[0]!.message).toMatch(message);
  });

  // … and the worst of it through the real command: exit 2, never 1, no stack trace.
  it.each(
    hostile.filter(([name]) =>
      ['empty input', 'not JSON', 'a huge number', 'a __proto__ key', 'deep nesting'].includes(name),
    ),
  )('msc mini cost on %s: exit 2, never a crash', (_name, input, code, message) => {
    const r = msc(['mini', 'cost'], input);
    expect(r.status).toBe(2);
    const { errors } = JSON.parse(r.stdout);
    expect(errors[0].code).toBe(code);
    expect(errors[0].message).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing file: exit 2, UNREADABLE_INPUT naming it', () => {
    const r = msc(['mini', 'cost', 'no-such-file.json']);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).errors[0]).toMatchObject({
      code: 'UNREADABLE_INPUT',
      message: expect.stringContaining('no-such-file.json'),
    });
  });

  it('msc mini check on the sample: exit 0 and the orders as understood', () => {
    const r = msc(['mini', 'check', 'examples/mini-combat-sample.json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      orders: { red: [{ unit: 'R3' }, { unit: 'R7' }, { unit: 'R6' }] },
    });
  });
});

describe.concurrent('msc mini resolve', () => {
  it('on examples/mini-combat-sample.json: exit 0 and §23\'s turn 1 — "blue wins the initiative 5–3", "Red scores B6\'s 122", "12 dice are used"', () => {
    const r = msc(['mini', 'resolve', 'examples/mini-combat-sample.json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      turn: 2,
      initiative: ['blue', 'red'],
      score: { red: 122, blue: 0 },
      diceUsed: 12,
      gameOver: false,
    });
    const destroyed = out.events.filter((e: { type: string }) => e.type === 'destroyed');
    expect(destroyed.map((e: { element: string; by: string }) => [e.element, e.by])).toEqual([
      ['B6a', 'R3c'],
      ['B6b', 'R7a'],
    ]);
  });

  it('on examples/mini-combat-defensive.json: a defensive battle (§20.3), "objectives: control a side, contested or null"', () => {
    const r = msc(['mini', 'resolve', 'examples/mini-combat-defensive.json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.objectives).toHaveLength(8);
    for (const o of out.objectives) expect([null, 'red', 'blue', 'contested']).toContain(o.control);
    expect(out.objectives.filter((o: { control: string }) => o.control === 'blue').length).toBeGreaterThan(0);
    expect(out.diceState).toMatch(/^[0-9a-f]{32}$/); // it rolls from a seed
    const cost = JSON.parse(msc(['mini', 'cost', 'examples/mini-combat-defensive.json']).stdout);
    expect(cost.sides).toEqual({ red: 1206, blue: 612 }); // "forces 1200 and 600 points", as near as the designs go
  });

  it('reads standard input ("-" or none) and gives the same result; --pretty indents', () => {
    const text = readFileSync(new URL('../../examples/mini-combat-sample.json', import.meta.url), 'utf8');
    const file = msc(['mini', 'resolve', 'examples/mini-combat-sample.json']);
    const stdin = msc(['mini', 'resolve'], text);
    const dash = msc(['mini', 'resolve', '-', '--pretty'], text);
    expect(stdin.status).toBe(0);
    expect(stdin.stdout).toBe(file.stdout);
    expect(dash.stdout).toMatch(/^\{\n {2}"turn": 2,/);
    expect(JSON.parse(dash.stdout)).toEqual(JSON.parse(file.stdout));
  });

  it('determinism: the same input twice, the same bytes out', () => {
    const a = msc(['mini', 'resolve', 'examples/mini-combat-sample.json']);
    const b = msc(['mini', 'resolve', 'examples/mini-combat-sample.json']);
    expect(a.stdout).toBe(b.stdout);
  });

  it('exit 3 when the scripted dice run out: a message on standard error, nothing on standard output', () => {
    const doc = JSON.parse(readFileSync(new URL('../../examples/mini-combat-sample.json', import.meta.url), 'utf8'));
    const r = msc(['mini', 'resolve'], JSON.stringify({ ...doc, dice: [3, 5] }));
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/ran out/);
  });

  it('exit 2 with every problem: invalid orders of both sides, each with its side, unit and code', () => {
    const doc = JSON.parse(readFileSync(new URL('../../examples/mini-combat-sample.json', import.meta.url), 'utf8'));
    const r = msc(
      ['mini', 'resolve'],
      JSON.stringify({ ...doc, orders: { red: [{ unit: 'Zed' }], blue: [{ unit: 'B1', then: 'x' }] } }),
    );
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).errors.map((e: { side: string; code: string }) => [e.side, e.code])).toEqual([
      ['red', 'UNIT_UNKNOWN'],
      ['blue', 'THEN_VALUE'],
    ]);
  });
});
