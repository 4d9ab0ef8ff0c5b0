/**
 * A game's stored position is the adjudicator's JSON position document
 * (docs/adjudicator.md), so a stored turn can be fed to `msc resolve` as it is.
 */
import { parsePositionInput, positionToJson, ordersToJson } from '../adjudicator/position-json.ts';
import type { OrderSet, Position, ShipOrders } from '../rules/types.ts';
import { parsePlot } from '../rules/plot.ts';
import type { Game } from '../db/schema.ts';
import { gameSettingsSchema, type GameSettings } from './settings.ts';
import type { PlacedShip } from './scenarios.ts';

export type PositionDoc = ReturnType<typeof positionToJson>;
export type OrdersDoc = ReturnType<typeof ordersToJson>;

export { positionToJson, ordersToJson };

/** Reads a stored position. A stored position that does not read back is a bug (or a damaged database). */
export function readPosition(doc: unknown): Position {
  const r = parsePositionInput(doc);
  if (!r.ok) throw new Error(`stored position is damaged: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.value.position;
}

/** Reads stored orders (written by ordersToJson). */
export function readOrders(doc: unknown): Map<string, ShipOrders> {
  const out = new Map<string, ShipOrders>();
  for (const [id, o] of Object.entries((doc ?? {}) as OrdersDoc)) {
    const plot = parsePlot(o.move ?? '');
    if (!plot.ok) throw new Error(`stored orders for ${id} are damaged: ${plot.error.message}`);
    out.set(id, { speed: o.speed, plot: plot.value, fire: o.fire ?? [], hold: o.hold ?? false });
  }
  return out;
}

export function mergeOrders(sets: Iterable<OrderSet>): Map<string, ShipOrders> {
  const out = new Map<string, ShipOrders>();
  for (const set of sets) for (const [id, o] of set) out.set(id, o);
  return out;
}

/** A game's settings as stored: the settings proper, plus the scenario's name and the solo sides' fleets. */
export function settingsOf(game: Pick<Game, 'settings'>): GameSettings {
  const { scenario: _scenario, soloFleets: _soloFleets, ...settings } = game.settings as Record<string, unknown>;
  return gameSettingsSchema.parse(settings);
}

export function soloFleetsOf(game: Pick<Game, 'settings'>): Record<string, PlacedShip[]> {
  return ((game.settings as { soloFleets?: Record<string, PlacedShip[]> }).soloFleets ?? {});
}

export function scenarioOf(game: Pick<Game, 'settings'>): string {
  return (game.settings as { scenario?: string }).scenario ?? 'custom';
}

