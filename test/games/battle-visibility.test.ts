/**
 * A public campaign's linked battle shows both sides' ships, their designs and the battle's hex: while the campaign
 * runs (its own archive hidden from all but its players and moderator), the battle is read as a private game — not
 * by anonymous visitors, not listed — and once the campaign ends it is as public as the campaign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { logIn, visitor, type Visitor } from '../web/pages-support.ts';
import { startTestApp, type TestApp } from '../web/support.ts';
import { fightTurnOne, startCampaign } from './campaign-archive-support.ts';

describe('a linked battle inherits its campaign’s visibility until the campaign ends', () => {
  let app: TestApp;
  let campaignId: string;
  let key: string;
  let battleId: string;
  let anonymous: Visitor;
  let player: Visitor;
  let moderator: Visitor;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    const started = await startCampaign(app.ctx, 'vis-war');
    ({ id: campaignId, key } = started);
    battleId = await fightTurnOne(app.ctx, started);
    anonymous = visitor(app);
    player = visitor(app);
    await logIn(app, player, 'alice@pbem.test');
    moderator = visitor(app);
    await logIn(app, moderator, 'mod@pbem.test');
  });
  afterAll(() => app.close());

  it('while the campaign runs: hidden from anonymous visitors everywhere, open to its players and moderator', async () => {
    expect((await anonymous.get(`/archive/${campaignId}`)).status).toBe(403);
    expect((await anonymous.get(`/archive/${battleId}`)).status).toBe(404);
    expect((await anonymous.get(`/archive/${battleId}/turn/1`)).status).toBe(404);
    expect((await anonymous.get(`/archive/${battleId}/export`)).status).toBe(404);
    expect((await anonymous.get(`/games/${battleId}`)).location).not.toContain('/archive/');
    expect((await app.call('GET', `/api/games/${battleId}`, { anonymous: true })).status).toBe(404);
    expect((await app.call('GET', `/api/games/${battleId}/turns`, { anonymous: true })).status).toBe(404);
    expect((await app.call('GET', `/api/games/${battleId}/export`, { anonymous: true })).status).toBe(404);
    const listed = await app.call('GET', '/api/games', { anonymous: true });
    expect(listed.body.games.map((g: { id: string }) => g.id)).not.toContain(battleId);
    expect((await anonymous.get('/archive')).text).not.toContain(battleId);

    expect((await player.get(`/archive/${battleId}`)).status).toBe(200);
    expect((await moderator.get(`/archive/${battleId}`)).status).toBe(200);
  });

  it('once the campaign has ended, the battle is as public as the campaign', async () => {
    await endGame(app.ctx, { gameId: campaignId, key }, 'abandon', 'the test is over');
    expect((await anonymous.get(`/archive/${campaignId}`)).status).toBe(200);
    expect((await anonymous.get(`/archive/${battleId}`)).status).toBe(200);
    expect((await app.call('GET', `/api/games/${battleId}`, { anonymous: true })).status).toBe(200);
  });
});
