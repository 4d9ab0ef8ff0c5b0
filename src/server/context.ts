/**
 * The games context of a running service: its database, the real clock (or a
 * test's), its logger, the addresses players reach it at, and the key seat
 * tokens are derived from, and the mail templates the use cases write with. The
 * server and the command line build it the same way.
 */
import type { Config } from '../config/config.ts';
import type { Database } from './database.ts';
import { systemClock, type Clock } from '../games/clock.ts';
import type { GamesContext, ServiceHooks } from '../games/context.ts';
import { loadServiceKey } from '../games/service-key.ts';
import { mailComposer } from '../mail/compose.ts';
import type { Logger } from '../log.ts';

export interface ContextOptions {
  readonly clock?: Clock;
  readonly hooks?: ServiceHooks;
  readonly logger?: Logger;
}

/** Builds the context; the service key comes from SECRET_KEY or the database (service-key.ts). */
export async function createGamesContext(
  config: Pick<Config, 'publicUrl' | 'mailDomain'> &
    Partial<Pick<Config, 'rateLimitGames' | 'rateLimitInvitations' | 'rateLimitMessages'>> & {
      secretKey?: string | undefined;
    },
  database: Pick<Database, 'db'>,
  { clock = systemClock, hooks, logger }: ContextOptions = {},
): Promise<GamesContext> {
  return {
    db: database.db,
    clock,
    serviceKey: await loadServiceKey(database.db, config.secretKey),
    publicUrl: config.publicUrl,
    mailDomain: config.mailDomain,
    mail: mailComposer,
    limits: {
      gamesPerHour: config.rateLimitGames ?? 0,
      invitationsPerHour: config.rateLimitInvitations ?? 0,
      messagesPerHour: config.rateLimitMessages ?? 0,
    },
    ...(logger ? { logger } : {}),
    ...(hooks ? { hooks } : {}),
  };
}
