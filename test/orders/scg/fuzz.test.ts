/** The Simple Combat Game orders parser never throws: any text gives orders, or problems each on a line. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScgSubmission } from '../../../src/orders/scg/index.ts';
import { TANK_BATTLE } from '../../../src/rules/scg/scenarios.ts';

const WORDS = [
  'GAME',
  'g',
  'TURN',
  '1',
  '2',
  'MOVE',
  'FIRE',
  'AT',
  'HOLD',
  'TO',
  'TOWARD',
  'NEAREST',
  'WITHIN',
  'HALT',
  'END',
  'N',
  'ne',
  'SE',
  's',
  'SW',
  'NW',
  'WM',
  'wh',
  'WL1',
  'EH',
  'EM',
  'el2',
  'GUN',
  'mg',
  'GUN1',
  '0407',
  '0504',
  '9999',
  '0',
  '99',
  '100',
  '#',
  ',',
  'PASSWORD',
  'MESSAGE',
  'east',
  'CONCEDE',
  'HELP',
  '>',
  '__proto__',
  'x'.repeat(40),
  '\u0000',
];
const line = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { maxLength: 10 })
  .map((ws) => ws.join(' '));
const text = fc.array(line, { maxLength: 25 }).map((ls) => ls.join('\n'));

/** Problems about the whole text rather than one line. */
const WHOLE_TEXT = ['EMPTY', 'TOO_MANY_ERRORS', 'QUOTED_UNCHANGED', 'TEXT_TOO_LONG', 'TOO_MANY_LINES'];

describe('fuzz', () => {
  it('never throws; problems carry a line number within the text (or concern the whole text)', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 300 })), fc.constantFrom('west', 'east'), (body, side) => {
        const r = parseScgSubmission(body, { gameId: 'g', turn: 1, side, state: TANK_BATTLE });
        if (r.ok) return;
        const lines = body.split(/\r\n|\r|\n/).length;
        expect(r.errors.length).toBeGreaterThan(0);
        for (const e of r.errors) {
          if (e.line === null) expect(WHOLE_TEXT).toContain(e.code);
          else expect(e.line >= 1 && e.line <= lines).toBe(true);
          expect(e.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
