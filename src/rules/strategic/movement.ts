/**
 * A side's movement phase (rules-strategic.md §5): transfers in the order
 * given, then moves in fleet order, then its new standing loss and retreat
 * orders take effect for the turn's battles.
 */
import { formatHex } from '../hex.ts';
import { applyTransfer, checkLossOrder, checkRetreat, lossOrderOf, planMove } from './apply.ts';
import type { CampaignEvent, SideOrders, TransferOrder } from './types.ts';
import type { World, WorkFleet } from './world.ts';

function describe(t: TransferOrder): string {
  if (t.kind === 'merge') return `MERGE ${t.fleet} INTO ${t.into}`;
  if (t.kind === 'transfer') return `TRANSFER ${t.ships.join(' ')} FROM ${t.from} TO ${t.to}`;
  return `SPLIT ${t.ships.join(' ')} FROM ${t.from} AS ${t.as}`;
}

/** The order a map keyed by fleet id gives the fleet, its id written in any letter case (§1). */
function orderFor<T>(world: World, orders: ReadonlyMap<string, T>, id: string): T | undefined {
  const exact = orders.get(id);
  if (exact !== undefined) return exact;
  for (const [k, v] of orders) if (world.same(k, id)) return v;
  return undefined;
}

/** Moves one side; returns the fleets that moved at least one hex. */
export function moveSide(world: World, side: string, orders: SideOrders, events: CampaignEvent[]): Set<WorkFleet> {
  const skip = (order: string, reason: string): void => {
    events.push({ type: 'skipped', side, order, reason });
  };
  for (const t of orders.transfers) {
    const done = applyTransfer(world, side, t);
    if (!done.ok) {
      skip(describe(t), done.error.message);
      continue;
    }
    const { ships, from, to, hex } = done.value;
    events.push({ type: 'transfer', side, kind: t.kind, ships, from, to, hex: formatHex(hex) });
  }
  const moved = new Set<WorkFleet>();
  for (const fleet of world.fleets.filter((f) => f.side === side)) {
    const move = orderFor(world, orders.moves, fleet.id);
    if (!move) continue;
    const planned = planMove(world, fleet, move);
    if (!planned.ok) {
      skip(`MOVE ${fleet.id}`, planned.error.message);
      continue;
    }
    const path = planned.value;
    if (path.length === 0) continue;
    const from = fleet.hex;
    fleet.hex = path[path.length - 1]!;
    moved.add(fleet);
    events.push({
      type: 'move',
      side,
      fleet: fleet.id,
      from: formatHex(from),
      to: formatHex(fleet.hex),
      path: path.map(formatHex),
    });
  }
  for (const id of orders.moves.keys()) {
    if (!world.ownFleet(side, id)) skip(`MOVE ${id}`, `there is no fleet ${id} (an order it depended on was skipped)`);
  }
  for (const [id, list] of orders.lossOrders) {
    const fleet = world.ownFleet(side, id);
    const problem = fleet ? checkLossOrder(world, fleet, list) : { message: `there is no fleet ${id}` };
    if (fleet && !problem) fleet.lossOrder = lossOrderOf(world, fleet, list);
    else skip(`LOSSES ${id}`, problem!.message);
  }
  for (const [id, r] of orders.retreats) {
    const fleet = world.ownFleet(side, id);
    const problem = fleet ? checkRetreat(id, r) : { message: `there is no fleet ${id}` };
    if (fleet && !problem) fleet.retreat = r;
    else skip(`RETREAT ${id}`, problem!.message);
  }
  return moved;
}
