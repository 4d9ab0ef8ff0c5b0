/**
 * The moderators' pages in-process: creating a game on the web makes its
 * creator the moderator and invites the seats; the moderator's actions are
 * the moderation use cases, audited; everyone else is refused.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, games, outbox } from '../../../src/db/schema.ts';
import { databaseKinds } from '../../support/db.ts';
import { tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { duelForm, logIn, mailedLink, visitor, type Visitor } from '../pages-support.ts';

const MOD = 'mod@pbem.test';

describe.each(databaseKinds)('moderator pages on %s', (kind) => {
  let app: TestApp;
  let mod: Visitor;
  beforeEach(async () => {
    app = await startTestApp(kind);
    mod = visitor(app);
    await logIn(app, mod, MOD);
  });
  afterEach(() => app.close());

  const game = async (id: string) => (await app.database.db.select().from(games).where(eq(games.id, id)))[0]!;

  it('creating a game makes its creator the moderator, shows the key once and invites every seat', async () => {
    await mod.get('/games/new');
    const created = await mod.post('/games/new', duelForm('web-duel'));
    expect(created.status).toBe(201);
    expect(created.text).toMatch(/<pre class="key">[A-Za-z0-9_-]{32}<\/pre>/);
    expect((await game('web-duel')).moderatorEmail).toBe(MOD);
    const invites = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'invite'));
    expect(invites.map((m) => m.toAddress).sort()).toEqual(['alice@pbem.test', 'bob@pbem.test']);
    // The invitation logs its player straight into the seat.
    const alice = visitor(app);
    const link = await mailedLink(app, 'alice@pbem.test', 'invite');
    await alice.get(link);
    const opened = await alice.post(link);
    expect([opened.status, opened.location]).toEqual([303, '/games/web-duel']);
    expect((await alice.get('/games/web-duel')).text).toContain('you play <strong>Black</strong>');
    expect((await mod.get('/')).text).toContain('href="/games/web-duel/moderate"');
  });

  it('a form with mistakes comes back with every problem and what was typed', async () => {
    await mod.get('/games/new');
    const r = await mod.post('/games/new', { ...duelForm('x'), seatSide: ['black', 'black', '', ''] });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.text).toContain('a game id is 2–40 lowercase letters');
    expect(r.text).toContain('value="Web duel"');
  });

  it('the moderator extends the deadline, pauses, resumes, resolves and rolls back, each audited with its reason', async () => {
    await mod.get('/games/new');
    await mod.post('/games/new', duelForm('run'));
    await mod.get('/games/run/moderate');
    const before = (await app.database.db.select().from(games).where(eq(games.id, 'run')))[0]!;
    expect(before.status).toBe('active');
    for (const [action, fields] of [
      ['deadline', { extendHours: '24', reason: 'holiday' }],
      ['pause', { reason: 'away' }],
      ['resume', {}],
      ['resolve', {}],
      ['rollback', { reason: 'mistake' }],
    ] as const) {
      const r = await mod.post(`/games/run/moderate/${action}`, fields);
      expect([action, r.status, r.location]).toEqual([action, 303, `/games/run/moderate?done=${action}`]);
    }
    const log = await app.database.db.select().from(auditLog).where(eq(auditLog.gameId, 'run'));
    const byWeb = log.filter((a) => a.actor === `moderator:web:${MOD}`);
    expect(byWeb.map((a) => a.action)).toEqual(['deadline', 'pause', 'resume', 'resolve', 'rollback']);
    expect(byWeb.find((a) => a.action === 'deadline')?.reason).toBe('holiday');
    const board = await mod.get('/games/run/moderate');
    expect(board.text).toContain('turn 1 (open)');
    expect(board.text).toContain('mistake');
  });

  it('a refused action comes back on the board with its reason', async () => {
    await mod.get('/games/new');
    await mod.post('/games/new', duelForm('refuse'));
    await mod.get('/games/refuse/moderate');
    const r = await mod.post('/games/refuse/moderate/rollback', {});
    expect(r.status).toBe(409);
    expect(r.text).toContain('has no resolved turn yet');
    const past = await mod.post('/games/refuse/moderate/deadline', { deadline: '2000-01-01T00:00' });
    expect(past.status).toBe(422);
    expect(past.text).toContain('the new deadline is in the past');
  });

  it('refuses the moderator pages and actions to anyone but the moderator', async () => {
    await tutorialDuel(app.ctx, { id: 'theirs' });
    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    const page = await alice.get('/games/theirs/moderate');
    expect(page.status).toBe(403);
    expect(page.text).toContain('Not your game to moderate');
    for (const action of ['pause', 'resolve', 'rollback', 'end']) {
      const r = await alice.post(`/games/theirs/moderate/${action}`, { how: 'abandon' });
      expect([action, r.status]).toEqual([action, 403]);
    }
    expect((await game('theirs')).status).toBe('active');
    // Not logged in: the login page.
    const stranger = visitor(app);
    expect((await stranger.get('/games/theirs/moderate')).status).toBe(401);
    await stranger.get('/login');
    expect((await stranger.post('/games/theirs/moderate/pause', {})).status).toBe(401);
    expect((await game('theirs')).status).toBe('active');
  });

  it('the holder of the moderator key can take the game over to their address, audited', async () => {
    const { moderatorToken } = await tutorialDuel(app.ctx, { id: 'keyed' });
    await mod.get('/games/keyed/moderate');
    const wrong = await mod.post('/games/keyed/moderate/claim', { key: 'not-the-key' });
    expect(wrong.status).toBe(401);
    const right = await mod.post('/games/keyed/moderate/claim', { key: moderatorToken });
    expect(right.status).toBe(303);
    expect((await game('keyed')).moderatorEmail).toBe(MOD);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gameId, 'keyed'), eq(auditLog.action, 'moderator-email')));
    expect(entry?.details).toMatchObject({ to: MOD });
  });

  it('CREATE_GAMES=listed lets only the listed addresses create games', async () => {
    await app.close();
    app = await startTestApp(kind, { settings: { createGames: 'listed', moderatorEmails: ['boss@pbem.test'] } });
    const someone = visitor(app);
    await logIn(app, someone, MOD);
    expect((await someone.get('/games/new')).status).toBe(403);
    expect((await someone.post('/games/new', duelForm('nope'))).status).toBe(403);
    const boss = visitor(app);
    await logIn(app, boss, 'boss@pbem.test');
    expect((await boss.get('/games/new')).status).toBe(200);
  });
});
