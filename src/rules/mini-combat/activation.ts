/**
 * The seed's alternating activations, from written lists (rules-mini-combat.md §6).
 * Each side's list is its orders, in order, then the units it did not list
 * (in state order, with the standing order). In a phase the first side
 * activates the first unit of its list that may act in that phase, then the
 * second side, alternating; a unit that may no longer act when its place
 * comes is passed over without using its side's turn; when one side has no
 * unit left, the other activates all its remaining units in order.
 */
import { standingOrder, type MiniOrders, type UnitOrder } from './orders.ts';
import { has } from './capabilities.ts';
import type { MiniPosition, Unit } from './types.ts';

/** A side's activation list extended with its unlisted units, standing order each, in state order (§6 item 3). */
export function activationList(p: Pick<MiniPosition, 'units'>, side: string, orders: MiniOrders): UnitOrder[] {
  const listed = [...(orders[side] ?? [])];
  const named = new Set(listed.map((o) => o.unit));
  for (const u of p.units) if (u.side === side && !named.has(u.id)) listed.push(standingOrder(u.id));
  return listed;
}

/** Which entries act in each combat phase (§6 item 2): `teleport` in the instant phase, every other in the normal. */
export const inInstantPhase = (o: UnitOrder): boolean => o.teleport.length > 0;

/**
 * Plays the alternation of §6 item 1 over two lists, first side first. `mayAct`
 * is asked when an entry's place comes (so it sees everything earlier
 * activations did); `act` carries out one activation.
 */
export function alternate(
  first: readonly UnitOrder[],
  second: readonly UnitOrder[],
  mayAct: (o: UnitOrder) => boolean,
  act: (o: UnitOrder, side: 0 | 1) => void,
): void {
  const lists = [first, second] as const;
  const next = [0, 0];
  /** The side's next entry that may act now, or null when its list is done. */
  const take = (s: 0 | 1): UnitOrder | null => {
    const list = lists[s];
    while (next[s]! < list.length) {
      const o = list[next[s]!]!;
      next[s]! += 1;
      if (mayAct(o)) return o;
    }
    return null;
  };
  let turn: 0 | 1 = 0;
  const done = [false, false];
  while (!done[0] || !done[1]) {
    if (done[turn]) {
      turn = turn === 0 ? 1 : 0;
      continue;
    }
    const o = take(turn);
    if (o === null) done[turn] = true;
    else act(o, turn);
    turn = turn === 0 ? 1 : 0;
  }
}

/** Normal combat phase (§6 item 2): a unit with at least one element `active` or `carried` acts. */
export const mayActInNormalPhase = (u: Unit): boolean =>
  u.elements.some((e) => e.status === 'active' || e.status === 'carried');

/**
 * Instant combat phase (§6 item 2, §14): a teleporting unit acts while it has
 * an element to place — one in reserve, or, for an Ethereal unit, one on the map.
 */
export const mayActInInstantPhase = (u: Unit): boolean =>
  u.elements.some((e) => e.status === 'reserve' || (e.status === 'active' && has(e, 'Eth')));
