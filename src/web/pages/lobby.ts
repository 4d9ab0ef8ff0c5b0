/**
 * The lobby: games with an open side, listed publicly (never an address), and each game's join page, where a
 * logged-in person takes an open side — or asks its creator for it, when the game wants approval. The same use case
 * (games/seats/lobby.ts) as JOIN by mail (whose link leads here) and the API.
 */
import express, { type Request, type Response, type Router } from 'express';
import { AppError } from '../../games/errors.ts';
import { pageQuery } from '../api-spec.ts';
import { checkInput } from '../errors.ts';
import { seatsOf } from '../../games/games/people.ts';
import {
  joinRefusal,
  findOpenGame,
  listOpenGames,
  takeSeat,
  waitingSeatRequest,
  withdrawSeatRequest,
  type OpenGame,
} from '../../games/seats/lobby.ts';
import { kindOf } from '../../kinds/index.ts';
import { limitPerClient } from '../rate-limit.ts';
import { frameFor, requireLogin, type PagesDeps } from './deps.ts';
import { gameOfPath } from './player.ts';
import { sendPage } from './render.ts';

/** A form field as text, at most `max` characters; anything else a hostile body may hold reads as empty. */
const field = (body: unknown, name: string, max: number): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

/** What the lobby and the join page say of a game's rules. */
function rulesOf(g: OpenGame) {
  return {
    turnHours: g.turnHours,
    turnLimit: g.turnLimit,
    missedTurnLimit: g.missedTurnLimit,
    noOrders: g.noOrders === 'solo' ? 'the solo rules play the side' : 'standing orders',
    joinApproval: g.joinApproval,
  };
}

export function lobbyRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx } = deps;
  const joinLimit = limitPerClient(deps.settings.rateLimitLogin, 'hour', 'requests to join');

  router.get('/lobby', async (req, res) => {
    const { page } = checkInput(pageQuery, req.query, 'query');
    const open = await listOpenGames(ctx, { page });
    sendPage(res, 'lobby', frameFor(deps, req, res, page > 1 ? `Lobby, page ${page}` : 'Lobby'), {
      games: open.games.map((g) => ({ ...g, rules: rulesOf(g) })),
      page,
      newer: page > 1 ? page - 1 : null,
      older: open.more ? page + 1 : null,
      pages: page > 1 || open.more,
    });
  });

  async function showJoin(
    req: Request,
    res: Response,
    shown: {
      problems?: string[];
      side?: string;
      name?: string;
      timeZone?: string;
      taken?: object;
      withdrawn?: object;
    } = {},
    status = 200,
  ): Promise<void> {
    const game = await gameOfPath(deps, req);
    const email = requireLogin(req);
    const open = await findOpenGame(ctx, game.id);
    // Why this person could not join now (seated already, no side left …), said before they fill anything in.
    const refusal = shown.taken
      ? null
      : await ctx.db.transaction(async (tx) => (await joinRefusal(tx, game, email, undefined)).error ?? null);
    // A request of theirs waiting for the creator: offered to be withdrawn, instead of the form that would ask again.
    const waiting = shown.taken ? null : await waitingSeatRequest(ctx, game, email);
    // The name they play under elsewhere, as a default.
    const elsewhere = (await seatsOf(ctx, email))[0]?.seat.displayName ?? '';
    const chosen = shown.side ?? field(req.query, 'side', 40);
    sendPage(
      res,
      'join',
      frameFor(deps, req, res, `Join ${game.name}`),
      {
        game: { id: game.id, name: game.name, kind: kindOf(game.ruleset).title },
        open: open
          ? {
              ...open,
              rules: rulesOf(open),
              sides: open.openSides.map((s, i) => ({
                ...s,
                checked: chosen ? s.id === chosen : i === 0,
              })),
            }
          : null,
        refusal: refusal ? `${refusal.code}: ${refusal.message}` : null,
        taken: shown.taken ?? null,
        waiting,
        withdrawn: shown.withdrawn ?? null,
        name: shown.name ?? elsewhere,
        timeZone: shown.timeZone ?? 'UTC',
        problems: shown.problems ?? [],
      },
      status,
    );
  }

  router.get('/games/:id/join', async (req, res) => {
    await showJoin(req, res);
  });

  router.post('/games/:id/join', ...joinLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const email = requireLogin(req);
    const input = {
      side: field(req.body, 'side', 40),
      name: field(req.body, 'name', 200),
      timeZone: field(req.body, 'timeZone', 64) || 'UTC',
    };
    try {
      const taken = await takeSeat(ctx, game.id, email, input);
      await showJoin(req, res, { taken }, taken.status === 'taken' ? 201 : 202);
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 401) throw error;
      await showJoin(
        req,
        res,
        { ...input, problems: [`${error.code}: ${error.message}`, ...error.problems.map((p) => p.message)] },
        error.status,
      );
    }
  });

  // The player withdraws the request they have waiting (CSRF-checked, as every form).
  router.post('/games/:id/join/withdraw', ...joinLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const email = requireLogin(req);
    try {
      await showJoin(req, res, { withdrawn: await withdrawSeatRequest(ctx, game.id, email) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 401) throw error;
      await showJoin(req, res, { problems: [`${error.code}: ${error.message}`] }, error.status);
    }
  });

  return router;
}
