/**
 * The archive: every public game (finished games are public unless the
 * moderator made the game private; a private game is there for its players
 * and moderator only), a game's summary with the dice commitment — and the
 * seed once the game is over — and its JSON export, and each turn: the map
 * before and after, the orders (only once the turn has resolved), the events
 * and every die, with previous/next links that make a replay stepper. The
 * game's and the turn's pages are its kind's (src/web/kinds): a kind with
 * hidden information shows each reader only what it may see, and to a reader
 * who may see nothing while the game runs, a page that says so.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import { exportGame } from '../../games/archive/archive.ts';
import { AppError } from '../../games/errors.ts';
import { mayRead } from '../../games/games/people.ts';
import { listGames } from '../../games/games/views.ts';
import type { Game } from '../../games/games/games.repository.ts';
import { kindOf } from '../../kinds/index.ts';
import { webKindOf, type KindPage } from '../kinds/index.ts';
import { frameFor, type PagesDeps } from './deps.ts';
import { gameOfPath } from './player.ts';
import { sendPage } from './render.ts';
import { sessionOf } from './session.ts';

const turnNumber = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number);

export function archiveRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx } = deps;

  async function readable(req: express.Request) {
    const game = await gameOfPath(deps, req);
    // A private game does not exist for those who may not read it.
    if (!(await mayRead(ctx, game, sessionOf(req).email)))
      throw new AppError('GAME_NOT_FOUND', 'there is no such game', 404);
    return game;
  }

  /** A kind's archive page, or — for a reader who may not see the game while it runs — the page that says so. */
  function sendArchivePage(req: express.Request, res: express.Response, game: Game, page: KindPage | null): void {
    if (page) {
      sendPage(res, page.template, frameFor(deps, req, res, page.title, { scripts: page.scripts ?? [] }), page.model);
      return;
    }
    sendPage(
      res,
      'archive-hidden',
      frameFor(deps, req, res, `${game.name} — archive`),
      { game: { id: game.id, name: game.name, title: kindOf(game.ruleset).title } },
      403,
    );
  }

  router.get('/archive', async (req, res) => {
    const games = await listGames(ctx, { publicOnly: true });
    sendPage(res, 'archive', frameFor(deps, req, res, 'Archive'), {
      finished: games.filter((g) => g.status === 'finished' || g.status === 'abandoned'),
      running: games.filter((g) => g.status === 'active' || g.status === 'paused'),
      forming: games.filter((g) => g.status === 'setup'),
    });
  });

  router.get('/archive/:id', async (req, res) => {
    const game = await readable(req);
    const page = await webKindOf(game.ruleset).archivePage(ctx, game, { email: sessionOf(req).email });
    sendArchivePage(req, res, game, page);
  });

  // The whole game as JSON, for whoever may read this page: a private game's own players and moderator by their
  // login, since a browser has no seat token to send to the API's export.
  router.get('/archive/:id/export', async (req, res) => {
    const game = await readable(req);
    const doc = await exportGame(ctx, game.id, { as: 'person', email: sessionOf(req).email });
    res
      .set('Content-Disposition', `attachment; filename="${game.id}.json"`)
      .set('Cache-Control', 'no-store')
      .type('application/json')
      .send(`${JSON.stringify(doc, null, 2)}\n`);
  });

  router.get('/archive/:id/turn/:n', async (req, res) => {
    const game = await readable(req);
    const n = turnNumber.safeParse(req.params.n);
    if (!n.success) throw new AppError('TURN_NOT_FOUND', 'there is no such turn', 404);
    const page = await webKindOf(game.ruleset).archiveTurnPage(ctx, game, { email: sessionOf(req).email }, n.data);
    sendArchivePage(req, res, game, page);
  });

  return router;
}
