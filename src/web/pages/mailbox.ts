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
import { OUTBOX_KINDS } from '../../games/outbox/outbox.repository.ts';
import type { InboundContext } from '../../mail/inbound.ts';
import {
  findMailboxMessage,
  listMailbox,
  MAILBOX_PAGE_MAX,
  mailboxAddresses,
  quotedReply,
  replyAddressOf,
  replyFromMailbox,
  type MailboxMessage,
} from '../../mail/mailbox.ts';
import { errorHandler } from '../errors.ts';
import { limitPerClient } from '../rate-limit.ts';
import { localMailboxKey, sameSecret } from '../../games/secrets.ts';
import { frameFor, type PagesDeps } from './deps.ts';
import { sendPage } from './render.ts';
import { sessionOf } from './session.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Text cut into plain pieces and links, for the template to escape and link. */
function linkify(text: string): Array<{ text: string; href: string | null }> {
  return text.split(URL_PATTERN).map((part, i) => ({ text: part, href: i % 2 === 1 ? part : null }));
}

const listQuery = z.strictObject({
  to: z.string().trim().max(320).optional(),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  kind: z
    .string()
    .trim()
    .max(200)
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    )
    .pipe(z.array(z.enum(OUTBOX_KINDS)).max(OUTBOX_KINDS.length))
    .optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE_MAX).optional(),
  key: z.string().max(200).optional(),
});
type ListQuery = z.infer<typeof listQuery>;

const replyForm = z.object({ text: z.string().min(1).max(100_000) });

/** The query of a mailbox page (the key stays in its cookie, never in a link). */
function pageQuery(q: Partial<ListQuery>): string {
  const out = new URLSearchParams();
  if (q.to) out.set('to', q.to);
  if (q.q) out.set('q', q.q);
  if (q.limit !== undefined) out.set('limit', String(q.limit));
  if (q.before !== undefined) out.set('before', String(q.before));
  return out.toString();
}

/** One address's mail. */
const addressLink = (to: string) => `/mailbox?${pageQuery({ to })}`;

/** What the service made of a reply, in words. */
const REPLY_OUTCOMES: Partial<Record<string, string>> = {
  accepted: 'your orders were accepted',
  command: 'your commands were carried out',
  rejected: 'your orders were not accepted: the answer says why',
  empty: 'it held no orders',
  'turn-over': 'that turn is already over: reply to the newest report',
  'game-over': 'that game is over',
  'rate-limited': 'too many mails from this address this hour: try again later',
  duplicate: 'the service already had that mail',
};

/** A mail as /mailbox.json gives it: its headers as a mail client shows them, and both bodies. */
function mailJson(m: MailboxMessage, serviceFrom: string) {
  return {
    id: m.id,
    gameId: m.gameId,
    kind: m.kind,
    from: serviceFrom,
    to: m.to,
    replyTo: m.headers['Reply-To'] ?? null,
    subject: m.subject,
    messageId: m.headers['Message-ID'] ?? null,
    inReplyTo: m.headers['In-Reply-To'] ?? null,
    headers: m.headers,
    queuedAt: m.queuedAt.toISOString(),
    deliveredAt: m.deliveredAt.toISOString(),
    text: m.text,
    html: m.html,
  };
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

  const jsonErrors = errorHandler(deps.logger);
  const serviceFrom = settings.mailFrom ?? `Minimal Space Combat <orders@${ctx.mailDomain}>`;
  const inboundCtx: InboundContext = { ...ctx, inbound: settings.inbound };
  const repliesLimit = limitPerClient(settings.rateLimitOrders, 'minute', 'mailbox replies');

  /** Who may see what: every mail (the key), one address's (`to`, for the key holder), or one's own. */
  function reader(req: express.Request, res: express.Response) {
    const { to } = scope(req, res);
    const query = listQuery.safeParse(req.query);
    if (!query.success)
      throw new AppError(
        'BAD_MAILBOX_QUERY',
        'the mailbox takes to=<address>, before=<mail number>, after=<mail number>, kind=<kind,kind…>, q=<words> and limit=<1–500>',
        400,
        query.error.issues.map((i) => ({ code: 'INVALID_FIELD', message: `${i.path.join('.')}: ${i.message}` })),
      );
    const q = query.data;
    // A person sees their own mail whatever they ask for; the key holder may narrow to one address.
    const address = to ?? (q.to || undefined);
    return { everyone: to === undefined, address, query: q };
  }

  router.get('/mailbox', async (req, res) => {
    const { everyone, address, query } = reader(req, res);
    const page = await listMailbox(ctx, {
      ...(address ? { to: address } : {}),
      ...(query.before !== undefined ? { before: query.before } : {}),
      ...(query.q ? { search: query.q } : {}),
      limit: query.limit ?? 100,
    });
    const olderLink = page.older === null ? null : `/mailbox?${pageQuery({ ...query, before: page.older })}`;
    sendPage(res, 'mailbox', frameFor(deps, req, res, 'Mailbox'), {
      everyone,
      to: address ?? null,
      q: query.q ?? '',
      paged: query.before !== undefined,
      mail: page.mail.map((m) => ({ ...m, toLink: addressLink(m.to) })),
      olderLink,
      allLink: everyone && address ? addressLink(address) : '/mailbox',
      addresses:
        everyone && !address ? (await mailboxAddresses(ctx)).map((a) => ({ ...a, link: addressLink(a.address) })) : [],
    });
  });

  // The same, for scripts and tests: the mail in full with its headers, and where the next page starts.
  router.get('/mailbox.json', async (req, res, next) => {
    try {
      const { address, query } = reader(req, res);
      const page = await listMailbox(ctx, {
        ...(address ? { to: address } : {}),
        ...(query.before !== undefined ? { before: query.before } : {}),
        ...(query.after !== undefined ? { after: query.after } : {}),
        ...(query.kind ? { kinds: query.kind } : {}),
        ...(query.q ? { search: query.q } : {}),
        limit: query.limit ?? 100,
      });
      res.json({ mail: page.mail.map((m) => mailJson(m, serviceFrom)), older: page.older, newest: page.newest });
    } catch (error) {
      // Answered as the API answers: JSON, never the error page.
      jsonErrors(error, req, res, next);
    }
  });

  router.get('/mailbox/:id', async (req, res) => {
    const mail = await oneMail(req, res);
    sendPage(res, 'mail', frameFor(deps, req, res, mail.subject), {
      mail,
      from: serviceFrom,
      replyTo: replyAddressOf(mail, serviceFrom),
      messageId: mail.headers['Message-ID'] ?? null,
      inReplyTo: mail.headers['In-Reply-To'] ?? null,
      lines: mail.text.split('\n').map(linkify),
      reply: quotedReply(mail, serviceFrom),
      mailboxLink: addressLink(mail.to),
    });
  });

  router.post('/mailbox/:id/reply', ...repliesLimit, async (req, res) => {
    const mail = await oneMail(req, res);
    const body = replyForm.safeParse(req.body);
    if (!body.success)
      throw new AppError('BAD_REPLY', 'write the reply in the text box (at most 100,000 characters) and send it', 400);
    const outcome = await replyFromMailbox(inboundCtx, { mail, text: body.data.text, serviceFrom });
    sendPage(res, 'mail-replied', frameFor(deps, req, res, 'Reply sent'), {
      mail,
      replyTo: replyAddressOf(mail, serviceFrom),
      outcome: outcome.outcome,
      said: REPLY_OUTCOMES[outcome.outcome] ?? `the service recorded it as "${outcome.outcome}"`,
      answered: outcome.answers.length > 0,
      mailboxLink: addressLink(mail.to),
    });
  });

  /** The mail the path names, if the reader may see it. */
  async function oneMail(req: express.Request, res: express.Response) {
    const { to } = scope(req, res);
    const id = z
      .string()
      .regex(/^\d{1,15}$/)
      .safeParse(req.params.id);
    const mail = id.success ? await findMailboxMessage(ctx, Number(id.data), to ? { to } : {}) : null;
    if (!mail) throw new AppError('MAIL_NOT_FOUND', 'there is no such mail in your mailbox', 404);
    return mail;
  }

  return router;
}
