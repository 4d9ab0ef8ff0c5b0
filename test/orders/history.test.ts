/**
 * HISTORY in the orders language every kind shares: `HISTORY`, `HISTORY <turn>`, `HISTORY <from>-<to>` — the seat's
 * own past reports, from turn 1 to the turn now open, at most HISTORY_MAX_TURNS in one mail; a bad turn or range is
 * refused with its code and what to write instead.
 */
import { describe, expect, it } from 'vitest';
import { parseSubmission } from '../../src/orders/parse.ts';
import { historyRange, HISTORY_MAX_TURNS } from '../../src/orders/types.ts';
import { makePosition, makeShip, redSeat, seat, standardPosition } from './fixtures.ts';

/** Red's seat at turn 4 of orion-7 (the standard position). */
function commands(text: string) {
  const r = parseSubmission(text, redSeat());
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.errors)}`);
  return r.value.commands;
}

function problems(text: string, turn = 4) {
  const r = parseSubmission(text, seat({ ...standardPosition(), turn }, 'red'));
  return r.ok ? [] : r.errors;
}

describe('HISTORY asks for my past reports', () => {
  it.each([
    ['HISTORY', 'HISTORY'],
    ['history', 'HISTORY'],
    ['HISTORY 2', 'HISTORY 2-2'],
    ['HISTORY 2-4', 'HISTORY 2-4'],
    ['History  1 - 3', 'HISTORY 1-3'],
    ['HISTORY 4', 'HISTORY 4-4'],
  ])('%s is read as %s', (text, command) => {
    expect(commands(text)).toEqual([command]);
  });

  it('beside orders and other commands; a second HISTORY replaces the first', () => {
    expect(commands('HISTORY 1\nSHIP 3 SPEED 2 MOVE 2\nSTATUS\nHISTORY 2-3')).toEqual(['STATUS', 'HISTORY 2-3']);
  });

  it('HISTORY alone is the last three turns up to the open one; a turn or range is itself', () => {
    expect(historyRange('HISTORY', 7)).toEqual({ from: 5, to: 7 });
    expect(historyRange('HISTORY', 1)).toEqual({ from: 1, to: 1 });
    expect(historyRange('HISTORY 2-4', 7)).toEqual({ from: 2, to: 4 });
    expect(historyRange('STATUS', 7)).toBeNull();
  });

  it('a whole mail of ten turns is fine', () => {
    const r = parseSubmission(
      'HISTORY 3-12',
      seat(makePosition([makeShip('3', { side: 'red' })], { turn: 20 }), 'red'),
    );
    expect(r.ok && r.value.commands).toEqual(['HISTORY 3-12']);
    expect(HISTORY_MAX_TURNS).toBe(10);
  });
});

describe('a bad turn or range is refused with its code and what to write', () => {
  it.each([
    [
      'HISTORY 5',
      'HISTORY_TURN',
      'there is no report for turn 5 yet; the reports are of turns 1 to 4; write HISTORY 2-4',
    ],
    [
      'HISTORY 0',
      'HISTORY_TURN',
      'there is no turn 0: turns count from 1; the reports are of turns 1 to 4; write HISTORY 2-4',
    ],
    [
      'HISTORY 2-9',
      'HISTORY_TURN',
      'there is no report for turn 9 yet; the reports are of turns 1 to 4; write HISTORY 2-4',
    ],
    ['HISTORY 4-2', 'HISTORY_RANGE', 'HISTORY 4-2 runs backwards: write the earlier turn first, HISTORY 2-4'],
    [
      'HISTORY last',
      'HISTORY_TURN',
      'HISTORY takes a turn or a range of turns, not last: write HISTORY 4, HISTORY 2-4, or HISTORY alone for the last turns (the reports are of turns 1 to 4)',
    ],
    [
      'HISTORY 1-2-3',
      'HISTORY_TURN',
      'HISTORY takes a turn or a range of turns, not 1-2-3: write HISTORY 4, HISTORY 2-4, or HISTORY alone for the last turns (the reports are of turns 1 to 4)',
    ],
  ])('%s: %s', (text, code, message) => {
    expect(problems(text)).toEqual([{ line: 1, code, message }]);
  });

  it('in turn 1 and before any turn (a setup), what there is to ask for', () => {
    expect(problems('HISTORY 2', 1)).toEqual([
      {
        line: 1,
        code: 'HISTORY_TURN',
        message: 'there is no report for turn 2 yet; the reports are of turn 1 only; write HISTORY 1',
      },
    ]);
    expect(problems('HISTORY', 0).map((p) => [p.code, p.message])).toEqual([
      ['HISTORY_TURN', 'HISTORY has nothing to send yet: no turn has been reported'],
    ]);
  });

  it('more than ten turns at once: HISTORY_RANGE, with the first ten to ask for', () => {
    expect(problems('HISTORY 1-11', 20)).toEqual([
      {
        line: 1,
        code: 'HISTORY_RANGE',
        message: 'HISTORY 1-11 is 11 turns: one mail holds at most 10; write HISTORY 1-10, then ask for the rest',
      },
    ]);
  });

  it('hostile numbers are a bad turn, not a crash', () => {
    expect(problems(`HISTORY ${'9'.repeat(40)}`).map((p) => p.code)).toEqual(['HISTORY_TURN']);
    expect(problems('HISTORY 99999999999-1').map((p) => p.code)).toEqual(['HISTORY_TURN']);
    expect(problems(`HISTORY ${'1-'.repeat(400)}1`).map((p) => p.code)).toEqual(['HISTORY_TURN']);
  });
});
