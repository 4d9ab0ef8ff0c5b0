/**
 * Taking a seat from the lobby in Chromium: a campaign created with its Blue side open is on the public lobby page;
 * a player logs in, opens it from the lobby, takes the side with the join page's form, and the game — which waited
 * with no turn — opens its setup. axe-core finds no violation on the lobby or the join page.
 */
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seats, turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { OPEN_GAME_CASES, openGameInput } from '../support/lobby.ts';
import { ARTIFACTS, axeViolations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const GAME = 'lobby-war';

describe('the lobby in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    expect(chromiumAvailable(), 'Chromium is installed (apt-get install chromium)').toBe(true);
    rig = await startRig();
    await createGame(rig.server.ctx, openGameInput(OPEN_GAME_CASES[1]!, GAME, 'mod@pbem.test'), 'test', {
      moderatorEmail: 'mod@pbem.test',
    });
  });
  afterAll(() => rig?.close());

  it('a logged-in player takes the open side from the lobby, and the game opens its setup', async () => {
    const db = rig.server.database.db;
    expect(await db.select().from(turns).where(eq(turns.gameId, GAME))).toEqual([]);
    const ann = await rig.person();
    const page = await ann.newPage();
    await logInByMail(rig, page, 'ann@pbem.test');
    await page.goto(`${rig.server.url}/`);
    await page.getByRole('link', { name: /the lobby/ }).click();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Open msc-strategic' }).click();
    await page.getByRole('heading', { name: 'Join Open msc-strategic' }).waitFor();
    expect(await page.getByRole('radio', { name: /Blue Union/ }).isChecked()).toBe(true);
    await page.getByLabel(/Your name in this game/).fill('Ann');
    await page.getByLabel('Your time zone').fill('Europe/Paris');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Take this side' }).click();
    await page.getByText('is yours').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-joined.png'), fullPage: true });

    const [seat] = await db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, GAME), eq(seats.side, 'blue')));
    expect(seat).toMatchObject({ email: 'ann@pbem.test', displayName: 'Ann', timeZone: 'Europe/Paris' });
    expect((await db.select().from(turns).where(eq(turns.gameId, GAME))).map((t) => t.number)).toEqual([0]);
    await page.goto(`${rig.server.url}/lobby`);
    expect(await page.getByRole('link', { name: 'Open msc-strategic' }).count()).toBe(0);
    await ann.close();
  });
});
