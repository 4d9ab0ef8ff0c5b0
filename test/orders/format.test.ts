/**
 * Orders written back as text (src/orders/format.ts): the canonical echo of
 * accepted orders, and the order block that ends each turn report (service.md:
 * "The report ends with a ready-to-edit order block for the next turn").
 */
import { describe, expect, it } from 'vitest';
import { formatOrders, formatShipOrders, orderBlock, suggestedSpeed } from '../../src/orders/format.ts';
import { parseSubmission } from '../../src/orders/parse.ts';
import type { ShipOrders } from '../../src/rules/types.ts';
import { makePosition, makeShip, redSeat, seat, standardPosition } from './fixtures.ts';

const o = (speed: number, plot: ShipOrders['plot'], fire: string[] = [], hold = false): ShipOrders => ({
  speed,
  plot,
  fire,
  hold,
});

describe('formatShipOrders', () => {
  it.each([
    [
      'a plot, targets and HOLD',
      o(
        3,
        [
          { kind: 'forward', hexes: 2 },
          { kind: 'turn', turn: 'L' },
        ],
        ['12', '9'],
        true,
      ),
      'SHIP 3 SPEED 3 MOVE 2L FIRE 12 9 HOLD',
    ],
    ['SPEED 0: no MOVE', o(0, []), 'SHIP 3 SPEED 0'],
    ['no targets, no HOLD', o(1, [{ kind: 'turn', turn: 'R' }]), 'SHIP 3 SPEED 1 MOVE R'],
  ])('%s', (_name, orders, text) => {
    expect(formatShipOrders('3', orders)).toBe(text);
  });
});

describe('formatOrders', () => {
  const orders = new Map<string, ShipOrders>([
    ['A1', o(2, [{ kind: 'forward', hexes: 2 }])],
    ['3', o(1, [{ kind: 'forward', hexes: 1 }], ['7'])],
  ]);

  it("GAME/TURN, one SHIP line per ship in the map's order, END", () => {
    expect(formatOrders({ gameId: 'orion-7', turn: 4 }, orders)).toBe(
      'GAME orion-7 TURN 4\nSHIP A1 SPEED 2 MOVE 2\nSHIP 3 SPEED 1 MOVE 1 FIRE 7\nEND\n',
    );
  });

  it('in the ship order given, ships it does not name last', () => {
    expect(formatOrders({ gameId: 'g', turn: 1 }, orders, ['3', '9'])).toBe(
      'GAME g TURN 1\nSHIP 3 SPEED 1 MOVE 1 FIRE 7\nSHIP A1 SPEED 2 MOVE 2\nEND\n',
    );
  });

  it('never holds the secret a submission came with', () => {
    const r = parseSubmission('PASSWORD hunter2\nSHIP 3 SPEED 1 MOVE 1', redSeat());
    expect(r.ok && formatOrders({ gameId: 'orion-7', turn: 4 }, r.value.orders)).not.toContain('hunter2');
  });

  it('parses back to the same orders', () => {
    const text = formatOrders({ gameId: 'orion-7', turn: 4 }, orders);
    const r = parseSubmission(text, redSeat());
    expect(r.ok && r.value.orders).toEqual(orders);
  });
});

describe('orderBlock', () => {
  it("lists the seat's ships in play with their legal SPEEDs and a straight suggestion", () => {
    expect(orderBlock(redSeat())).toBe(
      [
        'GAME orion-7 TURN 4',
        '# SHIP <id> SPEED <n> MOVE <plot> [FIRE <enemy ids>] [HOLD]',
        '# plot: hexes forward as numbers, L or R to turn, e.g. MOVE 2L1',
        '# enemy ships in play: 7, 9 and 12',
        '# ship 3: SPEED 1 to 3 (ENGINE 3, last SPEED 2)',
        'SHIP 3 SPEED 2 MOVE 2',
        '# ship 5: SPEED 0 to 2 (ENGINE 2, first move)',
        'SHIP 5 SPEED 0',
        '# ship A1: SPEED 2 to 4 (ENGINE 4, last SPEED 3)',
        'SHIP A1 SPEED 3 MOVE 3',
        'END',
        '',
      ].join('\n'),
    );
  });

  it('shows current orders where there are some', () => {
    const current = new Map([
      [
        '5',
        o(
          2,
          [
            { kind: 'turn', turn: 'L' },
            { kind: 'forward', hexes: 1 },
          ],
          ['9'],
          true,
        ),
      ],
    ]);
    expect(orderBlock(redSeat(), current)).toContain('\nSHIP 5 SPEED 2 MOVE L1 FIRE 9 HOLD\n');
  });

  it("parses back as the seat's orders: the suggestions, or the current orders", () => {
    const current = new Map([
      [
        '5',
        o(
          2,
          [
            { kind: 'turn', turn: 'L' },
            { kind: 'forward', hexes: 1 },
          ],
          ['9'],
          true,
        ),
      ],
    ]);
    const r = parseSubmission(orderBlock(redSeat(), current), redSeat());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect([...r.value.orders.entries()]).toEqual([
      ['3', o(2, [{ kind: 'forward', hexes: 2 }])],
      ['5', current.get('5')],
      ['A1', o(3, [{ kind: 'forward', hexes: 3 }])],
    ]);
  });

  it("blue's block names blue's ships only", () => {
    const block = orderBlock(seat(standardPosition(), 'blue'));
    expect(block.match(/^SHIP \S+/gm)).toEqual(['SHIP 7', 'SHIP 9', 'SHIP 12']);
    expect(block).toContain('# enemy ships in play: 3, 5 and A1');
  });

  it('a seat with no ship in play gets a block that says so', () => {
    const pos = makePosition([makeShip('1', { side: 'red', status: 'destroyed' }), makeShip('2', { side: 'blue' })]);
    expect(orderBlock(seat(pos, 'red'))).toContain('# you have no ships in play\nEND\n');
  });
});

describe('suggestedSpeed: last SPEED clamped to the legal range (§4 "Missing orders")', () => {
  it.each([
    ['keeps last SPEED', 2, 3, 2],
    ['0 before the first move', null, 3, 0],
    ['"lowered to ENGINE if damage cut ENGINE below it"', 4, 2, 2],
    ['ENGINE 0 after damage', 3, 0, 0],
  ])('%s', (_name, speed, engine, suggested) => {
    expect(suggestedSpeed(makeShip('x', { side: 'red', speed, engine }))).toBe(suggested);
  });

  it('a single legal SPEED is said so', () => {
    const pos = makePosition([makeShip('x', { side: 'red', speed: 4, engine: 2 }), makeShip('y', { side: 'blue' })]);
    expect(orderBlock(seat(pos, 'red'))).toContain(
      '# ship x: SPEED 2 only (ENGINE 2, last SPEED 4)\nSHIP x SPEED 2 MOVE 2\n',
    );
  });
});
