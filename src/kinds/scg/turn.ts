/**
 * One Simple Combat Game turn as the service resolves it (rules-scg.md §6–§13,
 * §17.6, §18.7): each side's orders checked again against the state (only a
 * moderator's change since they came in can make one illegal: its entry is
 * dropped and the unit follows the standing orders), a side without orders on
 * standing orders, and the turn recorded as `msc scg resolve` would print it.
 */
import { ordersJson, stateJson } from '../../adjudicator/scg-json.ts';
import type { DiceSource } from '../../rules/dice.ts';
import { ok, type Result, type RuleError } from '../../rules/result.ts';
import { resolveScgTurn } from '../../rules/scg/resolve.ts';
import { STANDING_ORDERS, type ScgSideOrders, type ScgState, type ScgTurnResult } from '../../rules/scg/types.ts';
import type { ResolveInput, ResolveOutput } from '../kind.ts';
import { checkOrders, type ScgOrdersUsed } from './docs.ts';

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * The turn played with the orders each side gave (a side absent, or conceded, is on standing orders): the rules'
 * result and the `ordersUsed` to record (§18.2).
 */
export function playScgTurn(
  state: ScgState,
  orders: Readonly<Record<string, ScgSideOrders>>,
  dice: DiceSource,
): { result: ScgTurnResult; ordersUsed: ScgOrdersUsed } {
  const result = resolveScgTurn(state, orders, dice);
  const ordersUsed = Object.fromEntries(
    state.sides.map((side) => {
      const given = Object.hasOwn(orders, side) && !state.conceded.includes(side);
      return [
        side,
        {
          source: given ? ('orders' as const) : ('standing' as const),
          ...ordersJson(state, given ? orders[side]! : STANDING_ORDERS),
        },
      ];
    }),
  ) as ScgOrdersUsed;
  return { result, ordersUsed };
}

/** The events as stored: plain JSON (an optional field left undefined is not written). */
export const storedEvents = (r: ScgTurnResult) => asJson(r.events) as { type: string }[];

/** The state after the turn as stored. */
export const storedState = (r: ScgTurnResult) => asJson(stateJson(r.state));

/**
 * Orders that are no longer legal dropped, entry by entry (a problem that names no unit drops the side's orders):
 * what is left, and each problem as a rule error.
 */
function dropIllegal(
  state: ScgState,
  given: ReadonlyMap<string, ScgSideOrders>,
): { orders: Record<string, ScgSideOrders>; dropped: RuleError[] } {
  const first = checkOrders(state, given);
  if (first.ok) return { orders: first.orders, dropped: [] };
  const dropped: RuleError[] = first.errors.map((e) => ({
    code: e.code,
    message: `${e.side ? `${e.side}: ` : ''}${e.message}`,
    ...(e.unit ? { ship: e.unit } : {}),
  }));
  const kept = new Map<string, ScgSideOrders>();
  for (const [side, o] of given) {
    const mine = first.errors.filter((e) => e.side === side);
    if (mine.some((e) => e.unit === undefined)) continue;
    const bad = new Set(mine.map((e) => e.unit));
    kept.set(side, { move: o.move.filter((m) => !bad.has(m.unit)), fire: o.fire.filter((f) => !bad.has(f.unit)) });
  }
  const second = checkOrders(state, kept);
  // Whatever still does not read is dropped whole: the side is on standing orders.
  return { orders: second.ok ? second.orders : {}, dropped };
}

export function resolveScg(input: ResolveInput<ScgState, ScgSideOrders>): Result<ResolveOutput<ScgState>, RuleError[]> {
  const { state } = input;
  // The missing sides and the no-orders policy need nothing more: a side without orders has standing orders (§17.6).
  const { orders, dropped } = dropIllegal(state, input.orders);
  const { result, ordersUsed } = playScgTurn(state, orders, input.dice);
  return ok({
    state: result.state,
    events: storedEvents(result),
    ordersUsed,
    gameOver: result.gameOver,
    winner: result.winner,
    reason: result.reason,
    dropped,
  });
}
