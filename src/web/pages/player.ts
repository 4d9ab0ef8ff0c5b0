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
import { calendarTokenOf, calendarUrl, rotateCalendarToken } from '../../games/logins/calendar.ts';
import { gameById, mayRead, moderatedBy, seatsInGame, tokenOf, isModerator } from '../../games/games/people.ts';
import { isObserver } from '../../games/observers/observers.repository.ts';
import { sendSideMessage } from '../../games/turns/side-messages.ts';
import { PRESS_TO } from '../../orders/index.ts';
import { cancelAbsences, declareAbsence } from '../../games/seats/absences.ts';

/** The game page's absence form: two dates, as a date input sends them. */
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const absenceFormSchema = z.object({ first: DAY, last: DAY });
import { setSeatReportSettings } from '../../games/seats/preferences.ts';
import { frameFor, mayCreateGames, requireLogin, type PagesDeps } from './deps.ts';
import { acceptedNotice, type GamePageExtras } from '../kinds/page-parts.ts';
import { kindFormPaths, webKindOf } from '../kinds/index.ts';
import { kindOf } from '../../kinds/index.ts';
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
  hold: 'Ready: no changes from you this turn, your standing orders stand. You may still send orders until the turn resolves.',
  complete:
    'Accepted: your orders are in, and so are every other side’s. The turn is being resolved: this page shows the new turn as soon as it is.',
  message: 'Your message was passed on. The other player sees your side and name, never your address.',
  press: 'Your message was passed on to every other player. They see your side and name, never your address.',
  'press-anonymous':
    'Your message was passed on to every other player, anonymously: they are not told your side, your name or your address.',
  conceded: 'Your side has conceded.',
  'reports-web':
    'Your turn reports are no longer mailed: they are on this page. Answers to your mail and the end of the game still come by mail.',
  'reports-mail': 'Your turn reports are mailed to you again, from the next turn on.',
  absence:
    'Your absence is kept: every player is told by mail, and a deadline inside it moves to its end. The moderator may refuse it.',
  'absence-cancelled':
    'Your absences not yet over are cancelled: every player is told, and the deadline they moved is put back.',
  'no-absence': 'You had no absence to cancel.',
  'report-json':
    'From the next report on, each turn report mailed to you has your side’s view of the game attached as JSON: the document the API gives your seat.',
  'report-text': 'From the next report on, your turn report mails come without the JSON attachment.',
  'concede-ask':
    'Not conceded: CONCEDE alone gives nothing up. To concede, write CONCEDE followed by this game’s id, or use the Concede button. Orders sent with it, if any, are in.',
};

const CALENDAR_ROTATED =
  'Your calendar has a new address: the old one no longer works. Subscribe to the new one in your calendar app (and remove the old subscription).';

/** Notices about the orders just sent: shown beside the order form rather than at the top. */
const RESULTS = new Set(['orders', 'hold', 'complete']);

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

/** The game page after a form, at the part that answers it (`anchor`: a kind's form says where its answer is). */
function gameUrl(game: Game, seat: Seat, mine: Seat[], done?: string, anchor?: string): string {
  const q = new URLSearchParams();
  if (mine.length > 1) q.set('side', seat.side);
  if (done) q.set('done', done);
  const query = q.toString();
  return `/games/${game.id}${query ? `?${query}` : ''}#${anchor ?? (done === 'message' ? 'messages' : RESULTS.has(done ?? '') ? 'orders-result' : 'orders')}`;
}

/** Lines of an orders answer as the page lists them. */
function listed(error: AppError): string[] {
  return error.problems.length > 0
    ? error.problems.map((p) => (p.line === null || p.line === undefined ? p.message : `line ${p.line}: ${p.message}`))
    : [error.message];
}

/** The game page again, with a refusal of a form the player can act on; any other error goes on to the handler. */
async function showRefusal(
  deps: PagesDeps,
  req: Request,
  res: Response,
  game: Game,
  found: { seat: Seat; mine: Seat[] },
  error: unknown,
  extras: (e: AppError) => GamePageExtras,
): Promise<void> {
  if (!(error instanceof AppError)) throw error;
  await showGame(deps, req, res, game, found.seat, found.mine, extras(error), error.status);
}

export function playerRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx } = deps;
  const ordersLimit = limitPerClient(deps.settings.rateLimitOrders, 'minute', 'order forms');

  router.get('/', async (req, res) => {
    const email = sessionOf(req).email;
    const home = email ? await homeOf(ctx, email) : null;
    const moderated = email ? await moderatedBy(ctx, email) : [];
    const feed = email ? calendarUrl(ctx, await calendarTokenOf(ctx, email)) : null;
    sendPage(res, 'home', frameFor(deps, req, res, 'Minimal Space Combat'), {
      home,
      anyGame: home !== null && home.yourMove.length + home.waiting.length + home.finished.length > 0,
      moderated,
      mayCreate: mayCreateGames(deps.settings, email),
      calendar: feed ? { url: feed, webcal: feed.replace(/^https?:/, 'webcal:') } : null,
      notice: req.query.done === 'calendar' ? CALENDAR_ROTATED : null,
    });
  });

  // A new calendar address: the old one stops working at once (it was shared, or a device was lost).
  router.post('/calendar/rotate', ...ordersLimit, async (req, res) => {
    await rotateCalendarToken(ctx, requireLogin(req));
    res.redirect(303, '/?done=calendar#calendar');
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
      res.redirect(
        303,
        isModerator(game, email)
          ? `/games/${game.id}/moderate`
          : (await isObserver(ctx.db, game.id, email))
            ? `/games/${game.id}/observe`
            : `/archive/${game.id}`,
      );
      return;
    }
    const notices = { ...NOTICES, ...webKindOf(game.ruleset).notices };
    const key = req.query.done;
    const done = typeof key === 'string' && Object.hasOwn(notices, key) ? notices[key] : undefined;
    // Accepted orders are answered beside the form they came from; other notices stand at the top.
    await showGame(
      deps,
      req,
      res,
      game,
      found.seat,
      found.mine,
      RESULTS.has(typeof req.query.done === 'string' ? req.query.done : '')
        ? { ordersResult: done ?? null }
        : { notice: done ?? null },
    );
  });

  /**
   * Text for the seat's turn, through the use case mail and the API call: accepted, the game page with the notice
   * `done` gives; refused, the page again with every problem (and, for the orders text form, the text as typed).
   */
  async function sendText(
    req: Request,
    res: Response,
    text: (game: Game) => string,
    done: (r: Awaited<ReturnType<typeof submitText>>) => string,
    keepText: boolean,
  ): Promise<void> {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const { seat, mine } = found;
    const sent = text(game);
    try {
      const r = await submitText(ctx, { gameId: game.id, token: tokenOf(ctx, seat), text: sent, channel: 'web' });
      deps.metrics?.submissions.inc({ channel: 'web', result: 'accepted' });
      res.redirect(303, gameUrl(game, seat, mine, done(r)));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'ORDERS_REJECTED') deps.metrics?.submissions.inc({ channel: 'web', result: 'rejected' });
      const problems = [error.message, ...(error.problems.length > 0 ? listed(error) : [])];
      const extras = keepText ? { problems, ordersText: sent } : { problems };
      await showGame(deps, req, res, await gameById(ctx, game.id), seat, mine, extras, error.status);
    }
  }

  /** Orders as orders-language text, the form every kind's page has. */
  router.post('/games/:id/orders/text', ...ordersLimit, (req, res) =>
    sendText(req, res, () => textField(req.body, 'text').slice(0, 64 * 1024), acceptedNotice, true),
  );

  // "Ready — no changes": HOLD for the turn the page was drawn for (a turn since resolved is refused, not moved on).
  router.post('/games/:id/orders/hold', ...ordersLimit, (req, res) => {
    const formTurn = Number((req.body as { turn?: unknown }).turn);
    const text = (game: Game) =>
      `GAME ${game.id} TURN ${Number.isInteger(formTurn) && formTurn > 0 ? formTurn : game.currentTurn}\nHOLD\nEND`;
    return sendText(req, res, text, (r) => (r.turnComplete ? 'complete' : 'hold'), false);
  });

  // The kinds' own forms (a tactical battle's per-ship orders and its fleet): each read by the game's kind.
  for (const [path, { orders }] of kindFormPaths())
    router.post(`/games/:id/${path}`, ...(orders ? ordersLimit : []), async (req, res) => {
      const game = await gameOfPath(deps, req);
      const form = webKindOf(game.ruleset).forms.find((f) => f.path === path);
      if (!form) throw new AppError('NOT_FOUND', `a ${kindOf(game.ruleset).title} has no such form`, 404);
      const found = await mySeat(deps, req, game);
      if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
      const { seat, mine } = found;
      const answer = await form.post({ ctx, game, seat, token: tokenOf(ctx, seat), req });
      if (answer.submission) deps.metrics?.submissions.inc({ channel: 'web', result: answer.submission });
      if ('done' in answer) res.redirect(303, gameUrl(game, seat, mine, answer.done, answer.anchor));
      else await showGame(deps, req, res, await gameById(ctx, game.id), seat, mine, answer.refused, answer.status);
    });

  // The seat's own setting: turn reports by mail too, or on the web only (SET REPORTS MAIL / WEB by mail).
  router.post('/games/:id/preferences/reports', ...ordersLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const reports = (req.body as { reports?: unknown }).reports;
    if (reports !== 'web' && reports !== 'mail')
      throw new AppError('BAD_PREFERENCE', 'reports is web (on this page only) or mail (mailed too)', 400);
    await setSeatReportSettings(ctx, found.seat, { reportMails: reports === 'mail' });
    res.redirect(303, gameUrl(game, found.seat, found.mine, reports === 'mail' ? 'reports-mail' : 'reports-web'));
  });

  // The seat's absences (SET ABSENCE by mail): declared or cancelled, every player told, the deadline moved.
  router.post('/games/:id/absences', ...ordersLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const parsed = absenceFormSchema.safeParse(req.body);
    if (!parsed.success)
      throw new AppError(
        'ABSENCE_DATE',
        'give the first and the last day you cannot play, as dates (year-month-day)',
        400,
      );
    try {
      await declareAbsence(ctx, found.seat, { first: parsed.data.first, last: parsed.data.last }, 'web');
      res.redirect(303, gameUrl(game, found.seat, found.mine, 'absence'));
    } catch (error) {
      await showRefusal(deps, req, res, game, found, error, (e) => ({ problems: [`${e.code}: ${e.message}`] }));
    }
  });

  router.post('/games/:id/absences/cancel', ...ordersLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const cancelled = await cancelAbsences(ctx, found.seat, 'web');
    res.redirect(303, gameUrl(game, found.seat, found.mine, cancelled > 0 ? 'absence-cancelled' : 'no-absence'));
  });

  // The seat's own setting: its view of the game as JSON attached to each turn report mail, or not (SET REPORT JSON /
  // TEXT by mail). A checkbox: ticked sends json=yes, unticked sends nothing.
  router.post('/games/:id/preferences/report-json', ...ordersLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const json = (req.body as { json?: unknown }).json;
    if (json !== undefined && json !== 'yes')
      throw new AppError('BAD_PREFERENCE', 'json is yes (the JSON attached) or absent (none)', 400);
    await setSeatReportSettings(ctx, found.seat, { reportJson: json === 'yes' });
    res.redirect(303, gameUrl(game, found.seat, found.mine, json === 'yes' ? 'report-json' : 'report-text'));
  });

  const messagesLimit = limitPerClient(deps.settings.rateLimitMessages, 'hour', 'messages');
  router.post('/games/:id/messages', ...messagesLimit, async (req, res) => {
    const game = await gameOfPath(deps, req);
    const found = await mySeat(deps, req, game);
    if (!found) throw new AppError('NOT_YOUR_SEAT', `you have no seat in game ${game.id}`, 403);
    const body = req.body as { to?: unknown; text?: unknown; anonymous?: unknown };
    const to = typeof body.to === 'string' ? body.to : '';
    const text = typeof body.text === 'string' ? body.text.slice(0, 20_000) : '';
    const anonymous = body.anonymous === 'yes';
    if (anonymous && to !== PRESS_TO)
      throw new AppError(
        'ANONYMOUS_TO_SIDE',
        'only press to every player may be anonymous: choose "Every player"',
        400,
      );
    try {
      await sendSideMessage(ctx, { gameId: game.id, from: found.seat, toSide: to, text, channel: 'web', anonymous });
      const said = to !== PRESS_TO ? 'message' : anonymous ? 'press-anonymous' : 'press';
      res.redirect(303, gameUrl(game, found.seat, found.mine, said));
    } catch (error) {
      await showRefusal(deps, req, res, game, found, error, (e) => ({
        messageError: e.message,
        messageDraft: { to, text, anonymous },
      }));
    }
  });

  return router;
}
