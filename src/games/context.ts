/** What every use case is given: the database, the clock, and where the service is reached. */
import type { AppDatabase, AppTransaction } from '../db/client.ts';
import type { MailComposer } from './outbox/mail-port.ts';
import type { Logger } from '../log.ts';
import type { Clock } from './clock.ts';

export interface ServiceHooks {
  /**
   * Called inside a turn's resolution transaction, after the results are
   * computed and before they are written. Tests use it to stop a worker in the
   * middle of a resolution; production leaves it unset.
   */
  insideResolution?: (gameId: string, turn: number) => Promise<void>;
}

export interface GamesContext {
  readonly db: AppDatabase;
  readonly clock: Clock;
  readonly logger?: Logger;
  /** Base URL of the web pages, for links in mails. */
  readonly publicUrl: string;
  /** Domain of the service's own mail addresses (orders+TOKEN@domain). */
  readonly mailDomain: string;
  /** The key seat tokens are derived from (service-key.ts). */
  readonly serviceKey: Buffer;
  readonly hooks?: ServiceHooks;
  /** Writes the mail the use cases queue (the mail channel's templates, mail/compose.ts). */
  readonly mail: MailComposer;
  /** Limits on creating games, inviting addresses and relaying messages (absent or 0: no limit). */
  readonly limits?: CreationLimits;
}

export interface CreationLimits {
  /** Games one creator's address may create per hour (RATE_LIMIT_GAMES). */
  readonly gamesPerHour: number;
  /** Invitations one address may be sent per hour, across every game (RATE_LIMIT_INVITATIONS). */
  readonly invitationsPerHour: number;
  /**
   * Messages one seat may send to other sides per hour, whatever the channel — mail, the web's message and orders
   * forms, the API, the command line (RATE_LIMIT_MESSAGES).
   */
  readonly messagesPerHour?: number;
}

export type Tx = AppTransaction | AppDatabase;

/** The database handles, for the composition roots and the transports that are given one. */
export type { AppDatabase, Database, DatabaseKind } from '../db/client.ts';

/** The channel the service wakes its workers on when a turn falls due. */
export const TURN_DUE_CHANNEL = 'msc_turn_due';
