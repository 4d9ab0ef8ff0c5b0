/**
 * Strategic combat (rules-strategic.md §7): who attacks, rounds of attack and
 * save dice, losses chosen by standing loss orders, and retreats.
 */
import type { DiceSource } from '../dice.ts';
import { formatHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import { retreatHex } from './apply.ts';
import { defensiveBp, offensiveBp, shipCost } from './ships.ts';
import { MAX_BATTLE_ROUNDS, type CampaignEvent, type PendingBattle, type StrategicShip } from './types.ts';
import { homeOf, type World, type WorkFleet } from './world.ts';

/** Dice per full 7 offensive BP (§7). */
export const ATTACK_BP_PER_DIE = 7;
/** Dice per full 3 defensive BP (§7). */
export const SAVE_BP_PER_DIE = 3;

/**
 * The battles of a turn, in ascending CCRR (§7): every hex with fleets of both
 * sides. The attacker is the side that moved a fleet in; if both did, the
 * second side; if neither, the first side.
 */
export function findBattles(world: World, order: readonly string[], moved: ReadonlySet<WorkFleet>): Battle[] {
  const byHex = new Map<string, WorkFleet[]>();
  for (const f of world.fleets) {
    const key = formatHex(f.hex);
    byHex.set(key, [...(byHex.get(key) ?? []), f]);
  }
  const battles: Battle[] = [];
  for (const key of [...byHex.keys()].sort()) {
    const fleets = byHex.get(key)!;
    const sides = new Set(fleets.map((f) => f.side));
    if (sides.size < 2) continue;
    const movedIn = order.filter((s) => fleets.some((f) => f.side === s && moved.has(f)));
    const attacker = movedIn.length === 1 ? movedIn[0]! : movedIn.length === 2 ? order[1]! : order[0]!;
    const defender = order.find((s) => s !== attacker)!;
    battles.push({ hex: fleets[0]!.hex, attacker, defender, fleets: fleets.map((f) => f.id), participants: fleets });
  }
  return battles;
}

/**
 * A battle as the rules fight it: the pending battle, and its fleets themselves — ids belong to a side (§1), so the
 * two sides' fleets in one hex may share an id.
 */
export interface Battle extends PendingBattle {
  readonly participants: readonly WorkFleet[];
}

/** The fleets of a pending battle in a world where nothing has moved since it was found: every fleet in its hex. */
export function battleOf(world: World, battle: PendingBattle): Battle {
  return { ...battle, participants: world.fleetsAt(battle.hex) };
}

interface ShipAt {
  readonly fleet: WorkFleet;
  readonly fleetIndex: number;
  readonly shipIndex: number;
}

/**
 * The side's ships in the battle in the order they are lost (§7, Ruling): its
 * fleets' loss orders joined in fleet order, then every other ship, cheapest
 * first, then by fleet order, then by ship order.
 */
export function lossSequence(world: World, fleets: readonly WorkFleet[]): string[] {
  const where = new Map<string, ShipAt>();
  for (const fleet of fleets) {
    const fleetIndex = world.fleets.indexOf(fleet);
    fleet.ships.forEach((s, shipIndex) => where.set(s.id, { fleet, fleetIndex, shipIndex }));
  }
  const listed: string[] = [];
  for (const fleet of fleets) {
    for (const id of fleet.lossOrder) if (where.has(id) && !listed.includes(id)) listed.push(id);
  }
  const cost = (id: string): number => {
    const at = where.get(id)!;
    return shipCost(at.fleet.ships[at.shipIndex]!);
  };
  const rest = [...where.keys()]
    .filter((id) => !listed.includes(id))
    .sort((a, b) => {
      const pa = where.get(a)!;
      const pb = where.get(b)!;
      return cost(a) - cost(b) || pa.fleetIndex - pb.fleetIndex || pa.shipIndex - pb.shipIndex;
    });
  return [...listed, ...rest];
}

const roll = (dice: DiceSource, n: number): number[] => Array.from({ length: n }, () => dice.roll());
const successes = (faces: readonly number[]): number => faces.filter((f) => f >= 5).length;

export interface BattleContext {
  readonly world: World;
  readonly dice: DiceSource;
  readonly events: CampaignEvent[];
  /** Fleets that retreated this turn: they take no further part in any battle (§7, Ruling). */
  readonly retreated: Set<WorkFleet>;
  /** Ship ids lost this turn. */
  readonly destroyed: string[];
}

/** Removes one ship from its fleet as lost, and reports it (§7). */
export function removeShip(ctx: BattleContext, fleet: WorkFleet, id: string, hex: Hex): void {
  fleet.ships = fleet.ships.filter((s) => s.id !== id);
  fleet.lossOrder = fleet.lossOrder.filter((x) => x !== id);
  ctx.destroyed.push(id);
  ctx.events.push({ type: 'lost', side: fleet.side, ship: id, fleet: fleet.id, hex: formatHex(hex) });
}

/** Removes the ships lost by one side, chosen by its loss sequence (§7). */
export function loseShips(ctx: BattleContext, fleets: readonly WorkFleet[], count: number, hex: Hex): void {
  if (count <= 0) return;
  for (const id of lossSequence(ctx.world, fleets).slice(0, count)) {
    removeShip(
      ctx,
      fleets.find((f) => f.ships.some((s) => s.id === id))!,
      id,
      hex,
    );
  }
}

/** Moves a fleet one hex toward its home (§7); a fleet at its own home never retreats. Returns whether it moved. */
export function retreat(ctx: BattleContext, fleet: WorkFleet): boolean {
  const home = homeOf(ctx.world.campaign.systems, fleet.side);
  if (!home || (fleet.hex.col === home.hex.col && fleet.hex.row === home.hex.row)) return false;
  const from = fleet.hex;
  fleet.hex = retreatHex(ctx.world, fleet, home.hex);
  ctx.retreated.add(fleet);
  ctx.events.push({
    type: 'retreat',
    side: fleet.side,
    fleet: fleet.id,
    from: formatHex(from),
    to: formatHex(fleet.hex),
  });
  return true;
}

function wantsToRetreat(fleet: WorkFleet, round: number, startShips: number): boolean {
  const r = fleet.retreat;
  if (r.kind === 'after') return round >= r.rounds;
  if (r.kind === 'below') return fleet.ships.length * 100 < r.percent * startShips;
  return false;
}

/** Fights one battle by strategic combat (§7), round by round, until it ends. */
export function fightBattle(ctx: BattleContext, battle: Battle): void {
  const hexName = formatHex(battle.hex);
  const participants = battle.participants;
  const start = new Map(participants.map((f) => [f, f.ships.length]));
  const inBattle = (side: string): WorkFleet[] =>
    participants.filter((f) => f.side === side && f.ships.length > 0 && !ctx.retreated.has(f));
  const ships = (side: string) => inBattle(side).flatMap((f) => f.ships);
  const sum = (side: string, value: (s: StrategicShip) => number): number =>
    ships(side).reduce((t, s) => t + value(s), 0);

  ctx.events.push({
    type: 'battle',
    hex: hexName,
    attacker: battle.attacker,
    defender: battle.defender,
    fleets: battle.fleets,
  });
  let round = 0;
  let reason = 'rounds';
  while (round < MAX_BATTLE_ROUNDS) {
    round += 1;
    // Losses are taken at the end of each sub-phase; the round is reported before the ships it cost.
    const lostEvents: CampaignEvent[] = [];
    const sink: BattleContext = { ...ctx, events: lostEvents };
    // Attacker attacks.
    const attackerDice = roll(ctx.dice, Math.floor(sum(battle.attacker, offensiveBp) / ATTACK_BP_PER_DIE));
    const defenderSaves = roll(ctx.dice, Math.floor(sum(battle.defender, defensiveBp) / SAVE_BP_PER_DIE));
    const defenderLosses = Math.min(
      ships(battle.defender).length,
      Math.max(0, successes(attackerDice) - successes(defenderSaves)),
    );
    loseShips(sink, inBattle(battle.defender), defenderLosses, battle.hex);
    // Attacker defends: ships lost in the first sub-phase do not roll.
    const defenderDice = roll(ctx.dice, Math.floor(sum(battle.defender, offensiveBp) / ATTACK_BP_PER_DIE));
    const attackerSaves = roll(ctx.dice, Math.floor(sum(battle.attacker, defensiveBp) / SAVE_BP_PER_DIE));
    const attackerLosses = Math.min(
      ships(battle.attacker).length,
      Math.max(0, successes(defenderDice) - successes(attackerSaves)),
    );
    loseShips(sink, inBattle(battle.attacker), attackerLosses, battle.hex);
    ctx.events.push(
      {
        type: 'round',
        hex: hexName,
        round,
        attackerDice,
        defenderSaves,
        defenderDice,
        attackerSaves,
        attackerLosses,
        defenderLosses,
      },
      ...lostEvents,
    );
    ctx.world.dropEmpty();

    if (ships(battle.attacker).length === 0 || ships(battle.defender).length === 0) {
      reason = 'destroyed';
      break;
    }
    for (const f of participants) {
      if (f.ships.length > 0 && !ctx.retreated.has(f) && wantsToRetreat(f, round, start.get(f)!)) retreat(ctx, f);
    }
    if (ships(battle.attacker).length === 0 || ships(battle.defender).length === 0) {
      reason = 'retreat';
      break;
    }
    if (attackerDice.length === 0 && defenderDice.length === 0) {
      reason = 'no-dice';
      break;
    }
  }
  ctx.events.push({ type: 'battle-end', hex: hexName, rounds: round, reason });
}
