/**
 * Absences and press on the web: the new-game page sets the game's limits and press; a player declares an absence on
 * the game page (the deadline moves, the calendar feed shows it), the moderator's board lists it with a refuse button
 * (CSRF like its every form) that puts the deadline back; the messages panel offers "Every player" and, where grey
 * press is allowed, "Anonymous", whose recipients' page never names the sender.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { absences, games } from '../../../src/db/schema.ts';
import { settingsOf } from '../../../src/games/games/state.ts';
import { startOfDay, today } from '../../../src/games/seats/absences.ts';
import { databaseKinds } from '../../support/db.ts';
import { turnRow } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { duelForm, logIn, visitor, type Visitor } from '../pages-support.ts';

const MOD = 'mod@pbem.test';
const DAY = 86_400_000;

describe.each(databaseKinds)('absences and press on the web, on %s', (kind) => {
  let app: TestApp;
  let mod: Visitor;
  let alice: Visitor;
  let bob: Visitor;
  beforeEach(async () => {
    app = await startTestApp(kind, { settings: { rateLimitCalendar: 0 } });
    mod = visitor(app);
    alice = visitor(app);
    bob = visitor(app);
    await logIn(app, mod, MOD);
    await logIn(app, alice, 'alice@pbem.test');
    await logIn(app, bob, 'bob@pbem.test');
  });
  afterEach(() => app.close());

  const create = async (id: string, extra: Record<string, string>) => {
    await mod.get('/games/new');
    const created = await mod.post('/games/new', { ...duelForm(id), ...extra });
    expect(created.status).toBe(201);
    return settingsOf((await app.ctx.db.select().from(games).where(eq(games.id, id)))[0]!);
  };
  /** The messages panel of a page, alone. */
  const messagesPart = (html: string) =>
    /<section aria-labelledby="messages-heading"[\s\S]*?<\/section>/.exec(html)![0];

  it('an absence declared on the game page moves the deadline, the feed follows; the moderator refuses it', async () => {
    expect((await mod.get('/games/new')).text).toContain('name="absenceDays"');
    const settings = await create('web-away', { absenceDays: '10', absenceCount: '2' });
    expect(settings).toMatchObject({ absenceDays: 10, absenceCount: 2, press: 'white' });
    const before = (await turnRow(app.database.db, 'web-away', 1))!.deadline!;
    // Alice plays from Paris: her absence covers the deadline's day there, and the next.
    const first = today(before, 'Europe/Paris');
    const last = today(new Date(before.getTime() + DAY), 'Europe/Paris');

    const page = await alice.get('/games/web-away');
    expect(page.text).toContain('id="absences-heading"');
    expect(page.text).toContain('At most 10 days in 2 absences');
    expect((await alice.post('/games/web-away/absences', { side: 'black', first: 'soon', last })).status).toBe(400);
    expect((await alice.post('/games/web-away/absences', { side: 'black', first, last }, { csrf: null })).status).toBe(
      403,
    );
    const set = await alice.post('/games/web-away/absences', { side: 'black', first, last });
    expect(set.status).toBe(303);
    const moved = (await turnRow(app.database.db, 'web-away', 1))!.deadline!;
    const end = startOfDay(new Date(Date.parse(`${last}T00:00:00Z`) + DAY).toISOString().slice(0, 10), 'Europe/Paris');
    expect(moved.toISOString()).toBe(end.toISOString());
    expect((await alice.get(set.location!)).text).toContain('Your absence is kept');

    // Bob's calendar feed shows the moved deadline.
    const feedPath = /\/calendar\/[A-Za-z0-9_-]{32}\.ics/.exec((await bob.get('/')).text)![0];
    const feed = await (await fetch(`${app.url}${feedPath}`)).text();
    const stamp = moved
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(feed).toContain(stamp);

    // The moderator's board lists it, with a refuse button that needs the page's CSRF token.
    const board = await mod.get('/games/web-away/moderate');
    expect(board.text).toContain('Refuse this absence');
    const [row] = await app.ctx.db.select().from(absences);
    expect(
      (await mod.post('/games/web-away/moderate/refuse-absence', { absence: String(row!.id) }, { csrf: null })).status,
    ).toBe(403);
    // Alice is no moderator: she cannot refuse anything.
    expect((await alice.post('/games/web-away/moderate/refuse-absence', { absence: String(row!.id) })).status).toBe(
      403,
    );
    const refused = await mod.post('/games/web-away/moderate/refuse-absence', {
      absence: String(row!.id),
      reason: 'no breaks this round',
    });
    expect(refused.status).toBe(303);
    expect((await turnRow(app.database.db, 'web-away', 1))!.deadline!.toISOString()).toBe(before.toISOString());
    const seen = await alice.get('/games/web-away');
    expect(seen.text).toContain('refused by the moderator: no breaks this round');
  });

  it('press to every player from the messages panel; anonymous press names nobody on the recipient’s page', async () => {
    await create('web-press', { press: 'grey' });
    const page = await alice.get('/games/web-press');
    expect(messagesPart(page.text)).toContain('<option value="ALL"');
    expect(messagesPart(page.text)).toContain('name="anonymous"');
    const sent = await alice.post('/games/web-press/messages', {
      side: 'black',
      to: 'ALL',
      text: 'Someone here cheats.',
      anonymous: 'yes',
    });
    expect(sent.status).toBe(303);
    expect((await alice.get(sent.location!)).text).toContain('passed on to every other player, anonymously');
    const panel = messagesPart((await bob.get('/games/web-press')).text);
    // The list of messages (the form above it offers Black as a recipient, as it always does).
    const list = /<ul class="messages">[\s\S]*?<\/ul>/.exec(panel)![0];
    expect(list).toContain('Someone here cheats.');
    expect(list).toContain('From an anonymous player');
    expect(list).not.toMatch(/Alice|Black|black|alice@/);
    // Her own page says it went to every player, anonymously.
    expect(messagesPart((await alice.get('/games/web-press')).text)).toContain('To every player (anonymous)');
    // Anonymous to one side is no such thing.
    expect(
      (await alice.post('/games/web-press/messages', { side: 'black', to: 'grey', text: 'x', anonymous: 'yes' }))
        .status,
    ).toBe(400);

    await create('web-quiet', { press: 'none' });
    const quiet = messagesPart((await alice.get('/games/web-quiet')).text);
    expect(quiet).not.toContain('value="ALL"');
    expect(quiet).not.toContain('name="anonymous"');
    const refused = await alice.post('/games/web-quiet/messages', { side: 'black', to: 'ALL', text: 'hello' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('this game takes no press');
  });
});
