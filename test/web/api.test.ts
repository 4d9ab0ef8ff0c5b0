/**
 * The JSON API as a player's program uses it: real HTTP against the app on a
 * real port, on every database kind. Turns are resolved by calling the turn
 * queue (as a worker would) with the test clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { sha256Hex } from '../../src/games/secrets.ts';
import { HOUR, MINUTE } from '../../src/games/clock.ts';
import { databaseKinds } from '../support/db.ts';
import { createDuel, duelBody, startTestApp, type TestApp } from './support.ts';

describe.each(databaseKinds)('the JSON API on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  const orders = (gameId: string, token: string, body: unknown) =>
    app.call('POST', `/api/games/${gameId}/orders`, { token, body });

  it('plays the tutorial duel to the end: both seats order, each turn resolves, the next opens, the game ends at its turn limit', async () => {
    const { tokens, created } = await createDuel(app, 'duel-end', { turnLimit: 2 });
    expect(created.game).toMatchObject({
      id: 'duel-end',
      status: 'active',
      scenario: 'tutorial-duel',
      turn: { number: 1, status: 'open' },
    });
    expect(created.seats).toEqual([
      { side: 'black', email: 'alice@pbem.test', name: 'Alice', token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) },
      { side: 'grey', email: 'bob@pbem.test', name: 'Bob', token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) },
    ]);

    // Turn 1: Black in the orders language, Grey as JSON.
    const black1 = await orders('duel-end', tokens.black, {
      text: 'GAME duel-end TURN 1\nSHIP Black SPEED 1 MOVE 1\nEND',
    });
    expect(black1.status).toBe(200);
    expect(black1.body).toMatchObject({
      accepted: true,
      turn: 1,
      stored: true,
      turnComplete: false,
      canonical: 'GAME duel-end TURN 1\nSHIP Black SPEED 1 MOVE 1\nEND\n',
    });
    const grey1 = await orders('duel-end', tokens.grey, { orders: { Grey: { speed: 1, move: '1' } } });
    expect(grey1.body).toMatchObject({ accepted: true, turn: 1, turnComplete: true });

    expect(await resolveNextDueTurn(app.ctx)).toEqual({ gameId: 'duel-end', turn: 1, gameOver: false });
    const opened = await app.call('GET', '/api/games/duel-end');
    expect(opened.body.game).toMatchObject({ status: 'active', turn: { number: 2, status: 'open' } });
    expect(opened.body.game.seats.map((s: { ordersIn: boolean }) => s.ordersIn)).toEqual([false, false]);

    // Turn 2, the last: the game ends when it resolves.
    expect((await orders('duel-end', tokens.black, { text: 'SHIP Black SPEED 0 MOVE 0' })).status).toBe(200);
    expect((await orders('duel-end', tokens.grey, { orders: { Grey: { speed: 0 } } })).body).toMatchObject({
      turn: 2,
      turnComplete: true,
    });
    expect(await resolveNextDueTurn(app.ctx)).toEqual({ gameId: 'duel-end', turn: 2, gameOver: true });

    const finished = (await app.call('GET', '/api/games/duel-end')).body.game;
    expect(finished.status).toBe('finished');
    expect(finished.winner).toEqual(expect.any(String));
    // The dice seed is revealed at the end and matches the commitment published at the start.
    expect(sha256Hex(finished.seed)).toBe(created.game.seedCommitment);

    const turns = await app.call('GET', '/api/games/duel-end/turns');
    expect(turns.body.turns.map((t: { number: number }) => t.number)).toEqual([1, 2]);
    expect(turns.body.turns[0].orders).toMatchObject({ Black: { speed: 1, move: '1' }, Grey: { speed: 1, move: '1' } });
    const turn1 = await app.call('GET', '/api/games/duel-end/turns/1');
    expect(turn1.body.turn).toMatchObject({ gameId: 'duel-end', number: 1, status: 'resolved' });
    expect(turn1.body.turn.events.length).toBeGreaterThan(0);

    const late = await orders('duel-end', tokens.black, { text: 'SHIP Black SPEED 0 MOVE 0' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('GAME_OVER');
  });

  it('answers accepted orders as JSON, with its length and no ETag (a POST is never revalidated)', async () => {
    const { tokens } = await createDuel(app, 'duel-answer');
    const r = await app.call<{ accepted: boolean; turn: number; stored: boolean }>(
      'POST',
      '/api/games/duel-answer/orders',
      { token: tokens.black, body: { text: 'SHIP Black SPEED 1 MOVE 1' } },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(r.text)));
    expect(r.headers.get('etag')).toBeNull();
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.body).toMatchObject({ accepted: true, turn: 1, stored: true });
  });

  it('rejects an illegal SPEED with its line, its code and what would be legal, and stores nothing', async () => {
    const { tokens } = await createDuel(app, 'duel-speed');
    const rejected = await orders('duel-speed', tokens.black, {
      text: 'GAME duel-speed TURN 1\n\nSHIP Black SPEED 9 MOVE 9\nEND',
    });
    expect(rejected.status).toBe(422);
    expect(rejected.body).toEqual({
      error: {
        code: 'ORDERS_REJECTED',
        message: expect.stringContaining('not accepted'),
        problems: [
          {
            line: 3,
            code: 'SPEED_NOT_ALLOWED',
            ship: 'Black',
            message: 'SPEED 9 not allowed: ENGINE is 3, first move — choose 0 to 3',
          },
        ],
      },
    });
    const standing = await app.call('GET', '/api/games/duel-speed/orders', { token: tokens.black });
    expect(standing.body).toEqual({ turn: 1, canonical: null, receivedAt: null });
  });

  it('gives the same answer to JSON orders as to the same orders in text', async () => {
    const { tokens } = await createDuel(app, 'duel-same');
    const text = await orders('duel-same', tokens.black, { text: 'SHIP Black SPEED 3 MOVE 2R FIRE Grey' });
    const json = await orders('duel-same', tokens.black, {
      orders: { Black: { speed: 3, move: '2R', fire: ['Grey'] } },
    });
    expect(text.status).toBe(200);
    expect(json.status).toBe(200);
    expect(json.body).toEqual(text.body);
    expect(text.body.canonical).toBe('GAME duel-same TURN 1\nSHIP Black SPEED 3 MOVE 2R FIRE Grey\nEND\n');

    // Rejections agree too; JSON orders have no lines, so their problems name the ship only.
    const badText = await orders('duel-same', tokens.black, { text: 'SHIP Black SPEED 9 MOVE 9' });
    const badJson = await orders('duel-same', tokens.black, { orders: { Black: { speed: 9, move: '9' } } });
    expect(badJson.status).toBe(422);
    expect(badJson.body.error.problems).toEqual(badText.body.error.problems.map((p: object) => ({ ...p, line: null })));

    // Orders as text/plain, for `curl --data-binary @orders.txt`.
    const plain = await app.call('POST', '/api/games/duel-same/orders', {
      token: tokens.black,
      raw: 'SHIP Black SPEED 3 MOVE 2R FIRE Grey',
      contentType: 'text/plain',
    });
    expect(plain.body).toEqual(text.body);
  });

  it("rejects an order for another seat's ship", async () => {
    const { tokens } = await createDuel(app, 'duel-theirs');
    const r = await orders('duel-theirs', tokens.black, { orders: { Grey: { speed: 1, move: '1' } } });
    expect(r.status).toBe(422);
    expect(r.body.error.problems).toEqual([
      { line: null, code: 'SHIP_NOT_YOURS', ship: 'Grey', message: expect.stringContaining('ship Grey is not yours') },
    ]);
  });

  it('answers 401 to a wrong, missing or malformed token, and to a token of another game', async () => {
    const { tokens } = await createDuel(app, 'duel-auth');
    await createDuel(app, 'duel-other');
    const body = { text: 'SHIP Black SPEED 1 MOVE 1' };
    const wrong = await orders('duel-auth', 'A'.repeat(32), body);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('BAD_TOKEN');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await orders('duel-other', tokens.black, body)).body.error.code).toBe('BAD_TOKEN');
    const missing = await app.call('POST', '/api/games/duel-auth/orders', { body });
    expect([missing.status, missing.body.error.code]).toEqual([401, 'TOKEN_MISSING']);
    const basic = await app.call('POST', '/api/games/duel-auth/orders', {
      body,
      headers: { authorization: 'Basic YWxpY2U6c2VjcmV0' },
    });
    expect([basic.status, basic.body.error.code]).toEqual([401, 'BAD_AUTHORIZATION']);
    expect((await app.call('GET', '/api/games/duel-auth', { token: 'A'.repeat(32) })).body.error.code).toBe(
      'BAD_TOKEN',
    );
  });

  it('shows a game to the public, to a seat and to the moderator, each what they may see', async () => {
    const { tokens, moderatorKey } = await createDuel(app, 'duel-views');
    await orders('duel-views', tokens.black, { text: 'SHIP Black SPEED 2 MOVE 2' });

    const pub = await app.call('GET', '/api/games/duel-views');
    expect(pub.body.role).toBe('public');
    expect(pub.text).not.toContain('alice@pbem.test');
    expect(pub.body.game.seats).toEqual([
      expect.objectContaining({ side: 'black', name: 'Alice', ordersIn: true }),
      expect.objectContaining({ side: 'grey', name: 'Bob', ordersIn: false }),
    ]);
    expect(pub.headers.get('cache-control')).toBe('no-store');

    const black = await app.call('GET', '/api/games/duel-views', { token: tokens.black });
    expect(black.body.role).toBe('seat');
    expect(black.body.game.me).toMatchObject({
      side: 'black',
      email: 'alice@pbem.test',
      timeZone: 'Europe/Paris',
      orders: { canonical: expect.stringContaining('SHIP Black SPEED 2 MOVE 2') },
    });
    // Grey does not see Black's orders before the turn resolves, nor does the turn's public record.
    const grey = await app.call('GET', '/api/games/duel-views', { token: tokens.grey });
    expect(grey.body.game.me).toMatchObject({ side: 'grey', orders: null });
    expect(grey.text).not.toContain('SPEED 2 MOVE 2');
    expect((await app.call('GET', '/api/games/duel-views/turns/1')).body.turn).toMatchObject({
      status: 'open',
      orders: null,
      events: null,
    });

    const mod = await app.call('GET', '/api/games/duel-views', { token: moderatorKey });
    expect(mod.body.role).toBe('moderator');
    expect(mod.body.game.seatDetails.map((s: { email: string }) => s.email)).toEqual([
      'alice@pbem.test',
      'bob@pbem.test',
    ]);
    expect(mod.body.game.audit.map((a: { action: string }) => a.action)).toContain('create');
  });

  it('lists public games only, filtered by status on request', async () => {
    await createDuel(app, 'duel-listed');
    await createDuel(app, 'duel-private', { public: false });
    const all = await app.call('GET', '/api/games');
    expect(all.body.games.map((g: { id: string }) => g.id)).toEqual(['duel-listed']);
    expect((await app.call('GET', '/api/games?status=finished')).body.games).toEqual([]);
    const bad = await app.call('GET', '/api/games?status=sleeping');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      problems: [{ code: 'INVALID_FIELD', message: expect.stringMatching(/^query\.status: /) }],
    });
  });

  it('refuses a game that cannot be created, and a second game with the same id', async () => {
    const noSeats = await app.call('POST', '/api/games', { body: { name: 'x', scenario: 'tutorial-duel', seats: [] } });
    expect(noSeats.status).toBe(400);
    expect(noSeats.body.error.code).toBe('INVALID_GAME');
    expect(noSeats.body.error.problems[0].message).toMatch(/^seats: /);
    await createDuel(app, 'duel-twice');
    const twice = await app.call('POST', '/api/games', { body: duelBody('duel-twice') });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'GAME_EXISTS']);
    const created = await app.call('POST', '/api/games', { body: duelBody('duel-new') });
    expect(created.headers.get('location')).toBe('/api/games/duel-new');
  });

  it("takes each side's fleet in the setup phase and starts the game when both are in", async () => {
    const created = await app.call('POST', '/api/games', {
      body: {
        id: 'skirmish-1',
        name: 'Skirmish',
        scenario: 'skirmish-3v3',
        seats: [
          { side: 'red', email: 'r@pbem.test', name: 'R' },
          { side: 'blue', email: 'b@pbem.test', name: 'B' },
        ],
      },
    });
    expect(created.body.game.status).toBe('setup');
    const token = (side: string) => created.body.seats.find((s: { side: string }) => s.side === side).token as string;
    const design = { engine: 3, shields: 4, toHit: 4, weapons: ['F', 'FR'] };
    const fleet = (prefix: string, col: string, facing: string) => ({
      ships: [1, 2, 3].map((i) => ({ id: `${prefix}${i}`, hex: `${col}0${i * 2}`, facing, ...design })),
    });

    const outside = await app.call('POST', '/api/games/skirmish-1/fleet', {
      token: token('red'),
      body: fleet('R', '08', 'NE'),
    });
    expect(outside.status).toBe(422);
    expect(outside.body.error.code).toBe('FLEET_REJECTED');
    expect(outside.body.error.problems.map((p: { code: string }) => p.code)).toEqual([
      'HEX_OUTSIDE_ZONE',
      'HEX_OUTSIDE_ZONE',
      'HEX_OUTSIDE_ZONE',
    ]);

    expect(
      (await app.call('POST', '/api/games/skirmish-1/fleet', { token: token('red'), body: fleet('R', '02', 'NE') }))
        .body.game.status,
    ).toBe('setup');
    const started = await app.call('POST', '/api/games/skirmish-1/fleet', {
      token: token('blue'),
      body: fleet('B', '15', 'SW'),
    });
    expect(started.body.game).toMatchObject({ status: 'active', turn: { number: 1 } });
  });

  it('takes a concession, by its endpoint or by CONCEDE in the orders text; the game ends when the turn resolves', async () => {
    const { tokens } = await createDuel(app, 'duel-concede');
    const r = await app.call('POST', '/api/games/duel-concede/concede', { token: tokens.grey });
    expect(r.body).toEqual({ conceded: true, gameEnds: true });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameOver: true });
    expect((await app.call('GET', '/api/games/duel-concede')).body.game).toMatchObject({
      status: 'finished',
      winner: 'black',
    });

    const second = await createDuel(app, 'duel-concede-2');
    // CONCEDE alone concedes nothing: the text names the game to give it up.
    const asked = await orders('duel-concede-2', second.tokens.black, { text: 'CONCEDE' });
    expect(asked.body).toMatchObject({ accepted: true, stored: false, commands: ['CONCEDE'] });
    expect(asked.body).not.toHaveProperty('conceded');
    const byText = await orders('duel-concede-2', second.tokens.black, { text: 'CONCEDE duel-concede-2' });
    expect(byText.body).toMatchObject({
      accepted: true,
      stored: false,
      commands: ['CONCEDE CONFIRMED'],
      conceded: true,
      gameEnds: true,
    });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: 'duel-concede-2', gameOver: true });
    expect((await app.call('GET', '/api/games/duel-concede-2')).body.game.winner).toBe('grey');
  });

  it('resolves a turn at its deadline with standing orders for a seat that sent none (test clock)', async () => {
    const { tokens } = await createDuel(app, 'duel-late');
    const accepted = await orders('duel-late', tokens.black, { text: 'SHIP Black SPEED 1 MOVE 1' });
    // The tutorial's turns are 72 hours long.
    expect(accepted.body.deadline).toBe(new Date(app.ctx.clock.now().getTime() + 72 * HOUR).toISOString());
    app.ctx.clock.advanceBy(72 * HOUR - MINUTE);
    expect(await resolveNextDueTurn(app.ctx)).toBeNull();
    app.ctx.clock.advanceBy(2 * MINUTE);
    expect(await resolveNextDueTurn(app.ctx)).toEqual({ gameId: 'duel-late', turn: 1, gameOver: false });
    const turn1 = (await app.call('GET', '/api/games/duel-late/turns/1')).body.turn;
    expect(turn1.orders.Black).toMatchObject({ speed: 1, move: '1' });
    expect(turn1.orders.Grey).toBeDefined();
  });

  it('checks every param and body: a bad game id, a bad turn number, both kinds of orders at once, a game that does not exist', async () => {
    const { tokens } = await createDuel(app, 'duel-params');
    const badId = await app.call('GET', '/api/games/Not_An_Id');
    expect([badId.status, badId.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    expect(badId.body.error.problems[0].message).toMatch(/^params\.id: a game id is/);
    const badTurn = await app.call('GET', '/api/games/duel-params/turns/0');
    expect(badTurn.body.error.problems[0].message).toMatch(/^params\.n: /);
    const both = await orders('duel-params', tokens.black, { text: 'SHIP Black SPEED 1 MOVE 1', orders: {} });
    expect([both.status, both.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    const extra = await orders('duel-params', tokens.black, { orders: { Black: { speed: 1, warp: 9 } } });
    expect(extra.body.error.problems[0].message).toMatch(/^body\.orders\.Black/);
    const missing = await app.call('GET', '/api/games/no-such-game');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'GAME_NOT_FOUND']);
    expect((await app.call('GET', '/api/games/duel-params/turns/7')).body.error.code).toBe('TURN_NOT_FOUND');
  });
});
