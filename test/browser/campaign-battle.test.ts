/**
 * A campaign battle fought through the web pages, in Chromium (rules-strategic.md §8, `battles: "tactical"`): two
 * players set up and order on the campaign pages until their fleets meet — Red's moves to 0404 in turn 1, Blue's
 * into it in turn 2 — so that turn 2 waits for a battle. Each player follows the campaign page's link to the battle,
 * deploys the ships given through the deployment form (Alice first writes a hex outside her zone and is shown the
 * problem), both play the battle's first turn in the tactical order form, Alice concedes the battle, and both come
 * back by the battle page's link to the campaign, turn 2 resolved from the battle's outcome: Red's fleet, which
 * disengaged, has retreated one hex toward home. axe-core finds no violation on the campaign page listing the
 * battle nor on the deployment page. A screenshot is kept in test-artifacts/campaign-battle-deploy.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CAMPAIGN_SETUPS, campaignGame } from '../web/pages-support.ts';
import { ARTIFACTS, axeViolations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const GAME = 'web-war';
const BATTLE = `${GAME}-t2b1`;
const TITLE = 'Battle at 0404, campaign turn 2';
const available = chromiumAvailable();

describe.skipIf(!available)('a campaign battle in Chromium', () => {
  let rig: BrowserRig;
  let alice: BrowserContext;
  let bob: BrowserContext;
  let a: Page;
  let b: Page;

  /** Opens `path` again until `heading` is on it: the service's own worker resolves the turns. */
  async function until(page: Page, path: string, heading: string): Promise<void> {
    await expect
      .poll(
        async () => {
          await page.goto(`${rig.server.url}${path}`);
          return page.getByRole('heading', { name: heading, exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
  }

  /** Sends campaign orders (or a setup) in the campaign page's text form, accepted. */
  async function campaignOrders(page: Page, text: string, button: string): Promise<void> {
    await page.getByLabel(/, in the orders language$/).fill(text);
    await page.getByRole('button', { name: button }).click();
    await expect(page.locator('.notice').first().textContent()).resolves.toContain('Accepted');
  }

  beforeAll(async () => {
    rig = await startRig();
    await campaignGame(rig.server.ctx, GAME, { battles: 'tactical' });
    alice = await rig.person();
    // Bob plays from a phone.
    bob = await rig.person({ width: 390, height: 844 });
    a = await alice.newPage();
    b = await bob.newPage();
    await logInByMail(rig, a, 'alice@pbem.test');
    await logInByMail(rig, b, 'bob@pbem.test');
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
  });

  it(
    'both set up and order on the campaign pages until their fleets meet; the campaign page links the battle',
    { timeout: 180_000 },
    async () => {
      await a.goto(`${rig.server.url}/games/${GAME}`);
      await campaignOrders(a, CAMPAIGN_SETUPS.red(GAME), 'Send my setup');
      await b.goto(`${rig.server.url}/games/${GAME}`);
      await campaignOrders(b, CAMPAIGN_SETUPS.blue(GAME), 'Send my setup');

      await until(a, `/games/${GAME}`, 'Orders for turn 1');
      await campaignOrders(a, `GAME ${GAME} TURN 1\nMOVE Rwing TO 0404\nEND`, 'Send these orders');
      await until(b, `/games/${GAME}`, 'Orders for turn 1');
      await campaignOrders(b, `GAME ${GAME} TURN 1\nMOVE Bhost TO 0606\nEND`, 'Send these orders');

      // Turn 2: Blue moves into the hex Red holds — "the attacker is the side that moved a fleet into the hex while
      // an enemy fleet was there" — and Red stays.
      await until(a, `/games/${GAME}`, 'Orders for turn 2');
      await campaignOrders(a, `GAME ${GAME} TURN 2\nRETREAT Rwing NEVER\nEND`, 'Send these orders');
      await until(b, `/games/${GAME}`, 'Orders for turn 2');
      await campaignOrders(b, `GAME ${GAME} TURN 2\nMOVE Bhost TO 0404\nEND`, 'Send these orders');

      // "the campaign turn resolves only when every such battle has ended": the page lists the battle, linked.
      await until(a, `/games/${GAME}`, 'Battles of turn 2');
      await expect(a.getByText('The turn waits for its battles').isVisible()).resolves.toBe(true);
      await expect(a.getByRole('link', { name: TITLE }).getAttribute('href')).resolves.toBe(`/games/${BATTLE}`);
      expect((await axeViolations(a)).map((v) => `${v.id}: ${v.help} — ${v.targets.join(', ')}`)).toEqual([]);
    },
  );

  it(
    'each follows the link and deploys in the form; a hex outside the zone is shown as the problem',
    { timeout: 120_000 },
    async () => {
      await a.getByRole('link', { name: TITLE }).click();
      await expect(a.getByRole('heading', { name: 'Deploy your ships' }).isVisible()).resolves.toBe(true);
      await expect(a.getByRole('link', { name: 'Web campaign' }).first().getAttribute('href')).resolves.toBe(
        `/games/${GAME}`,
      );
      // The defender's zone and its default placement, filled in ("defender: row 3 … facing S").
      await expect(a.getByText('Your zone: columns 01–24, rows 01–03.').isVisible()).resolves.toBe(true);
      const form = a.getByLabel(/^Your deployment/);
      await expect(form.inputValue()).resolves.toBe('Rdart1 1203 S\nRdart2 1303 S');
      const found = await axeViolations(a);
      await a.screenshot({ path: join(ARTIFACTS, 'campaign-battle-deploy.png'), fullPage: true });
      expect(found.map((v) => `${v.id}: ${v.help} — ${v.targets.slice(0, 3).join(', ')}`)).toEqual([]);

      await form.fill('Rdart1 1209 S\nRdart2 1303 S');
      await a.getByRole('button', { name: 'Deploy my ships' }).click();
      await expect(a.getByRole('alert').textContent()).resolves.toContain(
        'line 1 (Rdart1): 1209 is outside your deployment zone (columns 01–24, rows 01–03)',
      );
      await expect(a.getByLabel(/^Your deployment/).inputValue()).resolves.toBe('Rdart1 1209 S\nRdart2 1303 S');
      await a.getByLabel(/^Your deployment/).fill('Rdart1 1203 S\nRdart2 1302 SE');
      await a.getByRole('button', { name: 'Deploy my ships' }).click();
      await expect(a.locator('#deploy .standing pre').textContent()).resolves.toBe('Rdart1 1203 S\nRdart2 1302 SE');
      await expect(a.getByText('Waiting for the other side').isVisible()).resolves.toBe(true);

      // Bob, on his phone, follows the link from the campaign page and sends the default placement as it stands.
      await b.goto(`${rig.server.url}/games/${GAME}`);
      await b.getByRole('link', { name: TITLE }).click();
      await expect(b.getByLabel(/^Your deployment/).inputValue()).resolves.toBe('Bspear1 1216 N');
      await b.getByRole('button', { name: 'Deploy my ships' }).click();
      // Both have deployed: the battle starts.
      await expect(b.getByRole('heading', { name: 'Orders for turn 1' }).isVisible()).resolves.toBe(true);
    },
  );

  it(
    'both play the battle’s first turn in the order form; Alice concedes; the campaign turn resolves from its outcome',
    { timeout: 180_000 },
    async () => {
      await until(a, `/games/${BATTLE}`, 'Orders for turn 1');
      for (const i of [0, 1]) {
        await a.locator(`#speed-${i}`).selectOption('1');
        await a.locator(`#move-${i}`).fill('1');
      }
      await a.getByRole('button', { name: 'Send orders' }).click();
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('Accepted');
      await b.locator('#speed-0').selectOption('2');
      await b.locator('#move-0').fill('2');
      await b.getByRole('button', { name: 'Send orders' }).click();
      await expect(b.locator('.notice').first().textContent()).resolves.toContain('Accepted');

      await until(a, `/games/${BATTLE}`, 'Orders for turn 2');
      await expect(a.getByRole('heading', { name: 'What happened in turn 1' }).isVisible()).resolves.toBe(true);
      await a.getByText('Or write them in the orders language').click();
      await a.getByLabel('Orders', { exact: true }).fill('CONCEDE');
      await a.getByRole('button', { name: 'Send these orders' }).click();
      // CONCEDE alone gives nothing up: the page says what to write.
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('Not conceded');
      await a.getByText('Or write them in the orders language').click();
      await a.getByLabel('Orders', { exact: true }).fill(`CONCEDE ${BATTLE}`);
      await a.getByRole('button', { name: 'Send these orders' }).click();
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('conceded');

      // The battle ends; the battle's page still names its campaign, and links back to it.
      for (const page of [a, b]) {
        await expect
          .poll(
            async () => {
              await page.goto(`${rig.server.url}/games/${BATTLE}`);
              return page.locator('.result').count();
            },
            { timeout: 30_000 },
          )
          .toBe(1);
        await page.locator('.battle-of').getByRole('link', { name: 'Web campaign' }).click();
        await until(page, `/games/${GAME}`, 'Orders for turn 3');
        await expect(page.getByRole('heading', { name: 'Battles of turn 2, ended' }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole('link', { name: "the battle's archive" }).getAttribute('href')).resolves.toBe(
          `/archive/${BATTLE}`,
        );
      }
      // Red disengaged by conceding: "Ships that disengage … retreat one hex toward home with their fleet".
      const rwing = a.locator('table.fleets tr', { has: a.getByRole('rowheader', { name: 'Rwing' }) });
      await expect(rwing.textContent()).resolves.not.toContain('0404');
      await expect(a.locator('#events-heading').textContent()).resolves.toBe('What your side saw in turn 2');
    },
  );
});
