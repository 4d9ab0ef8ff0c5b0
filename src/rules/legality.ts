/**
 * Whether orders are legal for a position (rules-tactical.md §4, §6.6, §10).
 * Both the adjudicator and the orders language check orders here, so a mail,
 * a web form and `msc check` give the same answer.
 */
import type { OrderSet, Position, Ship, ShipOrders } from './types.ts';
import { checkPlotCost, checkSpeed } from './plot.ts';
import type { RuleError } from './result.ts';

export const inPlay = (ship: Ship): boolean => ship.status === 'active';

function findShip(position: Position, id: string): Ship | undefined {
  return position.ships.find((s) => s.id === id);
}

/**
 * Every problem with one ship's orders; empty when they are legal. When the
 * plot could not even be read, pass its error as `plotError`: it is reported
 * in place of the plot's cost, and SPEED and FIRE are still checked.
 */
export function checkShipOrders(
  position: Position,
  ship: Ship,
  orders: ShipOrders,
  plotError?: RuleError,
): RuleError[] {
  const errors: RuleError[] = [];
  if (!inPlay(ship)) {
    errors.push({
      code: 'SHIP_NOT_IN_PLAY',
      ship: ship.id,
      message: `ship ${ship.id} is ${ship.status} and takes no more orders`,
    });
    return errors;
  }
  const speed = checkSpeed(ship, orders.speed);
  if (!speed.ok) errors.push(speed.error);
  if (plotError) errors.push({ ...plotError, ship: ship.id });
  else if (speed.ok) {
    const cost = checkPlotCost(ship.id, orders.speed, orders.plot);
    if (!cost.ok) errors.push(cost.error);
  }
  for (const id of orders.fire) {
    const target = findShip(position, id);
    if (!target) {
      errors.push({
        code: 'FIRE_UNKNOWN_SHIP',
        ship: ship.id,
        message: `FIRE ${id}: there is no ship ${id} in this game`,
      });
    } else if (target.side === ship.side) {
      errors.push({
        code: 'FIRE_FRIENDLY',
        ship: ship.id,
        message: `FIRE ${id}: ship ${id} is on your own side; list enemy ships only`,
      });
    } else if (!inPlay(target)) {
      errors.push({
        code: 'FIRE_NOT_IN_PLAY',
        ship: ship.id,
        message: `FIRE ${id}: ship ${id} is ${target.status}; list ships still in play`,
      });
    }
  }
  const seen = new Set<string>();
  for (const id of orders.fire) {
    if (seen.has(id)) {
      errors.push({
        code: 'FIRE_DUPLICATE',
        ship: ship.id,
        message: `FIRE lists ship ${id} twice; list each target once`,
      });
    }
    seen.add(id);
  }
  return errors;
}

/**
 * Every problem with a turn's orders. Orders for a ship of a solo side are
 * ignored (the solo tables decide), so they are not checked either.
 */
export function checkOrderSet(
  position: Position,
  orders: OrderSet,
  plotErrors: ReadonlyMap<string, RuleError> = new Map(),
): RuleError[] {
  const errors: RuleError[] = [];
  for (const [id, shipOrders] of orders) {
    const ship = findShip(position, id);
    if (!ship) {
      errors.push({ code: 'UNKNOWN_SHIP', ship: id, message: `there is no ship ${id} in this game` });
      continue;
    }
    if (position.solo.includes(ship.side)) continue;
    errors.push(...checkShipOrders(position, ship, shipOrders, plotErrors.get(id)));
  }
  return errors;
}
