/**
 * What a player sees after sending orders from the game page, in Chromium on
 * a desktop (1280 × 800) and a phone (390 × 844): the answer — every error,
 * or "accepted" — stands next to the form, has the focus and is on screen;
 * while the game is paused the page says so where the form would be. The
 * home page and the game page's map are kept as screenshots in
 * test-artifacts/ for each size.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pause } from '../../src/games/moderation/moderation.ts';
import { tutorialDuel } from '../support/games.ts';
import { ARTIFACTS, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const available = chromiumAvailable();

/** The focused element's id, and whether the element with that id lies wholly inside the viewport. */
async function focusedResult(page: Page): Promise<{ focused: string | null; onScreen: boolean }> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: Document; innerHeight: number; innerWidth: number }).document;
    const win = globalThis as unknown as { innerHeight: number; innerWidth: number };
    const el = doc.getElementById('orders-result');
    const box = el?.getBoundingClientRect();
    return {
      focused: doc.activeElement?.id ?? null,
      onScreen:
        !!box &&
        box.top >= -1 &&
        box.bottom <= win.innerHeight + 1 &&
        box.left >= -1 &&
        box.right <= win.innerWidth + 1,
    };
    interface Document {
      getElementById(
        id: string,
      ): { getBoundingClientRect(): { top: number; bottom: number; left: number; right: number } } | null;
      activeElement: { id: string } | null;
    }
  });
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!available)('the answer to orders sent from the game page', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig();
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(
      `on a ${viewport.name}: errors, then "accepted", beside the form and focused; paused says so`,
      {
        timeout: 120_000,
      },
      async () => {
        const id = `result-${viewport.name}`;
        const created = await tutorialDuel(rig.server.ctx, { id });
        const context = await rig.browser.newContext({ viewport });
        const page = await context.newPage();
        await logInByMail(rig, page, 'alice@pbem.test');
        await page.screenshot({ path: join(ARTIFACTS, `home-${viewport.name}.png`), fullPage: true });
        await page.goto(`${rig.server.url}/games/${id}`);
        await page.locator('#game-map').screenshot({ path: join(ARTIFACTS, `map-${viewport.name}.png`) });

        // An illegal plot: the service's answer lists the problem beside the form, focused and on screen.
        await page.getByLabel('MOVE (plot)').fill('2LL');
        await page.getByRole('button', { name: 'Send orders' }).click();
        await page.waitForLoadState('domcontentloaded');
        await expect(page.locator('#orders-result').textContent()).resolves.toMatch(/LL|turn/i);
        await expect(focusedResult(page)).resolves.toEqual({ focused: 'orders-result', onScreen: true });
        const formTop = await page.locator('form.orders-form').boundingBox();
        const resultBox = await page.locator('#orders-result').boundingBox();
        expect(resultBox!.y).toBeLessThan(formTop!.y);
        expect(formTop!.y - (resultBox!.y + resultBox!.height)).toBeLessThan(400);

        // Legal orders: "accepted", in the same place.
        await page.getByLabel('SPEED', { exact: true }).selectOption('3');
        await page.getByLabel('MOVE (plot)').fill('2R');
        await page.getByRole('button', { name: 'Send orders' }).click();
        await page.waitForURL(/done=orders/);
        await expect(page.locator('#orders-result').textContent()).resolves.toContain('Accepted: your orders are in.');
        await expect(focusedResult(page)).resolves.toEqual({ focused: 'orders-result', onScreen: true });
        await page.screenshot({ path: join(ARTIFACTS, `orders-accepted-${viewport.name}.png`) });

        // Paused: no form, and the page says why where it stood.
        await pause(rig.server.ctx, { gameId: id, key: created.moderatorToken }, null);
        await page.goto(`${rig.server.url}/games/${id}`);
        await expect(page.locator('#orders').textContent()).resolves.toContain('The game is paused by its moderator');
        await expect(page.locator('form.orders-form').count()).resolves.toBe(0);
        await context.close();
      },
    );
  }
});
