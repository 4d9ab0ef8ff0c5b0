/**
 * A defensive Mini Combat battle through the web pages, in Chromium
 * (rules-mini-combat.md §20.3, §21): Alice attacks with 1200 points, Bob
 * defends with 600. Alice writes her army list in the page's form, which the
 * service's own setup parser and cost formula (§11) check as she types: each
 * design's cost and working, the total against her points, `RESERVE_REQUIRED`
 * for paratroops placed on the map, a ready design added with a button, and
 * her placements drawn on the map over the deployment zones. Her list has
 * hidden scouts, paratroops in reserve and a truck with riflemen. Bob sends the
 * ready force his page offers, objectives included. In turn 1 Alice's orders
 * are checked as typed (`UNIT_UNKNOWN` for an enemy unit), their paths drawn;
 * she drops her paratroops and boards the truck; Bob is ready with no changes.
 * Bob's pages never show her scouts. axe-core finds no violation on the army
 * list page or the battle page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createGame } from '../../src/games/games/create.ts';
import { axeViolations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const GAME = 'web-mini';

const ALICE_LIST = [
  `GAME ${GAME} TURN 0`,
  'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4 SP RdFA',
  'DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4',
  'DESIGN Scout INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec',
  'DESIGN Para INFANTRY MV10 RG20 TH4 SV6 PW2 AR2 MO3 SP DrpS',
  'DESIGN Truck VEHICLE MV20 RG0 TH- SV6 PW1 AR3 MO4 SP T2',
  'UNIT Armr Tank*2 AT 1204 FACE S',
  'UNIT Trk Truck AT 0904 FACE S',
  'UNIT Rfl Rifle*2 AT 0904 FACE S',
  'UNIT Owl Scout*2 AT 2416 FACE S',
  'UNIT Sky Para*3 RESERVE',
  'END',
];

describe('a defensive Mini Combat battle in Chromium', () => {
  let rig: BrowserRig;
  let alice: BrowserContext;
  let bob: BrowserContext;

  async function until(page: Page, heading: string | RegExp): Promise<void> {
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
    expect(chromiumAvailable(), 'Chromium is installed (apt-get install chromium)').toBe(true);
    rig = await startRig();
    await createGame(
      rig.server.ctx,
      {
        id: GAME,
        name: 'Hold the village',
        ruleset: 'mini-combat',
        settings: { battle: 'defensive', defender: 'blue', board: 'town' },
        seats: [
          { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
          { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    alice = await rig.person();
    bob = await rig.person({ width: 390, height: 844 });
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
  });

  it(
    'army lists checked and costed as typed, hidden scouts, a drop and a transport',
    { timeout: 150_000 },
    async () => {
      const a = await alice.newPage();
      await logInByMail(rig, a, 'alice@pbem.test');
      await until(a, 'Your army list (1200 points)');
      const text = a.getByLabel('Army list, in the setup language');
      // The ready force is there, costed before anything is typed, and nothing is judged yet.
      await expect(text.inputValue()).resolves.toContain('DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4');
      await expect(a.locator('#army-costs').textContent()).resolves.toMatch(/Total: \d+ of your 1200 points\./);
      await expect(a.locator('#orders-check').textContent()).resolves.toBe('');
      // Both zones are drawn, and the ready force's placements.
      await expect(a.locator('#mini-map polygon.zone[data-side="red"]').count()).resolves.toBe(24 * 4);
      await expect(a.locator('#mini-map polygon.zone[data-side="blue"]').count()).resolves.toBe(24 * 8);
      expect(await a.locator('#mini-map g.preview circle').count()).toBeGreaterThan(0);

      // Paratroops placed on the map: refused as typed, with the line.
      await text.fill(
        ALICE_LIST.map((l) => l.replace('UNIT Sky Para*3 RESERVE', 'UNIT Sky Para*3 AT 0504 FACE S')).join('\n'),
      );
      await expect(a.locator('#orders-check').textContent()).resolves.toMatch(/line 11: RESERVE_REQUIRED/);
      await expect(text.getAttribute('aria-invalid')).resolves.toBe('true');
      await text.fill(ALICE_LIST.join('\n'));
      await expect(a.locator('#orders-check').textContent()).resolves.toBe('This would be accepted.');
      // §11 and §23: a Rifle costs 23, a Tank 44; the working is shown with the cost.
      const costs = a.locator('#army-costs');
      await expect(costs.locator('tr', { hasText: 'Rifle' }).locator('td').first().textContent()).resolves.toBe('23');
      await expect(costs.locator('tr', { hasText: 'Tank' }).locator('td').first().textContent()).resolves.toBe('44');
      await expect(costs.locator('tr', { hasText: 'Rifle' }).textContent()).resolves.toContain('× MO 3 × TH 3');
      // Placed elements are drawn: 2 tanks, the truck, 2 riflemen, 2 scouts (the paratroops wait in reserve).
      await expect(a.locator('#mini-map g.preview circle').count()).resolves.toBe(7);
      // A ready design goes in with a button, above END.
      await a.locator('details.library summary').click();
      await a.getByRole('button', { name: 'Add Medic' }).click();
      await expect(text.inputValue()).resolves.toMatch(/DESIGN Medic INFANTRY .*\nEND$/);
      expect((await axeViolations(a)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await a.getByRole('button', { name: 'Send this army list' }).click();
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('Accepted');

      const b = await bob.newPage();
      await logInByMail(rig, b, 'bob@pbem.test');
      await until(b, 'Your army list (600 points)');
      // The defender's ready force holds its 8 objectives.
      await expect(b.getByLabel('Army list, in the setup language').inputValue()).resolves.toMatch(
        /^OBJECTIVE( \d{4}){8}$/m,
      );
      await b.getByRole('button', { name: 'Send this army list' }).click();
      await expect(b.locator('.notice').first().textContent()).resolves.toContain('Accepted');

      // Both lists are in: the setup resolves and turn 1 opens.
      await until(a, 'Orders for turn 1');
      await expect(a.locator('#mini-map g.unit[data-unit="Owl"]').count()).resolves.toBe(1);
      await expect(a.locator('#mini-map circle.objective').count()).resolves.toBe(8);
      await until(b, 'Orders for turn 1');
      // Alice's scouts are hidden from Bob everywhere on his page, the map included.
      await expect(b.locator('#mini-map g.unit[data-unit="Owl"]').count()).resolves.toBe(0);
      expect(await b.content()).not.toMatch(/\bOwl/);
      await expect(b.locator('#mini-map g.unit[data-unit="Armr"]').count()).resolves.toBe(1);

      const orders = a.getByLabel('Orders, in the orders language');
      await orders.fill([`GAME ${GAME} TURN 1`, 'UNIT B1 MOVE N', 'END'].join('\n'));
      await expect(a.locator('#orders-check').textContent()).resolves.toMatch(/line 2: UNIT_UNKNOWN/);
      await orders.fill(
        [
          `GAME ${GAME} TURN 1`,
          'UNIT Armr MOVE S S S S',
          'UNIT Rfl EMBARK Trk',
          'UNIT Sky DROP 1214 FACE S',
          'END',
        ].join('\n'),
      );
      await expect(a.locator('#orders-check').textContent()).resolves.toBe('This would be accepted.');
      // The tanks' path is drawn, 4 hexes down the map.
      await expect(a.locator('#mini-map g.preview polyline').count()).resolves.toBe(1);
      await expect(a.locator('#mini-map g.preview polyline').getAttribute('points')).resolves.toMatch(/^(\S+ ){4}\S+$/);
      expect((await axeViolations(a)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await a.getByRole('button', { name: 'Send these orders' }).click();
      await expect(a.locator('.notice').first().textContent()).resolves.toContain('Accepted');
      await b.getByRole('button', { name: 'Ready — no changes' }).click();

      await until(a, 'Orders for turn 2');
      const told = await a.locator('ol.events').textContent();
      expect(told).toMatch(/Skya .*\(drop\)/);
      expect(told).toMatch(/Rfla boards Trka/);
      // The riflemen are aboard: Bob's map no longer shows them.
      await until(b, 'Orders for turn 2');
      await expect(b.locator('#mini-map g.unit[data-unit="Rfl"]').count()).resolves.toBe(0);
      expect(await b.content()).not.toMatch(/\bOwl/);
    },
  );
});
