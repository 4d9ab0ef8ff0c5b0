/**
 * Missed turns on the web, over the API and from the command line: every kind's game page and the moderator's board
 * show each seat's missed turns and what the last turn applied instead; the missed-turn limit is set at creation (the
 * new-game page, the API, `msc game create --missed-turn-limit`) and changed by the moderator.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, games } from '../../../src/db/schema.ts';
import { createInput } from '../../../src/cli/game-create.ts';
import { createGame } from '../../../src/games/games/create.ts';
import { settingsOf } from '../../../src/games/games/state.ts';
import { HOUR } from '../../../src/games/clock.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { duelOrders, tutorialDuel } from '../../support/games.ts';
import { memoryIO } from '../../cli/support.ts';
import { createDuel, startTestApp, type TestApp } from '../support.ts';
import { campaignGame, duelForm, logIn, visitor, type Visitor } from '../pages-support.ts';

const MOD = 'mod@pbem.test';

describe('missed turns on the pages', () => {
  let app: TestApp;
  let mod: Visitor;
  beforeEach(async () => {
    app = await startTestApp('pglite');
    mod = visitor(app);
    await logIn(app, mod, MOD);
  });
  afterEach(() => app.close());

  const game = async (id: string) => (await app.database.db.select().from(games).where(eq(games.id, id)))[0]!;
  const moderatedBy = (id: string) =>
    app.database.db.update(games).set({ moderatorEmail: MOD }).where(eq(games.id, id));
  const pageOf = async (email: string, path: string) => {
    const v = visitor(app);
    await logIn(app, v, email);
    return (await v.get(path)).text.replace(/\s+/g, ' ');
  };

  it('a battle: the game page and the board show who missed, what was applied, and each seat’s count', async () => {
    const { tokens } = await tutorialDuel(app.ctx, { id: 'nmr-web' });
    await moderatedBy('nmr-web');
    await submitText(app.ctx, {
      gameId: 'nmr-web',
      token: tokens.black!,
      text: duelOrders('nmr-web', 'black'),
      channel: 'api',
    });
    app.ctx.clock.advanceBy(73 * HOUR);
    expect(await resolveNextDueTurn(app.ctx, 'nmr-web')).toMatchObject({ turn: 1 });

    const page = await pageOf('alice@pbem.test', '/games/nmr-web');
    expect(page).toContain('Missed orders');
    expect(page).toContain('Grey sent no orders for turn 1: its ships kept their SPEED, flew straight ahead');
    expect(page).toContain('<th scope="col">Missed turns</th>');
    expect(page).toContain('1 (1 in a row)');
    const board = (await mod.get('/games/nmr-web/moderate')).text.replace(/\s+/g, ' ');
    expect(board).toContain('1 (1 in a row)');
    expect(board).toContain('missed-turn limit: 3 in a row');
  });

  it('a campaign: a defaulted setup shows on the page; at the limit the board asks the moderator to replace the player', async () => {
    await campaignGame(app.ctx, 'nmr-camp', { missedTurnLimit: 1 });
    app.ctx.clock.advanceBy(49 * HOUR);
    expect(await resolveNextDueTurn(app.ctx, 'nmr-camp')).toMatchObject({ turn: 0 });
    const page = await pageOf('alice@pbem.test', '/games/nmr-camp');
    expect(page).toContain('Blue Union sent no setup by the deadline: it was given the default setup.');
    expect(page).toContain('the moderator is asked to find a new player for it');
    const board = (await mod.get('/games/nmr-camp/moderate')).text;
    expect(board).toContain('replace the player, or end the game');
    expect(board).toContain('action="/games/nmr-camp/moderate/end"');
  });

  it('a Simple Combat Game: the page says what the side’s units did without orders', async () => {
    await createGame(app.ctx, {
      id: 'nmr-scg',
      name: 'Tanks',
      ruleset: 'scg',
      scenario: 'scg-tank-battle',
      seats: [
        { side: 'west', email: 'alice@pbem.test', name: 'Alice' },
        { side: 'east', email: 'bob@pbem.test', name: 'Bob' },
      ],
    });
    app.ctx.clock.advanceBy(73 * HOUR);
    expect(await resolveNextDueTurn(app.ctx, 'nmr-scg')).toMatchObject({ turn: 1 });
    const page = await pageOf('bob@pbem.test', '/games/nmr-scg');
    expect(page).toMatch(/sent no orders for turn 1: its units held their hexes and fired every weapon/);
  });

  it('the new-game page sets the limit, and the moderator changes it on the board, audited', async () => {
    await mod.get('/games/new');
    expect((await mod.get('/games/new')).text).toContain('name="missedTurnLimit"');
    const created = await mod.post('/games/new', { ...duelForm('nmr-set'), missedTurnLimit: '2' });
    expect(created.status).toBe(201);
    expect(settingsOf(await game('nmr-set')).missedTurnLimit).toBe(2);

    await mod.get('/games/nmr-set/moderate');
    const changed = await mod.post('/games/nmr-set/moderate/missed-turn-limit', { limit: '0', reason: 'slow mail' });
    expect([changed.status, changed.location]).toEqual([303, '/games/nmr-set/moderate?done=missed-turn-limit']);
    expect(settingsOf(await game('nmr-set')).missedTurnLimit).toBe(0);
    const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'missed-turn-limit'));
    expect(entry).toMatchObject({ reason: 'slow mail', details: { from: 2, to: 0 } });
    const refused = await mod.post('/games/nmr-set/moderate/missed-turn-limit', { limit: 'many' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('a whole number from 0 (never) to 99');
  });

  it('the API takes the limit at creation and from the moderator key; the command line takes --missed-turn-limit', async () => {
    const { moderatorKey, tokens } = await createDuel(app, 'nmr-api', { missedTurnLimit: 5 });
    expect(settingsOf(await game('nmr-api')).missedTurnLimit).toBe(5);
    const set = await app.call('POST', '/api/games/nmr-api/missed-turn-limit', {
      token: moderatorKey,
      body: { limit: 1 },
    });
    expect([set.status, set.body]).toEqual([200, { missedTurnLimit: 1 }]);
    const bySeat = await app.call('POST', '/api/games/nmr-api/missed-turn-limit', {
      token: tokens.black,
      body: { limit: 1 },
    });
    expect(bySeat.status).toBe(401);
    const wrong = await app.call('POST', '/api/games/nmr-api/missed-turn-limit', {
      token: moderatorKey,
      body: { limit: 2.5 },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'INVALID_MISSED_TURN_LIMIT']);

    const input = await createInput(memoryIO(), {
      scenario: 'tutorial-duel',
      name: 'Duel',
      seat: ['black:ann@example.org:Ann', 'grey:bob@example.org:Bob'],
      missedTurnLimit: '4',
    });
    expect(input.settings).toEqual({ missedTurnLimit: 4 });
  });
});
