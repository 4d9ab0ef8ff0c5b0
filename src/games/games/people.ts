/**
 * A person on the web is an email address: the seats registered to it are
 * theirs, and so are the games whose moderator address it is. A seat's token
 * is derived (secrets.ts), so a logged-in player acts through the very same
 * use cases as a mail or an API client holding that token.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { games, seats, type Game, type Seat } from '../../db/schema.ts';
import { createGamesRepository } from './games.repository.ts';
import type { GamesContext } from '../context.ts';
import { audit } from './lifecycle.ts';
import { normalizeEmail } from '../logins/logins.ts';
import { checkModerator } from '../moderation/moderation.ts';
import { seatToken } from '../secrets.ts';
import { scenarioOf } from './state.ts';
import { runningCampaignOf } from '../battles/visibility.ts';

export interface GameSummary {
  readonly id: string;
  readonly name: string;
  readonly scenario: string;
  readonly status: Game['status'];
  readonly turn: number;
  readonly winner: string | null;
  readonly public: boolean;
  readonly updatedAt: Date;
}

const summary = (g: Game): GameSummary => ({
  id: g.id,
  name: g.name,
  scenario: scenarioOf(g),
  status: g.status,
  turn: g.currentTurn,
  winner: g.winner,
  public: g.public,
  updatedAt: g.updatedAt,
});

/** The seats registered to `email`, newest game first, with their games. */
export async function seatsOf(ctx: GamesContext, email: string): Promise<Array<{ seat: Seat; game: GameSummary }>> {
  const rows = await ctx.db
    .select({ seat: seats, game: games })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(eq(seats.email, normalizeEmail(email)))
    .orderBy(desc(games.updatedAt), asc(seats.side))
    .limit(200);
  return rows.map((r) => ({ seat: r.seat, game: summary(r.game) }));
}

/** The games `email` moderates, newest first. */
export async function moderatedBy(ctx: GamesContext, email: string): Promise<GameSummary[]> {
  const rows = await ctx.db
    .select()
    .from(games)
    .where(eq(games.moderatorEmail, normalizeEmail(email)))
    .orderBy(desc(games.updatedAt))
    .limit(200);
  return rows.map(summary);
}

/** `email`'s seats in one game (usually one; a person may hold several sides). */
export async function seatsInGame(ctx: GamesContext, gameId: string, email: string): Promise<Seat[]> {
  return ctx.db
    .select()
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.email, normalizeEmail(email))))
    .orderBy(asc(seats.side));
}

/** The seat's current secret token, to act through the use cases that take one. */
export function tokenOf(ctx: Pick<GamesContext, 'serviceKey'>, seat: Pick<Seat, 'id' | 'tokenRotatedAt'>): string {
  return seatToken(ctx.serviceKey, seat.id, seat.tokenRotatedAt);
}

export function gameById(ctx: Pick<GamesContext, 'db'>, gameId: string): Promise<Game> {
  return createGamesRepository(ctx.db).byId(gameId);
}

export function isModerator(game: Pick<Game, 'moderatorEmail'>, email: string | null): boolean {
  return email !== null && game.moderatorEmail !== null && game.moderatorEmail === normalizeEmail(email);
}

/**
 * Whether `email` may read a game that its moderator keeps out of the public archive (or a battle of a campaign still
 * running): its players and moderator may.
 */
export async function mayRead(ctx: GamesContext, game: Game, email: string | null): Promise<boolean> {
  // A campaign's linked battle is read as a private game while the campaign runs (battles/visibility.ts).
  const campaign = await runningCampaignOf(ctx.db, game.id);
  if (game.public && campaign === null) return true;
  if (email === null) return false;
  return (
    isModerator(game, email) ||
    (campaign !== null && isModerator(campaign, email)) ||
    (await seatsInGame(ctx, game.id, email)).length > 0
  );
}

/**
 * The holder of a game's moderator key makes `email` its moderator address
 * (a game made through the API or the command line has none). Audited.
 */
export async function claimModeration(ctx: GamesContext, gameId: string, key: string, email: string): Promise<void> {
  await checkModerator(ctx, { gameId, key, actor: 'web' });
  await ctx.db.transaction(async (tx) => {
    const game = await createGamesRepository(tx).byId(gameId, { forUpdate: true });
    await tx
      .update(games)
      .set({ moderatorEmail: normalizeEmail(email), updatedAt: ctx.clock.now() })
      .where(eq(games.id, gameId));
    await audit(ctx, tx, {
      gameId,
      actor: 'moderator:key',
      action: 'moderator-email',
      details: { from: game.moderatorEmail, to: normalizeEmail(email) },
    });
  });
}
