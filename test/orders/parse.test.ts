/**
 * The orders language, construct by construct (service.md "The orders
 * language"; rules-tactical.md §4, §6.6, §10). Each case quotes what it checks.
 */
import { describe, expect, it } from 'vitest';
import { parseSubmission } from '../../src/orders/parse.ts';
import type { ParsedSubmission } from '../../src/orders/ship-types.ts';
import type { ShipOrders } from '../../src/rules/types.ts';
import { makePosition, makeShip, redSeat, seat } from './fixtures.ts';

function accepted(text: string): ParsedSubmission {
  const r = parseSubmission(text, redSeat());
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.errors)}`);
  return r.value;
}

const fwd = (hexes: number) => ({ kind: 'forward', hexes }) as const;
const turn = (t: 'L' | 'R') => ({ kind: 'turn', turn: t }) as const;
const orders = (o: Partial<ShipOrders> & { speed: number }): ShipOrders => ({ plot: [], fire: [], hold: false, ...o });

describe('the service.md example block', () => {
  // service.md's example ("SHIP 3 SPEED 3 MOVE 2L1", "SHIP 5 SPEED 2 MOVE 1R1") plots 2L1 (cost 4) at
  // SPEED 3 and 1R1 (cost 3) at SPEED 2; §4 "The costs must add up to exactly SPEED" rejects both.
  const pos = makePosition([
    makeShip('3', { side: 'red', speed: 3, engine: 4 }),
    makeShip('5', { side: 'red', speed: 2, engine: 3 }),
    makeShip('9', { side: 'blue' }),
    makeShip('12', { side: 'blue' }),
  ]);
  const ctx = seat(pos, 'red');

  it("as printed, each line fails §4's cost rule, on its own line", () => {
    const r = parseSubmission(
      'GAME orion-7  TURN 4\nSHIP 3  SPEED 3  MOVE 2L1  FIRE 12 9\nSHIP 5  SPEED 2  MOVE 1R1  HOLD\nEND\n',
      ctx,
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => [e.line, e.code, e.ship])).toEqual([
      [2, 'PLOT_COST', '3'],
      [3, 'PLOT_COST', '5'],
    ]);
  });

  it('with SPEEDs that pay for the plots it is accepted as written', () => {
    const r = parseSubmission(
      'GAME orion-7  TURN 4\nSHIP 3  SPEED 4  MOVE 2L1  FIRE 12 9\nSHIP 5  SPEED 3  MOVE 1R1  HOLD\nEND\n',
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const v = r.value;
    expect(v.gameId).toBe('orion-7');
    expect(v.turn).toBe(4);
    expect([...v.orders.entries()]).toEqual([
      ['3', orders({ speed: 4, plot: [fwd(2), turn('L'), fwd(1)], fire: ['12', '9'] })],
      ['5', orders({ speed: 3, plot: [fwd(1), turn('R'), fwd(1)], hold: true })],
    ]);
    expect(v.lines).toEqual([
      { line: 1, text: 'GAME orion-7 TURN 4' },
      { line: 2, text: 'SHIP 3 SPEED 4 MOVE 2L1 FIRE 12 9', ship: '3' },
      { line: 3, text: 'SHIP 5 SPEED 3 MOVE 1R1 HOLD', ship: '5' },
    ]);
    expect(v.commands).toEqual([]);
    expect(v.message).toBeNull();
    expect(v.password).toBeNull();
  });
});

describe('GAME and TURN', () => {
  it.each([
    ['one line', 'GAME orion-7 TURN 4\nSHIP 3 SPEED 2 MOVE 2'],
    ['two lines', 'GAME orion-7\nTURN 4\nSHIP 3 SPEED 2 MOVE 2'],
    ['TURN first', 'TURN 4 GAME orion-7\nSHIP 3 SPEED 2 MOVE 2'],
    ['any case', 'game ORION-7 turn 4\nSHIP 3 SPEED 2 MOVE 2'],
    ['a leading zero', 'GAME orion-7 TURN 04\nSHIP 3 SPEED 2 MOVE 2'],
  ])('%s', (_name, text) => {
    const v = accepted(text);
    expect(v.gameId).toBe('orion-7');
    expect(v.turn).toBe(4);
  });

  it('both may be left out: the seat and its open turn are known from the address', () => {
    const v = accepted('SHIP 3 SPEED 2 MOVE 2');
    expect(v.gameId).toBeNull();
    expect(v.turn).toBeNull();
    expect(v.orders.get('3')).toEqual(orders({ speed: 2, plot: [fwd(2)] }));
  });
});

describe('SHIP lines', () => {
  const cases: [string, string, string, ShipOrders][] = [
    ['"MOVE may be omitted at SPEED 0"', 'SHIP 3 SPEED 1 MOVE 1\nSHIP 5 SPEED 0', '5', orders({ speed: 0 })],
    [
      'MOVE 0 at SPEED 0 (§10: "`0` or an empty plot only at SPEED 0")',
      'SHIP 5 SPEED 0 MOVE 0',
      '5',
      orders({ speed: 0 }),
    ],
    ['"2L1" works', 'SHIP A1 SPEED 4 MOVE 2L1', 'A1', orders({ speed: 4, plot: [fwd(2), turn('L'), fwd(1)] })],
    ['"2l1" works', 'SHIP A1 SPEED 4 MOVE 2l1', 'A1', orders({ speed: 4, plot: [fwd(2), turn('L'), fwd(1)] })],
    [
      'a plot with spaces "2 L 1"',
      'SHIP A1 SPEED 4 MOVE 2 L 1',
      'A1',
      orders({ speed: 4, plot: [fwd(2), turn('L'), fwd(1)] }),
    ],
    [
      'a plot with spaces before FIRE',
      'SHIP 3 SPEED 3 MOVE 1 r 1 FIRE 7',
      '3',
      orders({ speed: 3, plot: [fwd(1), turn('R'), fwd(1)], fire: ['7'] }),
    ],
    [
      'a turn first or last (§4: "A turn may come first or last")',
      'SHIP 3 SPEED 3 MOVE L1R',
      '3',
      orders({ speed: 3, plot: [turn('L'), fwd(1), turn('R')] }),
    ],
    [
      '"FIRE and HOLD may come in either order"',
      'SHIP 3 SPEED 2 MOVE 2 HOLD FIRE 9',
      '3',
      orders({ speed: 2, plot: [fwd(2)], fire: ['9'], hold: true }),
    ],
    ['HOLD alone', 'SHIP 3 SPEED 2 MOVE 2 HOLD', '3', orders({ speed: 2, plot: [fwd(2)], hold: true })],
    [
      '"FIRE targets may be separated by spaces or commas"',
      'SHIP 3 SPEED 2 MOVE 2 FIRE 12,9, 7',
      '3',
      orders({ speed: 2, plot: [fwd(2)], fire: ['12', '9', '7'] }),
    ],
    [
      'FIRE targets separated by " , "',
      'SHIP 3 SPEED 2 MOVE 2 FIRE 12 , 9',
      '3',
      orders({ speed: 2, plot: [fwd(2)], fire: ['12', '9'] }),
    ],
    [
      'clauses in any order',
      'SHIP 3 FIRE 7 MOVE 1L SPEED 2',
      '3',
      orders({ speed: 2, plot: [fwd(1), turn('L')], fire: ['7'] }),
    ],
    [
      'keywords in any case',
      'ship 3 speed 2 move 2 fire 7 hold',
      '3',
      orders({ speed: 2, plot: [fwd(2)], fire: ['7'], hold: true }),
    ],
    [
      'ids in any case, kept as the game spells them',
      'ship a1 speed 2 move 2',
      'A1',
      orders({ speed: 2, plot: [fwd(2)] }),
    ],
    ['a colon after the id', 'SHIP 3: SPEED 2 MOVE 2', '3', orders({ speed: 2, plot: [fwd(2)] })],
    ['SPEED written +2', 'SHIP 3 SPEED +2 MOVE 2', '3', orders({ speed: 2, plot: [fwd(2)] })],
    [
      'first move: any SPEED from 0 to ENGINE (§4)',
      'SHIP 5 SPEED 2 MOVE R1',
      '5',
      orders({ speed: 2, plot: [turn('R'), fwd(1)] }),
    ],
    ['"a run of digits is one number" (§10)', 'SHIP A1 SPEED 2 MOVE 2', 'A1', orders({ speed: 2, plot: [fwd(2)] })],
  ];
  it.each(cases)('%s', (_name, text, ship, expected) => {
    expect(accepted(text).orders.get(ship)).toEqual(expected);
  });

  it('"Ships of the seat not mentioned are simply not ordered"', () => {
    const v = accepted('SHIP 3 SPEED 2 MOVE 2');
    expect([...v.orders.keys()]).toEqual(['3']);
  });

  it('FIRE targets are named as the game spells them', () => {
    const pos = makePosition([makeShip('a', { side: 'red' }), makeShip('Zed', { side: 'blue' })]);
    const r = parseSubmission('SHIP A SPEED 2 MOVE 2 FIRE zed', seat(pos, 'red'));
    expect(r.ok && r.value.orders.get('a')).toEqual(orders({ speed: 2, plot: [fwd(2)], fire: ['Zed'] }));
  });
});

describe('tolerance of mail and forms', () => {
  const block = 'GAME orion-7 TURN 4\nSHIP 3 SPEED 3 MOVE 1L1\nEND';
  it.each([
    ['\\r\\n line ends', block.replace(/\n/g, '\r\n')],
    ['lone \\r line ends', block.replace(/\n/g, '\r')],
    ['tabs', block.replace(/ /g, '\t')],
    ['non-breaking spaces', block.replace(/ /g, '\u00a0')],
    ['a UTF-8 byte order mark', `\uFEFF${block}`],
    ['zero-width spaces', block.replace('SHIP', 'SH\u200bIP')],
    ['blank lines and indentation', `\n\n   ${block.replace(/\n/g, '\n\n    ')}\n\n`],
    ['lower case', block.toLowerCase()],
    ['trailing spaces (format=flowed)', block.replace(/\n/g, ' \n')],
    ['a comment line and a trailing comment', `# my orders\n${block.replace('1L1', '1L1   # dodge left')}`],
  ])('%s', (_name, text) => {
    const v = accepted(text);
    expect(v.turn).toBe(4);
    expect(v.orders.get('3')).toEqual(orders({ speed: 3, plot: [fwd(1), turn('L'), fwd(1)] }));
  });

  it('"Everything after an END line is ignored"', () => {
    const v = accepted('SHIP 3 SPEED 2 MOVE 2\nEND\nthis is not an order\nSHIP 9 SPEED 99');
    expect([...v.orders.keys()]).toEqual(['3']);
  });

  it('"Quoted lines are ignored", nested ones too', () => {
    const v = accepted('> SHIP 3 SPEED 1 MOVE 1\n>> SHIP 5 SPEED 9\n > > junk\nSHIP 3 SPEED 3 MOVE 3');
    expect([...v.orders.entries()]).toEqual([['3', orders({ speed: 3, plot: [fwd(3)] })]]);
  });

  it('a signature ends the text: "everything after a line that is exactly `-- ` or `--`"', () => {
    expect([...accepted('SHIP 3 SPEED 2 MOVE 2\n-- \nSHIP 7 junk').orders.keys()]).toEqual(['3']);
    expect([...accepted('SHIP 3 SPEED 2 MOVE 2\n--\nSHIP 7 junk').orders.keys()]).toEqual(['3']);
  });

  it('a `#` inside a word is not a comment', () => {
    expect(accepted('PASSWORD ab#cd\nHELP').password).toBe('ab#cd');
  });
});

describe('commands', () => {
  it.each(['HELP', 'STATUS', 'ORDERS', 'CONCEDE'] as const)('%s alone is a submission', (c) => {
    const v = accepted(c.toLowerCase());
    expect(v.commands).toEqual([c]);
    expect(v.orders.size).toBe(0);
  });

  it('commands come once each, in the order written, beside orders', () => {
    const v = accepted('STATUS\nSHIP 3 SPEED 2 MOVE 2\nHELP\nstatus');
    expect(v.commands).toEqual(['STATUS', 'HELP']);
    expect(v.orders.size).toBe(1);
  });
});

describe("SET WIDTH: the width of the seat's text reports", () => {
  it.each([
    ['SET WIDTH 100', 'SET WIDTH 100'],
    ['set width 78', 'SET WIDTH 78'],
    ['  Set   Width   100  ', 'SET WIDTH 100'],
  ])('%s', (text, command) => {
    const v = accepted(text);
    expect(v.commands).toEqual([command]);
    expect(v.orders.size).toBe(0);
  });

  it('beside orders; the last of two settings counts', () => {
    const v = accepted('SET WIDTH 78\nSHIP 3 SPEED 2 MOVE 2\nSET WIDTH 100');
    expect(v.commands).toEqual(['SET WIDTH 100']);
    expect(v.orders.size).toBe(1);
  });

  it.each([
    ['SET WIDTH 90', 'SET_WIDTH', 'SET WIDTH takes 78 or 100 (columns of your turn reports, not 90)'],
    ['SET WIDTH', 'SET_WIDTH', 'SET WIDTH takes 78 or 100 (columns of your turn reports)'],
    ['SET WIDTH 100 please', 'SET_WIDTH', 'SET WIDTH takes 78 or 100 (columns of your turn reports, not 100 please)'],
    [
      'SET COLOUR red',
      'SET_UNKNOWN',
      'SET COLOUR is not a setting: write SET WIDTH 78 or 100, SET REPORTS MAIL or WEB, SET REPORT JSON or TEXT, or SET ABSENCE <first day> TO <last day>',
    ],
    [
      'SET REPORTS PAPER',
      'SET_REPORTS',
      'SET REPORTS takes MAIL (turn reports by mail, the default) or WEB (on the game page only), not PAPER',
    ],
    [
      'SET REPORT CSV',
      'SET_REPORT',
      'SET REPORT takes JSON (your view of the game attached to each turn report, as the API gives it) or TEXT (no attachment, the default), not CSV',
    ],
    [
      'SET',
      'SET_UNKNOWN',
      'SET needs a setting: write SET WIDTH 78 or 100, SET REPORTS MAIL or WEB, SET REPORT JSON or TEXT, or SET ABSENCE <first day> TO <last day>',
    ],
  ])('%s is refused with what it takes', (text, code, message) => {
    const r = parseSubmission(text, redSeat());
    expect(!r.ok && r.errors).toEqual([{ line: 1, code, message }]);
  });
});

describe('SET ABSENCE: days the seat cannot play', () => {
  it.each([
    ['SET ABSENCE 2026-12-20 TO 2026-12-28', 'SET ABSENCE 2026-12-20 TO 2026-12-28'],
    ['set absence 2026-12-20 to 2026-12-28', 'SET ABSENCE 2026-12-20 TO 2026-12-28'],
    ['SET ABSENCE 2026-12-20', 'SET ABSENCE 2026-12-20 TO 2026-12-20'],
    ['Set Absence None', 'SET ABSENCE NONE'],
  ])('%s', (text, command) => {
    expect(accepted(text).commands).toEqual([command]);
  });

  it('beside orders; the last of two counts', () => {
    const v = accepted('SET ABSENCE 2026-12-01\nSHIP 3 SPEED 2 MOVE 2\nSET ABSENCE NONE');
    expect(v.commands).toEqual(['SET ABSENCE NONE']);
    expect(v.orders.size).toBe(1);
  });

  it.each([
    ['SET ABSENCE', 'SET_ABSENCE'],
    ['SET ABSENCE 2026-12-20 UNTIL 2026-12-28', 'SET_ABSENCE'],
    ['SET ABSENCE 20/12/2026', 'ABSENCE_DATE'],
    ['SET ABSENCE 2026-13-01', 'ABSENCE_DATE'],
    ['SET ABSENCE 2026-12-20 TO 2026-12-32', 'ABSENCE_DATE'],
    ['SET ABSENCE 2026-12-28 TO 2026-12-20', 'ABSENCE_BACKWARDS'],
  ])('%s is refused: %s', (text, code) => {
    const r = parseSubmission(text, redSeat());
    expect(!r.ok && r.errors.map((e) => [e.line, e.code])).toEqual([[1, code]]);
  });
});

describe('MESSAGE ALL: press', () => {
  it('to every other player, signed; or anonymous', () => {
    expect(accepted('MESSAGE ALL\nPeace?\nEND').message).toEqual({ to: 'ALL', text: 'Peace?' });
    expect(accepted('message all anonymous\nRed lies.\nEND').message).toEqual({
      to: 'ALL',
      text: 'Red lies.',
      anonymous: true,
    });
    expect(accepted('MESSAGE ALL Peace?').message).toEqual({ to: 'ALL', text: 'Peace?' });
    expect(accepted('MESSAGE ALL\nhi').lines[0]).toEqual({ line: 1, text: 'MESSAGE ALL' });
  });

  it('an empty press is refused as any message is', () => {
    const r = parseSubmission('MESSAGE ALL ANONYMOUS\nEND', redSeat());
    expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['MESSAGE_EMPTY']);
  });
});

describe('PASSWORD', () => {
  it('carries the secret in the result and never in the lines understood', () => {
    const v = accepted('PASSWORD s3cr3t-T0ken\nSHIP 3 SPEED 2 MOVE 2');
    expect(v.password).toBe('s3cr3t-T0ken');
    expect(JSON.stringify(v.lines)).not.toContain('s3cr3t');
    expect(v.lines[0]).toEqual({ line: 1, text: 'PASSWORD ********' });
  });

  it('the same secret twice is fine', () => {
    expect(accepted('PASSWORD abc\npassword abc\nHELP').password).toBe('abc');
  });
});

describe('MESSAGE', () => {
  it('"followed by the message text on the following lines up to a line END"; the text is kept verbatim', () => {
    const v = accepted('SHIP 3 SPEED 2 MOVE 2\nMESSAGE blue\nDear Blue,\n\n  your  ships\tare doomed.\nEND\n');
    expect(v.message).toEqual({ to: 'blue', text: 'Dear Blue,\n\n  your  ships\tare doomed.' });
  });

  it('"… or the end of the body"', () => {
    expect(accepted('MESSAGE Blue\nHello.\n').message).toEqual({ to: 'blue', text: 'Hello.' });
  });

  it('quoted lines are left out of the text ("quoted lines excepted")', () => {
    expect(accepted('MESSAGE blue\nMy answer:\n> your question\nNo.').message?.text).toBe('My answer:\nNo.');
  });

  it('an END closes the message; orders may follow it, up to the next END', () => {
    const v = accepted('MESSAGE blue\nhi\nEND\nSHIP 3 SPEED 2 MOVE 2\nEND\nignored');
    expect(v.message).toEqual({ to: 'blue', text: 'hi' });
    expect([...v.orders.keys()]).toEqual(['3']);
  });

  it('the text may begin on the MESSAGE line itself', () => {
    expect(accepted('MESSAGE blue Good game.\nReally.').message).toEqual({ to: 'blue', text: 'Good game.\nReally.' });
  });

  it('a side named in several words', () => {
    const pos = makePosition([makeShip('1', { side: 'Red Fleet' }), makeShip('2', { side: 'Blue Fleet' })]);
    const r = parseSubmission('message blue  fleet\nhi', seat(pos, 'Red Fleet'));
    expect(r.ok && r.value.message).toEqual({ to: 'Blue Fleet', text: 'hi' });
  });

  it('a signature ends the message too', () => {
    expect(accepted('MESSAGE blue\nhi\n-- \nAlice').message?.text).toBe('hi');
  });
});
