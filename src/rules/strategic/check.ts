/**
 * Checking a campaign state and one side's orders (rules-strategic.md §1, §4,
 * §5, §7). Orders are checked in the order they would be applied — builds as if
 * each is paid, then transfers in order, then moves, then standing orders — on
 * a copy of the state, with the same functions that apply them.
 */
import { formatHex, onMap } from '../hex.ts';
import { checkMap } from './map.ts';
import { checkStrategicShip } from './ships.ts';
import { applyTransfer, checkBuild, checkLossOrder, checkRetreat, placeBuild, planMove } from './apply.ts';
import { BATTLE_MODES, FOG_MODES, PIECE_ID, type Campaign, type CampaignRuleError, type SideOrders } from './types.ts';
import { World } from './world.ts';

/** A store above this is not a game state: it guards the arithmetic against absurd input. */
const MAX_STORE = 1_000_000;

const isInt = (n: unknown, min: number, max: number): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Every problem with a campaign state; empty when it can be resolved. */
export function checkCampaign(c: Campaign): CampaignRuleError[] {
  const errors: CampaignRuleError[] = [];
  const add = (code: string, message: string, extra: Partial<CampaignRuleError> = {}): void => {
    errors.push({ code, message, ...extra });
  };
  errors.push(...checkMap(c.map, c.systems, c.sides));
  if (!isInt(c.turn, 1, 100_000)) add('TURN', `the turn must be a whole number from 1, not ${c.turn}`);
  const [a, b] = c.sides;
  if (c.sides.length !== 2 || !a || !b || a === b) add('SIDES', 'a campaign has exactly two sides with different ids');
  if (!BATTLE_MODES.includes(c.options.battles)) add('OPTIONS', `battles must be ${BATTLE_MODES.join(' or ')}`);
  if (!FOG_MODES.includes(c.options.fog)) add('OPTIONS', `fog must be ${FOG_MODES.join(' or ')}`);
  if (c.options.turnLimit !== null && !isInt(c.options.turnLimit, 1, 100_000)) {
    add('OPTIONS', 'the turn limit must be a whole number from 1, or none');
  }

  for (const s of c.systems) {
    if (
      (s.owner === null) !== (s.capturedTurn === null) ||
      (s.capturedTurn !== null && !isInt(s.capturedTurn, 0, c.turn))
    ) {
      add(
        'SYSTEM_CAPTURED',
        `system ${formatHex(s.hex)}: an owned system has the turn it was captured (0 to ${c.turn}), an unowned one null`,
      );
    }
  }
  for (const side of c.sides) {
    if (!isInt(c.store[side], 0, MAX_STORE))
      add('STORE', `side ${side}'s store must be a whole number of BP from 0`, { side });
  }

  // Ids belong to a side (§1): unique among the side's own fleets, and among its ships, letter case aside.
  // A campaign stored before then has ids unique in the whole game, exactly as written.
  const key = (side: string, id: string): string =>
    c.options.ids === 'game' ? JSON.stringify(String(id)) : JSON.stringify([side, String(id).toUpperCase()]);
  const fleetIds = new Set<string>();
  const shipIds = new Set<string>();
  for (const f of c.fleets) {
    if (!PIECE_ID.test(f.id))
      add('FLEET_ID', `"${f.id}" is not a fleet id: use 1 to 12 letters or digits`, { fleet: f.id });
    if (fleetIds.has(key(f.side, f.id)))
      add(
        'ID_IN_USE',
        `side ${f.side} has two fleets called ${f.id}: a side's fleet ids are its own, letter case aside`,
        {
          side: f.side,
          fleet: f.id,
        },
      );
    fleetIds.add(key(f.side, f.id));
    if (!c.sides.includes(f.side))
      add('FLEET_SIDE', `fleet ${f.id} belongs to no side of this campaign`, { fleet: f.id });
    if (!onMap(f.hex, c.map)) add('FLEET_OFF_MAP', `fleet ${f.id} is not on the map`, { fleet: f.id });
    if (f.ships.length === 0)
      add('FLEET_EMPTY', `fleet ${f.id} has no ships: a fleet has at least one`, { fleet: f.id });
    for (const s of f.ships) {
      for (const e of checkStrategicShip(s)) errors.push({ ...e, side: f.side, fleet: f.id });
      if (shipIds.has(key(f.side, s.id)))
        add(
          'ID_IN_USE',
          `side ${f.side} has two ships called ${s.id}: a side's ship ids are its own, letter case aside`,
          {
            side: f.side,
            ship: s.id,
          },
        );
      shipIds.add(key(f.side, s.id));
    }
    const retreat = checkRetreat(f.id, f.retreat);
    if (retreat) errors.push(retreat);
  }
  for (const side of c.conceded) {
    if (!c.sides.includes(side)) add('SIDES', `conceded side ${side} is not a side of this campaign`);
  }
  return errors;
}

/** How far a side's orders are checked. */
export interface CheckOptions {
  /**
   * Whether each build must be one the store and the side's own production this turn could pay (BUILD_UNAFFORDABLE,
   * §4): true, the default, on submission. False when a game resolves orders already accepted — a turn recorded
   * before this check counted the side's own production alone is replayed as it was resolved, a build the store
   * cannot pay being skipped then (event `build` with `skipped: true`).
   */
  readonly affordable?: boolean;
}

/** No orders (§13 of the service's policy): no builds, transfers or moves; standing orders kept. */
export function noOrders(): SideOrders {
  return { builds: [], transfers: [], moves: new Map(), lossOrders: new Map(), retreats: new Map(), concede: false };
}

/**
 * Every problem with one side's orders against the campaign. Orders name the side's own pieces only and ids belong
 * to a side (§1), so nothing here depends on the enemy's pieces: an enemy fleet is answered as an unknown one, and an
 * error never tells a side what it cannot see.
 */
export function checkSideOrders(
  campaign: Campaign,
  side: string,
  orders: SideOrders,
  options: CheckOptions = {},
): CampaignRuleError[] {
  if (!campaign.sides.includes(side)) {
    return [
      { code: 'SIDE_UNKNOWN', message: `"${side}" is not a side of this campaign: ${campaign.sides.join(' or ')}` },
    ];
  }
  const errors: CampaignRuleError[] = [];
  const world = new World(campaign);
  for (const [index, build] of orders.builds.entries()) {
    const problems = checkBuild(world, side, build, options.affordable !== false);
    for (const p of problems) errors.push({ ...p, side, order: { kind: 'build', index } });
    if (problems.length === 0) placeBuild(world, side, build);
  }
  for (const [index, t] of orders.transfers.entries()) {
    const done = applyTransfer(world, side, t);
    if (!done.ok) errors.push({ ...done.error, side, order: { kind: 'transfer', index } });
  }
  for (const [fleetId, move] of orders.moves) {
    const fleet = world.ownFleet(side, fleetId);
    const planned = fleet ? planMove(world, fleet, move) : null;
    if (!fleet) {
      errors.push(unknown(side, fleetId, 'move'));
    } else if (planned && !planned.ok) {
      errors.push({ ...planned.error, side, order: { kind: 'move', fleet: fleetId } });
    }
  }
  for (const [fleetId, ids] of orders.lossOrders) {
    const fleet = world.ownFleet(side, fleetId);
    const bad = fleet ? checkLossOrder(world, fleet, ids) : null;
    if (!fleet) errors.push(unknown(side, fleetId, 'lossOrder'));
    else if (bad) errors.push({ ...bad, side, order: { kind: 'lossOrder', fleet: fleetId } });
  }
  for (const [fleetId, r] of orders.retreats) {
    const bad = world.ownFleet(side, fleetId) ? checkRetreat(fleetId, r) : null;
    if (!world.ownFleet(side, fleetId)) errors.push(unknown(side, fleetId, 'retreat'));
    else if (bad) errors.push({ ...bad, side, order: { kind: 'retreat', fleet: fleetId } });
  }
  return errors;
}

function unknown(side: string, fleet: string, kind: 'move' | 'lossOrder' | 'retreat'): CampaignRuleError {
  return {
    code: 'FLEET_UNKNOWN',
    message: `you have no fleet "${fleet}" after this turn's builds and transfers: name one of your fleets`,
    side,
    fleet,
    order: { kind, fleet },
  };
}
