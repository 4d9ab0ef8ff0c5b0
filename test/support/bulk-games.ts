/**
 * Many games at once, for tests and benchmarks that need thousands: copies of one game made through the use cases,
 * written by three INSERT … SELECT statements (games, seats, the open turn), in seconds where creating each through
 * createGame would take minutes. Copy `n` of game `g` is `<prefix>-<n>`; its seats have their own token hashes (no
 * token opens them) and the template's addresses.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../src/db/client.ts';

export async function cloneGame(db: AppDatabase, templateId: string, count: number, prefix: string): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into games (id, ruleset, name, status, settings, state, dice_state, seed, seed_commitment, current_turn,
        winner, result, public, moderator_token_hash, moderator_email, created_at, updated_at, paused_at, version)
      select ${prefix} || '-' || n, ruleset, name || ' ' || n, status, settings, state, dice_state, seed,
        seed_commitment, current_turn, winner, result, public, moderator_token_hash, moderator_email, created_at,
        updated_at, paused_at, version
      from games, generate_series(1, ${count}::int) as n
      where id = ${templateId}`);
    await tx.execute(sql`
      insert into seats (game_id, side, email, display_name, time_zone, token_hash, token_rotated_at, fleet,
        conceded_at, report_width, joined_at)
      select ${prefix} || '-' || n, side, email, display_name, time_zone, md5(token_hash || '-' || ${prefix} || n),
        token_rotated_at, fleet, conceded_at, report_width, joined_at
      from seats, generate_series(1, ${count}::int) as n
      where game_id = ${templateId}`);
    await tx.execute(sql`
      insert into turns (game_id, number, status, opened_at, deadline, due_at, resolved_at, reminders_sent,
        next_reminder_at, state_before, dice_state_before)
      select ${prefix} || '-' || n, number, status, opened_at, deadline, due_at, resolved_at, reminders_sent,
        next_reminder_at, state_before, dice_state_before
      from turns, generate_series(1, ${count}::int) as n
      where game_id = ${templateId} and status = 'open'`);
  });
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
}
