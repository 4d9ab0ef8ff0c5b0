/**
 * Logging in on the web (service.md "Who may do what": "Web login is by magic
 * link sent to the registered address; sessions are http-only, same-site
 * cookies; forms carry CSRF protection"), through the app in-process.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../../src/db/schema.ts';
import { MINUTE } from '../../../src/games/clock.ts';
import { LOGIN_LINKS_PER_HOUR } from '../../../src/games/logins/logins.ts';
import { databaseKinds } from '../../support/db.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { logIn, mailedLink, visitor } from '../pages-support.ts';

describe.each(databaseKinds)('web login on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  const loginMails = (to: string) =>
    app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'login')));

  it('a POST without the CSRF token is refused, and sends nothing', async () => {
    const v = visitor(app);
    await v.get('/login');
    const without = await v.post('/login', { email: 'ann@pbem.test' }, { csrf: null });
    expect(without.status).toBe(403);
    expect(without.text).toContain('That form has expired');
    const forged = await v.post('/login', { email: 'ann@pbem.test', _csrf: `${v.csrf!.slice(0, -2)}00` });
    expect(forged.status).toBe(403);
    // A token with no cookie behind it (another site's page) is refused too.
    const stranger = visitor(app);
    const stolen = await stranger.post('/login', { email: 'ann@pbem.test' }, { csrf: v.csrf });
    expect(stolen.status).toBe(403);
    expect(await loginMails('ann@pbem.test')).toHaveLength(0);
    const ok = await v.post('/login', { email: 'ann@pbem.test' });
    expect(ok.status).toBe(200);
    expect(await loginMails('ann@pbem.test')).toHaveLength(1);
  });

  it('answers the same whether or not the address plays here, and mails the link either way', async () => {
    const v = visitor(app);
    await v.get('/login');
    const unknown = await v.post('/login', { email: 'Nobody@PBEM.test' });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('A login link is on its way to <strong>nobody@pbem.test</strong>');
    const [mail] = await loginMails('nobody@pbem.test');
    expect(mail?.textBody).toMatch(/http:\/\/127\.0\.0\.1:8080\/login\/[A-Za-z0-9_-]{43}/);
    expect(mail?.headers['Reply-To']).toBeUndefined();
  });

  it('a login link works once: following it asks first, the button logs in and uses it up', async () => {
    const v = visitor(app);
    await v.get('/login');
    await v.post('/login', { email: 'ann@pbem.test' });
    const link = await mailedLink(app, 'ann@pbem.test');
    // Looking at the link (as a mail scanner would) uses nothing up.
    for (let i = 0; i < 2; i++) {
      const look = await v.get(link);
      expect(look.status).toBe(200);
      expect(look.text).toContain('Log in as ann@pbem.test');
    }
    const first = await v.post(link);
    expect([first.status, first.location]).toEqual([303, '/']);
    const home = await v.get('/');
    expect(home.text).toContain('ann@pbem.test');
    expect(home.text).toContain('Log out');

    const other = visitor(app);
    await other.get('/login');
    const again = await other.post(link);
    expect(again.status).toBe(410);
    expect(again.text).toContain('expired or has been used already');
    expect(other.cookies.has('msc_session')).toBe(false);
  });

  it("a login link expires after 15 minutes (the clock is the service's)", async () => {
    const v = visitor(app);
    await v.get('/login');
    await v.post('/login', { email: 'ann@pbem.test' });
    const link = await mailedLink(app, 'ann@pbem.test');
    app.ctx.clock.advanceBy(15 * MINUTE + 1000);
    expect((await v.get(link)).status).toBe(410);
    expect((await v.post(link)).status).toBe(410);
    expect(v.cookies.has('msc_session')).toBe(false);
  });

  it('the session cookie is http-only, SameSite=Lax, for the whole site; logging out ends the session', async () => {
    const v = visitor(app);
    await v.get('/login');
    await v.post('/login', { email: 'ann@pbem.test' });
    const link = await mailedLink(app, 'ann@pbem.test');
    await v.get(link);
    const done = await fetch(`${app.url}${link}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; '),
      },
      body: new URLSearchParams({ _csrf: v.csrf! }).toString(),
    });
    const cookie = done.headers.getSetCookie().find((c) => c.startsWith('msc_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/i);
    const id = /^msc_session=([^;]+)/.exec(cookie!)![1]!;
    v.cookies.set('msc_session', id);
    await v.get('/');
    const out = await v.post('/logout');
    expect(out.status).toBe(303);
    // The old cookie no longer logs anyone in.
    const replay = await fetch(`${app.url}/`, { headers: { cookie: `msc_session=${id}` } });
    expect(await replay.text()).not.toContain('ann@pbem.test');
  });

  it('rate-limits login links per address: the answer is the same, but no more mail goes out', async () => {
    const v = visitor(app);
    await v.get('/login');
    for (let i = 0; i < LOGIN_LINKS_PER_HOUR + 2; i++)
      expect((await v.post('/login', { email: 'ann@pbem.test' })).status).toBe(200);
    expect(await loginMails('ann@pbem.test')).toHaveLength(LOGIN_LINKS_PER_HOUR);
    app.ctx.clock.advanceBy(61 * MINUTE);
    await v.post('/login', { email: 'ann@pbem.test' });
    expect(await loginMails('ann@pbem.test')).toHaveLength(LOGIN_LINKS_PER_HOUR + 1);
  });

  it("pages carry security headers: a CSP with only this site's scripts and styles, no framing, no referrer", async () => {
    const r = await fetch(`${app.url}/login`);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('an address rate limit per client: the login form is limited per client address', async () => {
    await app.close();
    app = await startTestApp(kind, { settings: { rateLimitLogin: 2 } });
    const v = visitor(app);
    await v.get('/login');
    expect((await v.post('/login', { email: 'a@pbem.test' })).status).toBe(200);
    expect((await v.post('/login', { email: 'b@pbem.test' })).status).toBe(200);
    const third = await v.post('/login', { email: 'c@pbem.test' });
    expect(third.status).toBe(429);
    expect(third.text).toContain('too many login requests');
  });

  it('logs in through the helper used by the other page tests', async () => {
    const v = visitor(app);
    await logIn(app, v, 'ann@pbem.test');
    expect((await v.get('/')).text).toContain('ann@pbem.test');
  });
});

describe('web login over https', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp('pglite', { ctx: (c) => ({ ...c, publicUrl: 'https://msc.example.org' }) });
  });
  afterEach(() => app.close());

  it('names its cookies __Host- and marks them Secure; the CSP upgrades requests', async () => {
    const r = await fetch(`${app.url}/login`);
    const csrf = r.headers.getSetCookie().find((c) => c.startsWith('__Host-msc_csrf='));
    expect(csrf).toMatch(/; Secure/i);
    expect(csrf).toMatch(/; HttpOnly/i);
    expect(csrf).toMatch(/; SameSite=Strict/i);
    expect(r.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(r.headers.get('strict-transport-security')).toContain('max-age=');
    const v = visitor(app);
    await logIn(app, v, 'ann@pbem.test');
    expect(v.cookies.has('__Host-msc_session')).toBe(true);
    expect(v.cookies.has('msc_session')).toBe(false);
  });
});
