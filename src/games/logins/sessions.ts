/**
 * Web sessions: a random id of 256 bits in an http-only cookie; the table
 * keeps only its SHA-256, the address it logs in, and when it ends. A new id
 * at every login (no fixation); logging out deletes the row.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { sessions } from '../../db/schema.ts';
import { HOUR } from '../clock.ts';
import type { GamesContext } from '../context.ts';
import { normalizeEmail } from './logins.ts';
import { sha256Hex } from '../secrets.ts';

export const SESSION_LIFE_MS = 30 * 24 * HOUR;

/** The shape of a session id: 43 base64url characters. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface NewSession {
  readonly id: string;
  readonly expiresAt: Date;
}

export async function startSession(ctx: GamesContext, email: string): Promise<NewSession> {
  const id = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_LIFE_MS);
  await ctx.db
    .insert(sessions)
    .values({ idHash: sha256Hex(id), email: normalizeEmail(email), createdAt: now, expiresAt });
  return { id, expiresAt };
}

/** Who a session id logs in; null for an unknown, ended or expired one. */
export async function sessionEmail(ctx: GamesContext, id: string): Promise<string | null> {
  if (!SESSION_ID_PATTERN.test(id)) return null;
  const [row] = await ctx.db
    .select({ email: sessions.email })
    .from(sessions)
    .where(and(eq(sessions.idHash, sha256Hex(id)), gt(sessions.expiresAt, ctx.clock.now())));
  return row?.email ?? null;
}

export async function endSession(ctx: GamesContext, id: string): Promise<void> {
  if (!SESSION_ID_PATTERN.test(id)) return;
  await ctx.db.delete(sessions).where(eq(sessions.idHash, sha256Hex(id)));
}

export async function pruneSessions(ctx: GamesContext): Promise<void> {
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, ctx.clock.now()));
}
