/** rules-mini-combat.md §12.1 (the codes), §12.3 (combining codes), §12.4 (Deny). */
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  CAPABILITY_KEYS,
  capability,
  fireArc,
  formatCapability,
  hasFullArmor,
  hasRoadBonus,
  maxTurns,
  parseCapability,
  parseCodes,
  template,
  transportPlaces,
  unitCombinationProblems,
  weapons,
} from '../../../src/rules/mini-combat/capabilities.ts';

describe('the capability table', () => {
  it('has one record per key, each with a name, a cost rule and what it does', () => {
    expect(CAPABILITIES.map((c) => c.key)).toEqual([...CAPABILITY_KEYS]);
    for (const c of CAPABILITIES) {
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.rule).toMatch(/§/);
    }
    expect(capability('St').rule).toMatch(/not seen beyond 5 hexes/);
  });
});

describe('§12.1 reading codes', () => {
  it('reads every plain code, T1–T9, MW2–MW9 and the nine Den:X, and writes them back as given', () => {
    const codes = [
      ...CAPABILITIES.filter((c) => !c.form.includes('<') && c.key !== 'Den').map((c) => c.key),
      'T1',
      'T9',
      'MW2',
      'MW9',
      'Den:Ch',
      'Den:MA',
      'Den:SS',
      'Den:IC',
      'Den:Bmb',
      'Den:Tel',
      'Den:Drp',
      'Den:St',
      'Den:Sc',
    ];
    for (const text of codes) {
      const c = parseCapability(text);
      expect(c.ok, text).toBe(true);
      if (c.ok) expect(formatCapability(c.value)).toBe(text);
    }
  });

  it('"Any other Den:X is invalid"; T0, T10, MW1 and unknown codes are refused with what is legal', () => {
    for (const bad of ['Den:Fly', 'Den:', 'T0', 'T10', 'MW1', 'MW10', 'st', 'Stealth', '']) {
      const c = parseCapability(bad);
      expect(c.ok, bad).toBe(false);
    }
    const den = parseCapability('Den:Fly');
    if (!den.ok) expect(den.error).toMatch(/Ch, MA, SS, IC, Bmb, Tel, Drp, St, Sc/);
  });
});

describe('§12.3 combining codes', () => {
  it('"An element has each code at most once"', () => {
    expect(parseCodes(['St', 'St']).combination).toHaveLength(1);
    expect(parseCodes(['T2', 'T3']).combination).toHaveLength(1);
    expect(parseCodes(['Den:St', 'Den:Tel']).combination).toHaveLength(0);
  });

  it('"at most one of each group": 5c 10c Bmb Cone; Fly JJ Sk Eth; Drp DrpS Tel TelS; RdM RsM LM; RdFA RsFA LFA; Heal Heal4; Rep Rep4', () => {
    for (const pair of [
      ['5c', 'Cone'],
      ['Fly', 'Eth'],
      ['Drp', 'TelS'],
      ['RdM', 'LM'],
      ['RdFA', 'LFA'],
      ['Heal', 'Heal4'],
      ['Rep', 'Rep4'],
    ])
      expect(parseCodes(pair).combination, pair.join(' ')).toHaveLength(1);
    expect(parseCodes(['Heal', 'Rep4']).combination).toHaveLength(0);
  });

  it('"Anything else (e.g. OS with Feot) is allowed"', () => {
    expect(parseCodes(['OS', 'Feot', 'MoF', 'St', 'Sc', 'Fly', 'Tel', 'RdM', 'LFA']).combination).toEqual([]);
  });

  it('"All elements of a unit have the same one of Drp DrpS Tel TelS (or none), and either all or none are Org"', () => {
    expect(unitCombinationProblems([{ special: ['Drp'] }, { special: ['Drp'] }])).toEqual([]);
    expect(unitCombinationProblems([{ special: ['Drp'] }, { special: [] }])).toHaveLength(1);
    expect(unitCombinationProblems([{ special: ['Drp'] }, { special: ['DrpS'] }])).toHaveLength(1);
    expect(unitCombinationProblems([{ special: ['Org'] }, { special: [] }])).toHaveLength(1);
    expect(unitCombinationProblems([{ special: ['Org'] }, { special: ['Org'] }])).toEqual([]);
  });
});

describe('what the codes give an element', () => {
  it('fire arcs, manoeuvrability, weapons, templates, transport places', () => {
    expect([
      fireArc({ special: ['LFA'] }),
      fireArc({ special: ['RsFA'] }),
      fireArc({ special: ['RdFA'] }),
      fireArc({ special: [] }),
    ]).toEqual([90, 180, 270, null]);
    expect([
      maxTurns({ special: ['LM'] }),
      maxTurns({ special: ['RsM'] }),
      maxTurns({ special: ['RdM'] }),
      maxTurns({ special: [] }),
    ]).toEqual([1, 2, 3, null]);
    expect([weapons({ special: ['MW3'] }), weapons({ special: [] })]).toEqual([3, 1]);
    expect([template({ special: ['Bmb'] }), template({ special: ['IF'] })]).toEqual(['Bmb', null]);
    expect([transportPlaces({ special: ['T3'] }), transportPlaces({ special: [] })]).toEqual([3, 0]);
  });

  it('"infantry: Full armor"; "vehicle, cavalry: ×2 road movement" unless Fly, JJ, Sk or Eth', () => {
    expect(hasFullArmor({ type: 'infantry', special: [] })).toBe(true);
    expect(hasFullArmor({ type: 'vehicle', special: [] })).toBe(false);
    expect(hasFullArmor({ type: 'vehicle', special: ['FA'] })).toBe(true);
    expect(hasRoadBonus({ type: 'vehicle', special: [] })).toBe(true);
    expect(hasRoadBonus({ type: 'cavalry', special: ['Ins'] })).toBe(true);
    expect(hasRoadBonus({ type: 'vehicle', special: ['Sk'] })).toBe(false);
    expect(hasRoadBonus({ type: 'infantry', special: [] })).toBe(false);
  });
});
