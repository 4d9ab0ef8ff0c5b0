/**
 * The archive and the local mailbox in-process: who may read which game, the
 * seed only after the end, every die of a turn; the mailbox whole only on
 * this machine, and each person's own mail elsewhere.
 */
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localMailboxKey } from '../../../src/games/secrets.ts';
import { outbox } from '../../../src/db/schema.ts';
import { endGame } from '../../../src/games/moderation/moderation.ts';
import { resolveNextDueTurn } from '../../../src/games/turns/resolution.ts';
import { submitDuelOrders, tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { logIn, visitor } from '../pages-support.ts';

/** A GET as if the service were reached by another name (behind a proxy, or on the network). */
function getAs(app: TestApp, path: string, host: string, cookie = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(app.url);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        headers: { host, accept: 'text/html', ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the archive', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp('pglite');
  });
  afterEach(() => app.close());

  it('lists public games; a private game is there only for its players', async () => {
    await tutorialDuel(app.ctx, { id: 'open-one' });
    await tutorialDuel(app.ctx, { id: 'hidden', settings: { public: false } });
    const anyone = visitor(app);
    const list = await anyone.get('/archive');
    expect(list.text).toContain('href="/archive/open-one"');
    expect(list.text).not.toContain('hidden');
    expect((await anyone.get('/archive/hidden')).status).toBe(404);
    expect((await anyone.get('/archive/hidden/turn/1')).status).toBe(404);
    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    expect((await alice.get('/archive/hidden')).status).toBe(200);
  });

  it("a private game's download link works for its own logged-in players, and for nobody else", async () => {
    await tutorialDuel(app.ctx, { id: 'hidden', settings: { public: false } });
    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    const page = await alice.get('/archive/hidden');
    const link = /href="(\/archive\/hidden\/export)"/.exec(page.text)?.[1];
    expect(link).toBe('/archive/hidden/export');
    const download = await alice.get(link!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = JSON.parse(download.text) as { gameId: string; seed: string | null };
    expect(doc.gameId).toBe('hidden');
    // A player's download of a running game keeps the seed secret, as the API's does for a seat token.
    expect(doc.seed).toBeNull();
    expect((await visitor(app).get(link!)).status).toBe(404);
    const carol = visitor(app);
    await logIn(app, carol, 'carol@pbem.test');
    expect((await carol.get(link!)).status).toBe(404);
  });

  it('publishes the dice commitment at once and the seed only at the end; every die of a turn is listed', async () => {
    const { moderatorToken } = await tutorialDuel(app.ctx, { id: 'dice' });
    const anyone = visitor(app);
    const before = await anyone.get('/archive/dice');
    expect(before.text).toMatch(/Commitment \(SHA-256 of the seed[^<]*<code class="hash">[0-9a-f]{64}<\/code>/);
    expect(before.text).toContain('The seed is revealed when the game ends.');
    expect(before.text).toContain('href="/archive/dice/export"');
    await endGame(app.ctx, { gameId: 'dice', key: moderatorToken }, 'end');
    const after = await anyone.get('/archive/dice');
    expect(after.text).toMatch(/<code class="hash" id="seed">[0-9a-f]{32}<\/code>/);
  });

  it('a resolved turn shows both maps, the orders and a table of every die, with the stepper', async () => {
    const created = await tutorialDuel(app.ctx, { id: 'turns' });
    const duel = { gameId: 'turns', tokens: { black: created.tokens.black!, grey: created.tokens.grey! } };
    await submitDuelOrders(app.ctx, duel, 'black');
    await submitDuelOrders(app.ctx, duel, 'grey');
    await resolveNextDueTurn(app.ctx, 'turns');
    const page = await visitor(app).get('/archive/turns/turn/1');
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="map-before"');
    expect(page.text).toContain('id="map-after"');
    expect(page.text).toContain('SHIP Black SPEED 3 MOVE 2R FIRE Grey');
    expect(page.text).toMatch(/<td>initiative: (black|grey)<\/td><td class="roll">[1-6]<\/td>/);
    expect(page.text).toContain('rel="next"');
    expect(page.text).toContain('<script type="module" src="/static/replay.js"></script>');
    expect((await visitor(app).get('/archive/turns/turn/9')).status).toBe(404);
  });
});

describe('the local mailbox', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp('pglite');
    const now = app.ctx.clock.now();
    for (const to of ['ann@pbem.test', 'bo@pbem.test']) {
      await app.database.db.insert(outbox).values({
        kind: 'help',
        toAddress: to,
        subject: `For ${to}`,
        textBody: 'see http://127.0.0.1:8080/archive',
        status: 'sent',
        sentAt: now,
        createdAt: now,
        nextAttemptAt: now,
      });
    }
  });
  afterEach(() => app.close());

  it('shows every mail to whoever opens the link with the mailbox key, and keeps the key for its pages', async () => {
    const operator = visitor(app);
    const page = await operator.get(`/mailbox?key=${localMailboxKey(app.ctx.serviceKey)}`);
    expect(page.text).toContain('For ann@pbem.test');
    expect(page.text).toContain('For bo@pbem.test');
    const again = await operator.get('/mailbox');
    expect(again.text).toContain('For bo@pbem.test');
  });

  it('trusts neither a loopback address nor a loopback Host: a reverse proxy on the machine sends both', async () => {
    for (const host of ['localhost', '127.0.0.1']) {
      const page = await getAs(app, '/mailbox', host);
      expect([host, page.status]).toEqual([host, 401]);
      expect(page.text).not.toContain('For bo@pbem.test');
    }
  });

  it('refuses a wrong key without showing any mail', async () => {
    const page = await visitor(app).get(`/mailbox?key=${'A'.repeat(32)}`);
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('For ann@pbem.test');
  });

  it('elsewhere shows each person only their own mail, and nothing to a visitor', async () => {
    expect((await getAs(app, '/mailbox', 'msc.example.org')).status).toBe(401);
    const ann = visitor(app);
    await logIn(app, ann, 'ann@pbem.test');
    const cookie = [...ann.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const page = await getAs(app, '/mailbox', 'msc.example.org', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('For ann@pbem.test');
    expect(page.text).not.toContain('For bo@pbem.test');
  });

  it('is not there when mail goes out through an SMTP server', async () => {
    await app.close();
    app = await startTestApp('pglite', { settings: { mailSmtpUrl: 'smtp://mail.example.org:587' } });
    expect((await visitor(app).get('/mailbox')).status).toBe(404);
  });
});
