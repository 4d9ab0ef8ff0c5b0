/**
 * The lobby and join pages in-process: a game created on the web with a side left open is listed publicly (its
 * kind, scenario, sides, deadlines and rules, never an address), a logged-in player takes the side from its join page
 * (CSRF-checked), the link a JOIN mail is answered with leads there, and with approval the creator approves or refuses
 * on the moderator page. The pages of a game still waiting for a side load.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, seats } from '../../../src/db/schema.ts';
import { createGameAndInvite } from '../../../src/games/games/create.ts';
import { LOBBY_PAGE_SIZE, listOpenGames } from '../../../src/games/seats/lobby.ts';
import { handleInboundMail } from '../../../src/mail/inbound.ts';
import { OPEN_GAME_CASES, openGameInput } from '../../support/lobby.ts';
import { orderMail, PLAIN_ADDRESS } from '../../mail/support.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { duelForm, logIn, mailedLink, visitor, type Visitor } from '../pages-support.ts';

const MOD = 'mod@pbem.test';
const CREATOR = 'creator@pbem.test';

describe('the lobby and join pages', () => {
  let app: TestApp;
  let mod: Visitor;
  beforeAll(async () => {
    app = await startTestApp('pglite');
    mod = visitor(app);
    await logIn(app, mod, MOD);
    for (const c of OPEN_GAME_CASES)
      await createGameAndInvite(app.ctx, openGameInput(c, `lobby-${c.ruleset}`, CREATOR), 'test', {
        moderatorEmail: CREATOR,
      });
  });
  afterAll(() => app.close());

  const seatOf = async (gameId: string, side: string) =>
    (
      await app.database.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, gameId), eq(seats.side, side)))
    )[0];

  it('a game created on the web with a side left open is listed in the public lobby, with its rules and no address', async () => {
    await mod.get('/games/new');
    const form = duelForm('web-open');
    const created = await mod.post('/games/new', {
      ...form,
      seatWho: ['invite', 'open', 'invite', 'invite'],
      seatEmail: ['alice@pbem.test', '', '', ''],
      seatName: ['Alice', '', '', ''],
      joinApproval: 'yes',
    });
    expect(created.status).toBe(201);
    expect(created.text).toContain('grey: open');

    const page = await visitor(app).get('/lobby');
    expect(page.status).toBe(200);
    for (const c of OPEN_GAME_CASES) expect(page.text).toContain(`href="/games/lobby-${c.ruleset}/join"`);
    expect(page.text).toContain('href="/games/web-open/join"');
    expect(page.text).toContain('scenario tutorial-duel');
    expect(page.text).toContain('48 h a turn');
    expect(page.text).toContain('the creator approves each player');
    expect(page.text).toContain('missed-turn limit: 3 in a row');
    expect(page.text).not.toContain('@');
    // Linked from the home page, for visitors and players alike.
    expect((await visitor(app).get('/')).text).toContain('href="/lobby"');
    expect((await mod.get('/')).text).toContain('href="/lobby"');
  });

  it.each(OPEN_GAME_CASES)('$ruleset: a logged-in player takes the open side from its join page', async (c) => {
    const id = `lobby-${c.ruleset}`;
    // The moderator page and the game page of a game waiting for a side.
    const creator = visitor(app);
    await logIn(app, creator, CREATOR);
    const board = await creator.get(`/games/${id}/moderate`);
    expect(board.status).toBe(200);
    expect(board.text).toContain('Open sides');
    expect((await creator.get(`/games/${id}`)).status).toBe(200);
    // Its seated player's home page says what it waits for.
    const home = await creator.get('/');
    expect(home.text).toContain(`waiting for a player to take ${c.open} (the lobby)`);

    const anon = await visitor(app).get(`/games/${id}/join`);
    expect(anon.status).toBe(401);
    const ann = visitor(app);
    const email = `ann-${c.ruleset}@pbem.test`;
    await logIn(app, ann, email);
    const page = await ann.get(`/games/${id}/join`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="side" value="${c.open}" checked`);
    // Without the form's CSRF token nothing is taken.
    const forged = await ann.post(`/games/${id}/join`, { side: c.open, name: 'Ann' }, { csrf: null });
    expect(forged.status).toBe(403);
    expect(await seatOf(id, c.open)).toBeUndefined();
    const taken = await ann.post(`/games/${id}/join`, { side: c.open, name: 'Ann', timeZone: 'Europe/Paris' });
    expect(taken.status).toBe(201);
    expect(taken.text).toContain('is yours');
    expect(await seatOf(id, c.open)).toMatchObject({ email, displayName: 'Ann', timeZone: 'Europe/Paris' });
    const invite = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'invite')));
    expect(invite).toHaveLength(1);
    // Taken: the game leaves the lobby, and a second taker is told why.
    expect((await visitor(app).get('/lobby')).text).not.toContain(`/games/${id}/join`);
    const bob = visitor(app);
    await logIn(app, bob, `bob-${c.ruleset}@pbem.test`);
    const late = await bob.get(`/games/${id}/join`);
    expect(late.text).toContain('NO_OPEN_SEAT');
    await bob.post(`/games/${id}/join`, { side: c.open, name: 'Bob' }).then((r) => expect(r.status).toBe(409));
  });

  it('a JOIN mail’s link logs its address in on the join page; with approval, the creator approves on the board', async () => {
    const carl = 'carl@pbem.test';
    await handleInboundMail(app.ctx, await orderMail(carl, PLAIN_ADDRESS, 'JOIN web-open grey\n'));
    const link = await mailedLink(app, carl, 'join');
    const v = visitor(app);
    expect((await v.get(link)).status).toBe(200);
    const in_ = await v.post(link);
    expect([in_.status, in_.location]).toEqual([303, '/games/web-open/join']);
    expect((await v.get('/games/web-open/join')).text).toContain('Ask to take this side');
    const asked = await v.post('/games/web-open/join', { side: 'grey', name: 'Carl' });
    expect(asked.status).toBe(202);
    expect(asked.text).toContain('went to the game');
    expect(await seatOf('web-open', 'grey')).toBeUndefined();

    const board = await mod.get('/games/web-open/moderate');
    expect(board.text).toContain('Carl');
    const request = /name="request" value="(\d+)"/.exec(board.text)![1]!;
    const approved = await mod.post('/games/web-open/moderate/approve', { request });
    expect([approved.status, approved.location]).toEqual([303, '/games/web-open/moderate?done=approve']);
    expect(await seatOf('web-open', 'grey')).toMatchObject({ email: carl, displayName: 'Carl' });
    expect(await mailedLink(app, carl, 'invite')).toMatch(/^\/login\//);
    // Someone else's game cannot be approved from: the board refuses who does not moderate it.
    const stranger = visitor(app);
    await logIn(app, stranger, 'stranger@pbem.test');
    expect((await stranger.post('/games/web-open/moderate/refuse', { request })).status).toBe(403);
  });

  it('a player withdraws the request they have waiting from the join page: the creator is told, the board drops it', async () => {
    await mod.get('/games/new');
    const created = await mod.post('/games/new', {
      ...duelForm('web-withdraw'),
      seatWho: ['invite', 'open', 'invite', 'invite'],
      seatEmail: ['alice@pbem.test', '', '', ''],
      seatName: ['Alice', '', '', ''],
      joinApproval: 'yes',
    });
    expect(created.status).toBe(201);
    const dana = visitor(app);
    await logIn(app, dana, 'dana@pbem.test');
    expect((await dana.post('/games/web-withdraw/join', { side: 'grey', name: 'Dana' })).status).toBe(202);
    const board = async () => (await mod.get('/games/web-withdraw/moderate')).text;
    expect(await board()).toMatch(/name="request" value="\d+"/);
    // The join page says the request waits, and offers to withdraw it instead of asking again.
    const page = await dana.get('/games/web-withdraw/join');
    expect(page.text).toContain('waits for the game');
    expect(page.text).toContain('action="/games/web-withdraw/join/withdraw"');
    expect(page.text).not.toContain('Ask to take this side');
    // Not without the form's CSRF token.
    expect((await dana.post('/games/web-withdraw/join/withdraw', {}, { csrf: null })).status).toBe(403);
    expect(await board()).toMatch(/name="request" value="\d+"/);
    const withdrawn = await dana.post('/games/web-withdraw/join/withdraw', {});
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.text).toContain('is withdrawn');
    expect(withdrawn.text).toContain('Ask to take this side');
    expect(await board()).not.toMatch(/name="request" value="\d+"/);
    // The creator (the moderator who made it on the web) is told.
    const told = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, MOD), eq(outbox.gameId, 'web-withdraw')));
    expect(told.map((m) => m.subject)).toContain('[web-withdraw] Dana withdrew their request for Grey');
    // Twice: nothing is waiting any more.
    const again = await dana.post('/games/web-withdraw/join/withdraw', {});
    expect(again.status).toBe(404);
    expect(again.text).toContain('REQUEST_NOT_FOUND');
    expect(await seatOf('web-withdraw', 'grey')).toBeUndefined();
  });

  it('the lobby goes a page at a time, every open game on one page, and a game far down still has its join form', async () => {
    for (let i = 0; i < LOBBY_PAGE_SIZE; i++)
      await createGameAndInvite(app.ctx, openGameInput(OPEN_GAME_CASES[0]!, `paged-${i}`, CREATOR), 'test', {
        moderatorEmail: CREATOR,
      });
    const listed = (html: string) =>
      [...html.matchAll(/<a href="\/games\/([^/"]+)\/join"><strong>/g)].map((m) => m[1]!);
    const first = await visitor(app).get('/lobby');
    expect(first.text).toContain('href="/lobby?page=2" rel="next"');
    expect(first.text).not.toContain('rel="prev"');
    const second = await visitor(app).get('/lobby?page=2');
    expect(second.status).toBe(200);
    expect(second.text).toContain('href="/lobby?page=1" rel="prev"');
    const all = [...listed(first.text), ...listed(second.text)];
    expect(listed(first.text)).toHaveLength(LOBBY_PAGE_SIZE);
    expect(new Set(all).size).toBe(all.length);
    const open =
      (await listOpenGames(app.ctx, { page: 1 })).games.length +
      (await listOpenGames(app.ctx, { page: 2 })).games.length;
    expect(all).toHaveLength(open);
    // Past the end: an empty page that points back; a page that is not one is refused, naming the field.
    expect((await visitor(app).get('/lobby?page=40')).text).toContain('the first page');
    for (const bad of ['0', 'x', '1e9']) {
      const refused = await visitor(app).get(`/lobby?page=${bad}`);
      expect([refused.status, refused.text.includes('query.page:')]).toEqual([400, true]);
    }
    // The join page of a game on the second page still offers the side.
    const far = listed(second.text).at(-1)!;
    const eve = visitor(app);
    await logIn(app, eve, 'eve@pbem.test');
    expect((await eve.get(`/games/${far}/join`)).text).toMatch(/name="side" value="[a-z]+" checked/);
  });
});
