/**
 * Open seats and the lobby. A game's creator may leave a side open (create.ts, `{ side, open: true }`): the game then
 * waits — no setup turn, no deadline — until every open side is taken; the last one taken opens the setup (or turn 1),
 * so its clock starts then. Open games are listed publicly (listOpenGames), never with an address. A person whose
 * address is confirmed (a web session, or the link a JOIN mail is answered with) takes a side (takeSeat): the seat is
 * made and mailed its invitation with its token, exactly as an invited seat is. When the game asks for approval
 * (games.join_approval), the request waits for the creator (approveSeatRequest, refuseSeatRequest), who is mailed it;
 * the player is told either way. Two players after the last side: the game's row is locked, so exactly one gets it
 * (and the seats' unique (game, side) stands behind that).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { games, outbox, seatRequests, seats, type Game, type Seat, type SeatRequest } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import type { GamesContext, Tx } from '../context.ts';
import { badRequest, conflict, notFound, type AppError } from '../errors.ts';
import { createGamesRepository, gameNotFound } from '../games/games.repository.ts';
import { HOUR } from '../clock.ts';
import { issueLoginToken, LOGIN_LINKS_PER_HOUR, loginUrl, normalizeEmail, recentLoginLinks } from '../logins/logins.ts';
import { DISPLAY_NAME_CHARS, openSetupTurn, timeZoneSchema, zodProblems } from '../games/create.ts';
import { audit } from '../games/lifecycle.ts';
import { sideName, type GameSettings } from '../games/settings.ts';
import { isOver, openSidesOf, scenarioOf, settingsOf } from '../games/state.ts';
import { actorOf, lockModeratedGame, type Moderator } from '../moderation/moderation.ts';
import { seatToken, sha256Hex } from '../secrets.ts';
import { queueAnswer } from '../turns/messages.ts';
import { invitationName, queueInvitation } from './invitations.ts';
import { createSeatsRepository } from './seats.repository.ts';

/** What the lobby shows of an open game: never an address. */
export interface OpenGame {
  readonly id: string;
  readonly name: string;
  readonly ruleset: string;
  readonly kind: string;
  readonly scenario: string;
  readonly openSides: ReadonlyArray<{ id: string; name: string }>;
  /** The sides taken, by the names their players chose. */
  readonly players: ReadonlyArray<{ side: string; sideName: string; name: string }>;
  readonly turnHours: number | null;
  readonly turnLimit: number | null;
  readonly missedTurnLimit: number;
  readonly noOrders: GameSettings['noOrders'];
  readonly joinApproval: boolean;
  readonly createdAt: Date;
}

/** Games on a page of the lobby. */
export const LOBBY_PAGE_SIZE = 50;

/**
 * A game waiting for players, in SQL: it has not started (its setup turn opens with the last side taken), and one of
 * its sides that a player plays (not one the solo rules play) has no seat yet — as openSidesOf reads it.
 */
const waitsForPlayers = sql`${games.status} = 'setup' and ${games.currentTurn} = 0 and exists (
  select 1 from jsonb_array_elements(${games.settings} -> 'sides') as listed(side)
  where not (coalesce(${games.settings} -> 'solo', '[]'::jsonb) ? (listed.side ->> 'id'))
    and not exists (
      select 1 from ${seats} where ${seats.gameId} = ${games.id} and ${seats.side} = listed.side ->> 'id'))`;

/** The games waiting for players that `where` selects, newest first: `limit` of them from `offset`. */
async function openGames(ctx: GamesContext, where: SQL, limit: number, offset = 0): Promise<OpenGame[]> {
  const candidates = await ctx.db
    .select()
    .from(games)
    .where(and(waitsForPlayers, where))
    .orderBy(desc(games.createdAt), asc(games.id))
    .limit(limit)
    .offset(offset);
  if (candidates.length === 0) return [];
  const seatRows = await ctx.db
    .select({ gameId: seats.gameId, side: seats.side, displayName: seats.displayName })
    .from(seats)
    .where(
      inArray(
        seats.gameId,
        candidates.map((g) => g.id),
      ),
    );
  return candidates.map((game) => {
    const mine = seatRows.filter((s) => s.gameId === game.id);
    const settings = settingsOf(game);
    return {
      id: game.id,
      name: game.name,
      ruleset: game.ruleset,
      kind: kindOf(game.ruleset).title,
      scenario: scenarioOf(game),
      openSides: openSidesOf(game, mine).map((id) => ({ id, name: sideName(settings, id) })),
      players: mine.map((s) => ({ side: s.side, sideName: sideName(settings, s.side), name: s.displayName })),
      turnHours: settings.turnHours,
      turnLimit: settings.turnLimit,
      missedTurnLimit: settings.missedTurnLimit,
      noOrders: settings.noOrders,
      joinApproval: game.joinApproval,
      createdAt: game.createdAt,
    };
  });
}

/** A page of the lobby: the games still waiting for a side to be taken, newest first; `more`: a next page has some. */
export async function listOpenGames(
  ctx: GamesContext,
  { page = 1 }: { page?: number } = {},
): Promise<{ games: OpenGame[]; page: number; more: boolean }> {
  const found = await openGames(ctx, sql`true`, LOBBY_PAGE_SIZE + 1, (page - 1) * LOBBY_PAGE_SIZE);
  return { games: found.slice(0, LOBBY_PAGE_SIZE), page, more: found.length > LOBBY_PAGE_SIZE };
}

/** One game, if it waits for players (its join page), however many others do. */
export async function findOpenGame(ctx: GamesContext, gameId: string): Promise<OpenGame | null> {
  return (await openGames(ctx, eq(games.id, gameId), 1))[0] ?? null;
}

export const takeSeatSchema = z.strictObject({
  /** Which open side; none: the game's only open side (or its first). */
  side: z.string().max(40).optional(),
  name: z
    .string()
    .trim()
    .min(1, 'give the name you play under: the other players see it')
    .max(DISPLAY_NAME_CHARS, `a player's name is at most ${DISPLAY_NAME_CHARS} characters: shorten it`),
  timeZone: timeZoneSchema.default('UTC'),
});
export type TakeSeatInput = z.input<typeof takeSeatSchema>;

export interface TakenSeat {
  /** `taken`: the seat is yours and its invitation is on its way; `asked`: the creator approves it first. */
  readonly status: 'taken' | 'asked';
  readonly gameId: string;
  readonly side: string;
  readonly sideName: string;
}

/**
 * Why `email` may not take `side` of `game` (null: it may): the codes every channel answers with. `side` undefined:
 * any open side. Read in the caller's transaction, with the game's row locked when it is to take the seat.
 */
export async function joinRefusal(
  tx: Tx,
  game: Game,
  email: string,
  side: string | undefined,
): Promise<{ error: AppError; side?: never } | { error?: never; side: string }> {
  const seatRows = await createSeatsRepository(tx).ofGame(game.id);
  const open = openSidesOf(game, seatRows);
  const settings = settingsOf(game);
  if (isOver(game) || game.status !== 'setup' || game.currentTurn !== 0 || open.length === 0)
    return {
      error: conflict(
        isOver(game) ? 'GAME_CLOSED' : 'NO_OPEN_SEAT',
        isOver(game)
          ? `game ${game.id} is over: find another in the lobby`
          : `game ${game.id} has no open side left: find another game in the lobby`,
      ),
    };
  if (seatRows.some((s) => s.email === email))
    return { error: conflict('ALREADY_SEATED', `you have a seat in game ${game.id} already: one seat a player`) };
  if (side === undefined || side === '') return { side: open[0]! };
  const wanted = side.trim().toLowerCase();
  if (!settings.sides.some((s) => s.id === wanted))
    return {
      error: badRequest(
        'UNKNOWN_SIDE',
        `game ${game.id} has no side "${wanted.slice(0, 40)}": the open sides are ${open.join(', ')}`,
      ),
    };
  if (!open.includes(wanted))
    return {
      error: conflict(
        'SEAT_TAKEN',
        `side ${sideName(settings, wanted)} (${wanted}) of game ${game.id} is taken already: the open sides are ${open.join(', ')}`,
      ),
    };
  return { side: wanted };
}

/**
 * `email` (confirmed by its channel: a web session, or a JOIN mail's link) takes an open side of `gameId`, or asks
 * the creator for it when the game wants approval. One transaction with the game's row locked.
 */
export async function takeSeat(ctx: GamesContext, gameId: string, email: string, raw: unknown): Promise<TakenSeat> {
  const parsed = takeSeatSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest('INVALID_JOIN', 'the seat could not be taken: fix the fields listed', zodProblems(parsed.error));
  const input = parsed.data;
  const address = email.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const game = await createGamesRepository(tx).byId(gameId, { forUpdate: true });
    const verdict = await joinRefusal(tx, game, address, input.side);
    if (verdict.error) throw verdict.error;
    const side = verdict.side;
    const named = sideName(settingsOf(game), side);
    const player = { email: address, name: input.name, timeZone: input.timeZone };
    if (!game.joinApproval) {
      await seatPlayer(ctx, tx, game, side, player, `player:${address}`);
      return { status: 'taken', gameId: game.id, side, sideName: named };
    }
    const [pending] = await tx
      .select({ id: seatRequests.id })
      .from(seatRequests)
      .where(
        and(eq(seatRequests.gameId, game.id), eq(seatRequests.email, address), eq(seatRequests.status, 'pending')),
      );
    if (pending)
      throw conflict(
        'REQUEST_PENDING',
        `you have asked for a side of game ${game.id} already: its creator has not answered yet`,
      );
    const [request] = await tx
      .insert(seatRequests)
      .values({
        gameId: game.id,
        side,
        email: address,
        displayName: input.name,
        timeZone: input.timeZone,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await requestNoted(ctx, tx, game, address, 'seat-request', request!, {
      subject: `[${game.id}] ${invitationName(input.name)} asks to play ${named} in ${game.name}`,
      paragraphs: [
        // The name is the asker's own: quoted as invitations quote names, with no link or address left whole.
        `${invitationName(input.name)} asks to take the open side ${named} (${side}) of your game "${game.name}" (game ${game.id}).`,
        `Approve or refuse the request on the game's moderator page: ${ctx.publicUrl}/games/${game.id}/moderate`,
        'The player is told either way. Until you approve, the side stays open to others.',
      ],
    });
    return { status: 'asked', gameId: game.id, side, sideName: named };
  });
}

/** The request `email` has waiting for its creator in `game`, if any (the join page offers to withdraw it). */
export async function waitingSeatRequest(
  ctx: GamesContext,
  game: Game,
  email: string,
): Promise<{ side: string; sideName: string } | null> {
  const [row] = await ctx.db
    .select({ side: seatRequests.side })
    .from(seatRequests)
    .where(
      and(
        eq(seatRequests.gameId, game.id),
        eq(seatRequests.email, normalizeEmail(email)),
        eq(seatRequests.status, 'pending'),
      ),
    );
  return row ? { side: row.side, sideName: sideName(settingsOf(game), row.side) } : null;
}

/**
 * The player withdraws the request they have waiting in a game, before its creator answers: it is marked withdrawn
 * (kept, as answered requests are), the creator is told if they have an address, and the player may ask again, for
 * any side. REQUEST_NOT_FOUND (404) when none is waiting: never made, or answered already. One transaction with the
 * game's row locked, as the creator's answer takes it: the two cannot both happen.
 */
export async function withdrawSeatRequest(
  ctx: GamesContext,
  gameId: string,
  email: string,
): Promise<{ side: string; sideName: string }> {
  const address = normalizeEmail(email);
  return ctx.db.transaction(async (tx) => {
    const game = await createGamesRepository(tx).byId(gameId, { forUpdate: true });
    const [request] = await tx
      .update(seatRequests)
      .set({ status: 'withdrawn', decidedAt: ctx.clock.now() })
      .where(and(eq(seatRequests.gameId, game.id), eq(seatRequests.email, address), eq(seatRequests.status, 'pending')))
      .returning();
    if (!request)
      throw notFound(
        'REQUEST_NOT_FOUND',
        `you have no request waiting in game ${game.id}: it was answered already, or never made`,
      );
    const named = sideName(settingsOf(game), request.side);
    await requestNoted(ctx, tx, game, address, 'withdraw-seat-request', request, {
      subject: `[${game.id}] ${invitationName(request.displayName)} withdrew their request for ${named}`,
      paragraphs: [
        `${invitationName(request.displayName)} withdrew their request to take side ${named} (${request.side}) of your game "${game.name}" (game ${game.id}): there is nothing for you to answer.`,
      ],
    });
    return { side: request.side, sideName: named };
  });
}

/** A player's request made or withdrawn: in the game's log, and told to its creator when they have an address. */
async function requestNoted(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  address: string,
  action: 'seat-request' | 'withdraw-seat-request',
  request: Pick<SeatRequest, 'id' | 'side'>,
  notice: { subject: string; paragraphs: string[] },
): Promise<void> {
  await audit(ctx, tx, {
    gameId: game.id,
    actor: `player:${address}`,
    action,
    details: { side: request.side, request: request.id },
  });
  if (game.moderatorEmail === null) return;
  await queueAnswer(ctx, tx, {
    to: game.moderatorEmail,
    gameId: game.id,
    kind: 'notice',
    inReplyTo: null,
    composed: ctx.mail.notice(notice),
  });
}

/**
 * Gives `side` of a locked `game` to `player`: the seat with its new token, its invitation (as an invited seat's), the
 * requests for the side that are left refused (and told so); the last side taken opens the setup, starting its clock.
 */
async function seatPlayer(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  side: string,
  player: { email: string; name: string; timeZone: string },
  actor: string,
  reason: string | null = null,
): Promise<Seat> {
  const now = ctx.clock.now();
  const seatId = randomUUID();
  const token = seatToken(ctx.serviceKey, seatId, now);
  const [seat] = await tx
    .insert(seats)
    .values({
      id: seatId,
      gameId: game.id,
      side,
      email: player.email,
      displayName: player.name,
      timeZone: player.timeZone,
      tokenHash: sha256Hex(token),
      tokenRotatedAt: now,
      joinedAt: null,
      createdAt: now,
    })
    .returning();
  await audit(ctx, tx, {
    gameId: game.id,
    actor,
    action: 'take-seat',
    reason,
    details: { side, email: player.email },
  });
  const others = await tx
    .select()
    .from(seatRequests)
    .where(and(eq(seatRequests.gameId, game.id), eq(seatRequests.side, side), eq(seatRequests.status, 'pending')));
  for (const other of others) await decide(ctx, tx, game, other, 'refused', 'the side was taken by another player');
  const open = openSidesOf(game, await createSeatsRepository(tx).ofGame(game.id));
  const started = open.length === 0 ? await openSetupTurn(ctx, tx, game) : game;
  await queueInvitation({ ...ctx, db: tx }, tx, started, seat!);
  return seat!;
}

/** Marks a request approved or refused; a refused player is told why. */
async function decide(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  request: SeatRequest,
  status: 'approved' | 'refused',
  why: string,
): Promise<void> {
  await tx.update(seatRequests).set({ status, decidedAt: ctx.clock.now() }).where(eq(seatRequests.id, request.id));
  if (status === 'approved') return;
  await queueAnswer(ctx, tx, {
    to: request.email,
    gameId: game.id,
    kind: 'notice',
    inReplyTo: null,
    composed: ctx.mail.notice({
      outsider: true,
      subject: `[${game.id}] Your request to play in ${game.name} was refused`,
      paragraphs: [
        `Your request to take side ${sideName(settingsOf(game), request.side)} of "${game.name}" (game ${game.id}) was refused: ${why}.`,
        `Other games wait for players in the lobby: ${ctx.publicUrl}/lobby`,
      ],
    }),
  });
}

/** A game's requests waiting for its creator, oldest first (the moderator's page and API). */
export async function pendingSeatRequests(ctx: GamesContext, gameId: string): Promise<SeatRequest[]> {
  return ctx.db
    .select()
    .from(seatRequests)
    .where(and(eq(seatRequests.gameId, gameId), eq(seatRequests.status, 'pending')))
    .orderBy(asc(seatRequests.createdAt), asc(seatRequests.id));
}

async function pendingRequest(tx: Tx, gameId: string, requestId: number): Promise<SeatRequest> {
  const [request] = await tx
    .select()
    .from(seatRequests)
    .where(and(eq(seatRequests.gameId, gameId), eq(seatRequests.id, requestId)));
  if (!request) throw notFound('REQUEST_NOT_FOUND', `game ${gameId} has no seat request ${requestId}`);
  if (request.status !== 'pending')
    throw conflict('REQUEST_DECIDED', `seat request ${requestId} was ${request.status} already`);
  return request;
}

/**
 * One of the game's pending requests answered by its moderator `m`, in one transaction with the game's row locked:
 * `answer` does it; the request's side and player's name are returned.
 */
function answerRequest(
  ctx: GamesContext,
  m: Moderator,
  requestId: number,
  answer: (tx: Tx, game: Game, request: SeatRequest) => Promise<void>,
): Promise<{ side: string; name: string }> {
  return ctx.db.transaction(async (tx) => {
    const game = await lockModeratedGame(tx, m);
    const request = await pendingRequest(tx, game.id, requestId);
    await answer(tx, game, request);
    return { side: request.side, name: request.displayName };
  });
}

/**
 * The creator approves a request: the player takes the side (seatPlayer), if it is still theirs to take — else the
 * refusal's code (SEAT_TAKEN, ALREADY_SEATED …), and the request stays for the creator to refuse.
 */
export function approveSeatRequest(
  ctx: GamesContext,
  m: Moderator,
  requestId: number,
  reason: string | null = null,
): Promise<{ side: string; name: string }> {
  return answerRequest(ctx, m, requestId, async (tx, game, request) => {
    const verdict = await joinRefusal(tx, game, request.email, request.side);
    if (verdict.error) throw verdict.error;
    await decide(ctx, tx, game, request, 'approved', '');
    const player = { email: request.email, name: request.displayName, timeZone: request.timeZone };
    await seatPlayer(ctx, tx, game, request.side, player, actorOf(m), reason);
  });
}

/** The creator refuses a request: the player is told, the side stays open. */
export function refuseSeatRequest(
  ctx: GamesContext,
  m: Moderator,
  requestId: number,
  reason: string | null = null,
): Promise<{ side: string; name: string }> {
  return answerRequest(ctx, m, requestId, async (tx, game, request) => {
    await decide(ctx, tx, game, request, 'refused', "the game's creator chose other players");
    await audit(ctx, tx, {
      gameId: game.id,
      actor: actorOf(m),
      action: 'refuse-seat-request',
      reason,
      details: { side: request.side, request: request.id },
    });
  });
}

/** Answers to JOIN mails one address is sent an hour (links and refusals alike), as many as login links. */
export const JOIN_ANSWERS_PER_HOUR = LOGIN_LINKS_PER_HOUR;

/** How many answers to JOIN mails `email` was sent in the last hour (outbox kind `join`). */
async function recentJoinAnswers(ctx: GamesContext, tx: Tx, email: string): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - HOUR);
  const [row] = await tx
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.kind, 'join'), eq(outbox.toAddress, email), gt(outbox.createdAt, since)));
  return row?.n ?? 0;
}

/** How long the link a JOIN mail is answered with works. */
const JOIN_LINK_LIFE_MS = 24 * HOUR;

/** What a JOIN mail gets: a link that confirms the address, a refusal with its code, or nothing (too many links). */
export type JoinMailAnswer =
  | { readonly kind: 'link'; readonly url: string; readonly game: Game; readonly side: string }
  | { readonly kind: 'refused'; readonly error: AppError }
  | { readonly kind: 'limited' };

/**
 * A `JOIN <game> [side]` mailed by `email` (its From: not trusted yet). Refused with its code when the address could
 * not take the side now; else a link for the address (login links' limit per hour): following it proves the address
 * and opens the game's join page, where the seat is taken. Nothing is taken by the mail itself.
 */
export async function answerJoinMail(
  ctx: GamesContext,
  tx: Tx,
  m: { email: string; gameId: string | null; side: string | null },
): Promise<JoinMailAnswer> {
  const email = normalizeEmail(m.email);
  if ((await recentJoinAnswers(ctx, tx, email)) >= JOIN_ANSWERS_PER_HOUR) return { kind: 'limited' };
  if (m.gameId === null)
    return {
      kind: 'refused',
      error: badRequest('JOIN_WHICH_GAME', 'write the game after JOIN, e.g. "JOIN orion-7" (the lobby lists them)'),
    };
  const game = await createGamesRepository(tx).find(m.gameId);
  if (!game) return { kind: 'refused', error: gameNotFound(m.gameId, ': the lobby lists the games with an open side') };
  const verdict = await joinRefusal(tx, game, email, m.side ?? undefined);
  if (verdict.error) return { kind: 'refused', error: verdict.error };
  // The link is a login link too: it counts with those the login page sends.
  if ((await recentLoginLinks({ ...ctx, db: tx }, email)) >= LOGIN_LINKS_PER_HOUR) return { kind: 'limited' };
  const { token } = await issueLoginToken(ctx, tx, {
    email,
    purpose: 'join',
    gameId: game.id,
    lifeMs: JOIN_LINK_LIFE_MS,
  });
  // The side is chosen again on the join page (the link stays short enough for a 78-column line).
  return { kind: 'link', url: loginUrl(ctx, token), game, side: verdict.side };
}
