/**
 * Bounces matched to the mail, and the seat, they answer — and a recipient the mail server refused at once
 * (mail/outbound.ts), which is the same news sooner. Each outgoing mail's envelope sender names its outbox row
 * with a tag only the service can make (service-key.ts `bounceAddress`, VERP); a delivery report (RFC 3464) also
 * returns the mail's Message-ID. A permanent failure marks every seat of the mail's game at the address it went to:
 * its turn reports and reminders are no longer mailed (they stay on the web, so a dead address costs no mail that
 * bounces again and again) until its player writes in from that address, or the moderator gives the seat another. A
 * transient failure (the receiving side will try again) is counted only.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { outbox, seats } from '../../db/schema.ts';
import type { GamesContext, Tx } from '../context.ts';
import { audit } from '../games/lifecycle.ts';

/** What a bounce says, as the mail channel read it (mail/bounces.ts). */
export interface BounceReport {
  /** The outbox row its address names, its tag checked; null when it came back to no such address. */
  readonly outboxId: number | null;
  /** Message-IDs of the returned mail's headers, to find the row by when the address did not name it. */
  readonly messageIds: readonly string[];
  /** A permanent failure (5.x.x, or a bounce that says so); else transient (4.x.x, delayed). */
  readonly permanent: boolean;
  /** The failure as the report gives it (a Diagnostic-Code, a server's answer), one line. */
  readonly reason: string;
}

export interface BounceMatched {
  readonly outboxId: number;
  readonly gameId: string | null;
  /** The sides whose seats the mail went to (none for mail to an address that holds no seat). */
  readonly sides: readonly string[];
  readonly permanent: boolean;
}

/** The longest failure kept on a seat. */
const REASON_CHARS = 300;

/** Records a bounce against the mail and the seats it answers; null when it answers none of the service's mails. */
export async function recordBounce(
  ctx: Pick<GamesContext, 'clock'>,
  tx: Tx,
  report: BounceReport,
): Promise<BounceMatched | null> {
  const ids = report.messageIds.slice(0, 10);
  const [row] =
    report.outboxId !== null
      ? await tx.select().from(outbox).where(eq(outbox.id, report.outboxId))
      : ids.length > 0
        ? await tx
            .select()
            .from(outbox)
            .where(inArray(sql<string>`${outbox.headers}->>'Message-ID'`, [...ids]))
            .limit(1)
        : [];
  if (!row) return null;
  const reason = report.reason.replace(/\s+/g, ' ').trim().slice(0, REASON_CHARS) || 'returned as undeliverable';
  // A mail the server accepted, then bounced, says so; one it refused keeps the refusal as its error.
  await tx
    .update(outbox)
    .set({ lastError: `bounced${report.permanent ? '' : ' (transient)'}: ${reason}` })
    .where(and(eq(outbox.id, row.id), ne(outbox.status, 'failed')));
  if (row.gameId === null) return { outboxId: row.id, gameId: null, sides: [], permanent: report.permanent };
  const at = and(eq(seats.gameId, row.gameId), eq(sql`lower(${seats.email})`, row.toAddress.trim().toLowerCase()));
  const marked = await tx
    .update(seats)
    .set(
      report.permanent
        ? { bouncedAt: ctx.clock.now(), bounceReason: reason }
        : { softBounces: sql`${seats.softBounces} + 1` },
    )
    .where(at)
    .returning({ side: seats.side });
  const sides = marked.map((s) => s.side).sort();
  if (sides.length > 0)
    await audit(ctx, tx, {
      gameId: row.gameId,
      actor: 'system',
      action: report.permanent ? 'mail-bounced' : 'mail-bounced-transient',
      reason,
      details: { sides, outboxId: row.id, kind: row.kind },
    });
  return { outboxId: row.id, gameId: row.gameId, sides, permanent: report.permanent };
}

/** The player wrote in from the seat's address: mail reaches it again. True when a mark was cleared. */
export async function clearBounce(
  tx: Tx,
  seat: { readonly id: string; readonly bouncedAt: Date | null },
): Promise<boolean> {
  if (seat.bouncedAt === null) return false;
  const rows = await tx
    .update(seats)
    .set({ bouncedAt: null, bounceReason: null })
    .where(and(eq(seats.id, seat.id), isNotNull(seats.bouncedAt)))
    .returning({ id: seats.id });
  return rows.length > 0;
}
