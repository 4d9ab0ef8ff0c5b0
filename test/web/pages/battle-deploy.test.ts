/**
 * A campaign battle's game page in-process (rules-strategic.md §8, `battles: "tactical"`): the deployment form of a
 * linked tactical game — the ships given with their designs, the zone, the deadline, the default placement filled
 * in — posted to the same use case as the API's deployment and answered with every problem by line; the CSRF
 * refusal; hostile bodies; and the links both ways between the campaign's page (and its moderator's board) and its
 * battles, while they are fought and once they have ended.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { seats } from '../../../src/db/schema.ts';
import { AppError } from '../../../src/games/errors.ts';
import { battlesOfCampaignTurn } from '../../../src/games/battles/views.ts';
import { tokenOf } from '../../../src/games/games/people.ts';
import { seatGameView } from '../../../src/games/games/views.ts';
import { submitFleet } from '../../../src/games/seats/setup.ts';
import { submitText } from '../../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { HOUR } from '../../../src/games/clock.ts';
import { databaseKinds } from '../../support/db.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { CAMPAIGN_SETUPS, campaignGame, logIn, visitor, type Visitor } from '../pages-support.ts';

const ID = 'camp';
const BATTLE = 'camp-t2b1';

describe.each(databaseKinds)('a campaign battle’s pages on %s', (kind) => {
  let app: TestApp;
  let tokens: Record<'red' | 'blue', string>;
  let alice: Visitor;
  let bob: Visitor;
  beforeEach(async () => {
    app = await startTestApp(kind);
    alice = visitor(app);
    bob = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    await logIn(app, bob, 'bob@pbem.test');
  });
  afterEach(() => app.close());

  /**
   * A campaign with tactical battles, set up; Red's fleet (Rdart1, Rdart2) moves to 0404 in turn 1, Blue's (Bspear1)
   * into it in turn 2 — Blue is the attacker, "the side that moved a fleet into the hex while an enemy fleet was
   * there" — so that turn 2 waits for one battle, fought as game camp-t2b1.
   */
  async function untilBattle() {
    tokens = await campaignGame(app.ctx, ID, { battles: 'tactical' });
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

  const seatOf = async (side: string) =>
    (
      await app.ctx.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, BATTLE), eq(seats.side, side)))
    )[0];

  /** The seat's deployment as it stands: its submission for the setup turn (turn 0), null before one is in. */
  const deploymentOf = async (side: string) =>
    (await seatGameView(app.ctx, BATTLE, tokenOf(app.ctx, (await seatOf(side))!))).me.fleet as {
      ships: { id: string; hex: string; facing: string; design: { engine: number } }[];
    } | null;

  it('shows the deployment: ships with designs, zone, deadline in the seat’s zone, the default placement; the campaign linked both ways', async () => {
    await untilBattle();
    // The campaign page lists the battle of its turn, linked to the battle's page.
    const campaign = (await alice.get(`/games/${ID}`)).text;
    expect(campaign).toContain('Battles of turn 2');
    expect(campaign).toMatch(
      new RegExp(`<a href="/games/${BATTLE}">Battle at 0404, campaign turn 2</a> — the sides are deploying`),
    );

    const page = await alice.get(`/games/${BATTLE}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Deploy your ships');
    expect(page.text).not.toContain('Your fleet</h2>');
    expect(page.text).toMatch(/A battle of turn 2 of the campaign <a href="\/games\/camp">Web campaign<\/a>/);
    // Red's given ships, designs fixed: "Every ship starts undamaged" with its campaign design.
    expect(page.text).toMatch(
      /<th scope="row">Rdart1<\/th><td>5<\/td><td>2<\/td><td>1<\/td><td>F<\/td>[\s\S]*<th scope="row">Rdart2<\/th>/,
    );
    expect(page.text).not.toContain('Bspear1');
    // "The attacker deploys in rows 16–18, the defender in rows 1–3": Red defends here.
    expect(page.text).toContain('Your zone: columns 01–24, rows 01–03.');
    // The deadline in UTC and in Alice's zone (Europe/Paris), and what happens at it.
    expect(page.text).toMatch(/Deploy by <strong>[^<]+UTC<\/strong> = [^<]*Paris/);
    expect(page.text).toContain('A side that has not deployed by then is placed by default');
    // "row 16 (defender: row 3) first, columns 12, 13, 11 …; defender facing S": the default placement, filled in.
    expect(page.text).toContain('>Rdart1 1203 S\nRdart2 1303 S</textarea>');
  });

  it('answers a deployment as the API does: every problem by line and ship, the text kept, nothing stored; then what was sent', async () => {
    await untilBattle();
    await alice.get(`/games/${BATTLE}`);
    const redToken = tokenOf(app.ctx, (await seatOf('red'))!);

    // Without the form's CSRF token nothing is taken.
    const forged = await alice.post(
      `/games/${BATTLE}/fleet`,
      { side: 'red', fleet: 'Rdart1 1203 S\nRdart2 1303 S' },
      {
        csrf: null,
      },
    );
    expect(forged.status).toBe(403);
    expect(await deploymentOf('red')).toBeNull();

    // A hex outside the zone: the problem the use case names, by the line and ship it concerns.
    const outside = 'Rdart1 1210 S\nRdart2 1303 S';
    const refused = await alice.post(`/games/${BATTLE}/fleet`, { side: 'red', fleet: outside });
    expect(refused.status).toBe(422);
    const byApi = await submitFleet(app.ctx, BATTLE, redToken, {
      ships: [
        { id: 'Rdart1', hex: '1210', facing: 'S' },
        { id: 'Rdart2', hex: '1303', facing: 'S' },
      ],
    }).catch((e: unknown) => e);
    expect(byApi).toBeInstanceOf(AppError);
    expect((byApi as AppError).problems.map((p) => p.code)).toEqual(['HEX_OUTSIDE_ZONE']);
    expect(refused.text).toContain(`line 1 (Rdart1): ${(byApi as AppError).problems[0]!.message}`);
    expect(refused.text).toContain('1210 is outside your deployment zone (columns 01–24, rows 01–03)');
    expect(refused.text).toContain(`>${outside}</textarea>`);
    expect(await deploymentOf('red')).toBeNull();

    // A ship not given, a ship twice, a ship left out: all listed at once.
    const several = await alice.post(`/games/${BATTLE}/fleet`, {
      side: 'red',
      fleet: 'Bspear1 1201 N\nRdart1 1203 S\nRdart1 1202 S',
    });
    expect(several.status).toBe(422);
    expect(several.text).toContain('line 1 (Bspear1): Bspear1 is not yours here: you place Rdart1, Rdart2');
    expect(several.text).toContain('line 3 (Rdart1): Rdart1 is placed twice: place each ship once');
    expect(several.text).toContain('(Rdart2): Rdart2 is not placed: place every ship you were given');

    // A facing that is none, and a line of more words than ID HEX FACING: the line named.
    const unread = await alice.post(`/games/${BATTLE}/fleet`, { side: 'red', fleet: 'Rdart1 1203 Q\nRdart2 1303 S W' });
    expect(unread.status).toBe(400);
    expect(unread.text).toContain('line 1 (Rdart1): facing: facing is one of N NE SE S SW NW');
    expect(unread.text).toContain('line 2 (Rdart2): facing: facing is one of N NE SE S SW NW');
    expect(await deploymentOf('red')).toBeNull();

    // The default placement as filled in is accepted; the page shows what was sent, waiting for Blue.
    const accepted = await alice.post(`/games/${BATTLE}/fleet`, {
      side: 'red',
      fleet: 'Rdart1 1203 S\nrdart2 1102 se',
    });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe(`/games/${BATTLE}?done=deployed#deploy`);
    const after = (await alice.get(accepted.location!)).text;
    expect(after).toContain('Your deployment is in. The battle starts when both sides have deployed.');
    expect(after).toMatch(/Your deployment is in:<\/p>\s*<pre>Rdart1 1203 S\nRdart2 1102 SE<\/pre>/);
    expect(after).toContain('Waiting for the other side');
    expect((await deploymentOf('red'))!.ships.map((s) => [s.id, s.hex, s.facing, s.design.engine])).toEqual([
      ['Rdart1', '1203', 'S', 5],
      ['Rdart2', '1102', 'SE', 5],
    ]);
    // Bob still sees his own form, his own ships only.
    const bobs = (await bob.get(`/games/${BATTLE}`)).text;
    expect(bobs).toContain('>Bspear1 1216 N</textarea>');
    expect(bobs).not.toContain('Waiting for the other side');
  });

  it('refuses hostile bodies with the problem named, escaped, and nothing stored', async () => {
    await untilBattle();
    await alice.get(`/games/${BATTLE}`);
    // The field as a list: read as empty.
    const list = await alice.post(`/games/${BATTLE}/fleet`, { side: 'red', fleet: ['Rdart1 1203 S', 'Rdart2 1303 S'] });
    expect(list.status).toBe(400);
    expect(list.text).toContain('no ship is placed: write one line for each ship you were given');
    // Markup in a ship id is shown as text.
    const markup = await alice.post(`/games/${BATTLE}/fleet`, {
      side: 'red',
      fleet: '<script>alert(1)</script> 1203 S\nRdart2 1303 S',
    });
    expect(markup.status).toBe(422);
    expect(markup.text).not.toContain('<script>alert(1)</script>');
    expect(markup.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; is not yours here');
    // A huge body: cut to its first lines, refused, not stored.
    const huge = await alice.post(`/games/${BATTLE}/fleet`, { side: 'red', fleet: 'Rdart1 1203 S\n'.repeat(20_000) });
    expect(huge.status).toBe(422);
    expect(huge.text).toContain('Rdart1 is placed twice');
    // Someone with no seat in the battle is refused.
    const carol = visitor(app);
    await logIn(app, carol, 'carol@pbem.test');
    const stranger = await carol.post(`/games/${BATTLE}/fleet`, { side: 'red', fleet: 'Rdart1 1203 S\nRdart2 1303 S' });
    expect(stranger.status).toBe(403);
    expect(await deploymentOf('red')).toBeNull();
  });

  it('links the campaign and its battle both ways while it is fought and once it has ended, on the moderator’s board too', async () => {
    await untilBattle();
    for (const [who, side, fleet] of [
      [alice, 'red', 'Rdart1 1203 S\nRdart2 1303 S'],
      [bob, 'blue', 'Bspear1 1216 N'],
    ] as const) {
      await who.get(`/games/${BATTLE}`);
      expect((await who.post(`/games/${BATTLE}/fleet`, { side, fleet })).status).toBe(303);
    }
    // The battle runs: its page names its campaign and turn, and takes orders.
    const running = (await alice.get(`/games/${BATTLE}`)).text;
    expect(running).toMatch(/A battle of turn 2 of the campaign <a href="\/games\/camp">Web campaign<\/a>/);
    expect(running).toContain('Orders for turn 1');
    expect(running).not.toContain('Deploy your ships');
    expect((await bob.get(`/games/${ID}`)).text).toMatch(
      new RegExp(`<a href="/games/${BATTLE}">Battle at 0404, campaign turn 2</a> — being fought`),
    );
    const mod = visitor(app);
    await logIn(app, mod, 'mod@pbem.test');
    expect((await mod.get(`/games/${ID}/moderate`)).text).toMatch(
      new RegExp(`<a href="/games/${BATTLE}">Battle at 0404, campaign turn 2</a> — being fought`),
    );
    // The battle's own board names its campaign and turn, and leads back to the campaign's board.
    expect((await mod.get(`/games/${BATTLE}/moderate`)).text).toMatch(
      /A battle of turn 2 of the campaign <a href="\/games\/camp\/moderate">Web campaign<\/a> \(camp\)/,
    );

    // Red concedes the battle: it ends, and the campaign turn resolves from its outcome.
    await alice.get(`/games/${BATTLE}`);
    // CONCEDE alone gives nothing up: the page says what to write instead.
    const asked = await alice.post(`/games/${BATTLE}/orders/text`, { side: 'red', text: 'CONCEDE' });
    expect(asked.status).toBe(303);
    expect((await alice.get(asked.headers.get('location')!)).text).toContain(
      'Not conceded: CONCEDE alone gives nothing up',
    );
    expect((await alice.post(`/games/${BATTLE}/orders/text`, { side: 'red', text: `CONCEDE ${BATTLE}` })).status).toBe(
      303,
    );
    // The concession makes the battle's turn due at once; the worker resolves it.
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: BATTLE, turn: 1, gameOver: true });
    const ended = (await alice.get(`/games/${BATTLE}`)).text;
    expect(ended).toMatch(/A battle of turn 2 of the campaign <a href="\/games\/camp">Web campaign<\/a>/);
    const campaign = (await alice.get(`/games/${ID}`)).text;
    expect(campaign).toContain('Orders for turn 3');
    expect(campaign).toContain('Battles of turn 2, ended');
    expect(campaign).toMatch(
      new RegExp(`<strong>Battle at 0404, campaign turn 2</strong>: [^<]+ · <a href="/archive/${BATTLE}">`),
    );
    expect(campaign).not.toContain(`href="/games/${BATTLE}"`);
    expect((await mod.get(`/games/${ID}/moderate`)).text).toContain(`<a href="/archive/${BATTLE}">`);
    expect((await alice.get(`/archive/${BATTLE}`)).status).toBe(200);
  });
});
