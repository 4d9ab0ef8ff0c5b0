/**
 * Who may create games, and how many: the API's POST /api/games follows the web's new-game page — a person logged in
 * on the web, allowed by CREATE_GAMES, at most RATE_LIMIT_GAMES games an hour counted across both (429 with
 * Retry-After and what to do).
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { games, outbox } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/db.ts';
import { duelBody, startTestApp, type TestApp } from './support.ts';
import { duelForm, logIn, mailedLink, visitor, type Visitor } from './pages-support.ts';

const MOD = 'mod@pbem.test';

/** The API call with the visitor's web session, as a program of the logged-in person would send it. */
const asVisitor = (v: Visitor) => ({
  anonymous: true,
  headers: { cookie: `msc_session=${v.cookies.get('msc_session')}` },
});

describe.each(databaseKinds)('creating games on the web and over the API on %s', (kind) => {
  let app: TestApp;
  afterEach(() => app.close());

  it('the API needs a login, as the web does: an anonymous creation is refused and mails nobody', async () => {
    app = await startTestApp(kind);
    const r = await app.call('POST', '/api/games', { body: duelBody('anon'), anonymous: true });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('LOGIN_NEEDED');
    expect(r.body.error.message).toContain('/login');
    expect(await app.database.db.select().from(games)).toHaveLength(0);
    expect(await app.database.db.select().from(outbox)).toHaveLength(0);

    const mod = visitor(app);
    await logIn(app, mod, MOD);
    const created = await app.call('POST', '/api/games', { body: duelBody('logged-in'), ...asVisitor(mod) });
    expect(created.status).toBe(201);
    // Its creator moderates it, as on the web.
    expect((await app.database.db.select().from(games).where(eq(games.id, 'logged-in')))[0]!.moderatorEmail).toBe(MOD);
  });

  it('the game page shows a seat invited, not joined yet, until its player follows the invitation', async () => {
    app = await startTestApp(kind);
    const mod = visitor(app);
    await logIn(app, mod, MOD);
    await mod.get('/games/new');
    expect((await mod.post('/games/new', duelForm('web-duel'))).status).toBe(201);
    const board = await mod.get('/games/web-duel/moderate');
    expect(board.text.match(/invited, not joined yet/g)).toHaveLength(2);
    const alice = visitor(app);
    const link = await mailedLink(app, 'alice@pbem.test', 'invite');
    await alice.get(link);
    await alice.post(link);
    const page = await alice.get('/games/web-duel');
    // Bob has not joined; Alice has.
    expect(page.text.match(/invited, not joined yet/g)).toHaveLength(1);
    expect((await mod.get('/games/web-duel/moderate')).text.match(/invited, not joined yet/g)).toHaveLength(1);
  });

  it('the API follows CREATE_GAMES: with listed, only the listed addresses create', async () => {
    app = await startTestApp(kind, { settings: { createGames: 'listed', moderatorEmails: ['boss@pbem.test'] } });
    const someone = visitor(app);
    await logIn(app, someone, 'someone@pbem.test');
    const refused = await app.call('POST', '/api/games', { body: duelBody('nope'), ...asVisitor(someone) });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'MAY_NOT_CREATE']);
    const boss = visitor(app);
    await logIn(app, boss, 'boss@pbem.test');
    expect((await app.call('POST', '/api/games', { body: duelBody('yes'), ...asVisitor(boss) })).status).toBe(201);
  });

  it('one limit for both: a burst of creations is refused after RATE_LIMIT_GAMES, with Retry-After', async () => {
    app = await startTestApp(kind, { ctx: (ctx) => ({ ...ctx, limits: { gamesPerHour: 2, invitationsPerHour: 0 } }) });
    const mod = visitor(app);
    await logIn(app, mod, MOD);
    await mod.get('/games/new');
    expect((await mod.post('/games/new', duelForm('web-1'))).status).toBe(201);
    expect((await app.call('POST', '/api/games', { body: duelBody('api-1'), ...asVisitor(mod) })).status).toBe(201);

    const api = await app.call('POST', '/api/games', { body: duelBody('api-2'), ...asVisitor(mod) });
    expect(api.status).toBe(429);
    expect(api.headers.get('retry-after')).toBe('3600');
    expect(api.body.error).toMatchObject({ code: 'GAMES_LIMITED' });
    expect(api.body.error.message).toContain('create the next in 60 minutes');

    await mod.get('/games/new');
    const web = await mod.post('/games/new', duelForm('web-2'));
    expect(web.status).toBe(429);
    expect(web.headers.get('retry-after')).toBe('3600');
    expect(web.text).toContain('create the next in 60 minutes');
    expect((await app.database.db.select().from(games)).map((g) => g.id).sort()).toEqual(['api-1', 'web-1']);
  });
});
