/**
 * A game through the web pages, in Chromium, as people would play it:
 * a moderator creates a game and seats two players; each logs in by magic
 * link taken from the outbox and enters orders in the form — one of them an
 * illegal plot whose error must show — the turn resolves and both see the new
 * map; the moderator extends the deadline and rolls the turn back; and after
 * the game has ended a visitor replays it and its export verifies.
 * The game page's screenshot is kept in test-artifacts/game-page.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { ARTIFACTS, chromiumAvailable, startRig, type BrowserRig } from './support.ts';

const GAME = 'web-duel';
const MODERATOR = 'mod@pbem.test';
const ALICE = 'alice@pbem.test';
const BOB = 'bob@pbem.test';

const available = chromiumAvailable();

async function logInByMail(rig: BrowserRig, page: Page, email: string): Promise<void> {
  await page.goto(`${rig.server.url}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Mail me a login link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mail' }).isVisible()).resolves.toBe(true);
  await followLink(page, await rig.linkFromMail(email, 'login'), email);
}

async function followLink(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: `Log in as ${email}` }).click();
  await page.waitForLoadState('domcontentloaded');
}

describe.skipIf(!available)('the web pages in Chromium', () => {
  let rig: BrowserRig;
  let moderator: BrowserContext;
  let alice: BrowserContext;
  let bob: BrowserContext;

  beforeAll(async () => {
    rig = await startRig();
    moderator = await rig.person();
    alice = await rig.person();
    // Bob plays from a phone.
    bob = await rig.person({ width: 390, height: 844 });
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
  });

  it('a moderator logs in by magic link, creates a game and seats two players', { timeout: 120_000 }, async () => {
    const page = await moderator.newPage();
    await logInByMail(rig, page, MODERATOR);
    await page.getByRole('link', { name: 'Create a game' }).click();
    await page.getByLabel('Game name').fill('Duel on the web');
    await page.getByLabel(/^Id/).fill(GAME);
    await page.getByLabel('Scenario (tactical battle only)').selectOption('tutorial-duel');
    await page.locator('#seat-side-0').fill('black');
    await page.locator('#seat-email-0').fill(ALICE);
    await page.locator('#seat-name-0').fill('Alice');
    await page.locator('#seat-side-1').fill('grey');
    await page.locator('#seat-email-1').fill(BOB);
    await page.locator('#seat-name-1').fill('Bob <script>alert(1)</script>');
    await page.getByRole('button', { name: /Create the game/ }).click();
    await expect(page.getByRole('heading', { name: 'Duel on the web is created' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('pre.key').textContent()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The name a moderator typed is shown as text, never run.
    expect(await page.content()).not.toContain('<script>alert(1)</script>');
  });

  it(
    'each player logs in by magic link, and an illegal plot shows its error as typed and on submission',
    { timeout: 120_000 },
    async () => {
      // Alice follows the invitation's link straight into her seat.
      const a = await alice.newPage();
      await followLink(a, await rig.linkFromMail(ALICE, 'invite'), ALICE);
      expect(new URL(a.url()).pathname).toBe(`/games/${GAME}`);
      await expect(a.getByRole('heading', { name: 'Orders for turn 1' }).isVisible()).resolves.toBe(true);

      const move = a.getByLabel('MOVE (plot)');
      await a.getByLabel('SPEED').selectOption('3');
      await move.fill('2LL');
      // Checked as typed, by the rules' own code in the page.
      await expect(a.locator('output.plot-check').textContent()).resolves.toContain('two turns in a row');
      expect(await move.getAttribute('aria-invalid')).toBe('true');
      await a.getByRole('button', { name: 'Send orders' }).click();
      // And by the service, with the same words as a mail would get.
      expect(a.url()).toContain(`/games/${GAME}`);
      await expect(a.locator('.ship-problems').textContent()).resolves.toContain('two turns in a row');
      await expect(a.locator('.problems').first().textContent()).resolves.toContain('were not accepted');

      await move.fill('2R');
      await expect(a.locator('output.plot-check').textContent()).resolves.toContain('ends in');
      // The path being typed is drawn on the map.
      expect(await a.locator('#game-map .live-paths polyline').count()).toBe(1);
      await a.getByLabel('FIRE at').fill('Grey');
      await a.getByRole('button', { name: 'Send orders' }).click();
      await expect(a.locator('.notice').textContent()).resolves.toContain('Accepted');
      await expect(a.locator('.standing pre').textContent()).resolves.toContain('SHIP Black SPEED 3 MOVE 2R FIRE Grey');

      // Bob asks for a login link on the login page.
      const b = await bob.newPage();
      await logInByMail(rig, b, BOB);
      await b.getByRole('link', { name: 'Duel on the web' }).click();
      await b.getByLabel('SPEED').selectOption('3');
      await b.getByLabel('MOVE (plot)').fill('1R1');
      await b.getByRole('button', { name: 'Send orders' }).click();
      await expect(b.locator('.notice').textContent()).resolves.toContain('Accepted');
    },
  );

  it('the turn resolves and both players see the new map', { timeout: 120_000 }, async () => {
    for (const person of [alice, bob]) {
      const page = person.pages()[0]!;
      await expect
        .poll(
          async () => {
            await page.goto(`${rig.server.url}/games/${GAME}`);
            return page.getByRole('heading', { name: 'Orders for turn 2' }).count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      // Black flew 2R from 0408 facing N: two hexes north, then turned to NE.
      await expect(page.locator('#game-map g.ship[data-ship="Black"] title').textContent()).resolves.toMatch(
        /^Black \(Black\) at 0406 facing NE/,
      );
      await expect(page.getByRole('heading', { name: 'What happened in turn 1' }).isVisible()).resolves.toBe(true);
      expect(await page.locator('pre.diagram-text').textContent()).toContain('Black');
    }
    const a = alice.pages()[0]!;
    await a.screenshot({ path: join(ARTIFACTS, 'game-page.png'), fullPage: true });
    await bob.pages()[0]!.screenshot({ path: join(ARTIFACTS, 'game-page-phone.png'), fullPage: true });
  });

  it('the moderator extends the deadline and rolls the turn back', { timeout: 120_000 }, async () => {
    const page = moderator.pages()[0]!;
    await page.goto(`${rig.server.url}/games/${GAME}/moderate`);
    await expect(page.getByRole('heading', { name: 'Status board' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Extend by hours').fill('24');
    await page.locator('form[action$="/moderate/deadline"] input[name="reason"]').fill('holiday');
    await page.getByRole('button', { name: 'Change the deadline' }).click();
    await expect(page.locator('.notice').textContent()).resolves.toContain('deadline is changed');

    // A step that cannot be undone asks first, saying what it will do.
    await page.locator('details.confirm summary', { hasText: 'Roll back the last turn' }).click();
    await expect(page.getByText('the turn after it is discarded').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Roll back the last turn' }).click();
    await expect(page.locator('.notice').textContent()).resolves.toContain('open again');
    await expect(page.locator('.meta').first().textContent()).resolves.toContain('turn 1 (open)');
    const audit = await page.locator('table.audit').textContent();
    expect(audit).toContain('rollback');
    expect(audit).toContain('holiday');
    await page.screenshot({ path: join(ARTIFACTS, 'moderate-page.png'), fullPage: true });
  });

  it('a visitor replays the finished game, step by step, and its export verifies', { timeout: 120_000 }, async () => {
    const page = moderator.pages()[0]!;
    // Turn 1 again with the orders it had, turn 2 with nobody's: then the moderator ends the game.
    for (const turn of [1, 2]) {
      await page.locator('details.confirm summary', { hasText: 'Resolve the turn now' }).click();
      await page.getByRole('button', { name: 'Resolve the turn now' }).click();
      await expect(page.locator('.notice').textContent()).resolves.toContain('resolved');
      await expect(page.locator('.meta').first().textContent()).resolves.toContain(`turn ${turn + 1}`);
    }
    await page.locator('details.confirm summary', { hasText: 'End the game' }).click();
    await page.getByRole('button', { name: 'End the game' }).click();
    await expect(page.locator('.notice').textContent()).resolves.toContain('ended');

    const visitor = await rig.person();
    const v = await visitor.newPage();
    await v.goto(`${rig.server.url}/archive`);
    await v.getByRole('link', { name: 'Duel on the web' }).click();
    await expect(v.locator('#seed').textContent()).resolves.toMatch(/^[0-9a-f]{32}$/);
    await v.getByRole('link', { name: 'Replay from turn 1' }).click();
    await expect(v.getByRole('heading', { name: 'Duel on the web: turn 1' }).isVisible()).resolves.toBe(true);
    await expect(v.locator('#orders-heading + h3 + pre').textContent()).resolves.toContain(
      'SHIP Black SPEED 3 MOVE 2R FIRE Grey',
    );
    expect(await v.locator('table.dice tbody tr').count()).toBeGreaterThan(0);
    await v.keyboard.press('ArrowRight');
    await v.waitForURL(/\/turn\/2$/);
    await v.keyboard.press('ArrowLeft');
    await v.waitForURL(/\/turn\/1$/);

    await v.goto(`${rig.server.url}/archive/${GAME}`);
    const [download] = await Promise.all([
      v.waitForEvent('download'),
      v.getByRole('link', { name: 'Download the whole game as JSON' }).click(),
    ]);
    const doc: unknown = JSON.parse(readFileSync(await download.path(), 'utf8'));
    const verified = verifyExport(doc);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
    await visitor.close();
  });
});
