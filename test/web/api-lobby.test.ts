/**
 * Open seats over the JSON API (docs/api.md "The lobby"), for every kind: POST /api/games with `{ side, open: true }`
 * seats, GET /api/lobby (public, no address), POST /api/games/:id/join as the person logged in, and the creator's
 * GET …/join-requests and POST …/join-requests/:request/approve|refuse with the moderator key. And the command line's
 * --open-seat and --join-approval, which make the same input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInput } from '../../src/cli/game-create.ts';
import { createdText } from '../../src/cli/game-print.ts';
import { memoryIO } from '../cli/support.ts';
import { OPEN_GAME_CASES, openGameInput } from '../support/lobby.ts';
import { startTestApp, TEST_CREATOR, type TestApp } from './support.ts';
import { logIn, visitor } from './pages-support.ts';

describe('open seats over the API', () => {
  let app: TestApp;
  const cookies: Record<string, string> = {};
  const as = (email: string) => ({ anonymous: true, headers: { cookie: cookies[email]! } });
  beforeAll(async () => {
    app = await startTestApp('pglite');
    for (const email of ['ann@pbem.test', 'bob@pbem.test']) {
      const v = visitor(app);
      await logIn(app, v, email);
      cookies[email] = `msc_session=${v.cookies.get('msc_session')}`;
    }
  });
  afterAll(() => app.close());

  it.each(OPEN_GAME_CASES)(
    '$ruleset: created with an open side, listed, and taken by a logged-in player',
    async (c) => {
      const id = `api-${c.ruleset}`;
      const created = await app.call('POST', '/api/games', { body: openGameInput(c, id, TEST_CREATOR) });
      expect(created.status).toBe(201);
      expect(created.body.openSides).toEqual([c.open]);
      expect(created.body.seats.map((s: { side: string }) => s.side)).toEqual([c.seated]);

      const lobby = await app.call('GET', '/api/lobby', { anonymous: true });
      expect(lobby.status).toBe(200);
      const listed = lobby.body.games.find((g: { id: string }) => g.id === id);
      expect(listed).toMatchObject({ ruleset: c.ruleset, openSides: [{ id: c.open }], joinApproval: false });
      expect(lobby.text).not.toContain('@');
      expect(lobby.body).toMatchObject({ page: 1, more: false });
      const bad = await app.call('GET', '/api/lobby?page=0', { anonymous: true });
      expect([bad.status, bad.body.error?.code]).toEqual([400, 'INVALID_REQUEST']);

      const anonymous = await app.call('POST', `/api/games/${id}/join`, { anonymous: true, body: { name: 'X' } });
      expect([anonymous.status, anonymous.body.error?.code]).toEqual([401, 'LOGIN_NEEDED']);
      const taken = await app.call('POST', `/api/games/${id}/join`, { ...as('ann@pbem.test'), body: { name: 'Ann' } });
      expect(taken.status).toBe(201);
      expect(taken.body).toMatchObject({ status: 'taken', gameId: id, side: c.open });
      const again = await app.call('POST', `/api/games/${id}/join`, { ...as('bob@pbem.test'), body: { name: 'Bob' } });
      expect([again.status, again.body.error?.code]).toEqual([409, 'NO_OPEN_SEAT']);
    },
  );

  it('with approval: the request waits, the creator lists it with the key and approves or refuses it', async () => {
    const c = OPEN_GAME_CASES[3]!;
    const created = await app.call('POST', '/api/games', {
      body: openGameInput(c, 'api-asked', TEST_CREATOR, { joinApproval: true }),
    });
    const key = created.body.moderatorKey as string;
    const join = (email: string) =>
      app.call('POST', '/api/games/api-asked/join', { ...as(email), body: { name: email.slice(0, 3) } });
    expect((await join('ann@pbem.test')).status).toBe(202);
    expect((await join('bob@pbem.test')).status).toBe(202);
    expect((await app.call('GET', '/api/games/api-asked/join-requests', { anonymous: true })).status).toBe(401);
    const listed = await app.call('GET', '/api/games/api-asked/join-requests', { token: key, anonymous: true });
    expect(listed.body.requests.map((r: { email: string }) => r.email)).toEqual(['ann@pbem.test', 'bob@pbem.test']);
    const [ann, bob] = listed.body.requests as { id: number }[];
    const decide = (id: number, action: string) =>
      app.call('POST', `/api/games/api-asked/join-requests/${id}/${action}`, { token: key, anonymous: true });
    expect((await decide(ann!.id, 'refuse')).body).toMatchObject({ status: 'refused', side: c.open });
    expect((await decide(bob!.id, 'approve')).body).toMatchObject({ status: 'approved', side: c.open, name: 'bob' });
    expect((await decide(bob!.id, 'approve')).body.error.code).toBe('REQUEST_DECIDED');
    const bad = await app.call('POST', '/api/games/api-asked/join-requests/x/approve', { token: key, anonymous: true });
    expect(bad.status).toBe(400);
  });

  it('with approval: a player withdraws the request they have waiting, and may ask again', async () => {
    const c = OPEN_GAME_CASES[0]!;
    const created = await app.call('POST', '/api/games', {
      body: openGameInput(c, 'api-withdrawn', TEST_CREATOR, { joinApproval: true }),
    });
    const key = created.body.moderatorKey as string;
    const join = () =>
      app.call('POST', '/api/games/api-withdrawn/join', { ...as('ann@pbem.test'), body: { name: 'Ann' } });
    const withdraw = (options: object) => app.call('POST', '/api/games/api-withdrawn/join/withdraw', options);
    const waiting = async () =>
      (await app.call('GET', '/api/games/api-withdrawn/join-requests', { token: key, anonymous: true })).body
        .requests as { email: string }[];
    expect((await join()).status).toBe(202);
    const anonymous = await withdraw({ anonymous: true });
    expect([anonymous.status, anonymous.body.error?.code]).toEqual([401, 'LOGIN_NEEDED']);
    // Someone else's request is not theirs to withdraw.
    const other = await withdraw(as('bob@pbem.test'));
    expect([other.status, other.body.error?.code]).toEqual([404, 'REQUEST_NOT_FOUND']);
    expect(await waiting()).toHaveLength(1);
    const withdrawn = await withdraw(as('ann@pbem.test'));
    expect([withdrawn.status, withdrawn.body]).toEqual([
      200,
      { status: 'withdrawn', gameId: 'api-withdrawn', side: c.open, sideName: expect.any(String) },
    ]);
    expect(await waiting()).toEqual([]);
    // Once only; then she may ask again.
    expect((await withdraw(as('ann@pbem.test'))).body.error?.code).toBe('REQUEST_NOT_FOUND');
    expect((await join()).status).toBe(202);
    expect((await waiting()).map((r) => r.email)).toEqual(['ann@pbem.test']);
  });

  it('the command line: --open-seat and --join-approval make the same input, and the answer says the side is open', async () => {
    const input = await createInput(memoryIO(), {
      scenario: 'tutorial-duel',
      name: 'Duel',
      seat: ['black:ann@example.org:Ann'],
      openSeat: ['grey'],
      joinApproval: true,
    });
    expect(input).toMatchObject({
      seats: [
        { side: 'black', email: 'ann@example.org' },
        { side: 'grey', open: true },
      ],
      joinApproval: true,
    });
    const text = createdText({
      gameId: 'g',
      name: 'Duel',
      scenario: 'tutorial-duel',
      status: 'setup',
      turn: 0,
      moderatorKey: 'k',
      seats: [{ side: 'black', email: 'ann@example.org', name: 'Ann', token: 't' }],
      openSides: ['grey'],
    });
    expect(text).toContain('waiting in the lobby for a player to take grey');
    expect(text).toMatch(/grey\s+open \(the lobby\)/);
  });
});
