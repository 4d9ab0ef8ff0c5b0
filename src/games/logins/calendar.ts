/**
 * A person's calendar feed: a secret address (`/calendar/<token>.ics`) that
 * lists the deadline of every running game they hold a seat in, read afresh
 * at each fetch, so a deadline a moderator moves, a game paused or a turn
 * resolved shows at the calendar's next look. The address needs no login:
 * its token is the key, 192 bits derived from the service key, the address
 * and when it was issued (secrets.ts), stored only as its SHA-256. Making a
 * new one (rotation) ends the old.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { calendarTokens, games, seats, turns } from '../../db/schema.ts';
import { kindOf, type Ruleset } from '../../kinds/index.ts';
import type { GamesContext, Tx } from '../context.ts';
import { calendarToken, secretMatches, sha256Hex } from '../secrets.ts';
import { settingsOf } from '../games/state.ts';
import { sideName } from '../games/settings.ts';
import { SETUP_TURN } from '../turns/kind-setup.ts';
import { normalizeEmail } from './logins.ts';

/** The shape of a calendar token: 32 base64url characters (192 bits). */
const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The feed's address for `token`. */
export function calendarUrl(ctx: Pick<GamesContext, 'publicUrl'>, token: string): string {
  return `${ctx.publicUrl}/calendar/${token}.ics`;
}

async function issue(ctx: GamesContext, tx: Tx, email: string, issuedAt: Date): Promise<string> {
  const token = calendarToken(ctx.serviceKey, email, issuedAt);
  await tx
    .insert(calendarTokens)
    .values({ email, tokenHash: sha256Hex(token), issuedAt })
    .onConflictDoUpdate({ target: calendarTokens.email, set: { tokenHash: sha256Hex(token), issuedAt } });
  return token;
}

/** `email`'s calendar token: the one it has, or a first one, made now. */
export async function calendarTokenOf(ctx: GamesContext, email: string): Promise<string> {
  const address = normalizeEmail(email);
  const read = async () => (await ctx.db.select().from(calendarTokens).where(eq(calendarTokens.email, address)))[0];
  let row = await read();
  if (!row) {
    const issuedAt = ctx.clock.now();
    const tokenHash = sha256Hex(calendarToken(ctx.serviceKey, address, issuedAt));
    // Two first looks at once make one token: the first insert wins, and both read it.
    await ctx.db.insert(calendarTokens).values({ email: address, tokenHash, issuedAt }).onConflictDoNothing();
    row = await read();
  }
  return calendarToken(ctx.serviceKey, address, row!.issuedAt);
}

/**
 * A new calendar token for `email`: the old address stops working at once. Its issue time is now, but always later
 * than the last one's, so the token always changes.
 */
export async function rotateCalendarToken(ctx: GamesContext, email: string): Promise<string> {
  const address = normalizeEmail(email);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(calendarTokens).where(eq(calendarTokens.email, address)).for('update');
    const now = ctx.clock.now().getTime();
    const issuedAt = new Date(row ? Math.max(now, row.issuedAt.getTime() + 1) : now);
    return issue(ctx, tx, address, issuedAt);
  });
}

/** Whose feed `token` opens; null for one that is malformed, unknown or rotated away. */
export async function calendarOwner(ctx: GamesContext, token: string): Promise<string | null> {
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return null;
  const [row] = await ctx.db
    .select({ email: calendarTokens.email, tokenHash: calendarTokens.tokenHash })
    .from(calendarTokens)
    .where(eq(calendarTokens.tokenHash, sha256Hex(token)));
  return row && secretMatches(token, row.tokenHash) ? row.email : null;
}

/** One deadline of a person's game, as their calendar shows it: nothing in it is anyone else's. */
export interface CalendarDeadline {
  readonly gameId: string;
  readonly gameName: string;
  readonly ruleset: Ruleset;
  /** What a game of the kind is called ("tactical battle", "strategic campaign" …). */
  readonly kindTitle: string;
  /** The open turn; 0 is the setup phase. */
  readonly turn: number;
  readonly setup: boolean;
  readonly deadline: Date;
  /** The names of the person's own sides in the game (usually one). */
  readonly sides: readonly string[];
}

/** The most games a feed lists: far more than anyone plays at once. */
const MAX_GAMES = 200;

/**
 * Every deadline `email` has: the open turn (or setup phase) of each game that runs (`setup` or `active`: not paused,
 * not over) where one of its seats still plays (not conceded), and that has a deadline. Soonest first.
 */
export async function calendarDeadlines(ctx: GamesContext, email: string): Promise<CalendarDeadline[]> {
  const rows = await ctx.db
    .select({
      gameId: games.id,
      gameName: games.name,
      ruleset: games.ruleset,
      settings: games.settings,
      turn: turns.number,
      deadline: turns.deadline,
      side: seats.side,
    })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .innerJoin(turns, and(eq(turns.gameId, games.id), eq(turns.number, games.currentTurn)))
    .where(
      and(
        eq(seats.email, normalizeEmail(email)),
        isNull(seats.concededAt),
        inArray(games.status, ['setup', 'active']),
        eq(turns.status, 'open'),
        isNotNull(turns.deadline),
      ),
    )
    .orderBy(asc(turns.deadline), asc(games.id), asc(seats.side))
    .limit(MAX_GAMES * 4);
  const byGame = new Map<string, CalendarDeadline & { sides: string[] }>();
  for (const r of rows) {
    const names = sideName(settingsOf({ settings: r.settings }), r.side);
    const known = byGame.get(r.gameId);
    if (known) {
      known.sides.push(names);
      continue;
    }
    if (byGame.size >= MAX_GAMES) break;
    byGame.set(r.gameId, {
      gameId: r.gameId,
      gameName: r.gameName,
      ruleset: r.ruleset,
      kindTitle: kindOf(r.ruleset).title,
      turn: r.turn,
      setup: r.turn === SETUP_TURN,
      deadline: r.deadline!,
      sides: [names],
    });
  }
  return [...byGame.values()];
}
