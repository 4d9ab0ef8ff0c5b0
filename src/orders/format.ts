/**
 * Orders written back as text: the canonical form echoed when a submission is
 * accepted (it parses back to the same orders), and the ready-to-edit order
 * block at the end of each turn report. Neither ever holds the seat's secret.
 */
import type { Ship, ShipOrders } from '../rules/types.ts';
import { formatPlot, speedRange, straightPlot } from '../rules/plot.ts';
import { inPlay } from '../rules/legality.ts';
import type { OrdersContext } from './ship-types.ts';
import { listWords } from './words.ts';

/** `SHIP 3 SPEED 3 MOVE 2L1 FIRE 12 9 HOLD`; MOVE is left out at SPEED 0 with no movement. */
export function formatShipOrders(id: string, orders: ShipOrders): string {
  const parts = [`SHIP ${id}`, `SPEED ${orders.speed}`];
  if (orders.speed !== 0 || orders.plot.length > 0) parts.push(`MOVE ${formatPlot(orders.plot)}`);
  if (orders.fire.length > 0) parts.push(`FIRE ${orders.fire.join(' ')}`);
  if (orders.hold) parts.push('HOLD');
  return parts.join(' ');
}

const headerLine = (ctx: { gameId: string; turn: number }): string => `GAME ${ctx.gameId} TURN ${ctx.turn}`;

/**
 * The canonical text of a set of orders: GAME/TURN, one SHIP line per ship,
 * END. Ships come in `shipOrder` (the game's ship order) where given, the
 * others after them in the map's order.
 */
export function formatOrders(
  ctx: { gameId: string; turn: number },
  orders: ReadonlyMap<string, ShipOrders>,
  shipOrder?: readonly string[],
): string {
  const ids: string[] = [];
  const placed = new Set<string>();
  for (const id of shipOrder ?? []) {
    if (orders.has(id) && !placed.has(id)) {
      ids.push(id);
      placed.add(id);
    }
  }
  for (const id of orders.keys()) if (!placed.has(id)) ids.push(id);
  const lines = [headerLine(ctx), ...ids.map((id) => formatShipOrders(id, orders.get(id)!)), 'END'];
  return `${lines.join('\n')}\n`;
}

/** The standing order's SPEED as a suggestion: last SPEED (0 before the first move), brought into the legal range. */
export function suggestedSpeed(ship: Ship): number {
  const range = speedRange(ship);
  return Math.min(Math.max(ship.speed ?? 0, range.min), range.max);
}

function speedComment(ship: Ship): string {
  const range = speedRange(ship);
  const choice = range.min === range.max ? `SPEED ${range.min} only` : `SPEED ${range.min} to ${range.max}`;
  const last = ship.speed === null ? 'first move' : `last SPEED ${ship.speed}`;
  return `# ship ${ship.id}: ${choice} (ENGINE ${ship.engine}, ${last})`;
}

/** Comment lines fit a 78-column report (the mail would wrap a longer one into a line that is not a comment). */
const COMMENT_WIDTH = 76;

/** A comment, broken at spaces into `#` lines of at most COMMENT_WIDTH characters. */
function commentLines(comment: string): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of comment.replace(/^# /, '').split(' ')) {
    if (line !== '' && line.length + 1 + word.length > COMMENT_WIDTH) {
      out.push(line);
      line = '#  ';
    }
    line = line === '' ? `# ${word}` : line.endsWith(' ') ? line + word : `${line} ${word}`;
  }
  return [...out, line];
}

/**
 * A ready-to-edit order block for one seat: every ship of the seat still in
 * play with its current orders, or else a suggestion (its last SPEED kept
 * within the legal range, flying straight), each after a comment giving its
 * legal SPEEDs. It parses back as a valid submission for the seat.
 */
export function orderBlock(ctx: OrdersContext, current?: ReadonlyMap<string, ShipOrders>): string {
  const ships = ctx.position.ships;
  const own = ships.filter((s) => s.side === ctx.side && inPlay(s));
  const enemies = ships.filter((s) => s.side !== ctx.side && inPlay(s));
  const enemyList =
    enemies.length === 0
      ? 'none'
      : listWords(
          enemies.map((s) => s.id),
          'and',
        );
  const lines = [
    headerLine(ctx),
    '# SHIP <id> SPEED <n> MOVE <plot> [FIRE <enemy ids>] [HOLD]',
    '# plot: hexes forward as numbers, L or R to turn, e.g. MOVE 2L1',
    ...commentLines(`# enemy ships in play: ${enemyList}`),
  ];
  if (own.length === 0) lines.push('# you have no ships in play');
  for (const ship of own) {
    const speed = suggestedSpeed(ship);
    const orders = current?.get(ship.id) ?? { speed, plot: straightPlot(speed), fire: [], hold: false };
    lines.push(...commentLines(speedComment(ship)), formatShipOrders(ship.id, orders));
  }
  lines.push('END');
  return `${lines.join('\n')}\n`;
}
