/**
 * The local mailbox of a zero-setup service (no MAIL_SMTP_URL: mail stays on
 * this machine), so a new user can read the service's answers and login links.
 *
 * Who sees what: a mail to a seat carries the seat's token in its Reply-To,
 * so reading someone's mail is playing their seat. Hence
 * - whoever opens the link `npm start` prints (`/mailbox?key=…`, the local
 *   mailbox key) sees every mail: it is the operator, or a player at the
 *   operator's desk. The key then stays in a cookie for the mailbox's pages.
 *   Neither the client's address nor the Host header counts: a reverse proxy
 *   on the same machine would supply both for anyone;
 * - a logged-in person sees the mail to their own address, wherever they are;
 * - nobody else sees any. Moderators get no more here than anyone: their
 *   status board shows whether each mail went out, not what it said.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../games/errors.ts';
import { listMailbox } from '../../mail/mailbox.ts';
import { localMailboxKey, sameSecret } from '../../games/secrets.ts';
import { frameFor, type PagesDeps } from './deps.ts';
import { sendPage } from './render.ts';
import { sessionOf } from './session.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Text cut into plain pieces and links, for the template to escape and link. */
function linkify(text: string): Array<{ text: string; href: string | null }> {
  return text.split(URL_PATTERN).map((part, i) => ({ text: part, href: i % 2 === 1 ? part : null }));
}

/** The cookie that keeps the local mailbox key for the mailbox's pages. */
const KEY_COOKIE = 'msc_mailbox';

export function mailboxRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const { ctx, settings } = deps;
  const key = localMailboxKey(ctx.serviceKey);

  /** Whether the request holds the mailbox key (in the link's query, or the cookie the link set). */
  function holdsKey(req: express.Request, res: express.Response): boolean {
    const given: unknown = req.query.key;
    if (typeof given === 'string' && given !== '') {
      if (!sameSecret(given, key))
        throw new AppError('BAD_MAILBOX_KEY', 'that is not the mailbox key: open the link `npm start` printed', 403);
      res.cookie(KEY_COOKIE, key, {
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.publicUrl.startsWith('https:'),
        path: '/mailbox',
        maxAge: 30 * 24 * 3_600_000,
      });
      return true;
    }
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const kept = cookies?.[KEY_COOKIE];
    return typeof kept === 'string' && sameSecret(kept, key);
  }

  function scope(req: express.Request, res: express.Response): { to?: string } {
    if (!settings.localMailbox)
      throw new AppError(
        'NO_MAILBOX',
        'this service sends its mail out (MAIL_SMTP_URL is set): read it in your own mailbox',
        404,
      );
    if (holdsKey(req, res)) return {};
    const email = sessionOf(req).email;
    if (email === null)
      throw new AppError(
        'LOGIN_NEEDED',
        'the local mailbox shows each person their own mail: log in first (or open the mailbox link `npm start` printed)',
        401,
      );
    return { to: email };
  }

  router.get('/mailbox', async (req, res) => {
    const { to } = scope(req, res);
    const mail = await listMailbox(ctx, { ...(to ? { to } : {}), limit: 200 });
    sendPage(res, 'mailbox', frameFor(deps, req, res, 'Mailbox'), { everyone: to === undefined, to: to ?? null, mail });
  });

  router.get('/mailbox/:id', async (req, res) => {
    const { to } = scope(req, res);
    const id = z
      .string()
      .regex(/^\d{1,15}$/)
      .safeParse(req.params.id);
    const mail = id.success
      ? (await listMailbox(ctx, { ...(to ? { to } : {}), limit: 500 })).find((m) => m.id === Number(id.data))
      : undefined;
    if (!mail) throw new AppError('MAIL_NOT_FOUND', 'there is no such mail in your mailbox', 404);
    sendPage(res, 'mail', frameFor(deps, req, res, mail.subject), { mail, lines: mail.text.split('\n').map(linkify) });
  });

  return router;
}
