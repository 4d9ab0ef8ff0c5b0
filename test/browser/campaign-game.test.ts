/**
 * A campaign through the web pages, in Chromium: two players log in by magic
 * link, each sets up their starting fleets in the setup form — one first
 * writes a ship whose design is no ship size, whose error the page shows as it
 * is typed, before anything is sent, while the untouched box shows none —
 * then both play turn 1 in the order form (a move
 * to a hex their fleet cannot name is caught as typed too), the turn
 * resolves, and each sees its own move drawn. axe-core finds no violation on
 * the campaign pages: the setup page, the turn page, the moderator's board
 * and the new-game page. A screenshot is kept in
 * test-artifacts/campaign-page.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CAMPAIGN_SETUPS, campaignGame } from '../web/pages-support.ts';
import { ARTIFACTS, axeViolations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const GAME = 'web-camp';
const available = chromiumAvailable();

describe.skipIf(!available)('a campaign in Chromium', () => {
  let rig: BrowserRig;
  let alice: BrowserContext;
  let bob: BrowserContext;
  let mod: BrowserContext;
  const found: string[] = [];

  async function axe(page: Page, what: string): Promise<void> {
    for (const v of await axeViolations(page))
      found.push(`${what}: ${v.id} (${v.impact ?? '-'}) ${v.help} — ${v.targets.slice(0, 3).join(', ')}`);
  }

  /** Opens the game page again until `heading` is on it: the service's own worker resolves the turn. */
  async function until(page: Page, heading: string): Promise<void> {
    await expect
      .poll(
        async () => {
          await page.goto(`${rig.server.url}/games/${GAME}`);
          return page.getByRole('heading', { name: heading }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
  }

  beforeAll(async () => {
    rig = await startRig();
    await campaignGame(rig.server.ctx, GAME);
    alice = await rig.person();
    // Bob plays from a phone.
    bob = await rig.person({ width: 390, height: 844 });
    mod = await rig.person();
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
  });

  it(
    'both players set up in the browser; a setup with an illegal design shows its error before it is sent',
    { timeout: 120_000 },
    async () => {
      const a = await alice.newPage();
      await logInByMail(rig, a, 'alice@pbem.test');
      await a.goto(`${rig.server.url}/games/${GAME}`);
      await expect(a.getByRole('heading', { name: 'Your starting fleets (setup)' }).isVisible()).resolves.toBe(true);
      await axe(a, 'setup page');
      const text = a.getByLabel('Setup, in the orders language');
      // The untouched box — the setup block the page filled in — shows no error before anything is typed.
      await expect(a.locator('#orders-check.bad').count()).resolves.toBe(0);
      await expect(text.getAttribute('aria-invalid')).resolves.not.toBe('true');
      await text.fill([`GAME ${GAME} TURN 0`, 'BUILD Big1 E5 S5 H3 W F,FL,FR AS F1', 'END'].join('\n'));
      await expect(a.locator('#orders-check').textContent()).resolves.toMatch(/^line 2: the design costs 19 BP/);
      await expect(text.getAttribute('aria-invalid')).resolves.toBe('true');
      await text.fill(CAMPAIGN_SETUPS.red(GAME));
      await expect(a.locator('#orders-check').textContent()).resolves.toBe('This setup would be accepted.');
      await a.getByRole('button', { name: 'Send my setup' }).click();
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('Accepted');

      const b = await bob.newPage();
      await logInByMail(rig, b, 'bob@pbem.test');
      await b.goto(`${rig.server.url}/games/${GAME}`);
      await b.getByLabel('Setup, in the orders language').fill(CAMPAIGN_SETUPS.blue(GAME));
      await b.getByRole('button', { name: 'Send my setup' }).click();
      await expect(b.locator('.notice').first().textContent()).resolves.toContain('Accepted');
    },
  );

  it(
    'both play turn 1 in the order form, checked as typed, and see their own moves once it resolves',
    { timeout: 120_000 },
    async () => {
      const a = alice.pages()[0]!;
      await until(a, 'Orders for turn 1');
      await axe(a, 'turn page');
      // Rwing's reach shows while it has the focus, from the keyboard.
      await a.locator('#campaign-map g.fleet[data-fleet="Rwing"]').focus();
      await expect(a.locator('#campaign-map g.fleet[data-fleet="Rwing"] .reach').isVisible()).resolves.toBe(true);
      // Chosen with Enter, it keeps showing its reach while the orders are typed.
      await a.keyboard.press('Enter');
      const text = a.getByLabel('Orders, in the orders language');
      await expect(a.locator('#orders-check.bad').count()).resolves.toBe(0);
      await text.focus();
      await expect(a.locator('#campaign-map g.fleet[data-fleet="Rwing"] .reach').isVisible()).resolves.toBe(true);
      await text.fill([`GAME ${GAME} TURN 1`, 'MOVE Nowhere TO 0404', 'END'].join('\n'));
      await expect(a.locator('#orders-check').textContent()).resolves.toMatch(/line 2: /);
      await text.fill([`GAME ${GAME} TURN 1`, 'MOVE Rwing TO 0404', 'END'].join('\n'));
      await expect(a.locator('#orders-check').textContent()).resolves.toBe('These orders would be accepted.');
      await a.getByRole('button', { name: 'Send these orders' }).click();
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('Accepted');
      await a.screenshot({ path: join(ARTIFACTS, 'campaign-page.png'), fullPage: true });

      const b = bob.pages()[0]!;
      await until(b, 'Orders for turn 1');
      await b
        .getByLabel('Orders, in the orders language')
        .fill([`GAME ${GAME} TURN 1`, 'MOVE Bhost TO 0606', 'END'].join('\n'));
      await expect(b.locator('#orders-check').textContent()).resolves.toBe('These orders would be accepted.');
      await b.getByRole('button', { name: 'Send these orders' }).click();
      await expect(b.locator('.notice').first().textContent()).resolves.toContain('Accepted');

      // Both sides' orders are in: the service's worker resolves the turn.
      await until(a, 'Orders for turn 2');
      await expect(a.locator('#campaign-map g.move[data-fleet="Rwing"]').count()).resolves.toBe(1);
      await expect(a.locator('#campaign-map g.move[data-fleet="Bhost"]').count()).resolves.toBe(0);
      await until(b, 'Orders for turn 2');
      await expect(b.locator('#campaign-map g.move[data-fleet="Bhost"]').count()).resolves.toBe(1);
      await axe(b, 'turn page on a phone');
    },
  );

  it(
    'the moderator’s board and the new-game page pass axe too; no campaign page had a violation',
    { timeout: 120_000 },
    async () => {
      const m = await mod.newPage();
      await logInByMail(rig, m, 'mod@pbem.test');
      await m.goto(`${rig.server.url}/games/${GAME}/moderate`);
      await expect(m.getByRole('heading', { name: 'The whole campaign' }).isVisible()).resolves.toBe(true);
      await axe(m, 'moderator board');
      await m.goto(`${rig.server.url}/games/new`);
      await axe(m, 'new-game page');
      expect(found).toEqual([]);
    },
  );
});
