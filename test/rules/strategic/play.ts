/**
 * Random-but-legal players for whole-campaign tests: each turn a side builds
 * what it can afford, sometimes merges or splits fleets, sets loss and retreat
 * orders, and moves fleets toward systems and enemies — every order checked
 * with the rules' own checker, so only legal orders are sent.
 */
import { SeededDice, type DiceSource } from '../../../src/rules/dice.ts';
import { distance } from '../../../src/rules/hex.ts';
import { checkSideOrders, noOrders } from '../../../src/rules/strategic/check.ts';
import { shortestPath } from '../../../src/rules/strategic/paths.ts';
import { fleetReach, shipCost } from '../../../src/rules/strategic/ships.ts';
import type {
  Campaign,
  MoveOrder,
  RetreatOrder,
  SideOrders,
  StrategicShip,
  TransferOrder,
} from '../../../src/rules/strategic/types.ts';
import { DIRECTIONS } from '../../../src/rules/types.ts';
import { HEAVY, LINE, SCOUT, SLOW } from './fixtures.ts';

const DESIGNS = [SCOUT, LINE, HEAVY, SLOW];

const pick = <T>(dice: DiceSource, items: readonly T[]): T => items[(dice.roll() - 1) % items.length]!;
const chance = (dice: DiceSource, sixes: number): boolean => dice.roll() <= sixes;

/**
 * One side's orders, legal by construction: each candidate is kept only if the checker accepts the whole set with it.
 */
export function randomOrders(c: Campaign, side: string, seed: string, serial: { next: number }): SideOrders {
  const dice = SeededDice.fromSeed(`${seed}:${side}:${c.turn}`);
  let orders: SideOrders = noOrders();
  const accept = (candidate: SideOrders): void => {
    if (checkSideOrders(c, side, candidate).length === 0) orders = candidate;
  };
  const home = c.systems.find((s) => s.home === side)!;
  const own = c.fleets.filter((f) => f.side === side);
  const atHome = own.find((f) => f.hex.col === home.hex.col && f.hex.row === home.hex.row);

  let store = c.store[side] ?? 0;
  for (let i = 0; i < 3 && chance(dice, 4); i++) {
    const design = pick(dice, DESIGNS);
    const ship: StrategicShip = { id: `${side[0]}${serial.next++}`, ...design };
    if (shipCost(ship) > store) break;
    store -= shipCost(ship);
    const fleet = atHome && chance(dice, 3) ? atHome.id : `F${side[0]}${serial.next++}`;
    accept({ ...orders, builds: [...orders.builds, { ship, fleet }] });
  }

  const transfers: TransferOrder[] = [];
  for (const f of own) {
    const mate = own.find((g) => g !== f && distance(g.hex, f.hex) === 0);
    if (mate && chance(dice, 1)) transfers.push({ kind: 'merge', fleet: f.id, into: mate.id });
    else if (f.ships.length > 2 && chance(dice, 1)) {
      transfers.push({ kind: 'split', ships: [f.ships[0]!.id], from: f.id, as: `S${side[0]}${serial.next++}` });
    }
  }
  for (const t of transfers) accept({ ...orders, transfers: [...orders.transfers, t] });

  for (const f of own) {
    if (chance(dice, 2)) {
      const lossOrder = f.ships.map((s) => s.id).reverse();
      accept({ ...orders, lossOrders: new Map([...orders.lossOrders, [f.id, lossOrder]]) });
    }
    if (chance(dice, 1)) {
      const retreat: RetreatOrder = pick(dice, [
        { kind: 'never' },
        { kind: 'after', rounds: dice.roll() },
        { kind: 'below', percent: 10 * dice.roll() + 20 },
      ]);
      accept({ ...orders, retreats: new Map([...orders.retreats, [f.id, retreat]]) });
    }
  }

  const targets = [...c.systems.map((s) => s.hex), ...c.fleets.filter((f) => f.side !== side).map((f) => f.hex)];
  for (const f of own) {
    if (chance(dice, 1)) continue; // some fleets stay
    const reach = fleetReach(f);
    let move: MoveOrder;
    if (chance(dice, 3) && targets.length > 0) {
      const target = pick(dice, targets);
      // Out of reach: head that way as far as the fleet can go.
      move =
        distance(f.hex, target) <= reach
          ? { kind: 'to', hex: target }
          : { kind: 'path', path: shortestPath(f.hex, target, c.map).slice(0, reach) };
    } else {
      move = {
        kind: 'path',
        path: Array.from({ length: Math.min(reach, dice.roll() % 4) }, () => pick(dice, DIRECTIONS)),
      };
    }
    accept({ ...orders, moves: new Map([...orders.moves, [f.id, move]]) });
  }
  return orders;
}
