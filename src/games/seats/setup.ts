/**
 * A side's setup sent as a document (the tactical battle's fleet form, `POST /api/games/:id/fleet`, `msc game fleet`,
 * a linked battle's DEPLOY mail): checked by the game's kind (`GameKind.setup.readSetupDocument`) and stored as the
 * seat's submission for the setup turn, turn 0 on the turn queue, as a setup sent as text is. When every side that
 * sets up has its setup in, the setup turn settles at once and turn 1 opens, as the queue would settle it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { submissions, turns, type Game, type SubmissionChannel } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import { badRequest, conflict, invalid } from '../errors.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository } from './seats.repository.ts';
import type { GamesContext } from '../context.ts';
import { audit } from '../games/lifecycle.ts';
import { battleOfGame } from '../battles/links.ts';
import { SETUP_TURN, setupContext } from '../turns/kind-setup.ts';
import { settleSetupIfComplete } from '../turns/resolution.ts';
import { seatByToken } from './seats.ts';

/**
 * A seat submits its fleet (a linked game: its deployment of the ships given). Every problem is listed; nothing is
 * stored unless all is well. A setup sent again replaces the one before.
 */
export async function submitFleet(
  ctx: GamesContext,
  gameId: string,
  token: string,
  raw: unknown,
  channel: SubmissionChannel = 'api',
): Promise<Game> {
  return ctx.db.transaction(async (tx) => {
    const game = await createGamesRepository(tx).byId(gameId, { forUpdate: true });
    const seat = await seatByToken(tx, gameId, token);
    const [turn] =
      game.status === 'setup'
        ? await tx
            .select()
            .from(turns)
            .where(and(eq(turns.gameId, gameId), eq(turns.number, SETUP_TURN), eq(turns.status, 'open')))
        : [];
    if (!turn) throw conflict('NOT_IN_SETUP', `game ${gameId} has started: fleets can no longer change`);
    const setup = kindOf(game.ruleset).setup;
    const seatRows = await createSeatsRepository(tx).ofGame(gameId);
    const standing = await tx
      .select()
      .from(submissions)
      .where(and(eq(submissions.gameId, gameId), eq(submissions.turn, SETUP_TURN), isNull(submissions.supersededAt)));
    const others = new Map<string, unknown>();
    for (const sub of standing) {
      const side = seatRows.find((s) => s.id === sub.seatId)?.side;
      if (side !== undefined && side !== seat.side) others.set(side, setup.readSetup(sub.orders));
    }
    const checked = setup.readSetupDocument(raw, setupContext(game, turn, seat.side, others));
    if (!checked.ok) {
      const problems = checked.problems.map(({ line, ...p }) => (line == null ? p : { ...p, line }));
      throw checked.how === 'unreadable'
        ? badRequest(checked.code, checked.message, problems)
        : invalid(checked.code, checked.message, problems);
    }
    const now = ctx.clock.now();
    await tx
      .update(submissions)
      .set({ supersededAt: now })
      .where(
        and(
          eq(submissions.gameId, gameId),
          eq(submissions.turn, SETUP_TURN),
          eq(submissions.seatId, seat.id),
          isNull(submissions.supersededAt),
        ),
      );
    const doc = setup.writeSetup(checked.setup);
    await tx
      .insert(submissions)
      .values({ gameId, turn: SETUP_TURN, seatId: seat.id, channel, text: null, orders: doc, receivedAt: now });
    const ships = (doc as { ships?: readonly unknown[] }).ships?.length;
    await audit(ctx, tx, {
      gameId,
      actor: `seat:${seat.side}`,
      action: (await battleOfGame(tx, gameId)) ? 'deploy' : 'fleet',
      details: ships === undefined ? {} : { ships },
    });
    return settleSetupIfComplete(ctx, tx, game);
  });
}
