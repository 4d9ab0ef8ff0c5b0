/**
 * Moving an open turn's deadline, the one way every change of it goes (a moderator's, an absence's): the deadline
 * written, every reminder due again before it and the next one's moment recomputed, in the caller's transaction. The
 * turn queue and the calendar feed read the column, so both follow.
 */
import { and, eq } from 'drizzle-orm';
import { turns, type Game, type Turn } from '../../db/schema.ts';
import type { Tx } from '../context.ts';
import { nextReminderAt } from './reminders.ts';

export async function moveDeadline(
  tx: Tx,
  game: Pick<Game, 'id' | 'status' | 'ruleset' | 'settings'>,
  turn: Pick<Turn, 'number' | 'status' | 'dueAt' | 'remindersSent'>,
  deadline: Date | null,
): Promise<void> {
  const nextReminder = nextReminderAt(game, { ...turn, deadline, remindersSent: [] });
  await tx
    .update(turns)
    .set({ deadline, remindersSent: [], nextReminderAt: nextReminder })
    .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));
}
