/**
 * A Simple Combat Game through the web pages, in Chromium: both players log in
 * by magic link and play turn 1 in the order form, which the service's own
 * parser checks as it is typed (rules-scg.md §18.6: "`TO_IMPASSABLE`" for a
 * `TO` hex that is impassable) before anything is sent; the turn resolves and
 * the board, drawn as SVG with every unit, shows turn 2; the archive's turn
 * page draws the moves made. Choosing one of the side's units on the board
 * (focus or click) draws a line to every enemy, as the rules' own line of
 * sight and eligibility have it (src/rules/scg/sight.ts, bundled), and says it
 * in an aria-live sentence. A second Tank Battle, with a turn limit of 2, is
 * played to its end by both seats in their own browsers and ends on the page
 * that gives the result and the archive's link. axe-core finds no violation on
 * the game page, the game-over page or the new-game page.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createGame } from '../../src/games/games/create.ts';
import { parseScgState } from '../../src/kinds/scg/docs.ts';
import { sightFrom, sightSummary } from '../../src/rules/scg/sight.ts';
import { ARTIFACTS, axeViolations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const GAME = 'web-scg';
const SHORT = 'web-scg-short';

describe('a Simple Combat Game in Chromium', () => {
  let rig: BrowserRig;
  let alice: BrowserContext;
  let bob: BrowserContext;

  /** Opens the game page again until `heading` is on it: the service's own worker resolves the turn. */
  async function until(page: Page, heading: string, game = GAME): Promise<void> {
    await expect
      .poll(
        async () => {
          await page.goto(`${rig.server.url}/games/${game}`);
          return page.getByRole('heading', { name: heading }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
  }

  beforeAll(async () => {
    // No skipping: without Chromium this fails, saying how to install it.
    expect(chromiumAvailable(), 'Chromium is installed (apt-get install chromium)').toBe(true);
    rig = await startRig();
    await createGame(
      rig.server.ctx,
      {
        id: GAME,
        name: 'Tanks on the web',
        ruleset: 'scg',
        scenario: 'scg-tank-battle',
        seats: [
          { side: 'west', email: 'alice@pbem.test', name: 'Alice' },
          { side: 'east', email: 'bob@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    await createGame(
      rig.server.ctx,
      {
        id: SHORT,
        name: 'A short Tank Battle',
        ruleset: 'scg',
        scenario: 'scg-tank-battle',
        settings: { turnLimit: 2 },
        seats: [
          { side: 'west', email: 'alice@pbem.test', name: 'Alice' },
          { side: 'east', email: 'bob@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    alice = await rig.person();
    // Bob plays from a phone.
    bob = await rig.person({ width: 390, height: 844 });
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
  });

  it('both play turn 1 in the order form, checked as typed; the board shows turn 2', { timeout: 120_000 }, async () => {
    const a = await alice.newPage();
    await logInByMail(rig, a, 'alice@pbem.test');
    await until(a, 'Orders for turn 1');
    await expect(a.locator('#scg-map g.unit').count()).resolves.toBe(8);
    await expect(a.locator('#scg-map polygon.impassable').count()).resolves.toBe(14);
    const text = a.getByLabel('Orders, in the orders language');
    // The order block is there to edit: every unit holds and fires at the nearest.
    await expect(text.inputValue()).resolves.toContain('MOVE WH HOLD');
    // Only the side's own units can be chosen; at the start every enemy is out of sight.
    await expect(a.locator('#scg-map g.unit.own[tabindex="0"]').count()).resolves.toBe(4);
    await expect(a.locator('#scg-map g.unit[data-side="east"][tabindex]').count()).resolves.toBe(0);
    await a.locator('#scg-map g.unit[data-unit="WM"]').focus();
    await expect(a.locator('#scg-sight').textContent()).resolves.toBe(
      'WM: EH blocked, EM blocked, EL1 blocked, EL2 blocked.',
    );
    await expect(a.locator('#scg-map g.sight g.sight-line[data-status="blocked"]').count()).resolves.toBe(4);
    await text.fill([`GAME ${GAME} TURN 1`, 'MOVE WM TO 0504', 'END'].join('\n'));
    await expect(a.locator('#orders-check').textContent()).resolves.toMatch(/line 2: TO_IMPASSABLE/);
    await expect(text.getAttribute('aria-invalid')).resolves.toBe('true');
    await text.fill([`GAME ${GAME} TURN 1`, 'MOVE WM NE NE', 'MOVE WL1 TOWARD NEAREST', 'FIRE WM', 'END'].join('\n'));
    await expect(a.locator('#orders-check').textContent()).resolves.toBe('These orders would be accepted.');
    await a.getByRole('button', { name: 'Send these orders' }).click();
    await expect(a.locator('.notice').first().textContent()).resolves.toContain('Accepted');
    const violations = await axeViolations(a);
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    const b = await bob.newPage();
    await logInByMail(rig, b, 'bob@pbem.test');
    await until(b, 'Orders for turn 1');
    await b.getByRole('button', { name: 'Send these orders' }).click();
    await expect(b.locator('.notice').first().textContent()).resolves.toContain('Accepted');

    // Both sides' orders are in: the service's worker resolves the turn.
    await until(a, 'Orders for turn 2');
    await expect(a.getByRole('heading', { name: 'What happened in turn 1' }).isVisible()).resolves.toBe(true);
    await expect(a.locator('#scg-map g.unit[data-unit="WM"]').getAttribute('data-hex')).resolves.not.toBe('0204');
    await expect(a.locator('#scg-map polyline.move[data-unit="WM"]').count()).resolves.toBe(1);
    // After the moves: what each west unit sees on the page is what the rules say of the board the page holds.
    const doc = JSON.parse((await a.locator('#scg-sight-data').textContent()) ?? '{}') as { state: unknown };
    const read = parseScgState(doc.state);
    if (!read.ok) throw new Error('the page holds no readable board');
    for (const id of ['WM', 'WL1', 'WH']) {
      const lines = sightFrom(read.value.state, id)!;
      await a.locator(`#scg-map g.unit[data-unit="${id}"]`).click();
      await expect(a.locator('#scg-sight').textContent()).resolves.toBe(sightSummary(id, lines));
      const drawn = await a
        .locator('#scg-map g.sight g.sight-line')
        .evaluateAll((els) => els.map((el) => [el.getAttribute('data-enemy'), el.getAttribute('data-status')]));
      expect(drawn).toEqual(lines.map((l) => [l.enemy, l.status]));
    }
    await expect(a.locator('#scg-map g.unit[data-unit="WH"]').getAttribute('class')).resolves.toContain('selected');
    expect((await axeViolations(a)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await a.screenshot({ path: join(ARTIFACTS, 'scg-page.png'), fullPage: true });

    await a.goto(`${rig.server.url}/archive/${GAME}/turn/1`);
    await expect(a.locator('#map-before polyline.move[data-unit="WM"]').count()).resolves.toBe(1);
    await expect(a.getByRole('heading', { name: 'Every die' }).isVisible()).resolves.toBe(true);
  });
  it(
    'a Tank Battle with a turn limit of 2 played to its end: the result and the archive link',
    { timeout: 120_000 },
    async () => {
      // Each in a browser of their own, fresh (Bob again on a phone).
      const a = await (await rig.person()).newPage();
      await logInByMail(rig, a, 'alice@pbem.test');
      const b = await (await rig.person({ width: 390, height: 844 })).newPage();
      await logInByMail(rig, b, 'bob@pbem.test');
      const play = async (page: Page, turn: number, orders: readonly string[]) => {
        await until(page, `Orders for turn ${turn}`, SHORT);
        const text = page.getByLabel('Orders, in the orders language');
        await text.fill([`GAME ${SHORT} TURN ${turn}`, ...orders, 'END'].join('\n'));
        await expect(page.locator('#orders-check').textContent()).resolves.toBe('These orders would be accepted.');
        await page.getByRole('button', { name: 'Send these orders' }).click();
        // The last orders of the last turn end the game at once: the page they land on is the game over.
        await expect(page.locator('.notice, .game-over').first().textContent()).resolves.toMatch(
          /Accepted|The game is over/,
        );
      };
      await play(a, 1, ['MOVE WM TOWARD NEAREST WITHIN 3', 'MOVE WL1 TOWARD NEAREST WITHIN 3', 'FIRE WM', 'FIRE WL1']);
      await play(b, 1, ['MOVE EM TOWARD NEAREST WITHIN 3', 'MOVE EL2 TOWARD NEAREST WITHIN 3', 'FIRE EM', 'FIRE EL2']);
      await play(a, 2, ['MOVE WH TOWARD NEAREST WITHIN 4', 'FIRE WH', 'FIRE WM']);
      await play(b, 2, ['MOVE EH TOWARD NEAREST WITHIN 4', 'FIRE EH', 'FIRE EM']);

      // The second turn was the last (rules-scg.md §13 rule 3): both see the game over, with its result.
      for (const page of [a, b]) {
        await until(page, 'The game is over', SHORT);
        await expect(page.locator('.game-over .result').textContent()).resolves.toMatch(/\S/);
        await expect(page.getByRole('heading', { name: 'What happened in turn 2' }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole('heading', { name: /^Orders for turn/ }).count()).resolves.toBe(0);
        await expect(page.getByRole('heading', { name: 'The board at the end' }).isVisible()).resolves.toBe(true);
      }
      const result = (await a.locator('.game-over .result').textContent()) ?? '';
      expect(result).toMatch(/turn limit|wins|draw/i);
      expect((await axeViolations(a)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await a.screenshot({ path: join(ARTIFACTS, 'scg-over.png'), fullPage: true });
      await b.getByRole('link', { name: /The whole game in the archive/ }).click();
      await expect(b.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('A short Tank Battle');
      expect(b.url()).toBe(`${rig.server.url}/archive/${SHORT}`);

      // The new-game page, with the Simple Combat Game's force table, passes axe too.
      await a.goto(`${rig.server.url}/games/new`);
      await a.getByLabel('Kind of game').selectOption('scg');
      await a.locator('#scgScenario').selectOption('forces');
      await expect(a.locator('#scgForce-west-light-tank').inputValue()).resolves.toBe('2');
      expect((await axeViolations(a)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    },
  );
});
