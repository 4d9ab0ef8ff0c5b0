/**
 * A game's stored position is the adjudicator's JSON position document
 * (docs/adjudicator.md), so a stored turn can be fed to `msc resolve` as it is.
 */
import { positionToJson, ordersToJson } from '../../adjudicator/position-json.ts';
import type { Game, Seat } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import { gameSettingsSchema, type GameSettings } from './settings.ts';

export { positionToJson, ordersToJson };

/** Reads a stored position, or stored orders (the tactical kind's documents). */
export { readPosition, readShipOrders as readOrders } from '../../kinds/tactical/index.ts';

/** Settings checked already, by the stored document they were read from. */
const checked = new WeakMap<object, GameSettings>();

/**
 * A game's settings proper (without the scenario's name and the solo fleets),
 * checked with the settings schema the first time a stored document is read
 * and remembered with it: every later call on the same row is a lookup.
 */
export function settingsOf(game: Pick<Game, 'settings'>): GameSettings {
  const stored = game.settings;
  const known = checked.get(stored);
  if (known) return known;
  const { scenario: _scenario, soloFleets: _soloFleets, kindSettings: _kindSettings, ...settings } = stored;
  const parsed = gameSettingsSchema.parse(settings);
  checked.set(stored, parsed);
  return parsed;
}

/**
 * The settings a game's kind reads itself (a campaign's map, budget, battles, fog …; its `setup.settingsSchema`
 * checked them at creation), or null for a kind without its own (the tactical battle).
 */
export function kindSettingsOf(game: Pick<Game, 'settings'>): unknown {
  return game.settings.kindSettings ?? null;
}

/** The sides of `game` played by a person that no seat holds yet: left open for the lobby (seats/lobby.ts). */
export function openSidesOf(game: Pick<Game, 'settings'>, seatRows: readonly Pick<Seat, 'side'>[]): string[] {
  const settings = settingsOf(game);
  const seated = new Set(seatRows.map((s) => s.side));
  return settings.sides.map((s) => s.id).filter((id) => !settings.solo.includes(id) && !seated.has(id));
}

/** Whether the game has ended, played out or abandoned: its secrets (the seed, a campaign's whole map) are open. */
export const isOver = (game: Pick<Game, 'status'>): boolean =>
  game.status === 'finished' || game.status === 'abandoned';

export function scenarioOf(game: Pick<Game, 'settings' | 'ruleset'>): string {
  return game.settings.scenario ?? kindOf(game.ruleset).unnamedScenario;
}
