/**
 * The players' pages: the home page (my games), the game page, and its forms —
 * orders (one row per ship, or the orders language as text), messages to
 * other sides, and the fleet in the setup phase. Each form goes to the same
 * use case as mail and the API, with the seat's own token, and shows the same
 * answer: accepted with the orders as understood, or every problem by ship.
 */
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Game } from '../../games/games/games.repository.ts';
import type { Seat } from '../../games/seats/seats.repository.ts';
import { AppError } from '../../games/errors.ts';
import { submitText } from '../../games/turns/submit-text.ts';
import { homeOf } from '../../games/games/home.ts';
import { gameById, mayRead, moderatedBy, seatsInGame, tokenOf, isModerator } from '../../games/games/people.ts';
import { submitFleet } from '../../games/seats/setup.ts';
import { sendSideMessage } from '../../games/turns/side-messages.ts';
import { frameFor, mayCreateGames, requireLogin, type PagesDeps } from './deps.ts';
import type { GamePageExtras } from '../kinds/page-parts.ts';
import { webKindOf } from '../kinds/index.ts';
import { campaignOfBattle } from '../../games/battles/views.ts';
import { problemsByRow, rowsFromForm, rowsToText } from '../kinds/msc-tactical/order-form.ts';
import { sendPage } from './render.ts';
import { sessionOf } from './session.ts';
import { limitPerClient } from '../rate-limit.ts';

/** A form field as text; anything else a hostile body may hold (an array, an object) reads as empty. */
function textField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

const gameId = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/);

/** The game of the path; an id that cannot be one is simply not found. */
export async function gameOfPath(deps: PagesDeps, req: Request): Promise<Game> {
  const id = gameId.safeParse(req.params.id);
  if (!id.success) throw new AppError('GAME_NOT_FOUND', 'there is no such game', 404);
  return gameById(deps.ctx, id.data);
}

const NOTICES: Record<string, string> = {
  orders:
    'Accepted: your orders are in. You may change them until the turn resolves; the latest accepted orders count.',
  message: 'Your message was passed on. The other player sees your side and name, never your address.',
  fleet: 'Your fleet is in. The game starts when every side has sent its fleet.',
  deployed: 'Your deployment is in. The battle starts when both sides have deployed.',
  conceded: 'Your side has conceded.',
};

async function mySeat(deps: PagesDeps, req: Request, game: Game): Promise<{ seat: Seat; mine: Seat[] } | null> {
  const email = requireLogin(req);
  const mine = await seatsInGame(deps.ctx, game.id, email);
  const side =
    typeof req.query.side === 'string'
      ? req.query.side
      : typeof (req.body as { side?: unknown } | undefined)?.side === 'string'
        ? (req.body as { side: string }).side
        : undefined;
  const seat = (side && mine.find((s) => s.side === side)) || mine[0];
  return seat ? { seat, mine } : null;
}

async function showGame(
  deps: PagesDeps,
  req: Request,
  res: Response,
  game: Game,
  seat: Seat,
  mine: Seat[],
  extras: GamePageExtras,
  status = 200,
): Promise<void> {
  const moderator = isModerator(game, sessionOf(req).email);
  const page = await webKindOf(game.ruleset).gamePage(deps.ctx, game, seat, mine, extras);
  sendPage(
    res,
    page.template,
    frameFor(deps, req, res, page.title, { scripts: page.scripts ?? [] }),
    { ...page.model, moderator },
    status,
  );
}

function gameUrl(game: Game, seat: Seat, mine: Seat[], done?: string): string {
  const q = new URLSearchParams();
  if (mine.length > 1) q.set('side', seat.side);
  if (done) q.set('done', done);
  const query = q.toString();
  return `/games/${game.id}${query ? `?${query}` : ''}#${done === 'message' ? 'messages' : done === 'orders' ? 'orders-result' : done === 'deployed' ? 'deploy' : 'orders'}`;
}

/** Lines of an orders answer as the page lists them. */
function listed(error: AppError): string[] {
  return error.problems.length > 0
    ? error.problems.map((p) => (p.line === null || p.line === undefined ? p.message : `line ${p.line}: ${p.message}`))
    : [error.message];
}

export function playerRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx } = deps;

  router.get('/', async (req, res) => {
    const email = sessionOf(req).email;
    const home = email ? await homeOf(ctx, email) : null;
    const moderated = email ? await moderatedBy(ctx, email) : [];
    sendPage(res, 'home', frameFor(deps, req, res, 'Minimal Space Combat'), {
      home,
      anyGame: home !== null && home.yourMove.length + home.waiting.length + home.finished.length > 0,
      moderated,
      mayCreate: mayCreateGames(deps.settings, email),
    });
  });

  router.get('/games/:id', async (req, res) => {
    const game = await gameOfPath(deps, req);
    const email = sessionOf(req).email;
    if (email === null) {
      res.redirect(303, (await mayRead(ctx, game, null)) ? `/archive/${game.id}` : '/login');
      return;
    }
    const found = await mySeat(deps, req, game);
    if (!found) {
      res.redirect(303, isModerator(game, email) ? `/games/${game.id}/moderate` : `/archive/${game.id}`);
      return;
    }
    const done = typeof req.query.done === 'string' ? NOTICES[req.query.done] : undefined;
    // Accepted orders are answered beside the form they came from; other notices stand at the top.
    await showGame(
      deps,
      req,
      res,
      game,
      found.seat,
      found.mine,
      req.query.done === 'orders' ? { ordersResult: done ?? null } : { notice: done ?? null },
    );
  });

  /** Orders: from the per-ship form (`rows`) or as orders-language text (`text`). */
  async function orders(req: Request, res: Response, from: 'rows' | 'text'): Promise<void> {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const { seat, mine } = found;
    const rows = from === 'rows' ? rowsFromForm(req.body) : null;
    // The turn the form was made for: orders for a turn that has since resolved are refused, not moved on.
    const formTurn = Number((req.body as { turn?: unknown }).turn);
    const turn = Number.isInteger(formTurn) && formTurn > 0 ? formTurn : game.currentTurn;
    const text = from === 'rows' ? rowsToText(game.id, turn, rows!) : textField(req.body, 'text').slice(0, 64 * 1024);
    const token = tokenOf(ctx, seat);
    try {
      const r = await submitText(ctx, { gameId: game.id, token, text, channel: 'web' });
      deps.metrics?.submissions.inc({ channel: 'web', result: 'accepted' });
      res.redirect(303, gameUrl(game, seat, mine, r.conceded ? 'conceded' : 'orders'));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'ORDERS_REJECTED') deps.metrics?.submissions.inc({ channel: 'web', result: 'rejected' });
      const fresh = await gameById(ctx, game.id);
      if (rows && error.code === 'ORDERS_REJECTED') {
        const { byShip, general } = problemsByRow(
          rows,
          error.problems.map((p) => ({
            line: p.line ?? null,
            code: p.code,
            message: p.message,
            ...(p.ship ? { ship: p.ship } : {}),
          })),
        );
        await showGame(
          deps,
          req,
          res,
          fresh,
          seat,
          mine,
          { posted: rows, shipProblems: byShip, problems: [error.message, ...general] },
          422,
        );
      } else {
        await showGame(
          deps,
          req,
          res,
          fresh,
          seat,
          mine,
          {
            problems: [error.message, ...(error.problems.length > 0 ? listed(error) : [])],
            ordersText: from === 'text' ? text : null,
          },
          error.status,
        );
      }
    }
  }

  const ordersLimit = limitPerClient(deps.settings.rateLimitOrders, 'minute', 'order forms');
  router.post('/games/:id/orders', ...ordersLimit, (req, res) => orders(req, res, 'rows'));
  router.post('/games/:id/orders/text', ...ordersLimit, (req, res) => orders(req, res, 'text'));

  const messagesLimit = limitPerClient(deps.settings.rateLimitMessages, 'hour', 'messages');
  router.post('/games/:id/messages', ...messagesLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const body = req.body as { to?: unknown; text?: unknown };
    const to = typeof body.to === 'string' ? body.to : '';
    const text = typeof body.text === 'string' ? body.text.slice(0, 20_000) : '';
    try {
      await sendSideMessage(ctx, { gameId: game.id, from: found.seat, toSide: to, text, channel: 'web' });
      res.redirect(303, gameUrl(game, found.seat, found.mine, 'message'));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await showGame(
        deps,
        req,
        res,
        game,
        found.seat,
        found.mine,
        { messageError: error.message, messageDraft: { to, text } },
        error.status,
      );
    }
  });

  router.post('/games/:id/fleet', async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const text = textField(req.body, 'fleet').slice(0, 20_000);
    // A campaign's battle: the ships are given, the form places them (`ID HEX FACING`), through the same use case.
    const linked = (await campaignOfBattle(ctx, game.id)) !== null;
    const placement = linked ? deploymentFromText(text) : null;
    try {
      await submitFleet(
        ctx,
        game.id,
        tokenOf(ctx, found.seat),
        { ships: placement ? placement.map((p) => p.ship) : fleetFromText(text) },
        'web',
      );
      res.redirect(303, gameUrl(game, found.seat, found.mine, linked ? 'deployed' : 'fleet'));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await showGame(
        deps,
        req,
        res,
        await gameById(ctx, game.id),
        found.seat,
        found.mine,
        { fleetProblems: placement ? deploymentProblems(error, placement) : listed(error), fleetText: text },
        error.status,
      );
    }
  });

  return router;
}

/**
 * The deployment form's text: one ship a line, `ID HEX FACING`, e.g. `B1 1216 N`; each with its line number, for the
 * problems. Whatever does not read is passed on as it is, for submitFleet to name; words after the facing are kept
 * with it, so that a line of more than three words is refused rather than read in part.
 */
function deploymentFromText(text: string) {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, text: l.replace(/#.*/, '').trim() }))
    .filter((l) => l.text !== '')
    .slice(0, 500)
    .map(({ line, text }) => {
      const [id = '', hex = '', ...facing] = text.split(/\s+/);
      return { line, ship: { id, hex, facing: facing.join(' ').toUpperCase() } };
    });
}

/**
 * A refused deployment's problems as the form lists them: each by the line and ship it concerns (the body's
 * `ships.<n>` read back to the form's line), the rest as they are.
 */
function deploymentProblems(error: AppError, placement: ReturnType<typeof deploymentFromText>): string[] {
  if (error.problems.length === 0) return [error.message];
  // The k-th problem of a kind about a ship is about its k-th line (a ship placed twice: the line after).
  const seen = new Map<string, number>();
  const lineOf = (code: string, ship: string) => {
    const key = `${code} ${ship.toUpperCase()}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const lines = placement.filter((p) => p.ship.id.toUpperCase() === ship.toUpperCase());
    return lines[code === 'SHIP_TWICE' ? k + 1 : k]?.line;
  };
  return [
    error.message,
    ...error.problems.map((p) => {
      const field = /^ships\.(\d+)\.(\w+): (.*)$/s.exec(p.message);
      if (field) {
        const at = placement[Number(field[1])];
        return at ? `line ${at.line} (${at.ship.id || 'no id'}): ${field[2]}: ${field[3]}` : p.message;
      }
      if (/^ships: /.test(p.message)) return 'no ship is placed: write one line for each ship you were given';
      const line = p.ship ? lineOf(p.code, p.ship) : undefined;
      return p.ship ? `${line ? `line ${line} ` : ''}(${p.ship}): ${p.message}` : p.message;
    }),
  ];
}

/**
 * The fleet form's text: one ship a line, `ID HEX FACING ENGINE SHIELDS TO-HIT WEAPONS…`,
 * e.g. `Hawk 0203 SE 3 3 3 F FL FR`. Whatever does not read is passed on as it is,
 * for submitFleet to name.
 */
function fleetFromText(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l !== '')
    .slice(0, 60)
    .map((line) => {
      const [id = '', hex = '', facing = '', engine = '', shields = '', toHit = '', ...weapons] = line.split(/\s+/);
      return {
        id,
        hex,
        facing: facing.toUpperCase(),
        engine: Number(engine),
        shields: Number(shields),
        toHit: Number(toHit),
        weapons: weapons.join(' ').toUpperCase(),
      };
    });
}
