/**
 * A campaign's archive pages in-process (rules-strategic.md §6): while it runs, a seat's player sees every turn as
 * its own side saw it, its moderator everything, and anyone else a page saying it is hidden until it ends; once it
 * has ended, every turn's whole map and every event for anyone, with the seed and the download that `msc verify`
 * replays. The turn that fought a battle as a linked tactical game links that game's archive.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyExport } from '../../../src/games/archive/verify.ts';
import { endGame } from '../../../src/games/moderation/moderation.ts';
import { playedCampaign, type PlayedCampaign } from '../../games/campaign-archive-support.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { logIn, visitor, type Visitor } from '../pages-support.ts';

const ID = 'c-pages';
/** What only the whole campaign tells: each side's production (a side sees its own, as "your"), HTML-escaped. */
const RED_PRODUCTION = 'Production: Red League&#x27;s 1 system (1909)';
const BLUE_PRODUCTION = 'Production: Blue Union&#x27;s 1 system (0202)';

describe('a campaign’s archive pages', () => {
  let app: TestApp;
  let played: PlayedCampaign;
  let anyone: Visitor;
  let alice: Visitor;
  let bob: Visitor;
  let moderator: Visitor;
  beforeEach(async () => {
    app = await startTestApp('pglite');
    played = await playedCampaign(app.ctx, ID);
    anyone = visitor(app);
    [alice, bob, moderator] = [visitor(app), visitor(app), visitor(app)];
    await logIn(app, alice, 'alice@pbem.test');
    await logIn(app, bob, 'bob@pbem.test');
    await logIn(app, moderator, 'mod@pbem.test');
  });
  afterEach(() => app.close());

  it('while it runs: hidden from anyone, each seat its own side’s view of every turn, the moderator everything', async () => {
    for (const path of [`/archive/${ID}`, `/archive/${ID}/turn/1`, `/archive/${ID}/turn/2`]) {
      const hidden = await anyone.get(path);
      expect(hidden.status, path).toBe(403);
      expect(hidden.text).toContain('Hidden while it runs');
      expect(hidden.text).not.toContain('<svg');
      expect(hidden.text).not.toContain('Production');
    }
    expect((await anyone.get(`/archive/${ID}/export`)).status).toBe(403);
    expect((await bob.get(`/archive/${ID}/export`)).status).toBe(403);

    // Bob plays Blue: every turn as Blue saw it, no download (a running campaign is exported to its moderator only).
    const page = await bob.get(`/archive/${ID}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('you see every turn as Blue Union saw it');
    expect(page.text).toContain(`href="/archive/${ID}/turn/1"`);
    expect(page.text).toContain(`href="/archive/${ID}/turn/2"`);
    expect(page.text).toContain('<svg');
    expect(page.text).not.toContain(`/archive/${ID}/export`);
    const turn = await bob.get(`/archive/${ID}/turn/1`);
    expect(turn.status).toBe(200);
    expect(turn.text).toContain('this is the turn as Blue Union saw it');
    expect(turn.text).toContain('Production: your 1 system (0202)');
    expect(turn.text).not.toContain(RED_PRODUCTION);
    // The turn that fought its battle as a tactical game links the battle's own archive.
    expect(turn.text).toContain(`<a href="/archive/${played.battleId}">Battle at 1005, campaign turn 1</a>`);
    expect(turn.text).toContain(`href="/archive/${ID}/turn/2" rel="next"`);

    const red = await alice.get(`/archive/${ID}/turn/2`);
    expect(red.status).toBe(200);
    expect(red.text).toContain('Production: your 1 system (1909)');
    expect(red.text).not.toContain(BLUE_PRODUCTION);

    const board = await moderator.get(`/archive/${ID}/turn/1`);
    expect(board.status).toBe(200);
    expect(board.text).toContain(RED_PRODUCTION);
    expect(board.text).toContain(BLUE_PRODUCTION);
    expect((await moderator.get(`/archive/${ID}`)).text).toContain(`/archive/${ID}/export`);

    // A turn that is not there.
    expect((await bob.get(`/archive/${ID}/turn/9`)).status).toBe(404);
  });

  it('once it has ended: every turn’s whole map and every event for anyone, the seed, and a download that verifies', async () => {
    await endGame(app.ctx, { gameId: ID, key: played.key }, 'end', 'over');
    const page = await anyone.get(`/archive/${ID}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="seed"');
    expect(page.text).toContain('The final map');
    expect(page.text).not.toContain('saw it');
    for (const n of [1, 2]) {
      const turn = await anyone.get(`/archive/${ID}/turn/${n}`);
      expect(turn.status).toBe(200);
      expect(turn.text).toContain(RED_PRODUCTION);
      expect(turn.text).toContain(BLUE_PRODUCTION);
      expect(turn.text).toContain('Before the turn');
      expect(turn.text).toContain('After the turn');
      expect(turn.text.match(/<svg/g)).toHaveLength(2);
    }
    const turnOne = await anyone.get(`/archive/${ID}/turn/1`);
    expect(turnOne.text).toContain(`<a href="/archive/${played.battleId}">Battle at 1005, campaign turn 1</a>`);
    // The battle's own archive is the tactical game's, as ever.
    const battle = await anyone.get(`/archive/${played.battleId}`);
    expect(battle.status).toBe(200);
    expect(battle.text).toContain('Replay from turn 1');

    const download = await anyone.get(`/archive/${ID}/export`);
    expect(download.status).toBe(200);
    expect(verifyExport(JSON.parse(download.text))).toMatchObject({ ok: true, turns: 2, summary: { battles: 1 } });
  });
});
