/**
 * The moderator's actions over the API: each needs the game's moderator key
 * (a seat token or no token is refused) and does what it says.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR } from '../../src/games/clock.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { databaseKinds } from '../support/db.ts';
import { createDuel, startTestApp, type TestApp } from './support.ts';

describe.each(databaseKinds)('moderator actions on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  const post = (path: string, token: string | undefined, body?: unknown) =>
    app.call('POST', `/api/games/duel-mod${path}`, {
      ...(token !== undefined ? { token } : {}),
      ...(body !== undefined ? { body } : {}),
    });

  it.each([
    ['/pause', undefined],
    ['/resume', undefined],
    ['/resolve', undefined],
    ['/rollback', undefined],
    ['/deadline', { extendHours: 24 }],
    ['/seats/grey/replace', { email: 'carol@pbem.test', name: 'Carol' }],
    ['/seats/grey/rotate-token', undefined],
    ['/seats/grey/concede', undefined],
    ['/end', { how: 'abandon' }],
  ])('POST %s is refused without the moderator key, and with a seat token in its place', async (path, body) => {
    const { tokens } = await createDuel(app, 'duel-mod');
    const without = await post(path, undefined, body);
    expect([without.status, without.body.error.code]).toEqual([401, 'MODERATOR_KEY_MISSING']);
    const seat = await post(path, tokens.black, body);
    expect([seat.status, seat.body.error.code]).toEqual([401, 'BAD_MODERATOR_KEY']);
    // Nothing changed.
    expect((await app.call('GET', '/api/games/duel-mod')).body.game).toMatchObject({
      status: 'active',
      turn: { number: 1 },
    });
  });

  it('pauses and resumes a game, with a reason for the audit log', async () => {
    const { moderatorKey } = await createDuel(app, 'duel-mod');
    const paused = await post('/pause', moderatorKey, { reason: 'holidays' });
    expect([paused.status, paused.body.game.status]).toEqual([200, 'paused']);
    const again = await post('/pause', moderatorKey);
    expect([again.status, again.body.error.code]).toEqual([409, 'NOT_ACTIVE']);
    expect((await post('/resume', moderatorKey)).body.game.status).toBe('active');
    const audit = (await app.call('GET', '/api/games/duel-mod', { token: moderatorKey })).body.game.audit;
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'pause', reason: 'holidays', actor: 'moderator:api' }),
    );
  });

  it('sets, extends and removes the deadline, and refuses one in the past (test clock)', async () => {
    const { moderatorKey } = await createDuel(app, 'duel-mod');
    const now = app.ctx.clock.now().getTime();
    const set = await post('/deadline', moderatorKey, { deadline: new Date(now + 10 * HOUR).toISOString() });
    expect(set.body).toEqual({ deadline: new Date(now + 10 * HOUR).toISOString() });
    const extended = await post('/deadline', moderatorKey, { extendHours: 5 });
    expect(extended.body).toEqual({ deadline: new Date(now + 15 * HOUR).toISOString() });
    const past = await post('/deadline', moderatorKey, { deadline: new Date(now - HOUR).toISOString() });
    expect([past.status, past.body.error.code]).toEqual([422, 'DEADLINE_PAST']);
    expect((await post('/deadline', moderatorKey, { deadline: null })).body).toEqual({ deadline: null });
    const both = await post('/deadline', moderatorKey, { deadline: null, extendHours: 1 });
    expect([both.status, both.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    const notADate = await post('/deadline', moderatorKey, { deadline: 'tomorrow' });
    expect(notADate.body.error.problems[0].message).toMatch(/^body\.deadline: an ISO 8601 date/);
  });

  it('resolves the open turn now, and rolls it back to reopen it', async () => {
    const { moderatorKey, tokens } = await createDuel(app, 'duel-mod');
    await app.call('POST', '/api/games/duel-mod/orders', {
      token: tokens.black,
      body: { text: 'SHIP Black SPEED 2 MOVE 2' },
    });
    const resolved = await post('/resolve', moderatorKey, { reason: 'Bob is away' });
    expect(resolved.body.resolved).toEqual({ gameId: 'duel-mod', turn: 1, gameOver: false });
    expect(resolved.body.game.turn).toMatchObject({ number: 2, status: 'open' });
    const rolledBack = await post('/rollback', moderatorKey);
    expect(rolledBack.body).toMatchObject({ reopened: 1, game: { turn: { number: 1, status: 'open' } } });
    // The orders it had stand again.
    expect((await app.call('GET', '/api/games/duel-mod/orders', { token: tokens.black })).body.canonical).toContain(
      'SHIP Black SPEED 2 MOVE 2',
    );
  });

  it('gives a seat to a new player with a new token; the old one stops working', async () => {
    const { moderatorKey, tokens } = await createDuel(app, 'duel-mod');
    const replaced = await post('/seats/grey/replace', moderatorKey, {
      email: 'Carol@pbem.test',
      name: 'Carol',
      timeZone: 'America/New_York',
    });
    expect(replaced.body).toEqual({
      side: 'grey',
      email: 'carol@pbem.test',
      name: 'Carol',
      timeZone: 'America/New_York',
      token: expect.any(String),
    });
    expect((await app.call('GET', '/api/games/duel-mod', { token: tokens.grey })).status).toBe(401);
    expect((await app.call('GET', '/api/games/duel-mod', { token: replaced.body.token })).body.game.me).toMatchObject({
      side: 'grey',
      name: 'Carol',
    });
    const unknown = await post('/seats/green/replace', moderatorKey, { email: 'x@pbem.test', name: 'X' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'SEAT_NOT_FOUND']);
    const badEmail = await post('/seats/grey/replace', moderatorKey, { email: 'not-an-address', name: 'X' });
    expect(badEmail.body.error.problems).toEqual([
      { code: 'INVALID_FIELD', message: 'body.email: not an email address' },
    ]);
  });

  it('rotates a seat token', async () => {
    const { moderatorKey, tokens } = await createDuel(app, 'duel-mod');
    const rotated = await post('/seats/black/rotate-token', moderatorKey);
    expect(rotated.body).toEqual({ side: 'black', token: expect.any(String) });
    expect(rotated.body.token).not.toBe(tokens.black);
    const order = { body: { text: 'SHIP Black SPEED 1 MOVE 1' } };
    expect((await app.call('POST', '/api/games/duel-mod/orders', { token: tokens.black, ...order })).status).toBe(401);
    expect((await app.call('POST', '/api/games/duel-mod/orders', { token: rotated.body.token, ...order })).status).toBe(
      200,
    );
  });

  it('concedes for a side', async () => {
    const { moderatorKey } = await createDuel(app, 'duel-mod');
    expect((await post('/seats/grey/concede', moderatorKey, { reason: 'asked by mail' })).body).toEqual({
      side: 'grey',
      conceded: true,
      gameEnds: true,
    });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameOver: true });
    expect((await app.call('GET', '/api/games/duel-mod')).body.game.winner).toBe('black');
  });

  it('ends a game (scored) or abandons it (no result); the dice seed is revealed either way', async () => {
    const { moderatorKey } = await createDuel(app, 'duel-mod');
    const bad = await post('/end', moderatorKey, { how: 'stop' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    const ended = await post('/end', moderatorKey, { how: 'end', reason: 'time is up' });
    expect(ended.body.game).toMatchObject({
      status: 'finished',
      winner: expect.any(String),
      seed: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const again = await post('/end', moderatorKey, { how: 'abandon' });
    expect([again.status, again.body.error.code]).toEqual([409, 'GAME_OVER']);

    const other = await createDuel(app, 'duel-mod-2');
    const abandoned = await app.call('POST', '/api/games/duel-mod-2/end', {
      token: other.moderatorKey,
      body: { how: 'abandon' },
    });
    expect(abandoned.body.game).toMatchObject({ status: 'abandoned', winner: null });
  });

  it('refuses an unknown field in a moderator body', async () => {
    const { moderatorKey } = await createDuel(app, 'duel-mod');
    const r = await post('/pause', moderatorKey, { reason: 'x', force: true });
    expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    expect((await app.call('GET', '/api/games/duel-mod')).body.game.status).toBe('active');
  });
});
