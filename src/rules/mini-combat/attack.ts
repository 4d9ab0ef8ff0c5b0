/**
 * Attacks (rules-mini-combat.md §10, with the combat effects of the
 * capabilities of §12.1 and the denials of §12.4): which elements may attack,
 * what each one attacks, and every die of it — to hit, save, damage, and the
 * survival of a destroyed transport's passengers (§13.1).
 *
 * Everything here works on a `Battlefield` (the position while a turn is
 * resolved) and tells what happens as §22.3 events, consuming dice in exactly
 * the order of §22.5 item 3: element by element, weapon by weapon, for each
 * attack (a template's affected elements in template order) its to-hit die
 * (when in doubt), then, if it hit, its save die (when in doubt), then, if it
 * destroyed a transport, its passengers' survival dice in state order.
 *
 * API:
 *
 * - `unitAttacks(b, unitId, order, dice, facts)` — §10.10: every element of
 *   the unit active when its attacks begin, in element order, makes its
 *   attacks. Called by an activation (combat.ts) after the unit has moved and
 *   embarked; `facts` (ActivationFacts) tells who stepped into their hex in
 *   this activation (Charge) and who is out of coherency (§8.8).
 * - `elementAttacks(b, attacker, order, dice, facts)` — one element's
 *   attacks, all its weapons (§10.11); returns how many it made.
 * - `mayAttack(b, e, facts)` — the conditions of §10.10 that do not depend on
 *   a target.
 * - `chooseTarget(b, attacker, order)` / `isEligible(b, attacker, target,
 *   order)` — §10.2 and §10.3.
 * - `attackOne(b, attacker, target, weapon, template, aim, facts, dice)` —
 *   one attack on one element (§10.5–§10.7), from `needToHit`, `saveOf` and
 *   `powerAndArmor`.
 * - `destroyElement(b, e, by, dice)` — an element destroyed, and, if a
 *   transport, its passengers' survival rolls at once (§13.1, survival.ts:
 *   the same `passengersSurvive` the morale phase uses for a transport that flees).
 */
import { formatHex, sameHex } from '../hex.ts';
import type { DiceSource } from '../dice.ts';
import type { Hex } from '../types.ts';
import type { Battlefield, Mutable } from './battlefield.ts';
import { denies, fireArc, has, hasFullArmor, isAirborne, template, weapons, type Template } from './capabilities.ts';
import { inFrontArc, inRear, rangeCm } from './geometry.ts';
import type { UnitOrder } from './orders.ts';
import { canSee, elementsHaveLos, sideSees } from './sight.ts';
import { passengersSurvive } from './survival.ts';
import { blastHexes, coneHexes } from './templates.ts';
import { TERRAIN_RULES, terrainAt } from './terrain.ts';
import type { Element } from './types.ts';

// ——— Events (§22.3) ———

/** A bonus or penalty to hit (§10.5), listed in this order in an attack event. */
export type HitMod = 'still' | 'rear' | 'charge' | 'indirect';

export interface AttackEvent {
  readonly type: 'attack';
  readonly seenBy: readonly string[];
  readonly attacker: string;
  readonly target: string;
  /** Which of the attacker's weapons, 1 … n (§10.11). */
  readonly weapon: number;
  /** cm (§10.1). */
  readonly range: number;
  readonly melee: boolean;
  readonly template: Template | null;
  /** The template's aimed hex (its target's), or null. */
  readonly aim: string | null;
  readonly need: number;
  /** Null: the result was not in doubt, no die was rolled. */
  readonly roll: number | null;
  readonly hit: boolean;
  readonly mods: readonly HitMod[];
}

export interface SaveEvent {
  readonly type: 'save';
  readonly seenBy: readonly string[];
  readonly element: string;
  /** 7: no save. */
  readonly need: number;
  readonly roll: number | null;
  readonly saved: boolean;
  /** The hex's cover save was the better one (strictly: a cover equal to the element's own Save is not). */
  readonly cover: boolean;
}

export interface DamageEvent {
  readonly type: 'damage';
  readonly seenBy: readonly string[];
  readonly element: string;
  /** After every modifier (§10.7). */
  readonly power: number;
  readonly armor: number;
  readonly destroyed: boolean;
}

export interface DestroyedEvent {
  readonly type: 'destroyed';
  readonly seenBy: readonly string[];
  readonly element: string;
  /** The attacker, or the transport it went down with. */
  readonly by: string;
  readonly hex: string | null;
}

// ——— What an activation knows of its own moves ———

/** What the attacks of an activation need to know of the activation itself. */
export interface ActivationFacts {
  /** Elements that entered their present hex by a step in this activation (Charge, §10.5). */
  readonly stepped: ReadonlySet<string>;
  /** Elements outside the unit's main group after moving (§8.8). */
  readonly outOfCoherency: ReadonlySet<string>;
}

export const NO_FACTS: ActivationFacts = { stepped: new Set(), outOfCoherency: new Set() };

// ——— Rolls ———

/**
 * A roll "n+" (§10.5 Ruling): a need of 1 or less succeeds and one of 7 or
 * more fails without a die; otherwise one die, at least the need.
 */
export function rollNeed(need: number, dice: DiceSource): { roll: number | null; success: boolean } {
  if (need <= 1) return { roll: null, success: true };
  if (need >= 7) return { roll: null, success: false };
  const roll = dice.roll();
  return { roll, success: roll >= need };
}

// ——— Small facts ———

const unitOfElement = (b: Battlefield, id: string) => b.units.find((u) => u.id === b.unitOf(id))!;

/** Range in cm from A to T (§10.1). */
const rangeTo = (a: Element, t: Element): number => rangeCm(a.hex!, t.hex!, isAirborne(t));

/** Whether an element can be attacked or caught by a template at all (§10.3 item 1, §10.8). */
export function isTargetable(b: Battlefield, t: Element): boolean {
  return t.status === 'active' && t.hex !== null && !t.hidden && !t.submerged && !b.insubstantial.has(t.id);
}

/** A's template for an attack on T: none at range 0 for a cone (an ordinary melee attack, §10.9). */
function templateFor(a: Element, t: Element): Template | null {
  const tm = template(a);
  if (tm === 'Cone' && sameHex(a.hex!, t.hex!) && !isAirborne(t)) return null;
  return tm;
}

/** The hexes a template attack on T covers, or null when T is out of a cone's reach. */
function templateHexes(a: Element, t: Element, tm: Template): Hex[] | null {
  return tm === 'Cone' ? coneHexes(a.hex!, t.hex!, a.range, isAirborne(t)) : blastHexes(tm, t.hex!);
}

/**
 * The elements a template aimed at T affects (§10.8, §10.9), in template
 * order: hex by hex (ring order, a cone's nearer hex first), then state order;
 * every targetable element, friend or foe, on T's level (airborne fliers if T
 * is one, every other element if not). A template aimed at A's own hex leaves
 * A out ("a proximity attack").
 */
export function affectedBy(b: Battlefield, a: Element, t: Element, hexes: readonly Hex[]): Mutable<Element>[] {
  const level = isAirborne(t);
  const out: Mutable<Element>[] = [];
  for (const h of hexes)
    for (const x of b.activeIn(h)) {
      if (!isTargetable(b, x) || isAirborne(x) !== level) continue;
      if (x.id === a.id && sameHex(t.hex!, a.hex!)) continue;
      out.push(x);
    }
  return out;
}

/** A has no LOS to T and attacks it by Indirect fire (§10.3 item 5, §10.4, §10.5). */
const indirectWithoutLos = (b: Battlefield, a: Element, t: Element): boolean =>
  has(a, 'IF') && !elementsHaveLos(b.position, a, t);

// ——— §10.3 eligible targets, §10.2 choosing one ———

/**
 * Whether T is an eligible target for A under A's order (§10.3): an enemy,
 * active, not hidden, submerged or insubstantial; seen by A (or, with
 * Indirect fire, by A's side); within range (a cone: within its reach); in
 * A's fire arc; in A's LOS (or A has Indirect fire); not a command element
 * unless strictly the closest of its unit's active elements; within `within`;
 * and, with `spare`, a template attack on it rolls against no friendly element.
 */
export function isEligible(b: Battlefield, a: Element, t: Element, order: UnitOrder): boolean {
  const side = b.sideOf(a.id);
  if (a.hex === null || a.facing === null) return false;
  if (b.sideOf(t.id) === side || !isTargetable(b, t)) return false;
  const sight = b.sight();
  if (!canSee(b.position, a, t, sight) && !(has(a, 'IF') && sideSees(b.now(), side, t, sight))) return false;
  const range = rangeTo(a, t);
  const tm = templateFor(a, t);
  if (tm === 'Cone') {
    if (coneHexes(a.hex, t.hex!, a.range, isAirborne(t)) === null) return false;
  } else if (range > a.range && range > 0) return false;
  const arc = fireArc(a);
  if (arc !== null && !inFrontArc(a.facing, a.hex, t.hex!, arc)) return false;
  if (!has(a, 'IF') && !elementsHaveLos(b.position, a, t)) return false;
  if (t.command) {
    const others = unitOfElement(b, t.id).elements.filter((x) => x.id !== t.id && x.status === 'active' && x.hex);
    if (others.some((x) => rangeTo(a, x) <= range)) return false;
  }
  if (order.within !== null && range > order.within) return false;
  if (order.spare && tm !== null) {
    const hexes = templateHexes(a, t, tm)!;
    if (affectedBy(b, a, t, hexes).some((x) => b.sideOf(x.id) === side)) return false;
  }
  return true;
}

/** The eligible element of a list nearest to A; ties to the earliest in the list. */
function nearestOf(a: Element, list: readonly Mutable<Element>[]): Mutable<Element> | null {
  let best: Mutable<Element> | null = null;
  for (const x of list) if (best === null || rangeTo(a, x) < rangeTo(a, best)) best = x;
  return best;
}

/**
 * A's target for its next attack (§10.2), from what is true now: the first
 * entry of `fire` that gives an eligible element (a unit id: its eligible
 * element nearest to A, ties element order; an element id: that element if
 * eligible); else `then` — `nearest` (least range, ties state order),
 * `weakest` (the unit with the fewest elements active or carried, ties by the
 * least range to an eligible element then state order; its nearest eligible
 * element) or `hold`. A One shot element takes targets only from `fire`.
 */
export function chooseTarget(b: Battlefield, a: Element, order: UnitOrder): Mutable<Element> | null {
  const ok = (t: Element) => isEligible(b, a, t, order);
  for (const id of order.fire) {
    const u = b.units.find((x) => x.id === id);
    if (u !== undefined) {
      const t = nearestOf(a, u.elements.filter(ok));
      if (t !== null) return t;
      continue;
    }
    const t = b.units.flatMap((x) => x.elements).find((x) => x.id === id);
    if (t !== undefined && ok(t)) return t;
  }
  if (has(a, 'OS')) return null;
  switch (order.then) {
    case 'hold':
      return null;
    case 'nearest':
      return nearestOf(
        a,
        b.units.flatMap((u) => u.elements.filter(ok)),
      );
    case 'weakest': {
      let best: { left: number; range: number; t: Mutable<Element> } | null = null;
      for (const u of b.units) {
        const t = nearestOf(a, u.elements.filter(ok));
        if (t === null) continue;
        const left = u.elements.filter((e) => e.status === 'active' || e.status === 'carried').length;
        const range = rangeTo(a, t);
        if (best === null || left < best.left || (left === best.left && range < best.range)) best = { left, range, t };
      }
      return best === null ? null : best.t;
    }
  }
}

// ——— §10.4 – §10.7: one attack on one element ———

/**
 * Whether an attack by A on T is from the rear (§10.4): its origin (A's hex;
 * in T's own hex, A's `from`, and never when A was placed there) lies in T's
 * rear 180°. Never on an element of a unit in square, never by Indirect fire
 * on a target A has no LOS to, and never on A itself (caught by its own
 * template: nothing is behind itself).
 */
export function fromTheRear(b: Battlefield, a: Element, t: Element): boolean {
  if (a.id === t.id || t.facing === null) return false;
  if (unitOfElement(b, t.id).formation === 'square') return false;
  if (indirectWithoutLos(b, a, t)) return false;
  const origin = sameHex(a.hex!, t.hex!) ? a.from : a.hex;
  return origin !== null && inRear(t.facing, t.hex!, origin);
}

/**
 * A's need to hit T, with the bonuses that made it (§10.5): To Hit, −1 if A
 * has not moved this turn (Move or fire: nor the turn before), −1 from the
 * rear, −1 for a Charge into T's hex in this activation (unless T denies
 * Charge), +1 for Indirect fire without LOS unless a friendly active Recon
 * element has LOS to T and can see it.
 */
export function needToHit(
  b: Battlefield,
  a: Element,
  t: Element,
  facts: Pick<ActivationFacts, 'stepped'>,
): { need: number; mods: HitMod[]; rear: boolean } {
  const mods: HitMod[] = [];
  if (!b.moved.has(a.id) && (!has(a, 'MoF') || a.still >= 1)) mods.push('still');
  const rear = fromTheRear(b, a, t);
  if (rear) mods.push('rear');
  const melee = rangeTo(a, t) === 0;
  if (melee && has(a, 'Ch') && facts.stepped.has(a.id) && !denies(t, 'Ch')) mods.push('charge');
  if (indirectWithoutLos(b, a, t) && !reconSpots(b, b.sideOf(a.id), t)) mods.push('indirect');
  const need = a.toHit - mods.filter((m) => m !== 'indirect').length + (mods.includes('indirect') ? 1 : 0);
  return { need, mods, rear };
}

/** A friendly active Recon element has LOS to T and can see it (§10.5, §12.1 Rec). */
function reconSpots(b: Battlefield, side: string, t: Element): boolean {
  const sight = b.sight();
  return b.units.some(
    (u) =>
      u.side === side &&
      u.elements.some(
        (r) =>
          has(r, 'Rec') &&
          r.status === 'active' &&
          elementsHaveLos(b.position, r, t) &&
          canSee(b.position, r, t, sight),
      ),
  );
}

/**
 * T's save against A (§10.6): the better of its own Save and its hex's cover,
 * where an airborne flier has no cover, Ignores cover takes the cover away
 * unless T denies it, and a Submersible T in water or river has cover one
 * better than the hex's. `cover` is true when the cover was strictly better.
 */
export function saveOf(b: Battlefield, a: Element, t: Element): { need: number; cover: boolean } {
  const terrain = terrainAt(b.position, t.hex!);
  let cover = TERRAIN_RULES[terrain].cover;
  if (has(t, 'Sub') && (terrain === 'water' || terrain === 'river')) cover = (cover ?? 7) - 1;
  if (isAirborne(t) || (has(a, 'IC') && !denies(t, 'IC'))) cover = null;
  if (cover !== null && cover < t.save) return { need: cover, cover: true };
  return { need: t.save, cover: false };
}

/**
 * Power against Armor (§10.7): Power doubled by Sharpshooter when shooting and
 * by Melee advantage in melee (unless T denies it); Armor 1 less from the rear
 * (unless Full armor) and 2 less against Bombardment (unless T denies it).
 */
export function powerAndArmor(a: Element, t: Element, melee: boolean, rear: boolean): { power: number; armor: number } {
  let power = a.power;
  if (!melee && has(a, 'SS') && !denies(t, 'SS')) power *= 2;
  if (melee && has(a, 'MA') && !denies(t, 'MA')) power *= 2;
  let armor = t.armor;
  if (rear && !hasFullArmor(t)) armor -= 1;
  if (template(a) === 'Bmb' && !denies(t, 'Bmb')) armor -= 2;
  return { power, armor };
}

/**
 * One attack of A on T (§10.5 – §10.7), with its events and dice: to hit,
 * then the save if it hit, then the damage if unsaved; a destroyed transport's
 * passengers roll to survive at once.
 */
export function attackOne(
  b: Battlefield,
  a: Mutable<Element>,
  t: Mutable<Element>,
  weapon: number,
  tm: Template | null,
  aim: Hex | null,
  facts: Pick<ActivationFacts, 'stepped'>,
  dice: DiceSource,
): void {
  const seenBy = [...b.position.sides];
  const range = rangeTo(a, t);
  const melee = range === 0;
  const { need, mods, rear } = needToHit(b, a, t, facts);
  const hit = rollNeed(need, dice);
  b.events.push({
    type: 'attack',
    seenBy,
    attacker: a.id,
    target: t.id,
    weapon,
    range,
    melee,
    template: tm,
    aim: aim === null ? null : formatHex(aim),
    need,
    roll: hit.roll,
    hit: hit.success,
    mods,
  } satisfies AttackEvent);
  if (!hit.success) return;
  const save = saveOf(b, a, t);
  const saved = rollNeed(save.need, dice);
  b.events.push({
    type: 'save',
    seenBy,
    element: t.id,
    need: save.need,
    roll: saved.roll,
    saved: saved.success,
    cover: save.cover,
  } satisfies SaveEvent);
  if (saved.success) return;
  const { power, armor } = powerAndArmor(a, t, melee, rear);
  const destroyed = power > armor;
  b.events.push({ type: 'damage', seenBy, element: t.id, power, armor, destroyed } satisfies DamageEvent);
  if (destroyed) destroyElement(b, t, a.id, dice);
}

// ——— Destroyed elements and their passengers (§10.7, §13.1) ———

/**
 * An element destroyed (§10.7): status `destroyed`, it stays in its hex for
 * the record; if a transport, its passengers roll to survive at once.
 */
export function destroyElement(b: Battlefield, e: Mutable<Element>, by: string, dice: DiceSource): void {
  e.status = 'destroyed';
  b.events.push({
    type: 'destroyed',
    seenBy: [...b.position.sides],
    element: e.id,
    by,
    hex: e.hex === null ? null : formatHex(e.hex),
  } satisfies DestroyedEvent);
  passengersSurvive(b, e.id, dice);
}

// ——— §10.10, §10.11: who attacks, and how often ———

/**
 * The conditions of §10.10 that need no target: A is active and in coherency
 * (§8.8), has a To Hit, is neither insubstantial nor submerged; Move or fire:
 * it has not moved this turn; Fires every other turn: it did not attack the
 * turn before; One shot: its shot is not used.
 */
export function mayAttack(b: Battlefield, e: Element, facts: Pick<ActivationFacts, 'outOfCoherency'>): boolean {
  if (e.status !== 'active' || e.hex === null || facts.outOfCoherency.has(e.id)) return false;
  if (e.toHit >= 7 || b.insubstantial.has(e.id) || e.submerged) return false;
  if (has(e, 'MoF') && b.moved.has(e.id)) return false;
  if (has(e, 'Feot') && e.firedTurn !== null && e.firedTurn === b.position.turn - 1) return false;
  if (has(e, 'OS') && e.shotUsed) return false;
  return true;
}

/**
 * One element's attacks (§10.10, §10.11): with MW<n>, n attacks in a row,
 * each choosing its target afresh; a template element makes n template
 * attacks. On its first attack it has `firedTurn` set, is revealed if a
 * hidden Scout, and a One shot element's shot is used (its other weapons still
 * fire in this activation: "attacks in one activation of the game").
 * Returns how many attacks it made (templates count once each).
 */
export function elementAttacks(
  b: Battlefield,
  a: Mutable<Element>,
  order: UnitOrder,
  dice: DiceSource,
  facts: ActivationFacts = NO_FACTS,
): number {
  if (!mayAttack(b, a, facts)) return 0;
  let made = 0;
  for (let w = 1; w <= weapons(a); w++) {
    if (a.status !== 'active') break;
    const t = chooseTarget(b, a, order);
    if (t === null) continue;
    if (made === 0) {
      a.firedTurn = b.position.turn;
      if (has(a, 'OS')) a.shotUsed = true;
      b.reveal(a, 'attacked');
    }
    made += 1;
    const tm = templateFor(a, t);
    if (tm === null) {
      attackOne(b, a, t, w, null, null, facts, dice);
      continue;
    }
    const aim = t.hex!;
    for (const x of affectedBy(b, a, t, templateHexes(a, t, tm)!))
      if (x.status === 'active') attackOne(b, a, x, w, tm, aim, facts, dice);
  }
  return made;
}

/**
 * Every element of a unit, in element order, makes its attacks (§6 item 4,
 * §10.10). Only elements active when the unit's attacks begin attack: one
 * that comes back onto the map during them (a passenger surviving its
 * transport, §13.1) was carried when its turn to attack was set.
 */
export function unitAttacks(
  b: Battlefield,
  unitId: string,
  order: UnitOrder,
  dice: DiceSource,
  facts: ActivationFacts = NO_FACTS,
): void {
  const u = b.units.find((x) => x.id === unitId)!;
  const ready = u.elements.filter((e) => e.status === 'active');
  for (const e of ready) elementAttacks(b, e, order, dice, facts);
}
