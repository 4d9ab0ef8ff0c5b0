/**
 * Magic links (service.md "Who may do what"): a person is an email address,
 * and proves it by following a link mailed to it. The link carries a secret
 * of 256 bits; only its SHA-256 is stored, it expires, and it works once.
 *
 * Two kinds: a link asked for on the login page (15 minutes), and the link in
 * a mail to a seat, which opens that seat's game (7 days: a report is read
 * days after it is sent). Following either starts a web session (sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { loginTokens, type Seat } from '../../db/schema.ts';
import { HOUR, MINUTE } from '../clock.ts';
import type { GamesContext, Tx } from '../context.ts';
import { sha256Hex } from '../secrets.ts';

const LOGIN_LINK_LIFE_MS = 15 * MINUTE;
const REPORT_LINK_LIFE_MS = 7 * 24 * HOUR;

/** Login links one address may be sent per hour; more asks are answered the same way but send nothing. */
export const LOGIN_LINKS_PER_HOUR = 5;

/**
 * `observe`: the link that confirms an address asking to observe a game (games/observers/observers.ts). `join`: the
 * link a JOIN mail is answered with; following it confirms the address and opens the game's join page.
 */
export type LoginPurpose = 'login' | 'report' | 'observe' | 'join';

/** The shape of a link's secret: 43 base64url characters (256 bits). */
const LOGIN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface NewLoginToken {
  readonly token: string;
  readonly expiresAt: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The web address that follows a link. */
export function loginUrl(ctx: Pick<GamesContext, 'publicUrl'>, token: string): string {
  return `${ctx.publicUrl}/login/${token}`;
}

/** A new single-use login secret for `email` and the row that stores it hashed, not yet written (mintLoginToken). */
export function mintLoginToken(
  ctx: Pick<GamesContext, 'clock'>,
  m: { email: string; purpose: LoginPurpose; gameId?: string | null; lifeMs?: number },
): NewLoginToken & { readonly row: typeof loginTokens.$inferInsert } {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(
    now.getTime() + (m.lifeMs ?? (m.purpose === 'report' ? REPORT_LINK_LIFE_MS : LOGIN_LINK_LIFE_MS)),
  );
  const row = {
    tokenHash: sha256Hex(token),
    email: normalizeEmail(m.email),
    gameId: m.gameId ?? null,
    purpose: m.purpose,
    createdAt: now,
    expiresAt,
  };
  return { token, expiresAt, row };
}

/** A new single-use login secret for `email`, stored hashed. */
export async function issueLoginToken(
  ctx: GamesContext,
  tx: Tx,
  m: { email: string; purpose: LoginPurpose; gameId?: string | null; lifeMs?: number },
): Promise<NewLoginToken> {
  const { token, expiresAt, row } = mintLoginToken(ctx, m);
  await tx.insert(loginTokens).values(row);
  return { token, expiresAt };
}

/**
 * The link for a mail to a seat: following it logs the seat's player in and
 * opens the game (`seatLoginLink(ctx, tx, seat)` in the turn report). Written
 * in the caller's transaction, so a report that is not sent leaves no link.
 */
export async function seatLoginLink(ctx: GamesContext, tx: Tx, seat: Pick<Seat, 'email' | 'gameId'>): Promise<string> {
  const { token } = await issueLoginToken(ctx, tx, { email: seat.email, purpose: 'report', gameId: seat.gameId });
  return loginUrl(ctx, token);
}

/** How many login links (asked for on the login page, or by a JOIN mail) `email` was sent in the last hour. */
export async function recentLoginLinks(ctx: GamesContext, email: string): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - HOUR);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(loginTokens)
    .where(
      and(
        eq(loginTokens.email, normalizeEmail(email)),
        inArray(loginTokens.purpose, ['login', 'join']),
        gt(loginTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export interface LoginLinkInfo {
  readonly email: string;
  readonly gameId: string | null;
  readonly purpose: LoginPurpose;
}

function wellFormed(token: string): boolean {
  return LOGIN_TOKEN_PATTERN.test(token);
}

/**
 * What a link would log in as, without using it up (the confirmation page); null when it is unknown, used or expired.
 */
export async function peekLoginToken(ctx: GamesContext, token: string): Promise<LoginLinkInfo | null> {
  if (!wellFormed(token)) return null;
  const [row] = await ctx.db
    .select()
    .from(loginTokens)
    .where(
      and(
        eq(loginTokens.tokenHash, sha256Hex(token)),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, ctx.clock.now()),
      ),
    );
  return row ? { email: row.email, gameId: row.gameId, purpose: row.purpose as LoginPurpose } : null;
}

/**
 * Uses a link up: one statement marks it used only if it is unused and
 * unexpired, so two clicks at once log in once. Null when it does not work.
 */
export async function redeemLoginToken(ctx: GamesContext, token: string): Promise<LoginLinkInfo | null> {
  if (!wellFormed(token)) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(and(eq(loginTokens.tokenHash, sha256Hex(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now)))
    .returning();
  return row ? { email: row.email, gameId: row.gameId, purpose: row.purpose as LoginPurpose } : null;
}

/** Removes links that expired more than a day ago (kept that long so the rate limit can count them). */
export async function pruneLoginTokens(ctx: GamesContext): Promise<void> {
  await ctx.db.delete(loginTokens).where(lt(loginTokens.expiresAt, new Date(ctx.clock.now().getTime() - 24 * HOUR)));
}
