/**
 * Who is asking, and the forms' CSRF protection.
 *
 * - The session cookie holds a random id (sessions.ts keeps its hash): http-only,
 *   SameSite=Lax (a link from a mail still arrives logged in), Secure and
 *   `__Host-` prefixed when PUBLIC_URL is https.
 * - CSRF: the double-submit cookie of csrf-csrf, its token an HMAC bound to the
 *   session (an empty identifier before login), in a hidden field of every
 *   form and checked on every POST of the pages. The cookie is SameSite=Strict.
 */
import { createHash, createHmac } from 'node:crypto';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import type { GamesContext } from '../../games/context.ts';
import { endSession, sessionEmail, startSession } from '../../games/logins/sessions.ts';

export interface SessionInfo {
  /** The raw session id from the cookie, when it is a live session. */
  readonly id: string | null;
  /** Who is logged in. */
  readonly email: string | null;
}

const ANONYMOUS: SessionInfo = { id: null, email: null };
const sessionsOf = new WeakMap<Request, SessionInfo>();

/** The session of a request (after `loadSession`). */
export function sessionOf(req: Request): SessionInfo {
  return sessionsOf.get(req) ?? ANONYMOUS;
}

export interface SessionSupport {
  readonly cookieName: string;
  readonly loadSession: RequestHandler;
  readonly csrfProtection: RequestHandler;
  /** The token for this page's forms (sets its cookie when needed). */
  csrfToken(req: Request, res: Response): string;
  /** Starts a new session for `email` (ending the request's own, if any) and sets its cookie. */
  logIn(req: Request, res: Response, email: string): Promise<void>;
  logOut(req: Request, res: Response): Promise<void>;
}

export function createSessionSupport(ctx: GamesContext, options: { secure: boolean }): SessionSupport {
  const { secure } = options;
  const cookieName = secure ? '__Host-msc_session' : 'msc_session';
  const cookieOptions: CookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  const csrfSecret = createHmac('sha256', ctx.serviceKey).update('web-csrf').digest('hex');

  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => csrfSecret,
    getSessionIdentifier: (req) => {
      const id = sessionOf(req).id;
      return id ? createHash('sha256').update(id).digest('hex') : '';
    },
    cookieName: secure ? '__Host-msc_csrf' : 'msc_csrf',
    cookieOptions: { httpOnly: true, sameSite: 'strict', secure, path: '/' },
    getCsrfTokenFromRequest: (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      return typeof body?._csrf === 'string' ? body._csrf : req.get('x-csrf-token');
    },
    errorConfig: {
      statusCode: 403,
      code: 'CSRF_REJECTED',
      message: 'this form has expired or did not come from this site',
    },
  });

  const loadSession: RequestHandler = async (req, _res, next) => {
    const cookies = req.cookies as Record<string, string | undefined> | undefined;
    const id = cookies?.[cookieName];
    if (id) {
      const email = await sessionEmail(ctx, id);
      if (email) sessionsOf.set(req, { id, email });
    }
    next();
  };

  return {
    cookieName,
    loadSession,
    csrfProtection: doubleCsrfProtection,
    csrfToken: (req, res) => generateCsrfToken(req, res),
    async logIn(req, res, email) {
      const old = sessionOf(req).id;
      if (old) await endSession(ctx, old);
      const session = await startSession(ctx, email);
      res.cookie(cookieName, session.id, { ...cookieOptions, expires: session.expiresAt });
    },
    async logOut(req, res) {
      const id = sessionOf(req).id;
      if (id) await endSession(ctx, id);
      res.clearCookie(cookieName, cookieOptions);
    },
  };
}
