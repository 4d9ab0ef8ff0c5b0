/**
 * The web pages, mounted beside the JSON API: static files (the stylesheet,
 * the page scripts and the rules bundle), then cookies, the session and the
 * CSRF check for every POST, then the pages. Errors on a page come back as a
 * page: a refusal says what to do; a bug says only that it was logged.
 */
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import cookieParser from 'cookie-parser';
import { fileURLToPath } from 'node:url';
import type { GamesContext } from '../../games/context.ts';
import type { Logger } from '../../log.ts';
import { RETRY_AFTER_S } from '../../games/health.ts';
import { LimitError } from '../../games/errors.ts';
import { refuseNul, toAppError } from '../errors.ts';
import { kindBundle } from '../client-bundle.ts';
import { isRuleset } from '../../kinds/index.ts';
import type { Metrics } from '../metrics.ts';
import { archiveRoutes } from './archive.ts';
import { authRoutes } from './auth.ts';
import { DEFAULT_PAGE_SETTINGS, frameFor, type PageSettings, type PagesDeps } from './deps.ts';
import { lobbyRoutes } from './lobby.ts';
import { mailboxRoutes } from './mailbox.ts';
import { moderatorRoutes } from './moderator.ts';
import { observerRoutes } from './observer.ts';
import { playerRoutes } from './player.ts';
import { sendPage } from './render.ts';
import { createSessionSupport } from './session.ts';

const STATIC_DIR = fileURLToPath(new URL('../../../static/', import.meta.url));

export interface PagesOptions {
  readonly settings?: Partial<PageSettings>;
  readonly logger?: Logger;
  readonly metrics?: Metrics;
}

/** Paths the pages answer; anything else falls through to the API's 404. */
const PAGE_PATHS = /^\/(?:$|login|logout|lobby|games|archive|mailbox|static|calendar|unobserve)/;

export function createPagesRouter(ctx: GamesContext, options: PagesOptions = {}): Router {
  const settings: PageSettings = { ...DEFAULT_PAGE_SETTINGS, ...options.settings };
  const deps: PagesDeps = {
    ctx,
    settings,
    sessions: createSessionSupport(ctx, { secure: settings.secure }),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  };
  const router = express.Router();

  router.get('/static/kinds/:ruleset/rules.js', async (req, res, next) => {
    const ruleset = req.params.ruleset;
    const code = isRuleset(ruleset) ? await kindBundle(ruleset) : null;
    if (code === null) {
      next();
      return;
    }
    res.type('text/javascript').set('Cache-Control', 'public, max-age=3600').send(code);
  });
  // A path outside the folder (even one encoded twice) is simply not there.
  router.use('/static', express.static(STATIC_DIR, { maxAge: '1h', index: false, fallthrough: false }), staticNotFound);

  const pages = express.Router();
  pages.use(cookieParser());
  pages.use(express.urlencoded({ extended: false, limit: `${settings.bodyLimitKb}kb`, parameterLimit: 2000 }));
  pages.use(refuseNul);
  pages.use(deps.sessions.loadSession);
  pages.use(deps.sessions.csrfProtection);
  pages.use(authRoutes(deps));
  // /games/new before /games/:id.
  pages.use(moderatorRoutes(deps));
  pages.use(observerRoutes(deps));
  pages.use(lobbyRoutes(deps));
  pages.use(playerRoutes(deps));
  pages.use(archiveRoutes(deps));
  pages.use(mailboxRoutes(deps));
  pages.use(pageNotFound);
  pages.use(pageErrors(deps));

  // The pages' own paths, and any other address a browser asks for (it gets the HTML "no such page", an API client
  // the JSON one).
  const onlyPages: RequestHandler = (req, res, next) =>
    PAGE_PATHS.test(req.path) || browsing(req) ? pages(req, res, next) : next();
  router.use(onlyPages);
  return router;
}

/** A browser asking for a page: a GET outside the API whose Accept header prefers HTML to JSON. */
function browsing(req: express.Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.path.startsWith('/api') &&
    req.accepts(['json', 'html']) === 'html'
  );
}

/** What express.static refuses (a missing file, a path that climbs out of the folder) is a 404 for the client. */
const staticNotFound: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  const status = (error as { status?: unknown }).status;
  next(
    typeof status === 'number' && status >= 400 && status < 500
      ? Object.assign(new Error('not found'), { status: 404, expose: true })
      : error,
  );
};

const pageNotFound: RequestHandler = (req, _res, next) => {
  next(Object.assign(new Error('not found'), { status: 404, expose: true, pageNotFound: true }));
};

function pageErrors(deps: PagesDeps): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const e = error as { code?: unknown; pageNotFound?: boolean };
    if (e.code === 'CSRF_REJECTED') {
      sendPage(
        res,
        'error',
        frameFor(deps, req, res, 'Form expired'),
        {
          heading: 'That form has expired',
          message:
            'The page you sent it from was too old, or did not come from this site. Go back, reload the page, and send it again.',
        },
        403,
      );
      return;
    }
    if (e.pageNotFound) {
      sendPage(
        res,
        'error',
        frameFor(deps, req, res, 'Not found'),
        { heading: 'There is no such page', message: 'Check the address, or start again from the home page.' },
        404,
      );
      return;
    }
    const known = toAppError(error);
    if (known) {
      if (known.status === 503) res.set('Retry-After', String(RETRY_AFTER_S));
      if (known instanceof LimitError) res.set('Retry-After', String(known.retryAfterS));
      if (known.code === 'LOGIN_NEEDED') {
        sendPage(
          res,
          'login',
          frameFor(deps, req, res, 'Log in'),
          { email: '', error: `Please log in: ${known.message}.` },
          401,
        );
        return;
      }
      sendPage(
        res,
        'error',
        frameFor(deps, req, res, 'Sorry'),
        {
          heading: known.status === 404 ? 'Not found' : known.status === 403 ? 'Not allowed' : 'That did not work',
          message: known.message,
          problems: known.problems.map((p) => p.message),
        },
        known.status,
      );
      return;
    }
    const logger = (req as express.Request & { log?: Logger }).log ?? deps.logger;
    logger?.error({ err: error }, 'internal error while answering a page');
    sendPage(
      res,
      'error',
      frameFor(deps, req, res, 'Sorry'),
      { heading: 'Something went wrong on our side', message: 'It has been logged. Please try again later.' },
      500,
    );
  };
}
