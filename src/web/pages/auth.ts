/**
 * Logging in by magic link, and out.
 *
 * - POST /login sends a link to the address given — the same answer whether
 *   or not the address has a seat, so the page tells nobody who plays here.
 *   Limited per client address (express-rate-limit) and per mail address
 *   (LOGIN_LINKS_PER_HOUR, counted in the database).
 * - GET /login/:token only shows whom the link logs in; the button on that page
 *   (POST, CSRF-checked) uses it up. Mail scanners that fetch every link
 *   therefore cannot spend a player's link, and nobody can log a visitor in
 *   behind their back. A visitor already logged in as the link's address goes
 *   straight on, and the link stays unused.
 * - A link mailed about a game (an invitation's, a report's) also joins the
 *   address's seats in that game when it is followed (games/seats/joining.ts).
 * - The link a JOIN mail is answered with leads on to the game's join page
 *   (lobby.ts), where the address, now proven, takes an open side.
 */
import express, { type Router } from 'express';
import { AppError } from '../../games/errors.ts';
import { requestLoginLink } from '../../games/logins/login-request.ts';
import { peekLoginToken, type LoginLinkInfo } from '../../games/logins/logins.ts';
import { followLoginLink, joinByLink } from '../../games/seats/joining.ts';
import { limitPerClient } from '../rate-limit.ts';
import { frameFor, type PagesDeps } from './deps.ts';
import { sendPage } from './render.ts';
import { sessionOf } from './session.ts';

/**
 * Where a link leads once it has logged its reader in: its game (an observer's: its observe page; a JOIN mail's: its
 * join page), or their games.
 */
function afterLogin(link: Pick<LoginLinkInfo, 'gameId' | 'purpose'>): string {
  if (!link.gameId) return '/';
  const page = link.purpose === 'observe' ? '/observe' : link.purpose === 'join' ? '/join' : '';
  return `/games/${encodeURIComponent(link.gameId)}${page}`;
}

export function authRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx, settings } = deps;
  const limit = limitPerClient(settings.rateLimitLogin, 'hour', 'login requests');

  router.get('/login', (req, res) => {
    sendPage(res, 'login', frameFor(deps, req, res, 'Log in'), { email: '' });
  });

  router.post('/login', ...limit, async (req, res) => {
    let email: string;
    try {
      ({ email } = await requestLoginLink(ctx, req.body));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_EMAIL') throw error;
      const given = (req.body as { email?: unknown } | undefined)?.email;
      sendPage(
        res,
        'login',
        frameFor(deps, req, res, 'Log in'),
        {
          email: typeof given === 'string' ? given.slice(0, 254) : '',
          error: 'That is not an email address: write it as name@example.org.',
        },
        400,
      );
      return;
    }
    sendPage(res, 'login-sent', frameFor(deps, req, res, 'Check your mail'), {
      email,
      mailboxHere: settings.localMailbox,
    });
  });

  router.get('/login/:token', async (req, res) => {
    const token = String(req.params.token);
    const link = await peekLoginToken(ctx, token);
    const me = sessionOf(req).email;
    if (link && me === link.email) {
      // Already logged in as the address the link was mailed to: following it still joins the game it is about.
      await joinByLink(ctx, link);
      res.redirect(303, afterLogin(link));
      return;
    }
    if (!link) {
      sendPage(
        res,
        'login',
        frameFor(deps, req, res, 'Log in'),
        { email: '', error: 'That login link has expired or has been used already. Ask for a new one here.' },
        410,
      );
      return;
    }
    sendPage(res, 'login-confirm', frameFor(deps, req, res, 'Log in'), {
      token,
      email: link.email,
      gameId: link.gameId,
      observe: link.purpose === 'observe',
      switching: me !== null,
    });
  });

  router.post('/login/:token', async (req, res) => {
    const link = await followLoginLink(ctx, String(req.params.token));
    if (!link) {
      sendPage(
        res,
        'login',
        frameFor(deps, req, res, 'Log in'),
        { email: '', error: 'That login link has expired or has been used already. Ask for a new one here.' },
        410,
      );
      return;
    }
    await deps.sessions.logIn(req, res, link.email);
    res.redirect(303, afterLogin(link));
  });

  router.post('/logout', async (req, res) => {
    await deps.sessions.logOut(req, res);
    res.redirect(303, '/');
  });

  return router;
}
