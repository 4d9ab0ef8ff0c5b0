/** Small builders of positions and seats for the orders-language tests. */
import type { Direction, Position, Ship, ShipStatus, WeaponSide } from '../../src/rules/types.ts';
import type { OrdersContext } from '../../src/orders/ship-types.ts';

export interface ShipSpec {
  side: string;
  col?: number;
  row?: number;
  facing?: Direction;
  speed?: number | null;
  engine?: number;
  shields?: number;
  toHit?: number;
  weapons?: WeaponSide[];
  status?: ShipStatus;
}

export function makeShip(id: string, spec: ShipSpec): Ship {
  const engine = spec.engine ?? 3;
  const shields = spec.shields ?? 3;
  const toHit = spec.toHit ?? 3;
  const weapons = spec.weapons ?? ['F'];
  return {
    id,
    side: spec.side,
    hex: { col: spec.col ?? 5, row: spec.row ?? 5 },
    facing: spec.facing ?? 'N',
    speed: spec.speed === undefined ? 2 : spec.speed,
    engine,
    shields,
    toHit,
    weapons,
    design: { engine, shields, toHit, weapons },
    status: spec.status ?? 'active',
  };
}

export function makePosition(ships: readonly Ship[], extra: Partial<Position> = {}): Position {
  const sides = extra.sides ?? [...new Set(ships.map((s) => s.side))];
  return { map: { width: 20, height: 20 }, turn: 4, sides, solo: [], ships, turnLimit: null, conceded: [], ...extra };
}

export function seat(position: Position, side: string, gameId = 'orion-7'): OrdersContext {
  return { gameId, turn: position.turn, side, position };
}

/**
 * The position most tests use, turn 4 of game orion-7:
 * red has 3 (ENGINE 3, last SPEED 2), 5 (ENGINE 2, first move), A1 (ENGINE 4,
 * last SPEED 3) and 8 (destroyed); blue has 7, 9, 12 in play and 13 disengaged.
 */
export function standardPosition(): Position {
  return makePosition(
    [
      makeShip('3', { side: 'red', col: 5, row: 5, speed: 2, engine: 3 }),
      makeShip('5', { side: 'red', col: 6, row: 5, speed: null, engine: 2 }),
      makeShip('A1', { side: 'red', col: 7, row: 5, speed: 3, engine: 4 }),
      makeShip('8', { side: 'red', col: 8, row: 5, status: 'destroyed' }),
      makeShip('7', { side: 'blue', col: 5, row: 12, facing: 'S' }),
      makeShip('9', { side: 'blue', col: 6, row: 12, facing: 'S' }),
      makeShip('12', { side: 'blue', col: 7, row: 12, facing: 'S', engine: 4 }),
      makeShip('13', { side: 'blue', col: 1, row: 1, status: 'disengaged' }),
    ],
    { sides: ['red', 'blue'] },
  );
}

/** Red's seat in the standard position. */
export const redSeat = (): OrdersContext => seat(standardPosition(), 'red');

/** Lines of a text, counted as the parser counts them. */
export const lineCount = (text: string): number => text.split(/\r\n|\r|\n/).length;
