/**
 * Every mail to a seat carries the web link and the deadline (service.md "Who may do what": "Web login is by magic
 * link sent to the registered address"): the invitation (a campaign's setup mail), the game-start report, each turn
 * report and reminder, and the notices of a moderator's pause, resumption, moved deadline or turn resolved now, for
 * a tactical game and a campaign alike. Each link is followed on the web app in process: it logs the seat's player
 * in and opens the game. The deadline is given in the seat's own time zone, and every seat is mailed each
 * moderator action. Each link is a login token of its own (one row per mail).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { loginTokens, outbox } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGameAndInvite } from '../../src/games/games/create.ts';
import { extendDeadline, pause, resolveNow, resume, type Moderator } from '../../src/games/moderation/moderation.ts';
import { sendDueReminders } from '../../src/games/turns/resolution.ts';
import { databaseKinds } from '../support/db.ts';
import { startTestApp, type TestApp } from '../web/support.ts';
import { visitor } from '../web/pages-support.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';

const ALICE = 'alice@pbem.test';
const BOB = 'bob@pbem.test';
const LINK_LINE =
  /Open the game page \(this link logs you in; it works once, for 7 days\):\n\s+https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})\n/;

describe.each(databaseKinds)('the web link and the deadline in every mail to a seat on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  const mailsTo = (gameId: string, to: string) =>
    app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, gameId), eq(outbox.toAddress, to)))
      .orderBy(asc(outbox.id));

  /** Follows the mail's link in a browser of its own: it must log in and open the game, where the seat's side shows. */
  async function followLink(text: string, gameId: string, sideName: string): Promise<void> {
    const path = LINK_LINE.exec(text)?.[1];
    expect(path, text).toBeDefined();
    const browser = visitor(app);
    expect((await browser.get(path!)).status).toBe(200);
    const opened = await browser.post(path!);
    expect([opened.status, opened.location]).toEqual([303, `/games/${gameId}`]);
    expect((await browser.get(`/games/${gameId}`)).text).toContain(`you play <strong>${sideName}</strong>`);
  }

  /**
   * Each player joins by following the link of the one mail a seat gets before it joins, its invitation (its text is
   * the service's own, its link a line of its own); returns every mail to `to` from then on.
   */
  async function joinBoth(gameId: string): Promise<void> {
    for (const to of [ALICE, BOB]) {
      const mails = await mailsTo(gameId, to);
      expect(mails.map((m) => m.kind)).toEqual(['invite']);
      expect(mails[0]!.subject).toBe('Invitation to a game of Minimal Space Combat');
      const path = /https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/.exec(mails[0]!.textBody)?.[1];
      expect(path, mails[0]!.textBody).toBeDefined();
      const browser = visitor(app);
      await browser.get(path!);
      expect((await browser.post(path!)).status).toBe(303);
    }
  }
  const afterInvitation = async (gameId: string, to: string) => (await mailsTo(gameId, to)).slice(1);

  /** The moderator's four clock actions, each with a reason; `resolveNow` last. */
  async function moderate(m: Moderator): Promise<void> {
    await pause(app.ctx, m, 'a holiday');
    await resume(app.ctx, m, 'back');
    await extendDeadline(app.ctx, m, 24, 'more time');
    await resolveNow(app.ctx, m, 'everyone agreed');
  }

  it('a tactical game: invitation, game start, reminder, the moderator actions and the next report each log the seat in', async () => {
    const id = 'links-duel';
    const created = await createGameAndInvite(app.ctx, {
      id,
      name: 'Link duel',
      scenario: 'tutorial-duel',
      seats: [
        { side: 'black', email: ALICE, name: 'Alice', timeZone: 'Europe/Paris' },
        { side: 'grey', email: BOB, name: 'Bob' },
      ],
    });
    await joinBoth(id);
    app.ctx.clock.advanceBy(49 * HOUR);
    expect(await sendDueReminders(app.ctx)).toBeGreaterThan(0);
    await moderate({ gameId: id, key: created.moderatorToken });

    const alice = await afterInvitation(id, ALICE);
    // Joined, each seat is mailed the open turn's report (the game start: it began as it was created), then the rest.
    expect(alice.map((m) => m.kind)).toEqual([
      'game-start',
      'reminder',
      'moderation',
      'moderation',
      'moderation',
      'moderation',
      'turn-report',
    ]);
    // Every seat is mailed each moderator action, and with the same kinds of mail.
    expect((await afterInvitation(id, BOB)).map((m) => m.kind)).toEqual(alice.map((m) => m.kind));
    for (const mail of alice) await followLink(mail.textBody, id, 'Black');
    for (const mail of await afterInvitation(id, BOB)) expect(mail.textBody).toMatch(LINK_LINE);

    // The deadline in Alice's own zone (Europe/Paris) wherever one is named: all but the pause and the turn resolved
    // now (its report, which follows, names the next one).
    const dated = alice.filter((m) => !/paused|resolved now/.test(m.subject));
    expect(dated).toHaveLength(5);
    for (const mail of dated) expect(mail.textBody.replace(/\s+/g, ' '), mail.subject).toMatch(/CET \(Europe\/Paris\)/);
    expect(alice.find((m) => m.subject.includes('resolved now'))!.textBody).toContain(
      "The moderator's reason: everyone agreed",
    );
    // Its HTML part has the same link.
    expect(alice[0]!.htmlBody).toMatch(/<a href="http:\/\/[^"]+\/login\/[A-Za-z0-9_-]{43}">Open the game page<\/a>/);

    // The cost: one login token a mail (the invitations' too), each working once.
    const tokens = await app.database.db.select().from(loginTokens).where(eq(loginTokens.purpose, 'report'));
    expect(tokens).toHaveLength(2 * (alice.length + 1));
    expect(tokens.filter((t) => t.usedAt !== null)).toHaveLength(alice.length + 2);
  });

  it('a campaign: the setup mail with its deadline, the setup reminder, the first report and the moderator actions each log the seat in', async () => {
    const id = 'links-war';
    const created = await createGameAndInvite(app.ctx, {
      id,
      name: 'Link war',
      ruleset: 'msc-strategic',
      settings: {
        ...SMALL_CAMPAIGN,
      },
      seats: [
        { side: 'red', email: ALICE, name: 'Alice', timeZone: 'Europe/Paris' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    const m: Moderator = { gameId: id, key: created.moderatorToken };
    await joinBoth(id);
    app.ctx.clock.advanceBy(25 * HOUR);
    expect(await sendDueReminders(app.ctx)).toBeGreaterThan(0);
    // The moderator closes the setup now: each seat is told, then turn 1's report comes.
    await resolveNow(app.ctx, m, 'everyone is ready');
    await moderate(m);

    const alice = await afterInvitation(id, ALICE);
    // Joined in the setup, each seat is mailed its setup (kind invite), then the rest.
    expect(alice.map((x) => x.kind)).toEqual([
      'setup',
      'reminder',
      'moderation',
      'game-start',
      'moderation',
      'moderation',
      'moderation',
      'moderation',
      'turn-report',
    ]);
    expect((await afterInvitation(id, BOB)).map((x) => x.kind)).toEqual(alice.map((x) => x.kind));
    for (const mail of alice) await followLink(mail.textBody, id, 'Red League');

    const flat = alice.map((x) => x.textBody.replace(/\s+/g, ' '));
    // The setup mail names the setup's deadline (48 hours) in the seat's own zone.
    expect(flat[0]).toContain(
      'Deadline for the setup: Wed 2026-01-07 12:00 UTC = Wed, 7 Jan 2026, 13:00 CET (Europe/Paris)',
    );
    expect(flat[2]).toContain('The moderator has closed the setup now');
    for (const i of [1, 3, 5, 6, 8]) expect(flat[i], alice[i]!.subject).toMatch(/CET \(Europe\/Paris\)/);
  });
});
