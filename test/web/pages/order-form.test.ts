/** The order form as orders-language text, and its answer mapped back to the ships. */
import { describe, expect, it } from 'vitest';
import { parseSubmission } from '../../../src/orders/index.ts';
import type { Position, Ship } from '../../../src/rules/types.ts';
import {
  problemsByRow,
  rowsFromForm,
  rowsToText,
  shipFormViews,
} from '../../../src/web/kinds/msc-tactical/order-form.ts';

const ship = (id: string, side: string, speed: number | null, engine = 3): Ship => ({
  id,
  side,
  hex: { col: 4, row: 4 },
  facing: 'N',
  speed,
  engine,
  shields: 3,
  toHit: 3,
  weapons: ['F'],
  design: { engine: 3, shields: 3, toHit: 3, weapons: ['F'] },
  status: 'active',
});
const position: Position = {
  map: { width: 10, height: 10 },
  turn: 2,
  sides: ['a', 'b'],
  solo: [],
  ships: [ship('A1', 'a', 2), ship('A2', 'a', 0, 1), ship('B1', 'b', 1)],
  turnLimit: null,
  conceded: [],
};

describe('the order form', () => {
  it('reads rows in order, one line each whatever is posted, holds by row', () => {
    const rows = rowsFromForm({
      ship: ['A1', 'A2'],
      speed: ['3', '1'],
      move: ['2r', '1\nSHIP B1 SPEED 0'],
      fire: ['B1', ''],
      hold_1: 'on',
    });
    expect(rows).toEqual([
      { ship: 'A1', speed: '3', move: '2r', fire: 'B1', hold: false },
      { ship: 'A2', speed: '1', move: '1 SHIP B1 SPEED 0', fire: '', hold: true },
    ]);
    expect(rowsToText('g', 2, rows).split('\n')).toEqual([
      'GAME g TURN 2',
      'SHIP A1 SPEED 3 MOVE 2r FIRE B1',
      'SHIP A2 SPEED 1 MOVE 1 SHIP B1 SPEED 0 HOLD',
      'END',
    ]);
  });

  it("is checked by the orders language, and each problem comes back to its ship's row", () => {
    const rows = rowsFromForm({ ship: ['A1', 'A2'], speed: ['9', '1'], move: ['9', 'LL'], fire: ['', ''] });
    const parsed = parseSubmission(rowsToText('g', 2, rows), { gameId: 'g', turn: 2, side: 'a', position });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const { byShip, general } = problemsByRow(rows, parsed.errors);
    expect(byShip.get('A1')?.join(' ')).toContain('SPEED 9 not allowed');
    expect(byShip.get('A2')?.join(' ')).toContain('two turns in a row');
    expect(general).toEqual([]);
  });

  it('offers each ship its legal SPEEDs only, starting from its orders in or the standing order', () => {
    const views = shipFormViews(position, 'a', null, null);
    expect(views.map((v) => v.id)).toEqual(['A1', 'A2']);
    expect(views[0]!.speeds.map((s) => s.value)).toEqual([1, 2, 3]);
    expect(views[0]!.speeds.find((s) => s.selected)?.value).toBe(2);
    expect(views[0]!.move).toBe('2');
    expect(views[1]!.speeds.map((s) => s.value)).toEqual([0, 1]);
    const standing = new Map([
      [
        'A1',
        {
          speed: 3,
          plot: [
            { kind: 'forward' as const, hexes: 1 },
            { kind: 'turn' as const, turn: 'R' as const },
            { kind: 'forward' as const, hexes: 1 },
          ],
          fire: ['B1'],
          hold: true,
        },
      ],
    ]);
    const withOrders = shipFormViews(position, 'a', standing, null);
    expect(withOrders[0]).toMatchObject({ move: '1R1', fire: 'B1', hold: true });
  });
});
