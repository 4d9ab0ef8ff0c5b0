/**
 * The two combat phases of a turn (rules-mini-combat.md §4 items 2 and 3):
 * the instant combat phase, where teleporting units arrive, move and attack
 * (§14), and the normal combat phase, where every other unit moves and
 * attacks (§6, §8, §10) — each an alternation of unit activations, first side
 * first (§6).
 *
 * API, for the engineer assembling the turn (§4):
 *
 *     // before: the turn is opened (insubstantial units in b.insubstantial,
 *     // Deny Scout reveals) and the initiative rolled
 *     combatPhase(b, 'instant', initiative.order, orders, dice);
 *     combatPhase(b, 'normal', initiative.order, orders, dice);
 *     // after: recover, morale, drop, resolution; updateStill(b)
 *
 * - `combatPhase(b, phase, order, orders, dice): void` — one phase: each
 *   side's activation list (its entries, then its unlisted units with the
 *   standing order, §6 item 3) filtered to the phase (`teleport` entries act
 *   in the instant phase, every other in the normal one), played out
 *   alternately by `alternate` (activation.ts).
 * - `activate(b, phase, side, order, dice): void` — one unit's activation
 *   (§6 item 4): the `activation` event; Square formed or left (§12.2); the
 *   teleport (instant phase, §14) or disembarking (§13.1); the move (§8,
 *   moveUnit); Deny Scout reveals after moving (§12.1); embarking (§13.1);
 *   coherency (§8.8); then the attacks (§10, attack.ts).
 * - `resolveCombat(position, input): { position, events, moved }` — both
 *   phases on a plain position, for callers that do not hold a Battlefield.
 *
 * Everything mutates the Battlefield in place and appends §22.3 events to
 * `b.events`; dice are consumed in the order of §22.5 items 2 and 3.
 */
import type { DiceSource } from '../dice.ts';
import { activationList, alternate, inInstantPhase, mayActInInstantPhase, mayActInNormalPhase } from './activation.ts';
import { unitAttacks, type ActivationFacts } from './attack.ts';
import { Battlefield, type MiniEvent } from './battlefield.ts';
import { outOfCoherency, moveUnit, revealByDeny } from './move.ts';
import type { MiniOrders, UnitOrder } from './orders.ts';
import { sideSees } from './sight.ts';
import { teleportUnit } from './teleport.ts';
import { disembarkUnit, embarkUnit } from './transport.ts';
import type { MiniPosition } from './types.ts';

export type CombatPhase = 'instant' | 'normal';

export interface ActivationEvent {
  readonly type: 'activation';
  readonly seenBy: readonly string[];
  readonly phase: CombatPhase;
  readonly side: string;
  readonly unit: string;
}

/**
 * One unit's activation (§6 item 4). Its `activation` event is written
 * first; who sees it is settled at the end of the activation (§9.3: the
 * enemy sees it if it can see any element of the unit then).
 */
export function activate(b: Battlefield, phase: CombatPhase, side: string, order: UnitOrder, dice: DiceSource): void {
  const u = b.units.find((x) => x.id === order.unit)!;
  const index = b.events.length;
  const event: { -readonly [K in keyof ActivationEvent]: ActivationEvent[K] } = {
    type: 'activation',
    seenBy: [side],
    phase,
    side,
    unit: u.id,
  };
  b.events.push(event);
  try {
    // Square (§12.2): formed with `square`; left at the next activation without it.
    u.formation = order.square ? 'square' : null;
    if (phase === 'instant' && order.teleport.length > 0 && !teleportUnit(b, u.id, order, dice)) return;
    if (order.disembark) disembarkUnit(b, u.id);
    const moves = moveUnit(b, u.id, order);
    revealByDeny(b);
    if (order.embark !== null) embarkUnit(b, u.id, order.embark);
    const facts: ActivationFacts = {
      stepped: new Set(moves.filter((m) => m.entered.length > 0).map((m) => m.element)),
      outOfCoherency: outOfCoherency(u),
    };
    unitAttacks(b, u.id, order, dice, facts);
  } finally {
    const sight = b.sight();
    const now = b.now();
    event.seenBy = b.position.sides.filter((s) => s === side || u.elements.some((e) => sideSees(now, s, e, sight)));
    b.events[index] = { ...event };
  }
}

/**
 * One combat phase (§6): the first side activates the first unit of its list
 * that may act in the phase, then the second side, alternating; a unit that
 * may no longer act when its place comes is passed over. In the instant phase
 * only `teleport` entries act, while they have an element to place; in the
 * normal phase every other entry whose unit has an element active or carried.
 * `order` is the initiative's order, first side first.
 */
export function combatPhase(
  b: Battlefield,
  phase: CombatPhase,
  order: readonly [string, string],
  orders: MiniOrders,
  dice: DiceSource,
): void {
  const instant = phase === 'instant';
  const list = (side: string) => activationList(b, side, orders).filter((o) => inInstantPhase(o) === instant);
  const unitOf = (o: UnitOrder) => b.units.find((x) => x.id === o.unit);
  alternate(
    list(order[0]),
    list(order[1]),
    (o) => {
      const u = unitOf(o);
      return u !== undefined && (instant ? mayActInInstantPhase(u) : mayActInNormalPhase(u));
    },
    (o, s) => activate(b, phase, order[s], o, dice),
  );
}

export interface CombatInput {
  /** The initiative's order, first side first (§5). */
  readonly order: readonly [string, string];
  readonly orders: MiniOrders;
  readonly dice: DiceSource;
  /** Elements insubstantial this turn (§12.1). */
  readonly insubstantial?: ReadonlySet<string>;
}

/**
 * Both combat phases on a plain position (§4 items 2 and 3): the position
 * after them, their events, and the elements that have moved (§8.9).
 */
export function resolveCombat(
  position: MiniPosition,
  input: CombatInput,
): { position: MiniPosition; events: MiniEvent[]; moved: Set<string> } {
  const b = new Battlefield(position);
  for (const id of input.insubstantial ?? []) b.insubstantial.add(id);
  combatPhase(b, 'instant', input.order, input.orders, input.dice);
  combatPhase(b, 'normal', input.order, input.orders, input.dice);
  return { position: b.snapshot(), events: b.events, moved: new Set(b.moved) };
}
