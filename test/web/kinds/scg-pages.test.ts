/**
 * The Simple Combat Game's pages beyond the seat's (which the conformance suite and the browser test cover): the
 * moderator's board with the whole board, every unit and both scores; the archive's game and turn pages with the
 * board as SVG, each side's orders once the turn resolved and every die; the new-game page's fieldset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../../src/games/clock.ts';
import { createGame } from '../../../src/games/games/create.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { logIn, visitor, type Visitor } from '../pages-support.ts';
import { startTestApp, type TestApp } from '../support.ts';

const GAME = 'scg-pages';

describe('the Simple Combat Game pages', () => {
  let app: TestApp;
  let mod: Visitor;
  beforeAll(async () => {
    app = await startTestApp('pglite');
    const created = await createGame(
      app.ctx,
      {
        id: GAME,
        name: 'Pages',
        ruleset: 'scg',
        scenario: 'scg-tank-battle',
        seats: [
          { side: 'west', email: 'w@pbem.test', name: 'Ann' },
          { side: 'east', email: 'e@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    const west = created.seats.find((s) => s.side === 'west')!.token;
    await submitText(app.ctx, {
      gameId: GAME,
      token: west,
      text: `GAME ${GAME} TURN 1\nMOVE WM NE NE\nFIRE WH HOLD\nEND\n`,
      channel: 'web',
    });
    // East sends nothing: at the deadline it has standing orders (rules-scg.md §17.6).
    app.ctx.clock.advanceBy(100 * HOUR);
    expect(await resolveNextDueTurn(app.ctx, GAME)).toMatchObject({ turn: 1 });
    mod = visitor(app);
    await logIn(app, mod, 'mod@pbem.test');
  });
  afterAll(() => app.close());

  it("the moderator's board: the board, every unit, both scores", async () => {
    const page = await mod.get(`/games/${GAME}/moderate`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="board-map"');
    expect(page.text).toMatch(/Scores now: West \d+ · East \d+/);
    expect((page.text.match(/<g class="unit"/g) ?? []).length).toBe(8);
  });

  it("the archive: the game, and turn 1 with each side's orders (east's standing), the moves drawn, every die", async () => {
    const game = await visitor(app).get(`/archive/${GAME}`);
    expect(game.status).toBe(200);
    expect(game.text).toContain('id="archive-map"');
    const turn = await visitor(app).get(`/archive/${GAME}/turn/1`);
    expect(turn.status).toBe(200);
    expect(turn.text).toContain('MOVE WM NE NE');
    expect(turn.text).toContain('FIRE WH HOLD');
    expect(turn.text).toContain('standing orders: every unit holds and fires at the nearest');
    expect(turn.text).toMatch(/<polyline class="move" data-unit="WM"/);
    expect(turn.text).toMatch(/initiative: west<\/td><td class="roll">\d/);
  });

  it('the new-game page offers the Simple Combat Game with its scenarios', async () => {
    const page = await mod.get('/games/new');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Simple Combat Game (a scenario, two sides)');
    expect(page.text).toContain('value="scg-combined-arms"');
  });
});
