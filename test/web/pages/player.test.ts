/**
 * The players' pages in-process: the order form goes through the same use
 * case as mail and gives the same answer; a seat never sees another seat's
 * orders before the turn resolves; whatever players write is escaped;
 * messages reach the other side without the sender's address.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../../src/db/schema.ts';
import { AppError } from '../../../src/games/errors.ts';
import { submitOrders } from '../../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { databaseKinds } from '../../support/db.ts';
import { tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { logIn, visitor, type Visitor } from '../pages-support.ts';

const ALICE = 'alice@pbem.test';
const BOB = 'bob@pbem.test';

describe.each(databaseKinds)('the game page on %s', (kind) => {
  let app: TestApp;
  let tokens: Record<string, string>;
  let alice: Visitor;
  beforeEach(async () => {
    app = await startTestApp(kind);
    ({ tokens } = await tutorialDuel(app.ctx, { id: 'duel' }));
    alice = visitor(app);
    await logIn(app, alice, ALICE);
  });
  afterEach(() => app.close());

  it('shows the seat its map as SVG and as text, its ships, and an order form with only legal SPEEDs', async () => {
    const page = await alice.get('/games/duel');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="hex-map"');
    expect(page.text).toContain('<title>Black (Black) at 0408 facing N, not moved yet;');
    expect(page.text).toMatch(/<pre class="diagram-text"[^>]*>[\s\S]*01/);
    // ENGINE 3, first move: SPEED 0 to 3, nothing else offered.
    const options = [...page.text.matchAll(/<option value="(\d+)"( selected)?>\d+<\/option>/g)].map((m) => m[1]);
    expect(options).toEqual(['0', '1', '2', '3']);
    expect(page.text).toContain('<label for="move-0">MOVE (plot)</label>');
    expect(page.text).toContain('Orders for turn 1');
  });

  it('the order form gets the answer mail gets: every problem, by its ship, and nothing stored', async () => {
    await alice.get('/games/duel');
    const rejected = await alice.post('/games/duel/orders', {
      side: 'black',
      turn: '1',
      ship: 'Black',
      speed: '3',
      move: '2LL',
      fire: 'Nobody',
    });
    expect(rejected.status).toBe(422);
    // The same text through the use case the mail channel calls:
    const byMail = await submitOrders(app.ctx, {
      gameId: 'duel',
      token: tokens.black!,
      text: 'GAME duel TURN 1\nSHIP Black SPEED 3 MOVE 2LL FIRE Nobody\nEND',
      channel: 'mail',
    }).catch((e: unknown) => e);
    expect(byMail).toBeInstanceOf(AppError);
    const problems = (byMail as AppError).problems;
    expect(problems.length).toBeGreaterThan(1);
    const shipBox = /<fieldset class="ship-orders" data-ship="Black"[\s\S]*?<\/fieldset>/.exec(rejected.text)![0];
    for (const p of problems) expect(shipBox).toContain(p.message.replace(/"/g, '&quot;'));
    expect(rejected.text).toContain('were not accepted: nothing was stored');
    // What was typed is still in the form.
    expect(shipBox).toContain('value="2LL"');
    expect((await alice.get('/games/duel')).text).toContain('You have no orders in yet');

    const accepted = await alice.post('/games/duel/orders', {
      side: 'black',
      turn: '1',
      ship: 'Black',
      speed: '3',
      move: '2r',
      fire: 'grey',
      hold_0: 'on',
    });
    expect([accepted.status, accepted.location]).toEqual([303, '/games/duel?done=orders#orders-result']);
    const after = await alice.get(accepted.location!.split('#')[0]!);
    expect(after.text).toContain('Accepted: your orders are in.');
    expect(after.text).toContain('SHIP Black SPEED 3 MOVE 2R FIRE Grey HOLD');
    // The plotted path is drawn on the map.
    expect(after.text).toContain('<title>plotted path of Black: 0407 0406</title>');
  });

  it('orders written in the orders language are read as a mail body is', async () => {
    await alice.get('/games/duel');
    const sent = await alice.post('/games/duel/orders/text', {
      text: '> quoted line\nSHIP Black SPEED 3 MOVE 1R1\n-- \nAlice',
    });
    expect(sent.status).toBe(303);
    expect((await alice.get('/games/duel')).text).toContain('SHIP Black SPEED 3 MOVE 1R1');
    const wrong = await alice.post('/games/duel/orders/text', { text: 'SHIP Black SPEED 7 MOVE 7' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('line 1: SPEED 7 not allowed: ENGINE is 3, first move — choose 0 to 3');
  });

  it('"Ready — no changes" sends HOLD: the standing orders stand and count as the seat\'s orders', async () => {
    const page = await alice.get('/games/duel');
    expect(page.text).toContain('action="/games/duel/orders/hold"');
    expect(page.text).toContain('Ready — no changes');
    expect(page.text).toContain('your ships keep their SPEED, fly straight ahead');
    const ready = await alice.post('/games/duel/orders/hold', { side: 'black', turn: '1' });
    expect(ready.status).toBe(303);
    expect(ready.location).toBe('/games/duel?done=hold#orders-result');
    const after = await alice.get('/games/duel?done=hold');
    expect(after.text).toContain('Ready: no changes from you this turn, your standing orders stand.');
    expect(after.text).toContain('Your orders in (sent by web');
    expect(after.text).not.toContain('You have no orders in yet');
    // Grey's orders complete the turn at once: it resolves without waiting for the deadline.
    await submitOrders(app.ctx, {
      gameId: 'duel',
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 1 MOVE 1',
      channel: 'api',
    });
    expect(await resolveNextDueTurn(app.ctx, 'duel')).toMatchObject({ gameId: 'duel', turn: 1 });
    // HOLD for a turn that has since resolved is refused, not moved on.
    const late = await alice.post('/games/duel/orders/hold', { side: 'black', turn: '1' });
    expect(late.status).toBe(422);
    expect(late.text).toContain('TURN 1 is over; the current turn is 2');
  });

  it('orders that complete the turn say so: the turn is being resolved, not "You have no orders in"', async () => {
    await submitOrders(app.ctx, {
      gameId: 'duel',
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 1 MOVE 1',
      channel: 'api',
    });
    await alice.get('/games/duel');
    const sent = await alice.post('/games/duel/orders/text', { text: 'SHIP Black SPEED 1 MOVE 1' });
    expect(sent.location).toBe('/games/duel?done=complete#orders-result');
    // The worker resolves the turn before the page is drawn again: the page shows turn 2 and why the orders are gone.
    await resolveNextDueTurn(app.ctx, 'duel');
    const page = await alice.get('/games/duel?done=complete');
    expect(page.text).toContain('Accepted: your orders are in, and so are every other side’s.');
    expect(page.text).toContain('Orders for turn 2');
  });

  it('orders made for a turn that has since resolved are refused, not moved on to the next', async () => {
    await submitOrders(app.ctx, {
      gameId: 'duel',
      token: tokens.black!,
      text: 'SHIP Black SPEED 1 MOVE 1',
      channel: 'api',
    });
    await submitOrders(app.ctx, {
      gameId: 'duel',
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 1 MOVE 1',
      channel: 'api',
    });
    await resolveNextDueTurn(app.ctx, 'duel');
    await alice.get('/games/duel');
    const late = await alice.post('/games/duel/orders', {
      side: 'black',
      turn: '1',
      ship: 'Black',
      speed: '1',
      move: '1',
      fire: '',
    });
    expect(late.status).toBe(422);
    expect(late.text).toContain('TURN 1 is over; the current turn is 2');
  });

  it("a seat never sees another seat's orders before the turn has resolved", async () => {
    await submitOrders(app.ctx, {
      gameId: 'duel',
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1 FIRE Black',
      channel: 'api',
    });
    const page = await alice.get('/games/duel');
    expect(page.text).not.toContain('1R1');
    expect(page.text).toContain('orders in');
    const turn = await alice.get('/archive/duel/turn/1');
    expect(turn.status).toBe(200);
    expect(turn.text).not.toContain('1R1');
    expect(turn.text).toContain('its orders stay secret until it has');

    await alice.post('/games/duel/orders', {
      side: 'black',
      turn: '1',
      ship: 'Black',
      speed: '3',
      move: '2R',
      fire: '',
    });
    await resolveNextDueTurn(app.ctx, 'duel');
    const resolved = await alice.get('/archive/duel/turn/1');
    expect(resolved.text).toContain('SHIP Grey SPEED 3 MOVE 1R1 FIRE Black');
    expect(resolved.text).toContain('Every die');
  });

  it('escapes what players write: names and messages never become markup', async () => {
    await app.close();
    app = await startTestApp(kind);
    const { createGame } = await import('../../../src/games/games/create.ts');
    await createGame(app.ctx, {
      id: 'xss',
      name: 'Game <img src=x onerror=alert(1)>',
      scenario: 'tutorial-duel',
      seats: [
        { side: 'black', email: ALICE, name: '<script>alert("name")</script>' },
        { side: 'grey', email: BOB, name: 'Bob' },
      ],
    });
    const a = visitor(app);
    await logIn(app, a, ALICE);
    await a.get('/games/xss');
    const sent = await a.post('/games/xss/messages', {
      side: 'black',
      to: 'grey',
      text: '<script>alert("message")</script>',
    });
    expect(sent.status).toBe(303);
    const b = visitor(app);
    await logIn(app, b, BOB);
    for (const page of [
      await b.get('/games/xss'),
      await a.get('/games/xss'),
      await a.get('/'),
      await b.get('/archive/xss'),
    ]) {
      expect(page.text).not.toContain('<script>alert');
      expect(page.text).not.toContain('<img src=x');
    }
    const bobs = await b.get('/games/xss');
    expect(bobs.text).toContain('&lt;script&gt;alert(&quot;message&quot;)&lt;/script&gt;');
    expect(bobs.text).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
  });

  it("relays a message to the other side by mail, without the sender's address, and lists it for both", async () => {
    await alice.get('/games/duel');
    const sent = await alice.post('/games/duel/messages', {
      side: 'black',
      to: 'grey',
      text: 'Shall we meet at 0606?',
    });
    expect([sent.status, sent.location]).toEqual([303, '/games/duel?done=message#messages']);
    const [mail] = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, BOB), eq(outbox.kind, 'message')));
    expect(mail?.textBody).toContain('Shall we meet at 0606?');
    expect(mail?.textBody).not.toContain(ALICE);
    expect(mail?.headers['Reply-To']).toMatch(/^orders\+/);
    const bob = visitor(app);
    await logIn(app, bob, BOB);
    expect((await bob.get('/games/duel')).text).toContain('Shall we meet at 0606?');
    expect((await alice.get('/games/duel')).text).toContain('To Grey');

    const own = await alice.post('/games/duel/messages', { side: 'black', to: 'black', text: 'hello me' });
    expect(own.status).toBe(422);
    expect(own.text).toContain('black is your own side');
  });

  it('in the setup phase a seat sends its fleet from the page, with every problem named', async () => {
    const { createGame } = await import('../../../src/games/games/create.ts');
    await createGame(app.ctx, {
      id: 'skirm',
      name: 'Skirmish',
      scenario: 'skirmish-3v3',
      seats: [
        { side: 'red', email: ALICE, name: 'Alice' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    const page = await alice.get('/games/skirm');
    expect(page.text).toContain('Build your fleet within <strong>45 BP</strong>');
    const wrong = await alice.post('/games/skirm/fleet', { side: 'red', fleet: 'R1 0905 N 3 3 3 F FL FR' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('outside your deployment zone');
    const fleet = ['R1 0105 N 3 3 3 F FL FR', 'R2 0106 N 3 3 3 F FL FR', 'R3 0107 N 3 3 3 F FL FR'].join('\n');
    const ok = await alice.post('/games/skirm/fleet', { side: 'red', fleet });
    expect(ok.status, ok.text.slice(0, 2000)).toBe(303);
    expect((await alice.get('/games/skirm')).text).toContain('Your fleet is in.');
  });

  it("someone without a seat is sent to the game's archive page, a visitor to the login page for a private game", async () => {
    const carol = visitor(app);
    await logIn(app, carol, 'carol@pbem.test');
    const r = await carol.get('/games/duel');
    expect([r.status, r.location]).toEqual([303, '/archive/duel']);
    const post = await carol.post('/games/duel/orders', { ship: 'Black', speed: '1', move: '1', fire: '' });
    expect(post.status).toBe(403);
    expect(post.text).toContain('you have no seat in game duel');
  });
});

describe('limits on what one client sends from the game page', () => {
  let app: TestApp;
  afterEach(() => app.close());

  it('refuses order forms over RATE_LIMIT_ORDERS a minute with 429, and says so', async () => {
    app = await startTestApp('pglite', { settings: { rateLimitOrders: 2 } });
    await tutorialDuel(app.ctx, { id: 'duel' });
    const alice = visitor(app);
    await logIn(app, alice, ALICE);
    await alice.get('/games/duel');
    const text = 'SHIP Black SPEED 3 MOVE 1R1';
    expect((await alice.post('/games/duel/orders/text', { text })).status).toBe(303);
    expect((await alice.post('/games/duel/orders', { ship: 'Black', speed: '3', move: '2R', fire: '' })).status).toBe(
      303,
    );
    const third = await alice.post('/games/duel/orders/text', { text });
    expect(third.status).toBe(429);
    expect(third.text).toContain('too many order forms from your address: at most 2 per minute');
  });

  it('refuses messages over RATE_LIMIT_MESSAGES an hour with 429, and relays none of them', async () => {
    app = await startTestApp('pglite', { settings: { rateLimitMessages: 3 } });
    await tutorialDuel(app.ctx, { id: 'duel' });
    const alice = visitor(app);
    await logIn(app, alice, ALICE);
    await alice.get('/games/duel');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await alice.post('/games/duel/messages', { to: 'grey', text: `message ${i}` })).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    const mails = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, BOB), eq(outbox.kind, 'message')));
    expect(mails).toHaveLength(3);
  });
});
