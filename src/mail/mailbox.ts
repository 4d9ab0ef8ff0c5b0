/**
 * The local mailbox of a zero-setup service (no MAIL_SMTP_URL): the mail the
 * outbox sender has delivered, newest first, for a web page to show.
 *
 * A mail to a seat carries the seat's secret in its Reply-To address (that is
 * how a reply finds its seat), so whoever may read a seat's mail here may
 * play that seat: a page must show a mailbox only to its owner, or only on a
 * machine where every player is trusted.
 */
import type { GamesContext } from '../games/context.ts';
import { createOutboxRepository, type OutboxKind } from '../games/outbox/outbox.repository.ts';

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

/** Delivered mail, newest first; only that to one address (any case) when `to` is given. */
export async function listMailbox(
  ctx: Pick<GamesContext, 'db'>,
  options: { to?: string; limit: number },
): Promise<MailboxMessage[]> {
  const limit = Math.max(1, Math.min(500, Math.floor(options.limit)));
  const to = options.to?.trim().toLowerCase();
  const rows = await createOutboxRepository(ctx.db).delivered({ ...(to ? { to } : {}), limit });
  return rows.map((r) => ({
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
  }));
}
