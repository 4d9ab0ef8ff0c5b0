/**
 * The local mailbox of a zero-setup service (no MAIL_SMTP_URL): the mail the
 * outbox sender has delivered, newest first, for a web page to show — and a
 * reply written on that page, which reaches the service exactly as a mail
 * client's would (a raw RFC 822 message through the inbound pipeline the SMTP
 * receiver and the IMAP watcher use), so that it is checked, answered and
 * recorded as any order mail.
 *
 * A mail to a seat carries the seat's secret in its Reply-To address (that is
 * how a reply finds its seat), so whoever may read a seat's mail here may
 * play that seat: a page must show a mailbox only to its owner, or only on a
 * machine where every player is trusted.
 */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { GamesContext } from '../games/context.ts';
import { createOutboxRepository, type OutboxKind, type OutboxMessage } from '../games/outbox/outbox.repository.ts';
import { handleInboundMail, type InboundContext, type InboundOutcome } from './inbound.ts';

export interface MailboxMessage {
  readonly id: number;
  readonly gameId: string | null;
  readonly kind: OutboxKind;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  /** Message-ID, In-Reply-To, References, Reply-To, Auto-Submitted… (From is the service's MAIL_FROM). */
  readonly headers: Readonly<Record<string, string>>;
  readonly queuedAt: Date;
  readonly deliveredAt: Date;
}

export interface MailboxPage {
  /** Newest first; with `after`, oldest first (in the order it was delivered). */
  readonly mail: readonly MailboxMessage[];
  /** Where the next, older page starts (its `before`); null when this page reaches the oldest mail, or with `after`. */
  readonly older: number | null;
  /**
   * What to ask with next as `after`, to get only mail delivered since: with `after`, the last mail of this page (or
   * `after` itself when there is none); else the mail delivered last, of this address and these kinds. Null: none yet.
   */
  readonly newest: number | null;
}

/** The most mail one page lists. */
export const MAILBOX_PAGE_MAX = 500;

function toMessage(r: OutboxMessage): MailboxMessage {
  return {
    id: r.id,
    gameId: r.gameId,
    kind: r.kind,
    to: r.toAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    headers: r.headers,
    queuedAt: r.createdAt,
    deliveredAt: r.sentAt ?? r.createdAt,
  };
}

const lower = (address: string | undefined) => address?.trim().toLowerCase() || undefined;

/**
 * Delivered mail, newest first: only that to one address (any case) when `to` is given, only older than the id
 * `before`, only whose subject or game contains `search`, only of `kinds`. Every mail can be reached by paging on
 * with `older`. With `after` (a mail's id), only the mail delivered after that one, oldest first: a script waits for
 * new mail by asking again with the `newest` of each answer.
 */
export async function listMailbox(
  ctx: Pick<GamesContext, 'db'>,
  options: {
    to?: string;
    before?: number;
    after?: number;
    kinds?: readonly OutboxKind[];
    search?: string;
    limit: number;
  },
): Promise<MailboxPage> {
  const limit = Math.max(1, Math.min(MAILBOX_PAGE_MAX, Math.floor(options.limit)));
  const to = lower(options.to);
  const search = options.search?.trim();
  const kinds = options.kinds && options.kinds.length > 0 ? options.kinds : undefined;
  const outbox = createOutboxRepository(ctx.db);
  // One more than the page shows tells whether there is an older page.
  const rows = await outbox.delivered({
    ...(to ? { to } : {}),
    ...(options.before !== undefined ? { before: options.before } : {}),
    ...(options.after !== undefined ? { after: options.after } : {}),
    ...(kinds ? { kinds } : {}),
    ...(search ? { search } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit).map(toMessage);
  if (options.after !== undefined)
    return { mail: page, older: null, newest: page.length > 0 ? page[page.length - 1]!.id : options.after };
  return {
    mail: page,
    older: rows.length > limit ? page[page.length - 1]!.id : null,
    newest: await outbox.lastDelivered({ ...(to ? { to } : {}), ...(kinds ? { kinds } : {}) }),
  };
}

/** One delivered mail by its id, however old; null when there is none (or, given `to`, none to that address). */
export async function findMailboxMessage(
  ctx: Pick<GamesContext, 'db'>,
  id: number,
  options: { to?: string } = {},
): Promise<MailboxMessage | null> {
  const row = await createOutboxRepository(ctx.db).deliveredOne(id, lower(options.to));
  return row ? toMessage(row) : null;
}

/** Every address the mailbox holds mail for: how many mails, the newest first. */
export function mailboxAddresses(ctx: Pick<GamesContext, 'db'>) {
  return createOutboxRepository(ctx.db).deliveredAddresses();
}

/** The address a reply to `mail` goes to: its Reply-To (a seat's address carries the seat's token), else From. */
export function replyAddressOf(mail: MailboxMessage, serviceFrom: string): string {
  return mail.headers['Reply-To'] ?? serviceFrom;
}

/** A reply's subject: the mail's, with one `Re: ` in front. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The mail's text quoted as a mail client quotes a reply, below the line that says who wrote it. */
export function quotedReply(mail: MailboxMessage, serviceFrom: string): string {
  const quoted = mail.text
    .replace(/\r\n/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`));
  return ['', '', `On ${mail.deliveredAt.toUTCString()}, ${serviceFrom} wrote:`, ...quoted, ''].join('\n');
}

/**
 * Sends a reply to a mailbox mail into the service, as the mail's addressee would from a mail client: From the
 * addressee, To the mail's Reply-To, threaded under it (In-Reply-To, References). Resolves once the inbound pipeline
 * has committed every effect of it (the answer is then in the outbox).
 */
export async function replyFromMailbox(
  ctx: InboundContext,
  input: { readonly mail: MailboxMessage; readonly text: string; readonly serviceFrom: string },
): Promise<InboundOutcome> {
  const { mail } = input;
  const to = replyAddressOf(mail, input.serviceFrom);
  const original = mail.headers['Message-ID'];
  const references = [mail.headers.References, original].filter((r): r is string => Boolean(r)).join(' ');
  const raw = await new MailComposer({
    from: mail.to,
    to,
    subject: replySubject(mail.subject),
    text: input.text,
    date: ctx.clock.now(),
    messageId: `<mailbox.${mail.id}.${randomUUID()}@${ctx.mailDomain}>`,
    ...(original ? { inReplyTo: original, references } : {}),
  })
    .compile()
    .build();
  return handleInboundMail(ctx, raw, { from: mail.to, to: [to] });
}
