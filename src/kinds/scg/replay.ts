/**
 * Replaying an archived Simple Combat Game turn (`msc verify`, docs/archive.md):
 * the state before it with the orders it recorded — a side's own orders
 * followed, standing orders for a side that had none — resolved again with
 * the dice where the record says they stood.
 */
import { z } from 'zod';
import { parseScgInput } from '../../adjudicator/scg-json.ts';
import type { DiceSource } from '../../rules/dice.ts';
import { err, ok, type Result } from '../../rules/result.ts';
import type { ScgSideOrders } from '../../rules/scg/types.ts';
import type { ArchiveReplay, RecordedTurn, ReplayedTurn, ReplayProblem } from '../kind.ts';
import { ordersFromJson, ordersUsedSchema, parseScgState } from './docs.ts';
import { playScgTurn, storedEvents, storedState } from './turn.ts';

const problem = (what: string, expected: unknown, found: unknown): Result<never, ReplayProblem> =>
  err({ what, expected, found });

/** A state document: one `msc scg check` reads (§18.1 without orders and dice). */
const stateSchema = z.unknown().superRefine((doc, ctx) => {
  const r = parseScgState(doc);
  if (!r.ok) for (const e of r.errors) ctx.addIssue({ code: 'custom', message: `${e.code}: ${e.message}` });
});

function describeEvent(e: unknown): string {
  const x = (e ?? {}) as Record<string, unknown>;
  switch (x.type) {
    case 'shot':
    case 'damage':
    case 'wasted':
      return `${String(x.type)} ${String(x.unit)} ${String(x.weapon)} at ${String(x.target)}`;
    case 'initiative':
    case 'game-over':
      return String(x.type);
    default:
      return `${String(x.type)} ${String(x.unit)}`;
  }
}

function replayTurn(t: RecordedTurn, dice: DiceSource): Result<ReplayedTurn, ReplayProblem> {
  const read = parseScgInput(t.stateBefore, 'check');
  if (!read.ok)
    return problem(
      `stateBefore: not a Simple Combat Game state: ${read.errors.map((e) => e.message).join('; ')}`,
      'a valid state',
      t.stateBefore,
    );
  const state = read.value.state;
  const recorded = ordersUsedSchema.safeParse(t.ordersUsed);
  if (!recorded.success) return problem('ordersUsed: not Simple Combat Game orders', 'orders by side', t.ordersUsed);
  const orders: Record<string, ScgSideOrders> = {};
  for (const [side, o] of Object.entries(recorded.data)) {
    if (!state.sides.includes(side)) return problem(`ordersUsed.${side}: not a side of stateBefore`, state.sides, side);
    if (o.source !== 'orders') continue;
    const { source: _source, ...doc } = o;
    const read = ordersFromJson(doc);
    if (typeof read === 'string') return problem(`ordersUsed.${side}: ${read}`, 'orders', o);
    orders[side] = read;
  }
  let played: ReturnType<typeof playScgTurn>;
  try {
    played = playScgTurn(state, orders, dice);
  } catch (error) {
    return problem(
      `the turn cannot be replayed: ${error instanceof Error ? error.message : String(error)}`,
      'a turn the rules resolve',
      t.ordersUsed,
    );
  }
  const r = played.result;
  return ok({
    events: storedEvents(r),
    stateAfter: storedState(r),
    ordersUsed: JSON.parse(JSON.stringify(played.ordersUsed)) as unknown,
    over: r.gameOver ? { winner: r.winner ?? 'draw', reason: r.reason } : null,
  });
}

export const scgReplay: ArchiveReplay = {
  stateSchema,
  ordersSchema: ordersUsedSchema,
  replayTurn,
  describeEvent,
};
