/**
 * Production and builds (rules-strategic.md §4): captured systems yield 1 BP
 * each once their production delay has passed; builds are paid in the order
 * given, after production, and a build the store cannot pay is skipped.
 */
import { formatHex } from '../hex.ts';
import { checkBuild, placeBuild } from './apply.ts';
import { shipCost } from './ships.ts';
import type { CampaignEvent, SideOrders } from './types.ts';
import { produces, type World } from './world.ts';

export { produces };

/** Adds each side's production to its store, in seat order. */
export function produce(world: World, store: Record<string, number>, events: CampaignEvent[]): void {
  const { sides, systems, turn } = world.campaign;
  for (const side of sides) {
    const yielding = systems.filter((s) => s.owner === side && produces(s, turn));
    store[side] = (store[side] ?? 0) + yielding.length;
    events.push({
      type: 'production',
      side,
      systems: yielding.map((s) => formatHex(s.hex)),
      produced: yielding.length,
      store: store[side],
    });
  }
}

/** Pays a side's builds in order; what the store cannot pay at that moment is skipped and reported. */
export function build(
  world: World,
  side: string,
  orders: SideOrders,
  store: Record<string, number>,
  events: CampaignEvent[],
): void {
  for (const order of orders.builds) {
    const cost = shipCost(order.ship);
    // Orders were checked on submission; a build that no longer fits (a moderator's change; in a campaign with the
    // game's ids, an id the other side took first) is skipped with its reason rather than failing the turn.
    const problem = checkBuild(world, side, order, false)[0];
    if (problem) {
      events.push({ type: 'skipped', side, order: `BUILD ${order.ship.id}`, reason: problem.message });
      continue;
    }
    if (cost > (store[side] ?? 0)) {
      events.push({ type: 'build', side, ship: order.ship, fleet: order.fleet, cost, skipped: true });
      continue;
    }
    store[side] = (store[side] ?? 0) - cost;
    placeBuild(world, side, order);
    events.push({ type: 'build', side, ship: order.ship, fleet: order.fleet, cost });
  }
}
