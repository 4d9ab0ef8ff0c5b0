/**
 * Seat tokens, calendar tokens, moderator keys and dice seeds: at least 128 bits of randomness,
 * stored only as SHA-256 hashes, compared in constant time.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 192 random bits, URL- and mail-address-safe (base64url, 32 characters). */
export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** A new dice seed: 128 random bits as 32 hex digits. */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `hash`, in time that does not depend on where they differ. */
export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(sha256Hex(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A seat's token, derived from the service key, the seat and when its token
 * was issued: 192 bits the service can recompute for every mail it sends the
 * seat (its Reply-To address carries it) without storing it. Only its hash is
 * kept, for lookup; issuing a new one (rotation) changes `issuedAt`.
 */
export function seatToken(serviceKey: Buffer, seatId: string, issuedAt: Date): string {
  return createHmac('sha256', serviceKey)
    .update(`seat-token:${seatId}:${issuedAt.toISOString()}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

/**
 * A person's calendar token (the feed `/calendar/<token>.ics`), derived like a
 * seat's from the service key, the address and when it was issued: 192 bits
 * the home page can show again without storing them. Only its hash is kept;
 * a new one (rotation) changes `issuedAt`.
 */
export function calendarToken(serviceKey: Buffer, email: string, issuedAt: Date): string {
  return createHmac('sha256', serviceKey)
    .update(`calendar-token:${email}:${issuedAt.toISOString()}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

/**
 * The key that opens the whole local mailbox (zero-setup mode): derived from
 * the service key, so it stays the same across restarts without being stored,
 * and printed by `npm start` in the mailbox's URL. Its 192 bits are what no
 * reverse proxy can supply, unlike a loopback address and host name.
 */
export function localMailboxKey(serviceKey: Buffer): string {
  return createHmac('sha256', serviceKey).update('local-mailbox').digest().subarray(0, 24).toString('base64url');
}

/** Whether `given` is `expected`, in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(sha256Hex(given), 'hex');
  const b = Buffer.from(sha256Hex(expected), 'hex');
  return timingSafeEqual(a, b);
}
