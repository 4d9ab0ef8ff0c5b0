/**
 * Every problem a submission can have, each with its line, its stable code and
 * a message that says what would be legal (service.md: "listing every error
 * with its line and what would be legal"). Red's seat in the standard position:
 * red has 3 (SPEED 1–3), 5 (0–2, first move), A1 (2–4), 8 (destroyed); blue has
 * 7, 9, 12 in play and 13 disengaged.
 */
import { describe, expect, it } from 'vitest';
import { orderBlock } from '../../src/orders/format.ts';
import { parseSubmission } from '../../src/orders/parse.ts';
import { ORDERS_CODES } from '../../src/orders/ship-types.ts';
import { LIMITS, type OrdersProblem } from '../../src/orders/types.ts';
import { makePosition, makeShip, redSeat, seat } from './fixtures.ts';

interface Case {
  name: string;
  text: string;
  /** Exactly the problems expected, as [line, code] or [line, code, ship]. */
  problems: [number | null, string, string?][];
  /** What the first problem's message says. */
  says?: string | RegExp;
}

const cases: Case[] = [
  // Keywords
  {
    name: 'unknown keyword, with the nearest known one',
    text: 'SHP 3 SPEED 2 MOVE 2',
    problems: [[1, 'UNKNOWN_KEYWORD']],
    says: '"SHP" is not a keyword (did you mean SHIP?); a line starts with GAME, TURN, PASSWORD, SHIP, HELP, STATUS, ORDERS, CONCEDE, HOLD, HISTORY, SET, MESSAGE or END',
  },
  {
    name: 'unknown keyword, nothing near',
    text: 'xyzzy',
    problems: [[1, 'UNKNOWN_KEYWORD']],
    says: /^"xyzzy" is not a keyword; a line starts with GAME/,
  },
  {
    name: 'a transposition is near',
    text: 'SHIP 3 SPEED 2 MOVE 2 FIER 7',
    problems: [[1, 'UNKNOWN_KEYWORD', '3']],
    says: /did you mean FIRE\?/,
  },
  {
    name: 'misspelt SPEED: one problem, not a missing SPEED too',
    text: 'SHIP 3 SPED 2 MOVE 2',
    problems: [[1, 'UNKNOWN_KEYWORD', '3']],
    says: /"SPED" is not a keyword \(did you mean SPEED\?\); after SHIP <id> come SPEED, MOVE, FIRE or HOLD/,
  },
  {
    name: 'a clause on a line of its own',
    text: 'SHIP 3 SPEED 2 MOVE 2\nFIRE 7',
    problems: [[2, 'CLAUSE_WITHOUT_SHIP']],
    says: /FIRE belongs on a SHIP line/,
  },
  {
    name: 'words after a command',
    text: 'HELP me',
    problems: [[1, 'EXTRA_WORDS']],
    says: 'HELP takes nothing after it: write HELP alone on its line',
  },
  {
    name: 'words after GAME and TURN',
    text: 'GAME orion-7 TURN 4 please\nHELP',
    problems: [[1, 'EXTRA_WORDS']],
    says: /"please" is not understood here: the line reads GAME orion-7 TURN 4/,
  },
  // GAME, TURN
  {
    name: 'GAME without an id',
    text: 'GAME\nHELP',
    problems: [[1, 'GAME_ID_MISSING']],
    says: "GAME needs the game's id: GAME orion-7",
  },
  {
    name: 'GAME id not this game',
    text: 'GAME vega-2\nHELP',
    problems: [[1, 'WRONG_GAME']],
    says: /^GAME vega-2 is not this game: these orders went to game orion-7/,
  },
  {
    name: 'TURN not a number',
    text: 'TURN four\nHELP',
    problems: [[1, 'TURN_NOT_NUMBER']],
    says: 'TURN needs the turn number: TURN 4',
  },
  { name: 'TURN without a number', text: 'GAME orion-7 TURN\nHELP', problems: [[1, 'TURN_NOT_NUMBER']] },
  {
    name: '"TURN 3 is over; the current turn is 4"',
    text: 'TURN 3\nHELP',
    problems: [[1, 'WRONG_TURN']],
    says: 'TURN 3 is over; the current turn is 4',
  },
  {
    name: 'a turn not yet open',
    text: 'TURN 5\nHELP',
    problems: [[1, 'WRONG_TURN']],
    says: 'TURN 5 has not begun; the current turn is 4',
  },
  {
    name: 'a huge TURN',
    text: 'TURN 99999999999999999999\nHELP',
    problems: [[1, 'WRONG_TURN']],
    says: 'TURN 99999999999999999999 has not begun; the current turn is 4',
  },
  // PASSWORD
  { name: 'PASSWORD without a secret', text: 'PASSWORD\nHELP', problems: [[1, 'PASSWORD_MISSING']] },
  {
    name: 'two different secrets',
    text: 'PASSWORD alpha-secret\nPASSWORD beta-secret\nHELP',
    problems: [[2, 'PASSWORD_TWICE']],
  },
  { name: 'words after the secret', text: 'PASSWORD alpha-secret beta-secret\nHELP', problems: [[1, 'EXTRA_WORDS']] },
  // Ships
  {
    name: 'SHIP without an id',
    text: 'SHIP SPEED 2 MOVE 2',
    problems: [[1, 'SHIP_ID_MISSING']],
    says: /SHIP needs a ship id, e\.g\. SHIP 3 SPEED 2 MOVE 2; your ships in play: 3, 5 and A1/,
  },
  {
    name: '"ship not in the game"',
    text: 'SHIP 99 SPEED 2 MOVE 2',
    problems: [[1, 'UNKNOWN_SHIP', '99']],
    says: 'there is no ship 99 in this game; your ships in play: 3, 5 and A1',
  },
  {
    name: '"ship 7 is not yours"',
    text: 'SHIP 7 SPEED 2 MOVE 2',
    problems: [[1, 'SHIP_NOT_YOURS', '7']],
    says: /^ship 7 is not yours/,
  },
  {
    name: '"ship not in play"',
    text: 'SHIP 8 SPEED 2 MOVE 2',
    problems: [[1, 'SHIP_NOT_IN_PLAY', '8']],
    says: 'ship 8 is destroyed and takes no more orders',
  },
  {
    name: '"the same ship twice"',
    text: 'SHIP 3 SPEED 2 MOVE 2\nship 3 SPEED 3 MOVE 3',
    problems: [[2, 'SHIP_TWICE', '3']],
    says: 'ship 3 is already ordered on line 1; give one SHIP line per ship',
  },
  { name: 'the same clause twice', text: 'SHIP 3 SPEED 2 SPEED 2 MOVE 2', problems: [[1, 'CLAUSE_TWICE', '3']] },
  // SPEED
  { name: '"SPEED missing"', text: 'SHIP 3 MOVE 2', problems: [[1, 'SPEED_MISSING', '3']], says: /choose 1 to 3/ },
  { name: 'SPEED with no number after it', text: 'SHIP 3 SPEED MOVE 2', problems: [[1, 'SPEED_MISSING', '3']] },
  {
    name: '"SPEED … not a number"',
    text: 'SHIP 3 SPEED two MOVE 2',
    problems: [[1, 'SPEED_NOT_NUMBER', '3']],
    says: 'SPEED "two" is not a number: write a whole number (choose 1 to 3)',
  },
  { name: 'a fractional SPEED', text: 'SHIP 3 SPEED 2.5 MOVE 2', problems: [[1, 'SPEED_NOT_NUMBER', '3']] },
  {
    name: '"SPEED out of range" (checkSpeed)',
    text: 'SHIP 3 SPEED 4 MOVE 4',
    problems: [[1, 'SPEED_NOT_ALLOWED', '3']],
    says: 'SPEED 4 not allowed: ENGINE is 3, last SPEED 2 — choose 1 to 3',
  },
  {
    name: 'a negative SPEED',
    text: 'SHIP 5 SPEED -1',
    problems: [[1, 'SPEED_NOT_ALLOWED', '5']],
    says: 'SPEED -1 not allowed: ENGINE is 2, first move — choose 0 to 2',
  },
  {
    name: '"SPEED 99999999999999999999"',
    text: 'SHIP 3 SPEED 99999999999999999999 MOVE 2',
    problems: [[1, 'SPEED_NOT_ALLOWED', '3']],
    says: 'SPEED 99999999999999999999 not allowed: ENGINE is 3, last SPEED 2 — choose 1 to 3',
  },
  {
    name: 'a 400-digit SPEED',
    text: `SHIP 3 SPEED ${'9'.repeat(400)} MOVE 2`,
    problems: [[1, 'SPEED_NOT_ALLOWED', '3']],
    says: /^SPEED 9{24}… not allowed/,
  },
  // MOVE
  {
    name: 'MOVE left out at a SPEED above 0',
    text: 'SHIP 3 SPEED 2',
    problems: [[1, 'MOVE_MISSING', '3']],
    says: 'SPEED 2 needs a MOVE that spends it, e.g. MOVE 2; only SPEED 0 may leave MOVE out',
  },
  { name: 'MOVE with no plot', text: 'SHIP 3 SPEED 2 MOVE', problems: [[1, 'PLOT_MISSING', '3']] },
  { name: 'MOVE followed by FIRE', text: 'SHIP 3 SPEED 2 MOVE FIRE 7', problems: [[1, 'PLOT_MISSING', '3']] },
  {
    name: '"plot syntax": a stray character',
    text: 'SHIP 3 SPEED 2 MOVE 1X',
    problems: [[1, 'PLOT_CHARACTER', '3']],
    says: /"X" is not allowed/,
  },
  {
    name: '"Two turns may never be adjacent"',
    text: 'SHIP 3 SPEED 3 MOVE 1LR',
    problems: [[1, 'PLOT_ADJACENT_TURNS', '3']],
  },
  { name: '"… also across a `0`"', text: 'SHIP 3 SPEED 2 MOVE L0R', problems: [[1, 'PLOT_ADJACENT_TURNS', '3']] },
  {
    name: 'a plot too long to read',
    text: `SHIP 3 SPEED 2 MOVE ${'1L'.repeat(40)}`,
    problems: [[1, 'PLOT_TOO_LONG', '3']],
  },
  {
    name: '"plot cost" (checkPlotCost)',
    text: 'SHIP 3 SPEED 2 MOVE 3',
    problems: [[1, 'PLOT_COST', '3']],
    says: 'plot 3 costs 3, but SPEED is 2: a plot for SPEED 2 spends exactly 2, e.g. 2',
  },
  { name: 'a plot at SPEED 0', text: 'SHIP 5 SPEED 0 MOVE 1', problems: [[1, 'PLOT_COST', '5']] },
  // FIRE
  {
    name: 'FIRE with no target',
    text: 'SHIP 3 SPEED 2 MOVE 2 FIRE',
    problems: [[1, 'FIRE_NO_TARGETS', '3']],
    says: 'FIRE needs enemy ship ids, e.g. FIRE 7; leave FIRE out to fire at the nearest (enemy ships in play: 7, 9 and 12)',
  },
  { name: 'FIRE followed by HOLD', text: 'SHIP 3 SPEED 2 MOVE 2 FIRE HOLD', problems: [[1, 'FIRE_NO_TARGETS', '3']] },
  {
    name: 'FIRE at no such ship',
    text: 'SHIP 3 SPEED 2 MOVE 2 FIRE 99',
    problems: [[1, 'FIRE_UNKNOWN_SHIP', '3']],
    says: 'FIRE 99: there is no ship 99 in this game; enemy ships in play: 7, 9 and 12',
  },
  { name: 'FIRE at a friend', text: 'SHIP 3 SPEED 2 MOVE 2 FIRE 5', problems: [[1, 'FIRE_FRIENDLY', '3']] },
  {
    name: 'FIRE at a ship out of play',
    text: 'SHIP 3 SPEED 2 MOVE 2 FIRE 13',
    problems: [[1, 'FIRE_NOT_IN_PLAY', '3']],
  },
  {
    name: 'FIRE at the same ship twice',
    text: 'SHIP 3 SPEED 2 MOVE 2 FIRE 7 7',
    problems: [[1, 'FIRE_DUPLICATE', '3']],
  },
  {
    name: 'targets checked even when SPEED is misspelt',
    text: 'SHIP 3 SPEED x MOVE 2 FIRE 99',
    problems: [
      [1, 'SPEED_NOT_NUMBER', '3'],
      [1, 'FIRE_UNKNOWN_SHIP', '3'],
    ],
  },
  {
    name: 'a 1000-character target id',
    text: `SHIP 3 SPEED 2 MOVE 2 FIRE ${'Z'.repeat(1000)}`,
    problems: [[1, 'LINE_TOO_LONG']],
  },
  {
    name: 'a 900-character target id',
    text: `SHIP 3 SPEED 2 MOVE 2 FIRE ${'Z'.repeat(900)}`,
    problems: [[1, 'FIRE_UNKNOWN_SHIP', '3']],
    says: /^FIRE Z{24}…: there is no ship Z{24}… in this game; enemy ships in play: 7, 9 and 12$/,
  },
  // MESSAGE
  {
    name: 'MESSAGE to no side',
    text: 'MESSAGE\nhi',
    problems: [[1, 'MESSAGE_NO_SIDE']],
    says: 'MESSAGE needs the side to send it to: blue (or ALL, to every other player)',
  },
  {
    name: '"MESSAGE to an unknown side"',
    text: 'MESSAGE green\nhi',
    problems: [[1, 'MESSAGE_UNKNOWN_SIDE']],
    says: 'there is no side green in this game; send messages to blue, or ALL',
  },
  {
    name: '"… or to one\'s own side"',
    text: 'MESSAGE Red\nhi',
    problems: [[1, 'MESSAGE_OWN_SIDE']],
    says: 'red is your own side; send messages to blue',
  },
  { name: 'a MESSAGE with no text', text: 'MESSAGE blue\n\nEND', problems: [[1, 'MESSAGE_EMPTY']] },
  {
    name: 'a MESSAGE too long',
    text: `MESSAGE blue\n${'x'.repeat(LIMITS.messageChars + 1)}`,
    problems: [[1, 'MESSAGE_TOO_LONG']],
  },
  { name: 'two MESSAGEs', text: 'MESSAGE blue\nhi\nEND\nMESSAGE blue\nagain', problems: [[4, 'MESSAGE_TWICE']] },
  // The whole text
  { name: '"an empty submission"', text: '', problems: [[null, 'EMPTY']], says: /send HELP for instructions/ },
  { name: 'GAME and TURN alone are empty', text: 'GAME orion-7 TURN 4\nEND', problems: [[null, 'EMPTY']] },
  { name: 'only quoted lines are empty', text: '> SHIP 3 SPEED 2 MOVE 2\n', problems: [[null, 'EMPTY']] },
  { name: 'a line too long to read', text: `SHIP 3 ${'x'.repeat(LIMITS.lineChars)}`, problems: [[1, 'LINE_TOO_LONG']] },
  {
    name: 'more lines than are read',
    text: `HELP${'\n'.repeat(LIMITS.lines + 5)}`,
    problems: [[LIMITS.lines, 'TOO_MANY_LINES']],
  },
  {
    name: 'more text than is read',
    text: `HELP\n${`> ${'q'.repeat(98)}\n`.repeat(3000)}`,
    problems: [[Math.ceil((LIMITS.textChars - 5) / 101) + 1, 'TEXT_TOO_LONG']],
  },
  {
    name: 'too many problems',
    text: 'junk\n'.repeat(LIMITS.errors + 50),
    problems: [
      ...Array.from({ length: LIMITS.errors }, (_, i): [number, string] => [i + 1, 'UNKNOWN_KEYWORD']),
      [null, 'TOO_MANY_ERRORS'],
    ],
  },
  {
    name: 'the order block quoted back as the service sent it, nothing outside the quote',
    text: `On Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${orderBlock(redSeat()).replace(/^/gm, '> ')}`,
    problems: [[null, 'QUOTED_UNCHANGED']],
    says: /^no orders found outside the quoted mail, and the order block quoted in it \(lines 2-\d+\) is as the service sent it, unchanged: edit the block/,
  },
  {
    name: 'SET with a setting that does not exist',
    text: 'SET COLOUR red',
    problems: [[1, 'SET_UNKNOWN']],
    says: 'SET COLOUR is not a setting: write SET WIDTH 78 or 100, SET REPORTS MAIL or WEB, SET REPORT JSON or TEXT, or SET ABSENCE <first day> TO <last day>',
  },
  {
    name: 'SET REPORTS with a place that is not offered',
    text: 'SET REPORTS PAPER',
    problems: [[1, 'SET_REPORTS']],
    says: 'SET REPORTS takes MAIL (turn reports by mail, the default) or WEB (on the game page only), not PAPER',
  },
  {
    name: 'SET ABSENCE with a day that does not exist',
    text: 'SET ABSENCE 2026-02-30',
    problems: [[1, 'ABSENCE_DATE']],
    says: '2026-02-30 is not a day: write days as year-month-day, as in SET ABSENCE 2026-12-20 TO 2026-12-28 (the first and the last day you cannot play), or SET ABSENCE NONE',
  },
  {
    name: 'SET ABSENCE that ends before it starts',
    text: 'SET ABSENCE 2026-12-28 TO 2026-12-20',
    problems: [[1, 'ABSENCE_BACKWARDS']],
    says: 'the absence ends (2026-12-20) before it starts (2026-12-28): write the first day first, SET ABSENCE 2026-12-20 TO 2026-12-28',
  },
  {
    name: 'SET ABSENCE without its days',
    text: 'SET ABSENCE next week',
    problems: [[1, 'SET_ABSENCE']],
    says: 'SET ABSENCE takes a first and a last day: write SET ABSENCE 2026-12-20 TO 2026-12-28 (the first and the last day you cannot play), or SET ABSENCE NONE, not next week',
  },
  {
    name: 'SET REPORT with a format that is not offered',
    text: 'SET REPORT XML',
    problems: [[1, 'SET_REPORT']],
    says: 'SET REPORT takes JSON (your view of the game attached to each turn report, as the API gives it) or TEXT (no attachment, the default), not XML',
  },
  {
    name: 'SET WIDTH with a width that is not offered',
    text: 'SET WIDTH 120',
    problems: [[1, 'SET_WIDTH']],
    says: 'SET WIDTH takes 78 or 100 (columns of your turn reports, not 120)',
  },
  {
    name: 'HISTORY of a turn not reported yet',
    text: 'HISTORY 7',
    problems: [[1, 'HISTORY_TURN']],
    says: 'there is no report for turn 7 yet; the reports are of turns 1 to 4; write HISTORY 2-4',
  },
  {
    name: 'HISTORY of a range written backwards',
    text: 'HISTORY 3-1',
    problems: [[1, 'HISTORY_RANGE']],
    says: 'HISTORY 3-1 runs backwards: write the earlier turn first, HISTORY 1-3',
  },
];

const summary = (errors: readonly OrdersProblem[]) =>
  errors.map((e) => (e.ship === undefined ? [e.line, e.code] : [e.line, e.code, e.ship]));

describe('problems, one by one', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const r = parseSubmission(c.text, redSeat());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(summary(r.errors)).toEqual(c.problems.map((p) => (p[2] === undefined ? [p[0], p[1]] : p)));
    if (typeof c.says === 'string') expect(r.errors[0]!.message).toBe(c.says);
    else if (c.says) expect(r.errors[0]!.message).toMatch(c.says);
  });

  it('every code this module reports has a case above', () => {
    const covered = new Set(cases.flatMap((c) => c.problems.map((p) => p[1])));
    expect(ORDERS_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  it('a secret never appears in a problem', () => {
    for (const text of [
      'PASSWORD alpha-secret\nPASSWORD beta-secret\nHELP',
      'PASSWORD alpha-secret beta-secret\nHELP',
    ]) {
      const r = parseSubmission(text, redSeat());
      expect(JSON.stringify(r)).not.toMatch(/beta-secret"|beta-secret[^"]/);
      expect(!r.ok && r.errors.map((e) => e.message).join(' ')).not.toMatch(/alpha|beta/);
    }
  });

  it('text after END is not read, however long', () => {
    expect(parseSubmission(`HELP\nEND\n${'junk\n'.repeat(LIMITS.lines * 2)}`, redSeat()).ok).toBe(true);
    expect(parseSubmission(`HELP\nEND\n${'x'.repeat(LIMITS.textChars * 2)}`, redSeat()).ok).toBe(true);
  });
});

describe('"report EVERY problem"; "A submission is all or nothing"', () => {
  const text = [
    'GAME vega-2 TURN 3', // 1
    'SHIP 3 SPEED 4 MOVE 4 FIRE 5', // 2
    'SHIP 5 SPEED 1 MOVE 1', // 3: fine on its own
    'SHIP 7 SPEED 2 MOVE 2', // 4
    'SHP A1', // 5
    'MESSAGE red', // 6
    'hello',
  ].join('\n');

  it('lists every problem in line order', () => {
    const r = parseSubmission(text, redSeat());
    expect(r.ok).toBe(false);
    expect(!r.ok && summary(r.errors)).toEqual([
      [1, 'WRONG_GAME'],
      [1, 'WRONG_TURN'],
      [2, 'SPEED_NOT_ALLOWED', '3'],
      [2, 'FIRE_FRIENDLY', '3'],
      [4, 'SHIP_NOT_YOURS', '7'],
      [5, 'UNKNOWN_KEYWORD'],
      [6, 'MESSAGE_OWN_SIDE'],
    ]);
  });

  it('accepts nothing, and shows what was understood', () => {
    const r = parseSubmission(text, redSeat());
    if (r.ok) throw new Error('expected problems');
    expect([...r.partial.orders.keys()]).toEqual(['5']);
    expect(r.partial.lines).toEqual([{ line: 3, text: 'SHIP 5 SPEED 1 MOVE 1', ship: '5' }]);
    expect(r.partial.message).toBeNull();
  });
});

describe('a misspelt ship id: the ships it could be, and the one it most likely meant', () => {
  const duel = seat(
    makePosition([
      makeShip('Black', { side: 'black', speed: 3 }),
      makeShip('Grey', { side: 'grey', col: 8, row: 4 }),
      makeShip('Greyhound', { side: 'grey', col: 9, row: 4 }),
    ]),
    'black',
  );
  const says = (text: string) => {
    const r = parseSubmission(text, duel);
    return r.ok ? [] : r.errors.map((e) => [e.code, e.message]);
  };

  it('FIRE Gray', () => {
    expect(says('SHIP Black SPEED 3 MOVE 3 FIRE Gray')).toEqual([
      [
        'FIRE_UNKNOWN_SHIP',
        'FIRE Gray: there is no ship Gray in this game (did you mean Grey?); enemy ships in play: Grey and Greyhound',
      ],
    ]);
  });

  it('SHIP Blak', () => {
    expect(says('SHIP Blak SPEED 3 MOVE 3')).toEqual([
      ['UNKNOWN_SHIP', 'there is no ship Blak in this game (did you mean Black?); your ships in play: Black'],
    ]);
  });

  it('no guess when nothing is close', () => {
    expect(says('SHIP Black SPEED 3 MOVE 3 FIRE Orion')[0]![1]).toBe(
      'FIRE Orion: there is no ship Orion in this game; enemy ships in play: Grey and Greyhound',
    );
  });
});
