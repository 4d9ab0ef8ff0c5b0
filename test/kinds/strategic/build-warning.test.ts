/**
 * "A 10-BP ship that can never roll an attack die deserves a warning when it is built" (rules-strategic.md §7: one
 * attack die per full 7 offensive BP of a side's ships in the hex, offensive BP = 2 × weapons + TO-HIT): the answer
 * to the orders and to the setup carries it as a note, never as an error.
 */
import { describe, expect, it } from 'vitest';
import type { SideContext } from '../../../src/kinds/kind.ts';
import type { Campaign } from '../../../src/rules/strategic/types.ts';
import { campaign } from '../../rules/strategic/fixtures.ts';
import { kind, setupPhase } from './support.ts';

const at = (c: Campaign): SideContext<Campaign> => ({ gameId: 'g1', turn: c.turn, side: 'blue', state: c });
const rich = (more: Partial<Campaign> = {}) => campaign({ store: { blue: 100, red: 0 }, ...more });

function notesOf(c: Campaign, ...lines: string[]) {
  const r = kind.parseSubmission([`GAME g1 TURN ${c.turn}`, ...lines, 'END'].join('\n'), at(c));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.notes ?? [];
}

describe('a ship built with too few offensive BP to roll an attack die is warned of, not refused', () => {
  it('a 10-BP scout (E5 S2 H1 W F: 3 offensive BP) is accepted with a warning naming it and the rule', () => {
    const notes = notesOf(rich(), 'BUILD Spark E5 S2 H1 W F AS Scouts');
    const warning = notes.find((n) => n.startsWith('warning:'));
    expect(warning).toBe(
      "warning: BUILD Spark (10 BP) has 3 offensive BP: alone it never rolls an attack die (strategic combat rolls 1 per full 7 offensive BP of a side's ships in the battle; offensive BP = 2 per weapon + TO-HIT); it only adds its BP to the ships fighting beside it",
    );
  });

  it('a ship with no weapon and no TO-HIT never adds to an attack', () => {
    const notes = notesOf(rich(), 'BUILD Wall E5 S5 H0 W - AS Walls');
    expect(
      notes.some(
        (n) =>
          n.startsWith('warning: BUILD Wall (10 BP) has 0 offensive BP') && n.endsWith('it never adds to an attack'),
      ),
    ).toBe(true);
  });

  it('a ship of 7 offensive BP or more gets none; nor does any when battles are fought as tactical games', () => {
    expect(notesOf(rich(), 'BUILD Line E3 S3 H3 W F,FL,FR AS Lines').filter((n) => n.startsWith('warning:'))).toEqual(
      [],
    );
    const tactical = rich({ options: { battles: 'tactical', fog: 'positions', turnLimit: null } });
    expect(notesOf(tactical, 'BUILD Spark E5 S2 H1 W F AS Scouts').filter((n) => n.startsWith('warning:'))).toEqual([]);
  });

  it('the setup warns the same way', () => {
    const settings = setupPhase.settingsSchema.parse({
      sides: [
        { id: 'blue', name: 'Blue' },
        { id: 'red', name: 'Red' },
      ],
      map: { kind: 'generated', width: 14, height: 10, systems: 9, seed: 'fixture' },
    });
    const initial = setupPhase.initialState(settings);
    if (!initial.ok) throw new Error('no campaign');
    const r = setupPhase.parseSetup('GAME g1 TURN 0\nBUILD Spark E5 S2 H1 W F AS Scouts\nEND', {
      gameId: 'g1',
      side: 'blue',
      state: initial.value,
      settings,
    });
    expect(r.ok).toBe(true);
    expect(r.ok && r.notes?.some((n) => n.startsWith('warning: BUILD Spark (10 BP) has 3 offensive BP'))).toBe(true);
  });
});
