/**
 * The Simple Combat Game's pages beyond the seat's (which the conformance suite and the browser test cover): the
 * moderator's board with the whole board, every unit and both scores; the archive's game and turn pages with the
 * board as SVG, each side's orders once the turn resolved and every die; the new-game page's fieldset, with a game
 * from force lists within a points budget created through it and one over the budget refused by its field.
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
  it('the new-game page: a game from force lists within a budget; one over it shown by the force table', async () => {
    const form = (id: string, counts: Record<string, string>) => ({
      ruleset: 'scg',
      name: 'Own forces',
      id,
      scgScenario: 'forces',
      scgRangeScale: '1',
      scgPosition: '',
      scgBoard: 'scg-tank-battle',
      scgBudget: '40',
      'scgForce-west-medium-tank': '2',
      'scgForce-east-light-tank': '5',
      ...counts,
      turnHours: '24',
      turnLimit: '',
      archive: 'public',
      seatSide: ['west', 'east'],
      seatEmail: ['w@pbem.test', 'e@pbem.test'],
      seatName: ['Ann', 'Bob'],
      seatTimeZone: ['UTC', 'UTC'],
    });
    const blank = await mod.get('/games/new');
    // The force table starts with Tank Battle's forces: 1 Dual-Heavy, 1 Medium, 2 Light Tanks, 61 points.
    expect(blank.text).toContain(
      'id="scgForce-west-light-tank" name="scgForce-west-light-tank" inputmode="numeric" size="3" value="2"',
    );
    expect(blank.text).toMatch(/id="scgBudget" name="scgBudget" inputmode="numeric" value="61"/);
    const created = await mod.post('/games/new', form('scg-forces', {}));
    expect(created.status, created.text.slice(0, 2000)).toBe(201);
    const view = await app.call('GET', '/api/games/scg-forces');
    expect(view.body.game).toMatchObject({ ruleset: 'scg', status: 'active', turn: { number: 1 } });
    const state = view.body.game.position as { units: { id: string; type: string; hex: string }[] };
    expect(state.units.map((u) => `${u.id} ${u.type} ${u.hex}`)).toEqual([
      'WM1 medium-tank 0106',
      'WM2 medium-tank 0107',
      'EL1 light-tank 1607',
      'EL2 light-tank 1606',
      'EL3 light-tank 1608',
      'EL4 light-tank 1605',
      'EL5 light-tank 1609',
    ]);

    await mod.get('/games/new');
    const over = await mod.post('/games/new', form('scg-over', { 'scgForce-east-dual-heavy-tank': '1' }));
    expect(over.status).toBe(400);
    expect(over.text).toContain(
      'id="scgForces-problems"><li>forces.east: east&#x27;s force costs 70 points, over the budget of 40: take units out or raise the budget</li>',
    );
    // What was typed stays in the form.
    expect(over.text).toContain('name="scgForce-east-dual-heavy-tank" inputmode="numeric" size="3" value="1"');
    expect((await app.call('GET', '/api/games/scg-over')).status).toBe(404);
  });
});
