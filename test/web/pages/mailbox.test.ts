/**
 * The local mailbox of a zero-setup service (service.md "Reports": mail
 * stays on this machine when no SMTP server is set): the headers a player
 * needs, one address's mail, every mail however old, a JSON form for
 * scripts, and replies written on the page that reach the service through
 * the same inbound pipeline as a mail client's.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inboundMessages, outbox, submissions } from '../../../src/db/schema.ts';
import { localMailboxKey } from '../../../src/games/secrets.ts';
import { mailboxDriver, OutboxSender } from '../../../src/mail/outbound.ts';
import { databaseKinds } from '../../support/db.ts';
import { TEST_MAIL_DOMAIN, TEST_SERVICE_KEY, tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { logIn, visitor, type Visitor } from '../pages-support.ts';

const ALICE = `alice@${TEST_MAIL_DOMAIN}`;
const BOB = `bob@${TEST_MAIL_DOMAIN}`;
const KEY = localMailboxKey(TEST_SERVICE_KEY);

describe.each(databaseKinds)('the local mailbox on %s', (kind) => {
  let app: TestApp;
  let sender: OutboxSender;
  let tokens: Record<string, string>;
  beforeEach(async () => {
    app = await startTestApp(kind);
    ({ tokens } = await tutorialDuel(app.ctx, { id: 'duel' }));
    sender = new OutboxSender(app.ctx, null, { driver: mailboxDriver(), from: 'orders@pbem.test', maxAttempts: 3 });
    await sender.drain();
  });
  afterEach(async () => {
    await sender.stop();
    await app.close();
  });

  /** The operator: whoever opened the link `npm start` printed. */
  async function operator(): Promise<Visitor> {
    const v = visitor(app);
    expect((await v.get(`/mailbox?key=${KEY}`)).status).toBe(200);
    return v;
  }

  const idOf = async (to: string, kindOfMail: 'game-start' | 'accepted') => {
    const [row] = await app.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kindOfMail)));
    return row!.id;
  };

  it('shows a mail with From, To, Reply-To and Message-ID, and the key holder one address at a time', async () => {
    const v = await operator();
    const all = await v.get('/mailbox');
    expect(all.text).toContain('<a href="/mailbox?to&#x3D;alice%40pbem.test">alice@pbem.test</a> (1)');
    expect(all.text).toContain('<a href="/mailbox?to&#x3D;bob%40pbem.test">bob@pbem.test</a> (1)');

    const alices = await v.get(`/mailbox?to=${encodeURIComponent(ALICE)}`);
    expect(alices.text).toContain('The mail this service delivered to <strong>alice@pbem.test</strong>');
    const links = [...alices.text.matchAll(/<a href="\/mailbox\/(\d+)">/g)].map((m) => Number(m[1]));
    expect(links).toEqual([await idOf(ALICE, 'game-start')]);

    const mail = await v.get(`/mailbox/${links[0]}`);
    expect(mail.status).toBe(200);
    expect(mail.text).toMatch(/<th scope="row">From<\/th><td>Minimal Space Combat &lt;orders@pbem\.test&gt;<\/td>/);
    expect(mail.text).toContain(`<th scope="row">To</th><td>${ALICE}</td>`);
    expect(mail.text).toContain(`<th scope="row">Reply-To</th><td>orders+${tokens.black}@pbem.test</td>`);
    expect(mail.text).toMatch(/<th scope="row">Message-ID<\/th><td><code>&lt;[^<]+@pbem\.test&gt;<\/code>/);
  });

  it('gives the same as JSON for scripts, page after page, to the oldest mail', async () => {
    // More mail than one page: every mail, however old, is reached by paging on.
    const asking = visitor(app);
    await asking.get('/login');
    for (let i = 0; i < 4; i += 1) expect((await asking.post('/login', { email: ALICE })).status).toBe(200);
    await sender.drain();
    const v = await operator();
    const first = await fetch(`${app.url}/mailbox.json?to=${encodeURIComponent(ALICE)}&limit=1`, {
      headers: { cookie: `msc_mailbox=${KEY}` },
    });
    expect(first.status).toBe(200);
    const page = (await first.json()) as { mail: Array<Record<string, unknown>>; older: number | null };
    expect(page.mail).toHaveLength(1);
    expect(page.older).toBe(page.mail[0]!.id);

    const ids: unknown[] = [];
    let before: number | null = null;
    do {
      const answer = await fetch(
        `${app.url}/mailbox.json?to=${encodeURIComponent(ALICE)}&limit=1${before ? `&before=${before}` : ''}`,
        { headers: { cookie: `msc_mailbox=${KEY}` } },
      );
      const body = (await answer.json()) as { mail: Array<Record<string, unknown>>; older: number | null };
      ids.push(...body.mail.map((m) => m.id));
      before = body.older;
    } while (before !== null);
    const game = await idOf(ALICE, 'game-start');
    expect(ids.at(-1)).toBe(game);
    expect(new Set(ids).size).toBe(ids.length);

    const whole = await fetch(`${app.url}/mailbox.json?q=duel`, { headers: { cookie: `msc_mailbox=${KEY}` } });
    const found = (await whole.json()) as { mail: Array<Record<string, unknown>> };
    expect(found.mail.map((m) => [m.to, m.kind])).toEqual([
      [BOB, 'game-start'],
      [ALICE, 'game-start'],
    ]);
    expect(found.mail[1]).toMatchObject({
      from: 'Minimal Space Combat <orders@pbem.test>',
      replyTo: `orders+${tokens.black}@pbem.test`,
      // Every mail of a game is threaded under the game's own root id.
      inReplyTo: '<game.duel@pbem.test>',
      gameId: 'duel',
    });
    expect(String(found.mail[1]!.messageId)).toMatch(/^<.+@pbem\.test>$/);
    expect(String(found.mail[1]!.text)).toContain('GAME duel');
    // The page lists older mail through a link, too.
    expect((await v.get(`/mailbox?to=${encodeURIComponent(ALICE)}&limit=2`)).text).toContain('rel="next">Older mail');
  });

  it('lets a script wait for new mail: after=<id> gives what was delivered since, oldest first; kind= narrows', async () => {
    const json = async (query: string) => {
      const answer = await fetch(`${app.url}/mailbox.json?${query}`, { headers: { cookie: `msc_mailbox=${KEY}` } });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { mail: Array<{ id: number; kind: string; to: string }>; newest: number | null };
    };
    const start = await json('limit=1');
    expect(start.newest).toBe(start.mail[0]!.id);
    expect((await json(`after=${start.newest}`)).mail).toEqual([]);

    const asking = visitor(app);
    await asking.get('/login');
    for (let i = 0; i < 3; i += 1) expect((await asking.post('/login', { email: ALICE })).status).toBe(200);
    await sender.drain();
    // Oldest first, two at a time: nothing is skipped, and `newest` is where to go on from.
    const first = await json(`after=${start.newest}&limit=2`);
    expect(first.mail.map((m) => m.kind)).toEqual(['login', 'login']);
    expect(first.mail[0]!.id).toBeLessThan(first.mail[1]!.id);
    const second = await json(`after=${first.newest}&limit=2`);
    expect(second.mail.map((m) => m.kind)).toEqual(['login']);
    const third = await json(`after=${second.newest}`);
    expect(third).toMatchObject({ mail: [], newest: second.newest });

    expect((await json('kind=game-start')).mail.map((m) => m.to).sort()).toEqual([ALICE, BOB]);
    expect((await json(`kind=login&after=${start.newest}`)).mail).toHaveLength(3);
    const bad = await fetch(`${app.url}/mailbox.json?kind=nonsense`, { headers: { cookie: `msc_mailbox=${KEY}` } });
    expect(bad.status).toBe(400);
  });

  it('shows a person only their own mail, and answers scripts without the key in JSON', async () => {
    const alice = visitor(app);
    await logIn(app, alice, ALICE);
    const own = await alice.get(`/mailbox?to=${encodeURIComponent(BOB)}`);
    expect(own.text).toContain('delivered to <strong>alice@pbem.test</strong>');
    expect(own.text).not.toContain(BOB);
    expect((await alice.get(`/mailbox/${await idOf(BOB, 'game-start')}`)).status).toBe(404);

    const stranger = await fetch(`${app.url}/mailbox.json`);
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toMatchObject({ error: { code: 'LOGIN_NEEDED' } });
    const bad = await fetch(`${app.url}/mailbox.json?limit=9999`, { headers: { cookie: `msc_mailbox=${KEY}` } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'BAD_MAILBOX_QUERY' } });
  });

  it('a reply written on the page is an order mail: checked, stored, answered under the mail it replies to', async () => {
    const alice = visitor(app);
    await logIn(app, alice, ALICE);
    const id = await idOf(ALICE, 'game-start');
    const page = await alice.get(`/mailbox/${id}`);
    // The form starts with the mail quoted, as a mail client's reply does.
    expect(page.text).toMatch(
      /<textarea id="reply-text" name="text"[^>]*>\n\nOn .*, Minimal Space Combat &lt;orders@pbem\.test&gt; wrote:\n&gt; /,
    );

    const withoutToken = await alice.post(
      `/mailbox/${id}/reply`,
      { text: 'SHIP Black SPEED 3 MOVE 2R' },
      { csrf: null },
    );
    expect(withoutToken.status).toBe(403);
    expect(await app.database.db.select().from(submissions)).toHaveLength(0);

    const sent = await alice.post(`/mailbox/${id}/reply`, {
      text: 'GAME duel TURN 1\nSHIP Black SPEED 3 MOVE 2R\nEND\n',
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('your orders were accepted');
    const [stored] = await app.database.db.select().from(submissions);
    expect(stored).toMatchObject({ gameId: 'duel', turn: 1, channel: 'mail' });
    const [received] = await app.database.db.select().from(inboundMessages);
    expect(received).toMatchObject({ fromAddress: ALICE, outcome: 'accepted', gameId: 'duel' });

    // The answer lands in the mailbox, threaded under the reply.
    await sender.drain();
    const answer = await alice.get(`/mailbox/${await idOf(ALICE, 'accepted')}`);
    expect(answer.text).toContain(
      `<th scope="row">In-Reply-To</th><td><code>${escapeHtml(received!.messageId)}</code>`,
    );

    // Nobody replies to mail they may not read.
    const bob = await idOf(BOB, 'game-start');
    expect((await alice.post(`/mailbox/${bob}/reply`, { text: 'SHIP Grey SPEED 1' })).status).toBe(404);
    expect(await app.database.db.select().from(submissions)).toHaveLength(1);
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
