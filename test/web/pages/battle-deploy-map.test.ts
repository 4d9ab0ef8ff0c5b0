/**
 * A campaign battle's deployment page in-process: a map with each side's zone shaded and the seat's own ships where
 * its deployment puts them (never the enemy's), and a form that takes the mail's DEPLOY lines — the deployment
 * mail's whole block pasted — as the mail does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { seats } from '../../../src/db/schema.ts';
import { battlesOfCampaignTurn } from '../../../src/games/battles/views.ts';
import { tokenOf } from '../../../src/games/games/people.ts';
import { seatGameView } from '../../../src/games/games/views.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { HOUR } from '../../../src/games/clock.ts';
import { databaseKinds } from '../../support/db.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, campaignGame, logIn, visitor, type Visitor } from '../pages-support.ts';

const ID = 'camp';
const BATTLE = 'camp-t2b1';

describe.each(databaseKinds)('a campaign battle’s deployment page on %s', (kind) => {
  let app: TestApp;
  let alice: Visitor;
  beforeEach(async () => {
    app = await startTestApp(kind);
    alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
  });
  afterEach(() => app.close());

  /** Red (Rdart1, Rdart2) holds 0404; Blue (Bspear1) moves in in turn 2: battle camp-t2b1, Red defending. */
  async function untilBattle() {
    const tokens = await campaignGame(app.ctx, ID, { battles: 'tactical' });
    for (const side of ['red', 'blue'] as const)
      await submitText(app.ctx, { gameId: ID, token: tokens[side], text: CAMPAIGN_SETUPS[side](ID), channel: 'api' });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    for (const [turn, side, fleet] of [
      [1, 'red', 'Rwing'],
      [2, 'blue', 'Bhost'],
    ] as const) {
      await submitText(app.ctx, {
        gameId: ID,
        token: tokens[side],
        text: `GAME ${ID} TURN ${turn}\nMOVE ${fleet} TO 0404\nEND`,
        channel: 'api',
      });
      app.ctx.clock.advanceBy(25 * HOUR);
      expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn });
    }
    expect((await battlesOfCampaignTurn(app.ctx, ID)).map((b) => b.gameId)).toEqual([BATTLE]);
  }

  const deploymentOf = async (side: string) => {
    const [seat] = await app.ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, BATTLE), eq(seats.side, side)));
    return (await seatGameView(app.ctx, BATTLE, tokenOf(app.ctx, seat!))).me.fleet as {
      ships: { id: string; hex: string; facing: string }[];
    } | null;
  };

  it('shows a map with both zones shaded and the seat’s own ships where they deploy, never the enemy’s', async () => {
    await untilBattle();
    const page = (await alice.get(`/games/${BATTLE}`)).text;
    const deploy = page.slice(page.indexOf('id="deploy"'), page.indexOf('</section>', page.indexOf('id="deploy"')));
    expect(deploy).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="hex-map"');
    expect(deploy).toMatch(/<g class="zone" data-side="red"[^>]*><title>Your zone: columns 01–24, rows 01–03<\/title>/);
    expect(deploy).toMatch(
      /<g class="zone" data-side="blue"[^>]*><title>Blue Union&#39;s zone: columns 01–24, rows 16–18<\/title>/,
    );
    // Red's ships at the default placement, on the map and in its text twin.
    expect(deploy).toContain('<g class="ship" data-ship="Rdart1" data-side="red">');
    expect(deploy).toContain('<title>Rdart1 (Red League) at 1203 facing S');
    expect(deploy).toMatch(/<pre class="diagram-text"[^>]*>[\s\S]*Rdart2/);
    expect(page).not.toContain('Bspear1');
  });

  it('takes the DEPLOY lines of the deployment mail, its whole block pasted, as the mail does', async () => {
    await untilBattle();
    await alice.get(`/games/${BATTLE}`);
    // A problem is named by the line of the block it is on.
    const refused = await alice.post(`/games/${BATTLE}/fleet`, {
      side: 'red',
      fleet: `GAME ${BATTLE}\nDEPLOY Rdart1 1210 S\nDEPLOY Rdart2 1303 S\nEND`,
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('line 2 (Rdart1): ');
    expect(refused.text).toContain('1210 is outside your deployment zone');
    expect(await deploymentOf('red')).toBeNull();

    const accepted = await alice.post(`/games/${BATTLE}/fleet`, {
      side: 'red',
      fleet: `GAME ${BATTLE}\ndeploy Rdart1 1203 S\nDEPLOY Rdart2 1302 se\nEND`,
    });
    expect(accepted.status, accepted.text.slice(0, 400)).toBe(303);
    expect((await deploymentOf('red'))!.ships.map((s) => [s.id, s.hex, s.facing])).toEqual([
      ['Rdart1', '1203', 'S'],
      ['Rdart2', '1302', 'SE'],
    ]);
    // The map now shows the deployment sent.
    expect((await alice.get(`/games/${BATTLE}`)).text).toContain('<title>Rdart2 (Red League) at 1302 facing SE');
  });
});
