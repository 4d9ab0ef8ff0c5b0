/**
 * When a turn's reminders fall due. Each reminder (e.g. 24 h and 2 h before the deadline, the game's
 * `reminderHours`) goes once to every seat still missing orders. A turn keeps the moment its next reminder falls due
 * in `next_reminder_at` (indexed): every write that changes what is due sets it from `nextReminderAt` — a turn opening,
 * its deadline moving, the game pausing or resuming, the turn falling due or resolving — so the reminder pass reads
 * only the turns whose reminder is due, however many games wait.
 */
import type { Game, Turn } from '../../db/schema.ts';
import { HOUR } from '../clock.ts';
import { settingsOf } from '../games/state.ts';
import { isSetupTurn } from './kind-setup.ts';

type ReminderGame = Pick<Game, 'status' | 'ruleset' | 'settings'>;
type ReminderTurn = Pick<Turn, 'number' | 'status' | 'deadline' | 'dueAt' | 'remindersSent'>;

/** The label a reminder is recorded under in `reminders_sent`, e.g. `24h`. */
export const reminderLabel = (hours: number): string => `${hours}h`;

/** The reminders of the turn not yet sent, each with the moment it falls due; none when no reminder can fall due. */
function pendingReminders(game: ReminderGame, turn: ReminderTurn): { label: string; at: number }[] {
  if (turn.status !== 'open' || turn.dueAt !== null || turn.deadline === null) return [];
  // Reminders run while the game is in play: active, or in a kind's setup phase (turn 0); not while paused.
  const inPlay = game.status === 'active' || (game.status === 'setup' && isSetupTurn(game, turn.number));
  if (!inPlay) return [];
  const deadline = turn.deadline.getTime();
  return settingsOf(game)
    .reminderHours.map((h) => ({ label: reminderLabel(h), at: deadline - h * HOUR }))
    .filter((r) => !turn.remindersSent.includes(r.label));
}

/**
 * When the first reminder of the turn not yet sent falls due; null when none will: no deadline, every reminder sent,
 * the turn due already (every side is in) or closed, the game not in play.
 */
export function nextReminderAt(game: ReminderGame, turn: ReminderTurn): Date | null {
  const pending = pendingReminders(game, turn);
  return pending.length === 0 ? null : new Date(Math.min(...pending.map((r) => r.at)));
}

/**
 * The labels of the reminders due at `now` and not yet sent (several at once after a late start make one mail); none
 * once the deadline has passed, the turn then resolving.
 */
export function dueReminderLabels(game: ReminderGame, turn: ReminderTurn, now: Date): string[] {
  if (turn.deadline === null || turn.deadline.getTime() <= now.getTime()) return [];
  return pendingReminders(game, turn)
    .filter((r) => r.at <= now.getTime())
    .map((r) => r.label);
}
