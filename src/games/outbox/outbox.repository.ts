/**
 * The outbox table: mail waiting to go, as the sender (mail/outbound.ts)
 * claims and marks it, the local mailbox lists it, and the moderator's board
 * shows the last mail to each seat. Writing mail is games/messages.ts's job
 * (queueAnswer and the reports), always in the transaction of the change.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { outbox, type OutboxKind, type OutboxMessage } from '../../db/schema.ts';
import type { Tx } from '../context.ts';

export type { OutboxKind, OutboxMessage };
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

    /** Delivered mail, newest first; only that to one lower-cased address when `to` is given. */
    async delivered(options: { to?: string; limit: number }): Promise<OutboxMessage[]> {
      return db
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'sent'), options.to ? eq(sql`lower(${outbox.toAddress})`, options.to) : undefined))
        .orderBy(desc(outbox.sentAt), desc(outbox.id))
        .limit(options.limit);
    },

    /** A game's mail, newest first. */
    async ofGame(gameId: string, limit: number): Promise<OutboxMessage[]> {
      return db.select().from(outbox).where(eq(outbox.gameId, gameId)).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}
