/**
 * Taking a seat from the lobby in Chromium: a campaign created with its Blue side open is on the public lobby page;
 * a player logs in, opens it from the lobby, takes the side with the join page's form, and the game — which waited
 * with no turn — opens its setup. In a game whose creator approves players, a player who asked withdraws the request
 * from the same page. axe-core finds no violation on the lobby or the join page.
 */
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatRequests, seats, turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { OPEN_GAME_CASES, openGameInput } from '../support/lobby.ts';
import { ARTIFACTS, axeViolations, chromiumAvailable, logInByMail, startRig, type BrowserRig } from './support.ts';

const GAME = 'lobby-war';
/** A game whose creator approves who joins. */
const ASKED = 'lobby-asked';

describe('the lobby in Chromium', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    expect(chromiumAvailable(), 'Chromium is installed (apt-get install chromium)').toBe(true);
    rig = await startRig();
    await createGame(rig.server.ctx, openGameInput(OPEN_GAME_CASES[1]!, GAME, 'mod@pbem.test'), 'test', {
      moderatorEmail: 'mod@pbem.test',
    });
    await createGame(
      rig.server.ctx,
      openGameInput(OPEN_GAME_CASES[0]!, ASKED, 'mod@pbem.test', { joinApproval: true }),
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
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

  it('a player who asked the creator for a side withdraws the request from the join page', async () => {
    const db = rig.server.database.db;
    const bea = await rig.person();
    const page = await bea.newPage();
    await logInByMail(rig, page, 'bea@pbem.test');
    await page.goto(`${rig.server.url}/games/${ASKED}/join`);
    await page.getByLabel(/Your name in this game/).fill('Bea');
    await page.getByRole('button', { name: 'Ask to take this side' }).click();
    await page.getByText('went to the game').waitFor();
    // Back on the join page: the request waits, and the page offers to withdraw it instead of asking again.
    await page.goto(`${rig.server.url}/games/${ASKED}/join`);
    await page.getByText('waits for the game').waitFor();
    expect(await page.getByRole('button', { name: 'Ask to take this side' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Withdraw my request' }).click();
    await page.getByText('is withdrawn').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-withdrawn.png'), fullPage: true });
    const requests = await db.select().from(seatRequests).where(eq(seatRequests.gameId, ASKED));
    expect(requests.map((r) => [r.email, r.status])).toEqual([['bea@pbem.test', 'withdrawn']]);
    // The form is back: she may ask again.
    await page.getByRole('button', { name: 'Ask to take this side' }).waitFor();
    await bea.close();
  });
});
