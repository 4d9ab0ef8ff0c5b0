/**
 * The one pipeline every incoming mail goes through, whichever receiver took
 * it (the IMAP watcher or the service's own SMTP receiver). In order:
 *
 *   1. size: over MAIL_MAX_BYTES only the headers are read;
 *   2. Message-ID (or a SHA-256 of the raw bytes): a mail seen before stops here (`duplicate`);
 *   3. auto-replies and bounces: recorded, never answered (`ignored-auto`); a bounce of one of the service's mails
 *      is matched to it and marks its seat (`bounce`, mail/bounces.ts);
 *   4. the seat: a token in the orders+TOKEN@ address or on a PASSWORD line,
 *      and whether the mail comes from the seat's registered address (or the
 *      game relaxes that): "verified";
 *   5. the sender's rate, verified mail counted apart: over MAIL_RATE_PER_HOUR
 *      recorded, answered once an hour (`rate-limited`);
 *   6. too large: a short answer (`too-large`);
 *   7. no seat: `no-token`, `bad-token`, `unknown-game` (or HELP, or JOIN <game>, for anyone;
 *      OBSERVE / UNOBSERVE <game>, answered by a link mailed to the sender: observe-mail.ts),
 *      answered to the sender; not verified: `wrong-sender`, answered to the
 *      seat's registered address only;
 *   8. the orders language and the commands (`accepted`, `command`,
 *      `rejected`, `empty`, `turn-over`, `game-over`, …), answered at once.
 *
 * All of it — the inbound_messages row, the orders, every answer in the
 * outbox — is one transaction, so a receiver that marks a mail done after
 * this returns never loses one, and a mail delivered twice is applied once.
 */
import { HOUR } from '../games/clock.ts';
import type { GamesContext, Tx } from '../games/context.ts';
import { createGamesRepository } from '../games/games/games.repository.ts';
import { joinSeats } from '../games/seats/joining.ts';
import { answerJoinMail } from '../games/seats/lobby.ts';
import { invitationName } from '../games/seats/invitations.ts';
import { sideName } from '../games/games/settings.ts';
import { settingsOf } from '../games/games/state.ts';
import { createInboundRepository, type ClaimLook } from '../games/inbound/inbound.repository.ts';
import { kindOf } from '../kinds/index.ts';
import type { Logger } from '../log.ts';
import { Answer, type AnswerRecord } from './answers.ts';
import { autoReason } from './auto-reply.ts';
import { readBounce } from './bounces.ts';
import { clearBounce, recordBounce } from '../games/outbox/bounces.ts';
import { composeHelp, composeNotice } from './compose.ts';
import {
  badTokenNotice,
  joinLinkNotice,
  joinRefusedNotice,
  noTokenNotice,
  rateLimitedNotice,
  reusedMessageIdNotice,
  tooLargeNotice,
  unknownGameNotice,
  type Notice,
} from './notices.ts';
import { readMail, type InboundEnvelope, type ReadMail } from './read-mail.ts';
import { observeByMail } from './observe-mail.ts';
import { applySeatMail, senderMatches, textToRead, type Verdict } from './seat-mail.ts';
import {
  candidateHashes,
  outlineBody,
  pickSeat,
  recipientTokens,
  type BodyOutline,
  type TokenCandidate,
} from './seat-token.ts';

export type { InboundEnvelope } from './read-mail.ts';

/**
 * What became of a mail (inbound_messages.outcome). Answered: accepted,
 * command (also a reply that only joins its seat), rejected, empty, turn-over, game-over, game-not-started,
 * turn-closed, conceded, wrong-sender (to the seat's registered address),
 * too-large, no-token, bad-token, unknown-game (to the sender), rate-limited
 * (the first over the limit in an hour). Never answered: duplicate,
 * ignored-auto, bounce (matched to the mail and seat it answers), failed.
 */
export const INBOUND_OUTCOMES = [
  'accepted',
  'command',
  'rejected',
  'empty',
  'turn-over',
  'game-over',
  'game-not-started',
  'turn-closed',
  'conceded',
  'wrong-sender',
  'no-token',
  'bad-token',
  'unknown-game',
  'too-large',
  'rate-limited',
  'ignored-auto',
  'bounce',
  'duplicate',
  'failed',
] as const;
export type InboundOutcomeKind = (typeof INBOUND_OUTCOMES)[number];

export interface InboundOutcome {
  readonly outcome: InboundOutcomeKind;
  /** The Message-ID the mail is recorded under (synthetic when it had none). */
  readonly messageId: string;
  readonly gameId: string | null;
  readonly side: string | null;
  /** Who was answered, and with what kind of mail. */
  readonly answers: readonly AnswerRecord[];
  /** What inbound_messages.detail holds. */
  readonly detail: Readonly<Record<string, unknown>>;
}

export interface InboundOptions {
  /** MAIL_MAX_BYTES. */
  readonly maxBytes: number;
  /** MAIL_RATE_PER_HOUR; 0: no limit. */
  readonly ratePerHour: number;
  /** Attempts at a mail that fails with an internal error before it is recorded as `failed` and let go. */
  readonly attemptsBeforeGivingUp: number;
}

export const DEFAULT_INBOUND_OPTIONS: InboundOptions = {
  maxBytes: 2 * 1024 * 1024,
  ratePerHour: 60,
  attemptsBeforeGivingUp: 3,
};

/** A games context, plus the receiving limits (defaults when absent). */
export interface InboundContext extends GamesContext {
  readonly inbound?: Partial<InboundOptions>;
}

/** Internal failures per Message-ID in this process, so that a mail that always fails is let go in the end. */
const failures = new Map<string, number>();
const FAILURES_KEPT = 1000;

function replyAddress(mail: ReadMail): string | null {
  return mail.from ?? (mail.envelopeFrom ? mail.envelopeFrom : null);
}

/** A mail that opened no seat: unknown game, HELP, or no (valid) token — answered to the sender. */
async function withoutSeat(
  ctx: InboundContext,
  tx: Tx,
  mail: ReadMail,
  outline: BodyOutline,
  tokensGiven: boolean,
  answer: Answer,
): Promise<Verdict> {
  if (!tokensGiven && outline.join) return joinByMail(ctx, tx, mail, outline.join, answer);
  const games = createGamesRepository(tx);
  const named = outline.gameId !== null && (await games.exists(outline.gameId)) ? outline.gameId : null;
  if (outline.gameId !== null && named === null) {
    await answer.toSender(replyAddress(mail), null, 'notice', composeNotice(unknownGameNotice(outline.gameId)));
    return { outcome: 'unknown-game', detail: { named: outline.gameId } };
  }
  if (!tokensGiven && outline.observe)
    return observeByMail(ctx, tx, { observe: outline.observe, from: replyAddress(mail), answer });
  if (!tokensGiven && outline.commands.includes('HELP') && !outline.orders) {
    // HELP tells nothing about any game: anyone may ask for it.
    const game = named ? await games.find(named) : null;
    await answer.toSender(
      replyAddress(mail),
      named,
      'help',
      composeHelp({
        game: game ? { id: game.id, name: game.name } : null,
        mailDomain: ctx.mailDomain,
        ...(game ? { ruleset: game.ruleset } : {}),
      }),
    );
    return { outcome: 'command', gameId: named, detail: { commands: ['HELP'] } };
  }
  await answer.toSender(
    replyAddress(mail),
    named,
    'notice',
    composeNotice(tokensGiven ? badTokenNotice(named) : noTokenNotice(named)),
  );
  return { outcome: tokensGiven ? 'bad-token' : 'no-token', gameId: named, detail: {} };
}

/**
 * `JOIN <game> [side]` without a seat token: the From is not trusted, so nothing is taken; the From address is
 * answered with a link that proves it is theirs (seats/lobby.ts), or with the refusal's code — at most
 * JOIN_ANSWERS_PER_HOUR answers an address an hour, past which the mail is recorded and not answered.
 */
async function joinByMail(
  ctx: InboundContext,
  tx: Tx,
  mail: ReadMail,
  join: NonNullable<BodyOutline['join']>,
  answer: Answer,
): Promise<Verdict> {
  const from = replyAddress(mail);
  const detail = (result: string) => ({ commands: ['JOIN'], join: result });
  if (from === null) return { outcome: 'command', detail: detail('no-sender') };
  const result = await answerJoinMail(ctx, tx, { email: from, gameId: join.gameId, side: join.side });
  if (result.kind === 'limited') return { outcome: 'command', gameId: join.gameId, detail: detail('limited') };
  if (result.kind === 'refused') {
    const named = result.error.code === 'GAME_NOT_FOUND' ? null : join.gameId;
    await answer.toRequester(
      from,
      named,
      'join',
      composeNotice(joinRefusedNotice({ gameId: named, code: result.error.code, message: result.error.message })),
    );
    return { outcome: 'command', gameId: named, detail: detail(result.error.code) };
  }
  const { game, side, url } = result;
  await answer.toRequester(
    from,
    game.id,
    'join',
    composeNotice(
      joinLinkNotice({
        gameId: game.id,
        // Text the game's creator chose goes to an address that may not have asked: quoted as invitations quote it.
        gameName: invitationName(game.name),
        side,
        sideName: invitationName(sideName(settingsOf(game), side)),
        url,
      }),
    ),
  );
  return { outcome: 'command', gameId: game.id, detail: detail('link') };
}

/** Steps 3 to 8 for a mail seen for the first time. */
async function decide(
  ctx: InboundContext,
  tx: Tx,
  mail: ReadMail,
  options: InboundOptions,
  answer: Answer,
  look: ClaimLook,
  outline: BodyOutline,
  candidates: readonly TokenCandidate[],
): Promise<Verdict> {
  const reason = autoReason(mail, ctx.mailDomain);
  if (reason) {
    // A bounce of one of the service's own mails marks the seat it went to (games/outbox/bounces.ts).
    const report = readBounce(mail, ctx);
    const bounce = report ? await recordBounce(ctx, tx, report) : null;
    if (!bounce) return { outcome: 'ignored-auto', detail: { reason } };
    return {
      outcome: 'bounce',
      gameId: bounce.gameId,
      ...(bounce.sides.length > 0 ? { side: bounce.sides[0]! } : {}),
      detail: { reason, outboxId: bounce.outboxId, permanent: bounce.permanent, sides: bounce.sides },
    };
  }

  // The seats the mail's tokens open were read with its claim (claimAndLook).
  const found = pickSeat(candidates, look.seats);
  const game = found?.game ?? null;
  const verified = found !== null && game !== null && senderMatches(mail, found.seat, game);
  const seatRef = found ? { gameId: found.seat.gameId, side: found.seat.side } : {};
  // The player writes in from the seat's address: it takes mail again, whatever bounced before.
  if (found && verified) await clearBounce(tx, found.seat);
  /** A notice about the whole mail: to the seat when the mail is verified, else to whoever sent it. */
  const notify = async (notice: Notice) =>
    found && verified
      ? (await answer.toSeat(found.seat, 'notice', composeNotice(notice)), true)
      : answer.toSender(replyAddress(mail), null, 'notice', composeNotice(notice));

  if (options.ratePerHour > 0) {
    // Mail forging a player's From cannot use up the player's own allowance: verified mail is counted apart.
    // Counted with the claim, in both buckets (claimAndLook).
    const rate = verified ? look.rate!.verified : look.rate!.unverified;
    if (rate.count >= options.ratePerHour) {
      const notified = !rate.notified && (await notify(rateLimitedNotice(options.ratePerHour)));
      return { outcome: 'rate-limited', ...seatRef, verified, detail: { recent: rate.count, notified } };
    }
  }
  if (mail.tooLarge) {
    await notify(tooLargeNotice(mail.size, options.maxBytes));
    return { outcome: 'too-large', ...seatRef, verified, detail: { limit: options.maxBytes } };
  }
  if (!found || !game) return withoutSeat(ctx, tx, mail, outline, candidates.length > 0, answer);
  // Mail from the seat's own address with its token answers the invitation: the seat joins (games/seats/joining.ts).
  // Only when one of the game's seats held by that address has not joined: joinSeats would change nothing otherwise.
  const joining = verified && found.unjoinedEmails.includes(found.seat.email.trim().toLowerCase());
  const joined = joining ? await joinSeats(ctx, tx, { gameId: game.id, email: found.seat.email }) : [];
  // Now that the game is known, its orders are the lines its kind's languages open (a reply to a battle saying
  // "Build it!" is a yes, not orders).
  const holdsOrders = () => outlineBody(mail.body, kindOf(game.ruleset).orderKeywords).orders;
  // Every command and setting of a joining reply is carried out: only a reply with none of them is a bare yes.
  if (
    joined.length > 0 &&
    outline.commands.length === 0 &&
    !outline.settings &&
    !holdsOrders() &&
    textToRead(mail, game).attachment === null
  ) {
    // A reply that only says yes is answered by the report of the open turn (queued on joining) and this word.
    await answer.toSeat(
      found.seat,
      'notice',
      composeNotice({
        subject: `[${game.id}] You have joined ${game.name}`,
        paragraphs: [
          'You have joined the game: its reports and reminders come to this address from now on.',
          'Reply to a report with your orders, or use the game page.',
        ],
      }),
    );
    return { outcome: 'command', gameId: game.id, side: found.seat.side, verified, detail: { joined: true } };
  }
  return applySeatMail(ctx, tx, {
    mail,
    outline,
    seat: found.seat,
    game,
    verified,
    token: found.token,
    tokenFrom: found.from,
    answer,
  });
}

/**
 * A Message-ID seen before. The same mail again (a second delivery) is let go in silence. Other text under the same
 * id is a mail program reusing ids: it is not read (the id is the record's key), so its sender is told once — unless
 * it is an automatic mail — and the earlier record notes it, for the operator.
 */
async function duplicateId(
  ctx: InboundContext,
  tx: Tx,
  mail: ReadMail,
  answer: Answer,
  log: Logger | undefined,
): Promise<Record<string, unknown>> {
  const inbound = createInboundRepository(tx);
  const earlier = await inbound.find(mail.messageId);
  const earlierText = earlier?.detail.textHash;
  if (!earlier || typeof earlierText !== 'string' || earlierText === mail.textHash) return {};
  const copies = (typeof earlier.detail.reusedBy === 'number' ? earlier.detail.reusedBy : 0) + 1;
  log?.warn(
    { messageId: mail.messageId, from: mail.from, copies },
    'a mail came with the Message-ID of an earlier one but other text: not read, the sender told once',
  );
  const tell = copies === 1 && autoReason(mail, ctx.mailDomain) === null;
  await inbound.note(mail.messageId, { reusedBy: copies, reusedLastAt: ctx.clock.now().toISOString() });
  const told =
    tell &&
    (await answer.toSender(
      replyAddress(mail),
      null,
      'notice',
      composeNotice(reusedMessageIdNotice(mail.subject.slice(0, 100), earlier.receivedAt)),
    ));
  return { reusedId: true, told };
}

/** Records a mail that kept failing, so that its receiver can let it go; nothing else is written. */
async function recordFailure(
  ctx: InboundContext,
  mail: ReadMail,
  sender: string,
  error: unknown,
): Promise<InboundOutcome> {
  const detail = { error: String((error as Error)?.message ?? error).slice(0, 500), subject: mail.subject };
  await createInboundRepository(ctx.db).recordFailed({
    messageId: mail.messageId,
    receivedAt: ctx.clock.now(),
    fromAddress: sender,
    detail,
  });
  return { outcome: 'failed', messageId: mail.messageId, gameId: null, side: null, answers: [], detail };
}

function rememberFailure(messageId: string): number {
  const n = (failures.get(messageId) ?? 0) + 1;
  failures.delete(messageId);
  if (failures.size >= FAILURES_KEPT) failures.delete(failures.keys().next().value!);
  failures.set(messageId, n);
  return n;
}

/**
 * Handles one raw RFC 822 message. Resolves once every effect is committed
 * (the receiver may then mark the mail done); rejects on an internal error,
 * with nothing written (the receiver keeps the mail and tries again), until
 * the same mail has failed `attemptsBeforeGivingUp` times: then it is
 * recorded as `failed` and resolves.
 */
export async function handleInboundMail(
  ctx: InboundContext,
  raw: Buffer,
  envelope: InboundEnvelope = {},
): Promise<InboundOutcome> {
  const options: InboundOptions = { ...DEFAULT_INBOUND_OPTIONS, ...ctx.inbound };
  const log: Logger | undefined = ctx.logger?.child({ module: 'mail-inbound' });
  const mail = await readMail(raw, envelope, options.maxBytes);
  const sender = mail.from ?? mail.envelopeFrom ?? '';
  try {
    // Of an oversized mail only the headers were read: its token can come from its address only.
    const outline = outlineBody(mail.body);
    const candidates: TokenCandidate[] = [
      ...recipientTokens(mail.recipients, ctx.mailDomain).map((token) => ({ token, from: 'address' as const })),
      ...(outline.password ? [{ token: outline.password, from: 'password' as const }] : []),
    ];
    const outcome = await ctx.db.transaction(async (tx): Promise<InboundOutcome> => {
      const inbound = createInboundRepository(tx);
      const now = ctx.clock.now();
      // The claim, the seats the tokens open and the sender's rate in one round trip; used only by a mail seen first.
      const look = await inbound.claimAndLook({
        messageId: mail.messageId,
        receivedAt: now,
        fromAddress: sender,
        contentKey: mail.contentKey,
        tokenHashes: candidateHashes(candidates),
        rateSince: options.ratePerHour > 0 ? new Date(now.getTime() - HOUR) : null,
      });
      const answer = new Answer(ctx, tx, mail.ownMessageId);
      if (!look.first) {
        const detail = await duplicateId(ctx, tx, mail, answer, log);
        return {
          outcome: 'duplicate',
          messageId: mail.messageId,
          gameId: null,
          side: null,
          answers: answer.records,
          detail,
        };
      }
      // A copy of a mail already handled, under a Message-ID a relay gave it this time.
      const twin =
        mail.contentKey !== null && mail.idFromRelay ? await inbound.twin(mail.contentKey, mail.messageId) : null;
      const verdict: Verdict = twin
        ? { outcome: 'duplicate', detail: { sameAs: twin } }
        : await decide(ctx, tx, mail, options, answer, look, outline, candidates);
      const detail = {
        subject: mail.subject,
        size: mail.size,
        body: mail.bodyFrom,
        ...(mail.attachments > 0 ? { attachments: mail.attachments } : {}),
        ...(mail.ownMessageId === null ? { messageIdMissing: true } : {}),
        ...(mail.parseError ? { parseError: mail.parseError.slice(0, 300) } : {}),
        textHash: mail.textHash,
        ...verdict.detail,
        verified: verdict.verified ?? false,
        answered: answer.records,
      };
      const gameId = verdict.gameId ?? null;
      // The last statement of the transaction: on PostgreSQL its COMMIT goes with it (one round trip fewer).
      await inbound.settle(mail.messageId, { outcome: verdict.outcome, gameId, detail }, { last: true });
      return {
        outcome: verdict.outcome,
        messageId: mail.messageId,
        gameId,
        side: verdict.side ?? null,
        answers: answer.records,
        detail,
      };
    });
    failures.delete(mail.messageId);
    log?.info(
      {
        messageId: mail.messageId,
        outcome: outcome.outcome,
        gameId: outcome.gameId,
        side: outcome.side,
        answers: outcome.answers.length,
      },
      'inbound mail handled',
    );
    return outcome;
  } catch (error) {
    const attempts = rememberFailure(mail.messageId);
    log?.error({ err: error, messageId: mail.messageId, attempts }, 'inbound mail failed');
    if (attempts < options.attemptsBeforeGivingUp) throw error;
    failures.delete(mail.messageId);
    return recordFailure(ctx, mail, sender, error);
  }
}
