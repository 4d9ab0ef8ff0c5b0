/**
 * Fog of war through every channel (rules-strategic.md §6): "of an enemy fleet it sees its ship count only while it
 * is detected (sensors this turn) or after fighting it …, and never its ship designs, nor the enemy's BP store or
 * orders. A game option `fog: "sensors"` hides enemy fleets entirely unless detected this turn. Reports and web
 * pages show each side only its own view; moderators, and the archive once the game has ended, see everything."
 *
 * A campaign with `fog: "sensors"` is played to a strategic battle and its end, and after every turn each side's
 * whole intake is scanned: every mail queued to its player (text, HTML, subject, headers), every page its player
 * can open (home, game page, archive) and every API answer its seat token gets. None of it may hold an enemy ship's
 * id or design, the enemy's orders or seat token, the dice seed before the end, an enemy fleet not detected this
 * turn, or an enemy store. The oracle is the turn's own stored events (sensor contacts and battles), not the views
 * under test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { games, turns } from '../../src/db/schema.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { FOG_CAMPAIGN, playFogCampaign } from '../support/campaigns.ts';
import { databaseKinds } from '../support/db.ts';
import { expectNothingForbidden, mailsSince, word, type Forbidden, type Seen } from '../support/intake.ts';
import { startTestApp, type TestApp } from '../web/support.ts';
import { campaignGame, logIn, visitor, type Visitor } from '../web/pages-support.ts';

const ID = 'fogc';
type Side = 'red' | 'blue';
const ENEMY: Record<Side, Side> = { red: 'blue', blue: 'red' };
const EMAIL: Record<Side, string> = { red: 'alice@pbem.test', blue: 'bob@pbem.test' };

/** Ids and designs no other text holds (FOG_CAMPAIGN). */
const SETUP = FOG_CAMPAIGN.setups(ID);
const SHIPS: Record<Side, readonly string[]> = FOG_CAMPAIGN.ships;
const DESIGNS: Record<Side, RegExp[]> = {
  red: [/E5 S2 H1/i, /ENGINE 5,? SHIELDS 2/i],
  blue: [/E4 S3 H1/i, /E3 S4 H4/i, /ENGINE 4,? SHIELDS 3/i, /ENGINE 3,? SHIELDS 4/i],
};

describe.each(databaseKinds)('fog of war in every channel on %s', (kind) => {
  let app: TestApp;
  let tokens: Record<Side, string>;
  const people: Partial<Record<Side, Visitor>> = {};
  /** The last outbox row each side's scan has read: each mail is scanned with the turn it was written in. */
  const lastMail: Record<Side, number> = { red: 0, blue: 0 };
  /** Each side's orders as sent, canonical lines by turn: the other side must never read them. */
  const ordersSent: Record<Side, string[]> = { red: [], blue: [] };

  beforeEach(async () => {
    app = await startTestApp(kind);
    for (const side of ['red', 'blue'] as const) {
      people[side] = visitor(app);
      await logIn(app, people[side], EMAIL[side]);
    }
    lastMail.red = lastMail.blue = 0;
    ordersSent.red = [];
    ordersSent.blue = [];
  });
  afterEach(() => app.close());

  async function send(side: Side, text: string) {
    const accepted = await submitText(app.ctx, { gameId: ID, token: tokens[side], text, channel: 'mail' });
    ordersSent[side].push(
      ...accepted.canonical
        .split('\n')
        .filter((l) => /^(MOVE|BUILD|SPLIT|MERGE|TRANSFER|LOSSES|RETREAT)\b/.test(l))
        .map((l) => l.trim()),
    );
  }

  /** Everything `side` receives now: new mail, every page, every API answer. */
  /** The archive's pages of every resolved turn: a seat reads its own side's view of each while the campaign runs. */
  const archiveTurns = (lastResolved: number) =>
    Array.from({ length: lastResolved }, (_, i) => `/archive/${ID}/turn/${i + 1}`);

  async function intake(side: Side, lastResolved: number): Promise<Seen[]> {
    const mails = await mailsSince(app.database.db, EMAIL[side], lastMail[side]);
    const seen: Seen[] = [...mails.seen];
    lastMail[side] = mails.last;
    const person = people[side]!;
    for (const path of [
      '/',
      `/games/${ID}`,
      `/archive/${ID}`,
      ...archiveTurns(lastResolved),
      `/archive/${ID}/export`,
    ]) {
      const page = await person.get(path);
      expect(page.status, `${side} GET ${path}`).toBeLessThan(500);
      // A seat reads its own view of every resolved turn in the archive, and the game page: these are scanned.
      if (path.includes('/turn/') || path.startsWith('/games/')) expect(page.status, `${side} GET ${path}`).toBe(200);
      seen.push({ where: `page ${path}`, text: page.text });
    }
    for (const path of ['', '/orders', '/turns', '/turns/1', '/export']) {
      const answer = await app.call('GET', `/api/games/${ID}${path}`, { token: tokens[side] });
      expect(answer.status, `${side} GET /api/games/${ID}${path}`).toBeLessThan(500);
      seen.push({ where: `api /api/games/${ID}${path}`, text: answer.text });
    }
    return seen;
  }

  /** The enemy fleets `side` may know of now: detected by its sensors or fought in the last resolved turn. */
  async function knownEnemyFleets(side: Side, lastResolved: number): Promise<Set<string>> {
    const [row] = await app.database.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, ID), eq(turns.number, lastResolved)));
    const known = new Set<string>();
    for (const e of (row?.events ?? []) as { type: string; side?: string; fleet?: string; fleets?: string[] }[]) {
      if (e.type === 'sensor' && e.side === side) known.add(e.fleet!);
      // A battle's fleets are known to both sides that fought it.
      if (e.type === 'battle') for (const f of e.fleets ?? []) known.add(f);
    }
    return known;
  }

  /** What §6 hides from `side` appears nowhere in what it received. */
  async function fogHolds(side: Side, lastResolved: number, over: boolean) {
    const enemy = ENEMY[side];
    const [game] = await app.database.db.select().from(games).where(eq(games.id, ID));
    const seen = await intake(side, lastResolved);
    // Once the campaign is over everything is open (the seed, the orders, every ship) but the seat tokens.
    const forbidden: Forbidden[] = [{ what: 'the enemy seat token', test: (t) => t.includes(tokens[enemy]) }];
    if (!over)
      forbidden.push(
        ...SHIPS[enemy].map((id) => ({ what: `enemy ship ${id}`, test: (t: string) => word(id).test(t) })),
        ...DESIGNS[enemy].map((re) => ({ what: `enemy design ${re.source}`, test: (t: string) => re.test(t) })),
        ...ordersSent[enemy].map((line) => ({ what: `enemy order "${line}"`, test: (t: string) => t.includes(line) })),
        { what: 'the dice seed', test: (t) => t.includes(game!.seed) },
      );
    // With fog "sensors", an enemy fleet not detected (nor fought) in the last turn is not there at all.
    const known = await knownEnemyFleets(side, lastResolved);
    if (!over)
      for (const fleet of ['Bhost', 'Bhide', 'Rwing'].filter((f) => f[0] === enemy[0]!.toUpperCase()))
        if (!known.has(fleet))
          forbidden.push({ what: `undetected enemy fleet ${fleet}`, test: (t: string) => word(fleet).test(t) });
    expectNothingForbidden(seen, forbidden, side);
    // No answer carries a store but the side's own: a JSON store is a number (its own), never a table by side.
    for (const item of seen.filter((s) => !over && s.where.startsWith('api')))
      expect(item.text, `${side}: a store by side in ${item.where}`).not.toMatch(
        new RegExp(`"store":\\{[^}]*"${enemy}"`),
      );
    return seen;
  }

  it('each side reads only its own view: mails, pages and API answers, turn after turn, until the end', async () => {
    tokens = await campaignGame(app.ctx, ID, { fog: 'sensors', turnLimit: 4 });
    await send('red', SETUP.red);
    await send('blue', SETUP.blue);
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    for (const side of ['red', 'blue'] as const) await fogHolds(side, 0, false);

    // Turn 1: Red heads for Blue's home (0707) by 0404, 4 hexes from it: out of sensor range, Blue stays unseen.
    await send('red', FOG_CAMPAIGN.turn1(ID).red);
    await send('blue', FOG_CAMPAIGN.turn1(ID).blue);
    const last = await playFogCampaign(app.ctx, ID, send, async (turn, over) => {
      for (const side of ['red', 'blue'] as const) await fogHolds(side, turn, over);
    });
    const events = (await app.database.db.select().from(turns).where(eq(turns.gameId, ID))).flatMap(
      (t) => (t.events ?? []) as { type: string }[],
    );
    expect(
      events.some((e) => e.type === 'battle'),
      'the campaign had a battle',
    ).toBe(true);
    expect(
      events.some((e) => e.type === 'sensor'),
      'and sensor contacts',
    ).toBe(true);
    expect(last).toBeGreaterThanOrEqual(2);

    // Once it is over, the archive shows everything — the check above was not blind: Blue's ships are there now.
    const archive = await app.call('GET', `/api/games/${ID}/export`);
    expect(archive.status).toBe(200);
    expect(archive.text).toContain('Bshade2');
  });
});
