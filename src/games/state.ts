/**
 * A game's stored position is the adjudicator's JSON position document
 * (docs/adjudicator.md), so a stored turn can be fed to `msc resolve` as it is.
 */
import { positionToJson, ordersToJson } from '../adjudicator/position-json.ts';
import type { Game } from '../db/schema.ts';
import { gameSettingsSchema, type GameSettings } from './settings.ts';
import type { PlacedShip } from './scenarios.ts';

export { positionToJson, ordersToJson };

/** Reads a stored position, or stored orders (the tactical kind's documents). */
export { readPosition, readShipOrders as readOrders } from '../kinds/tactical/index.ts';

/** A game's settings as stored: the settings proper, plus the scenario's name and the solo sides' fleets. */
export function settingsOf(game: Pick<Game, 'settings'>): GameSettings {
  const { scenario: _scenario, soloFleets: _soloFleets, ...settings } = game.settings as Record<string, unknown>;
  return gameSettingsSchema.parse(settings);
}

export function soloFleetsOf(game: Pick<Game, 'settings'>): Record<string, PlacedShip[]> {
  return (game.settings as { soloFleets?: Record<string, PlacedShip[]> }).soloFleets ?? {};
}

export function scenarioOf(game: Pick<Game, 'settings'>): string {
  return (game.settings as { scenario?: string }).scenario ?? 'custom';
}
