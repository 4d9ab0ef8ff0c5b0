/**
 * A game over on its players' pages, for every kind: no deadline and no "turn being resolved", the final turn and
 * result, the dice seed revealed, the archive linked (a campaign's battle too, with the campaign that goes on), and no
 * message form; the campaign page offers its text map and earlier turns; a campaign's archive turn shows the orders
 * (a seat's own while it runs, every side's once it is over).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { games } from '../../../src/db/schema.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { HOUR } from '../../../src/games/clock.ts';
import { databaseKinds } from '../../support/db.ts';
import { tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, campaignGame, logIn, visitor, type Visitor } from '../pages-support.ts';

const seedOf = async (app: TestApp, id: string) =>
  (await app.ctx.db.select({ seed: games.seed }).from(games).where(eq(games.id, id)))[0]!.seed;

/** What no page of a game over may still say or offer. */
function expectNothingOpen(page: string, id: string) {
  expect(page).not.toContain('Orders due');
  expect(page).not.toContain('The turn is being resolved');
  expect(page).not.toContain(`action="/games/${id}/messages"`);
  expect(page).not.toContain(`action="/games/${id}/orders`);
  // No side is waited for, and no more turn reports are mailed: no form to stop them.
  expect(page).not.toContain('waiting for orders');
  expect(page).not.toContain(`action="/games/${id}/preferences/reports"`);
  expect(page).not.toContain('can reach this turn');
}

describe.each(databaseKinds)('a game over on its pages on %s', (kind) => {
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

  it('a tactical battle lost by concession: the loser sees the result, the last turn, the seed and the archive', async () => {
    const { tokens } = await tutorialDuel(app.ctx, { id: 'duel' });
    await submitText(app.ctx, {
      gameId: 'duel',
      token: tokens.black!,
      text: 'GAME duel TURN 1\nSHIP Black SPEED 3 MOVE 2R\nEND',
      channel: 'api',
    });
    await submitText(app.ctx, {
      gameId: 'duel',
      token: tokens.grey!,
      text: 'GAME duel TURN 1\nSHIP Grey SPEED 3 MOVE 1R1\nEND',
      channel: 'api',
    });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: 'duel', turn: 1 });
    await submitText(app.ctx, { gameId: 'duel', token: tokens.black!, text: 'CONCEDE duel', channel: 'api' });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: 'duel', turn: 2, gameOver: true });

    const page = (await alice.get('/games/duel')).text;
    expectNothingOpen(page, 'duel');
    expect(page).toContain('The battle is over');
    expect(page).toMatch(/<p class="result" role="status">Grey wins \(turn 2 was the last\)\.<\/p>/);
    expect(page).toContain('What happened in turn 2');
    expect(page).toContain('The map at the end');
    expect(page).toContain(`<code class="seed">${await seedOf(app, 'duel')}</code>`);
    expect(page).toContain('<a href="/archive/duel">The whole game in the archive');
    // The messages both ways stay to read; only the form goes.
    expect(page).toContain('id="messages"');
  });

  it('a campaign over: its final turn as the side saw it, not the one before; text map, earlier turns, seed, archive', async () => {
    const ID = 'camp';
    const tokens = await campaignGame(app.ctx, ID);
    for (const side of ['red', 'blue'] as const)
      await submitText(app.ctx, { gameId: ID, token: tokens[side], text: CAMPAIGN_SETUPS[side](ID), channel: 'api' });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    await submitText(app.ctx, {
      gameId: ID,
      token: tokens.red,
      text: `GAME ${ID} TURN 1\nMOVE Rwing TO 0303\nEND`,
      channel: 'api',
    });
    await submitText(app.ctx, {
      gameId: ID,
      token: tokens.blue,
      text: `GAME ${ID} TURN 1\nMOVE Bhost TO 0606\nEND`,
      channel: 'api',
    });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 1 });

    // While it runs, the page offers the text map and the archive's turns as the side saw them.
    const running = (await alice.get(`/games/${ID}`)).text;
    expect(running).toMatch(/<pre class="diagram-text"[^>]*>[\s\S]*Showing/);
    expect(running).toContain(`<a href="/archive/${ID}/turn/1">Turn 1 with its maps before and after and your orders`);
    // The archive's turn shows the seat its own orders, never the other side's while the campaign runs.
    const ownTurn = (await alice.get(`/archive/${ID}/turn/1`)).text;
    expect(ownTurn).toContain('Your orders');
    expect(ownTurn).toContain('MOVE Rwing TO 0303');
    expect(ownTurn).not.toContain('MOVE Bhost');
    expect(ownTurn).not.toContain('Blue Union</h3>');

    await submitText(app.ctx, { gameId: ID, token: tokens.red, text: `CONCEDE ${ID}`, channel: 'api' });
    app.ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 2, gameOver: true });

    const page = (await alice.get(`/games/${ID}`)).text;
    expectNothingOpen(page, ID);
    expect(page).toContain('The campaign is over');
    expect(page).toContain('Blue Union wins (turn 2 was the last).');
    expect(page).toContain('What your side saw in turn 2');
    expect(page).not.toContain('What your side saw in turn 1<');
    expect(page).toContain('The final map of Web campaign, as Red League sees it');
    expect(page).toContain(`Earlier turns: <a href="/archive/${ID}/turn/1">turn 1</a>.`);
    expect(page).toContain(`<code class="seed">${await seedOf(app, ID)}</code>`);
    expect(page).toContain(`<a href="/archive/${ID}">The whole game in the archive`);

    // Once over, the archive's turn shows every side's orders, as its intro promises.
    const turn1 = (await bob.get(`/archive/${ID}/turn/1`)).text;
    expect(turn1).toContain('<h2 id="orders-heading">Orders</h2>');
    expect(turn1).toContain('MOVE Rwing TO 0303');
    expect(turn1).toContain('MOVE Bhost TO 0606');
  });
});
