/**
 * The whole turn (rules-mini-combat.md §4): it opens (units ordered
 * `insubstantial` become so, Deny Scout reveals), then the seven phases —
 * initiative (§5), instant combat (§14), normal combat (§6), recover (§17),
 * morale (§16), drop (§15), resolution (§20) — then every active element's
 * `still` is updated (§8.9) and `insubstantial` ends. A concession ends the
 * game before any of it (§20.4).
 *
 * API, for the adjudicator and the game kind:
 *
 * - `resolveMiniTurn(position, entries, dice): Result<MiniTurn, MiniRuleError[]>`
 *   — both sides' entries as written (§7, §22.1) checked by §18 (every
 *   problem, nothing resolved), then `playMiniTurn`.
 * - `playMiniTurn(position, orders, dice): MiniTurn` — the turn from orders
 *   already understood (the mail language gives these). A side with no
 *   entries, or units it did not list, follow the standing order (§6 item 3;
 *   §22.8: "the no-orders policy is the standing order").
 * - `eventsSeenBy(events, side)` — the events one side is shown (§9.3, §22.4).
 * - `turnViews(position)` — each side's view after the turn (§22.4).
 *
 * Dice are consumed only in the order of §22.5; nothing here rolls itself.
 */
import type { DiceSource } from '../dice.ts';
import { err, ok, type Result } from '../result.ts';
import { Battlefield, type MiniEvent } from './battlefield.ts';
import { has } from './capabilities.ts';
import { checkSideOrders, type OrderEntryInput } from './check.ts';
import { closingPhases } from './closing.ts';
import { combatPhase } from './combat.ts';
import { concession, gameOverEvent, type GameEnd } from './end.ts';
import { rollInitiative } from './initiative.ts';
import { revealByDeny, updateStill } from './move.ts';
import type { MiniOrders, UnitOrder } from './orders.ts';
import { betweenTurns } from './sight.ts';
import type { MiniPosition, MiniRuleError } from './types.ts';
import { sideView, type SideView } from './views.ts';

/** A resolved turn (§22.2). */
export interface MiniTurn {
  /** The position after the turn: `turn` is the next one (the same one when a concession ended the game). */
  readonly position: MiniPosition;
  /** §22.3, in the order they happened. */
  readonly events: readonly MiniEvent[];
  /** First side first; empty when no turn was played (a concession). */
  readonly initiative: readonly string[];
  /** Both sides' activation lists as understood; a side that gave none has `[]` (standing orders). */
  readonly ordersUsed: MiniOrders;
  /** How the game ended, or null while it goes on. */
  readonly over: GameEnd | null;
  /** Dice consumed (§22.5). */
  readonly diceUsed: number;
}

/**
 * The opening of the turn (§4): "the units ordered `insubstantial` become so
 * (one `insubstantial` event each, sides in `sides` order, each side's units
 * in its list order), then hidden Scouts within range of an enemy Deny Scout
 * element are revealed (`reveal` events in state order)".
 */
function openTurn(b: Battlefield, orders: MiniOrders): void {
  for (const side of b.position.sides)
    for (const o of orders[side] ?? []) {
      if (!o.insubstantial) continue;
      const u = b.units.find((x) => x.id === o.unit && x.side === side);
      if (u === undefined) continue;
      for (const e of u.elements) if (has(e, 'Ins')) b.insubstantial.add(e.id);
      b.events.push({ type: 'insubstantial', seenBy: [side], unit: u.id });
    }
  revealByDeny(b);
}

/** Only the sides of the game, each with its list (none given: `[]`). */
const ordersOfSides = (p: MiniPosition, orders: MiniOrders): MiniOrders =>
  Object.fromEntries(p.sides.map((s) => [s, [...(orders[s] ?? [])]]));

/**
 * One turn from orders already understood (§4). A concession (§20.4) ends the
 * game at once: "the turn is not played, no die is rolled, and `turn` stays as
 * it was" — only the `game-over` event is written.
 */
export function playMiniTurn(position: MiniPosition, orders: MiniOrders, dice: DiceSource): MiniTurn {
  const used = ordersOfSides(position, orders);
  const before = dice.used;
  const conceded = concession(position);
  if (conceded !== null)
    return {
      position,
      events: [gameOverEvent(position, conceded)],
      initiative: [],
      ordersUsed: used,
      over: conceded,
      diceUsed: 0,
    };
  const b = new Battlefield(position);
  openTurn(b, used);
  const initiative = rollInitiative(position.sides, dice);
  b.events.push({ ...initiative });
  combatPhase(b, 'instant', initiative.order, used, dice);
  combatPhase(b, 'normal', initiative.order, used, dice);
  const over = closingPhases(b, initiative.order, used, dice);
  updateStill(b);
  b.insubstantial.clear();
  return {
    position: { ...b.snapshot(), turn: position.turn + 1 },
    events: b.events,
    initiative: [...initiative.order],
    ordersUsed: used,
    over,
    diceUsed: dice.used - before,
  };
}

/**
 * One turn from both sides' entries as written (§7, §22.1): each side's list
 * is checked against the position (§18) — orders for a side not in `sides`
 * are `SIDE_UNKNOWN` — and any problem, of either side, means nothing is
 * resolved (every problem is returned). A side without entries follows the
 * standing order with every unit.
 */
export function resolveMiniTurn(
  position: MiniPosition,
  entries: Readonly<Record<string, readonly OrderEntryInput[]>>,
  dice: DiceSource,
): Result<MiniTurn, MiniRuleError[]> {
  const problems: MiniRuleError[] = [];
  for (const side of Object.keys(entries))
    if (!position.sides.includes(side))
      problems.push({
        side,
        code: 'SIDE_UNKNOWN',
        message: `orders for "${side}", which is not a side: ${position.sides.join(' or ')}`,
      });
  const orders: Record<string, readonly UnitOrder[]> = {};
  for (const side of position.sides) {
    const r = checkSideOrders(position, side, Object.hasOwn(entries, side) ? entries[side]! : []);
    problems.push(...r.problems);
    orders[side] = r.orders;
  }
  if (problems.length > 0) return err(problems);
  return ok(playMiniTurn(position, orders, dice));
}

/**
 * The events a side is shown (§9.3, §22.4): those whose `seenBy` holds it,
 * in the order they happened.
 */
export function eventsSeenBy(events: readonly MiniEvent[], side: string): MiniEvent[] {
  return events.filter((e) => e.seenBy.includes(side));
}

/** Each side's view of a position between turns (§9.3, §22.4), in `sides` order. */
export function turnViews(position: MiniPosition): Record<string, SideView> {
  return Object.fromEntries(position.sides.map((s) => [s, turnView(position, s)]));
}

/** One side's view of a position between turns (§9.3, §22.4). */
export const turnView = (position: MiniPosition, side: string): SideView =>
  sideView(position, side, betweenTurns(position));

/** The events every side was shown (§22.4): those whose `seenBy` holds every side, in the order they happened. */
export function eventsSeenByAll(events: readonly MiniEvent[], sides: readonly string[]): MiniEvent[] {
  return events.filter((e) => sides.every((s) => e.seenBy.includes(s)));
}

/**
 * What every side knows alike between turns (§9.3, §22.4), for a reader who is none of them (an observer): no unit
 * of its own; of each side's elements, those every other side sees (a side knows its own). Never a hidden Scout, a
 * reserve, a submerged or carried element, nor one a Stealth keeps from any side.
 */
export function commonView(position: MiniPosition): SideView {
  const views = position.sides.map((s) => turnView(position, s));
  const seenBy = (v: SideView, unit: string, element: string) =>
    v.enemy.some((u) => u.id === unit && u.elements.some((e) => e.id === element));
  const enemy = position.sides.flatMap((owner) => {
    const others = views.filter((v) => v.side !== owner);
    return (others[0]?.enemy ?? [])
      .filter((u) => u.side === owner)
      .map((u) => ({ ...u, elements: u.elements.filter((e) => others.every((v) => seenBy(v, u.id, e.id))) }))
      .filter((u) => u.elements.length > 0);
  });
  const first = views[0]!;
  return { side: '', turn: first.turn, units: [], enemy, objectives: first.objectives, score: first.score };
}
