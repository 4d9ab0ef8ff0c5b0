/**
 * The game page's control over the seat's turn report mail: stop mailing them (the web only) and mail them again, as
 * `SET REPORTS WEB` / `SET REPORTS MAIL` do by mail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { seats } from '../../../src/db/schema.ts';
import { databaseKinds } from '../../support/db.ts';
import { tutorialDuel } from '../../support/games.ts';
import { startTestApp, type TestApp } from '../support.ts';
import { logIn, visitor } from '../pages-support.ts';

describe.each(databaseKinds)('the turn report mail control on the game page, on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  const reportMails = async () =>
    (
      await app.ctx.db
        .select({ reportMails: seats.reportMails })
        .from(seats)
        .where(and(eq(seats.gameId, 'web-pref'), eq(seats.side, 'black')))
    )[0]!.reportMails;

  it('a player stops the turn reports’ mail from the game page, and has it again', async () => {
    await tutorialDuel(app.ctx, { id: 'web-pref' });
    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    const page = await alice.get('/games/web-pref');
    expect(page.text).toContain('Your turn reports are mailed to you, and shown here.');
    expect(page.text).toContain('Stop mailing my turn reports');
    const off = await alice.post('/games/web-pref/preferences/reports', { side: 'black', reports: 'web' });
    expect(off.status).toBe(303);
    expect(await reportMails()).toBe(false);
    const after = await alice.get(off.headers.get('location')!);
    expect(after.text).toContain('Your turn reports are no longer mailed');
    expect(after.text).toContain('Mail my turn reports again');
    const on = await alice.post('/games/web-pref/preferences/reports', { side: 'black', reports: 'mail' });
    expect(on.status).toBe(303);
    expect(await reportMails()).toBe(true);
    expect((await alice.post('/games/web-pref/preferences/reports', { side: 'black', reports: 'x' })).status).toBe(400);
  });

  it('the JSON box: ticked, each report mail has the seat’s view attached; unticked, none; anything else refused', async () => {
    await tutorialDuel(app.ctx, { id: 'web-pref' });
    const alice = visitor(app);
    await logIn(app, alice, 'alice@pbem.test');
    const reportJson = async () =>
      (
        await app.ctx.db
          .select({ reportJson: seats.reportJson })
          .from(seats)
          .where(and(eq(seats.gameId, 'web-pref'), eq(seats.side, 'black')))
      )[0]!.reportJson;
    const page = await alice.get('/games/web-pref');
    expect(page.text).toContain('Attach my side’s view of the game as JSON to each turn report mail');
    expect(page.text).not.toMatch(/name="json" value="yes"[^>]* checked/);
    const on = await alice.post('/games/web-pref/preferences/report-json', { side: 'black', json: 'yes' });
    expect(on.status).toBe(303);
    expect(await reportJson()).toBe(true);
    const after = await alice.get(on.headers.get('location')!);
    expect(after.text).toContain('has your side’s view of the game attached as JSON');
    expect(after.text).toMatch(/name="json" value="yes"[^>]* checked/);
    expect((await alice.post('/games/web-pref/preferences/report-json', { side: 'black' })).status).toBe(303);
    expect(await reportJson()).toBe(false);
    expect((await alice.post('/games/web-pref/preferences/report-json', { side: 'black', json: 'x' })).status).toBe(
      400,
    );
  });
});
