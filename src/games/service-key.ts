/**
 * The service key seat tokens are derived from: SECRET_KEY when the operator
 * sets one, else a random key made on first start and kept in the database, so
 * every instance on the same database shares it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * The tag that proves a bounce answers one of the service's own mails (outbox row `outboxId`): an HMAC of the row's id
 * with the service key, 128 bits in hex (a mail system may change the case of an address's local part). It goes in
 * the envelope sender of the mail, `orders+bounce.<id>.<tag>@<mail domain>` (VERP), where bounces are sent; nobody
 * without the key can write another row's.
 */
export function bounceTag(serviceKey: Buffer, outboxId: number): string {
  return createHmac('sha256', serviceKey).update(`msc-bounce:${outboxId}`).digest('hex').slice(0, 32);
}

/** The envelope sender of outbox row `outboxId`'s mail: its bounces come back to it (bounceTag). */
export function bounceAddress(serviceKey: Buffer, mailDomain: string, outboxId: number): string {
  return `orders+bounce.${outboxId}.${bounceTag(serviceKey, outboxId)}@${mailDomain}`;
}

/** The outbox row a bounce address names, when its tag is right; null for any other address. */
export function outboxOfBounceAddress(serviceKey: Buffer, mailDomain: string, address: string): number | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== mailDomain.toLowerCase()) return null;
  const m = /^orders\+bounce\.(\d{1,15})\.([0-9a-f]{32})$/i.exec(address.slice(0, at));
  if (!m) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(bounceTag(serviceKey, id), 'utf8');
  const given = Buffer.from(m[2]!.toLowerCase(), 'utf8');
  return timingSafeEqual(expected, given) ? id : null;
}
