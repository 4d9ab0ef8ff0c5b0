/**
 * The JSON API: the games use cases over HTTP. Each route checks its params,
 * query and body with zod, finds who is asking from the `Authorization:
 * Bearer` header (a seat token or a game's moderator key), calls one use case
 * and answers with its result. Errors go to the one handler in errors.ts.
 * docs/api.md describes every route and error code.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { GamesContext } from '../games/context.ts';
import { exportGame } from '../games/archive/archive.ts';
import { createGameAndInvite } from '../games/games/create.ts';
import { AppError, unauthorized } from '../games/errors.ts';
import {
  approveSeatRequest,
  listOpenGames,
  pendingSeatRequests,
  refuseSeatRequest,
  takeSeat,
  withdrawSeatRequest,
} from '../games/seats/lobby.ts';
import {
  checkModerator,
  concedeFor,
  endGame,
  refuseAbsence,
  extendDeadline,
  pause,
  replaceSeat,
  resolveNow,
  resume,
  rollback,
  rotateSeatToken,
  setMissedTurnLimit,
  removeObserver,
  setDeadline,
  type Moderator,
} from '../games/moderation/moderation.ts';
import { absenceDocument, absencesOf } from '../games/seats/absences.ts';
import { PRESS_TO } from '../orders/index.ts';
import { concede, standingOrders } from '../games/turns/orders.ts';
import { submitText } from '../games/turns/submit-text.ts';
import { submitFleet } from '../games/seats/setup.ts';
import { seatDocumentByToken, withLinkedBattles } from '../games/games/documents.ts';
import {
  history,
  listGames,
  assertTurnsVisible,
  moderatorGameView,
  publicGameView,
  seatGameView,
  turnView,
  visitorGameView,
} from '../games/games/views.ts';
import { checkInput, refuseNul } from './errors.ts';
import {
  absenceParams,
  API_ROUTES,
  deadlineBody,
  emptyBody,
  endBody,
  expressPath,
  gameParams,
  listQuery,
  pageQuery,
  missedTurnLimitBody,
  openApiDocument,
  ordersBody,
  reasonBody,
  removeObserverBody,
  replaceBody,
  requestParams,
  seatParams,
  turnParams,
  type ApiRoute,
} from './api-spec.ts';
import type { Metrics } from './metrics.ts';
import { limitPerClient } from './rate-limit.ts';
import { sessionEmail } from '../games/logins/sessions.ts';
import { operatorKey } from '../games/service-key.ts';
import { secretMatches, sha256Hex } from '../games/secrets.ts';
import { mayCreateGames, type CreateGamesPolicy } from './pages/deps.ts';

export interface ApiOptions {
  readonly metrics?: Metrics;
  /** Order submissions per client address per minute; 0: no limit. */
  readonly rateLimitOrders?: number;
  /** Games created per client address per hour; 0: no limit. */
  readonly rateLimitCreate?: number;
  /** Who may create games (CREATE_GAMES, MODERATOR_EMAILS), as on the web pages; default anyone logged in. */
  readonly createGames?: CreateGamesPolicy;
  readonly moderatorEmails?: readonly string[];
  /** Largest orders text sent as text/plain, in KiB. */
  readonly bodyLimitKb?: number;
}

/** The web session's id from the request's cookies (session.ts names it), or null. */
function sessionCookie(req: Request, secure: boolean): string | null {
  const name = secure ? '__Host-msc_session' : 'msc_session';
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The token of `Authorization: Bearer <token>`, or null when the header is absent. */
function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9._~+/-]{1,200}=*) *$/i.exec(header);
  if (!match) throw unauthorized('BAD_AUTHORIZATION', 'send the token as the header "Authorization: Bearer <token>"');
  return match[1]!;
}

function seatToken(req: Request): string {
  const token = bearerToken(req);
  if (token === null)
    throw unauthorized('TOKEN_MISSING', 'this needs your seat token: send "Authorization: Bearer <token>"');
  return token;
}

function moderator(req: Request, gameId: string): Moderator {
  const key = bearerToken(req);
  if (key === null)
    throw unauthorized(
      'MODERATOR_KEY_MISSING',
      'this needs the game\'s moderator key: send "Authorization: Bearer <key>"',
    );
  return { gameId, key, actor: 'api' };
}

/** A body parsed as JSON — or nothing, when the client sent something else. */
function jsonBody(req: Request): unknown {
  const type = req.get('content-type');
  if (req.body === undefined && type !== undefined && !req.is('application/json')) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `the body is ${type}: send JSON with "Content-Type: application/json"`,
      415,
    );
  }
  return req.body;
}

/** Whether an orders error is the player's (a rejection to count) rather than a refusal of the request. */
/**
 * A JSON answer as res.json gives it (the same body and Content-Type), without an ETag: for the answer to a POST, never
 * cached nor revalidated, the ETag only costs a hash of the body — and makes Express hand the body to the socket as a
 * second buffer beside the headers, a second piece for every response to write.
 */
function answerJson(res: Response, body: unknown): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

const REJECTIONS = new Set(['ORDERS_REJECTED', 'INVALID_ORDERS', 'INVALID_REQUEST']);

export function createApiRouter(ctx: GamesContext, options: ApiOptions = {}): Router {
  const router = express.Router();
  const ordersLimit = limitPerClient(options.rateLimitOrders, 'minute');
  const createLimit = limitPerClient(options.rateLimitCreate, 'hour');
  const joinLimit = limitPerClient(options.rateLimitCreate, 'hour', 'requests to join');
  const plainText = express.text({ type: 'text/plain', limit: `${options.bodyLimitKb ?? 512}kb` });

  /** The address logged in by the request's session cookie; LOGIN_NEEDED (401), saying `why`, without one. */
  async function sessionUser(req: Request, why: string): Promise<string> {
    const id = sessionCookie(req, ctx.publicUrl.startsWith('https:'));
    const email = id === null ? null : await sessionEmail(ctx, id);
    if (email === null) throw unauthorized('LOGIN_NEEDED', why);
    return email;
  }

  /**
   * Who creates a game over the API: the person logged in on the web pages (their session cookie), allowed by
   * CREATE_GAMES as on the new-game page, who then moderates it besides the key — the same policy and the same limits
   * (RATE_LIMIT_GAMES for the address, RATE_LIMIT_INVITATIONS for each invited one) as the web.
   */
  async function creator(req: Request): Promise<string | null> {
    // The operator (`msc game create` beside the server holding the embedded database) sends its key instead.
    const key = bearerToken(req);
    if (key !== null) {
      if (!secretMatches(key, sha256Hex(operatorKey(ctx.serviceKey))))
        throw unauthorized(
          'BAD_OPERATOR_KEY',
          'that is not the operator key: log in on the web and send the session cookie instead of a token',
        );
      return null;
    }
    const email = await sessionUser(
      req,
      `creating a game needs a login: log in at ${ctx.publicUrl}/login (a link comes by mail), then send the request with its session cookie, or create the game at ${ctx.publicUrl}/games/new`,
    );
    const policy = { createGames: options.createGames ?? 'anyone', moderatorEmails: options.moderatorEmails ?? [] };
    if (!mayCreateGames(policy, email))
      throw new AppError(
        'MAY_NOT_CREATE',
        'this service lets only its listed moderators create games (CREATE_GAMES=listed)',
        403,
      );
    return email;
  }

  mount(router, API_ROUTES.openApi, (_req, res) => {
    res.json(openApiDocument(ctx.publicUrl));
  });

  // Answers carry secrets (tokens, addresses) and change with every turn: nothing is cached.
  router.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  mount(router, API_ROUTES.createGame, ...createLimit, async (req, res) => {
    const email = await creator(req);
    const created = await createGameAndInvite(
      ctx,
      jsonBody(req) ?? {},
      email === null ? 'operator:cli' : `api:${email}`,
      email === null ? {} : { moderatorEmail: email },
    );
    res
      .status(201)
      .location(`/api/games/${created.game.id}`)
      .json({
        game: await publicGameView(ctx, created.game.id),
        moderatorKey: created.moderatorToken,
        seats: created.seats,
        openSides: created.openSides,
      });
  });

  // The lobby: games with an open side, as the /lobby page lists them (never an address).
  mount(router, API_ROUTES.lobby, async (req, res) => {
    const { page } = checkInput(pageQuery, req.query, 'query');
    res.json(await listOpenGames(ctx, { page }));
  });

  // Taking an open side (or asking the creator for it) as the person logged in, as the join page does.
  mount(router, API_ROUTES.joinGame, ...joinLimit, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const email = await sessionUser(
      req,
      `taking a seat needs a login: log in at ${ctx.publicUrl}/login (a link comes by mail), then send the request with its session cookie, or take it at ${ctx.publicUrl}/games/${id}/join`,
    );
    const taken = await takeSeat(ctx, id, email, jsonBody(req) ?? {});
    res.status(taken.status === 'taken' ? 201 : 202).json(taken);
  });

  // Withdrawing that request while it waits, as the join page does.
  mount(router, API_ROUTES.withdrawJoin, ...joinLimit, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const email = await sessionUser(
      req,
      `withdrawing a request needs a login: log in at ${ctx.publicUrl}/login, then send it with its session cookie, or withdraw it at ${ctx.publicUrl}/games/${id}/join`,
    );
    const withdrawn = await withdrawSeatRequest(ctx, id, email);
    res.json({ status: 'withdrawn', gameId: id, ...withdrawn });
  });

  mount(router, API_ROUTES.listGames, async (req, res) => {
    const { status } = checkInput(listQuery, req.query, 'query');
    const games = await listGames(ctx, { publicOnly: true });
    res.json({ games: status ? games.filter((g) => g.status === status) : games });
  });

  mount(router, API_ROUTES.getGame, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const token = bearerToken(req);
    // A campaign lists its current turn's linked battles; a linked battle names its campaign.
    const withBattles = <G extends Parameters<typeof withLinkedBattles>[1]>(game: G) => withLinkedBattles(ctx, game);
    if (token === null) {
      res.json({ role: 'public', game: await withBattles(await visitorGameView(ctx, id)) });
      return;
    }
    // One header for both: a seat token is tried first, then the moderator key.
    try {
      // The same document a seat's turn report mail attaches (SET REPORT JSON).
      res.json(await seatDocumentByToken(ctx, id, token));
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'BAD_TOKEN')) throw error;
    }
    try {
      res.json({
        role: 'moderator',
        game: await withBattles(await moderatorGameView(ctx, { gameId: id, key: token, actor: 'api' })),
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_MODERATOR_KEY') {
        throw unauthorized(
          'BAD_TOKEN',
          `that is neither a seat token nor the moderator key of game ${id}: send it without a token for the public view`,
        );
      }
      throw error;
    }
  });

  mount(router, API_ROUTES.submitFleet, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const game = await submitFleet(ctx, id, seatToken(req), jsonBody(req) ?? {});
    res.json({ game: await publicGameView(ctx, game.id) });
  });

  mount(router, API_ROUTES.submitOrders, ...ordersLimit, plainText, refuseNul, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const token = seatToken(req);
    let asJson = false;
    try {
      const body = typeof req.body === 'string' ? { text: req.body } : checkInput(ordersBody, jsonBody(req), 'body');
      asJson = body.text === undefined;
      // CONCEDE and MESSAGE in the text are the player's word, as they are by mail and on the web.
      const r = await submitText(ctx, {
        gameId: id,
        token,
        channel: 'api',
        ...(body.text !== undefined ? { text: body.text } : { orders: body.orders }),
      });
      options.metrics?.submissions.inc({ channel: 'api', result: 'accepted' });
      const conceded = r.conceded;
      answerJson(res, {
        accepted: true,
        turn: r.turn,
        stored: r.stored,
        canonical: r.canonical,
        deadline: r.deadline,
        turnComplete: r.turnComplete || (conceded?.gameEnds ?? false),
        commands: r.commands,
        notes: r.notes,
        ...(conceded ? { conceded: true, gameEnds: conceded.gameEnds } : {}),
        ...(r.relayedTo ? { relayedTo: r.relayedTo.side } : {}),
        ...(r.message?.to === PRESS_TO ? { pressedTo: r.pressedTo.map((x) => x.side) } : {}),
        ...(r.absence?.declared ? { absence: absenceDocument(r.absence.declared) } : {}),
        ...(r.absence && !r.absence.declared ? { absencesCancelled: r.absence.cancelled } : {}),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (REJECTIONS.has(error.code)) options.metrics?.submissions.inc({ channel: 'api', result: 'rejected' });
      // JSON orders have no lines of their own (they are checked as the text they stand for): each problem names its
      // ship.
      if (asJson && error.code === 'ORDERS_REJECTED')
        throw new AppError(
          error.code,
          error.message,
          error.status,
          error.problems.map((p) => ({ ...p, line: null })),
        );
      throw error;
    }
  });

  mount(router, API_ROUTES.standingOrders, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    res.json(await standingOrders(ctx, id, seatToken(req)));
  });

  mount(router, API_ROUTES.concede, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const token = seatToken(req);
    checkInput(emptyBody, jsonBody(req), 'body');
    const { gameEnds } = await concede(ctx, id, token);
    res.json({ conceded: true, gameEnds });
  });

  /** A private game's history is for its seats and its moderator only; a public one, for anyone. */
  async function assertReadable(id: string, token: string | null): Promise<'reader' | 'seat' | 'moderator'> {
    if (token === null) {
      await visitorGameView(ctx, id);
      return 'reader';
    }
    try {
      await seatGameView(ctx, id, token);
      return 'seat';
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'BAD_TOKEN')) throw error;
      // A moderator who holds a seat reads the game as a seat does (issue 24).
      const view = await moderatorGameView(ctx, { gameId: id, key: token });
      return view.seatedAs === null ? 'moderator' : 'seat';
    }
  }

  mount(router, API_ROUTES.listTurns, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    await assertTurnsVisible(ctx, id, await assertReadable(id, bearerToken(req)));
    res.json({ gameId: id, turns: await history(ctx, id) });
  });

  mount(router, API_ROUTES.getTurn, async (req, res) => {
    const { id, n } = checkInput(turnParams, req.params, 'params');
    await assertTurnsVisible(ctx, id, await assertReadable(id, bearerToken(req)));
    res.json({ turn: await turnView(ctx, id, n) });
  });

  // The archive's download (docs/archive.md): a seat's token or the moderator key opens a private game; the key, the
  // seed of a running one.
  mount(router, API_ROUTES.exportGame, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const token = bearerToken(req);
    const doc = await exportGame(ctx, id, token === null ? { as: 'anyone' } : { as: 'token', token });
    res
      .set('Content-Disposition', `attachment; filename="${id}.json"`)
      .type('application/json')
      .send(`${JSON.stringify(doc, null, 2)}\n`);
  });

  registerModeratorRoutes(router, ctx);
  return router;
}

/** Mounts one route of the table (api-spec.ts): only so, so that the OpenAPI document has every route. */
function mount(router: Router, r: ApiRoute, ...handlers: RequestHandler[]): void {
  router[r.method](expressPath(r.path), ...handlers);
}

/** The moderator's actions: each needs the game's moderator key and may give a reason for the audit log. */
function registerModeratorRoutes(router: Router, ctx: GamesContext): void {
  const simple = {
    pause: (m: Moderator, why: string | null) => pause(ctx, m, why),
    resume: (m: Moderator, why: string | null) => resume(ctx, m, why),
  };
  for (const [action, run] of Object.entries(simple)) {
    mount(router, API_ROUTES[action as keyof typeof simple], async (req, res) => {
      const { id } = checkInput(gameParams, req.params, 'params');
      const m = moderator(req, id);
      const body = checkInput(reasonBody, jsonBody(req), 'body');
      await run(m, body.reason ?? null);
      res.json({ game: await publicGameView(ctx, id) });
    });
  }

  mount(router, API_ROUTES.resolve, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(reasonBody, jsonBody(req), 'body');
    const resolved = await resolveNow(ctx, m, body.reason ?? null);
    res.json({ resolved, game: await publicGameView(ctx, id) });
  });

  mount(router, API_ROUTES.rollback, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(reasonBody, jsonBody(req), 'body');
    const reopened = await rollback(ctx, m, body.reason ?? null);
    res.json({ reopened, game: await publicGameView(ctx, id) });
  });

  mount(router, API_ROUTES.deadline, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(deadlineBody, jsonBody(req), 'body');
    const why = body.reason ?? null;
    const deadline =
      body.extendHours !== undefined
        ? await extendDeadline(ctx, m, body.extendHours, why)
        : await setDeadline(ctx, m, body.deadline ? new Date(body.deadline) : null, why);
    res.json({ deadline });
  });

  mount(router, API_ROUTES.replaceSeat, async (req, res) => {
    const { id, side } = checkInput(seatParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(replaceBody, jsonBody(req), 'body');
    const player = { email: body.email, name: body.name, ...(body.timeZone ? { timeZone: body.timeZone } : {}) };
    const { seat, token } = await replaceSeat(ctx, m, side, player, body.reason ?? null);
    res.json({ side: seat.side, email: seat.email, name: seat.displayName, timeZone: seat.timeZone, token });
  });

  mount(router, API_ROUTES.rotateSeatToken, async (req, res) => {
    const { id, side } = checkInput(seatParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(reasonBody, jsonBody(req), 'body');
    res.json({ side, token: await rotateSeatToken(ctx, m, side, body.reason ?? null) });
  });

  mount(router, API_ROUTES.concedeFor, async (req, res) => {
    const { id, side } = checkInput(seatParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(reasonBody, jsonBody(req), 'body');
    const { gameEnds } = await concedeFor(ctx, m, side, body.reason ?? null);
    res.json({ side, conceded: true, gameEnds });
  });

  mount(router, API_ROUTES.missedTurnLimit, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(missedTurnLimitBody, jsonBody(req), 'body');
    res.json(await setMissedTurnLimit(ctx, m, body.limit, body.reason ?? null));
  });

  mount(router, API_ROUTES.end, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(endBody, jsonBody(req), 'body');
    await endGame(ctx, m, body.how, body.reason ?? null);
    res.json({ game: await publicGameView(ctx, id) });
  });

  // A seat's absences (SET ABSENCE): listed for the game's moderator; refused by it (the deadline put back).
  mount(router, API_ROUTES.absences, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    await checkModerator(ctx, moderator(req, id));
    res.json({ absences: (await absencesOf(ctx, id)).map(absenceDocument) });
  });

  mount(router, API_ROUTES.refuseAbsence, async (req, res) => {
    const { id, absence } = checkInput(absenceParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(reasonBody, jsonBody(req), 'body');
    res.json({ absence: absenceDocument(await refuseAbsence(ctx, m, absence, body.reason ?? null)) });
  });

  mount(router, API_ROUTES.removeObserver, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    const m = moderator(req, id);
    const body = checkInput(removeObserverBody, jsonBody(req), 'body');
    res.json(await removeObserver(ctx, m, body.email, body.reason ?? null));
  });

  // Players asking for an open side of a game whose creator approves them (the moderator sees their addresses).
  mount(router, API_ROUTES.joinRequests, async (req, res) => {
    const { id } = checkInput(gameParams, req.params, 'params');
    await checkModerator(ctx, moderator(req, id));
    const requests = await pendingSeatRequests(ctx, id);
    res.json({
      requests: requests.map((r) => ({
        id: r.id,
        side: r.side,
        name: r.displayName,
        email: r.email,
        timeZone: r.timeZone,
        createdAt: r.createdAt,
      })),
    });
  });

  for (const [action, decide] of [
    ['approve', approveSeatRequest],
    ['refuse', refuseSeatRequest],
  ] as const) {
    mount(router, API_ROUTES[action === 'approve' ? 'approveJoinRequest' : 'refuseJoinRequest'], async (req, res) => {
      const { id, request } = checkInput(requestParams, req.params, 'params');
      const m = moderator(req, id);
      const body = checkInput(reasonBody, jsonBody(req), 'body');
      const decided = await decide(ctx, m, request, body.reason ?? null);
      res.json({ request, status: action === 'approve' ? 'approved' : 'refused', ...decided });
    });
  }
}
