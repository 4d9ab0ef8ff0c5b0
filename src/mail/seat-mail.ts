/**
 * A mail whose token opened a seat: the sender check, then the body through
 * the orders language and the commands (submitText, the same use case as the
 * web's, the API's and the command line's), every answer queued in the same
 * transaction. A submission is all
 * or nothing: orders and their answers run in one savepoint, so a refusal
 * anywhere leaves the seat's earlier orders exactly as they were.
 *
 * A campaign battle waiting for its deployment (a linked game in setup) reads
 * the mail's DEPLOY lines instead (orders/deploy.ts) and hands them to the
 * deployment use case, submitFleet, as the web page and the API do.
 */
import { HOUR } from '../games/clock.ts';
import { createInboundRepository } from '../games/inbound/inbound.repository.ts';
import type { GamesContext, Tx } from '../games/context.ts';
import type { Game } from '../games/games/games.repository.ts';
import type { Seat } from '../games/seats/seats.repository.ts';
import { AppError, type ProblemDetail } from '../games/errors.ts';
import { submitText } from '../games/turns/submit-text.ts';
import { submitFleet } from '../games/seats/setup.ts';
import { campaignOfBattle } from '../games/battles/views.ts';
import { describeDeadline } from '../reports/turn-report.ts';
import { deploymentBlock, lineOfShip, parseDeployment } from '../orders/deploy.ts';
import { turnAskedIn } from '../games/turns/messages.ts';
import { settingsOf } from '../games/games/state.ts';
import type { Answer } from './answers.ts';
import { composeNotice, composeRejected, type GameRef } from './compose.ts';
import type { InboundOutcomeKind } from './inbound.ts';
import { answerAccepted, commandWords } from './mail-commands.ts';
import {
  concededNotice,
  gameOverNotice,
  notStartedNotice,
  turnClosedNotice,
  turnOverNotice,
  wrongSenderNotice,
  type Notice,
} from './notices.ts';
import type { ReadMail } from './read-mail.ts';
import { maskPasswords, outlineBody, type BodyOutline } from './seat-token.ts';
import { kindOf } from '../kinds/index.ts';
import { quotedOrderBlock } from '../orders/clean.ts';
import { listWords } from '../orders/words.ts';

/** What the pipeline decided about a mail, for inbound_messages. */
export interface Verdict {
  readonly outcome: InboundOutcomeKind;
  readonly gameId?: string | null;
  readonly side?: string | null;
  /** A seat's token from the seat's own address (or any address, where the game allows). */
  readonly verified?: boolean;
  readonly detail: Record<string, unknown>;
}

export interface SeatMail {
  readonly mail: ReadMail;
  readonly outline: BodyOutline;
  readonly seat: Seat;
  readonly game: Game;
  /** senderMatches(mail, seat, game). */
  readonly verified: boolean;
  readonly token: string;
  readonly tokenFrom: 'address' | 'password';
  readonly answer: Answer;
}

/** Problems listed in inbound_messages.detail, at most. */
const CODES_KEPT = 20;

function relaxesSender(game: Game): boolean {
  try {
    return settingsOf(game).relaxSender;
  } catch {
    return false;
  }
}

/** Whether the mail comes from the seat's registered address, or the game takes its seats' tokens from anywhere. */
export function senderMatches(mail: ReadMail, seat: Seat, game: Game): boolean {
  return mail.from === seat.email.toLowerCase() || relaxesSender(game);
}

/**
 * The text a seat's mail is read from: its own text; or, when that holds no orders (none outside the quote, no order
 * block edited in it), the first `text/plain` attachment that holds some — "Orders attached." with orders.txt.
 */
export interface TextRead {
  readonly text: string;
  /** The attachment the orders were read from, or null (the text of the mail). */
  readonly attachment: string | null;
  /** The attachments not read, by name. */
  readonly unread: readonly string[];
}

export function textToRead(mail: ReadMail, game: Game): TextRead {
  const keywords = kindOf(game.ruleset).orderKeywords;
  const holdsOrders = (text: string) => {
    const o = outlineBody(text, keywords);
    return o.orders || o.gameId !== null || o.settings || o.commands.length > 0;
  };
  const own = outlineBody(mail.body, keywords).orders || quotedOrderBlock(mail.body) !== null;
  const used = own ? undefined : mail.textAttachments.find((a) => holdsOrders(a.text));
  const unread = [...mail.attachmentNames];
  if (used) unread.splice(unread.indexOf(used.name), 1);
  return { text: used ? used.text : mail.body, attachment: used?.name ?? null, unread };
}

const quotedNames = (names: readonly string[]) =>
  listWords(
    names.map((n) => `"${n}"`),
    'and',
  );

/** What the answer says of the attachments: the one the orders were read from, those not read. */
function attachmentNotes(read: TextRead): string[] {
  return [
    ...(read.attachment
      ? [`your orders were read from the attached file "${read.attachment}": the text of your mail held none`]
      : []),
    ...(read.unread.length > 0 ? [unreadNote(read.unread)] : []),
  ];
}

function unreadNote(names: readonly string[]): string {
  const which =
    names.length === 1
      ? `the attachment ${quotedNames(names)} was not read`
      : `the attachments ${quotedNames(names)} were not read`;
  return `${which}: only the text of a mail is read, or a plain-text attachment holding the orders when the text has none`;
}

/** Notes added to "no orders found" when the mail's orders may be where the service does not read. */
function emptyNotes(mail: ReadMail): ProblemDetail[] {
  const notes: ProblemDetail[] = [];
  if (mail.attachments > 0) {
    notes.push({
      line: null,
      code: 'ATTACHMENTS_NOT_READ',
      message: `your mail has ${mail.attachments === 1 ? 'an attachment' : `${mail.attachments} attachments`} (${quotedNames(mail.attachmentNames)}) with no orders in it: only the text of a mail is read, or a plain-text attachment holding the orders; write your orders in the text`,
    });
  }
  if (mail.body.trim() === '' && mail.subject.trim() !== '') {
    notes.push({
      line: null,
      code: 'SUBJECT_NOT_READ',
      message: 'the subject line is not read: write your orders in the text of the mail',
    });
  }
  return notes;
}

/** Refusals of the whole mail that are not about its lines: outcome and notice by error code. */
const REFUSALS: Record<
  string,
  { outcome: InboundOutcomeKind; notice: (game: Game, seat: Seat, error: AppError, publicUrl: string) => Notice }
> = {
  GAME_OVER: { outcome: 'game-over', notice: (g, _s, _e, url) => gameOverNotice(g.id, `${url}/archive/${g.id}`) },
  GAME_NOT_STARTED: { outcome: 'game-not-started', notice: (g) => notStartedNotice(g.id) },
  TURN_CLOSED: { outcome: 'turn-closed', notice: (g) => turnClosedNotice(g.id, g.currentTurn) },
  TURN_OVER: { outcome: 'turn-over', notice: (g, _s, e) => turnOverNotice(g.id, g.currentTurn, e.message) },
  SEAT_CONCEDED: { outcome: 'conceded', notice: (g, s) => concededNotice(g.id, s.side) },
};

async function refused(ctx: GamesContext, m: SeatMail, error: AppError, read: TextRead): Promise<Verdict> {
  const { mail, outline, seat, game, answer } = m;
  const base = { gameId: game.id, side: seat.side, verified: true };
  const refusal = REFUSALS[error.code];
  if (refusal) {
    await answer.toSeat(seat, 'notice', composeNotice(refusal.notice(game, seat, error, ctx.publicUrl)));
    return { ...base, outcome: refusal.outcome, detail: { code: error.code } };
  }
  const listed =
    error.problems.length > 0 ? error.problems : [{ line: null, code: error.code, message: error.message }];
  const onlyEmpty = listed.every((p) => p.code === 'EMPTY');
  const aboutAttachments: ProblemDetail[] = onlyEmpty
    ? emptyNotes(mail)
    : [
        ...(read.attachment
          ? [
              {
                line: null,
                code: 'READ_FROM_ATTACHMENT',
                message: `the lines above are those of the attached file "${read.attachment}", numbered as in it: the text of your mail held no orders`,
              },
            ]
          : []),
        ...(read.unread.length > 0
          ? [{ line: null, code: 'ATTACHMENTS_NOT_READ', message: unreadNote(read.unread) }]
          : []),
      ];
  const problems = [...listed, ...aboutAttachments].map((p) => ({
    line: p.line ?? null,
    code: p.code,
    message: p.message,
    ...(p.ship === undefined ? {} : { ship: p.ship }),
  }));
  const ref: GameRef = { id: game.id, name: game.name };
  await answer.toSeat(
    seat,
    'rejected',
    composeRejected({
      game: ref,
      turn: game.currentTurn,
      problems,
      text: read.text === '' ? null : maskPasswords(read.text),
    }),
  );
  // Orders naming a turn that has already resolved: the rejection says so; the outcome tells it apart.
  const outcome: InboundOutcomeKind =
    outline.turn !== null && outline.turn < game.currentTurn ? 'turn-over' : onlyEmpty ? 'empty' : 'rejected';
  return {
    ...base,
    outcome,
    detail: {
      problems: problems.slice(0, CODES_KEPT).map((p) => (p.line === null ? p.code : `${p.line}:${p.code}`)),
      problemCount: problems.length,
      turn: game.currentTurn,
    },
  };
}

/**
 * A mail to a campaign battle still being deployed: its DEPLOY lines go to submitFleet, answered at once with the
 * deployment as taken or every problem (each on its line). Null when the game is no such battle, or the mail holds
 * commands only (they are answered as in any game that has not started).
 */
async function applyDeploymentMail(ctx: GamesContext, tx: Tx, m: SeatMail): Promise<Verdict | null> {
  const { mail, seat, game, answer } = m;
  if (game.status !== 'setup') return null;
  const battle = await campaignOfBattle({ ...ctx, db: tx }, game.id);
  if (!battle) return null;
  const given = (battle.deployment.ships[seat.side] ?? []).map((s) => s.id);
  const text = maskPasswords(mail.body);
  const parsed = parseDeployment(text, {
    gameId: game.id,
    side: seat.side,
    sides: settingsOf(game).sides.map((s) => s.id),
    sent: [deploymentBlock(game.id, battle.deployment.defaultPlacement[seat.side] ?? [])],
  });
  if (parsed.ok && parsed.value.placements.length === 0) return null;
  const base = { gameId: game.id, side: seat.side, verified: true };
  const ref: GameRef = { id: game.id, name: game.name };
  const refuse = async (problems: ProblemDetail[]): Promise<Verdict> => {
    const listed = problems.map((p) => ({
      line: p.line ?? null,
      code: p.code,
      message: p.message,
      ...(p.ship === undefined ? {} : { ship: p.ship }),
    }));
    await answer.toSeat(seat, 'rejected', composeRejected({ game: ref, turn: null, problems: listed, text }));
    const empty = listed.every((p) => p.code === 'EMPTY');
    return {
      ...base,
      outcome: empty ? 'empty' : 'rejected',
      detail: {
        token: m.tokenFrom,
        deployment: true,
        problems: listed.slice(0, CODES_KEPT).map((p) => (p.line === null ? p.code : `${p.line}:${p.code}`)),
        problemCount: listed.length,
      },
    };
  };
  if (!parsed.ok) return refuse(parsed.errors);
  const { placements, notes, commands, message } = parsed.value;
  let started: boolean;
  try {
    const after = await submitFleet(
      { ...ctx, db: tx },
      game.id,
      m.token,
      { ships: placements.map((p) => ({ id: p.id, hex: p.hex, facing: p.facing })) },
      'mail',
    );
    started = after.status !== 'setup';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const listed =
      error.problems.length > 0 ? error.problems : [{ line: null, code: error.code, message: error.message }];
    return refuse(listed.map((p) => ({ ...p, line: p.line ?? lineOfShip(placements, p.code, p.ship) })));
  }
  const canonical = placements.map((p) => ({
    ...p,
    id: given.find((g) => g.toUpperCase() === p.id.toUpperCase()) ?? p.id,
    hex: p.hex.toUpperCase(),
  }));
  const skipped = [...commands, ...(message ? [`MESSAGE ${message.to}`] : [])];
  await answer.toSeat(
    seat,
    'accepted',
    composeNotice({
      subject: `[${game.id}] Deployment accepted`,
      paragraphs: [
        `Your deployment for ${game.name} (game ${game.id}) is accepted, as the service understood it:`,
        deploymentBlock(game.id, canonical),
        ...(notes.length > 0 ? [`How your mail was read:\n${notes.map((n) => `- ${n}`).join('\n')}`] : []),
        ...(skipped.length > 0
          ? [`Not done before the battle starts: ${skipped.join(', ')}. Send it again once turn 1 is open.`]
          : []),
        started
          ? 'Every side has deployed: the battle has begun, and your report for turn 1 follows.'
          : `The battle begins when every side has deployed${battle.deployment.deadline ? `, or at the deadline: ${describeDeadline(battle.deployment.deadline, seat.timeZone)}` : ''}. Until then a deployment you send again replaces this one.`,
      ],
    }),
  );
  return {
    ...base,
    outcome: 'accepted',
    detail: { token: m.tokenFrom, deployment: true, ships: placements.length, ...(started ? { started } : {}) },
  };
}

/** Notices about mail with a seat's token from another address that one seat is sent a day, at most. */
export const WRONG_SENDER_NOTICES_PER_DAY = 3;

/** How many such notices the seat was sent in the last 24 hours, counted in the recorded mail. */
async function wrongSenderNoticesToday(ctx: GamesContext, tx: Tx, gameId: string, side: string): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - 24 * HOUR);
  return createInboundRepository(tx).wrongSenderNotices(gameId, side, since);
}

export async function applySeatMail(ctx: GamesContext, tx: Tx, m: SeatMail): Promise<Verdict> {
  const { mail, seat, game, answer } = m;
  const tokenFrom = { token: m.tokenFrom };

  if (!m.verified) {
    // Never to the unverified sender. The seat's owner learns that someone used their token — without a word of the
    // forger's (From, Subject), and a few times a day at most, so that forged mail cannot make the service mail them.
    const notified = (await wrongSenderNoticesToday(ctx, tx, game.id, seat.side)) < WRONG_SENDER_NOTICES_PER_DAY;
    if (notified)
      await answer.toSeat(
        seat,
        'notice',
        composeNotice(wrongSenderNotice({ gameId: game.id, side: seat.side, registered: seat.email })),
        { threaded: false },
      );
    return {
      gameId: game.id,
      side: seat.side,
      verified: false,
      outcome: 'wrong-sender',
      detail: { ...tokenFrom, sender: mail.from, side: seat.side, notified },
    };
  }
  const base = { gameId: game.id, side: seat.side, verified: true };

  const deployed = await applyDeploymentMail(ctx, tx, m);
  if (deployed) return deployed;

  const read = textToRead(mail, game);
  const mark = answer.mark();
  try {
    return await tx.transaction(async (inner) => {
      const innerCtx: GamesContext = { ...ctx, db: inner };
      const result = await submitText(innerCtx, {
        gameId: game.id,
        token: m.token,
        text: maskPasswords(read.text),
        channel: 'mail',
        messageId: mail.ownMessageId ?? mail.messageId,
        // A reply that names no turn answers the report it replies to.
        answersTurn: m.outline.turn === null ? turnAskedIn(mail.refersTo, game.id, ctx.mailDomain) : null,
      });
      const effects = await answerAccepted(innerCtx, inner, answer.within(inner), {
        game,
        seat,
        token: m.token,
        result: { ...result, notes: [...attachmentNotes(read), ...result.notes] },
      });
      return {
        ...base,
        outcome: result.stored ? 'accepted' : 'command',
        detail: {
          ...tokenFrom,
          turn: result.turn,
          stored: result.stored,
          commands: commandWords(result),
          ...(read.attachment ? { readFrom: 'attachment' } : {}),
          ...(result.turnComplete ? { turnComplete: true } : {}),
          ...(effects.conceded ? { conceded: true } : {}),
          ...(effects.relayedTo ? { relayedTo: effects.relayedTo } : {}),
        },
      };
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    answer.forgetAfter(mark);
    const verdict = await refused(ctx, m, error, read);
    return { ...verdict, detail: { ...tokenFrom, ...verdict.detail } };
  }
}
