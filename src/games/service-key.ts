/**
 * The service key seat tokens are derived from: SECRET_KEY when the operator
 * sets one, else a random key made on first start and kept in the database, so
 * every instance on the same database shares it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.ts';
import { serviceSecrets } from '../db/schema.ts';

const NAME = 'seat-tokens';

export async function loadServiceKey(db: AppDatabase, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insert(serviceSecrets)
    .values({ name: NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serviceSecrets).where(eq(serviceSecrets.name, NAME));
  return Buffer.from(row!.value, 'base64');
}

/**
 * The operator's key: what `msc game create` sends to the server holding the embedded database to create a game as
 * the operator (without a web login). The server records it in the data directory's lock, which only whoever can
 * read that directory sees.
 */
export function operatorKey(serviceKey: Buffer): string {
  return createHmac('sha256', serviceKey).update('msc-operator').digest('base64url');
}
