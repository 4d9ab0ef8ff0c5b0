/**
 * Every page, as each kind of person sees it, checked by axe-core in
 * Chromium on a desktop (1280 × 800) and a phone (390 × 844): no violation
 * of WCAG 2.1 A/AA or of axe's best practices. axe-core runs in the page
 * through the browser's debugging protocol, so the pages' Content Security
 * Policy stays as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitDuelOrders, tutorialDuel } from '../support/games.ts';
import { axeViolations as violations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const available = chromiumAvailable();
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!available)('every page passes axe-core in Chromium', () => {
  let rig: BrowserRig;
  let moderatorKey: string;

  beforeAll(async () => {
    rig = await startRig();
    const ctx = rig.server.ctx;
    const created = await tutorialDuel(ctx, { id: 'a11y', settings: { observers: 'allowed' } });
    moderatorKey = created.moderatorToken;
    const duel = { gameId: 'a11y', tokens: { black: created.tokens.black!, grey: created.tokens.grey! } };
    await submitDuelOrders(ctx, duel, 'black');
    await submitDuelOrders(ctx, duel, 'grey');
    await resolveNextDueTurn(ctx, 'a11y');
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`on a ${viewport.name}: no violations on any page`, { timeout: 180_000 }, async () => {
      const url = rig.server.url;
      const people: Record<string, BrowserContext> = {
        visitor: await rig.browser.newContext({ viewport }),
        player: await rig.browser.newContext({ viewport }),
        moderator: await rig.browser.newContext({ viewport }),
        observer: await rig.browser.newContext({ viewport }),
      };
      const player = await people.player!.newPage();
      await logInByMail(rig, player, 'alice@pbem.test');
      const moderator = await people.moderator!.newPage();
      await logInByMail(rig, moderator, `mod-${viewport.name}@pbem.test`);
      await moderator.goto(`${url}/games/a11y/moderate`);
      await moderator.getByLabel('Moderator key').fill(moderatorKey);
      await moderator.getByRole('button', { name: 'Moderate this game' }).click();
      await moderator.waitForLoadState('domcontentloaded');
      // Someone without a seat who observes the game, signed in: the observer page with the report.
      const observer = await people.observer!.newPage();
      await logInByMail(rig, observer, `watcher-${viewport.name}@pbem.test`);
      await observer.goto(`${url}/games/a11y/observe`);
      await observer.getByRole('button', { name: /^Observe as/ }).click();
      await observer.waitForLoadState('domcontentloaded');

      const visits: Array<readonly [keyof typeof people, string]> = [
        ['visitor', '/'],
        ['visitor', '/login'],
        ['visitor', '/archive'],
        ['visitor', '/archive/a11y'],
        ['visitor', '/archive/a11y/turn/1'],
        ['visitor', '/games/a11y/observe'],
        ['visitor', '/no-such-page'],
        ['player', '/'],
        ['player', '/games/a11y'],
        ['player', '/games/new'],
        ['player', '/mailbox'],
        ['observer', '/games/a11y/observe'],
        ['moderator', '/games/a11y/moderate'],
      ];
      const found: string[] = [];
      for (const [who, path] of visits) {
        const page =
          who === 'player'
            ? player
            : who === 'moderator'
              ? moderator
              : who === 'observer'
                ? observer
                : await people.visitor!.newPage();
        await page.goto(`${url}${path}`);
        for (const v of await violations(page)) {
          found.push(`${who} ${path}: ${v.id} (${v.impact ?? '-'}) ${v.help} — ${v.targets.slice(0, 3).join(', ')}`);
        }
      }
      // The page that answers a login request.
      const asking = await people.visitor!.newPage();
      await asking.goto(`${url}/login`);
      await asking.getByLabel('Email address').fill('someone@pbem.test');
      await asking.getByRole('button', { name: 'Mail me a login link' }).click();
      for (const v of await violations(asking)) found.push(`visitor login-sent: ${v.id} ${v.help} — ${v.targets[0]}`);

      for (const context of Object.values(people)) await context.close();
      expect(found).toEqual([]);
    });
  }
});
