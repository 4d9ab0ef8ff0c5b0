/**
 * The mail the web pages send, through the outbox like every other mail:
 * login links, invitations to a seat, and messages relayed between sides.
 * Each is written in the transaction of the change it belongs to.
 */
import type { Game, Seat } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../../games/context.ts';
import { issueLoginToken, loginUrl, seatLoginLink } from '../../games/logins.ts';
import { queueAnswer } from '../../games/messages.ts';
import { sideName } from '../../games/settings.ts';
import { senderName } from '../../games/side-messages.ts';
import { settingsOf } from '../../games/state.ts';
import { composeNotice, composeRelayedMessage } from '../../mail/compose.ts';

/** A login link for `email`, whether or not any seat or game knows the address (nothing to enumerate). */
export async function queueLoginMail(ctx: GamesContext, tx: Tx, email: string): Promise<void> {
  const { token } = await issueLoginToken(ctx, tx, { email, purpose: 'login' });
  const composed = composeNotice({
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
 * Tells a seat's player they have a seat, with a link that logs them in (7 days, once) and their order address as
 * Reply-To.
 */
export async function queueInvitation(ctx: GamesContext, tx: Tx, game: Game, seat: Seat): Promise<void> {
  const link = await seatLoginLink(ctx, tx, seat);
  const composed = composeNotice({
    subject: `[${game.id}] You have a seat in ${game.name}`,
    paragraphs: [
      `Hello ${seat.displayName}, you play ${sideName(settingsOf(game), seat.side)} (side ${seat.side}) in the Minimal Space Combat game "${game.name}" (game ${game.id}).`,
      game.status === 'setup' && seat.fleet === null
        ? 'The game starts when every side has chosen its fleet: choose yours on the game page.'
        : 'Your turn reports come by mail; answer them with your orders, or use the game page.',
      `Open the game page (this link logs you in; it works once, for 7 days):\n${link}`,
      'Later, log in on the web site with this address: a login link comes by mail.',
    ],
  });
  await queueAnswer(ctx, tx, { to: seat.email, gameId: game.id, kind: 'invite', composed, inReplyTo: null, seat });
}

/** The mail carrying a message to another side: it names the sender's side and name, never the address. */
export async function queueRelayedMessage(
  ctx: GamesContext,
  tx: Tx,
  m: { game: Game; from: Seat; to: Seat; text: string },
): Promise<void> {
  const composed = composeRelayedMessage({
    game: { id: m.game.id, name: m.game.name },
    fromSide: m.from.side,
    fromName: senderName(m.game, m.from),
    text: m.text,
  });
  await queueAnswer(ctx, tx, {
    to: m.to.email,
    gameId: m.game.id,
    kind: 'message',
    composed,
    inReplyTo: null,
    seat: m.to,
  });
}
