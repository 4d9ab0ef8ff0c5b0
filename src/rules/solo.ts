/**
 * The solo rules (rules-solo.md): how the service flies and fires the ships of
 * a side that no player commands. Every decision is a die from the injected
 * source, taken in the order of §4, so a solo turn replays exactly.
 */
import type { Plot, Position, Ship, ShipOrders, WeaponSide } from './types.ts';
import type { SoloMoveEvent, SoloTargetEvent } from './events.ts';
import type { DiceSource } from './dice.ts';
import { bearing } from './arcs.ts';
import { distance } from './hex.ts';
import { inPlay } from './legality.ts';
import { formatPlot, parsePlot, straightPlot } from './plot.ts';
import { ATTACK_TABLE, MOVEMENT_TABLES, isSoloSpeed } from './solo-tables.ts';

export { ATTACK_TABLE, MOVEMENT_TABLES } from './solo-tables.ts';

type LeftRight = 'L' | 'R';

/**
 * §1 Ruling: a solo ship keeps its current SPEED, lowered to its ENGINE when
 * damage has cut ENGINE below it; with no last SPEED it starts at its ENGINE.
 */
export function soloSpeed(ship: Ship): number {
  return ship.speed === null ? ship.engine : Math.min(ship.speed, ship.engine);
}

/** Die → one of n tied ships (1…n): `((roll − 1) mod n) + 1`, as an index from 0. */
const tiePick = (roll: number, n: number): number => (roll - 1) % n;

/**
 * §2 step 1: the nearest of `others`; a tie among the nearest is settled by a
 * die over the tied ships in ship order (`others` is in ship order).
 */
function nearest(ship: Ship, others: readonly Ship[], dice: DiceSource): { ship: Ship | null; tieRoll?: number } {
  if (others.length === 0) return { ship: null };
  const range = Math.min(...others.map((o) => distance(ship.hex, o.hex)));
  const tied = others.filter((o) => distance(ship.hex, o.hex) === range);
  if (tied.length === 1) return { ship: tied[0]! };
  const roll = dice.roll();
  return { ship: tied[tiePick(roll, tied.length)]!, tieRoll: roll };
}

/** §2 step 2: Left or Right of the ship; dead ahead, dead astern or the same hex: a die, odd Left, even Right. */
function sideOf(ship: Ship, other: Ship, dice: DiceSource): { side: LeftRight; sideRoll?: number } {
  const b = bearing(ship.hex, ship.facing, other.hex);
  if (b === 'left') return { side: 'L' };
  if (b === 'right') return { side: 'R' };
  const roll = dice.roll();
  return { side: roll % 2 === 1 ? 'L' : 'R', sideRoll: roll };
}

/** Columns: 1 = friendly L / enemy L, 2 = L / R, 3 = R / L, 4 = R / R. */
const columnOf = (friendly: LeftRight, enemy: LeftRight): number =>
  (friendly === 'L' ? 1 : 3) + (enemy === 'L' ? 0 : 1);

/** §2 step 3: the table cell as a plot. The tables are fixed data, so a cell that does not parse is a bug. */
function tablePlot(speed: number, roll: number, column: number): Plot {
  if (!isSoloSpeed(speed)) {
    throw new RangeError(
      `the solo movement tables cover SPEED 1 to 6, not ${speed}: a solo ship's ENGINE is at most 6`,
    );
  }
  const cell = MOVEMENT_TABLES[speed][roll - 1]![column - 1]!;
  const parsed = parsePlot(cell);
  if (!parsed.ok)
    throw new Error(`solo movement table SPEED ${speed}, row ${roll}, column ${column}: ${parsed.error.message}`);
  return parsed.value;
}

/** One solo ship's movement decision, consuming its dice in the order of §4. */
function moveOne(position: Position, ship: Ship, dice: DiceSource): { plot: Plot; event: SoloMoveEvent } {
  const speed = soloSpeed(ship);
  const base = { type: 'solo-move', ship: ship.id, speed } as const;
  const undecided = { friendly: null, enemy: null, friendlySide: null, enemySide: null } as const;

  // Ruling: at SPEED 0 the ship rolls nothing at all and does not move.
  if (speed === 0) return { plot: [], event: { ...base, ...undecided, plot: formatPlot([]) } };

  const others = position.ships.filter((s) => s.id !== ship.id && inPlay(s));
  const friends = others.filter((s) => s.side === ship.side);
  const enemies = others.filter((s) => s.side !== ship.side);

  // Ruling: with no enemy ship in play the ship flies straight ahead, rolling nothing.
  if (enemies.length === 0) {
    const plot = straightPlot(speed);
    return { plot, event: { ...base, ...undecided, plot: formatPlot(plot) } };
  }

  const friend = nearest(ship, friends, dice);
  const enemy = nearest(ship, enemies, dice);
  const friendSide = friend.ship === null ? null : sideOf(ship, friend.ship, dice);
  const enemySide = sideOf(ship, enemy.ship!, dice);
  // Ruling: with no other friendly ship in play, the enemy's side stands for the friendly side too.
  const friendlySide = friendSide?.side ?? enemySide.side;

  const column = columnOf(friendlySide, enemySide.side);
  const tableRoll = dice.roll();
  const plot = tablePlot(speed, tableRoll, column);
  const event: SoloMoveEvent = {
    ...base,
    friendly: friend.ship?.id ?? null,
    enemy: enemy.ship!.id,
    ...(friend.tieRoll !== undefined ? { friendlyTieRoll: friend.tieRoll } : {}),
    ...(enemy.tieRoll !== undefined ? { enemyTieRoll: enemy.tieRoll } : {}),
    friendlySide,
    enemySide: enemySide.side,
    ...(friendSide?.sideRoll !== undefined ? { friendlySideRoll: friendSide.sideRoll } : {}),
    ...(enemySide.sideRoll !== undefined ? { enemySideRoll: enemySide.sideRoll } : {}),
    column,
    tableRoll,
    plot: formatPlot(plot),
  };
  return { plot, event };
}

/**
 * §2 movement for every ship of a solo side in play (position.solo lists the
 * solo sides), in ship order, from positions as they stand before anyone
 * moves. Consumes dice in exactly the order of §4. The orders carry no target
 * list and no hold: a solo ship's targets come from the Attack table.
 */
export function soloMovement(
  position: Position,
  dice: DiceSource,
): { orders: Map<string, ShipOrders>; events: SoloMoveEvent[] } {
  const orders = new Map<string, ShipOrders>();
  const events: SoloMoveEvent[] = [];
  for (const ship of position.ships) {
    if (!inPlay(ship) || !position.solo.includes(ship.side)) continue;
    const { plot, event } = moveOne(position, ship, dice);
    orders.set(ship.id, { speed: event.speed, plot, fire: [], hold: false });
    events.push(event);
  }
  return { orders, events };
}

/**
 * §3: the target for one weapon of a solo ship among its eligible targets,
 * given in ship order with their ranges. One target: no roll, event null. Two
 * or three: ordered by range (ties: ship order, hence the stable sort), a die
 * on the Attack table. More than three (Ruling): the three nearest, 3-ship column.
 */
export function chooseSoloTarget(
  firer: Ship,
  weapon: WeaponSide,
  eligible: ReadonlyArray<{ readonly ship: Ship; readonly range: number }>,
  dice: DiceSource,
): { target: Ship; event: SoloTargetEvent | null } {
  if (eligible.length === 0)
    throw new Error(`chooseSoloTarget: ${firer.id} ${weapon} has no eligible target; do not ask it to choose`);
  if (eligible.length === 1) return { target: eligible[0]!.ship, event: null };

  const candidates = [...eligible].sort((a, b) => a.range - b.range).slice(0, 3);
  const roll = dice.roll();
  const pick = ATTACK_TABLE[candidates.length === 2 ? 2 : 3][roll - 1]!;
  const index = pick === 'nearest' ? 0 : pick === 'middle' ? 1 : candidates.length - 1;
  const target = candidates[index]!.ship;
  return {
    target,
    event: {
      type: 'solo-target',
      ship: firer.id,
      weapon,
      candidates: candidates.map((c) => c.ship.id),
      roll,
      target: target.id,
    },
  };
}
