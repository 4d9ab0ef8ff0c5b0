/**
 * Mail the use cases send besides reports and answers: login links and
 * invitations to a seat. Each is written
 * to the outbox in the transaction of the change it belongs to, composed
 * through the mail port (ctx.mail).
 */
import { and, eq } from 'drizzle-orm';
import { turns } from '../../db/schema.ts';
import { describeDeadline } from '../../reports/turn-report.ts';
import type { GamesContext, Tx } from '../context.ts';
import type { Game } from '../games/games.repository.ts';
import { issueLoginToken, loginUrl, seatLoginLink } from '../logins/logins.ts';
import { queueAnswer } from '../turns/messages.ts';
import type { Seat } from './seats.repository.ts';
import { sideName } from '../games/settings.ts';
import { settingsOf } from '../games/state.ts';
import { isSetupTurn, setupContext, setupPhaseOf } from '../turns/kind-setup.ts';

/** A login link for `email`, whether or not any seat or game knows the address (nothing to enumerate). */
export async function queueLoginMail(ctx: GamesContext, tx: Tx, email: string): Promise<void> {
  const { token } = await issueLoginToken(ctx, tx, { email, purpose: 'login' });
  const composed = ctx.mail.notice({
    subject: 'Your login link for Minimal Space Combat',
    paragraphs: [
      'Someone (we hope you) asked to log in to Minimal Space Combat with this address. Follow this link to log in:',
      loginUrl(ctx, token),
      'It works once, within 15 minutes. If you did not ask for it, ignore this mail: nothing happens without the link.',
    ],
  });
  await queueAnswer(ctx, tx, { to: email, gameId: null, kind: 'login', composed, inReplyTo: null });
}

/**
 * The deadline of the game's open turn (a kind's setup phase, or turn 1), in the seat's own time zone; nothing when no
 * turn is open (a tactical game waiting for its fleets, whose setup has no deadline).
 */
async function deadlineParagraph(tx: Tx, game: Game, seat: Seat): Promise<string[]> {
  const [turn] = await tx
    .select({ number: turns.number, deadline: turns.deadline })
    .from(turns)
    .where(and(eq(turns.gameId, game.id), eq(turns.number, game.currentTurn), eq(turns.status, 'open')));
  if (!turn) return [];
  const what = isSetupTurn(game, turn.number) ? 'the setup' : `turn ${turn.number}`;
  return [`Deadline for ${what}: ${describeDeadline(turn.deadline, seat.timeZone)}`];
}

/**
 * Tells a seat's player they have a seat, with a link that logs them in (7 days, once) and their order address as
 * Reply-To.
 */
export async function queueInvitation(ctx: GamesContext, tx: Tx, game: Game, seat: Seat): Promise<void> {
  // A kind's setup phase is chosen by mail too: the invitation carries the block to fill in.
  const setup =
    game.status === 'setup' && isSetupTurn(game, game.currentTurn)
      ? setupPhaseOf(game)!.setupBlock(setupContext(game, { stateBefore: game.state }, seat.side))
      : null;
  const composed = ctx.mail.notice({
    subject: `[${game.id}] You have a seat in ${game.name}`,
    paragraphs: [
      `Hello ${seat.displayName}, you play ${sideName(settingsOf(game), seat.side)} (side ${seat.side}) in the Minimal Space Combat game "${game.name}" (game ${game.id}).`,
      ...(setup !== null
        ? [
            'The game starts when every side has set up. Edit the block below and send it back in a reply to this mail (in the quoted copy is fine), or set up on the game page. Send HELP for the orders language.',
            setup.trimEnd(),
          ]
        : [
            game.status === 'setup' && seat.fleet === null
              ? 'The game starts when every side has chosen its fleet: choose yours on the game page.'
              : 'Your turn reports come by mail; answer them with your orders, or use the game page.',
          ]),
      ...(await deadlineParagraph(tx, game, seat)),
      'Later, log in on the web site with this address: a login link comes by mail.',
    ],
    loginUrl: await seatLoginLink(ctx, tx, seat),
  });
  await queueAnswer(ctx, tx, { to: seat.email, gameId: game.id, kind: 'invite', composed, inReplyTo: null, seat });
}
