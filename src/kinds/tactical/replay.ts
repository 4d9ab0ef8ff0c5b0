/**
 * Replaying an archived tactical turn (`msc verify`, docs/archive.md): the
 * position before it, with the orders it recorded — players' orders followed,
 * the standing order and the solo tables worked out again, a seat that sent
 * nothing under the solo no-orders policy played by the solo rules for that
 * turn only — resolved with the dice where the record says they stood.
 */
import { z } from 'zod';
import { parsePositionInput, positionJsonSchema, positionToJson } from '../../adjudicator/position-json.ts';
import type { DiceSource } from '../../rules/dice.ts';
import type { GameOverEvent } from '../../rules/events.ts';
import { formatPlot, parsePlot } from '../../rules/plot.ts';
import { resolveTurn } from '../../rules/resolve.ts';
import { err, ok, type Result } from '../../rules/result.ts';
import type { Position, ShipOrders } from '../../rules/types.ts';
import type { ArchiveReplay, RecordedTurn, ReplayedTurn, ReplayProblem } from '../kind.ts';

/**
 * Where a ship's orders for a turn came from: its player, the standing order,
 * the solo rules (a solo side of the game), or the solo rules standing in for
 * a seat that sent nothing (the no-orders policy `solo`, for that turn only).
 */
const ORDER_SOURCES = ['orders', 'standing', 'solo', 'solo-policy'] as const;

const usedOrders = z.strictObject({
  speed: z.number().int().min(0).max(99),
  move: z.string().max(200),
  fire: z.array(z.string().max(40)).max(100),
  hold: z.boolean(),
  source: z.enum(ORDER_SOURCES),
});

/** A tactical turn's `ordersUsed`: every ship's orders, by ship id. */
const ordersUsedSchema = z.record(z.string(), usedOrders);
export type TacticalOrdersUsed = z.output<typeof ordersUsedSchema>;

const problem = (what: string, expected: unknown, found: unknown): Result<never, ReplayProblem> =>
  err({ what, expected, found });

function describeEvent(e: unknown): string {
  const x = (e ?? {}) as Record<string, unknown>;
  switch (x.type) {
    case 'shot':
      return `shot ${String(x.firer)} ${String(x.weapon)} at ${String(x.target)}`;
    case 'damage':
      return `damage to ${String(x.target)}`;
    case 'solo-target':
      return `solo-target ${String(x.ship)} ${String(x.weapon)}`;
    case 'initiative':
    case 'game-over':
      return String(x.type);
    default:
      return `${String(x.type)} ${String(x.ship)}`;
  }
}

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

function replayTurn(t: RecordedTurn, dice: DiceSource): Result<ReplayedTurn, ReplayProblem> {
  const read = parsePositionInput(t.stateBefore);
  if (!read.ok)
    return problem(
      `stateBefore: not a valid position: ${read.errors.map((e) => e.message).join('; ')}`,
      'a valid position',
      t.stateBefore,
    );
  const position = read.value.position;
  const recordedOrders = ordersUsedSchema.safeParse(t.ordersUsed);
  if (!recordedOrders.success) return problem('ordersUsed: not tactical orders', 'orders by ship', t.ordersUsed);
  const recorded: TacticalOrdersUsed = recordedOrders.data;

  // The orders as recorded: players' orders are followed; the standing order and the solo tables are worked out again.
  const orders = new Map<string, ShipOrders>();
  const policySides = new Set<string>();
  for (const [id, o] of Object.entries(recorded)) {
    const ship = position.ships.find((s) => s.id === id);
    if (!ship) return problem(`ordersUsed.${id}: no such ship in stateBefore`, undefined, o);
    if (o.source === 'solo-policy') policySides.add(ship.side);
    if (o.source !== 'orders') continue;
    const plot = parsePlot(o.move);
    if (!plot.ok) return problem(`ordersUsed.${id}.move: ${plot.error.message}`, 'a plot', o.move);
    orders.set(id, { speed: o.speed, plot: plot.value, fire: o.fire, hold: o.hold });
  }
  // A seat that sent nothing under the solo no-orders policy: the solo rules play its side this turn only.
  const playing: Position = {
    ...position,
    solo: [...position.solo, ...[...policySides].filter((s) => !position.solo.includes(s))],
  };

  let outcome: ReturnType<typeof resolveTurn>;
  try {
    outcome = resolveTurn(playing, orders, dice);
  } catch (error) {
    return problem(
      `the turn cannot be replayed: ${error instanceof Error ? error.message : String(error)}`,
      'a turn the rules resolve',
      t.ordersUsed,
    );
  }
  if (!outcome.ok) {
    const why = outcome.error.map((e) => `${e.ship ? `${e.ship}: ` : ''}${e.message}`).join('; ');
    return problem(`ordersUsed: not legal in stateBefore: ${why}`, 'legal orders', t.ordersUsed);
  }
  const r = outcome.value;

  // `no-shot` events roll no die and change nothing; a turn resolved before they were told has none, and is compared
  // without them.
  const noShot = (e: unknown) => (e as { type?: unknown } | null)?.type === 'no-shot';
  const replayed = asJson(r.events) as unknown[];
  const events = t.events.some(noShot) ? replayed : replayed.filter((e) => !noShot(e));

  const used = Object.fromEntries(
    [...r.ordersUsed].map(([id, o]) => {
      const side = position.ships.find((s) => s.id === id)?.side ?? '';
      const source = o.source === 'solo' && policySides.has(side) ? 'solo-policy' : o.source;
      return [id, { speed: o.speed, move: formatPlot(o.plot), fire: [...o.fire], hold: o.hold, source }];
    }),
  );
  const over = r.events.find((e): e is GameOverEvent => e.type === 'game-over') ?? null;
  return ok({
    events,
    // The position is stored with the game's own solo sides, not the ones the no-orders policy added for the turn.
    stateAfter: asJson(positionToJson({ ...r.position, solo: position.solo })),
    ordersUsed: used,
    over: over ? { winner: over.winner ?? 'draw', reason: over.reason } : null,
  });
}

export const tacticalReplay: ArchiveReplay = {
  stateSchema: positionJsonSchema,
  ordersSchema: ordersUsedSchema,
  replayTurn,
  describeEvent,
};
