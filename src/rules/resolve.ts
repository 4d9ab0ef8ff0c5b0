/**
 * Resolving one turn (rules-tactical.md §3): a pure function of the position,
 * the orders and a dice source, returning the new position and the ordered
 * record of everything that happened, every die included.
 */
import type { OrderSet, Position, Ship, ShipOrders } from './types.ts';
import type { DiceSource } from './dice.ts';
import type { TurnEvent } from './events.ts';
import { err, ok, type Result, type RuleError } from './result.ts';
import { checkOrderSet } from './legality.ts';
import { formatHex } from './hex.ts';
import { formatPlot, straightPlot } from './plot.ts';
import { followPlot } from './movement.ts';
import { rollInitiative } from './initiative.ts';
import { Battle, combatPhase, type Combatant } from './combat.ts';
import { soloMovement } from './solo.ts';
import { sidesInPlay, victory } from './victory.ts';

/** Where a ship's orders for the turn came from. */
export type OrdersSource = 'orders' | 'standing' | 'solo';

export interface UsedOrders extends ShipOrders {
  readonly source: OrdersSource;
}

export interface TurnResult {
  /** The position after the turn, ready for the next one (turn + 1). */
  readonly position: Position;
  readonly events: readonly TurnEvent[];
  /** Sides in firing order; empty when fewer than two sides rolled. */
  readonly initiative: readonly string[];
  /** null while the game goes on; a side; or 'draw'. */
  readonly winner: string | null;
  readonly gameOver: boolean;
  /** The orders each ship in play actually followed. */
  readonly ordersUsed: ReadonlyMap<string, UsedOrders>;
  readonly diceUsed: number;
}

/**
 * The standing order for a ship with no orders (§4 "Missing orders"): keep last
 * SPEED (0 if none; lowered to ENGINE), fly straight, fire at the nearest.
 */
export function standingOrders(ship: Ship): ShipOrders {
  const speed = Math.min(ship.speed ?? 0, ship.engine);
  return { speed, plot: straightPlot(speed), fire: [], hold: false };
}

/** Resolves one turn. Illegal orders: every error, and nothing resolved. */
export function resolveTurn(position: Position, orders: OrderSet, dice: DiceSource): Result<TurnResult, RuleError[]> {
  const problems = checkOrderSet(position, orders);
  if (problems.length > 0) return err(problems);

  const startDice = dice.used;
  const events: TurnEvent[] = [];
  const ships: Combatant[] = position.ships.map((s) => ({ ...s, weapons: [...s.weapons] }));
  const battle = new Battle(ships);

  // A side that conceded has left the battle: its ships leave play.
  const concededNow = position.sides.filter(
    (side) => position.conceded.includes(side) && ships.some((s) => s.side === side && s.status === 'active'),
  );
  for (const s of ships) {
    if (s.status === 'active' && position.conceded.includes(s.side)) {
      battle.remove(s, 'disengaged');
      events.push({ type: 'disengaged', ship: s.id, hex: formatHex(s.hex), reason: 'conceded' });
    }
  }

  const used = new Map<string, UsedOrders>();
  let initiative: readonly string[] = [];
  const playing = (): Position => ({ ...position, ships });

  if (sidesInPlay(playing()).length >= 2) {
    // Solo rolls come first, from positions as they stand before anyone moves (rules-solo.md §4).
    const solo = soloMovement(playing(), dice);
    events.push(...solo.events);
    for (const s of ships) {
      if (s.status !== 'active') continue;
      const given = position.solo.includes(s.side) ? solo.orders.get(s.id) : orders.get(s.id);
      const source: OrdersSource = position.solo.includes(s.side) ? 'solo' : given ? 'orders' : 'standing';
      used.set(s.id, { ...(given ?? standingOrders(s)), source });
    }
    move(battle, position, used, events);

    const rolled = rollInitiative(sidesInPlay(playing()), dice);
    if (rolled) {
      events.push(rolled);
      initiative = rolled.order;
      const fire = { orders: used, solo: new Set(position.solo) };
      for (const side of rolled.order) combatPhase(battle, side, fire, dice, events);
    }
  }

  const after: Position = { ...position, ships: ships.map((s) => ({ ...s })), turn: position.turn + 1 };
  const over = victory(after, position.turn, concededNow);
  if (over) events.push(over);
  return ok({
    position: after,
    events,
    initiative,
    winner: over ? (over.winner ?? 'draw') : null,
    gameOver: over !== null,
    ordersUsed: used,
    diceUsed: dice.used - startDice,
  });
}

/** §4: every ship follows its plot at once; leaving the map disengages it. */
function move(battle: Battle, position: Position, used: ReadonlyMap<string, UsedOrders>, events: TurnEvent[]): void {
  // Every ship's path is computed from where it stood before anyone moved.
  const outcomes = battle.ships.map((s) => {
    const o = used.get(s.id);
    return o && s.status === 'active' ? { ship: s, orders: o, out: followPlot(s, o.plot, position.map) } : null;
  });
  for (const m of outcomes) {
    if (!m) continue;
    const { ship, orders, out } = m;
    const from = formatHex(ship.hex);
    events.push({
      type: 'move',
      ship: ship.id,
      speed: orders.speed,
      plot: formatPlot(orders.plot),
      source: orders.source,
      from,
      to: formatHex(out.hex),
      facing: out.facing,
      path: out.path.map(formatHex),
    });
    battle.relocate(ship, out.hex);
    ship.facing = out.facing;
    ship.speed = orders.speed;
    if (out.leftMap) {
      battle.remove(ship, 'disengaged');
      events.push({ type: 'disengaged', ship: ship.id, hex: formatHex(out.hex), reason: 'left-map' });
    }
  }
}
