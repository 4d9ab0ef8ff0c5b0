/**
 * The combat phases (rules-tactical.md §6): each side in firing order; its
 * ships in ship order; each intact weapon in the order F, FL, FR, RL, RR.
 * Damage takes effect at once.
 */
import { WEAPON_SIDES, type Hex, type Ship, type ShipOrders, type WeaponSide } from './types.ts';
import type { DiceSource } from './dice.ts';
import type { DamageEffect, NoShotWhy, TurnEvent } from './events.ts';
import { distance, formatHex, toCube, type Cube } from './hex.ts';
import { inArc, sideFacing } from './arcs.ts';
import { hexesCrossed } from './los.ts';
import { chooseSoloTarget } from './solo.ts';

/** Longest range at which a weapon may fire (§6.1). */
const MAX_RANGE = 6;

/** A ship as combat changes it: the same fields as Ship, writable. */
export type Combatant = { -readonly [K in keyof Ship]: Ship[K] };

/** To-hit range modifier (§6.4). */
function rangeModifier(range: number): number {
  if (range === 0) return 2;
  if (range <= 2) return 1;
  if (range <= 4) return 0;
  return -1;
}

/** An enemy ship a weapon might fire at, with its range and its place in ship order. */
interface Candidate {
  readonly ship: Combatant;
  readonly range: number;
  readonly order: number;
}

/** The battlefield during one turn's combat: ships in ship order, which hexes hold ships, cached sight lines. */
export class Battle {
  readonly #ships: Combatant[];
  readonly #cubes: Cube[];
  readonly #index = new Map<string, number>();
  readonly #occupied = new Map<number, number>();
  readonly #crossed = new Map<number, { left: readonly Hex[]; right: readonly Hex[] }>();
  /** The weapons each ship had when combat began: one missing at its turn to fire was lost in this combat. */
  readonly #armed: ReadonlyMap<string, ReadonlySet<WeaponSide>>;

  constructor(ships: Combatant[]) {
    this.#ships = ships;
    this.#armed = new Map(ships.map((s) => [s.id, new Set(s.weapons)]));
    this.#cubes = ships.map((s) => toCube(s.hex));
    ships.forEach((s, i) => {
      this.#index.set(s.id, i);
      if (s.status === 'active') this.#occupy(s.hex, 1);
    });
  }

  get ships(): readonly Combatant[] {
    return this.#ships;
  }

  remove(s: Combatant, status: 'destroyed' | 'disengaged'): void {
    if (s.status === 'active') this.#occupy(s.hex, -1);
    s.status = status;
  }

  /** Moves an active ship to another hex (movement happens before any sight line is drawn). */
  relocate(s: Combatant, to: Hex): void {
    if (s.status === 'active') {
      this.#occupy(s.hex, -1);
      this.#occupy(to, 1);
    }
    s.hex = to;
    this.#cubes[this.#index.get(s.id)!] = toCube(to);
  }

  #occupy(h: Hex, delta: number): void {
    const k = hexKey(h);
    this.#occupied.set(k, (this.#occupied.get(k) ?? 0) + delta);
  }

  #isOccupied = (h: Hex): boolean => (this.#occupied.get(hexKey(h)) ?? 0) > 0;

  /** Clear line of sight (§6.3), with the segment's crossed hexes cached for the turn. */
  lineOfSight(from: Hex, to: Hex): boolean {
    const k = hexKey(from) * 16384 + hexKey(to);
    let crossed = this.#crossed.get(k);
    if (!crossed) {
      crossed = hexesCrossed(from, to);
      this.#crossed.set(k, crossed);
    }
    return !(crossed.left.some(this.#isOccupied) && crossed.right.some(this.#isOccupied));
  }

  /** Whether the ship had `weapon` when combat began. */
  hadWeapon(ship: Ship, weapon: WeaponSide): boolean {
    return this.#armed.get(ship.id)?.has(weapon) ?? false;
  }

  /** Why `weapon` of `firer` cannot fire at the ship `id` now, or null when it can (§6.1). */
  whyNot(
    firer: Ship,
    weapon: WeaponSide,
    id: string,
    inRange: readonly Candidate[],
  ): { why: NoShotWhy; range: number | null } | null {
    const ship = this.#ships.find((s) => s.id === id);
    if (!ship || ship.status !== 'active') return { why: 'not-in-play', range: null };
    const range = distance(firer.hex, ship.hex);
    const c = inRange.find((x) => x.ship.id === id);
    if (!c) return { why: 'out-of-range', range };
    if (!inArc(firer.hex, firer.facing, c.ship.hex, weapon)) return { why: 'out-of-arc', range };
    if (!this.lineOfSight(firer.hex, c.ship.hex)) return { why: 'no-line-of-sight', range };
    return null;
  }

  /** Whether `weapon` of `firer` may fire at the candidate now (§6.1); range is already known to be at most 6. */
  eligible(firer: Ship, weapon: WeaponSide, c: Candidate): boolean {
    return (
      c.ship.status === 'active' &&
      inArc(firer.hex, firer.facing, c.ship.hex, weapon) &&
      this.lineOfSight(firer.hex, c.ship.hex)
    );
  }

  /** Enemy ships in play within range 6 of ship `i`, nearest first (ties: ship order). */
  enemiesInRange(i: number): Candidate[] {
    const firer = this.#ships[i]!;
    const a = this.#cubes[i]!;
    const out: Candidate[] = [];
    for (let j = 0; j < this.#ships.length; j++) {
      const s = this.#ships[j]!;
      if (s.status !== 'active' || s.side === firer.side) continue;
      const b = this.#cubes[j]!;
      const range = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z));
      if (range <= MAX_RANGE) out.push({ ship: s, range, order: j });
    }
    return out.sort((p, q) => p.range - q.range || p.order - q.order);
  }
}

const hexKey = (h: Hex): number => h.col * 128 + h.row;

export interface FireOrders {
  /** Orders for each ship that fires by its orders (player ships, standing orders included). */
  readonly orders: ReadonlyMap<string, Pick<ShipOrders, 'fire' | 'hold'>>;
  /** Sides played by the solo rules: their targets come from the Attack table. */
  readonly solo: ReadonlySet<string>;
}

/** One side's combat phase. Appends every shot, damage and destruction to `events`. */
export function combatPhase(
  battle: Battle,
  side: string,
  fire: FireOrders,
  dice: DiceSource,
  events: TurnEvent[],
): void {
  battle.ships.forEach((firer, i) => {
    if (firer.side !== side || firer.status !== 'active') return;
    // Ships do not move during combat: who is within range 6 is known once per ship.
    const inRange = battle.enemiesInRange(i);
    const orders = fire.solo.has(side) ? undefined : fire.orders.get(firer.id);
    // A ship whose orders named targets hears why a weapon of it did not fire.
    const ordered = orders !== undefined && orders.fire.length > 0;
    for (const weapon of WEAPON_SIDES) {
      // Checked at the moment of firing: a ship destroyed or a weapon knocked out earlier does not fire.
      if (firer.status !== 'active') continue;
      if (!firer.weapons.includes(weapon)) {
        if (ordered && battle.hadWeapon(firer, weapon))
          events.push({
            type: 'no-shot',
            firer: firer.id,
            weapon,
            reason: 'weapon-lost',
            targets: [],
            hold: orders.hold,
          });
        continue;
      }
      const target = fire.solo.has(side)
        ? soloTarget(battle, firer, weapon, inRange, dice, events)
        : orderedTarget(battle, firer, weapon, inRange, orders);
      if (target) shoot(battle, firer, weapon, target, dice, events);
      else if (ordered) {
        const targets = orders.fire.flatMap((id) => {
          const not = battle.whyNot(firer, weapon, id, inRange);
          return not ? [{ ship: id, ...not }] : [];
        });
        events.push({ type: 'no-shot', firer: firer.id, weapon, reason: 'no-target', targets, hold: orders.hold });
      }
    }
  });
}

/**
 * §6.6: the target list first, then the fire mode (`nearest`: least range, fewest SHIELDS, ship order; `hold`: none).
 */
function orderedTarget(
  battle: Battle,
  firer: Combatant,
  weapon: WeaponSide,
  inRange: readonly Candidate[],
  orders: Pick<ShipOrders, 'fire' | 'hold'> | undefined,
): Combatant | null {
  for (const id of orders?.fire ?? []) {
    const c = inRange.find((x) => x.ship.id === id);
    if (c && battle.eligible(firer, weapon, c)) return c.ship;
  }
  if (orders?.hold) return null;
  let best: Candidate | null = null;
  for (const c of inRange) {
    // inRange is sorted by range: nothing after a farther ship can beat the best one found.
    if (best && c.range > best.range) break;
    if (best && c.ship.shields >= best.ship.shields) continue;
    if (battle.eligible(firer, weapon, c)) best = c;
  }
  return best?.ship ?? null;
}

/** rules-solo.md §3: the Attack table among the (up to three) nearest eligible targets. */
function soloTarget(
  battle: Battle,
  firer: Combatant,
  weapon: WeaponSide,
  inRange: readonly Candidate[],
  dice: DiceSource,
  events: TurnEvent[],
): Combatant | null {
  const eligible: Candidate[] = [];
  for (const c of inRange) {
    if (battle.eligible(firer, weapon, c)) eligible.push(c);
    // The table never looks past the three nearest, so neither do we.
    if (eligible.length === 3) break;
  }
  if (eligible.length === 0) return null;
  const byShipOrder = [...eligible].sort((a, b) => a.order - b.order);
  const { target, event } = chooseSoloTarget(firer, weapon, byShipOrder, dice);
  if (event) events.push(event);
  return eligible.find((c) => c.ship.id === target.id)!.ship;
}

/** §6.4 and §6.5: one shot, and its damage if it hits. */
function shoot(
  battle: Battle,
  firer: Combatant,
  weapon: WeaponSide,
  target: Combatant,
  dice: DiceSource,
  events: TurnEvent[],
): void {
  const range = distance(firer.hex, target.hex);
  const modifier = rangeModifier(range);
  const need = firer.toHit + modifier;
  const roll = dice.roll();
  const hit = roll <= need;
  events.push({ type: 'shot', firer: firer.id, weapon, target: target.id, range, modifier, need, roll, hit });
  if (!hit) return;

  const damageRoll = dice.roll();
  let effect: DamageEffect = 'shields';
  let side;
  if (damageRoll === 5 && target.engine > 0) {
    target.engine -= 1;
    effect = 'engine';
  } else if (damageRoll === 6) {
    side = sideFacing(target.hex, target.facing, firer.hex);
    const struck = side;
    if (struck !== 'R' && target.weapons.includes(struck)) {
      target.weapons = target.weapons.filter((w) => w !== struck);
      effect = `weapon:${struck}`;
    }
  }
  if (effect === 'shields') target.shields -= 1;
  events.push({
    type: 'damage',
    target: target.id,
    roll: damageRoll,
    effect,
    ...(side ? { side } : {}),
    shields: target.shields,
    engine: target.engine,
  });
  if (target.shields <= 0) {
    battle.remove(target, 'destroyed');
    events.push({ type: 'destroyed', ship: target.id, by: firer.id, hex: formatHex(target.hex) });
  }
}
