/**
 * The home page of a logged-in player: the games that wait for them first,
 * soonest deadline first, each with its deadline in their own time zone and
 * how long is left; then the games waiting on others; then finished ones.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { timeLeft } from '../../../src/games/games/home.ts';
import { endGame } from '../../../src/games/moderation/moderation.ts';
import { homeOf } from '../../../src/games/games/home.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { submitDuelOrders, tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, campaignGame, logIn, visitor } from '../pages-support.ts';

describe('the home page', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp('pglite');
  });
  afterEach(() => app.close());

  it('lists the games waiting for me first, soonest deadline first, then those waiting on others, then finished', async () => {
    await tutorialDuel(app.ctx, { id: 'later', settings: { turnHours: 72 } });
    await tutorialDuel(app.ctx, { id: 'sooner', settings: { turnHours: 5 } });
    const ordered = await tutorialDuel(app.ctx, { id: 'ordered', settings: { turnHours: 1 } });
    await submitDuelOrders(
      app.ctx,
      { gameId: 'ordered', tokens: { black: ordered.tokens.black!, grey: ordered.tokens.grey! } },
      'black',
    );
    const over = await tutorialDuel(app.ctx, { id: 'over' });
    await endGame(app.ctx, { gameId: 'over', key: over.moderatorToken }, 'end');

    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    const page = (await alice.get('/')).text;
    const at = (text: string) => page.indexOf(text);
    expect(at('Waiting for you')).toBeGreaterThan(0);
    expect(at('href="/games/sooner"')).toBeGreaterThan(at('Waiting for you'));
    expect(at('href="/games/later"')).toBeGreaterThan(at('href="/games/sooner"'));
    expect(at('Waiting for others')).toBeGreaterThan(at('href="/games/later"'));
    expect(at('href="/games/ordered"')).toBeGreaterThan(at('Waiting for others'));
    expect(at('Finished')).toBeGreaterThan(at('href="/games/ordered"'));
    expect(at('href="/archive/over"')).toBeGreaterThan(at('Finished'));

    expect(page).toContain('send your orders for turn 1');
    expect(page).toMatch(/href="\/games\/sooner"[\s\S]*?<strong>5 hours left<\/strong>/);
    expect(page).toMatch(/href="\/games\/later"[\s\S]*?<strong>3 days left<\/strong>/);
    expect(page).toMatch(/href="\/games\/ordered"[\s\S]*?waiting for Bob/);
  });

  it('tells a campaign seat in setup that its setup is in once its BUILD lines are, and waits for the other side', async () => {
    const tokens = await campaignGame(app.ctx, 'camp');
    const todo = async (email: string) =>
      (await homeOf(app.ctx, email)).yourMove.find((g) => g.id === 'camp')?.todo ?? null;
    expect(await todo('alice@pbem.test')).toBe('choose your fleet');
    expect(await todo('bob@pbem.test')).toBe('choose your fleet');

    await submitText(app.ctx, {
      gameId: 'camp',
      token: tokens.red,
      text: CAMPAIGN_SETUPS.red('camp'),
      channel: 'mail',
    });
    const alice = await homeOf(app.ctx, 'alice@pbem.test');
    expect(alice.yourMove.map((g) => g.id)).not.toContain('camp');
    expect(alice.waiting.find((g) => g.id === 'camp')?.waitingFor).toBe('waiting for Bob');
    expect(await todo('bob@pbem.test')).toBe('choose your fleet');

    const browser = visitor(app);
    await logIn(app, browser, 'alice@pbem.test');
    const page = (await browser.get('/')).text;
    expect(page).not.toContain('choose your fleet');
    expect(page).toMatch(/href="\/games\/camp"[\s\S]*?waiting for Bob/);
  });
});

describe('time left before a deadline', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  it.each([
    [3 * 1440 + 4 * 60 + 10, '3 days 4 hours left'],
    [1440, '1 day left'],
    [5 * 60 + 30, '5 hours left'],
    [2 * 60 + 5, '2 hours 5 minutes left'],
    [45, '45 minutes left'],
    [1, '1 minute left'],
    [0, 'past the deadline: it resolves any moment'],
    [-30, 'past the deadline: it resolves any moment'],
  ])('%i minutes ahead reads "%s"', (minutes, text) => {
    expect(timeLeft(at(minutes), now)).toBe(text);
  });
});
