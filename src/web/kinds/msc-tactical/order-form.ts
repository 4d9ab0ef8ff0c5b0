/**
 * The order form: one row of fields per ship (SPEED from its legal values,
 * the plot, the target list, hold), written as orders-language text — one
 * SHIP line per row — and passed to the very use case mail uses. An answer's
 * line numbers map back to the rows, so each problem shows by its ship.
 */
import { z } from 'zod';
import type { OrdersProblem } from '../../../orders/index.ts';
import { formatPlot, speedRange } from '../../../rules/plot.ts';
import { formatHex } from '../../../rules/hex.ts';
import { suggestedSpeed } from '../../../orders/index.ts';
import type { Position, Ship, ShipOrders } from '../../../rules/types.ts';

/** What one row of the form holds, as typed. */
export interface OrderRow {
  readonly ship: string;
  readonly speed: string;
  readonly move: string;
  readonly fire: string;
  readonly hold: boolean;
}

const field = z.string().max(200).optional();
const formSchema = z.object({
  ship: z.union([z.string().max(40), z.array(z.string().max(40)).max(60)]).optional(),
  speed: z.union([field, z.array(z.string().max(200)).max(60)]).optional(),
  move: z.union([field, z.array(z.string().max(200)).max(60)]).optional(),
  fire: z.union([field, z.array(z.string().max(200)).max(60)]).optional(),
});

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** One line of text, whatever was posted: a field never adds a line of its own. */
const oneLine = (v: string | undefined) => (v ?? '').replace(/[\r\n]+/g, ' ').trim();

/**
 * The rows of a posted form (`ship`, `speed`, `move`, `fire` repeated per ship, in order; `hold_<row index>`
 * checkboxes).
 */
export function rowsFromForm(body: unknown): OrderRow[] {
  const parsed = formSchema.safeParse(body ?? {});
  if (!parsed.success) return [];
  const ships = list(parsed.data.ship);
  const speeds = list(parsed.data.speed);
  const moves = list(parsed.data.move);
  const fires = list(parsed.data.fire);
  const raw = (body ?? {}) as Record<string, unknown>;
  return ships.map((ship, i) => ({
    ship: oneLine(ship),
    speed: oneLine(speeds[i]),
    move: oneLine(moves[i]),
    fire: oneLine(fires[i]),
    hold: raw[`hold_${i}`] !== undefined,
  }));
}

/** The rows as a submission: GAME/TURN on line 1, row i on line i + 2, END. */
export function rowsToText(gameId: string, turn: number, rows: readonly OrderRow[]): string {
  const lines = rows.map((r) => {
    const parts = [`SHIP ${r.ship}`, `SPEED ${r.speed}`];
    if (r.move !== '') parts.push(`MOVE ${r.move}`);
    if (r.fire !== '') parts.push(`FIRE ${r.fire}`);
    if (r.hold) parts.push('HOLD');
    return parts.join(' ');
  });
  return [`GAME ${gameId} TURN ${turn}`, ...lines, 'END'].join('\n');
}

/** Problems by the row they concern (by line, else by ship); the rest concern the whole form. */
export function problemsByRow(
  rows: readonly OrderRow[],
  problems: readonly OrdersProblem[],
): { byShip: Map<string, string[]>; general: string[] } {
  const byShip = new Map<string, string[]>();
  const general: string[] = [];
  for (const p of problems) {
    const row =
      p.line !== null && p.line >= 2 && p.line - 2 < rows.length
        ? rows[p.line - 2]
        : rows.find((r) => p.ship !== undefined && r.ship.toUpperCase() === p.ship.toUpperCase());
    if (row) byShip.set(row.ship, [...(byShip.get(row.ship) ?? []), p.message]);
    else general.push(p.line === null ? p.message : `line ${p.line}: ${p.message}`);
  }
  return { byShip, general };
}

export interface ShipFormView {
  readonly id: string;
  readonly index: number;
  readonly hex: string;
  readonly facing: string;
  readonly lastSpeed: string;
  readonly engine: number;
  readonly speeds: ReadonlyArray<{ value: number; selected: boolean }>;
  readonly speedHint: string;
  readonly move: string;
  readonly fire: string;
  readonly hold: boolean;
  readonly problems: readonly string[];
}

/**
 * The form's rows for a seat's ships in play: what was posted, else the orders in, else the standing order's
 * suggestion.
 */
export function shipFormViews(
  position: Position,
  side: string,
  standing: ReadonlyMap<string, ShipOrders> | null,
  posted: readonly OrderRow[] | null,
  problems: ReadonlyMap<string, string[]> = new Map(),
): ShipFormView[] {
  return position.ships
    .filter((s: Ship) => s.side === side && s.status === 'active')
    .map((ship, index) => {
      const range = speedRange(ship);
      const row = posted?.find((r) => r.ship === ship.id);
      const orders = standing?.get(ship.id);
      const speed = row ? Number(row.speed) : (orders?.speed ?? suggestedSpeed(ship));
      const speeds = [];
      for (let v = range.min; v <= range.max; v++) speeds.push({ value: v, selected: v === speed });
      return {
        id: ship.id,
        index,
        hex: formatHex(ship.hex),
        facing: ship.facing,
        lastSpeed: ship.speed === null ? '' : String(ship.speed),
        engine: ship.engine,
        speeds,
        speedHint: `${range.min === range.max ? `SPEED ${range.min} only` : `SPEED ${range.min} to ${range.max}`} (ENGINE ${ship.engine}, ${ship.speed === null ? 'first move' : `last SPEED ${ship.speed}`})`,
        move: row ? row.move : orders ? formatPlot(orders.plot) : String(speed),
        fire: row ? row.fire : orders ? orders.fire.join(' ') : '',
        hold: row ? row.hold : (orders?.hold ?? false),
        problems: problems.get(ship.id) ?? [],
      };
    });
}
