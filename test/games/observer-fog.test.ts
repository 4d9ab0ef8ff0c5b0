/**
 * An observer of a campaign with fog of war (issue 26; rules-strategic.md §6) receives nothing the fog hides. The
 * campaign of campaign-fog-channels.test.ts is played to a strategic battle and its end with an observer who joined
 * by mail (OBSERVE, then the mailed link), and after every turn the observer's whole intake is scanned: every mail
 * queued to the address (subject, headers, text, HTML), every page the observer can open (home, game page, observe
 * page, archive and its turns, export) and every API answer the observer's session gets. While the campaign runs none
 * of it may hold either side's ship ids, designs or fleets, either side's orders, a seat token, or the dice seed. At
 * the end the observer is mailed the whole campaign: the scan was not blind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { games, observers, outbox } from '../../src/db/schema.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { FOG_CAMPAIGN, playFogCampaign } from '../support/campaigns.ts';
import { databaseKinds } from '../support/db.ts';
import { expectNothingForbidden, mailsSince, pagesSeen, word, type Forbidden, type Seen } from '../support/intake.ts';
import { composeMail, PLAIN_ADDRESS } from '../mail/support.ts';
import { startTestApp, type TestApp } from '../web/support.ts';
import { campaignGame, visitor, type Visitor } from '../web/pages-support.ts';

const ID = 'fogobs';
const WATCHER = 'carol@watchers.test';
type Side = 'red' | 'blue';
const SIDES = ['red', 'blue'] as const;

const SETUP = FOG_CAMPAIGN.setups(ID);
/** What no observer may read while the campaign runs: every ship, design and fleet of either side. */
const SECRETS: readonly RegExp[] = [
  ...['Rdart1', 'Rdart2', 'Bspear1', 'Bshade2', 'Rwing', 'Bhost', 'Bhide'].map(word),
  /E5 S2 H1/i,
  /E4 S3 H1/i,
  /E3 S4 H4/i,
  /ENGINE [345],? SHIELDS [234]/i,
];

describe.each(databaseKinds)('an observer of a campaign with fog of war on %s', (kind) => {
  let app: TestApp;
  let tokens: Record<Side, string>;
  let watcher: Visitor;
  let lastMail = 0;
  const ordersSent: string[] = [];

  beforeEach(async () => {
    app = await startTestApp(kind);
    watcher = visitor(app);
    lastMail = 0;
    ordersSent.length = 0;
  });
  afterEach(() => app.close());

  async function send(side: Side, text: string) {
    const accepted = await submitText(app.ctx, { gameId: ID, token: tokens[side], text, channel: 'mail' });
    ordersSent.push(
      ...accepted.canonical
        .split('\n')
        .filter((l) => /^(MOVE|BUILD|SPLIT|MERGE|TRANSFER|LOSSES|RETREAT)\b/.test(l))
        .map((l) => l.trim()),
    );
  }

  /** Everything the observer receives now: new mail, every page, every API answer its session gets. */
  async function intake(lastResolved: number): Promise<Seen[]> {
    const mails = await mailsSince(app.database.db, WATCHER, lastMail);
    lastMail = mails.last;
    const archiveTurns = Array.from({ length: lastResolved }, (_, i) => `/archive/${ID}/turn/${i + 1}`);
    const pages = await pagesSeen(
      watcher,
      ['/', `/games/${ID}`, `/games/${ID}/observe`, `/archive/${ID}`, ...archiveTurns, `/archive/${ID}/export`],
      'the observer',
    );
    const cookie = [...watcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answers: Seen[] = [];
    for (const path of ['', '/orders', '/turns', '/turns/1', '/export']) {
      const answer = await app.call('GET', `/api/games/${ID}${path}`, { anonymous: true, headers: { cookie } });
      expect(answer.status, `the observer GET /api/games/${ID}${path}`).toBeLessThan(500);
      answers.push({ where: `api /api/games/${ID}${path}`, text: answer.text });
    }
    return [...mails.seen, ...pages, ...answers];
  }

  async function fogHolds(lastResolved: number, over: boolean): Promise<Seen[]> {
    const [game] = await app.database.db.select().from(games).where(eq(games.id, ID));
    const seen = await intake(lastResolved);
    const forbidden: Forbidden[] = SIDES.map((side) => ({
      what: `the ${side} seat token`,
      test: (t: string) => t.includes(tokens[side]),
    }));
    if (!over)
      forbidden.push(
        ...SECRETS.map((re) => ({ what: `the secret ${re.source}`, test: (t: string) => re.test(t) })),
        ...ordersSent.map((line) => ({ what: `the order "${line}"`, test: (t: string) => t.includes(line) })),
        { what: 'the dice seed', test: (t) => t.includes(game!.seed) },
      );
    expectNothingForbidden(seen, forbidden, 'the observer');
    return seen;
  }

  it('is mailed and shown nothing the fog hides, turn after turn, and the whole campaign at its end', async () => {
    tokens = await campaignGame(app.ctx, ID, { fog: 'sensors', turnLimit: 4, observers: 'allowed' });
    // OBSERVE by mail, confirmed by the link mailed back, which also logs the observer in.
    const raw = await composeMail({ from: WATCHER, to: PLAIN_ADDRESS, subject: 'watch', text: `OBSERVE ${ID}` });
    expect(await handleInboundMail(app.ctx, raw)).toMatchObject({ outcome: 'command', gameId: ID });
    const [confirm] = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, WATCHER), eq(outbox.kind, 'observe')))
      .orderBy(asc(outbox.id));
    const link = /https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/.exec(confirm!.textBody)![1]!;
    await watcher.get(link);
    expect((await watcher.post(link)).status).toBe(303);
    expect(await app.database.db.select().from(observers).where(eq(observers.gameId, ID))).toHaveLength(1);
    await fogHolds(0, false);

    await send('red', SETUP.red);
    await send('blue', SETUP.blue);
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    const started = await fogHolds(0, false);
    expect(
      started.some((s) => s.where.startsWith('mail') && s.text.includes('turn 1 is open')),
      'the observer is mailed when turn 1 opens',
    ).toBe(true);

    await send('red', FOG_CAMPAIGN.turn1(ID).red);
    await send('blue', FOG_CAMPAIGN.turn1(ID).blue);
    await playFogCampaign(app.ctx, ID, send, async (turn, over) => {
      const seen = await fogHolds(turn, over);
      if (!over)
        expect(
          seen.filter((s) => s.where.startsWith('mail')).map((s) => s.where),
          `one mail for turn ${turn}`,
        ).toEqual([expect.stringContaining(`Turn ${turn} resolved`)]);
    });

    // The end mail holds the whole campaign and the seed: what was kept from the observer was there to be found.
    const [game] = await app.database.db.select().from(games).where(eq(games.id, ID));
    const [end] = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, WATCHER), eq(outbox.kind, 'game-end')));
    expect(end!.textBody).toContain('Bshade2');
    expect(end!.textBody).toContain(game!.seed);
  });
});
