/**
 * The archive: every public game (finished games are public unless the
 * moderator made the game private; a private game is there for its players
 * and moderator only), a game's summary with the dice commitment — and the
 * seed once the game is over — and its JSON export, and each turn: the map
 * before and after, the orders (only once the turn has resolved), the events
 * and every die, with previous/next links that make a replay stepper. A
 * campaign's pages (archive-campaign.ts) keep its hidden information: the
 * whole of it once it has ended, a seat's own side's view while it runs.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import { exportGame } from '../../games/archive/archive.ts';
import { playedTurns } from '../../games/archive/game-history.ts';
import { AppError } from '../../games/errors.ts';
import { mayRead } from '../../games/games/people.ts';
import { sideName } from '../../games/games/settings.ts';
import { isOver, readOrders, readPosition, settingsOf } from '../../games/games/state.ts';
import { listGames, turnView } from '../../games/games/views.ts';
import { formatShipOrders } from '../../orders/index.ts';
import { diceRolls } from '../../reports/dice-rolls.ts';
import { narrative } from '../../reports/narrative.ts';
import type { Game } from '../../games/games/games.repository.ts';
import { kindOf } from '../../kinds/index.ts';
import { campaignArchiveModel, campaignReaderOf, campaignTurnModel } from './archive-campaign.ts';
import { frameFor, type PagesDeps } from './deps.ts';
import { gameHeading, mapPanel, plottedPaths, strengthPanel } from './game-model.ts';
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

  /**
   * A game with hidden information (a campaign): who may see which of it, or the page that says it is hidden while it
   * runs (then null).
   */
  async function campaignReader(req: express.Request, res: express.Response, game: Game) {
    const reader = await campaignReaderOf(ctx, game, sessionOf(req).email);
    if (reader.as !== 'none') return reader;
    sendPage(
      res,
      'archive-hidden',
      frameFor(deps, req, res, `${game.name} — archive`),
      { game: { id: game.id, name: game.name, title: kindOf(game.ruleset).title } },
      403,
    );
    return null;
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
    if (kindOf(game.ruleset).viewFor) {
      const reader = await campaignReader(req, res, game);
      if (reader)
        sendPage(
          res,
          'archive-campaign',
          frameFor(deps, req, res, `${game.name} — archive`),
          await campaignArchiveModel(ctx, game, reader),
        );
      return;
    }
    const settings = settingsOf(game);
    const name = (side: string) => sideName(settings, side);
    const strength = await strengthPanel(ctx, game, 'archive-strength');
    const played = strength?.played ?? [];
    const position = game.state ? readPosition(game.state) : null;
    const over = isOver(game);
    sendPage(res, 'archive-game', frameFor(deps, req, res, `${game.name} — archive`), {
      game: gameHeading(game),
      over,
      seedCommitment: game.seedCommitment,
      seed: over ? game.seed : null,
      turns: played.map((t) => ({ number: t.number, resolvedAt: t.resolvedAt, events: t.events.length })),
      firstTurn: played.length > 0 ? 1 : null,
      map: position
        ? mapPanel(
            position,
            name,
            over ? `Final position of ${game.name}` : `Position of ${game.name} now`,
            'archive-map',
          )
        : null,
      strength,
    });
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
    if (kindOf(game.ruleset).viewFor) {
      const reader = await campaignReader(req, res, game);
      if (!reader) return;
      const model = await campaignTurnModel(ctx, game, reader, n.data);
      sendPage(
        res,
        'archive-campaign-turn',
        frameFor(deps, req, res, `${game.name} — turn ${n.data}`, { scripts: ['/static/replay.js'] }),
        model,
      );
      return;
    }
    const turn = await turnView(ctx, game.id, n.data);
    const settings = settingsOf(game);
    const name = (side: string) => sideName(settings, side);
    const before = readPosition(turn.stateBefore);
    const resolved = turn.status === 'resolved';
    const orders = resolved ? readOrders(turn.orders) : null;
    const events = (resolved ? turn.events : []) as Parameters<typeof narrative>[0];
    const played = await playedTurns(ctx, game.id);
    const last = played.at(-1)?.number ?? 0;
    sendPage(
      res,
      'archive-turn',
      frameFor(deps, req, res, `${game.name} — turn ${turn.number}`, { scripts: ['/static/replay.js'] }),
      {
        game: { id: game.id, name: game.name },
        turn: { number: turn.number, status: turn.status, resolved, resolvedAt: turn.resolvedAt },
        before: mapPanel(
          before,
          name,
          `Turn ${turn.number} of ${game.name}: before movement${orders ? ', with the plotted paths' : ''}`,
          'map-before',
          plottedPaths(before, orders),
        ),
        after:
          resolved && turn.stateAfter
            ? mapPanel(
                readPosition(turn.stateAfter),
                name,
                `Turn ${turn.number} of ${game.name}: after combat`,
                'map-after',
              )
            : null,
        orders: orders
          ? before.sides.map((side) => ({
              sideName: name(side),
              lines: before.ships
                .filter((s) => s.side === side && orders.has(s.id))
                .map((s) => formatShipOrders(s.id, orders.get(s.id)!)),
            }))
          : null,
        narrative: narrative(events, name),
        dice: diceRolls(events),
        prev: turn.number > 1 ? turn.number - 1 : null,
        next:
          turn.number < last
            ? turn.number + 1
            : turn.number === last && (game.status === 'active' || game.status === 'paused')
              ? turn.number + 1
              : null,
        last,
      },
    );
  });

  return router;
}
