/**
 * Magic links and sessions (service.md: "Tokens carry at least 128 bits, are
 * stored hashed"; a login link works once and expires).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginTokens, seats as seatRows, sessions } from '../../src/db/schema.ts';
import { HOUR, MINUTE } from '../../src/games/clock.ts';
import { issueLoginToken, peekLoginToken, redeemLoginToken, seatLoginLink } from '../../src/games/logins/logins.ts';
import { sha256Hex } from '../../src/games/secrets.ts';
import { endSession, sessionEmail, SESSION_LIFE_MS, startSession } from '../../src/games/logins/sessions.ts';
import { TurnWorker } from '../../src/games/turns/worker.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';

describe.each(databaseKinds)('login links and sessions on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  it('the turn worker removes links a day past their expiry and ended sessions, at most once an hour', async () => {
    const { seats } = await tutorialDuel(ctx, { id: 'tidy' });
    const [seat] = await ctx.db.select().from(seatRows).where(eq(seatRows.side, 'black'));
    await ctx.db.transaction((tx) => seatLoginLink(ctx, tx, seat!));
    await startSession(ctx, 'ann@pbem.test');
    const worker = new TurnWorker(ctx, database, { pollMs: 60_000 });
    await worker.tidy();
    // Nothing has expired yet (the invitations' links included).
    expect((await ctx.db.select().from(loginTokens)).length).toBeGreaterThanOrEqual(1 + seats.length);
    expect(await ctx.db.select().from(sessions)).toHaveLength(1);
    // Eight days on, the 7-day links are a day past their expiry; the 30-day session still runs.
    ctx.clock.advanceBy(8 * 24 * HOUR + MINUTE);
    const fresh = await ctx.db.transaction((tx) => seatLoginLink(ctx, tx, seat!));
    await worker.tidy();
    const left = await ctx.db.select().from(loginTokens);
    expect(left.map((r) => r.tokenHash)).toEqual([sha256Hex(fresh.split('/').at(-1)!)]);
    expect(await ctx.db.select().from(sessions)).toHaveLength(1);
    // Within the hour a second call does not touch the table.
    ctx.clock.advanceBy(8 * 24 * HOUR);
    await worker.tidy();
    expect(await ctx.db.select().from(loginTokens)).toHaveLength(1);
    ctx.clock.advanceBy(HOUR);
    await worker.tidy();
    expect(await ctx.db.select().from(loginTokens)).toHaveLength(0);
    // Past its 30 days the session is gone too.
    ctx.clock.advanceBy(SESSION_LIFE_MS);
    await worker.tidy();
    expect(await ctx.db.select().from(sessions)).toHaveLength(0);
  });

  it('a link carries 256 bits, and only its hash is stored', async () => {
    const { token } = await ctx.db.transaction((tx) =>
      issueLoginToken(ctx, tx, { email: 'Ann@PBEM.test', purpose: 'login' }),
    );
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.db.select().from(loginTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.email).toBe('ann@pbem.test');
  });

  it('works once, even when followed twice at the same moment', async () => {
    const { token } = await ctx.db.transaction((tx) =>
      issueLoginToken(ctx, tx, { email: 'ann@pbem.test', purpose: 'login' }),
    );
    expect(await peekLoginToken(ctx, token)).toMatchObject({ email: 'ann@pbem.test' });
    const both = await Promise.all([redeemLoginToken(ctx, token), redeemLoginToken(ctx, token)]);
    expect(both.filter((r) => r !== null)).toHaveLength(1);
    expect(await peekLoginToken(ctx, token)).toBeNull();
    expect(await redeemLoginToken(ctx, 'x'.repeat(43))).toBeNull();
    expect(await redeemLoginToken(ctx, 'not a token')).toBeNull();
  });

  it('a login link lasts 15 minutes; a report link 7 days and opens its game', async () => {
    const { seats } = await tutorialDuel(ctx, { id: 'duel' });
    const login = await ctx.db.transaction((tx) =>
      issueLoginToken(ctx, tx, { email: 'ann@pbem.test', purpose: 'login' }),
    );
    const [seat] = await ctx.db.select().from(seatRows).where(eq(seatRows.side, 'black'));
    const link = await ctx.db.transaction((tx) => seatLoginLink(ctx, tx, seat!));
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/login\/[A-Za-z0-9_-]{43}$/);
    const reportToken = link.split('/').at(-1)!;
    ctx.clock.advanceBy(15 * MINUTE - 1000);
    expect(await peekLoginToken(ctx, login.token)).not.toBeNull();
    ctx.clock.advanceBy(2000);
    expect(await redeemLoginToken(ctx, login.token)).toBeNull();
    ctx.clock.advanceBy(7 * 24 * HOUR - 20 * MINUTE);
    expect(await redeemLoginToken(ctx, reportToken)).toEqual({ email: seat!.email, gameId: 'duel', purpose: 'report' });
    expect(seats.map((s) => s.email)).toContain(seat!.email);
  });

  it('a session id is stored hashed, lasts 30 days, and ends at logout', async () => {
    const s = await startSession(ctx, 'Ann@pbem.test');
    const [row] = await ctx.db.select().from(sessions);
    expect(row!.idHash).toBe(sha256Hex(s.id));
    expect(await sessionEmail(ctx, s.id)).toBe('ann@pbem.test');
    ctx.clock.advanceBy(SESSION_LIFE_MS + 1);
    expect(await sessionEmail(ctx, s.id)).toBeNull();
    const t = await startSession(ctx, 'bo@pbem.test');
    await endSession(ctx, t.id);
    expect(await sessionEmail(ctx, t.id)).toBeNull();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.email, 'bo@pbem.test'))).toHaveLength(0);
  });
});
