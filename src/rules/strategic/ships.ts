/**
 * Ships and fleets as the strategic layer counts them (rules-strategic.md §1):
 * offensive BP, defensive BP, ENGINE and cost, all read off the tactical design.
 */
import { checkDesign, designCost } from '../design.ts';
import type { RuleError } from '../result.ts';
import { PIECE_ID, STRATEGIC_SHIP_SIZES, type Fleet, type StrategicShip } from './types.ts';

/** Offensive BP = 2 × weapons + TO-HIT: the BP spent on WEAPONS and TO-HIT (§1). */
export function offensiveBp(ship: StrategicShip): number {
  return 2 * ship.weapons.length + ship.toHit;
}

/** Defensive BP = SHIELDS (§1). */
export function defensiveBp(ship: StrategicShip): number {
  return ship.shields;
}

/** What the ship cost to build: 10, 15 or 20 BP for a legal strategic ship. */
export function shipCost(ship: StrategicShip): number {
  return designCost(ship);
}

/** How far a fleet may move in one turn: the lowest ENGINE among its ships (§5). */
export function fleetReach(fleet: Fleet): number {
  let reach = Infinity;
  for (const s of fleet.ships) reach = Math.min(reach, s.engine);
  return reach === Infinity ? 0 : reach;
}

/** Every problem with one ship's id and design for a campaign: a legal design costing exactly 10, 15 or 20 BP. */
export function checkStrategicShip(ship: StrategicShip): RuleError[] {
  const errors: RuleError[] = [];
  if (typeof ship.id !== 'string' || !PIECE_ID.test(ship.id)) {
    errors.push({
      code: 'SHIP_ID',
      message: `"${String(ship.id)}" is not a ship id: use 1 to 12 letters or digits`,
      ship: String(ship.id),
    });
  }
  errors.push(...checkDesign(ship, { sizes: STRATEGIC_SHIP_SIZES }, ship.id));
  return errors;
}
