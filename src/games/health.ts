/** Whether the database answers: the health check of every process that uses it. */
import { sql } from 'drizzle-orm';
import type { Tx } from './context.ts';

/** Resolves when the database answers a trivial query; rejects with its error when it does not. */
export async function pingDatabase(db: Tx): Promise<void> {
  await db.execute(sql`select 1`);
}
