/**
 * The service key seat tokens are derived from: SECRET_KEY when the operator
 * sets one, else a random key made on first start and kept in the database, so
 * every instance on the same database shares it.
 */
import { randomBytes } from 'node:crypto';
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
