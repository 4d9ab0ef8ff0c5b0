/**
 * One turn of the Simple Combat Game (rules-scg.md §6, §7, §13): concession
 * and the position's own end first, then initiative, movement and fire with
 * their alternating activations, then the end of the turn, victory and scores.
 * The state and orders must have been checked (check.ts); dice come from the
 * caller's source and are taken in the order of §19.
 */
import type { DiceSource } from '../dice.ts';
import { Field, type LiveUnit } from './board.ts';
import { fireUnit } from './fire.ts';
import { unitTypeOf } from './forces.ts';
import { moveUnit } from './movement.ts';
import {
  STANDING_ORDERS,
  type EndReason,
  type FireEntry,
  type InitiativeEvent,
  type MoveOrder,
  type ScgEvent,
  type ScgSideOrders,
  type ScgState,
  type ScgTurnResult,
  type ScgUnit,
} from './types.ts';

/** §13 rule 4: for each enemy unit, its points if destroyed, else floor(points × damage / DC). */
export function scores(
  state: Pick<ScgState, 'sides' | 'unitTypes'>,
  units: readonly ScgUnit[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const side of state.sides) out[side] = 0;
  for (const u of units) {
    const t = unitTypeOf(state.unitTypes, u.type);
    if (!t) continue;
    const value = u.status === 'destroyed' ? t.points : Math.floor((t.points * u.damage) / t.dc);
    for (const side of state.sides) if (side !== u.side) out[side] = (out[side] ?? 0) + value;
  }
  return out;
}

/** §7: one die each in seat order, +1 for more units in play, re-rolled while equal. */
export function rollInitiative(field: Field, sides: readonly [string, string], dice: DiceSource): InitiativeEvent {
  const [a, b] = sides;
  const na = field.inPlay(a).length;
  const nb = field.inPlay(b).length;
  const bonus = { [a]: na > nb ? 1 : 0, [b]: nb > na ? 1 : 0 };
  const rolls: Record<string, number[]> = { [a]: [], [b]: [] };
  for (;;) {
    const ra = dice.roll();
    const rb = dice.roll();
    rolls[a]!.push(ra);
    rolls[b]!.push(rb);
    const ta = ra + bonus[a]!;
    const tb = rb + bonus[b]!;
    if (ta !== tb) return { type: 'initiative', rolls, bonus, order: ta > tb ? [a, b] : [b, a] };
  }
}

/**
 * Alternating activations (§8.1, §9.1): the initiative side's next unit, then the other's, and so on; when a side has
 * none left the other goes on alone. `next` gives a side's next unit to activate, or null.
 */
function alternate(
  order: readonly string[],
  next: (side: string) => LiveUnit | null,
  activate: (u: LiveUnit) => void,
  stop: () => boolean = () => false,
): void {
  let turn = 0;
  const done = new Set<string>();
  while (done.size < order.length && !stop()) {
    const side = order[turn % order.length]!;
    turn += 1;
    if (done.has(side)) continue;
    const u = next(side);
    if (u === null) done.add(side);
    else activate(u);
  }
}

/** A side's list: the units its orders name, in their order, then its other units in play in unit order. */
function activationList(field: Field, side: string, entries: readonly { unit: string }[]): LiveUnit[] {
  const listed = new Set<string>();
  const list: LiveUnit[] = [];
  for (const e of entries) {
    const u = field.byId.get(e.unit);
    if (!u || u.side !== side || u.status !== 'active' || listed.has(u.id)) continue;
    listed.add(u.id);
    list.push(u);
  }
  for (const u of field.inPlay(side)) if (!listed.has(u.id)) list.push(u);
  return list;
}

function end(
  state: ScgState,
  field: Field,
  events: ScgEvent[],
  initiative: readonly string[],
  winner: string | null,
  reason: EndReason | null,
  diceUsed: number,
): ScgTurnResult {
  const units = field.toUnits();
  const score = scores(state, units);
  if (reason !== null)
    events.push({ type: 'game-over', winner: winner === 'draw' ? null : winner, reason, scores: score });
  return {
    state: { ...state, turn: state.turn + 1, units, conceded: [...state.conceded] },
    initiative,
    events,
    scores: score,
    winner,
    gameOver: reason !== null,
    reason,
    diceUsed,
  };
}

/** §13 rule 2: a side with no unit in play has lost; neither with one, a draw. */
function destruction(field: Field, sides: readonly [string, string]): string | null {
  const [a, b] = sides;
  const ha = field.inPlay(a).length > 0;
  const hb = field.inPlay(b).length > 0;
  if (ha && hb) return null;
  return ha ? a : hb ? b : 'draw';
}

/** Resolves one turn. Throws DiceExhaustedError (from the source) when scripted dice run out. */
export function resolveScgTurn(
  state: ScgState,
  orders: Readonly<Partial<Record<string, ScgSideOrders>>>,
  dice: DiceSource,
): ScgTurnResult {
  const started = dice.used;
  const field = new Field(state);
  const events: ScgEvent[] = [];
  const [a, b] = state.sides;

  // §13 rule 1, then rule 2 on the position as it stands: nothing is rolled or moved.
  const conceded = state.sides.filter((s) => state.conceded.includes(s));
  if (conceded.length > 0) {
    const winner = conceded.length === 2 ? 'draw' : conceded[0] === a ? b : a;
    return end(state, field, events, [], winner, 'concession', 0);
  }
  const already = destruction(field, state.sides);
  if (already !== null) return end(state, field, events, [], already, 'destroyed', 0);

  const ordersOf = (side: string): ScgSideOrders =>
    Object.hasOwn(orders, side) ? (orders[side] ?? STANDING_ORDERS) : STANDING_ORDERS;

  const init = rollInitiative(field, state.sides, dice);
  events.push(init);

  // Movement (§8).
  const moveOrders = new Map<string, MoveOrder>();
  const moveLists = new Map<string, LiveUnit[]>();
  for (const side of state.sides) {
    const entries = ordersOf(side).move;
    for (const e of entries) if (!moveOrders.has(e.unit)) moveOrders.set(e.unit, e.order);
    moveLists.set(side, activationList(field, side, entries));
  }
  const movePos = new Map<string, number>();
  alternate(
    init.order,
    (side) => {
      const list = moveLists.get(side)!;
      const at = movePos.get(side) ?? 0;
      movePos.set(side, at + 1);
      return list[at] ?? null;
    },
    (u) => events.push(moveUnit(field, u, moveOrders.get(u.id) ?? { kind: 'hold' })),
  );

  // Fire (§9): a unit destroyed before its activation never fires; the phase ends when a side has no unit left.
  const fireOrders = new Map<string, FireEntry>();
  const fireLists = new Map<string, LiveUnit[]>();
  for (const side of state.sides) {
    const entries = ordersOf(side).fire;
    for (const e of entries) if (!fireOrders.has(e.unit)) fireOrders.set(e.unit, e);
    fireLists.set(side, activationList(field, side, entries));
  }
  const fired = new Set<string>();
  alternate(
    init.order,
    (side) => fireLists.get(side)!.find((u) => u.status === 'active' && !fired.has(u.id)) ?? null,
    (u) => {
      fired.add(u.id);
      events.push(...fireUnit(field, u, fireOrders.get(u.id), dice));
    },
    () => destruction(field, state.sides) !== null,
  );

  // End of turn (§6 step 4, §13 rules 2 and 3).
  const used = dice.used - started;
  const gone = destruction(field, state.sides);
  if (gone !== null) return end(state, field, events, init.order, gone, 'destroyed', used);
  if (state.turnLimit !== null && state.turn >= state.turnLimit) {
    const s = scores(state, field.toUnits());
    const winner = s[a]! > s[b]! ? a : s[b]! > s[a]! ? b : 'draw';
    return end(state, field, events, init.order, winner, 'turn-limit', used);
  }
  return end(state, field, events, init.order, null, null, used);
}
