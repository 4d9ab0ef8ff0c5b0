/**
 * The writes of a batch of resolutions (resolution.ts, resolveDueTurns), kept back and made together at its end: every
 * resolved turn stored in one statement, every game moved on in one more, every next turn opened in a third — three
 * round trips for the batch instead of three a turn. The two updates are named statements (db/prepared.ts): their
 * text is the same whatever the batch's size (arrays, unnested), so each connection parses and plans them once.
 *
 * Only the common case is kept back: a turn that resolves and opens the next. A game's end, a turn waiting for its
 * linked battles and a kind's setup write at once, as before. The order within the transaction is the one the rows
 * need: each old turn is resolved before its game's next one opens (a game has one turn in play), and all of it is
 * written before the batch's reports are rendered (they read the turns' events and, for a JSON attachment, the game).
 */
import { turns } from '../../db/schema.ts';
import { namedStatement } from '../../db/prepared.ts';
import type { Tx } from '../context.ts';
import { finishOpening, type TurnOpening } from '../games/lifecycle.ts';

/** `update turns … from unnest(…)`: each turn resolved with its own results, as storeResolvedTurn sets them. */
const storeResolvedTurns = namedStatement(
  'turns_store_resolved',
  `update turns as t set status = 'resolved', resolved_at = v.resolved_at, next_reminder_at = null,
     orders_used = v.orders_used, events = v.events, state_after = v.state_after, dice_state_after = v.dice_state_after
   from unnest($1::text[], $2::int[], $3::timestamptz[], $4::jsonb[], $5::jsonb[], $6::jsonb[], $7::text[])
     as v(game_id, number, resolved_at, orders_used, events, state_after, dice_state_after)
   where t.game_id = v.game_id and t.number = v.number`,
);

/** `update games … from unnest(…)`: each game's position, dice and turn moved on, its version bumped (updateGame). */
const advanceGames = namedStatement(
  'games_advance',
  `update games as g set state = v.state, dice_state = v.dice_state, current_turn = v.current_turn,
     updated_at = v.updated_at, version = v.version
   from unnest($1::text[], $2::jsonb[], $3::text[], $4::int[], $5::timestamptz[], $6::int[])
     as v(id, state, dice_state, current_turn, updated_at, version)
   where g.id = v.id`,
);

/** A jsonb value as drizzle writes it (JSON text); SQL null for null or nothing. */
const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export interface ResolvedTurnWrite {
  readonly gameId: string;
  readonly number: number;
  readonly resolvedAt: Date;
  readonly ordersUsed: unknown;
  readonly events: readonly unknown[];
  readonly stateAfter: unknown;
  readonly diceStateAfter: string;
}

export interface GameAdvance {
  readonly id: string;
  readonly state: unknown;
  readonly diceState: string;
  readonly currentTurn: number;
  readonly updatedAt: Date;
  readonly version: number;
}

export class BatchWrites {
  readonly #resolved: ResolvedTurnWrite[] = [];
  readonly #games: GameAdvance[] = [];
  readonly #openings: TurnOpening[] = [];

  /** A turn resolved, its game moved on and its next turn about to open: written by flush(). */
  add(resolved: ResolvedTurnWrite, game: GameAdvance, opening: TurnOpening): void {
    this.#resolved.push(resolved);
    this.#games.push(game);
    this.#openings.push(opening);
  }

  /** Writes what was added, in three statements (and what follows each opening: openTurn's finishOpening). */
  async flush(tx: Tx): Promise<void> {
    if (this.#resolved.length === 0) return;
    const resolved = this.#resolved.splice(0);
    const advanced = this.#games.splice(0);
    const openings = this.#openings.splice(0);
    await storeResolvedTurns(tx, [
      resolved.map((r) => r.gameId),
      resolved.map((r) => r.number),
      resolved.map((r) => r.resolvedAt.toISOString()),
      resolved.map((r) => json(r.ordersUsed)),
      resolved.map((r) => json(r.events)),
      resolved.map((r) => json(r.stateAfter)),
      resolved.map((r) => r.diceStateAfter),
    ]);
    await advanceGames(tx, [
      advanced.map((g) => g.id),
      advanced.map((g) => json(g.state)),
      advanced.map((g) => g.diceState),
      advanced.map((g) => g.currentTurn),
      advanced.map((g) => g.updatedAt.toISOString()),
      advanced.map((g) => g.version),
    ]);
    const opened = await tx
      .insert(turns)
      .values(openings.map((o) => o.row))
      .returning();
    for (const o of openings) {
      const row = opened.find((t) => t.gameId === o.row.gameId && t.number === o.row.number);
      if (!row) throw new Error(`turn ${o.row.number} of ${o.row.gameId} was not written`);
      o.reportOn.turn = row;
      await finishOpening(tx, o);
    }
  }
}
