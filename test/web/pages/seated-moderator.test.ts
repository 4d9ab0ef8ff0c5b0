/**
 * A moderator who also holds a seat (issue 24 item 3): in a game with hidden information the moderator's board, the
 * moderator's view through the use case and the running game's archive show that moderator only what the seat sees;
 * the full board needs a moderator without a seat. Every game page says who moderates.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame } from '../../../src/games/games/create.ts';
import { moderatorGameView } from '../../../src/games/games/views.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { SMALL_CAMPAIGN } from '../../support/campaigns.ts';
import { databaseKinds } from '../../support/db.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, logIn, visitor, type Visitor } from '../pages-support.ts';

const ID = 'seated';

describe.each(databaseKinds)('a moderator who holds a seat, on %s', (kind) => {
  let app: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  beforeEach(async () => {
    app = await startTestApp(kind);
    alice = visitor(app);
    bob = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    await logIn(app, bob, 'bob@pbem.test');
  });
  afterEach(() => app.close());

  /** Alice creates a fog-of-war campaign and plays Red in it; both sides set up; turn 1 opens. */
  async function seatedCampaign(): Promise<string> {
    const created = await createGame(
      app.ctx,
      {
        id: ID,
        name: 'Seated campaign',
        ruleset: 'msc-strategic',
        settings: { ...SMALL_CAMPAIGN, fog: 'sensors' },
        seats: [
          { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
          { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'alice@pbem.test' },
    );
    for (const [who, side] of [
      [alice, 'red'],
      [bob, 'blue'],
    ] as const) {
      await who.get(`/games/${ID}`);
      const sent = await who.post(`/games/${ID}/orders/text`, { side, text: CAMPAIGN_SETUPS[side](ID) });
      expect(sent.status, sent.text.slice(0, 500)).toBe(303);
    }
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    return created.moderatorToken;
  }

  it("the board shows the seat's view only: nothing of the other side's ships, fleets or orders, no dice seed", async () => {
    await seatedCampaign();
    await bob.get(`/games/${ID}`);
    const orders = [`GAME ${ID} TURN 1`, 'MOVE Bhost N', 'END'].join('\n');
    expect((await bob.post(`/games/${ID}/orders/text`, { side: 'blue', text: orders })).status).toBe(303);

    const board = await alice.get(`/games/${ID}/moderate`);
    expect(board.status).toBe(200);
    for (const secret of ['Bspear1', 'Bhost', 'MOVE Bhost']) expect(board.text).not.toContain(secret);
    expect(board.text).toMatch(/You play Red[^<]* in this game/);
    expect(board.text).not.toContain('id="moderator-map"');
    // The moderator's actions still work.
    expect((await alice.post(`/games/${ID}/moderate/pause`, { reason: 'a holiday' })).status).toBe(303);

    const view = await moderatorGameView(app.ctx, { gameId: ID, email: 'alice@pbem.test' });
    expect(view.seed).toBeNull();
    expect(JSON.stringify(view.position)).not.toContain('Bspear1');
    expect(JSON.stringify(view.seatDetails)).not.toMatch(/Bspear1|Bhost/);
    expect(view.seatedAs).toBe('red');
  });

  it("the running campaign's archive, and its turns through the API with the moderator key, show a seated moderator its seat's view only", async () => {
    const key = await seatedCampaign();
    const byKey = await app.call('GET', `/api/games/${ID}`, { token: key, anonymous: true });
    expect(byKey.status).toBe(200);
    expect(byKey.text).not.toMatch(/Bspear1|Bhost/);
    const turns = await app.call('GET', `/api/games/${ID}/turns`, { token: key, anonymous: true });
    expect(turns.status).toBe(403);
    const archive = await alice.get(`/archive/${ID}`);
    expect(archive.status).toBe(200);
    expect(archive.text).not.toMatch(/Bspear1|Bhost/);
  });

  it('every game page says who moderates: the opponent learns the moderator plays Red', async () => {
    await seatedCampaign();
    expect((await bob.get(`/games/${ID}`)).text).toMatch(/Moderated by Alice, who plays Red/);
    expect((await alice.get(`/games/${ID}`)).text).toMatch(/Moderated by you/);
  });
});
