/**
 * One side's orders applied to the working copy of a campaign (rules-strategic.md
 * §4, §5, §7). The same functions check orders on submission (on a copy that is
 * thrown away) and apply them when the turn resolves, so a player is never told
 * an order is legal that the turn would then refuse.
 */
import { distance, formatHex, onMap, sameHex } from '../hex.ts';
import { err, ok, type Result } from '../result.ts';
import { followPath, shortestPath } from './paths.ts';
import { checkStrategicShip, fleetReach, shipCost } from './ships.ts';
import {
  PIECE_ID,
  type BuildOrder,
  type CampaignRuleError,
  type MoveOrder,
  type RetreatOrder,
  type TransferOrder,
} from './types.ts';
import { homeOf, produces, type World, type WorkFleet } from './world.ts';
import type { Hex } from '../types.ts';
import { DIRECTIONS } from '../types.ts';

type Problem = Omit<CampaignRuleError, 'side' | 'order'>;

const unknownFleet = (id: string): Problem => ({
  code: 'FLEET_UNKNOWN',
  message: `you have no fleet "${id}": name one of your fleets as the order block lists them`,
  fleet: id,
});

/** Whether a fleet id is free for the side: none of its fleets, nor a new one named earlier in these orders, has it. */
function checkNewFleetId(world: World, side: string, id: string): Problem | null {
  if (!PIECE_ID.test(id)) {
    return { code: 'FLEET_ID', message: `"${id}" is not a fleet id: use 1 to 12 letters or digits`, fleet: id };
  }
  if (world.anyFleet(id)) {
    return { code: 'ID_IN_USE', message: `fleet id "${id}" is already in use in this game: choose another`, fleet: id };
  }
  const taken = world.ownFleet(side, id);
  if (taken) {
    return {
      code: 'ID_IN_USE',
      message: `you already have a fleet ${taken.id}: choose another id for a new fleet`,
      fleet: id,
    };
  }
  return null;
}

/** The BP the side's systems yield in this turn's production phase (§4): known when the orders are given. */
export function ownProduction(world: World, side: string): number {
  const { systems, turn } = world.campaign;
  return systems.filter((s) => s.owner === side && produces(s, turn)).length;
}

/**
 * Every problem with a build, before it is paid (§4): a legal 10/15/20 BP design, an id none of the side's ships has,
 * a fleet of the side at home, a cost the store and the side's own production this turn could pay.
 */
export function checkBuild(world: World, side: string, build: BuildOrder, afford = true): Problem[] {
  const problems: Problem[] = checkStrategicShip(build.ship).map((e) => ({ ...e }));
  if (problems.length > 0) return problems;
  const same = world.ownShip(side, build.ship.id);
  if (world.anyShip(build.ship.id)) {
    problems.push({
      code: 'ID_IN_USE',
      message: `ship id "${build.ship.id}" is already in use in this game: choose another`,
      ship: build.ship.id,
    });
  } else if (same) {
    problems.push({
      code: 'ID_IN_USE',
      message: `you already have a ship ${same.ship.id}: choose another id for the new ship`,
      ship: build.ship.id,
    });
  }
  const cost = shipCost(build.ship);
  const store = world.campaign.store[side] ?? 0;
  const produced = ownProduction(world, side);
  if (afford && cost > store + produced) {
    problems.push({
      code: 'BUILD_UNAFFORDABLE',
      message:
        `${build.ship.id} costs ${cost} BP, more than your store will hold this turn ` +
        `(${store} BP now, ${produced} more from your production this turn): build a cheaper ship or save up`,
      ship: build.ship.id,
    });
  }
  const home = homeOf(world.campaign.systems, side);
  const fleet = world.ownFleet(side, build.fleet);
  const enemy = world.anyFleet(build.fleet);
  if (enemy && enemy.side !== side) {
    problems.push({
      code: 'ID_IN_USE',
      message: `fleet id "${build.fleet}" is already in use in this game: join one of your fleets at home or name a new one`,
      fleet: build.fleet,
    });
  } else if (fleet && home && !sameHex(fleet.hex, home.hex)) {
    problems.push({
      code: 'BUILD_FLEET_NOT_HOME',
      message:
        `fleet ${fleet.id} is at ${formatHex(fleet.hex)}, not at your home system ${formatHex(home.hex)}: ` +
        'a new ship can only join a fleet at home, or form a new fleet',
      fleet: fleet.id,
    });
  } else if (!fleet) {
    const bad = checkNewFleetId(world, side, build.fleet);
    if (bad) problems.push(bad);
  }
  return problems;
}

/** Places a paid build at home: joins the side's named fleet there, or forms it (§4). */
export function placeBuild(world: World, side: string, build: BuildOrder): void {
  const home = homeOf(world.campaign.systems, side)!;
  const fleet = world.ownFleet(side, build.fleet);
  if (fleet) {
    fleet.ships.push(build.ship);
  } else {
    world.fleets.push({
      id: build.fleet,
      side,
      hex: home.hex,
      ships: [build.ship],
      lossOrder: [],
      retreat: { kind: 'never' },
    });
  }
}

export interface TransferDone {
  readonly ships: readonly string[];
  readonly from: string;
  readonly to: string;
  readonly hex: Hex;
}

/** The ships of a fleet an order names, as the fleet spells their ids (letter case aside, §1), or what is wrong. */
function takeShips(world: World, from: WorkFleet, ids: readonly string[]): Result<string[], Problem> {
  if (ids.length === 0) {
    return err({ code: 'TRANSFER_EMPTY', message: `name at least one ship of ${from.id} to move`, fleet: from.id });
  }
  const seen = new Set<string>();
  const found: string[] = [];
  for (const id of ids) {
    if (seen.has(id.toUpperCase()))
      return err({ code: 'TRANSFER_SHIP', message: `ship ${id} is named twice`, ship: id, fleet: from.id });
    seen.add(id.toUpperCase());
    const ship = from.ships.find((s) => world.same(s.id, id));
    if (!ship) {
      const list = from.ships.map((s) => s.id).join(' ');
      return err({
        code: 'TRANSFER_SHIP',
        message: `fleet ${from.id} has no ship ${id}: it has ${list}`,
        ship: id,
        fleet: from.id,
      });
    }
    found.push(ship.id);
  }
  return ok(found);
}

/** Applies one transfer (§5) to the side's fleets, or says why it cannot be applied (nothing changed then). */
export function applyTransfer(world: World, side: string, t: TransferOrder): Result<TransferDone, Problem> {
  const fromId = t.kind === 'merge' ? t.fleet : t.from;
  const from = world.ownFleet(side, fromId);
  if (!from) return err(unknownFleet(fromId));
  if (t.kind === 'split') {
    const taken = takeShips(world, from, t.ships);
    if (!taken.ok) return taken;
    const bad = checkNewFleetId(world, side, t.as);
    if (bad) return err(bad);
    const names = taken.value;
    const ships = from.ships.filter((s) => names.includes(s.id));
    from.ships = from.ships.filter((s) => !names.includes(s.id));
    // A split-off fleet keeps the standing orders of the fleet it came from, as far as they name its ships.
    world.fleets.push({
      id: t.as,
      side,
      hex: from.hex,
      ships,
      lossOrder: from.lossOrder.filter((id) => names.includes(id)),
      retreat: from.retreat,
    });
    from.lossOrder = from.lossOrder.filter((id) => !names.includes(id));
    world.dropEmpty();
    return ok({ ships: ships.map((s) => s.id), from: from.id, to: t.as, hex: from.hex });
  }
  const toId = t.kind === 'merge' ? t.into : t.to;
  const to = world.ownFleet(side, toId);
  if (!to) return err(unknownFleet(toId));
  if (to === from) {
    return err({
      code: 'TRANSFER_SAME_FLEET',
      message: `${from.id} cannot transfer to itself: name two different fleets`,
      fleet: from.id,
    });
  }
  if (!sameHex(from.hex, to.hex)) {
    return err({
      code: 'TRANSFER_HEX',
      message:
        `${from.id} is at ${formatHex(from.hex)} and ${to.id} at ${formatHex(to.hex)}: ` +
        'ships move between fleets only in the same hex',
      fleet: from.id,
    });
  }
  let ids = from.ships.map((s) => s.id);
  if (t.kind === 'transfer') {
    const taken = takeShips(world, from, t.ships);
    if (!taken.ok) return taken;
    ids = taken.value;
  }
  to.ships.push(...from.ships.filter((s) => ids.includes(s.id)));
  to.lossOrder.push(...from.lossOrder.filter((id) => ids.includes(id)));
  from.ships = from.ships.filter((s) => !ids.includes(s.id));
  from.lossOrder = from.lossOrder.filter((id) => !ids.includes(id));
  world.dropEmpty();
  return ok({ ships: ids, from: from.id, to: to.id, hex: from.hex });
}

/** The hexes a fleet's move enters (§5), or why the move is illegal. */
export function planMove(world: World, fleet: WorkFleet, move: MoveOrder): Result<Hex[], Problem> {
  const map = world.campaign.map;
  if (move.kind === 'to' && !onMap(move.hex, map)) {
    return err({
      code: 'MOVE_OFF_MAP',
      message: `${fleet.id}: ${formatHex(move.hex)} is not on the ${map.width} × ${map.height} map`,
      fleet: fleet.id,
    });
  }
  const path = move.kind === 'path' ? move.path : shortestPath(fleet.hex, move.hex, map);
  const followed = followPath(fleet.hex, path, map);
  if (!followed.ok) {
    return err({ code: 'MOVE_OFF_MAP', message: `${fleet.id}: ${followed.error.message}`, fleet: fleet.id });
  }
  const hexes = followed.value;
  const reach = fleetReach(fleet);
  if (hexes.length > reach) {
    const where =
      move.kind === 'to'
        ? `${formatHex(move.hex)} is ${distance(fleet.hex, move.hex)} hexes away`
        : `the path has ${hexes.length} steps`;
    return err({
      code: 'MOVE_TOO_FAR',
      message: `${fleet.id} can move at most ${reach} ${reach === 1 ? 'hex' : 'hexes'} (its slowest ship's ENGINE): ${where}`,
      fleet: fleet.id,
    });
  }
  return ok(hexes);
}

/** Why a standing loss order cannot stand (§7), or null. */
export function checkLossOrder(world: World, fleet: WorkFleet, ids: readonly string[]): Problem | null {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id.toUpperCase()))
      return {
        code: 'LOSS_SHIP',
        message: `ship ${id} is named twice in ${fleet.id}'s loss order`,
        ship: id,
        fleet: fleet.id,
      };
    seen.add(id.toUpperCase());
    if (!fleet.ships.some((s) => world.same(s.id, id))) {
      const list = fleet.ships.map((s) => s.id).join(' ');
      return {
        code: 'LOSS_SHIP',
        message: `fleet ${fleet.id} has no ship ${id}: its ships are ${list}`,
        ship: id,
        fleet: fleet.id,
      };
    }
  }
  return null;
}

/** A legal loss order as the fleet spells its ships' ids (letter case aside, §1). */
export function lossOrderOf(world: World, fleet: WorkFleet, ids: readonly string[]): string[] {
  return ids.map((id) => fleet.ships.find((s) => world.same(s.id, id))?.id ?? id);
}

/** Why a retreat order is not legal (§7), or null: `after N` with N from 1 to 20, `below P` with P from 1 to 100. */
export function checkRetreat(fleetId: string, r: RetreatOrder): Problem | null {
  const bad = (what: string): Problem => ({ code: 'RETREAT_VALUE', message: `${fleetId}: ${what}`, fleet: fleetId });
  if (r.kind === 'after' && !(Number.isInteger(r.rounds) && r.rounds >= 1 && r.rounds <= 20)) {
    return bad('AFTER takes a number of rounds from 1 to 20');
  }
  if (r.kind === 'below' && !(Number.isInteger(r.percent) && r.percent >= 1 && r.percent <= 100)) {
    return bad('BELOW takes a percentage from 1 to 100');
  }
  return null;
}

/** The neighbouring hex a retreating fleet moves to: the one nearest its home, ties to the lowest CCRR (§7). */
export function retreatHex(world: World, fleet: WorkFleet, home: Hex): Hex {
  let best: Hex | null = null;
  for (const d of DIRECTIONS) {
    const n = followPath(fleet.hex, [d], world.campaign.map);
    if (!n.ok) continue;
    const h = n.value[0]!;
    if (
      best === null ||
      distance(h, home) < distance(best, home) ||
      (distance(h, home) === distance(best, home) && formatHex(h) < formatHex(best))
    ) {
      best = h;
    }
  }
  return best ?? fleet.hex;
}
