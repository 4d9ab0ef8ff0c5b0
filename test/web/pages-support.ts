/**
 * A browser without the browser, for the page route tests: it keeps cookies,
 * reads the CSRF token out of the last page it loaded, posts forms as a
 * browser would (urlencoded), and does not follow redirects.
 */
import { and, desc, eq } from 'drizzle-orm';
import { outbox } from '../../src/db/schema.ts';
import type { TestApp } from './support.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { createGame } from '../../src/games/games/create.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';

export interface PageAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Where a redirect points, if it is one. */
  readonly location: string | null;
}

export interface Visitor {
  readonly cookies: Map<string, string>;
  /** The CSRF token of the last page loaded. */
  csrf: string | null;
  get(path: string): Promise<PageAnswer>;
  /** Posts a form; `_csrf` is added from the last page unless the fields give one (or null: none at all). */
  post(
    path: string,
    fields?: Record<string, string | string[]>,
    options?: { csrf?: string | null },
  ): Promise<PageAnswer>;
}

export function visitor(app: Pick<TestApp, 'url'>): Visitor {
  const cookies = new Map<string, string>();
  const v: Visitor = {
    cookies,
    csrf: null,
    async get(path) {
      return send('GET', path);
    },
    async post(path, fields = {}, options = {}) {
      const body = new URLSearchParams();
      const csrf = options.csrf === undefined ? v.csrf : options.csrf;
      if (csrf !== null && !('_csrf' in fields)) body.append('_csrf', csrf);
      for (const [k, value] of Object.entries(fields))
        for (const one of Array.isArray(value) ? value : [value]) body.append(k, one);
      return send('POST', path, body.toString());
    },
  };

  async function send(method: string, path: string, body?: string): Promise<PageAnswer> {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== undefined ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) v.csrf = token;
    return { status: response.status, headers: response.headers, text, location: response.headers.get('location') };
  }

  return v;
}

/** The login link of the newest mail of `kind` to `to`. */
export async function mailedLink(app: Pick<TestApp, 'database'>, to: string, kind = 'login'): Promise<string> {
  const [mail] = await app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind as typeof outbox.$inferSelect.kind)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = mail?.textBody.match(/https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/)?.[1];
  if (!link) throw new Error(`no ${kind} mail with a login link to ${to}`);
  return link;
}

/** Logs a visitor in as `email` by the login page and the mailed link. */
export async function logIn(app: Pick<TestApp, 'url' | 'database'>, v: Visitor, email: string): Promise<void> {
  await v.get('/login');
  const sent = await v.post('/login', { email });
  if (sent.status !== 200) throw new Error(`login form answered ${sent.status}`);
  const path = await mailedLink(app, email);
  await v.get(path);
  const done = await v.post(path);
  if (done.status !== 303)
    throw new Error(`following the login link answered ${done.status}: ${done.text.slice(0, 300)}`);
  // A page of the new session, for a CSRF token bound to it (as a browser gets one after the redirect).
  await v.get('/');
}

/**
 * A campaign (Red: alice@pbem.test in Europe/Paris, Blue: bob@pbem.test) in its setup phase, moderated by
 * mod@pbem.test: a 7 × 7 generated map whose homes are 0101 (Red) and 0707 (Blue), 30 BP each, 24-hour turns.
 */
export async function campaignGame(
  ctx: GamesContext,
  id: string,
  settings: Record<string, unknown> = {},
): Promise<Record<'red' | 'blue', string>> {
  const created = await createGame(
    ctx,
    {
      id,
      name: 'Web campaign',
      ruleset: 'msc-strategic',
      settings: {
        ...SMALL_CAMPAIGN,
        ...settings,
      },
      seats: [
        { side: 'red', email: 'alice@pbem.test', name: 'Alice', timeZone: 'Europe/Paris' },
        { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
      ],
    },
    'test',
    { moderatorEmail: 'mod@pbem.test' },
  );
  return Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<'red' | 'blue', string>;
}

/** Red's setup: two 10-BP ships in fleet Rwing; Blue's: one in fleet Bhost. Ids no other text on a page holds. */
export const CAMPAIGN_SETUPS = {
  red: (id: string) =>
    [`GAME ${id} TURN 0`, 'BUILD Rdart1 E5 S2 H1 W F AS Rwing', 'BUILD Rdart2 E5 S2 H1 W F JOIN Rwing', 'END'].join(
      '\n',
    ),
  blue: (id: string) => [`GAME ${id} TURN 0`, 'BUILD Bspear1 E5 S2 H1 W F AS Bhost', 'END'].join('\n'),
};

/** The new-game page's form for a tutorial duel of Alice (black) and Bob (grey), as a browser posts it. */
export const duelForm = (id: string) => ({
  name: 'Web duel',
  id,
  scenario: 'tutorial-duel',
  handicap: '25',
  sides: '',
  width: '',
  height: '',
  budget: '',
  turnHours: '48',
  turnLimit: '',
  noOrders: 'standing',
  archive: 'public',
  seatSide: ['black', 'grey', '', ''],
  seatEmail: ['alice@pbem.test', 'bob@pbem.test', '', ''],
  seatName: ['Alice', 'Bob', '', ''],
  seatTimeZone: ['Europe/Paris', 'UTC', 'UTC', 'UTC'],
});
