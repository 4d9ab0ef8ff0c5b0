/**
 * Observing a game on the web (games/observers/observers.ts):
 *
 * - GET /games/:id/observe: the game as its observers see it — for an observer, what the public may see of the open
 *   turn (the same text as the observer's mail); for anyone else, whether the game takes observers and how to ask.
 * - POST /games/:id/observe: a signed-in visitor becomes an observer at once (the session proves the address);
 *   anyone else gives an address, which is mailed a link that confirms it (as OBSERVE by mail is answered).
 *   Limited per client address, and per mail address by the use case.
 * - POST /games/:id/unobserve: a signed-in observer stops.
 * - GET /unobserve/:token shows a button; its POST stops the observer the link was mailed to (the link in
 *   every observer mail). Mail scanners that open links therefore stop nobody.
 */
import express, { type Router } from 'express';
import { AppError } from '../../games/errors.ts';
import { isOver } from '../../games/games/state.ts';
import { gameById, isModerator, seatsInGame } from '../../games/games/people.ts';
import {
  addObserver,
  isObserver,
  observerCount,
  observerByStopToken,
  requestToObserve,
  stopByLink,
  stopObserving,
} from '../../games/observers/observers.ts';
import { observerViewOf } from '../../games/observers/observer-view.ts';
import { settingsOf } from '../../games/games/state.ts';
import { observerPageReport } from '../../games/turns/messages.ts';
import { openToAll } from '../../games/battles/visibility.ts';
import { limitPerClient } from '../rate-limit.ts';
import { frameFor, requireLogin, type PagesDeps } from './deps.ts';
import { gameOfPath } from './player.ts';
import { sendPage } from './render.ts';
import { sessionOf } from './session.ts';

const NOTICES: Record<string, string> = {
  observing: 'You observe this game: each turn’s mail comes to your address, and this page shows the same.',
  stopped: 'You no longer observe this game: nothing more of it is mailed to you.',
  already: 'You observe this game already.',
};

export function observerRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx } = deps;
  const limit = limitPerClient(deps.settings.rateLimitLogin, 'hour', 'requests to observe');

  /**
   * The game of the path, if someone outside it may know of it: a running campaign's battle is nobody's to observe,
   * and a private game is there only when its creator allows observers.
   */
  async function observable(req: express.Request) {
    const game = await gameOfPath(deps, req);
    const hidden =
      !(await openToAll(ctx.db, { id: game.id, public: true })) ||
      (!game.public && settingsOf(game).observers !== 'allowed');
    if (hidden) throw new AppError('GAME_NOT_FOUND', 'there is no such game', 404);
    return game;
  }

  router.get('/games/:id/observe', async (req, res) => {
    const game = await observable(req);
    const email = sessionOf(req).email;
    const observing = email !== null && (await isObserver(ctx.db, game.id, email));
    const report = observing ? await observerPageReport(ctx, ctx.db, game) : null;
    const text = observing
      ? ctx.mail.observerReport({
          game: { id: game.id, name: game.name },
          turn: game.currentTurn >= 1 ? game.currentTurn : null,
          report,
          welcome: false,
          observeUrl: `/games/${game.id}/observe`,
          stopUrl: null,
        }).text
      : null;
    const key = typeof req.query.done === 'string' ? req.query.done : '';
    sendPage(res, 'observe', frameFor(deps, req, res, `Observe ${game.name}`), {
      game: { id: game.id, name: game.name, status: game.status, turn: game.currentTurn },
      over: isOver(game),
      allowed: settingsOf(game).observers === 'allowed',
      atEnd: observerViewOf(game) === 'end',
      observers: await observerCount(ctx.db, game.id),
      email,
      observing,
      seat: email !== null && (await seatsInGame(ctx, game.id, email)).length > 0,
      moderator: isModerator(game, email),
      reportText: text,
      notice: Object.hasOwn(NOTICES, key) ? NOTICES[key] : null,
    });
  });

  router.post('/games/:id/observe', ...limit, async (req, res) => {
    const game = await observable(req);
    const email = sessionOf(req).email;
    if (email !== null) {
      const { added } = await ctx.db.transaction((tx) =>
        addObserver({ ...ctx, db: tx }, tx, { gameId: game.id, email }),
      );
      res.redirect(303, `/games/${game.id}/observe?done=${added ? 'observing' : 'already'}`);
      return;
    }
    const given = (req.body as { email?: unknown } | undefined)?.email;
    const address = typeof given === 'string' ? given.trim().slice(0, 254) : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
      throw new AppError('BAD_EMAIL', 'that is not an email address: write it as name@example.org', 400);
    // The same answer whether or not a link went out (asked too often): the page tells nobody about the address.
    try {
      await ctx.db.transaction((tx) => requestToObserve({ ...ctx, db: tx }, tx, { gameId: game.id, email: address }));
    } catch (error) {
      // Whether an address plays in the game is nobody's business here: a seat's address is answered as any other.
      if (!(error instanceof AppError) || error.code !== 'HAS_SEAT') throw error;
    }
    sendPage(res, 'observe-sent', frameFor(deps, req, res, 'Check your mail'), {
      game: { id: game.id, name: game.name },
      email: address.toLowerCase(),
    });
  });

  router.post('/games/:id/unobserve', async (req, res) => {
    const game = await gameOfPath(deps, req);
    await stopObserving(ctx, { gameId: game.id, email: requireLogin(req) });
    res.redirect(303, `/games/${game.id}/observe?done=stopped`);
  });

  router.get('/unobserve/:token', async (req, res) => {
    const token = String(req.params.token);
    const o = await observerByStopToken(ctx.db, token);
    const game = o ? await gameById(ctx, o.gameId) : null;
    sendPage(
      res,
      'unobserve',
      frameFor(deps, req, res, 'Stop observing'),
      { game: game ? { id: game.id, name: game.name } : null, token, email: o?.email ?? null },
      o ? 200 : 410,
    );
  });

  router.post('/unobserve/:token', async (req, res) => {
    const o = await stopByLink(ctx, String(req.params.token));
    if (!o)
      throw new AppError('LINK_USED', 'that link stops nobody: the address does not observe the game (any more)', 410);
    res.redirect(303, `/games/${o.gameId}/observe?done=stopped`);
  });

  return router;
}
