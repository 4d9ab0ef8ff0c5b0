/**
 * Mail the use cases send besides reports and answers: login links and
 * invitations to a seat. Each is written
 * to the outbox in the transaction of the change it belongs to, composed
 * through the mail port (ctx.mail).
 */
import { kindOf } from '../../kinds/index.ts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema.ts';
import { plainText } from '../../lib/text.ts';
import { describeDeadline } from '../../reports/turn-report.ts';
import { HOUR } from '../clock.ts';
import type { GamesContext, Tx } from '../context.ts';
import { LimitError } from '../errors.ts';
import { createSeatsRepository } from './seats.repository.ts';
import { createTurnsRepository } from '../turns/turns.repository.ts';
import type { Game } from '../games/games.repository.ts';
import { issueLoginToken, loginUrl, seatLoginLink } from '../logins/logins.ts';
import { queueAnswer } from '../turns/messages.ts';
import type { Seat } from './seats.repository.ts';
import { sideName } from '../games/settings.ts';
import { openSidesOf, settingsOf } from '../games/state.ts';
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

/** The longest a name chosen by a game's creator (the game's, a side's, a player's) is quoted in an invitation. */
export const INVITATION_NAME_CHARS = 40;

/**
 * A name someone else chose, as an invitation quotes it: letters, digits, spaces and a little punctuation only, no
 * link or address (a dot or @ between words is spaced apart), at most INVITATION_NAME_CHARS characters.
 */
export function invitationName(text: string): string {
  const cleaned = plainText(text.normalize('NFKC'), { replacement: ' ' })
    .replace(/[^\p{L}\p{N} .,'()&!?-]+/gu, ' ')
    .replace(/([.@])(?=\S)/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  const capped = [...cleaned];
  return capped.length <= INVITATION_NAME_CHARS ? cleaned : `${capped.slice(0, INVITATION_NAME_CHARS - 1).join('')}…`;
}

/**
 * The deadline of the game's open turn (a kind's setup phase, or turn 1), in the seat's own time zone; nothing when no
 * turn is open (a tactical game waiting for its fleets, whose setup has no deadline).
 */
async function deadlineParagraph(tx: Tx, game: Game, seat: Seat): Promise<string[]> {
  const turn = await createTurnsRepository(tx).find(game.id, game.currentTurn);
  if (turn?.status !== 'open') return [];
  const what = isSetupTurn(game, turn.number) ? 'the setup' : `turn ${turn.number}`;
  return [`Deadline for ${what}: ${describeDeadline(turn.deadline, seat.timeZone)}`];
}

/**
 * What a seat that has joined a game in its setup phase is mailed: for a kind whose setup is chosen by mail too (a
 * campaign's starting fleets), the block to fill in and send back; else where to choose the fleet. With the setup's
 * deadline in the seat's zone and a link to the game page.
 */
export async function queueSetupMail(ctx: GamesContext, tx: Tx, game: Game, seat: Seat): Promise<void> {
  const inSetup = game.status === 'setup' && isSetupTurn(game, game.currentTurn);
  const at = inSetup ? setupContext(game, { stateBefore: game.state }, seat.side) : null;
  const block = at ? setupPhaseOf(game).setupBlock(at) : '';
  // What the kind says before the block (a campaign: both homes on a small map, how its battles are fought).
  const briefing = at ? (setupPhaseOf(game).setupBriefing?.(at) ?? []) : [];
  // A setup with no block to edit by mail (a tactical fleet, built on the game page) is chosen on the page.
  const setup = block.trim() === '' ? null : block;
  const composed = ctx.mail.notice({
    subject: `[${game.id}] You have a seat in ${game.name}`,
    paragraphs: [
      `Hello ${seat.displayName}, you play ${sideName(settingsOf(game), seat.side)} (side ${seat.side}) in the Minimal Space Combat game "${game.name}" (game ${game.id}).`,
      ...briefing,
      ...(setup !== null
        ? [
            'The game starts when every side has set up. Edit the block below and send it back in a reply to this mail (in the quoted copy is fine), or set up on the game page. Send HELP for the orders language.',
            setup.trimEnd(),
          ]
        : ['The game starts when every side has chosen its fleet: choose yours on the game page.']),
      ...(await deadlineParagraph(tx, game, seat)),
      'Later, log in on the web site with this address: a login link comes by mail.',
    ],
    loginUrl: await seatLoginLink(ctx, tx, seat),
  });
  await queueAnswer(ctx, tx, { to: seat.email, gameId: game.id, kind: 'setup', composed, inReplyTo: null, seat });
}

/**
 * A seat's one invitation: a short mail whose text the service fixes (docs/mail.md "Invitations"), the game's and the
 * creator's names quoted through invitationName, with a link that joins the game (and logs in; it works once, for 7
 * days) and the seat's order address as Reply-To (a reply joins too). Nothing else of the game is mailed to the seat
 * until it joins (outbox/held.ts). At most `ctx.limits.invitationsPerHour` invitations go to one address an hour,
 * across every game: one more is refused (TOO_MANY_INVITATIONS) and the change that would send it is not made.
 */
export async function queueInvitation(ctx: GamesContext, tx: Tx, game: Game, seat: Seat): Promise<void> {
  await checkInvitationLimit(ctx, tx, seat.email);
  const link = await seatLoginLink(ctx, tx, seat);
  const seats = await createSeatsRepository(tx).ofGame(game.id);
  const creator = game.moderatorEmail ? seats.find((s) => s.email === game.moderatorEmail) : undefined;
  const settings = settingsOf(game);
  const kind = kindOf(game.ruleset);
  const open = openSidesOf(game, seats);
  // The scenario says what is played (a duel, a fleet action …); a game of a kind without scenarios is its kind's.
  const scenario = game.settings.scenario ?? kind.unnamedScenario;
  // The opponents by the names they play under, never their addresses; a side played by the rules is said to be.
  const opponents = [
    ...seats
      .filter((s) => s.side !== seat.side)
      .map((s) => `${invitationName(s.displayName)} (side "${invitationName(sideName(settings, s.side))}")`),
    ...settings.solo
      .filter((side) => side !== seat.side)
      .map((side) => `side "${invitationName(sideName(settings, side))}", played by the rules`),
  ];
  const who = creator
    ? `${invitationName(creator.displayName)}, a player on this service,`
    : 'A player on this service';
  const composed = ctx.mail.notice({
    subject: 'Invitation to a game of Minimal Space Combat',
    paragraphs: [
      `${who} invites this address to play the side "${invitationName(sideName(settings, seat.side))}" in a ${kind.title} named "${invitationName(game.name)}" (scenario ${scenario}).`,
      ...(opponents.length > 0 ? [`Against: ${opponents.join(', ')}.`] : []),
      ...(open.length > 0
        ? [
            `Side${open.length > 1 ? 's' : ''} ${open.map((side) => `"${invitationName(sideName(settings, side))}"`).join(', ')} ${open.length > 1 ? 'are' : 'is'} still open, for any player to take in the lobby: the game starts, and its first deadline runs, when the last is taken.`,
          ]
        : []),
      ...(await deadlineParagraph(tx, game, seat)),
      `To join, follow this link (it works once, for 7 days, and logs you in):\n${link}`,
      'Or reply to this mail. Until you join, nothing more about this game is sent to this address. If you do not want to play, ignore this mail.',
    ],
  });
  await queueAnswer(ctx, tx, {
    to: seat.email,
    gameId: game.id,
    kind: 'invite',
    composed,
    inReplyTo: null,
    seat,
    invitation: true,
  });
}

/** Serialises invitations to one address, so that two at once cannot both pass the limit (PostgreSQL and PGlite). */
async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`msc-invite:${email}`}))`);
}

/** TOO_MANY_INVITATIONS (429) when `email` has had its invitations for this hour. */
export async function checkInvitationLimit(ctx: GamesContext, tx: Tx, email: string): Promise<void> {
  const limit = ctx.limits?.invitationsPerHour ?? 0;
  if (limit <= 0) return;
  const address = email.trim().toLowerCase();
  await lockAddress(tx, address);
  const since = new Date(ctx.clock.now().getTime() - HOUR);
  const sent = await tx
    .select({ at: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.kind, 'invite'), eq(sql`lower(${outbox.toAddress})`, address), gt(outbox.createdAt, since)))
    .orderBy(asc(outbox.createdAt));
  if (sent.length < limit) return;
  const retryAfterS = Math.max(1, Math.ceil((sent[0]!.at.getTime() + HOUR - ctx.clock.now().getTime()) / 1000));
  throw new LimitError(
    'TOO_MANY_INVITATIONS',
    `${address} has been sent ${sent.length} invitations in the last hour, the most one address is sent: invite it again in ${Math.ceil(retryAfterS / 60)} minutes, or ask its owner to join another way`,
    retryAfterS,
  );
}
