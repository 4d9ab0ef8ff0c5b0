/**
 * The campaign's game page in-process: setup and orders through the same use
 * case as mail, answered with what was accepted or every problem; the page
 * built from the side's own view only (rules-strategic.md §6), so that its
 * HTML, its SVG and the data of its live check hold nothing of the enemy the
 * rules hide.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/games/errors.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import type { CampaignCheckData } from '../../../src/web/kinds/msc-strategic/campaign-check.ts';
import { checkCampaignText } from '../../../src/web/kinds/msc-strategic/campaign-check.ts';
import { jsonForPage } from '../../../src/web/kinds/page-parts.ts';
import { databaseKinds } from '../../support/db.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, campaignGame, logIn, visitor, type Visitor } from '../pages-support.ts';

const ID = 'camp';

/** The live check's data a page carries. */
function checkData(html: string): CampaignCheckData {
  const json = /<script type="application\/json" id="campaign-check-data">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its live check data').toBeDefined();
  return JSON.parse(json!) as CampaignCheckData;
}

describe.each(databaseKinds)('the campaign page on %s', (kind) => {
  let app: TestApp;
  let tokens: Record<'red' | 'blue', string>;
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

  /** Both sides set up through the page; the setup turn resolves and turn 1 opens. */
  async function setUp(settings: Record<string, unknown> = {}) {
    tokens = await campaignGame(app.ctx, ID, settings);
    for (const [who, side] of [
      [alice, 'red'],
      [bob, 'blue'],
    ] as const) {
      await who.get(`/games/${ID}`);
      const sent = await who.post(`/games/${ID}/orders/text`, { side, text: CAMPAIGN_SETUPS[side](ID) });
      expect(sent.status, sent.text.slice(0, 500)).toBe(303);
    }
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
  }

  it('shows the setup form with the map and the deadline in the seat’s zone, and answers a setup as mail does', async () => {
    tokens = await campaignGame(app.ctx, ID);
    expect((await alice.get('/')).text).toContain(`href="/games/${ID}"`);
    const page = await alice.get(`/games/${ID}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your starting fleets (setup)');
    expect(page.text).toContain('class="hex-map campaign-map"');
    expect(page.text).toMatch(/Setup due <strong>[^<]+UTC<\/strong> = [^<]*Paris/);
    expect(page.text).toContain(`GAME ${ID} TURN 0`);
    expect(checkData(page.text)).toMatchObject({ turn: 0, side: 'red', budget: 30 });

    // Over the budget: refused with every problem, by line, and the text kept; nothing stored.
    const over = [`GAME ${ID} TURN 0`, 'BUILD Big1 E9 S9 H2 W F AS F1', 'END'].join('\n');
    const refused = await alice.post(`/games/${ID}/orders/text`, { side: 'red', text: over });
    expect(refused.status).toBe(422);
    const byMail = await submitText(app.ctx, { gameId: ID, token: tokens.red, text: over, channel: 'mail' }).catch(
      (e: unknown) => e,
    );
    expect(byMail).toBeInstanceOf(AppError);
    const problems = (byMail as AppError).problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(refused.text).toContain(`line ${p.line}: ${p.message}`.replace(/"/g, '&quot;'));
    expect(refused.text).toContain('BUILD Big1 E9 S9 H2 W F AS F1');
    expect((await alice.get(`/games/${ID}`)).text).toContain('You have no setup in yet');

    // The browser's check gives the same problems from the page's data alone.
    expect(checkCampaignText(over, checkData(page.text)).map((p) => p.message)).toEqual(problems.map((p) => p.message));
    expect(checkCampaignText(CAMPAIGN_SETUPS.red(ID), checkData(page.text))).toEqual([]);

    // Without the form's CSRF token nothing is taken.
    const forged = await alice.post(
      `/games/${ID}/orders/text`,
      { side: 'red', text: CAMPAIGN_SETUPS.red(ID) },
      { csrf: null },
    );
    expect(forged.status).toBe(403);
    expect((await alice.get(`/games/${ID}`)).text).toContain('You have no setup in yet');

    const accepted = await alice.post(`/games/${ID}/orders/text`, { side: 'red', text: CAMPAIGN_SETUPS.red(ID) });
    expect(accepted.status).toBe(303);
    const after = await alice.get(accepted.location!);
    expect(after.text).toContain('Accepted');
    expect(after.text).toContain('BUILD Rdart2 E5 S2 H1 W F JOIN Rwing');
  });

  it('has no form of another kind’s: a tactical fleet or per-ship orders posted to a campaign are not found', async () => {
    tokens = await campaignGame(app.ctx, ID);
    await alice.get(`/games/${ID}`);
    for (const [path, body] of [
      ['fleet', { side: 'red', fleet: 'Hawk 0203 SE 3 3 3 F' }],
      ['orders', { side: 'red', turn: '0', ship: 'Hawk', speed: '1', move: '1', fire: '' }],
    ] as const) {
      const posted = await alice.post(`/games/${ID}/${path}`, body);
      expect(posted.status, path).toBe(404);
      expect(posted.text).toContain('a strategic campaign has no such form');
    }
    expect((await alice.get(`/games/${ID}`)).text).toContain('You have no setup in yet');
  });

  it('shows a turn: own fleets with ids, counts and reach, the sheets, and an order form answered as mail', async () => {
    await setUp();
    const page = await alice.get(`/games/${ID}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Orders for turn 1');
    expect(page.text).toMatch(/data-fleet="Rwing"[^>]*tabindex="0"/);
    expect(page.text).toContain('Rwing·2');
    expect(page.text).toContain('class="reach"');
    // Blue's fleet is seen where it is (fog positions), its count not known.
    expect(page.text).toContain('Bhost·?');
    expect(page.text).toContain('Fleet Control Sheet: Red League');
    expect(page.text).toContain('Production Control Sheet: Red League');
    expect(page.text).not.toContain('Control Sheet: Blue Union');
    // The sheets' columns line up: every line of the table starts at the left edge of its box, as the first does.
    const fleetSheet = /aria-label="Fleet Control Sheet: Red League">([^<]*)<\/pre>/.exec(page.text)?.[1] ?? '';
    expect(fleetSheet.split('\n')).toEqual([
      'Fleet Rwing at 0101: reach 5; retreat never; loss order none (cheapest first)',
      'Ship    Off BP  Def BP  ENGINE  BP',
      '------  ------  ------  ------  --',
      'Rdart1       3       2       5  10',
      'Rdart2       3       2       5  10',
      'Dice each round when it fights alone: no attack die (6 offensive BP, under 7),',
      '    1 save die (4 defensive BP, 1 per full 3)',
      '',
      'In a battle a side&#x27;s fleets in the hex fight as one: their BP add up before',
      '    the dice are counted.',
      '',
    ]);
    // The setup phase is turn 0 of the game, but no turn of the campaign to tell.
    expect(page.text).not.toContain('What your side saw in turn 0');

    const wrong = [`GAME ${ID} TURN 1`, 'MOVE Bhost N', 'END'].join('\n');
    const refused = await alice.post(`/games/${ID}/orders/text`, { side: 'red', text: wrong });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('line 2:');
    expect(checkCampaignText(wrong, checkData(page.text)).length).toBeGreaterThan(0);

    const move = [`GAME ${ID} TURN 1`, 'MOVE Rwing TO 0404', 'END'].join('\n');
    expect(checkCampaignText(move, checkData(page.text))).toEqual([]);
    const sent = await alice.post(`/games/${ID}/orders/text`, { side: 'red', text: move });
    expect(sent.status).toBe(303);
    expect((await alice.get(`/games/${ID}`)).text).toMatch(/Your orders in[\s\S]*MOVE Rwing/);

    // A message to the other side, from the page, as in the tactical game.
    await alice.post(`/games/${ID}/messages`, { side: 'red', to: 'blue', text: 'Shall we talk?' });
    expect((await bob.get(`/games/${ID}`)).text).toMatch(/From Red League[\s\S]*Shall we talk\?/);

    // The turn resolves; Red's page draws its move and tells the turn as Red saw it.
    app.ctx.clock.advanceBy(25 * 3600_000);
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 1 });
    const next = await alice.get(`/games/${ID}`);
    expect(next.text).toMatch(/<g class="move" data-fleet="Rwing">/);
    expect(next.text).toContain('What your side saw in turn 1');
  });

  it.each(['positions', 'sensors'] as const)(
    'with fog %s, the seat’s page, SVG and check data hold no enemy ship id, and enemy fleets only where seen',
    async (fog) => {
      await setUp({ fog });
      const page = (await bob.get(`/games/${ID}`)).text;
      const data = JSON.stringify(checkData(page));
      // rules-strategic.md §6: "never its ship designs, nor the enemy's BP store or orders"; nor its ship ids.
      for (const text of [page, data]) {
        expect(text).not.toContain('Rdart1');
        expect(text).not.toContain('Rdart2');
        expect(text).toContain('Bspear1');
      }
      // Red's fleet is 6 hexes away, beyond SENSOR_RANGE 3: its count is not known; with fog sensors it is not shown
      // (§6: 'fog: "sensors" hides enemy fleets entirely unless detected this turn').
      if (fog === 'positions') {
        expect(page).toContain('Rwing·?');
        expect(data).toContain('Rwing');
      } else {
        expect(page).not.toContain('Rwing');
        expect(data).not.toContain('Rwing');
      }
      expect(data).not.toMatch(/"store":\{/);
      expect(checkData(page).view.store).toBe(20);

      // The fleets close to within SENSOR_RANGE (Red to 0404, Blue to 0505): Blue sees Red's fleet and its count
      // (§6: "of an enemy fleet it sees its ship count only while it is detected"), never a ship.
      for (const [side, move] of [
        ['red', 'MOVE Rwing TO 0404'],
        ['blue', 'MOVE Bhost TO 0505'],
      ] as const)
        await submitText(app.ctx, {
          gameId: ID,
          token: tokens[side],
          text: [`GAME ${ID} TURN 1`, move, 'END'].join('\n'),
          channel: 'mail',
        });
      expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 1 });
      const seen = (await bob.get(`/games/${ID}`)).text;
      expect(seen).toContain('Rwing·2');
      expect(JSON.stringify(checkData(seen))).toContain('Rwing');
      for (const text of [seen, JSON.stringify(checkData(seen))]) expect(text).not.toMatch(/Rdart[12]/);
      // Red's move is Red's: Blue's map draws none of it.
      expect(seen).not.toContain('<g class="move" data-fleet="Rwing">');
    },
  );

  it('shows its moderator everything — the whole map, every fleet and ship, both sides’ sheets — and its actions work', async () => {
    tokens = await campaignGame(app.ctx, ID);
    const mod = visitor(app);
    await logIn(app, mod, 'mod@pbem.test');
    await alice.get(`/games/${ID}`);
    await alice.post(`/games/${ID}/orders/text`, { side: 'red', text: CAMPAIGN_SETUPS.red(ID) });

    const setupBoard = await mod.get(`/games/${ID}/moderate`);
    expect(setupBoard.status).toBe(200);
    expect(setupBoard.text).toContain('The whole campaign (setup');
    expect(setupBoard.text).toContain('id="moderator-map"');
    expect(setupBoard.text).toContain('BUILD Rdart2 E5 S2 H1 W F JOIN Rwing');
    // Closing the setup now gives Blue the default build.
    expect((await mod.post(`/games/${ID}/moderate/resolve`, { reason: 'Blue is away' })).status).toBe(303);
    await resolveNextDueTurn(app.ctx);

    const board = await mod.get(`/games/${ID}/moderate`);
    expect(board.text).toContain('Rdart1, Rdart2');
    expect(board.text).toContain('BLUE1');
    expect(board.text).toMatch(/Rwing·2/);
    for (const side of ['Red League', 'Blue Union'])
      for (const sheet of ['Fleet', 'Production']) expect(board.text).toContain(`${sheet} Control Sheet: ${side}`);

    for (const [action, fields] of [
      ['deadline', { extendHours: '12', reason: 'travel' }],
      ['pause', { reason: 'holiday' }],
      ['resume', { reason: 'back' }],
      ['resolve', { reason: 'both done' }],
    ] as const) {
      await mod.get(`/games/${ID}/moderate`);
      const done = await mod.post(`/games/${ID}/moderate/${action}`, fields);
      expect([action, done.status]).toEqual([action, 303]);
    }
    await resolveNextDueTurn(app.ctx);
    expect((await mod.get(`/games/${ID}/moderate`)).text).toContain('Turn 1 in full');
    await mod.post(`/games/${ID}/moderate/rollback`, { reason: 'a mistake' });
    expect((await mod.get(`/games/${ID}/moderate`)).text).toMatch(/turn 1 \(open\)/);
    await mod.post(`/games/${ID}/moderate/replace`, {
      side: 'blue',
      email: 'carol@pbem.test',
      name: 'Carol',
      reason: 'Bob left',
    });
    expect((await mod.get(`/games/${ID}/moderate`)).text).toContain('carol@pbem.test');
    const ended = await mod.post(`/games/${ID}/moderate/end`, { how: 'end', reason: 'time is up' });
    expect(ended.status).toBe(303);
    expect((await mod.get(`/games/${ID}/moderate`)).text).toContain('finished');
    // The players' page of the ended campaign: its result, no form.
    const over = await alice.get(`/games/${ID}`);
    expect(over.status).toBe(200);
    expect(over.text).toContain('class="result"');
    expect(over.text).not.toContain('Send these orders');
  });

  it('escapes what the moderator wrote, in the HTML and the SVG; the live check’s JSON cannot close its element', async () => {
    const evil = '</script><script>alert(1)</script>';
    tokens = await campaignGame(app.ctx, ID, {
      sides: [
        { id: 'red', name: `Red ${evil}` },
        { id: 'blue', name: 'Blue Union' },
      ],
      map: {
        kind: 'given',
        width: 7,
        height: 7,
        systems: [
          { hex: '0101', home: 'red' },
          { hex: '0404', name: "Vega's Rest" },
          { hex: '0707', home: 'blue' },
        ],
      },
    });
    const page = (await alice.get(`/games/${ID}`)).text;
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)');
    expect(checkData(page).view.systems.map((s) => s.name)).toContain("Vega's Rest");
    // Whatever the data held, it could not close its element.
    expect(jsonForPage({ name: evil })).not.toContain('<');
    expect(JSON.parse(jsonForPage({ name: evil }))).toEqual({ name: evil });
  });

  describe('the new-game page', () => {
    const campaignForm = (id: string, fields: Record<string, string> = {}) => ({
      ruleset: 'msc-strategic',
      name: 'Web campaign',
      id,
      campaignSides: 'red:Red League, blue:Blue Union',
      mapKind: 'generated',
      mapWidth: '8',
      mapHeight: '8',
      mapSystems: '5',
      mapSeed: 'web',
      mapJson: '',
      campaignBudget: '',
      setupHours: '',
      battles: 'strategic',
      fog: 'positions',
      turnHours: '24',
      turnLimit: '',
      archive: 'public',
      seatSide: ['red', 'blue', '', ''],
      seatEmail: ['alice@pbem.test', 'bob@pbem.test', '', ''],
      seatName: ['Alice', 'Bob', '', ''],
      seatTimeZone: ['UTC', 'UTC', 'UTC', 'UTC'],
      ...fields,
    });
    let mod: Visitor;
    beforeEach(async () => {
      mod = visitor(app);
      await logIn(app, mod, 'mod@pbem.test');
      await mod.get('/games/new');
    });

    it('creates a campaign through the create-game use case: defaults, invitations, the setup open', async () => {
      expect((await mod.get('/games/new')).text).toContain('<option value="msc-strategic"');
      const created = await mod.post('/games/new', campaignForm('web-camp'));
      expect(created.status, created.text.slice(0, 2000)).toBe(201);
      const view = await app.call('GET', '/api/games/web-camp');
      expect(view.body.game).toMatchObject({ ruleset: 'msc-strategic', status: 'setup', turn: { number: 0 } });
      // The BP budget defaults to 150 (rules-strategic.md §2), battles to strategic, fog to positions.
      expect(view.body.game.kindSettings).toMatchObject({ budget: 150, battles: 'strategic', fog: 'positions' });
      const setup = await alice.get('/games/web-camp');
      expect(setup.text).toContain('Build your starting ships within 150 BP');
    });

    it('shows each problem by its field (a number that is not one, a given map that cannot be); tactical battles are taken', async () => {
      const notNumber = await mod.post('/games/new', campaignForm('c-a', { mapWidth: 'wide' }));
      expect(notNumber.status).toBe(400);
      expect(notNumber.text).toMatch(/aria-invalid="true" aria-describedby="mapWidth-problems"/);
      expect(notNumber.text).toMatch(/id="mapWidth-problems"><li>map width: &quot;wide&quot; is not a number/);

      await mod.get('/games/new');
      const tactical = await mod.post('/games/new', campaignForm('c-b', { battles: 'tactical' }));
      expect(tactical.status).toBe(201);
      expect((await app.call('GET', '/api/games/c-b')).status).toBe(200);

      await mod.get('/games/new');
      const given = await mod.post(
        '/games/new',
        campaignForm('c-c', {
          mapKind: 'given',
          mapJson: JSON.stringify({ width: 6, height: 6, systems: [{ hex: '0101', home: 'red' }, { hex: '0909' }] }),
        }),
      );
      expect(given.status).toBeGreaterThanOrEqual(400);
      expect(given.text).toMatch(/id="mapJson-problems"><li>/);
      expect((await app.call('GET', '/api/games/c-c')).status).toBe(404);
    });
  });
});
