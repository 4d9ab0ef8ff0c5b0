/** Whether the database answers: the health check of every process that uses it. */
import { sql } from 'drizzle-orm';
import type { Tx } from './context.ts';

/** How a database outage shows to the channels: which errors mean it, and when to ask the client to try again. */
export { isDatabaseUnavailable, RETRY_AFTER_S } from '../db/errors.ts';

/** Resolves when the database answers a trivial query; rejects with its error when it does not. */
export async function pingDatabase(db: Tx): Promise<void> {
  await db.execute(sql`select 1`);
}
