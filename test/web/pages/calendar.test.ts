/**
 * A player's calendar feed: the secret address on the home page lists the
 * deadline of each of their running games (read back by ical.js, an
 * iCalendar parser), follows a moderator's extension, drops a paused game,
 * stops working once a new address is made, and says nothing of anyone else.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../../../src/games/games/create.ts';
import { extendDeadline, pause } from '../../../src/games/moderation/moderation.ts';
import { calendarText } from '../../../src/web/calendar.ts';
import { tutorialDuel, turnRow } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { campaignGame, logIn, visitor, type Visitor } from '../pages-support.ts';

interface FeedEvent {
  readonly uid: string;
  readonly summary: string;
  readonly start: Date;
  readonly end: Date;
  readonly url: string | null;
  readonly description: string;
}

/** The feed's events as ical.js reads them (it throws on text that is not iCalendar). */
function parsed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      url: vevent.getFirstPropertyValue('url') as string | null,
      description: event.description,
    };
  });
}

/** RFC 5545's line rules: CRLF line ends, no line longer than 75 octets (longer ones folded). */
function expectWellFolded(text: string): void {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
}

const FEED_PATH = /\/calendar\/([A-Za-z0-9_-]{32})\.ics/;

describe("a player's calendar feed", () => {
  let app: TestApp;
  let alice: Visitor;
  let secrets: string[];

  beforeAll(async () => {
    app = await startTestApp('pglite', { settings: { rateLimitCalendar: 0 } });
    const duel = await tutorialDuel(app.ctx, { id: 'duel' });
    const campaign = await campaignGame(app.ctx, 'camp');
    // A game Alice has no seat in.
    const other = await createGame(app.ctx, {
      id: 'elsewhere',
      name: 'Carol versus Bob',
      scenario: 'tutorial-duel',
      settings: {},
      seats: [
        { side: 'black', email: 'carol@pbem.test', name: 'Carol' },
        { side: 'grey', email: 'bob@pbem.test', name: 'Bob' },
      ],
    });
    secrets = [
      ...Object.values(duel.tokens),
      duel.moderatorToken,
      ...Object.values(campaign),
      ...other.seats.map((s) => s.token),
    ];
    alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
  });
  afterAll(() => app.close());

  /** The feed's path as Alice's home page shows it now. */
  async function feedPath(): Promise<string> {
    const home = await alice.get('/');
    const path = FEED_PATH.exec(home.text)?.[0];
    if (!path) throw new Error('the home page shows no calendar address');
    return path;
  }

  /** The feed fetched as a calendar app does: no cookie, no login. */
  async function fetchFeed(path: string): Promise<{ status: number; type: string | null; text: string }> {
    const answer = await fetch(`${app.url}${path}`);
    return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
  }

  it('lists the deadline of each of my games of two kinds, read back by an iCalendar parser, and nothing of others', async () => {
    const path = await feedPath();
    const feed = await fetchFeed(path);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar; charset=utf-8/);
    expectWellFolded(feed.text);

    const events = parsed(feed.text);
    const duelDeadline = (await turnRow(app.database.db, 'duel', 1))!.deadline!;
    const setupDeadline = (await turnRow(app.database.db, 'camp', 0))!.deadline!;
    expect(events.map((e) => [e.summary, e.start.toISOString()]).sort()).toEqual(
      [
        ['msc: orders due — Tutorial duel, turn 1', duelDeadline.toISOString()],
        ['msc: setup due — Web campaign', setupDeadline.toISOString()],
      ].sort(),
    );
    const duel = events.find((e) => e.summary.includes('Tutorial duel'))!;
    expect(duel.uid).toBe('duel-turn-1@127.0.0.1');
    expect(duel.url).toBe('http://127.0.0.1:8080/games/duel');
    expect(duel.end.getTime()).toBeGreaterThan(duel.start.getTime());
    expect(duel.description).toContain('you play Black');
    expect(events.find((e) => e.summary.includes('Web campaign'))!.url).toBe('http://127.0.0.1:8080/games/camp');

    // Nothing of anyone else, and nothing secret: no address, no other player, no token (the feed's own neither).
    expect(feed.text).not.toMatch(/@pbem\.test|Bob|Carol|elsewhere|versus/);
    for (const secret of [...secrets, FEED_PATH.exec(path)![1]!]) expect(feed.text).not.toContain(secret);
  });

  it('shows the new deadline once a moderator extends it, and drops a game when it is paused', async () => {
    const path = await feedPath();
    const before = (await turnRow(app.database.db, 'duel', 1))!.deadline!;
    await extendDeadline(app.ctx, { gameId: 'duel', operator: true }, 24, 'a player travels');
    const moved = parsed((await fetchFeed(path)).text).find((e) => e.uid === 'duel-turn-1@127.0.0.1');
    expect(moved?.start.toISOString()).toBe(new Date(before.getTime() + 24 * 3_600_000).toISOString());

    await pause(app.ctx, { gameId: 'duel', operator: true }, 'holidays');
    const left = parsed((await fetchFeed(path)).text);
    expect(left.map((e) => e.summary)).toEqual(['msc: setup due — Web campaign']);
  });

  it('is not found at a wrong address, and a new address from the home page ends the old one', async () => {
    const old = await feedPath();
    expect((await fetchFeed('/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await fetchFeed('/calendar/nonsense')).status).toBe(404);
    expect((await fetchFeed(old.replace('.ics', '.txt'))).status).toBe(404);

    // The form needs the page's CSRF token, as every form does.
    expect((await alice.post('/calendar/rotate', {}, { csrf: null })).status).toBe(403);
    expect(await feedPath()).toBe(old);
    const rotated = await alice.post('/calendar/rotate');
    expect(rotated.status).toBe(303);
    expect((await alice.get(rotated.location!)).text).toContain('Your calendar has a new address');

    const now = await feedPath();
    expect(now).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('CALENDAR_NOT_FOUND');
    expect((await fetchFeed(now)).status).toBe(200);
  });
});

describe('the calendar feed route', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { settings: { rateLimitCalendar: 2 }, logLevel: 'trace' });
  });
  afterAll(() => app.close());

  it('holds a client address to RATE_LIMIT_CALENDAR fetches a minute, and keeps its token out of the logs', async () => {
    const bob = visitor(app);
    await logIn(app, bob, 'bob@pbem.test');
    const path = FEED_PATH.exec((await bob.get('/')).text)![0];
    const token = FEED_PATH.exec(path)![1]!;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${app.url}${path}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(app.logs.join('\n')).toContain('/calendar/[token]');
    expect(app.logs.join('\n')).not.toContain(token);
  });
});

describe('the calendar text', () => {
  it('folds long lines and escapes what iCalendar gives a meaning to, and reads back the same', () => {
    const name = `Battle; of the Rim, "Ω" \\ ${'very long name '.repeat(8)}`.trim();
    const deadline = new Date('2026-02-01T18:30:00Z');
    const text = calendarText(
      { publicUrl: 'https://msc.example.org' },
      [
        {
          gameId: 'rim-war',
          gameName: name,
          ruleset: 'scg',
          kindTitle: 'Simple Combat Game',
          turn: 4,
          setup: false,
          deadline,
          sides: ['Red League'],
        },
      ],
      new Date('2026-01-30T00:00:00Z'),
    );
    expectWellFolded(text);
    const [event] = parsed(text);
    expect(event?.summary).toBe(`msc: orders due — ${name}, turn 4`);
    expect(event?.start.toISOString()).toBe(deadline.toISOString());
    expect(event?.uid).toBe('rim-war-turn-4@msc.example.org');
    expect(text).toContain('DTSTART:20260201T183000Z');
  });
});
