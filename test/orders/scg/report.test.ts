/** The Simple Combat Game turn report (rules-scg.md §17.5): narrative, map within 78 columns, legend, scores. */
import { describe, expect, it } from 'vitest';
import { scgTurnReport } from '../../../src/reports/scg-report.ts';
import { scgMap } from '../../../src/reports/scg-map.ts';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { resolveScgTurn } from '../../../src/rules/scg/resolve.ts';
import { COMBINED_ARMS, WORKED_EXAMPLE } from '../../../src/rules/scg/scenarios.ts';
import type { ScgState } from '../../../src/rules/scg/types.ts';

const west = {
  move: [
    { unit: 'WM', order: { kind: 'hold' as const } },
    { unit: 'WL', order: { kind: 'toward' as const, target: 'EH', within: 3 } },
  ],
  fire: [
    { unit: 'WL', targets: ['EH'], hold: false, weapons: [] },
    { unit: 'WM', targets: ['EH'], hold: false, weapons: [] },
  ],
};
const east = {
  move: [{ unit: 'EH', order: { kind: 'toward' as const, target: 'nearest', within: 2, halt: 4 } }],
  fire: [{ unit: 'EH', targets: ['WM'], hold: false, weapons: [{ mount: 'MG', targets: ['WL'], hold: true }] }],
};

describe('§17.5 the turn report', () => {
  const result = resolveScgTurn(
    WORKED_EXAMPLE,
    { west, east },
    new ScriptedDice([3, 5, 4, 6, 2, 5, 6, 6, 3, 4, 5, 6, 6, 6]),
  );
  const text = scgTurnReport(result, { gameId: 'ex', side: 'west' });

  it('tells the turn in order: initiative, moves with stop reasons, declared targets, every die with need and modifiers', () => {
    expect(text).toContain('Initiative: west 3 + 1 = 4, east 5. east moves and fires first.');
    expect(text).toContain('EH moves TOWARD WL (at 0207): 0904 → 0804 0705 0605, 3 hexes; halted');
    expect(text).toContain('EH fires: GUN1 at WM, GUN2 at WM, MG at WL.');
    expect(text).toContain('GUN1 at WM, range 4 (4 hexes): needs 3, rolls 4 − 2 = 2: miss.');
    expect(text).toMatch(/GUN2 damage to WM: needs 3, rolls 5 − 1 = 4 \(AR\): 2 damage, WM has 2 of 4\./);
    expect(text).toContain('Scores: west 5, east 7.');
  });

  it('draws the map within 78 columns with every unit, # for impassable, a legend, and the next order block', () => {
    for (const l of text.split('\n')) expect(l.length, l).toBeLessThanOrEqual(78);
    for (const mark of ['wWM', 'wWL', 'eEH', '###']) expect(text).toContain(mark);
    expect(text).toContain(
      'wWM   WM Medium Tank 0205: MA 4 AR 1- DC 4 damage 2; GUN medium-gun, MG\n      machine-gun',
    );
    expect(text).toContain('GAME ex TURN 2\n');
    expect(text.trimEnd().endsWith('END')).toBe(true);
  });

  it('names destroyed units in the legend', () => {
    const s: ScgState = {
      ...WORKED_EXAMPLE,
      units: [{ ...WORKED_EXAMPLE.units[0]!, status: 'destroyed' }, ...WORKED_EXAMPLE.units.slice(1)],
    };
    const r = resolveScgTurn(s, {}, new ScriptedDice([6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
    expect(scgTurnReport(r, { gameId: 'ex', side: 'west' })).toContain('WM Medium Tank destroyed (last at 0205)');
  });
});

describe('Ruling: a board wider than 78 columns allow', () => {
  it('is shown in part, says which columns, and lists every unit outside them', () => {
    const wide: ScgState = {
      ...COMBINED_ARMS,
      map: { ...COMBINED_ARMS.map, width: 30 },
      units: [
        ...COMBINED_ARMS.units,
        { id: 'FAR', side: 'east', type: 'scout-car', hex: { col: 30, row: 1 }, damage: 0, status: 'active' },
      ],
    };
    const lines = scgMap(wide);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(78);
    const note = lines.slice(-2).join('\n');
    expect(note).toMatch(/^Columns 01–24 of 30 shown\.\nOutside them: eFAR at 3001\.$/);
  });

  it('a 20-column board fits whole', () => {
    const lines = scgMap(COMBINED_ARMS);
    expect(lines.every((l) => l.length <= 78)).toBe(true);
    expect(lines.join('\n')).not.toContain('shown');
    for (const u of COMBINED_ARMS.units) expect(lines.join('\n')).toContain(`${u.side[0]}${u.id}`);
  });
});
