/**
 * The campaign page as players live it (issue "Campaigns as players live them", items 3–5): a Star Systems table
 * and system names on the SVG map (only what the side's view holds), enemy fleets named in the narrative as the
 * map names them, and the warning for a ship that can never roll an attack die of its own — on the page as in the
 * mail and API answers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import type { CampaignCheckData } from '../../../src/web/kinds/msc-strategic/campaign-check.ts';
import { formatHex } from '../../../src/rules/hex.ts';
import { databaseKinds } from '../../support/db.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, campaignGame, logIn, visitor, type Visitor } from '../pages-support.ts';

const ID = 'camps';

function checkData(html: string): CampaignCheckData {
  const json = /<script type="application\/json" id="campaign-check-data">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its live check data').toBeDefined();
  return JSON.parse(json!) as CampaignCheckData;
}

const WARNING = 'warning: BUILD Rdart1 (10 BP) has 3 offensive BP: alone it never rolls an attack die';

describe.each(databaseKinds)('the campaign page, systems and warnings, on %s', (kind) => {
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

  it('warns under the setup in of a ship with too few offensive BP to roll an attack die; the API answer says it too', async () => {
    tokens = await campaignGame(app.ctx, ID);
    await alice.get(`/games/${ID}`);
    const sent = await alice.post(`/games/${ID}/orders/text`, { side: 'red', text: CAMPAIGN_SETUPS.red(ID) });
    expect(sent.status).toBe(303);
    const page = (await alice.get(`/games/${ID}`)).text;
    expect(page).toMatch(
      /Your setup in[\s\S]*<ul class="warnings"><li>warning: BUILD Rdart1 \(10 BP\) has 3 offensive BP/,
    );
    const api = await app.call('POST', `/api/games/${ID}/orders`, {
      raw: CAMPAIGN_SETUPS.red(ID),
      contentType: 'text/plain',
      token: tokens.red,
    });
    expect(api.status).toBe(200);
    const notes = (JSON.parse(api.text) as { notes: string[] }).notes;
    expect(notes.some((n) => n.startsWith(WARNING))).toBe(true);
  });

  it('lists the star systems as the side knows them, and names them on the map', async () => {
    tokens = await campaignGame(app.ctx, ID);
    for (const side of ['red', 'blue'] as const)
      await submitText(app.ctx, { gameId: ID, token: tokens[side], text: CAMPAIGN_SETUPS[side](ID), channel: 'web' });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    const page = (await alice.get(`/games/${ID}`)).text;
    const view = checkData(page).view;
    expect(view.systems.length).toBeGreaterThan(0);
    expect(page).toContain('<caption>Star systems as you know them</caption>');
    for (const s of view.systems) {
      const hex = formatHex(s.hex);
      const owner = s.owner === null ? 'nobody' : s.owner === 'red' ? 'you' : 'Blue Union';
      const name = `${s.name ?? '-'}${s.home === null ? '' : ' (home)'}`;
      expect(page).toContain(`<tr><td>${hex}</td><th scope="row">${name}</th><td>${owner}</td>`);
      // On the SVG map, each system carries its name beside it.
      expect(page).toMatch(
        new RegExp(
          `<g class="system[^"]*" data-hex="${hex}"[^>]*>.*<text [^>]*class="system-label">${(s.name ?? hex).slice(0, 8)}`,
        ),
      );
    }
    // Red's home: Red's own, producing, held from the start; Blue's fleet sits there, its count not known.
    const home = view.systems.find((s) => s.home === 'red')!;
    expect(page).toMatch(new RegExp(`<tr><td>${formatHex(home.hex)}</td>.*?<td>you</td><td>1 BP</td><td>start</td>`));
    const blueHome = view.systems.find((s) => s.home === 'blue')!;
    expect(page).toMatch(new RegExp(`<tr><td>${formatHex(blueHome.hex)}</td>.*?<td>Bhost \\(\\?\\)</td></tr>`));
    // Never an enemy ship.
    expect(page).not.toMatch(/Bspear1/);
  });

  it('names an enemy fleet in the turn told as the map names it, and in the mail report alike', async () => {
    tokens = await campaignGame(app.ctx, ID, { fog: 'sensors' });
    for (const side of ['red', 'blue'] as const)
      await submitText(app.ctx, { gameId: ID, token: tokens[side], text: CAMPAIGN_SETUPS[side](ID), channel: 'web' });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
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
    const page = (await bob.get(`/games/${ID}`)).text;
    expect(page).toContain('Rwing·2');
    expect(page).toMatch(
      /<li>Sensors: your fleet Bhost detected Red League&#x27;s fleet Rwing \(2 ships\) at 0404, a new contact\.<\/li>/,
    );
    const mails = await app.ctx.db.query.outbox.findMany();
    const report = mails.filter((m) => m.toAddress === 'bob@pbem.test' && m.subject.includes('Turn 2 report')).at(-1)!;
    expect(report.textBody).toMatch(/^R Rwing at 0404: 2 ships/m);
    expect(report.textBody.replace(/\s+/g, ' ')).toContain("detected Red League's fleet Rwing (2 ships) at 0404");
  });
});
