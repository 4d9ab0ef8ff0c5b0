/**
 * A game's played turns as the pages read them: the position before and
 * after each, its events (every die) and the orders it resolved with. Orders
 * of a turn that has not resolved are never here; a seat's own standing
 * orders come from `standingOrderSet`, for that seat only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { submissions } from '../../db/schema.ts';
import type { TurnEvent } from '../../rules/events.ts';
import type { Position, ShipOrders } from '../../rules/types.ts';
import type { GamesContext } from '../context.ts';
import { createTurnsRepository } from '../turns/turns.repository.ts';
import { readOrders, readPosition } from '../games/state.ts';

export interface PlayedTurn {
  readonly number: number;
  readonly resolvedAt: Date | null;
  readonly before: Position;
  readonly after: Position;
  readonly events: readonly TurnEvent[];
  /** Every ship's orders as resolved (the no-orders policy's included). */
  readonly orders: ReadonlyMap<string, ShipOrders>;
}

/** Every resolved turn, in order. */
export async function playedTurns(ctx: GamesContext, gameId: string): Promise<PlayedTurn[]> {
  // Turn 0 is the setup phase: no turn of play.
  const rows = (await createTurnsRepository(ctx.db).resolved(gameId)).filter((t) => t.number > 0);
  return rows.map((t) => ({
    number: t.number,
    resolvedAt: t.resolvedAt,
    before: readPosition(t.stateBefore),
    after: readPosition(t.stateAfter),
    events: (t.events ?? []) as TurnEvent[],
    orders: readOrders(t.ordersUsed),
  }));
}

/** The position turn 1 began from; null before the game has started. */
export async function openingPosition(ctx: GamesContext, gameId: string): Promise<Position | null> {
  const first = await createTurnsRepository(ctx.db).find(gameId, 1);
  return first ? readPosition(first.stateBefore) : null;
}

/** The orders one seat has standing for a turn; null when it has none in. */
export async function standingOrderSet(
  ctx: GamesContext,
  gameId: string,
  turn: number,
  seatId: string,
): Promise<Map<string, ShipOrders> | null> {
  const [sub] = await ctx.db
    .select({ orders: submissions.orders })
    .from(submissions)
    .where(
      and(
        eq(submissions.gameId, gameId),
        eq(submissions.turn, turn),
        eq(submissions.seatId, seatId),
        isNull(submissions.supersededAt),
      ),
    );
  return sub ? readOrders(sub.orders) : null;
}
