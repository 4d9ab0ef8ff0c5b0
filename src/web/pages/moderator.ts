/**
 * The moderators' pages: creating a game (a scenario or custom settings, its
 * seats, invitations by mail), and a game's status board — who has ordered,
 * the last mail to each seat and whether it went out, every seat's orders —
 * with its actions: set or extend the deadline, pause and resume, resolve
 * now, roll back, replace a player, resend an invitation, rotate a seat's
 * token, change the missed-turn limit, refuse a player's absence, remove an
 * observer, end or abandon, approve or refuse a player asking for an open
 * side (the lobby); and the audit log. Every action is the moderation use
 * case the API and the command line call, as the game's moderator address
 * (games.moderator_email), and is audited with the reason given.
 */
import express, { type Request, type Response, type Router } from 'express';
import { createGameAndInvite } from '../../games/games/create.ts';
import { AppError, forbidden, LimitError } from '../../games/errors.ts';
import { limitPerClient } from '../rate-limit.ts';
import {
  endGame,
  extendDeadline,
  inviteSeat,
  pause,
  replaceSeat,
  resolveNow,
  resume,
  rollback,
  rotateSeatToken,
  setDeadline,
  refuseAbsence,
  setMissedTurnLimit,
  removeObserver,
  type Moderator,
} from '../../games/moderation/moderation.ts';
import type { Game } from '../../games/games/games.repository.ts';
import { claimModeration, gameById, isModerator } from '../../games/games/people.ts';
import { sideName } from '../../games/games/settings.ts';
import { settingsOf } from '../../games/games/state.ts';
import { moderatorGameView, moderatorMail } from '../../games/games/views.ts';
import { frameFor, mayCreateGames, requireLogin, type PagesDeps } from './deps.ts';
import {
  createInputFromForm,
  fieldsOfProblems,
  NEW_GAME_DEFAULTS,
  newGameView,
  type FieldProblems,
  type NewGameForm,
} from './new-game-form.ts';
import { gameOfPath } from './player.ts';
import { sendPage } from './render.ts';
import { webKindOf } from '../kinds/index.ts';
import { campaignOfBattle } from '../../games/battles/views.ts';
import { isSetupTurn } from '../../games/turns/kind-setup.ts';
import { absencesOf, daysOf } from '../../games/seats/absences.ts';
import { approveSeatRequest, pendingSeatRequests, refuseSeatRequest } from '../../games/seats/lobby.ts';

function moderatorOf(req: Request, gameId: string): Moderator {
  return { gameId, email: requireLogin(req) };
}

const str = (v: unknown, max = 500): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const reasonOf = (req: Request): string | null => str((req.body as Record<string, unknown>).reason) || null;

const DONE: Record<string, string> = {
  deadline: 'The deadline is changed.',
  pause: 'The game is paused: no deadline runs until you resume it.',
  resume: 'The game runs again; the deadline moved on by the time it was paused.',
  resolve: 'The turn was resolved.',
  rollback: 'The last resolved turn is open again, with the orders it had; every seat has its report again.',
  replace: 'The seat has a new player: their invitation is on its way.',
  invite: 'The invitation is on its way.',
  rotate: "The seat's mail token is new: the old one no longer works.",
  'missed-turn-limit': 'The missed-turn limit is changed.',
  'refuse-absence':
    'The absence is refused: every player is told, with your reason, and the deadline it moved is put back.',
  'remove-observer': 'The observer is removed: nothing more of the game is mailed there.',
  end: 'The game has ended.',
  claim: 'You moderate this game now.',
  approve: 'The player has the side: their invitation is on its way.',
  refuse: 'The request is refused: the player is told, and the side stays open.',
};

/** A seat request's id, as the board's forms send it. */
function requestIdOf(req: Request): number {
  const id = str((req.body as Record<string, unknown>).request, 12);
  if (!/^[1-9]\d{0,11}$/.test(id)) throw new AppError('REQUEST_NOT_FOUND', 'there is no such seat request', 404);
  return Number(id);
}

export function moderatorRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx } = deps;
  const createLimit = limitPerClient(deps.settings.rateLimitCreate, 'hour', 'new games');

  function showNewGame(
    req: Request,
    res: Response,
    form: NewGameForm,
    problems: string[] = [],
    status = 200,
    fields: FieldProblems = {},
  ): void {
    sendPage(res, 'new-game', frameFor(deps, req, res, 'New game'), newGameView(form, problems, fields), status);
  }

  function requireCreator(req: Request): string {
    const email = requireLogin(req);
    if (!mayCreateGames(deps.settings, email))
      throw new AppError(
        'MAY_NOT_CREATE',
        'this service lets only its listed moderators create games (CREATE_GAMES=listed)',
        403,
      );
    return email;
  }

  router.get('/games/new', (req, res) => {
    const email = requireCreator(req);
    showNewGame(req, res, {
      ...NEW_GAME_DEFAULTS,
      seats: NEW_GAME_DEFAULTS.seats.map((s, i) => (i === 0 ? { ...s, email } : s)),
    });
  });

  router.post('/games/new', ...createLimit, async (req, res) => {
    const email = requireCreator(req);
    const { form, input, problems, fields } = createInputFromForm(req.body);
    if (problems.length > 0) return showNewGame(req, res, form, problems, 400, fields);
    try {
      const created = await createGameAndInvite(ctx, input, `web:${email}`, { moderatorEmail: email });
      sendPage(
        res,
        'game-created',
        frameFor(deps, req, res, `Created ${created.game.name}`),
        {
          game: created.game,
          moderatorKey: created.moderatorToken,
          seats: created.seats.map((s) => ({ side: s.side, email: s.email, name: s.name })),
          openSides: created.openSides,
        },
        201,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error instanceof LimitError) res.set('Retry-After', String(error.retryAfterS));
      // Each problem stands by its field too (a campaign's map, budget, battles …), and all of them at the top.
      showNewGame(
        req,
        res,
        form,
        [error.message, ...error.problems.map((p) => p.message)],
        error.status,
        fieldsOfProblems(form, error.problems),
      );
    }
  });

  async function showBoard(
    req: Request,
    res: Response,
    game: Game,
    shown: { notice?: string | null; problems?: string[] } = {},
    status = 200,
  ): Promise<void> {
    const view = await moderatorGameView(ctx, moderatorOf(req, game.id));
    const settings = settingsOf(game);
    const mail = await moderatorMail(ctx, moderatorOf(req, game.id));
    const seats = view.seats.map((s) => {
      const details = view.seatDetails.find((d) => d.side === s.side)!;
      const last = mail.find((m) => m.toAddress.toLowerCase() === details.email.toLowerCase());
      return {
        ...s,
        sideName: sideName(settings, s.side),
        email: details.email,
        timeZone: details.timeZone,
        orders: details.orders?.canonical.trimEnd() ?? null,
        bounce: details.bounce,
        // The missed-turn limit reached by a side the rules do not take over: the moderator is to replace the player.
        replaceAsked:
          settings.missedTurnLimit > 0 &&
          s.missedInARow >= settings.missedTurnLimit &&
          s.ruledBy === null &&
          !s.conceded,
        lastMail: last
          ? {
              kind: last.kind,
              subject: last.subject,
              status: last.status,
              at: last.sentAt ?? last.createdAt,
              error: last.lastError,
              attempts: last.attempts,
            }
          : null,
      };
    });
    // What the kind shows the moderator of the whole game (a campaign: all of it, as the players cannot see it); a
    // moderator who holds a seat sees only that seat's view, on the seat's own page (issue 24).
    const board =
      view.seatedAs === null
        ? await webKindOf(game.ruleset).moderatorBoard(ctx, moderatorOf(req, game.id), game, view.position, settings)
        : null;
    const setupTurn = view.status === 'setup' && isSetupTurn(game, view.turn?.number ?? game.currentTurn);
    // A campaign's battle names its campaign and turn, its moderator's board linked (the battle's moderator is its).
    const battleOf = await campaignOfBattle(ctx, game.id);
    // Sides still open for the lobby, and the players asking for them.
    const openSides = view.openSides.map((id) => ({ id, name: sideName(settings, id) }));
    const requests = (await pendingSeatRequests(ctx, game.id)).map((r) => ({
      id: r.id,
      side: r.side,
      sideName: sideName(settings, r.side),
      name: r.displayName,
      email: r.email,
      at: r.createdAt,
    }));
    sendPage(
      res,
      'moderate',
      frameFor(deps, req, res, `Moderate ${game.name}`),
      {
        game: {
          id: game.id,
          name: game.name,
          status: view.status,
          turn: view.turn?.number ?? game.currentTurn,
          public: game.public,
          moderatorEmail: game.moderatorEmail,
        },
        turn: view.turn,
        seats,
        settings: {
          map: `${settings.map.width} × ${settings.map.height}`,
          turnHours: settings.turnHours,
          turnLimit: settings.turnLimit,
          noOrders: settings.noOrders,
          missedTurnLimit: settings.missedTurnLimit,
          budget: settings.budget,
          observers: settings.observers === 'allowed',
        },
        absences: (await absencesOf(ctx, game.id)).map((a) => ({
          id: a.id,
          sideName: sideName(settings, a.side),
          firstDay: a.firstDay,
          lastDay: a.lastDay,
          days: daysOf(a),
          status: a.status,
          active: a.status === 'active',
          reason: a.reason,
          movedTurn: a.movedTurn,
        })),
        absenceLimits: { days: settings.absenceDays, count: settings.absenceCount },
        press: settings.press,
        observerList: view.observerList,
        audit: view.audit.map((a) => ({ ...a, details: JSON.stringify(a.details) })),
        outbox: view.outbox,
        seed: view.seed,
        seedCommitment: view.seedCommitment,
        notice: shown.notice ?? null,
        problems: shown.problems ?? [],
        board,
        seated: view.seatedAs === null ? null : { side: view.seatedAs, sideName: sideName(settings, view.seatedAs) },
        battleOf: battleOf ? { id: battleOf.id, name: battleOf.name, turn: battleOf.turn } : null,
        lobby:
          openSides.length > 0 || requests.length > 0 ? { openSides, requests, approval: game.joinApproval } : null,
        active: view.status === 'active',
        // A kind's setup phase may be closed now too (sides without a setup get the default).
        // A game waiting for a player to take an open side has no turn to resolve yet.
        resolvable: (view.status === 'active' || setupTurn) && view.openSides.length === 0,
        paused: view.status === 'paused',
        over: view.status === 'finished' || view.status === 'abandoned',
      },
      status,
    );
  }

  router.get('/games/:id/moderate', async (req, res) => {
    const game = await gameOfPath(deps, req);
    const email = requireLogin(req);
    if (!isModerator(game, email)) {
      sendPage(
        res,
        'not-moderator',
        frameFor(deps, req, res, 'Not your game to moderate'),
        { game: { id: game.id, name: game.name } },
        403,
      );
      return;
    }
    const done =
      typeof req.query.done === 'string' && Object.hasOwn(DONE, req.query.done) ? DONE[req.query.done] : undefined;
    await showBoard(req, res, game, { notice: done ?? null });
  });

  router.post('/games/:id/moderate/claim', async (req, res) => {
    const game = await gameOfPath(deps, req);
    const email = requireLogin(req);
    const key = str((req.body as Record<string, unknown>).key, 200);
    await claimModeration(ctx, game.id, key, email);
    res.redirect(303, `/games/${game.id}/moderate?done=claim`);
  });

  const actions: Record<string, (req: Request, m: Moderator) => Promise<unknown>> = {
    deadline: async (req, m) => {
      const body = req.body as Record<string, unknown>;
      const hours = str(body.extendHours);
      if (hours !== '') return extendDeadline(ctx, m, Number(hours), reasonOf(req));
      const at = str(body.deadline);
      if (str(body.none) === 'yes') return setDeadline(ctx, m, null, reasonOf(req));
      // datetime-local has no zone: the form says it is UTC.
      const when = new Date(/Z$|[+-]\d\d:\d\d$/.test(at) ? at : `${at}Z`);
      if (at === '' || Number.isNaN(when.getTime()))
        throw new AppError(
          'BAD_DEADLINE',
          'give the new deadline as a date and time (UTC), or hours to extend it by',
          400,
        );
      return setDeadline(ctx, m, when, reasonOf(req));
    },
    pause: (req, m) => pause(ctx, m, reasonOf(req)),
    resume: (req, m) => resume(ctx, m, reasonOf(req)),
    resolve: (req, m) => resolveNow(ctx, m, reasonOf(req)),
    rollback: (req, m) => rollback(ctx, m, reasonOf(req)),
    replace: async (req, m) => {
      const body = req.body as Record<string, unknown>;
      const timeZone = str(body.timeZone, 64);
      await replaceSeat(
        ctx,
        m,
        str(body.side, 40),
        { email: str(body.email, 254), name: str(body.name, 60), ...(timeZone ? { timeZone } : {}) },
        reasonOf(req),
      );
    },
    invite: (req, m) => inviteSeat(ctx, m, str((req.body as Record<string, unknown>).side, 40), reasonOf(req)),
    rotate: (req, m) => rotateSeatToken(ctx, m, str((req.body as Record<string, unknown>).side, 40), reasonOf(req)),
    'missed-turn-limit': (req, m) => {
      const limit = str((req.body as Record<string, unknown>).limit, 6);
      if (!/^\d{1,2}$/.test(limit))
        throw new AppError(
          'INVALID_MISSED_TURN_LIMIT',
          'give the missed-turn limit as a whole number from 0 (never) to 99',
          400,
        );
      return setMissedTurnLimit(ctx, m, Number(limit), reasonOf(req));
    },
    'refuse-absence': async (req, m) => {
      const id = str((req.body as Record<string, unknown>).absence, 12);
      if (!/^\d{1,12}$/.test(id))
        throw new AppError('ABSENCE_NOT_FOUND', 'name the absence to refuse by its number, as listed', 400);
      await refuseAbsence(ctx, m, Number(id), reasonOf(req));
    },
    'remove-observer': (req, m) =>
      removeObserver(ctx, m, str((req.body as Record<string, unknown>).email, 254), reasonOf(req)),
    approve: (req, m) => approveSeatRequest(ctx, m, requestIdOf(req), reasonOf(req)),
    refuse: (req, m) => refuseSeatRequest(ctx, m, requestIdOf(req), reasonOf(req)),
    end: (req, m) =>
      endGame(ctx, m, str((req.body as Record<string, unknown>).how) === 'abandon' ? 'abandon' : 'end', reasonOf(req)),
  };

  // Looked up in a Map: an action named like a property of Object.prototype (`__proto__`, `valueOf`…) is not one.
  const actionByName = new Map(Object.entries(actions));

  router.post('/games/:id/moderate/:action', async (req, res) => {
    const game = await gameOfPath(deps, req);
    const email = requireLogin(req);
    // Rights first: whoever does not moderate the game learns nothing of which actions exist.
    if (!isModerator(game, email)) throw forbidden('NOT_MODERATOR', `you are not the moderator of game ${game.id}`);
    const action = actionByName.get(String(req.params.action));
    if (!action) throw new AppError('NOT_FOUND', 'there is no such moderator action', 404);
    const m: Moderator = { gameId: game.id, email };
    try {
      await action(req, m);
      res.redirect(303, `/games/${game.id}/moderate?done=${String(req.params.action)}`);
    } catch (error) {
      // A refusal the moderator can act on (no open turn, deadline in the past…) comes back on the board.
      if (error instanceof AppError && error.status !== 403 && error.status !== 401) {
        await showBoard(
          req,
          res,
          await gameById(ctx, game.id),
          { problems: [error.message, ...error.problems.map((p) => p.message)] },
          error.status,
        );
        return;
      }
      throw error;
    }
  });

  return router;
}
