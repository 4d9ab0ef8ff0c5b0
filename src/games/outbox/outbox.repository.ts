/**
 * The outbox table: mail waiting to go, as the sender (mail/outbound.ts)
 * claims and marks it, the local mailbox lists it, and the moderator's board
 * shows the last mail to each seat. Writing mail is games/messages.ts's job
 * (queueAnswer and the reports), always in the transaction of the change.
 */
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { outbox, type OutboxAttachment, type OutboxKind, type OutboxMessage } from '../../db/schema.ts';
import type { Tx } from '../context.ts';

export type { OutboxAttachment, OutboxKind, OutboxMessage };
export { OUTBOX_KINDS } from '../../db/schema.ts';

export function createOutboxRepository(db: Tx) {
  return {
    /**
     * Leases up to `limit` due rows to one sender until `leaseUntil`, in one
     * short transaction; rows another sender holds are skipped.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<OutboxMessage[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
          .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const rows = await tx
          .update(outbox)
          .set({ nextAttemptAt: leaseUntil })
          .where(
            inArray(
              outbox.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
        return rows.sort((a, b) => a.id - b.id);
      });
    },

    /** Makes every pending row that waits past `now` (leased, or waiting for a retry) due at `now`; how many. */
    async dueNow(now: Date): Promise<number> {
      const rows = await db
        .update(outbox)
        .set({ nextAttemptAt: now })
        .where(and(eq(outbox.status, 'pending'), gt(outbox.nextAttemptAt, now)))
        .returning({ id: outbox.id });
      return rows.length;
    },

    /**
     * How many mails of `kind` about the game were queued to `to` (any case) since `since`, and when the first of them
     * was: a seat's daily quota.
     */
    async countSince(m: {
      gameId: string;
      to: string;
      kind: OutboxKind;
      since: Date;
    }): Promise<{ count: number; first: Date | null }> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, first: sql<Date | string | null>`min(${outbox.createdAt})` })
        .from(outbox)
        .where(
          and(
            eq(outbox.gameId, m.gameId),
            eq(outbox.kind, m.kind),
            eq(sql`lower(${outbox.toAddress})`, m.to.toLowerCase()),
            gte(outbox.createdAt, m.since),
          ),
        );
      const first = row?.first ?? null;
      return { count: Number(row?.n ?? 0), first: first === null ? null : new Date(first) };
    },

    /** A pending row went out. */
    async markSent(id: number, at: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: at, attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    /** A pending row did not go: tried again at `retryAt`, or (null) failed for good. */
    async markNotSent(id: number, m: { attempts: number; lastError: string; retryAt: Date | null }): Promise<void> {
      await db
        .update(outbox)
        .set(
          m.retryAt === null
            ? { status: 'failed', attempts: m.attempts, lastError: m.lastError }
            : { attempts: m.attempts, lastError: m.lastError, nextAttemptAt: m.retryAt },
        )
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    /**
     * Delivered mail, newest first (by queue order, so that a page can go on from where it stopped): only that to one
     * lower-cased address when `to` is given, only mail older than `before` (an id) when given, only mail whose
     * subject or game contains `search` (any case) when given.
     */
    async delivered(options: {
      to?: string;
      before?: number;
      /**
       * Only mail delivered after the mail with this id (its delivery time, then its id), oldest first: a cursor a
       * script waits on. Mail queued earlier but delivered later is still found. An id that is no delivered mail:
       * mail with a greater id.
       */
      after?: number;
      kinds?: readonly OutboxKind[];
      search?: string;
      limit: number;
    }): Promise<OutboxMessage[]> {
      const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      let since: SQL | undefined;
      if (options.after !== undefined) {
        const [mark] = await db
          .select({ id: outbox.id, sentAt: outbox.sentAt })
          .from(outbox)
          .where(and(eq(outbox.id, options.after), eq(outbox.status, 'sent')));
        since = mark?.sentAt
          ? or(gt(outbox.sentAt, mark.sentAt), and(eq(outbox.sentAt, mark.sentAt), gt(outbox.id, mark.id)))
          : gt(outbox.id, options.after);
      }
      return db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'sent'),
            options.to ? eq(sql`lower(${outbox.toAddress})`, options.to) : undefined,
            options.before !== undefined ? lt(outbox.id, options.before) : undefined,
            since,
            options.kinds && options.kinds.length > 0 ? inArray(outbox.kind, [...options.kinds]) : undefined,
            pattern ? or(ilike(outbox.subject, pattern), ilike(outbox.gameId, pattern)) : undefined,
          ),
        )
        .orderBy(...(since ? [asc(outbox.sentAt), asc(outbox.id)] : [desc(outbox.id)]))
        .limit(options.limit);
    },

    /** The mail delivered last (of those to `to`, of `kinds`), to wait for what comes after it; null when none. */
    async lastDelivered(options: { to?: string; kinds?: readonly OutboxKind[] }): Promise<number | null> {
      const [row] = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'sent'),
            options.to ? eq(sql`lower(${outbox.toAddress})`, options.to) : undefined,
            options.kinds && options.kinds.length > 0 ? inArray(outbox.kind, [...options.kinds]) : undefined,
          ),
        )
        .orderBy(desc(outbox.sentAt), desc(outbox.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** One delivered mail, wherever it is in the mailbox; only if it went to `to` (lower-cased) when given. */
    async deliveredOne(id: number, to?: string): Promise<OutboxMessage | null> {
      const [row] = await db
        .select()
        .from(outbox)
        .where(
          and(eq(outbox.id, id), eq(outbox.status, 'sent'), to ? eq(sql`lower(${outbox.toAddress})`, to) : undefined),
        );
      return row ?? null;
    },

    /** Every address the mailbox holds mail for, with how many and the newest's id, the most recent first. */
    async deliveredAddresses(): Promise<{ address: string; count: number; newest: number }[]> {
      const address = sql<string>`lower(${outbox.toAddress})`;
      const rows = await db
        .select({ address, count: sql<number>`count(*)::int`, newest: sql<number>`max(${outbox.id})::int` })
        .from(outbox)
        .where(eq(outbox.status, 'sent'))
        .groupBy(address)
        .orderBy(desc(sql`max(${outbox.id})`));
      return rows.map((r) => ({ address: r.address, count: Number(r.count), newest: Number(r.newest) }));
    },

    /** A game's mail, newest first. */
    async ofGame(gameId: string, limit: number): Promise<OutboxMessage[]> {
      return db.select().from(outbox).where(eq(outbox.gameId, gameId)).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}
