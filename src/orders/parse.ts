/**
 * Parsing a tactical submission (service.md "The orders language"): the shared
 * reading of submission.ts with the tactical SHIP lines, one per ship, checked
 * against the position as it stands.
 */
import type { ShipOrders } from '../rules/types.ts';
import { orderBlock } from './format.ts';
import { readShipLine } from './ship-line.ts';
import { SHIP_CLAUSES, type OrdersContext, type ParseOutcome, type ParsedSubmission } from './ship-types.ts';
import { readSubmission, type OrderLines } from './submission.ts';
import { isOneOf } from './words.ts';

export { MASKED_PASSWORD } from './submission.ts';

/** The tactical SHIP lines: one per ship, checked against the position as it stands. */
function shipLines(ctx: OrdersContext, orders: Map<string, ShipOrders>): OrderLines {
  const firstLine = new Map<string, number>();
  return {
    keywords: ['SHIP'],
    clauses: SHIP_CLAUSES,
    sent: () => [orderBlock(ctx)],
    empty:
      'no orders found: write one line per ship, e.g. SHIP 3 SPEED 3 MOVE 1L1, then END; send HELP for instructions',
    misplaced: (head) =>
      isOneOf(head, SHIP_CLAUSES)
        ? `${head} belongs on a SHIP line: SHIP <id> SPEED <n> MOVE <plot> [FIRE <id> …] [HOLD], all on one line`
        : null,
    read(r, line, ws) {
      const result = readShipLine(ws, ctx);
      for (const p of result.problems) r.report(line, p);
      if (result.ship === null) return undefined;
      const first = firstLine.get(result.ship);
      if (first !== undefined) {
        r.report(line, {
          code: 'SHIP_TWICE',
          ship: result.ship,
          message: `ship ${result.ship} is already ordered on line ${first}; give one SHIP line per ship`,
        });
        return undefined;
      }
      firstLine.set(result.ship, line);
      if (result.orders === null) return undefined;
      orders.set(result.ship, result.orders);
      return result.ship;
    },
  };
}

/** Parses a submission for one seat, checking it against the game as it stands. */
export function parseSubmission(text: string, ctx: OrdersContext): ParseOutcome {
  const orders = new Map<string, ShipOrders>();
  const r = readSubmission(
    text,
    { gameId: ctx.gameId, turn: ctx.turn, side: ctx.side, sides: ctx.position.sides },
    shipLines(ctx, orders),
  );
  const value: ParsedSubmission = { ...r.value, orders };
  return r.problems.length === 0 ? { ok: true, value } : { ok: false, errors: r.problems, partial: value };
}
