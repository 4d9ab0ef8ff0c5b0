/**
 * The turns table behind a small repository: a game's turn by its number
 * (locked for an update if asked), its resolved turns in order, the last of
 * them, and the turns not yet resolved, locked — the queries the use cases
 * share. The queue's claims (resolution.ts), which join games and skip locked
 * rows, stay where they are written.
 */
import { and, asc, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { turns, type MissedTurn, type Turn } from '../../db/schema.ts';
import type { Tx } from '../context.ts';

export type { Turn };

/** A resolved turn as reports read it: its events, and the sides that sent nothing for it. */
export interface TurnEventsRow {
  readonly number: number;
  readonly events: unknown[];
  readonly missed: readonly MissedTurn[];
}

export function createTurnsRepository(db: Tx) {
  return {
    /** Turn `number` of the game, or null. `forUpdate` locks its row to the end of the transaction. */
    async find(gameId: string, number: number, options: { forUpdate?: boolean } = {}): Promise<Turn | null> {
      const query = db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, gameId), eq(turns.number, number)));
      const [turn] = options.forUpdate ? await query.for('update') : await query;
      return turn ?? null;
    },
    /** Every resolved turn of the game, in order. */
    async resolved(gameId: string): Promise<Turn[]> {
      return db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, gameId), eq(turns.status, 'resolved')))
        .orderBy(asc(turns.number));
    },
    /**
     * The events of the game's resolved turns before turn `before`, oldest first (what reports are built from), with
     * the sides that missed each.
     */
    async eventsBefore(gameId: string, before: number): Promise<TurnEventsRow[]> {
      const rows = await db
        .select({ number: turns.number, events: turns.events, missed: turns.missed })
        .from(turns)
        .where(and(eq(turns.gameId, gameId), eq(turns.status, 'resolved'), lt(turns.number, before)))
        .orderBy(asc(turns.number));
      return rows.map((r) => ({ number: r.number, events: (r.events ?? []) as unknown[], missed: r.missed }));
    },
    /** The events of every resolved turn of the games, by game and then turn (the turn reports of a batch). */
    async eventsOf(gameIds: readonly string[]): Promise<(TurnEventsRow & { gameId: string })[]> {
      const rows = await db
        .select({ gameId: turns.gameId, number: turns.number, events: turns.events, missed: turns.missed })
        .from(turns)
        .where(and(inArray(turns.gameId, [...gameIds]), eq(turns.status, 'resolved')))
        .orderBy(asc(turns.gameId), asc(turns.number));
      return rows.map((r) => ({
        gameId: r.gameId,
        number: r.number,
        events: (r.events ?? []) as unknown[],
        missed: r.missed,
      }));
    },
    /** The game's last resolved turn, or null; `forUpdate` locks its row. */
    async lastResolved(gameId: string, options: { forUpdate?: boolean } = {}): Promise<Turn | null> {
      const query = db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, gameId), eq(turns.status, 'resolved')))
        .orderBy(desc(turns.number))
        .limit(1);
      const [turn] = options.forUpdate ? await query.for('update') : await query;
      return turn ?? null;
    },
    /** Every turn of the game, in order. */
    async ofGame(gameId: string): Promise<Turn[]> {
      return db.select().from(turns).where(eq(turns.gameId, gameId)).orderBy(asc(turns.number));
    },
    /** The game's turns not resolved yet, locked: taken before the game's row, in the lock order of the queue. */
    async lockUnresolved(gameId: string): Promise<Turn[]> {
      return db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, gameId), ne(turns.status, 'resolved')))
        .for('update');
    },
  };
}
