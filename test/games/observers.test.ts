/**
 * Observers (issue 26, njudge OBSERVE): a game's creator allows them; an address becomes one only once it has proved
 * it is its own (a link mailed to it, or a session); it is mailed each resolved turn's report as every side may read
 * it, with no order block, no token and no seed, then the end; it reads the same on its page; seats see how many
 * observe; the moderator may remove one; a stop link, UNOBSERVE by mail or the page stops it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { games, observers, outbox } from '../../src/db/schema.ts';
import { observerAddresses } from '../../src/games/observers/observers.ts';
import { endGame, removeObserver } from '../../src/games/moderation/moderation.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { databaseKinds } from '../support/db.ts';
import { duelOrders } from '../support/games.ts';
import { composeMail, PLAIN_ADDRESS } from '../mail/support.ts';
import { createDuel, startTestApp, type TestApp } from '../web/support.ts';
import { duelForm, logIn, visitor, type Visitor } from '../web/pages-support.ts';

const CAROL = 'carol@watchers.test';
const MALLORY = 'mallory@evil.test';

describe.each(databaseKinds)('observers on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  const mailsTo = (to: string, after = 0) =>
    app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), gt(outbox.id, after)))
      .orderBy(asc(outbox.id));
  const observerRows = (gameId: string) => app.database.db.select().from(observers).where(eq(observers.gameId, gameId));
  const mailFrom = (from: string, text: string) =>
    composeMail({ from, to: PLAIN_ADDRESS, subject: 'observe', text }).then((raw) => handleInboundMail(app.ctx, raw));

  /** Follows the single-use link of the newest `observe` mail to `to` in `v`, as a browser would (GET, then POST). */
  async function followObserveLink(v: Visitor, to: string) {
    const [mail] = (await mailsTo(to)).filter((m) => m.kind === 'observe').slice(-1);
    const path = /https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/.exec(mail!.textBody)?.[1];
    expect(path, 'the confirmation holds a link').toBeDefined();
    const page = await v.get(path!);
    expect(page.text).toContain('makes you an observer of');
    return v.post(path!);
  }

  it('OBSERVE by mail: only the mailed link makes an observer; each turn is mailed without orders, token or seed; the end with everything', async () => {
    const { tokens } = await createDuel(app, 'obs-duel', { observers: 'allowed' });

    const asked = await mailFrom(CAROL, 'OBSERVE obs-duel');
    expect(asked).toMatchObject({ outcome: 'command', gameId: 'obs-duel' });
    // The From header alone makes nobody an observer: a link went to that address, nothing else happened.
    expect(await observerRows('obs-duel')).toHaveLength(0);
    const carol = visitor(app);
    const followed = await followObserveLink(carol, CAROL);
    expect(followed.status).toBe(303);
    expect(followed.location).toBe('/games/obs-duel/observe');
    expect((await observerRows('obs-duel')).map((o) => o.email)).toEqual([CAROL]);
    expect(await observerAddresses(app.ctx, 'obs-duel')).toEqual([CAROL]);

    const [welcome] = (await mailsTo(CAROL)).filter((m) => m.kind === 'observer-report');
    expect(welcome!.subject).toBe('[obs-duel] You observe: Tutorial duel');
    expect(welcome!.textBody).toContain('The map at the start of turn 1');
    expect(welcome!.textBody).toMatch(/\n {2}http:\/\/127\.0\.0\.1:8080\/unobserve\/[A-Za-z0-9_-]{32}\n/);
    expect(welcome!.headers['Reply-To']).toBeUndefined();

    const seen = (await mailsTo(CAROL)).at(-1)!.id;
    for (const side of ['black', 'grey'] as const)
      await submitText(app.ctx, {
        gameId: 'obs-duel',
        token: tokens[side],
        text: duelOrders('obs-duel', side),
        channel: 'mail',
      });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: 'obs-duel', turn: 1 });
    const [report, ...more] = await mailsTo(CAROL, seen);
    expect(more).toHaveLength(0);
    expect(report).toMatchObject({ kind: 'observer-report', subject: '[obs-duel] Turn 2 report: Tutorial duel' });
    const all = [report!.subject, JSON.stringify(report!.headers), report!.textBody, report!.htmlBody].join('\n');
    expect(all).toContain('What happened in turn 1');
    expect(all).not.toContain('Your orders for turn');
    for (const token of Object.values(tokens)) expect(all).not.toContain(token);
    const [game] = await app.database.db.select().from(games).where(eq(games.id, 'obs-duel'));
    expect(all).not.toContain(game!.seed);

    // The page says the same; a seat's page tells how many observe, never who.
    const page = await carol.get('/games/obs-duel/observe');
    expect(page.status).toBe(200);
    expect(page.text).toContain('What happened in turn 1');
    expect(page.text).not.toContain(game!.seed);
    expect((await carol.get('/games/obs-duel')).location).toBe('/games/obs-duel/observe');
    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    const seatPage = await alice.get('/games/obs-duel');
    expect(seatPage.text).toContain('1 person observes this game');
    expect(seatPage.text).not.toContain(CAROL);

    await endGame(app.ctx, { gameId: 'obs-duel', operator: true }, 'end');
    const [end] = (await mailsTo(CAROL, report!.id)).filter((m) => m.kind === 'game-end');
    expect(end!.textBody).toContain(game!.seed);
    // An observer plays no side: its mail never tells it to reply with orders.
    expect(end!.textBody).toContain('You observe this game: you do not play in it.');
    const [confirm] = (await mailsTo(CAROL)).filter((m) => m.kind === 'observe');
    for (const m of [end!, confirm!]) expect(m.textBody).not.toContain('Reply to this mail to send orders');
    expect(confirm!.textBody).toContain('You have no seat in this game: this mail needs');
  });

  it('press (MESSAGE ALL) reaches the observers too, with their stop link and no way to answer; a message to one side does not', async () => {
    const { tokens } = await createDuel(app, 'press-duel', { observers: 'allowed', press: 'grey' });
    await mailFrom(CAROL, 'OBSERVE press-duel');
    await followObserveLink(visitor(app), CAROL);
    const seen = (await mailsTo(CAROL)).at(-1)!.id;
    const say = (text: string) =>
      submitText(app.ctx, { gameId: 'press-duel', token: tokens.black, text, channel: 'mail' });

    await say('MESSAGE ALL\nGrey fleet, surrender now.\nEND');
    await say('MESSAGE grey\nA word for you alone.\nEND');
    await say('MESSAGE ALL ANONYMOUS\nSomeone is lying.\nEND');
    const [signed, grey, ...more] = await mailsTo(CAROL, seen);
    expect(more).toHaveLength(0);
    expect(signed).toMatchObject({ kind: 'message', subject: expect.stringContaining('Press from') });
    expect(signed!.textBody).toContain('Grey fleet, surrender now.');
    expect(signed!.textBody).toContain('You observe this game');
    expect(signed!.textBody).toMatch(/http:\/\/127\.0\.0\.1:8080\/unobserve\/[A-Za-z0-9_-]{32}/);
    expect(signed!.textBody).not.toContain('reply with MESSAGE');
    expect(signed!.headers['Reply-To']).toBeUndefined();
    expect(signed!.headers['List-Unsubscribe']).toMatch(/\/unobserve\//);
    expect(grey!.subject).toContain('Anonymous press');
    expect(grey!.textBody).toContain('Someone is lying.');
    const all = [signed, grey].map(
      (m) => `${m!.subject}\n${JSON.stringify(m!.headers)}\n${m!.textBody}\n${m!.htmlBody}`,
    );
    expect(all.join('\n')).not.toContain('A word for you alone.');
    expect(grey!.textBody).not.toMatch(/black/i);
    for (const token of Object.values(tokens)) expect(all.join('\n')).not.toContain(token);
  });

  it('a game without observers takes none, by mail or web; a campaign offers no neutral view', async () => {
    await createDuel(app, 'closed-duel');
    const asked = await mailFrom(CAROL, 'OBSERVE closed-duel');
    expect(asked.detail).toMatchObject({ refused: 'OBSERVERS_NOT_ALLOWED' });
    expect(await mailsTo(CAROL)).toHaveLength(0);
    const carol = visitor(app);
    await logIn(app, carol, CAROL);
    const page = await carol.get('/games/closed-duel/observe');
    expect(page.text).toContain('takes no observers');
    const refused = await carol.post('/games/closed-duel/observe');
    expect(refused.status).toBe(403);
    expect(await observerRows('closed-duel')).toHaveLength(0);
    // A private game without observers is not there for anyone outside it.
    await createDuel(app, 'secret-duel', { public: false });
    expect((await carol.get('/games/secret-duel/observe')).status).toBe(404);

    const campaign = await app.call('POST', '/api/games', {
      body: {
        id: 'obs-campaign',
        name: 'Campaign',
        ruleset: 'msc-strategic',
        settings: { ...SMALL_CAMPAIGN, observers: 'allowed', observerView: 'neutral' },
        seats: [
          { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
          { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        ],
      },
    });
    expect(campaign.status, campaign.text).toBe(400);
    expect((campaign.body.error as { code: string }).code).toBe('OBSERVER_VIEW_UNAVAILABLE');
  });

  it('joining is limited per address; UNOBSERVE mails the stop link to the observer only; the stop link, the page and the moderator remove', async () => {
    const { moderatorKey } = await createDuel(app, 'obs-duel', { observers: 'allowed' });
    for (let i = 0; i < 5; i++) await mailFrom(MALLORY, 'OBSERVE obs-duel');
    expect((await mailsTo(MALLORY)).filter((m) => m.kind === 'observe')).toHaveLength(3);

    const carol = visitor(app);
    await logIn(app, carol, CAROL);
    await carol.get('/games/obs-duel/observe');
    expect((await carol.post('/games/obs-duel/observe')).location).toBe('/games/obs-duel/observe?done=observing');
    expect(await observerRows('obs-duel')).toHaveLength(1);

    // Someone forging Carol's address: the stop link goes to Carol, nothing stops yet; a non-observer gets nothing.
    const before = (await mailsTo(CAROL)).at(-1)!.id;
    await mailFrom(CAROL, 'UNOBSERVE obs-duel');
    await mailFrom('dave@watchers.test', 'UNOBSERVE obs-duel');
    expect(await mailsTo('dave@watchers.test')).toHaveLength(0);
    const [stopMail] = await mailsTo(CAROL, before);
    expect(stopMail!.kind).toBe('observe');
    expect(await observerRows('obs-duel')).toHaveLength(1);
    const stop = /https?:\/\/[^/\s]+(\/unobserve\/[A-Za-z0-9_-]{32})\n/.exec(stopMail!.textBody)![1]!;
    const stranger = visitor(app);
    expect((await stranger.get(stop)).text).toContain(CAROL);
    expect((await stranger.post(stop)).status).toBe(303);
    expect(await observerRows('obs-duel')).toHaveLength(0);
    expect((await stranger.post(stop)).status).toBe(410);

    // Observing again, then stopping on the page; again, then removed by the moderator.
    await carol.get('/games/obs-duel/observe');
    await carol.post('/games/obs-duel/observe');
    await carol.get('/games/obs-duel/observe');
    expect((await carol.post('/games/obs-duel/unobserve')).status).toBe(303);
    expect(await observerRows('obs-duel')).toHaveLength(0);
    await carol.get('/games/obs-duel/observe');
    await carol.post('/games/obs-duel/observe');
    const view = await app.call('GET', '/api/games/obs-duel', { anonymous: true });
    expect((view.body.game as { observers: number }).observers).toBe(1);
    expect(view.text).not.toContain(CAROL);
    const modView = await app.call('GET', '/api/games/obs-duel', { token: moderatorKey });
    expect(modView.text).toContain(CAROL);
    const removed = await app.call('POST', '/api/games/obs-duel/observers/remove', {
      token: moderatorKey,
      body: { email: CAROL, reason: 'asked to' },
    });
    expect(removed.body).toEqual({ removed: CAROL });
    expect(await observerRows('obs-duel')).toHaveLength(0);
    const again = await app.call('POST', '/api/games/obs-duel/observers/remove', {
      token: moderatorKey,
      body: { email: CAROL },
    });
    expect(again.status).toBe(404);
    await expect(removeObserver(app.ctx, { gameId: 'obs-duel', key: 'wrong' }, CAROL)).rejects.toThrow(/moderator key/);
  });

  it("the new-game page takes the setting; the moderator's board lists observers with their addresses and removes one", async () => {
    const mod = visitor(app);
    await logIn(app, mod, 'mod@pbem.test');
    await mod.get('/games/new');
    expect((await mod.post('/games/new', { ...duelForm('web-obs'), observers: 'end' })).status).toBe(201);
    const [game] = await app.database.db.select().from(games).where(eq(games.id, 'web-obs'));
    expect(game!.settings).toMatchObject({ observers: 'allowed', observerView: 'end' });

    const carol = visitor(app);
    await logIn(app, carol, CAROL);
    await carol.get('/games/web-obs/observe');
    await carol.post('/games/web-obs/observe');
    // An open kind with the end view: a word that the game is observed, nothing of its turn.
    const page = await carol.get('/games/web-obs/observe');
    expect(page.text).toContain('nothing of its turns while it runs');
    expect(page.text).not.toContain('The map at the start of turn');

    const board = await mod.get('/games/web-obs/moderate');
    expect(board.text).toContain(CAROL);
    const removed = await mod.post('/games/web-obs/moderate/remove-observer', { email: CAROL, reason: 'spam' });
    expect(removed.location).toBe('/games/web-obs/moderate?done=remove-observer');
    expect(await observerRows('web-obs')).toHaveLength(0);
  });
});
