/**
 * What every game kind must do, checked for each kind in the registry (src/kinds/index.ts): a kind gets these tests
 * by registering. Each plays its own sample game (`GameKind.sample`) through the service as its players would — a
 * HELP mail to join, the setup sent back by mail if the kind has one, then the order block of each turn report
 * mailed back as it came — and its record is checked:
 *
 * - every stored state and order document reads back to itself (write/read round trip);
 * - the orders, formatted as the service echoes them, parse back to the same orders;
 * - the order block each report mail carries parses as it is (every one mailed back was accepted);
 * - replaying the recorded turns from the export gives each turn's record (`msc verify`);
 * - every text part of every mail fits 78 columns;
 * - for a kind with hidden information, nothing a side receives — mail (text, HTML, subject, headers), pages, API
 *   answers, the export — holds what only the other side may know while the game runs;
 * - a game whose sides send no setup starts all the same (the default setup);
 * - the player page, the HELP answer and `msc game show` / `msc game turn` render.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { games, outbox, seats, submissions, turns } from '../../src/db/schema.ts';
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { exportGame } from '../../src/games/archive/archive.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGameAndInvite } from '../../src/games/games/create.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { kindOf, RULESETS, type Ruleset } from '../../src/kinds/index.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { bounceAddress } from '../../src/games/service-key.ts';
import { mscWith } from '../cli/support.ts';
import { orderMail, seatAddress } from '../mail/support.ts';
import { TEST_MAIL_DOMAIN } from '../support/games.ts';
import { expectNothingForbidden, mailsSince, pagesSeen, word, type Forbidden } from '../support/intake.ts';
import { startTestApp, type TestApp } from '../web/support.ts';
import { logIn, visitor, type Visitor } from '../web/pages-support.ts';

/** Turns each sample is played for, after its setup. */
const TURNS = 2;
const MODERATOR = 'mod@pbem.test';
/** Someone with no seat who observes each sample game. */
const WATCHER = 'watcher@watchers.test';
const emailOf = (side: string) => `${side}@pbem.test`;

/** The order block a mail carries: from its `GAME … TURN n` line to its `END`. */
function mailedBlock(text: string): string | null {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^GAME \S+ TURN \d+\s*$/.test(l));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && l.trim() === 'END');
  return end < 0 ? null : `${lines.slice(start, end + 1).join('\n')}\n`;
}

describe.each(RULESETS)('the %s kind', (ruleset: Ruleset) => {
  const kind = kindOf(ruleset);
  const sample = kind.sample;
  const id = `conf-${ruleset.replace(/[^a-z]/g, '').slice(0, 20)}`;
  let app: TestApp;
  let tokens: Record<string, string>;
  let moderatorKey: string;
  const people: Record<string, Visitor> = {};
  const watcher = visitor({
    get url() {
      return app.url;
    },
  });
  /** Mail outcomes of every order mail sent back, by side and turn. */
  const mailed: { side: string; turn: number; block: string; outcome: string }[] = [];
  /** The last mail queued before every seat asked for the JSON (SET REPORT JSON): reports after it carry it. */
  let jsonFrom = 0;

  const mail = async (side: string, text: string) =>
    (await handleInboundMail(app.ctx, await orderMail(emailOf(side), seatAddress(tokens[side]!), text))).outcome;

  async function mailsTo(side: string) {
    return app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, side.includes('@') ? side : emailOf(side)))
      .orderBy(asc(outbox.id));
  }

  const statusOf = async (gameId: string) =>
    (await app.database.db.select().from(games).where(eq(games.id, gameId)))[0]?.status;

  async function createSample(gameId: string) {
    const created = await createGameAndInvite(
      app.ctx,
      {
        id: gameId,
        name: `Sample ${ruleset}`,
        ruleset,
        ...(sample.create as object),
        settings: { ...(sample.create.settings ?? {}), observers: 'allowed' },
        seats: sample.seats.map((side) => ({ side, email: emailOf(side), name: side })),
      },
      'test',
      { moderatorEmail: MODERATOR },
    );
    return created;
  }

  beforeAll(async () => {
    app = await startTestApp('pglite');
    const created = await createSample(id);
    moderatorKey = created.moderatorToken;
    tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token]));
    // An observer asks by mail and confirms by the link mailed back, before the game starts.
    const asked = await handleInboundMail(
      app.ctx,
      await orderMail(WATCHER, `orders@${TEST_MAIL_DOMAIN}`, `OBSERVE ${id}`),
    );
    expect(asked.outcome).toBe('command');
    const confirm = (await mailsTo(WATCHER)).find((m) => m.kind === 'observe');
    const link = /https?:\/\/\S+(\/login\/[A-Za-z0-9_-]{43})/.exec(confirm!.textBody)![1]!;
    await watcher.get(link);
    expect((await watcher.post(link)).status).toBe(303);
    for (const side of sample.seats) {
      people[side] = visitor(app);
      await logIn(app, people[side], emailOf(side));
      // A mail from the seat joins it: from now on its reports are mailed.
      expect(await mail(side, 'HELP')).not.toMatch(/rejected|failed/);
    }
    // Every seat asks for its view as JSON with its reports: the first by mail, the others on the game page.
    const [first, ...others] = sample.seats;
    expect(await mail(first!, 'SET REPORT JSON')).toBe('command');
    for (const side of others) {
      await people[side]!.get(`/games/${id}`);
      const set = await people[side]!.post(`/games/${id}/preferences/report-json`, { side, json: 'yes' });
      expect(set.status, `${side} ticks the JSON box`).toBe(303);
    }
    jsonFrom = Math.max(0, ...(await app.database.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
    for (const [side, setup] of Object.entries(sample.setups ?? {}))
      expect(await mail(side, setup(id))).toBe('accepted');
    // The setup resolves once every side is in, or at its deadline.
    for (let i = 0; i < 3 && (await statusOf(id)) === 'setup'; i++)
      if ((await resolveNextDueTurn(app.ctx, id)) === null) app.ctx.clock.advanceBy(100 * HOUR);
    expect(await statusOf(id)).toBe('active');

    for (let turn = 1; turn <= TURNS; turn++) {
      for (const side of sample.seats) {
        const reports = (await mailsTo(side)).filter((m) => m.kind === 'turn-report' || m.kind === 'game-start');
        const block = mailedBlock(reports.at(-1)?.textBody ?? '');
        if (block === null) continue;
        const outcome = await mail(side, block);
        mailed.push({ side, turn, block, outcome });
        // A block that orders nothing as it is: the orders a player of the kind might write instead.
        const own = outcome === 'accepted' ? null : (sample.orders?.(side, turn, id) ?? null);
        if (own !== null) expect(await mail(side, own), own).toBe('accepted');
      }
      // A block with nothing ordered in it (a campaign's, all comments) is refused as empty: the turn then waits for
      // its deadline, and the sides that sent none follow the no-orders policy.
      let resolved = await resolveNextDueTurn(app.ctx, id);
      if (resolved === null && mailed.some((m) => m.turn === turn && m.outcome !== 'accepted')) {
        app.ctx.clock.advanceBy(100 * HOUR);
        resolved = await resolveNextDueTurn(app.ctx, id);
      }
      expect(resolved, `turn ${turn} resolves: ${JSON.stringify(mailed)}`).toMatchObject({ gameId: id, turn });
      if (resolved!.gameOver) break;
    }
  });
  afterAll(() => app.close());

  const turnRows = () => app.database.db.select().from(turns).where(eq(turns.gameId, id)).orderBy(asc(turns.number));

  /** Who orders `turn` for `side`: the state it starts from and the events of the turn before. */
  const contextAt = (played: readonly (typeof turns.$inferSelect)[], side: string, turn: number) => ({
    gameId: id,
    turn,
    side,
    state: kind.readState(played.find((t) => t.number === turn)!.stateBefore),
    lastEvents: (played.find((t) => t.number === turn - 1)?.events ?? []) as readonly unknown[],
  });

  it('every stored state reads back to itself', async () => {
    const docs = (await turnRows()).flatMap((t) => [t.stateBefore, ...(t.stateAfter ? [t.stateAfter] : [])]);
    expect(docs.length).toBeGreaterThan(TURNS);
    for (const doc of docs) {
      if (doc === null) continue;
      const once = kind.writeState(kind.readState(doc));
      expect(kind.writeState(kind.readState(once))).toEqual(once);
      expect(JSON.parse(JSON.stringify(once))).toEqual(JSON.parse(JSON.stringify(doc)));
    }
  });

  it('stored orders read back to themselves, and their canonical text parses back to the same orders', async () => {
    const rows = await app.database.db.select().from(submissions).where(eq(submissions.gameId, id));
    const seatRows = await app.database.db.select().from(seats).where(eq(seats.gameId, id));
    const played = await turnRows();
    let checked = 0;
    for (const row of rows.filter((r) => r.turn >= 1)) {
      const side = seatRows.find((s) => s.id === row.seatId)!.side;
      const orders = kind.readOrders(row.orders);
      expect(JSON.parse(JSON.stringify(kind.writeOrders(orders)))).toEqual(JSON.parse(JSON.stringify(row.orders)));
      const at = contextAt(played, side, row.turn);
      const text = kind.formatOrders(orders, at);
      const parsed = kind.parseSubmission(text, at);
      expect(parsed, text).toMatchObject({ ok: true });
      if (parsed.ok) expect(kind.writeOrders(parsed.orders)).toEqual(kind.writeOrders(orders));
      checked++;
    }
    expect(checked, 'orders were checked').toBeGreaterThanOrEqual(sample.seats.length);
  });

  it('the order block of every report mail reads as it is: accepted, or refused only for ordering nothing', async () => {
    expect(mailed.length).toBeGreaterThanOrEqual(sample.seats.length);
    const played = await turnRows();
    for (const m of mailed) {
      if (m.outcome === 'accepted') continue;
      const at = contextAt(played, m.side, m.turn);
      const parsed = kind.parseSubmission(m.block, at);
      expect(parsed.ok ? [] : parsed.errors.map((e) => e.code), `${m.side}, turn ${m.turn}:\n${m.block}`).toEqual([
        'EMPTY',
      ]);
    }
  });

  it('replaying the exported record gives every turn as recorded (msc verify)', async () => {
    const doc = await exportGame(app.ctx, id, { as: 'operator' });
    const verified = verifyExport(JSON.parse(JSON.stringify(doc)));
    expect(verified).toMatchObject({ ok: true });
    expect(verified.ok && verified.turns).toBeGreaterThanOrEqual(TURNS);
  });

  it('every text part of every mail fits 78 columns', async () => {
    const mails = await app.database.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(mails.filter((m) => m.kind === 'turn-report').length).toBeGreaterThanOrEqual(sample.seats.length);
    for (const m of mails)
      for (const line of m.textBody.split('\n'))
        expect(line.length, `${m.kind} to ${m.toAddress}: "${line}"`).toBeLessThanOrEqual(78);
  });

  /** Everything `side`'s player receives: its mail (text, HTML, subject, headers), its pages, its API answers. */
  async function intake(side: string) {
    const seen: { where: string; text: string }[] = [];
    for (const m of await mailsTo(side))
      seen.push({
        where: `mail ${m.kind} "${m.subject}"`,
        text: [
          m.subject,
          JSON.stringify(m.headers),
          m.textBody,
          m.htmlBody ?? '',
          ...m.attachments.map((a) => a.content),
        ].join('\n'),
      });
    const played = (await turnRows()).filter((t) => t.status === 'resolved' && t.number >= 1).length;
    const pages = ['/', `/games/${id}`, `/archive/${id}`, `/archive/${id}/export`];
    for (let n = 1; n <= played; n++) pages.push(`/archive/${id}/turn/${n}`);
    for (const path of pages) {
      const page = await people[side]!.get(path);
      expect(page.status, `${side} GET ${path}`).toBeLessThan(500);
      seen.push({ where: `page ${path}`, text: page.text });
    }
    for (const path of ['', '/orders', '/turns', '/turns/1', '/export']) {
      const answer = await app.call('GET', `/api/games/${id}${path}`, { token: tokens[side]!, anonymous: true });
      expect(answer.status, `${side} GET /api/games/${id}${path}`).toBeLessThan(500);
      seen.push({ where: `api ${path || '/'}`, text: answer.text });
    }
    return seen;
  }

  it('every turn report mail has the seat’s view attached as JSON: the API’s answer to its token', async () => {
    for (const side of sample.seats) {
      const reports = (await mailsTo(side)).filter(
        (m) => (m.kind === 'turn-report' || m.kind === 'game-start') && m.id > jsonFrom,
      );
      expect(reports.length).toBeGreaterThan(0);
      for (const m of reports) {
        expect(m.attachments.map((a) => a.contentType)).toEqual(['application/json']);
        const doc = JSON.parse(m.attachments[0]!.content) as {
          role: string;
          game: { id: string; me: { side: string } };
        };
        expect(doc).toMatchObject({ role: 'seat', game: { id, me: { side } } });
        expect(m.attachments[0]!.filename).toMatch(new RegExp(`^${id}-turn-\\d+-${side}\\.json$`));
      }
      // The last report's JSON is what GET /api/games/:id answers the seat now: nothing has changed since.
      const api = await app.call('GET', `/api/games/${id}`, { token: tokens[side]!, anonymous: true });
      expect(api.status).toBe(200);
      expect(JSON.parse(reports.at(-1)!.attachments[0]!.content)).toEqual(api.body);
    }
  });

  it("no channel shows a side another's seat token, the dice seed, or what the other side's view hides", async () => {
    const [game] = await app.database.db.select().from(games).where(eq(games.id, id));
    expect(game!.status, 'the game still runs').toBe('active');
    const hidden = kind.viewFor !== undefined;
    // A kind without hidden information shows every reader everything: it has no secrets to keep.
    if (!hidden) expect(sample.secrets, 'a kind without a side view keeps no secrets').toBeUndefined();
    else
      expect(Object.keys(sample.secrets ?? {}), 'a kind with hidden information names its secrets').toEqual([
        ...sample.seats,
      ]);
    const seatRows = await app.database.db.select().from(seats).where(eq(seats.gameId, id));
    const sent = await app.database.db.select().from(submissions).where(eq(submissions.gameId, id));
    const played = await turnRows();
    for (const side of sample.seats) {
      const seen = await intake(side);
      const forbidden: { what: string; test: (text: string) => boolean }[] = [
        { what: 'the dice seed', test: (t) => t.includes(game!.seed) },
      ];
      for (const other of sample.seats.filter((s) => s !== side)) {
        forbidden.push({ what: `${other}'s seat token`, test: (t) => t.includes(tokens[other]!) });
        if (!hidden) continue;
        for (const word of sample.secrets?.[other] ?? []) {
          const re = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
          forbidden.push({ what: `${other}'s "${word}"`, test: (t) => re.test(t) });
        }
        // The other side's orders as the service read them, line by line.
        const theirs = seatRows.find((s) => s.side === other)!.id;
        for (const line of sent
          .filter((r) => r.seatId === theirs && r.turn >= 1)
          .flatMap((r) => kind.formatOrders(kind.readOrders(r.orders), contextAt(played, other, r.turn)).split('\n'))
          .map((l) => l.trim())
          .filter((l) => l !== '' && !/^(#|GAME\b|END$)/.test(l)))
          forbidden.push({ what: `${other}'s order "${line}"`, test: (t) => t.includes(line) });
      }
      for (const item of seen)
        for (const f of forbidden) expect(f.test(item.text), `${side} reads ${f.what} in ${item.where}`).toBe(false);
      // Its own secrets are there: the scan is not blind.
      for (const word of sample.secrets?.[side] ?? [])
        expect(
          seen.some((item) => item.text.includes(word)),
          `${side} reads its own "${word}" somewhere`,
        ).toBe(true);
    }
  });

  it("an observer reads each turn as the kind's observers may (a kind with hidden information: nothing of it), never a token, the seed, a secret or orders before they resolve", async () => {
    const [game] = await app.database.db.select().from(games).where(eq(games.id, id));
    const hidden = kind.viewFor !== undefined;
    const played = await turnRows();
    const open = played.find((t) => t.status === 'open')!;
    const sent = await app.database.db.select().from(submissions).where(eq(submissions.gameId, id));
    const seatRows = await app.database.db.select().from(seats).where(eq(seats.gameId, id));
    const mails = await mailsSince(app.database.db, WATCHER, 0);
    const pages = await pagesSeen(
      watcher,
      ['/', `/games/${id}`, `/games/${id}/observe`, `/archive/${id}`, `/archive/${id}/export`],
      'the observer',
    );
    const cookie = [...watcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answers = [];
    for (const path of ['', '/orders', '/turns', '/turns/1', '/export']) {
      const answer = await app.call('GET', `/api/games/${id}${path}`, { anonymous: true, headers: { cookie } });
      expect(answer.status).toBeLessThan(500);
      answers.push({ where: `api ${path || '/'}`, text: answer.text });
    }
    const forbidden: Forbidden[] = [
      { what: 'the dice seed', test: (t) => t.includes(game!.seed) },
      ...sample.seats.map((side) => ({ what: `${side}'s seat token`, test: (t: string) => t.includes(tokens[side]!) })),
    ];
    // Orders: a hidden kind's never while it runs; an open kind's not before their turn resolves.
    for (const side of sample.seats) {
      const seatId = seatRows.find((s) => s.side === side)!.id;
      for (const line of sent
        .filter((r) => r.seatId === seatId && r.turn >= 1 && (hidden || r.turn === open.number))
        .flatMap((r) => kind.formatOrders(kind.readOrders(r.orders), contextAt(played, side, r.turn)).split('\n'))
        .map((l) => l.trim())
        .filter((l) => l !== '' && !/^(#|GAME\b|END$)/.test(l)))
        forbidden.push({ what: `${side}'s order "${line}"`, test: (t) => t.includes(line) });
      for (const secret of sample.secrets?.[side] ?? [])
        forbidden.push({ what: `${side}'s "${secret}"`, test: (t) => word(secret).test(t) });
    }
    expectNothingForbidden([...mails.seen, ...pages, ...answers], forbidden, 'the observer');
    // A mail for each turn that opened, after the welcome: a report for an open kind, a word for a hidden one.
    const reports = (await mailsTo(WATCHER)).filter((m) => m.kind === 'observer-report');
    for (let n = 2; n <= open.number; n++)
      expect(
        reports.some((m) => m.subject.includes(hidden ? `Turn ${n - 1} resolved` : `Turn ${n} report`)),
        `the observer's mail as turn ${n} opened`,
      ).toBe(true);
    const last = reports.at(-1)!.textBody;
    if (hidden) expect(last).toContain('nothing of its turns while it runs');
    else expect(last).toContain(`What happened in turn ${open.number - 1}`);
    expect(last).not.toMatch(/Your orders for turn/);
    const page = pages.find((p) => p.where.endsWith('/observe'))!.text;
    expect(page).toContain(hidden ? 'nothing of its turns while it runs' : `What happened in turn ${open.number - 1}`);
  });

  it('a bounce of a seat’s report marks the seat: its game page, the moderator’s and the API say so; writing in clears it', async () => {
    const side = sample.seats[0]!;
    const report = (await mailsTo(side)).filter((m) => m.kind === 'turn-report' || m.kind === 'game-start').at(-1)!;
    const to = bounceAddress(app.ctx.serviceKey, app.ctx.mailDomain, report.id);
    const dsn = readFileSync(new URL('../mail/bounces/postfix-dsn.eml', import.meta.url), 'utf8')
      .replaceAll('ORDERS_ADDRESS', to)
      .replaceAll('RECIPIENT', emailOf(side))
      .replaceAll('MESSAGE_ID', report.headers['Message-ID']!)
      .replace(/\r?\n/g, '\r\n');
    const bounced = await handleInboundMail(app.ctx, Buffer.from(dsn), { from: '', to: [to] });
    expect(bounced).toMatchObject({ outcome: 'bounce', gameId: id, side });

    const page = await people[side]!.get(`/games/${id}`);
    expect(page.text).toContain('Mail to this seat bounces: 550 5.1.1');
    const mod = visitor(app);
    await logIn(app, mod, MODERATOR);
    const board = await mod.get(`/games/${id}/moderate`);
    expect(board.status).toBe(200);
    expect(board.text).toContain('mail to this seat bounces: 550 5.1.1');
    const api = await app.call('GET', `/api/games/${id}`, { token: tokens[side]!, anonymous: true });
    const game = (api.body as { game: { me: { bounce: unknown }; seats: { side: string; mailBounces: boolean }[] } })
      .game;
    expect(game.me.bounce).toMatchObject({ reason: expect.stringContaining('550 5.1.1') as unknown });
    expect(game.seats.find((s) => s.side === side)?.mailBounces).toBe(true);

    expect(await mail(side, 'STATUS')).toBe('command');
    expect((await people[side]!.get(`/games/${id}`)).text).not.toContain('Mail to this seat bounces');
  });

  it('a game whose sides send no setup starts all the same, each side given the default', async () => {
    const other = `${id.slice(0, 30)}-d`;
    await createSample(other);
    // Nobody sends anything: the setup deadline passes (a kind without a setup phase starts at once).
    for (let i = 0; i < 2; i++)
      if ((await resolveNextDueTurn(app.ctx, other)) === null) app.ctx.clock.advanceBy(100 * HOUR);
    const [open] = await app.database.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, other), eq(turns.status, 'open')));
    expect(open?.number, 'turn 1 (or later) is open').toBeGreaterThanOrEqual(1);
  });

  it('the player page, the HELP answer and msc game show / turn render', async () => {
    const side = sample.seats[0]!;
    const page = await people[side]!.get(`/games/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Sample ${ruleset}`);
    // Every game page says who moderates (a moderator who plays a side is named, so the opponent knows).
    expect(page.text).toMatch(/<p class="meta moderation">Moderated by [^<]+<\/p>/);

    const help = (await mailsTo(side)).filter((m) => m.kind === 'help');
    expect(help.length).toBeGreaterThan(0);
    expect(help[0]!.textBody).toMatch(/HELP|orders/i);

    const msc = mscWith(async () => new DirectGamesClient(app.ctx, 'the test database'));
    const show = await msc(['game', 'show', id, '--key', moderatorKey]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(id);
    const turn = await msc(['game', 'turn', id, '1']);
    expect(turn.code, turn.stderr).toBe(0);
    expect(turn.stdout.trim().length).toBeGreaterThan(0);
  });
});
