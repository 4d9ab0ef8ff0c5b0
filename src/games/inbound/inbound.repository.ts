/**
 * The inbound_messages table: every mail received, recorded under its
 * Message-ID so that a mail seen twice is handled once, with what became of
 * it. The mail pipeline (mail/inbound.ts) decides; this module only stores.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { inboundMessages } from '../../db/schema.ts';
import type { Tx } from '../context.ts';

const HOUR_MS = 3_600_000;

export function createInboundRepository(db: Tx) {
  return {
    /**
     * How many notices about mail with a seat's token from another address (outcome `wrong-sender`, `notified`) the
     * seat of `side` in `gameId` was sent since `since`.
     */
    async wrongSenderNotices(gameId: string, side: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(inboundMessages)
        .where(
          and(
            eq(inboundMessages.gameId, gameId),
            eq(inboundMessages.outcome, 'wrong-sender'),
            gt(inboundMessages.receivedAt, since),
            sql`${inboundMessages.detail}->>'side' = ${side}`,
            sql`${inboundMessages.detail}->>'notified' = 'true'`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Records a mail as being handled; false if it was recorded before (a duplicate). */
    async claim(m: {
      messageId: string;
      receivedAt: Date;
      fromAddress: string;
      contentKey: string | null;
    }): Promise<boolean> {
      const inserted = await db
        .insert(inboundMessages)
        .values({ ...m, outcome: 'processing', detail: {} })
        .onConflictDoNothing()
        .returning({ messageId: inboundMessages.messageId });
      return inserted.length > 0;
    },

    /** The record of an earlier mail, if any. */
    async find(messageId: string) {
      const [row] = await db.select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId));
      return row ?? null;
    },

    /** An earlier mail with the same content key (another copy of one mail) under another Message-ID; null if none. */
    async twin(contentKey: string, messageId: string): Promise<string | null> {
      const [row] = await db
        .select({ messageId: inboundMessages.messageId })
        .from(inboundMessages)
        .where(and(eq(inboundMessages.contentKey, contentKey), ne(inboundMessages.messageId, messageId)))
        .limit(1);
      return row?.messageId ?? null;
    },

    /** Adds to the details of an earlier mail (e.g. that its Message-ID came again with other text). */
    async note(messageId: string, detail: Record<string, unknown>): Promise<void> {
      await db
        .update(inboundMessages)
        .set({ detail: sql`${inboundMessages.detail} || ${JSON.stringify(detail)}::jsonb` })
        .where(eq(inboundMessages.messageId, messageId));
    },

    /** What became of a claimed mail. */
    async settle(
      messageId: string,
      m: { outcome: string; gameId: string | null; detail: Record<string, unknown> },
    ): Promise<void> {
      await db.update(inboundMessages).set(m).where(eq(inboundMessages.messageId, messageId));
    },

    /** Records a mail that kept failing (nothing else about it is written); a mail recorded already stays as it is. */
    async recordFailed(m: {
      messageId: string;
      receivedAt: Date;
      fromAddress: string;
      detail: Record<string, unknown>;
    }): Promise<void> {
      await db
        .insert(inboundMessages)
        .values({ ...m, outcome: 'failed' })
        .onConflictDoNothing();
    },

    /**
     * Mails from `sender` recorded in the hour before `now`, `messageId` aside,
     * counted among verified mail or among the rest; and whether one of them
     * was answered about the rate limit.
     */
    async senderRate(m: {
      sender: string;
      messageId: string;
      verified: boolean;
      now: Date;
    }): Promise<{ count: number; notified: boolean }> {
      const since = new Date(m.now.getTime() - HOUR_MS);
      const bucket = sql`coalesce(${inboundMessages.detail}->>'verified', 'false') = ${m.verified ? 'true' : 'false'}`;
      const recent = and(
        eq(inboundMessages.fromAddress, m.sender),
        gt(inboundMessages.receivedAt, since),
        ne(inboundMessages.messageId, m.messageId),
        bucket,
      );
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          notified: sql<number>`count(*) filter (where ${inboundMessages.outcome} = 'rate-limited' and ${inboundMessages.detail}->>'notified' = 'true')::int`,
        })
        .from(inboundMessages)
        .where(recent);
      return { count: Number(row?.count ?? 0), notified: Number(row?.notified ?? 0) > 0 };
    },
  };
}
