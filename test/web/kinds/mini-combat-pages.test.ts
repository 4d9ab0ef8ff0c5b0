/**
 * Mini Combat's pages beyond the seat's (which the conformance suite, the fog test and the browser test cover): the
 * new-game page's fieldset, a defensive battle on a generated board created through it and a generated board without
 * its seed refused by its field; the moderator's board with the whole battlefield, hidden scouts included; the
 * archive while the battle runs — a seat reads every turn as its side saw it, anyone else nothing — and once it is
 * over, everything: both sides' orders and every die (rules-mini-combat.md §9.3, §22.4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../../../src/games/games/create.ts';
import { endGame } from '../../../src/games/moderation/moderation.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { logIn, visitor, type Visitor } from '../pages-support.ts';
import { startTestApp, type TestApp } from '../support.ts';

const GAME = 'mc-pages';
const DESIGNS = [
  'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4',
  'DESIGN Scout INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec',
];

describe('the Mini Combat pages', () => {
  let app: TestApp;
  let mod: Visitor;
  let ann: Visitor;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    const created = await createGame(
      app.ctx,
      {
        id: GAME,
        name: 'Pages',
        ruleset: 'mini-combat',
        settings: { points: 400, map: { width: 24, height: 20 } },
        seats: [
          { side: 'red', email: 'r@pbem.test', name: 'Ann' },
          { side: 'blue', email: 'b@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    key = created.moderatorToken;
    const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
    const send = (side: string, turn: number, lines: string[]) =>
      submitText(app.ctx, {
        gameId: GAME,
        token: token(side),
        text: [`GAME ${GAME} TURN ${turn}`, ...lines, 'END'].join('\n'),
        channel: 'web',
      });
    await send('red', 0, [...DESIGNS, 'UNIT Rt Tank*2 AT 1204 FACE S', 'UNIT Owl Scout*2 AT 2410 FACE S']);
    await send('blue', 0, [...DESIGNS, 'UNIT Bt Tank*2 AT 1217 FACE N', 'UNIT Fox Scout*2 AT 0110 FACE N']);
    expect(await resolveNextDueTurn(app.ctx, GAME)).toMatchObject({ turn: 0 });
    await send('red', 1, ['UNIT Rt MOVE S S S S']);
    await send('blue', 1, ['UNIT Bt MOVE N N']);
    expect(await resolveNextDueTurn(app.ctx, GAME)).toMatchObject({ turn: 1 });
    mod = visitor(app);
    await logIn(app, mod, 'mod@pbem.test');
    ann = visitor(app);
    await logIn(app, ann, 'r@pbem.test');
  });
  afterAll(() => app.close());

  it("the moderator's board: the whole battlefield, both sides' hidden scouts included, and the score", async () => {
    const page = await mod.get(`/games/${GAME}/moderate`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="board-map"');
    for (const unit of ['Rt', 'Owl', 'Bt', 'Fox']) expect(page.text).toContain(`data-unit="${unit}"`);
    expect(page.text).toMatch(/Victory points: Red \d+, Blue \d+\./);
  });

  it('the archive while it runs: a seat reads its side’s view of each turn; anyone else reads nothing yet', async () => {
    const turn = await ann.get(`/archive/${GAME}/turn/1`);
    expect(turn.status).toBe(200);
    expect(turn.text).toContain('As Red saw it');
    expect(turn.text).toContain('UNIT Rt MOVE S S S S');
    // Blue's scouts and orders are not Red's to read while the battle runs.
    expect(turn.text).not.toMatch(/\bFox/);
    expect(turn.text).not.toContain('UNIT Bt MOVE N N');
    expect(turn.text).toContain('data-unit="Owl"');
    const anyone = await visitor(app).get(`/archive/${GAME}/turn/1`);
    expect(anyone.text).not.toMatch(/\bFox|\bOwl/);
  });

  it('once it is over, the archive shows everything: both sides’ orders, hidden units, every die', async () => {
    await endGame(app.ctx, { gameId: GAME, key }, 'end', 'over');
    const turn = await visitor(app).get(`/archive/${GAME}/turn/1`);
    expect(turn.status).toBe(200);
    expect(turn.text).toContain('UNIT Rt MOVE S S S S');
    expect(turn.text).toContain('UNIT Bt MOVE N N');
    expect(turn.text).toContain('data-unit="Fox"');
    expect(turn.text).toMatch(/initiative: red<\/td><td class="roll">\d/);
    const game = await visitor(app).get(`/archive/${GAME}`);
    expect(game.text).toContain('id="seed"');
  });

  it('the new-game page: a defensive battle on a generated board; a generated board without a seed is refused', async () => {
    const blank = await mod.get('/games/new');
    expect(blank.text).toContain('Mini Combat battle (army lists, standard or defensive)');
    const form = (id: string, fields: Record<string, string>) => ({
      ruleset: 'mini-combat',
      name: 'Hold the ridge',
      id,
      miniBattle: 'defensive',
      miniPoints: '1000',
      miniDefender: 'red',
      miniBoard: 'generated',
      miniSeed: 'ridge-3',
      miniTerrain: '',
      miniWidth: '24',
      miniHeight: '36',
      miniStack: '3',
      ...fields,
      turnHours: '48',
      turnLimit: '12',
      archive: 'public',
      seatSide: ['red', 'blue'],
      seatEmail: ['r@pbem.test', 'b@pbem.test'],
      seatName: ['Ann', 'Bob'],
      seatTimeZone: ['UTC', 'UTC'],
    });
    const created = await mod.post('/games/new', form('mc-new', {}));
    expect(created.status, created.text.slice(0, 2000)).toBe(201);
    const view = await app.call('GET', '/api/games/mc-new');
    expect(view.body.game).toMatchObject({ ruleset: 'mini-combat', status: 'setup' });
    const refused = await mod.post('/games/new', form('mc-bad', { miniSeed: '' }));
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="miniSeed-problems"><li>seed: board generated draws its terrain from a seed/);
    expect((await app.call('GET', '/api/games/mc-bad')).status).toBe(404);
  });
});
