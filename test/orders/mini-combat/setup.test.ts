/** rules-mini-combat.md §21: the setup language, each problem on its line, and the canonical echo. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMiniSetup,
  parseMiniSetup,
  setupUnitsOf,
  type MiniSetup,
  type MiniSetupContext,
} from '../../../src/orders/mini-combat/index.ts';
import { setupToUnits } from '../../../src/rules/mini-combat/setup.ts';
import { DEFAULT_OPTIONS, ELEMENT_TYPES } from '../../../src/rules/mini-combat/types.ts';
import { DIRECTIONS } from '../../../src/rules/types.ts';

const settings = (over: Partial<MiniSetupContext['settings']> = {}): MiniSetupContext['settings'] => ({
  map: { width: 24, height: 36 },
  terrain: new Map(),
  sides: ['red', 'blue'],
  edges: { red: 'N', blue: 'S' },
  battle: { type: 'defensive', attacker: 'blue', defender: 'red', objectives: [], control: 6, destroy: 800 },
  options: DEFAULT_OPTIONS,
  units: [],
  ...over,
});
const ctx = (over: Partial<MiniSetupContext> = {}): MiniSetupContext => ({
  gameId: 'mc-7',
  side: 'red',
  settings: settings(),
  points: 600,
  ...over,
});

const EXAMPLE = `GAME mc-7 TURN 0
DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4
DESIGN Leader INFANTRY MV10 RG30 TH3 SV6 PW2 AR2 MO3 COMMAND
DESIGN Para INFANTRY MV10 RG20 TH4 SV6 PW2 AR2 MO3 SP DrpS
UNIT A1 Rifle*5 Leader AT 0403 0403 0404 0404 0503 0503 FACE S
UNIT P1 Para*4 RESERVE
OBJECTIVE 0302 0902 1502 2102 0608 1208 1808 2408
END
`;

const problems = (text: string, c = ctx()) => {
  const r = parseMiniSetup(text, c);
  return r.ok ? [] : r.errors.map((e) => [e.line, e.code]);
};
/** A setup text with the example's designs and the given lines. */
const withDesigns = (...lines: string[]) =>
  ['GAME mc-7 TURN 0', ...EXAMPLE.split('\n').slice(1, 4), ...lines, 'END'].join('\n');

describe('§21 the setup language', () => {
  it("reads the page's example: three designs, a placed unit and a reserve, eight objectives", () => {
    const r = parseMiniSetup(EXAMPLE, ctx());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.value.setup;
    expect(s.designs.map((d) => d.name)).toEqual(['Rifle', 'Leader', 'Para']);
    expect(s.designs[1]!.design).toMatchObject({ toHit: 3, morale: 3, command: true, special: [] });
    expect(s.designs[2]!.design.special).toEqual(['DrpS']);
    expect(s.units[0]).toMatchObject({
      id: 'A1',
      parts: [
        { design: 'Rifle', count: 5 },
        { design: 'Leader', count: 1 },
      ],
    });
    expect(s.objectives).toHaveLength(8);
  });

  it('"its elements\' ids are the unit id followed by a, b, c … in order"; placed elements face as told, reserves have no hex', () => {
    const r = parseMiniSetup(EXAMPLE, ctx());
    if (!r.ok) throw new Error('example');
    const units = setupToUnits('red', setupUnitsOf(r.value.setup));
    expect(units[0]!.elements.map((e) => e.id)).toEqual(['A1a', 'A1b', 'A1c', 'A1d', 'A1e', 'A1f']);
    expect(units[0]!.elements[5]).toMatchObject({
      command: true,
      status: 'active',
      facing: 'S',
      hex: { col: 5, row: 3 },
    });
    expect(units[1]!.elements.every((e) => e.status === 'reserve' && e.hex === null)).toBe(true);
  });

  it('"TH- no To Hit = 7, SV- no save = 7, MO- no morale = 1"; keywords, types and codes in any case', () => {
    const r = parseMiniSetup(
      withDesigns('design Wall structure mv0 rg0 th- sv- pw0 ar10 mo- sp drps den:tel'),
      ctx({ settings: settings({ battle: { type: 'standard', target: 500 } }) }),
    );
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.value.setup.designs[3]!.design).toMatchObject({
        type: 'structure',
        toHit: 7,
        save: 7,
        morale: 1,
        special: ['DrpS', 'Den:Tel'],
      });
  });

  it('"one hex per element, the last repeating"', () => {
    const r = parseMiniSetup(
      withDesigns('UNIT A1 Rifle*3 AT 0402 0403 FACE S'),
      ctx({ settings: settings({ battle: { type: 'standard', target: 500 } }) }),
    );
    expect(r.ok).toBe(true);
    if (r.ok && r.value.setup.units[0]!.placement.kind === 'at')
      expect(r.value.setup.units[0]!.placement.hexes.map((h) => h.row)).toEqual([2, 3, 3]);
  });
});

describe('§21 problems, each with its line', () => {
  const standard = ctx({ settings: settings({ battle: { type: 'standard', target: 500 } }) });
  const cases: [string, string, number, string][] = [
    ['a DESIGN with a stat missing', 'DESIGN Gun VEHICLE MV10 RG30 TH4 SV6 PW2 AR2', 5, 'DESIGN_FORMAT'],
    ['a DESIGN with stats out of order', 'DESIGN Gun VEHICLE RG30 MV10 TH4 SV6 PW2 AR2 MO4', 5, 'DESIGN_FORMAT'],
    ['words out of place after MO', 'DESIGN Gun VEHICLE MV10 RG30 TH4 SV6 PW2 AR2 MO4 LOUD', 5, 'DESIGN_FORMAT'],
    ['a design defined twice', 'DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4', 5, 'DESIGN_FORMAT'],
    ['a type that is none', 'DESIGN Gun ROBOT MV10 RG30 TH4 SV6 PW2 AR2 MO4', 5, 'DESIGN_VALUE'],
    ['Movement not a multiple of 5', 'DESIGN Gun VEHICLE MV12 RG30 TH4 SV6 PW2 AR2 MO4', 5, 'DESIGN_VALUE'],
    ['To Hit 8', 'DESIGN Gun VEHICLE MV10 RG30 TH8 SV6 PW2 AR2 MO4', 5, 'DESIGN_VALUE'],
    ['an unknown code', 'DESIGN Gun VEHICLE MV10 RG30 TH4 SV6 PW2 AR2 MO4 SP Laser', 5, 'SPECIAL_UNKNOWN'],
    [
      'codes forbidden together',
      'DESIGN Gun VEHICLE MV10 RG30 TH4 SV6 PW2 AR2 MO4 SP 5c Bmb',
      5,
      'SPECIAL_COMBINATION',
    ],
    ['a unit mixing Drp and no Drp', 'UNIT A1 Rifle Para RESERVE', 5, 'SPECIAL_COMBINATION'],
    ['a UNIT with neither AT nor RESERVE', 'UNIT A1 Rifle*2', 5, 'UNIT_FORMAT'],
    ['more hexes than elements', 'UNIT A1 Rifle AT 0402 0403 FACE S', 5, 'UNIT_FORMAT'],
    ['no FACE', 'UNIT A1 Rifle AT 0402', 5, 'UNIT_FORMAT'],
    ['a bad count', 'UNIT A1 Rifle*0 AT 0402 FACE S', 5, 'UNIT_FORMAT'],
    ['an unknown design', 'UNIT A1 Rifel AT 0402 FACE S', 5, 'DESIGN_UNKNOWN'],
    ['27 elements', 'UNIT A1 Rifle*27 AT 0402 FACE S', 5, 'UNIT_SIZE'],
    ['two command elements', 'UNIT A1 Leader*2 AT 0402 FACE S', 5, 'COMMAND_TWICE'],
    ['an id with a dash', 'UNIT A-1 Rifle AT 0402 FACE S', 5, 'PIECE_ID'],
    ['an id that is a keyword', 'UNIT Hold Rifle AT 0402 FACE S', 5, 'PIECE_ID'],
    ['an id whose element would be a keyword', 'UNIT EN Rifle*4 AT 0402 FACE S', 5, 'PIECE_ID'],
    ['an id of 12 characters (its elements would have 13)', 'UNIT ABCDEFGHIJKL Rifle AT 0402 FACE S', 5, 'PIECE_ID'],
    ['a unit outside the zone', 'UNIT A1 Rifle AT 0405 FACE S', 5, 'PLACE_ZONE'],
    ['a unit off the map', 'UNIT A1 Rifle AT 2502 FACE S', 5, 'PLACE_ZONE'],
    ['four in a hex', 'UNIT A1 Rifle*4 AT 0402 FACE S', 5, 'PLACE_STACK'],
    ['an incoherent unit', 'UNIT A1 Rifle*2 AT 0402 0802 FACE S', 5, 'COHERENCY'],
    ['AT for a drop unit', 'UNIT P1 Para AT 0402 FACE S', 5, 'RESERVE_REQUIRED'],
    ['RESERVE for a unit that cannot drop', 'UNIT A1 Rifle RESERVE', 5, 'RESERVE_NOT_ALLOWED'],
    ['objectives in a standard battle', 'OBJECTIVE 0302', 5, 'OBJECTIVE_COUNT'],
  ];
  it.each(cases)('%s', (_name, line, at, code) => {
    expect(problems(withDesigns(line), standard)).toContainEqual([at, code]);
  });

  it('OVER_BUDGET on the line of the unit that goes over', () => {
    expect(
      problems(withDesigns('UNIT A1 Rifle*3 AT 0402 FACE S', 'UNIT A2 Rifle*3 AT 0403 FACE S'), {
        ...standard,
        points: 100,
      }),
    ).toEqual([[6, 'OVER_BUDGET']]);
  });

  it('ID_IN_USE: a unit id given twice, or an id the game already has', () => {
    expect(
      problems(withDesigns('UNIT A1 Rifle AT 0402 FACE S', 'UNIT A1 Rifle AT 0403 FACE S'), standard),
    ).toContainEqual([6, 'ID_IN_USE']);
    expect(
      problems(withDesigns('UNIT A1 Rifle AT 0402 FACE S', 'UNIT A1a Rifle AT 0403 FACE S'), standard),
    ).toContainEqual([6, 'ID_IN_USE']);
  });

  it('"Scout units may instead be placed anywhere outside the enemy\'s zone, and start hidden"', () => {
    const scout = 'DESIGN Sct INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec';
    const mid = parseMiniSetup(withDesigns(scout, 'UNIT S1 Sct*2 AT 1716 FACE S'), standard);
    expect(mid.ok).toBe(true);
    if (mid.ok)
      expect(setupToUnits('red', setupUnitsOf(mid.value.setup))[0]!.elements.every((e) => e.hidden)).toBe(true);
    expect(problems(withDesigns(scout, 'UNIT S1 Sct AT 1734 FACE S'), standard)).toContainEqual([6, 'PLACE_ZONE']);
  });

  it('PLACE_TERRAIN: "in a hex where it could not end a move"', () => {
    const tank = 'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4 SP RdFA';
    const c = {
      ...standard,
      settings: settings({
        battle: { type: 'standard', target: 500 },
        terrain: new Map([['0402', 'forest' as const]]),
      }),
    };
    expect(problems(withDesigns(tank, 'UNIT T1 Tank AT 0402 FACE S'), c)).toContainEqual([6, 'PLACE_TERRAIN']);
  });

  it('the defender\'s objectives: "exactly 8 … in its zone, each pair at least 6 hexes apart"', () => {
    expect(problems(withDesigns('OBJECTIVE 0302 0902'))).toContainEqual([5, 'OBJECTIVE_COUNT']);
    expect(problems(withDesigns('OBJECTIVE 0302 0902 1502 2102 0608 1208 1808 2410'))).toContainEqual([
      5,
      'OBJECTIVE_ZONE',
    ]);
    expect(problems(withDesigns('OBJECTIVE 0302 0702 1502 2102 0608 1208 1808 2408'))).toContainEqual([
      5,
      'OBJECTIVE_SPACING',
    ]);
    expect(problems(withDesigns('UNIT A1 Rifle AT 0402 FACE S'))).toContainEqual([null, 'OBJECTIVE_COUNT']);
  });

  it('every problem is listed, not only the first', () => {
    const found = problems(
      withDesigns(
        'UNIT A1 Rifle AT 0405 FACE S',
        'UNIT A2 Rifle RESERVE',
        'DESIGN X ROBOT MV1 RG0 TH4 SV6 PW2 AR2 MO4',
      ),
      {
        ...ctx(),
        settings: settings({ battle: { type: 'standard', target: 500 } }),
      },
    );
    expect(found.map(([, c]) => c).sort()).toEqual(
      ['DESIGN_VALUE', 'DESIGN_VALUE', 'PLACE_ZONE', 'RESERVE_NOT_ALLOWED'].sort(),
    );
  });

  it('the shared frame: a wrong game and a wrong turn', () => {
    expect(problems(EXAMPLE.replace('mc-7', 'mc-8'))).toContainEqual([1, 'WRONG_GAME']);
    expect(problems(EXAMPLE.replace('TURN 0', 'TURN 1'))).toContainEqual([1, 'WRONG_TURN']);
  });
});

describe('§21 the canonical echo', () => {
  it('writes the example back in canonical form', () => {
    const r = parseMiniSetup(EXAMPLE, ctx());
    if (!r.ok) throw new Error('example');
    expect(formatMiniSetup(r.value.setup, { gameId: 'mc-7' })).toBe(EXAMPLE);
  });

  /** Any setup the language can say, legal or not: the echo must read back as the same setup. */
  const design = fc.record({
    type: fc.constantFrom(...ELEMENT_TYPES),
    command: fc.boolean(),
    move: fc.integer({ min: 0, max: 40 }).map((n) => n * 5),
    range: fc.integer({ min: 0, max: 100 }).map((n) => n * 5),
    toHit: fc.integer({ min: 0, max: 7 }),
    save: fc.integer({ min: 2, max: 7 }),
    power: fc.integer({ min: 0, max: 20 }),
    armor: fc.integer({ min: 0, max: 20 }),
    morale: fc.integer({ min: 1, max: 6 }),
    special: fc.subarray(['St', 'MW2', 'RdFA', 'Fly', 'T3', 'Den:Tel', 'Sc', 'IC']),
  });
  const hex = fc.record({ col: fc.integer({ min: 1, max: 24 }), row: fc.integer({ min: 1, max: 36 }) });
  const setup: fc.Arbitrary<MiniSetup> = fc
    .uniqueArray(fc.constantFrom('Rifle', 'Tank', 'Gun', 'Beast', 'Medic'), { minLength: 1, maxLength: 5 })
    .chain((names) =>
      fc.record({
        designs: fc.tuple(...names.map((name) => design.map((d) => ({ name, design: d })))),
        units: fc.uniqueArray(
          fc.record({
            id: fc.constantFrom('A1', 'B2', 'C3', 'X9', 'Q7'),
            parts: fc.array(fc.record({ design: fc.constantFrom(...names), count: fc.integer({ min: 1, max: 4 }) }), {
              minLength: 1,
              maxLength: 3,
            }),
            at: fc.boolean(),
            facing: fc.constantFrom(...DIRECTIONS),
            hexes: fc.array(hex, { minLength: 12, maxLength: 12 }),
          }),
          { selector: (u) => u.id, maxLength: 4 },
        ),
        objectives: fc.array(hex, { maxLength: 8 }),
      }),
    )
    .map(({ designs, units, objectives }) => ({
      designs,
      units: units.map((u) => {
        const size = u.parts.reduce((s, p) => s + p.count, 0);
        return {
          id: u.id,
          parts: u.parts,
          placement: u.at
            ? { kind: 'at' as const, hexes: u.hexes.slice(0, size), facing: u.facing }
            : { kind: 'reserve' as const },
        };
      }),
      objectives,
    }));

  it('property: parsing the echo gives the same setup (whatever the rules then say of it)', () => {
    fc.assert(
      fc.property(setup, (s) => {
        const text = formatMiniSetup(s, { gameId: 'mc-7' });
        const r = parseMiniSetup(text, ctx({ points: 1_000_000 }));
        const read = r.ok ? r.value.setup : r.partial.setup;
        expect(read).toEqual(s);
        const syntaxCodes = [
          'DESIGN_FORMAT',
          'DESIGN_VALUE',
          'SPECIAL_UNKNOWN',
          'UNIT_FORMAT',
          'DESIGN_UNKNOWN',
          'HEX_FORMAT',
          'UNKNOWN_KEYWORD',
        ];
        if (!r.ok) expect(r.errors.filter((e) => syntaxCodes.includes(e.code))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the setup language against any text (a fuzz)', () => {
  it('never throws, and every problem has a line inside the text or none', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'DESIGN',
        'UNIT',
        'OBJECTIVE',
        'RESERVE',
        'AT',
        'FACE',
        'COMMAND',
        'SP',
        'Rifle*5',
        'MV10',
        '0403',
      ),
      fc.constantFrom('INFANTRY', 'RG30', 'TH4', 'SV6', 'PW2', 'AR2', 'MO4', 'DrpS', 'S', '#', 'END', '__proto__'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 10 }), { maxLength: 14 }), (lines) => {
        const text = ['GAME mc-7 TURN 0', ...lines.map((l) => l.join(' '))].join('\n');
        const r = parseMiniSetup(text, ctx());
        if (r.ok) return;
        const count = text.split('\n').length;
        for (const e of r.errors) {
          expect(e.line === null || (e.line >= 1 && e.line <= count)).toBe(true);
          expect(e.code).toMatch(/^[A-Z_]+$/);
          expect(e.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
