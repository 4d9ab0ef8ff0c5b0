/**
 * Joining a game: the player of an invited seat shows that the address is theirs and that they want to play, by
 * following a link mailed about the game (the invitation's, which logs them in) or by mailing the service through the
 * seat's own order address (the invitation's Reply-To). Until then the seat is mailed nothing but its invitation
 * (outbox/held.ts). On joining, what was held is not sent again: the seat gets the report of the turn that is open,
 * if one is (the current state; earlier reports, reminders, messages and notices are on the game page), or in a setup
 * phase its setup mail (a campaign's block to fill in).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { seats, type Seat } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../context.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { redeemLoginToken, type LoginLinkInfo } from '../logins/logins.ts';
import { isSetupTurn } from '../turns/kind-setup.ts';
import { queueSeatReport } from '../turns/messages.ts';
import { queueSetupMail } from './invitations.ts';
import { AppError } from '../errors.ts';
import { addObserver } from '../observers/observers.ts';

/**
 * Marks every seat of `gameId` held by `email` as joined, if it was not, and queues each newly joined seat the report
 * of the open turn. Returns the seats that joined now (none when they had joined already).
 */
export async function joinSeats(ctx: GamesContext, tx: Tx, m: { gameId: string; email: string }): Promise<Seat[]> {
  const joined = await tx
    .update(seats)
    .set({ joinedAt: ctx.clock.now() })
    .where(and(eq(seats.gameId, m.gameId), eq(seats.email, m.email.trim().toLowerCase()), isNull(seats.joinedAt)))
    .returning();
  if (joined.length === 0) return joined;
  const game = await createGamesRepository(tx).find(m.gameId);
  if (game?.status === 'setup') {
    // In a setup phase there is no report yet: the seat gets its setup to choose (a campaign's block to fill in).
    for (const seat of joined) await queueSetupMail(ctx, tx, game, seat);
  } else if (game && !isSetupTurn(game, game.currentTurn)) {
    const inTx: GamesContext = { ...ctx, db: tx };
    for (const seat of joined) await queueSeatReport(inTx, tx, game.id, seat);
  }
  ctx.logger?.info({ module: 'games', gameId: m.gameId, sides: joined.map((s) => s.side) }, 'seats joined');
  return joined;
}

/**
 * Uses a login link up (logins.ts) and, when it was mailed about a game, joins the address's seats in it — or, for a
 * link that confirms a request to observe, makes the address an observer (observers/observers.ts).
 */
export async function followLoginLink(ctx: GamesContext, token: string): Promise<LoginLinkInfo | null> {
  return ctx.db.transaction(async (tx) => {
    const link = await redeemLoginToken({ ...ctx, db: tx }, token);
    if (link) await joinGameOfLink(ctx, tx, link);
    return link;
  });
}

/** A link about a game followed by someone already logged in as its address: the link is kept, the seats join. */
export async function joinByLink(ctx: GamesContext, link: LoginLinkInfo): Promise<void> {
  if (link.gameId === null) return;
  await ctx.db.transaction((tx) => joinGameOfLink(ctx, tx, link));
}

async function joinGameOfLink(ctx: GamesContext, tx: Tx, link: LoginLinkInfo): Promise<void> {
  const gameId = link.gameId;
  if (gameId === null) return;
  if (link.purpose !== 'observe') {
    await joinSeats(ctx, tx, { gameId, email: link.email });
    return;
  }
  // The game may have ended, or stopped taking observers, since the link was mailed: the link still logs in.
  try {
    await addObserver(ctx, tx, { gameId, email: link.email });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.logger?.info({ module: 'games', gameId, code: error.code }, 'observe link followed, not added');
  }
}
