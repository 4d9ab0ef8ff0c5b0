/**
 * The inbound_messages table: every mail received, recorded under its
 * Message-ID so that a mail seen twice is handled once, with what became of
 * it. The mail pipeline (mail/inbound.ts) decides; this module only stores.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { games, inboundMessages, seats, type Game, type Seat } from '../../db/schema.ts';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { commitWithNext, type AppTransaction } from '../../db/client.ts';
import { namedStatement } from '../../db/prepared.ts';
import { rowReader } from '../../db/rows.ts';
import type { Tx } from '../context.ts';

const seatReader = rowReader(seats, 's_');
const gameReader = rowReader(games, 'g_');

/** A sender's mail in the last hour in one bucket (verified or not; the claimed one aside), and whether one of them was
 * answered about the rate limit. */
export interface SenderRate {
  readonly count: number;
  readonly notified: boolean;
}

/** What claimAndLook found: whether the mail is new, the seats its tokens open, the sender's recent mail. */
export interface ClaimLook {
  /** False: the Message-ID was recorded before (a duplicate); nothing else here then matters. */
  readonly first: boolean;
  /**
   * The seats whose token hash is among those asked for, each with its game (null if it has none) and the addresses
   * of the game's seats that have not joined yet: whether joinSeats has anything to do.
   */
  readonly seats: ReadonlyArray<{ seat: Seat; game: Game | null; unjoinedEmails: readonly string[] }>;
  /** The sender's rate in either bucket; null when not asked. */
  readonly rate: { readonly verified: SenderRate; readonly unverified: SenderRate } | null;
}

/**
 * A mail's first statement: its claim (a row under its Message-ID, or none if there is one already), the seats its
 * tokens' hashes name with their games, and the sender's recent mail counted among verified mail and among the rest
 * (the rate limit's two buckets) — one round trip instead of four. The reads see the database as the statement
 * starts: a claim that waits for another copy of the same mail finds it a duplicate, whose reads nobody uses.
 * $1 message id, $2 received at, $3 sender, $4 content key, $5 token hashes, $6 whether to count the rate, $7 since.
 */
const claimAndLookStatement = namedStatement(
  'msc_inbound_claim_and_look',
  `with claimed as (
     insert into "inbound_messages" (message_id, received_at, from_address, outcome, detail, content_key)
     values ($1::text, $2::timestamptz, $3::text, 'processing', '{}'::jsonb, $4::text)
     on conflict do nothing
     returning 1
   ), recent as (
     select coalesce(m.detail->>'verified', 'false') as bucket,
       m.outcome = 'rate-limited' and m.detail->>'notified' = 'true' as notified
     from "inbound_messages" m
     where $6::boolean and m.from_address = $3::text and m.received_at > $7::timestamptz and m.message_id <> $1::text
   ), rate as (
     select count(*) filter (where bucket = 'true')::int as rate_verified,
       count(*) filter (where bucket = 'true' and notified)::int as notified_verified,
       count(*) filter (where bucket = 'false')::int as rate_unverified,
       count(*) filter (where bucket = 'false' and notified)::int as notified_unverified
     from recent
   )
   select (select count(*) from claimed)::int as claimed, rate.*, ${seatReader.columns}, ${gameReader.columns},
     array(select u.email from "seats" u where u.game_id = "seats"."game_id" and u.joined_at is null) as unjoined
   from rate
   left join "seats" on "seats"."token_hash" = any($5::text[])
   left join "games" on "games"."id" = "seats"."game_id"`,
);

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

    /**
     * Records a mail as being handled (false in `first`: it was recorded before, a duplicate), and reads in the same
     * statement the seats the token hashes name with their games and (`rateSince`) the sender's recent mail.
     */
    async claimAndLook(m: {
      messageId: string;
      receivedAt: Date;
      fromAddress: string;
      contentKey: string | null;
      tokenHashes: readonly string[];
      /** Count the sender's mail since then (the rate limit's hour); null: not at all. */
      rateSince: Date | null;
    }): Promise<ClaimLook> {
      const rows = await claimAndLookStatement(db, [
        m.messageId,
        m.receivedAt.toISOString(),
        m.fromAddress,
        m.contentKey,
        [...m.tokenHashes],
        m.rateSince !== null,
        (m.rateSince ?? m.receivedAt).toISOString(),
      ]);
      const first = rows[0]!;
      return {
        first: Number(first.claimed) > 0,
        seats: rows
          .filter((r) => r.s_id !== null && r.s_id !== undefined)
          .map((r) => ({
            seat: seatReader.read(r),
            game: r.g_id === null || r.g_id === undefined ? null : gameReader.read(r),
            unjoinedEmails: (r.unjoined as string[] | null) ?? [],
          })),
        rate:
          m.rateSince === null
            ? null
            : {
                verified: { count: Number(first.rate_verified), notified: Number(first.notified_verified) > 0 },
                unverified: { count: Number(first.rate_unverified), notified: Number(first.notified_unverified) > 0 },
              },
      };
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

    /**
     * What became of a claimed mail. `last`: nothing follows in the caller's transaction, which then commits with this
     * statement on PostgreSQL (commitWithNext: one round trip fewer).
     */
    async settle(
      messageId: string,
      m: { outcome: string; gameId: string | null; detail: Record<string, unknown> },
      { last = false }: { last?: boolean } = {},
    ): Promise<void> {
      if (last && db instanceof PgTransaction) commitWithNext(db as AppTransaction);
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
  };
}
