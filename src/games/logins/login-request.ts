/**
 * Asking for a login link, the use case behind the login page: the same
 * answer whether or not the address has a seat (nothing to enumerate), at
 * most LOGIN_LINKS_PER_HOUR links an address an hour (counted in the
 * database), and old links and ended sessions tidied away on the way.
 */
import { z } from 'zod';
import type { GamesContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { queueLoginMail } from '../seats/invitations.ts';
import { LOGIN_LINKS_PER_HOUR, normalizeEmail, pruneLoginTokens, recentLoginLinks } from './logins.ts';
import { pruneSessions } from './sessions.ts';

const loginRequestSchema = z.object({ email: z.email().max(254) });

export interface LoginRequest {
  /** The address, lower-cased. */
  readonly email: string;
  /** False when the address asked too often this hour: nothing was sent (the person is told the same). */
  readonly sent: boolean;
}

/** BAD_EMAIL (400) for anything that is not an email address. */
export async function requestLoginLink(ctx: GamesContext, raw: unknown): Promise<LoginRequest> {
  const parsed = loginRequestSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('BAD_EMAIL', 'that is not an email address: write it as name@example.org');
  const email = normalizeEmail(parsed.data.email);
  // Logins are rare enough to tidy up after: old links and ended sessions go (both indexed by expiry).
  await pruneLoginTokens(ctx);
  await pruneSessions(ctx);
  if ((await recentLoginLinks(ctx, email)) >= LOGIN_LINKS_PER_HOUR) {
    ctx.logger?.warn({ module: 'web' }, 'login link not sent: the address asked too often');
    return { email, sent: false };
  }
  await ctx.db.transaction((tx) => queueLoginMail({ ...ctx, db: tx }, tx, email));
  return { email, sent: true };
}
