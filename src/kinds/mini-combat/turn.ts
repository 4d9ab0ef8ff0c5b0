/**
 * One Mini Combat turn as the service resolves it (rules-mini-combat.md §4,
 * §22.8): each side's list checked again against the position (§18; only a
 * moderator's change since the orders came in can make an entry illegal: it
 * is dropped, and its unit follows the standing order), a side without orders
 * on the standing order, and the turn recorded as `msc mini resolve` prints it.
 */
import { orderToJson } from '../../adjudicator/mini-combat-json.ts';
import { checkSideOrders } from '../../rules/mini-combat/check.ts';
import type { UnitOrder } from '../../rules/mini-combat/orders.ts';
import { playMiniTurn, type MiniTurn } from '../../rules/mini-combat/turn.ts';
import type { MiniPosition } from '../../rules/mini-combat/types.ts';
import { ok, type Result, type RuleError } from '../../rules/result.ts';
import type { ResolveInput, ResolveOutput } from '../kind.ts';
import { writeMiniState, type MiniSideOrders } from './docs.ts';

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** The orders of every side, entry by entry: those still legal, and why the others were dropped. */
export function understood(
  p: MiniPosition,
  given: ReadonlyMap<string, MiniSideOrders>,
): { orders: Record<string, UnitOrder[]>; dropped: RuleError[] } {
  const orders: Record<string, UnitOrder[]> = {};
  const dropped: RuleError[] = [];
  for (const side of p.sides) {
    const entries = given.get(side) ?? [];
    const kept: UnitOrder[] = [];
    for (const entry of entries) {
      const r = checkSideOrders(p, side, [entry]);
      if (r.problems.length === 0) kept.push(...r.orders);
      else
        for (const e of r.problems)
          dropped.push({ code: e.code, message: `${side}: ${e.message}`, ...(e.unit ? { ship: e.unit } : {}) });
    }
    // Entries checked one by one may still clash as a list (a unit twice): the whole list decides.
    const all = checkSideOrders(p, side, kept.map(orderToJson));
    orders[side] = all.problems.length === 0 ? all.orders : [];
  }
  return { orders, dropped };
}

/** The turn's `ordersUsed` as stored (§22.2): both sides' lists as understood, as JSON entries. */
export const storedOrders = (t: MiniTurn, p: MiniPosition) =>
  asJson(Object.fromEntries(p.sides.map((s) => [s, (t.ordersUsed[s] ?? []).map(orderToJson)])));

export function resolveMini(
  input: ResolveInput<MiniPosition, MiniSideOrders>,
): Result<ResolveOutput<MiniPosition>, RuleError[]> {
  const { state } = input;
  const { orders, dropped } = understood(state, input.orders);
  const turn = playMiniTurn(state, orders, input.dice);
  return ok({
    state: turn.position,
    events: asJson(turn.events) as { type: string }[],
    ordersUsed: storedOrders(turn, state),
    gameOver: turn.over !== null,
    winner: turn.over?.winner ?? null,
    reason: turn.over?.reason ?? null,
    dropped,
  });
}

/** The state after a turn as stored. */
export const storedPosition = (p: MiniPosition) => asJson(writeMiniState(p));
