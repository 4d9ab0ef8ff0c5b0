/**
 * The database schema: every game, seat, turn, order submission, outgoing and
 * incoming mail and moderator action. drizzle-kit turns this file into the
 * SQL migrations in migrations/ (`npm run db:generate`); the same SQL runs on
 * PGlite (PostgreSQL 18) and on PostgreSQL 15 and later, so it keeps to what
 * both accept.
 *
 * JSON columns hold data whose shape belongs to the layers above (game
 * settings, positions, events); those layers check it when they read it.
 * The types given with `$type` say what is written there (settings as the
 * create use case checked them, a fleet, a result); positions and events
 * belong to a game's kind and stay `unknown` until the kind reads them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { StoredGameSettings } from '../games/games/settings.ts';
import type { Ruleset } from '../kinds/index.ts';
import type { PlacedShip } from '../kinds/tactical/scenarios.ts';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type { Ruleset };

export const GAME_STATUSES = ['setup', 'active', 'paused', 'finished', 'abandoned'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/**
 * `battles`: the turn stopped for battles fought as linked games (a campaign's tactical battles); it resolves when
 * they have all ended.
 */
export const TURN_STATUSES = ['open', 'resolving', 'battles', 'resolved'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

export const SUBMISSION_CHANNELS = ['mail', 'web', 'api', 'cli'] as const;
export type SubmissionChannel = (typeof SUBMISSION_CHANNELS)[number];

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Kinds of outgoing mail known today; the column is open text so a new kind needs no migration. */
export const OUTBOX_KINDS = [
  'turn-report',
  'accepted',
  'rejected',
  'reminder',
  'game-start',
  'game-end',
  'help',
  'message',
  'login',
  'invite',
  /** A joined seat's setup mail ("You have a seat in …"): no invitation, and not counted as one. */
  'setup',
  /** A campaign battle's deployment mail: not counted as an invitation either. */
  'deploy',
  'moderation',
  'notice',
  /** A seat that let a turn pass without orders: what was applied, and how to send orders or HOLD (once per run). */
  'missed-turn',
  /** The answer to a JOIN mail (its link, or its refusal): at most JOIN_ANSWERS_PER_HOUR an address, counted here. */
  'join',
  /** A seat's past reports, asked for by HISTORY (at most HISTORY_MAILS_PER_DAY a day, counted in the outbox). */
  'history',
  /** The link that confirms an OBSERVE (or a web request to observe) from the address it was mailed to. */
  'observe',
  /** An observer's mail of a resolved turn: the report every side may read, or a word that the turn resolved. */
  'observer-report',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** A side that sent nothing for a turn, as the turn stores it (turns.missed). */
export interface MissedTurn {
  readonly side: string;
  /** Turns missed in a row, this one included. */
  readonly inARow: number;
  /**
   * What the game's missed-turn limit did, reached by this turn: `rules` — the rules play the side from now on;
   * `moderator` — the moderator was asked to replace the player. Absent below the limit.
   */
  readonly limit?: 'rules' | 'moderator';
}

/** How a game ended: the winner (null: a draw), why, and a sentence saying so; scores when a moderator ended it. */
export interface GameResult {
  readonly winner?: string | null | undefined;
  readonly reason?: string | null;
  readonly turn?: number;
  readonly summary?: string;
  readonly [key: string]: unknown;
}

/** A point in time, always with its time zone (stored as UTC). */
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => moment('created_at').notNull().defaultNow();

/** A CHECK that a status column holds one of its known values, so a typo in code fails at the write. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

export const games = pgTable(
  'games',
  {
    /** A slug players type in order mails, e.g. `orion-7`. */
    id: text('id').primaryKey(),
    ruleset: text('ruleset').$type<Ruleset>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<GameStatus>().notNull().default('setup'),
    /** Map size, sides, budget, deadlines, reminders, turn limit, no-orders policy, solo sides… */
    settings: jsonb('settings').$type<StoredGameSettings>().notNull().default({}),
    /** The current position; null while the seats are still choosing their fleets. */
    state: jsonb('state'),
    diceState: text('dice_state').notNull(),
    /** Secret until the game ends; then published so anyone can verify every roll. */
    seed: text('seed').notNull(),
    /** SHA-256 of the seed, hex, published at game start. */
    seedCommitment: text('seed_commitment').notNull(),
    /** 0 until the first turn opens. */
    currentTurn: integer('current_turn').notNull().default(0),
    winner: text('winner'),
    result: jsonb('result').$type<GameResult>(),
    public: boolean('public').notNull().default(true),
    moderatorTokenHash: text('moderator_token_hash').notNull(),
    /** The address whose web session moderates the game (its creator on the web); null: only the key does. */
    moderatorEmail: text('moderator_email'),
    /**
     * A side left open at creation (a player side without a seat) is taken from the lobby by a logged-in player; with
     * this set, the creator (moderator_email, or the moderator key) approves each request first (seat_requests).
     */
    joinApproval: boolean('join_approval').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    pausedAt: moment('paused_at'),
    /** Bumped by every write, so a write based on a stale read fails instead of overwriting. */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    check('games_status_check', oneOf(t.status, GAME_STATUSES)),
    index('games_status_idx').on(t.status),
    index('games_moderator_email_idx').on(t.moderatorEmail),
  ],
);

export const seats = pgTable(
  'seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    /** The registered address, lower-cased: order mails must come from it. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** An IANA zone name, for deadlines in the player's own time. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** SHA-256 of the seat's secret token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** When the current token was issued (at seating, then at every rotation). */
    tokenRotatedAt: moment('token_rotated_at').notNull().defaultNow(),
    /** A tactical battle's fleet, kept here by games set up before setups were turn-0 submissions (read only). */
    fleet: jsonb('fleet').$type<{ ships: PlacedShip[] }>(),
    concededAt: moment('conceded_at'),
    /** Columns of the player's text turn reports (SET WIDTH): null is the default, 78; or 100. */
    reportWidth: integer('report_width'),
    /** Whether the seat's turn reports are mailed (SET REPORTS MAIL, the default) or on the web only (… WEB). */
    reportMails: boolean('report_mails').notNull().default(true),
    /** Whether the seat's turn report mails have its view of the game attached as JSON (SET REPORT JSON / TEXT). */
    reportJson: boolean('report_json').notNull().default(false),
    /**
     * When mail to the seat's address last bounced for good (a permanent delivery failure matched to one of its mails,
     * src/games/outbox/bounces.ts), and the failure as the bounce gave it; null while mail reaches it. Its turn reports
     * and reminders are not mailed meanwhile (they stay on the web); cleared when its player writes in from it again.
     */
    bouncedAt: moment('bounced_at'),
    bounceReason: text('bounce_reason'),
    /** Transient delivery failures (4.x.x) reported for the seat's mail: counted only. */
    softBounces: integer('soft_bounces').notNull().default(0),
    /**
     * When the seat's player joined: followed the invitation's link (or a later one of the game's) or answered through
     * the seat's order address. Until then the seat is mailed its one invitation and nothing else (docs/mail.md).
     */
    joinedAt: moment('joined_at'),
    /** Turns the seat's player let pass without orders (a defaulted setup among them), since they took the seat. */
    missedTurns: integer('missed_turns').notNull().default(0),
    /** Of those, how many in a row up to the last turn resolved: 0 once the seat sends orders (or HOLD) again. */
    missedInARow: integer('missed_in_a_row').notNull().default(0),
    /**
     * When the rules took the side over (the tactical battle's solo rules), its player having missed the game's
     * missed-turn limit of turns in a row; null while a player plays it. A new player (replaceSeat) takes it back.
     */
    ruledSince: moment('ruled_since'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('seats_game_side_unique').on(t.gameId, t.side),
    uniqueIndex('seats_token_hash_idx').on(t.tokenHash),
    index('seats_email_idx').on(t.email),
  ],
);

export const SEAT_REQUEST_STATUSES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type SeatRequestStatus = (typeof SEAT_REQUEST_STATUSES)[number];

/**
 * A request to take an open side of a game whose creator approves who joins (games.join_approval): from a person whose
 * address is confirmed (logged in on the web, or by the link a JOIN mail is answered with). Approved, the seat is made
 * and invited; refused, the player is told; withdrawn by the player while it waits. Never shown publicly.
 */
export const seatRequests = pgTable(
  'seat_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    status: text('status').$type<SeatRequestStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: moment('decided_at'),
  },
  (t) => [
    check('seat_requests_status_check', oneOf(t.status, SEAT_REQUEST_STATUSES)),
    // One request waiting per person and game.
    uniqueIndex('seat_requests_pending_idx')
      .on(t.gameId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const turns = pgTable(
  'turns',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').$type<TurnStatus>().notNull().default('open'),
    openedAt: moment('opened_at').notNull().defaultNow(),
    deadline: moment('deadline'),
    /** Set when every seat has valid orders in: the turn may resolve from then on. */
    dueAt: moment('due_at'),
    resolvedAt: moment('resolved_at'),
    /** Labels of the reminders already sent for this turn, e.g. `24h`, `2h`. */
    remindersSent: jsonb('reminders_sent').$type<string[]>().notNull().default([]),
    /**
     * When the next reminder of this turn falls due; null when none will (no deadline, every reminder sent, the turn
     * due or over, the game paused). The reminder pass finds its work through this column alone.
     */
    nextReminderAt: moment('next_reminder_at'),
    stateBefore: jsonb('state_before').notNull(),
    diceStateBefore: text('dice_state_before').notNull(),
    /** The orders the turn resolved with, including those the no-orders policy supplied. */
    ordersUsed: jsonb('orders_used'),
    events: jsonb('events'),
    stateAfter: jsonb('state_after'),
    diceStateAfter: text('dice_state_after'),
    /** A turn waiting for its linked battles (status `battles`): the kind's pending document, which finishes it. */
    pending: jsonb('pending'),
    /** The sides that sent no orders (or no setup) for the turn, as it resolved: the next report says so. */
    missed: jsonb('missed').$type<MissedTurn[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ name: 'turns_pkey', columns: [t.gameId, t.number] }),
    check('turns_status_check', oneOf(t.status, TURN_STATUSES)),
    // The turn queue: open turns by the moment they fall due (see turnFallsDueAt).
    index('turns_queue_idx')
      .on(sql`least(${t.dueAt}, ${t.deadline})`)
      .where(sql`${t.status} = 'open'`),
    // The reminder pass: turns with a reminder to come, by when it falls due.
    index('turns_reminder_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.nextReminderAt} is not null`),
    // A game has at most one turn in play.
    uniqueIndex('turns_one_in_play_idx')
      .on(t.gameId)
      .where(sql`${t.status} <> 'resolved'`),
  ],
);

/**
 * A battle of a campaign turn fought as a linked game of another kind (rules-strategic.md §8): which campaign, turn
 * and battle it is, the game that fights it, the setup the kind gave it (ships, zones, default placement), the
 * deployment deadline, and its outcome once it has ended.
 */
export const battles = pgTable(
  'battles',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    turn: integer('turn').notNull(),
    battleIndex: integer('battle_index').notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The kind's `LinkedGameSetup`, as given when the game was created. */
    setup: jsonb('setup').notNull(),
    /** When the sides still without a deployment get the default placement; null: it waits for every side. */
    deployDeadline: moment('deploy_deadline'),
    /** What the ended game means for the campaign turn (the kind's `linkedBattles.outcome`). */
    outcome: jsonb('outcome'),
    endedAt: moment('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'battles_pkey', columns: [t.campaignId, t.turn, t.battleIndex] }),
    uniqueIndex('battles_game_idx').on(t.gameId),
    index('battles_deploy_idx')
      .on(t.deployDeadline)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * When an open turn falls due: the earlier of "every seat is in" and the
 * deadline (least() skips nulls). Queue queries compare this expression so
 * that they use turns_queue_idx.
 */
export const turnFallsDueAt: SQL = sql`least(${turns.dueAt}, ${turns.deadline})`;

export const submissions = pgTable(
  'submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id').notNull(),
    turn: integer('turn').notNull(),
    seatId: uuid('seat_id')
      .notNull()
      .references(() => seats.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<SubmissionChannel>().notNull(),
    /** The orders as received, for the archive and for disputes. */
    text: text('text'),
    /** The orders as the service understood them. */
    orders: jsonb('orders').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
    /** Set when a later valid submission replaces this one. */
    supersededAt: moment('superseded_at'),
    messageId: text('message_id'),
  },
  (t) => [
    foreignKey({
      name: 'submissions_turn_fk',
      columns: [t.gameId, t.turn],
      foreignColumns: [turns.gameId, turns.number],
    }).onDelete('cascade'),
    check('submissions_channel_check', oneOf(t.channel, SUBMISSION_CHANNELS)),
    index('submissions_game_turn_seat_idx').on(t.gameId, t.turn, t.seatId),
    // At most one standing submission per seat and turn.
    uniqueIndex('submissions_standing_idx')
      .on(t.gameId, t.turn, t.seatId)
      .where(sql`${t.supersededAt} is null`),
  ],
);

/** A file attached to an outgoing mail, its content as text. */
export interface OutboxAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string;
}

export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id').references(() => games.id, { onDelete: 'set null' }),
    kind: text('kind').$type<OutboxKind>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Message-ID, In-Reply-To, References, Reply-To… */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Files sent with the mail (a turn report's JSON, SET REPORT JSON): text only, never a path or a URL. */
    attachments: jsonb('attachments').$type<readonly OutboxAttachment[]>().notNull().default([]),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: moment('sent_at'),
  },
  (t) => [
    check('outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    index('outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
  ],
);

export const inboundMessages = pgTable(
  'inbound_messages',
  {
    /** The Message-ID header: a message seen twice is handled once. */
    messageId: text('message_id').primaryKey(),
    receivedAt: moment('received_at').notNull().defaultNow(),
    fromAddress: text('from_address').notNull(),
    /** The game the message named — which need not exist, hence no foreign key. */
    gameId: text('game_id'),
    /** What became of it, e.g. `accepted`, `rejected`, `ignored-auto-reply`. */
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * SHA-256 of what the sender wrote (From, Date, Subject, text): a mail a relay gave a Message-ID of its own is
     * still recognised when it is delivered again with another. Null for mail recorded without it.
     */
    contentKey: text('content_key'),
  },
  (t) => [
    index('inbound_messages_game_idx').on(t.gameId, t.receivedAt),
    index('inbound_messages_content_idx').on(t.contentKey),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the record of what was done outlives whatever it was done to. */
    gameId: text('game_id'),
    /** Who acted: `moderator:<game>`, `cli`, `system`, or a seat. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_game_at_idx').on(t.gameId, t.at)],
);

/**
 * Secrets of the service itself, shared by every instance on this database:
 * `seat-tokens` is the key seat tokens are derived from (so the service can
 * put a seat's token in the Reply-To address of every mail it sends to it
 * without keeping the token).
 */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Magic links: a single-use secret mailed to an address, whose following
 * starts a web session for it. Only the SHA-256 of the secret is kept.
 */
export const loginTokens = pgTable(
  'login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The game the link opens after login (a report's link), if any. */
    gameId: text('game_id'),
    /** `login` (asked for on the login page), `report` (in a mail to a seat) or `observe` (confirms an observer). */
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    /** Set when the link is followed: it never works twice. */
    usedAt: moment('used_at'),
  },
  (t) => [
    index('login_tokens_email_created_idx').on(t.email, t.createdAt),
    index('login_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Web sessions: the cookie holds a random id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** Lower-cased: who is logged in. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [index('sessions_email_idx').on(t.email), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A person's calendar feed (`/calendar/<token>.ics`): one row per address. The token is derived from the service key,
 * the address and `issued_at` (secrets.ts `calendarToken`), so the home page can show it again; only its SHA-256 is
 * kept, for the feed's lookup. A new token (rotation) moves `issued_at` and replaces the hash: the old one stops.
 */
export const calendarTokens = pgTable(
  'calendar_tokens',
  {
    /** Lower-cased: whose seats the feed lists. */
    email: text('email').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    issuedAt: moment('issued_at').notNull(),
  },
  (t) => [uniqueIndex('calendar_tokens_hash_idx').on(t.tokenHash)],
);

/** Messages relayed between sides (MESSAGE <side>), as the game page lists them; never an address. */
export const sideMessages = pgTable(
  'side_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The turn open when it was sent. */
    turn: integer('turn').notNull(),
    fromSide: text('from_side').notNull(),
    /** The side it went to; PRESS_TO_ALL (`*`) for press, `MESSAGE ALL`, which went to every other seat. */
    toSide: text('to_side').notNull(),
    /** Grey press (`MESSAGE ALL ANONYMOUS`): its recipients are never told the sender's side or name. */
    anonymous: boolean('anonymous').notNull().default(false),
    text: text('text').notNull(),
    channel: text('channel').$type<SubmissionChannel>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('side_messages_game_idx').on(t.gameId, t.createdAt)],
);

/** The `to_side` of press: a message to every other seat of the game (`MESSAGE ALL`). */
export const PRESS_TO_ALL = '*';

export const ABSENCE_STATUSES = ['active', 'cancelled', 'refused'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];

/**
 * A seat's declared absence (`SET ABSENCE <from> TO <to>`): the days its player cannot play, read in the seat's time
 * zone, from the start of the first to the end of the last. A deadline that falls inside an active absence moves to
 * its end; `moved_turn` and `moved_from` keep the one it moved last, so that a refusal can put it back.
 */
export const absences = pgTable(
  'absences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    /** The first and last day as the player wrote them (YYYY-MM-DD, in the seat's time zone then). */
    firstDay: text('first_day').notNull(),
    lastDay: text('last_day').notNull(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    status: text('status').$type<AbsenceStatus>().notNull().default('active'),
    /** The turn whose deadline this absence moved, and the deadline before it moved. */
    movedTurn: integer('moved_turn'),
    movedFrom: moment('moved_from'),
    /** Why the moderator refused it. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('absences_status_check', oneOf(t.status, ABSENCE_STATUSES)),
    index('absences_game_idx').on(t.gameId, t.side),
  ],
);

/**
 * Observers of a game (njudge OBSERVE): addresses that confirmed, by a link mailed to them or signed in, that they
 * follow a game whose creator allows it. They are mailed what the public may see of each resolved turn and the end.
 */
export const observers = pgTable(
  'observers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Lower-cased, as seats store theirs. */
    email: text('email').notNull(),
    /** SHA-256 of the secret in the observer's stop link (derived from the service key and the row's id), hex. */
    stopHash: text('stop_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('observers_game_email_unique').on(t.gameId, t.email),
    index('observers_email_idx').on(t.email),
    uniqueIndex('observers_stop_hash_idx').on(t.stopHash),
  ],
);

export type Game = typeof games.$inferSelect;
export type NewGame = typeof games.$inferInsert;
export type Seat = typeof seats.$inferSelect;
export type NewSeat = typeof seats.$inferInsert;
export type Turn = typeof turns.$inferSelect;
export type NewTurn = typeof turns.$inferInsert;
export type Submission = typeof submissions.$inferSelect;
export type NewSubmission = typeof submissions.$inferInsert;
export type OutboxMessage = typeof outbox.$inferSelect;
export type NewOutboxMessage = typeof outbox.$inferInsert;
export type InboundMessage = typeof inboundMessages.$inferSelect;
export type NewInboundMessage = typeof inboundMessages.$inferInsert;
export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
export type LoginToken = typeof loginTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type CalendarToken = typeof calendarTokens.$inferSelect;
export type SideMessage = typeof sideMessages.$inferSelect;
export type Absence = typeof absences.$inferSelect;
export type Observer = typeof observers.$inferSelect;
export type Battle = typeof battles.$inferSelect;
export type SeatRequest = typeof seatRequests.$inferSelect;
