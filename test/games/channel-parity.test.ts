/**
 * Every use case a person can reach through more than one channel behaves the
 * same through each: the web pages, the JSON API, mail (the inbound
 * pipeline) and the command line, where the channel offers it. Each case
 * runs the use case once per channel, on a game of its own, and compares what
 * was stored and which error code came back.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { auditLog, games, outbox, seats, sideMessages, submissions } from '../../src/db/schema.ts';
import { inviteSeat } from '../../src/games/moderation/moderation.ts';
import { requestLoginLink } from '../../src/games/logins/login-request.ts';
import { claimModeration } from '../../src/games/games/people.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { mscWith } from '../cli/support.ts';
import { ALICE, BOB, orderMail, seatAddress } from '../mail/support.ts';
import { databaseKinds } from '../support/db.ts';
import { duelOrders, tutorialDuel } from '../support/games.ts';
import { logIn, visitor, type Visitor } from '../web/pages-support.ts';
import { duelBody, startTestApp, type TestApp } from '../web/support.ts';

const MOD = 'mod@pbem.test';

/** The error code `msc … --json` printed. */
const cliCode = (r: { stdout: string }): string => (JSON.parse(r.stdout) as { error: { code: string } }).error.code;

describe.each(databaseKinds)('one use case, every channel, on %s', (kind) => {
  let app: TestApp;
  let msc: ReturnType<typeof mscWith>;
  let mod: Visitor;
  beforeAll(async () => {
    app = await startTestApp(kind);
    msc = mscWith(async () => new DirectGamesClient(app.ctx, 'the test database'));
    mod = visitor(app);
    await logIn(app, mod, MOD);
  });
  afterAll(() => app.close());

  const db = () => app.database.db;
  const invitesOf = async (gameId: string) =>
    (
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), eq(outbox.kind, 'invite')))
    )
      .map((m) => m.toAddress)
      .sort();
  const seatOf = async (gameId: string, side: string) =>
    (
      await db()
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, gameId), eq(seats.side, side)))
    )[0]!;
  const actions = async (gameId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.gameId, gameId)).orderBy(asc(auditLog.id))).map(
      (a) => a.action,
    );

  /** A tutorial duel moderated by MOD's web session; its moderator key and seat tokens. */
  async function duel(id: string) {
    const created = await tutorialDuel(app.ctx, { id });
    await claimModeration(app.ctx, id, created.moderatorToken, MOD);
    return { key: created.moderatorToken, tokens: created.tokens as Record<'black' | 'grey', string> };
  }

  it('create a game: web, API and command line store the same game and invite every seat', async () => {
    await mod.get('/games/new');
    const web = await mod.post('/games/new', {
      name: 'Tutorial duel',
      id: 'create-web',
      scenario: 'tutorial-duel',
      handicap: '0',
      sides: '',
      width: '',
      height: '',
      budget: '',
      turnHours: '',
      turnLimit: '',
      noOrders: 'standing',
      archive: 'public',
      seatSide: ['black', 'grey', '', ''],
      seatEmail: ['alice@pbem.test', 'bob@pbem.test', '', ''],
      seatName: ['Alice', 'Bob', '', ''],
      seatTimeZone: ['Europe/Paris', 'UTC', 'UTC', 'UTC'],
    });
    expect(web.status, web.text.slice(0, 500)).toBe(201);
    const api = await app.call('POST', '/api/games', { body: duelBody('create-api') });
    expect(api.status).toBe(201);
    const cli = await msc([
      'game',
      'create',
      '--scenario',
      'tutorial-duel',
      '--id',
      'create-cli',
      '--name',
      'Tutorial duel',
      '--seat',
      'black:alice@pbem.test:Alice:Europe/Paris',
      '--seat',
      'grey:bob@pbem.test:Bob',
    ]);
    expect(cli.code, cli.stderr).toBe(0);

    const shapes = [];
    for (const id of ['create-web', 'create-api', 'create-cli']) {
      const [game] = await db().select().from(games).where(eq(games.id, id));
      expect(await invitesOf(id)).toEqual([ALICE, BOB]);
      expect(await actions(id)).toEqual(['create', 'start']);
      const seatRows = await db().select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.side));
      shapes.push({
        status: game!.status,
        turn: game!.currentTurn,
        seats: seatRows.map((s) => [s.side, s.email, s.displayName, s.timeZone]),
      });
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);

    // Seats that do not match the sides: refused alike, and nothing is stored.
    const badSeats = { ...duelBody('create-bad'), seats: [{ side: 'black', email: ALICE, name: 'Alice' }] };
    expect((await app.call('POST', '/api/games', { body: badSeats })).body.error.code).toBe('INVALID_SEATS');
    const badCli = await msc([
      ...['game', 'create', '--scenario', 'tutorial-duel', '--id', 'create-bad', '--name', 'x'],
      ...['--seat', `black:${ALICE}:Alice`, '--json'],
    ]);
    expect([badCli.code, cliCode(badCli)]).toEqual([2, 'INVALID_SEATS']);
    expect(await db().select().from(games).where(eq(games.id, 'create-bad'))).toEqual([]);
  });

  it('replace a player: web, API and command line seat the new player alike, check the time zone, and invite them', async () => {
    const ids = ['replace-web', 'replace-api', 'replace-cli'] as const;
    const keys: Record<string, string> = {};
    for (const id of ids) keys[id] = (await duel(id)).key;

    await mod.get('/games/replace-web/moderate');
    const web = await mod.post('/games/replace-web/moderate/replace', {
      side: 'grey',
      email: 'Carol@pbem.test',
      name: 'Carol',
      timeZone: 'America/New_York',
    });
    expect(web.status, web.text.slice(0, 300)).toBe(303);
    const api = await app.call('POST', '/api/games/replace-api/seats/grey/replace', {
      token: keys['replace-api']!,
      body: { email: 'Carol@pbem.test', name: 'Carol', timeZone: 'America/New_York' },
    });
    expect(api.status).toBe(200);
    const cli = await msc([
      'game',
      'replace',
      'replace-cli',
      'grey',
      '--email',
      'Carol@pbem.test',
      '--name',
      'Carol',
      '--tz',
      'America/New_York',
    ]);
    expect(cli.code, cli.stderr).toBe(0);

    for (const id of ids) {
      const seat = await seatOf(id, 'grey');
      expect([seat.email, seat.displayName, seat.timeZone]).toEqual(['carol@pbem.test', 'Carol', 'America/New_York']);
      expect(await invitesOf(id)).toEqual(['carol@pbem.test']);
      expect(await actions(id)).toEqual(['create', 'start', 'moderator-email', 'replace-seat']);
    }

    // A time zone nobody has: refused by every channel, the seat left as it was.
    await mod.get('/games/replace-web/moderate');
    const webBad = await mod.post('/games/replace-web/moderate/replace', {
      side: 'grey',
      email: 'dan@pbem.test',
      name: 'Dan',
      timeZone: 'Mars/Olympus',
    });
    expect(webBad.status).toBe(400);
    const apiBad = await app.call('POST', '/api/games/replace-api/seats/grey/replace', {
      token: keys['replace-api']!,
      body: { email: 'dan@pbem.test', name: 'Dan', timeZone: 'Mars/Olympus' },
    });
    expect(apiBad.status).toBe(400);
    const cliBad = await msc([
      'game',
      'replace',
      'replace-cli',
      'grey',
      '--email',
      'dan@pbem.test',
      '--name',
      'Dan',
      '--tz',
      'Mars/Olympus',
    ]);
    expect(cliBad.code).toBe(2);
    expect(cliBad.stderr).toContain('not a time zone');
    expect(webBad.text).toContain('not a time zone');
    for (const id of ids) expect((await seatOf(id, 'grey')).email).toBe('carol@pbem.test');
  });

  it('invite a seat again: the web page and the use case queue the same invitation, audited', async () => {
    await duel('invite-web');
    await duel('invite-direct');
    await mod.get('/games/invite-web/moderate');
    const web = await mod.post('/games/invite-web/moderate/invite', { side: 'grey', reason: 'lost it' });
    expect(web.status).toBe(303);
    await inviteSeat(app.ctx, { gameId: 'invite-direct', email: MOD }, 'grey', 'lost it');
    for (const id of ['invite-web', 'invite-direct']) {
      expect(await invitesOf(id)).toEqual([BOB]);
      expect(await actions(id)).toEqual(['create', 'start', 'moderator-email', 'invite']);
    }
    const missing = await mod.post('/games/invite-web/moderate/invite', { side: 'green' });
    expect(missing.status).toBe(404);
    await expect(inviteSeat(app.ctx, { gameId: 'invite-direct', email: MOD }, 'green')).rejects.toMatchObject({
      code: 'SEAT_NOT_FOUND',
    });
  });

  it('request a login link: the login page and the use case send one link, and refuse what is not an address', async () => {
    const links = async (to: string) =>
      (
        await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'login')))
      ).length;
    const v = visitor(app);
    await v.get('/login');
    expect((await v.post('/login', { email: 'Web.Person@pbem.test' })).status).toBe(200);
    expect(await requestLoginLink(app.ctx, { email: 'Direct.Person@pbem.test' })).toEqual({
      email: 'direct.person@pbem.test',
      sent: true,
    });
    expect([await links('web.person@pbem.test'), await links('direct.person@pbem.test')]).toEqual([1, 1]);
    expect((await v.post('/login', { email: 'not an address' })).status).toBe(400);
    await expect(requestLoginLink(app.ctx, { email: 'not an address' })).rejects.toMatchObject({
      code: 'BAD_EMAIL',
      status: 400,
    });
  });

  type Channel = 'mail' | 'web' | 'api' | 'cli';

  /** Sends Black's text through one channel; the error code when it is refused, else null. */
  async function submitAs(channel: Channel, gameId: string, token: string, text: string): Promise<string | null> {
    if (channel === 'mail') {
      const r = await handleInboundMail(app.ctx, await orderMail(ALICE, seatAddress(token), text));
      return ['accepted', 'command'].includes(r.outcome) ? null : String(r.outcome);
    }
    if (channel === 'api') {
      const r = await app.call('POST', `/api/games/${gameId}/orders`, { token, body: { text } });
      return r.status === 200 ? null : String(r.body.error.code);
    }
    if (channel === 'cli') {
      const r = await msc(['game', 'orders', gameId, '--token', token, '--json'], { stdin: text });
      return r.code === 0 ? null : cliCode(r);
    }
    const alice = visitor(app);
    await logIn(app, alice, ALICE);
    await alice.get(`/games/${gameId}`);
    const r = await alice.post(`/games/${gameId}/orders/text`, { text });
    return r.status === 303 ? null : String(r.status);
  }

  describe('submit text', () => {
    const channels = ['mail', 'web', 'api', 'cli'] as const;
    const submit = submitAs;

    it('orders and MESSAGE: every channel stores the orders and relays the message, kept for both pages', async () => {
      for (const channel of channels) {
        const id = `text-${channel}`;
        const { tokens } = await duel(id);
        const text = `${duelOrders(id, 'black').replace('\nEND', '')}\nMESSAGE grey\nGood luck from ${channel}.\nEND\n`;
        expect(await submit(channel, id, tokens.black, text)).toBeNull();
        const subs = await db().select().from(submissions).where(eq(submissions.gameId, id));
        expect(subs.map((s) => s.channel)).toEqual([channel]);
        const kept = await db().select().from(sideMessages).where(eq(sideMessages.gameId, id));
        expect(kept.map((m) => [m.fromSide, m.toSide, m.text, m.channel])).toEqual([
          ['black', 'grey', `Good luck from ${channel}.`, channel],
        ]);
        const relayed = await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.gameId, id), eq(outbox.kind, 'message')));
        expect(relayed.map((m) => m.toAddress)).toEqual([BOB]);
        expect(relayed[0]!.textBody).toContain(`Good luck from ${channel}.`);
      }
    });

    it('CONCEDE <game id>: every channel concedes the side in the same way; CONCEDE alone nowhere', async () => {
      for (const channel of channels) {
        const id = `concede-${channel}`;
        const { tokens } = await duel(id);
        // (The web page's answer to CONCEDE alone is the battle page's test's: a login per text here would use up
        // the address's login links.)
        if (channel !== 'web') {
          expect(await submit(channel, id, tokens.black, 'CONCEDE')).toBeNull();
          expect((await seatOf(id, 'black')).concededAt, channel).toBeNull();
        }
        expect(await submit(channel, id, tokens.black, `CONCEDE ${id}`)).toBeNull();
        expect((await seatOf(id, 'black')).concededAt).not.toBeNull();
        const [entry] = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.gameId, id), eq(auditLog.action, 'concede')));
        expect(entry?.actor).toBe(`${channel}:black`);
      }
    });

    it('illegal orders: every channel refuses them and stores nothing', async () => {
      for (const channel of channels) {
        const id = `illegal-${channel}`;
        const { tokens } = await duel(id);
        const refused = await submit(channel, id, tokens.black, `GAME ${id} TURN 1\nSHIP Black SPEED 7 MOVE 7\nEND`);
        expect(refused).toBe({ mail: 'rejected', web: '422', api: 'ORDERS_REJECTED', cli: 'ORDERS_REJECTED' }[channel]);
        expect(await db().select().from(submissions).where(eq(submissions.gameId, id))).toEqual([]);
      }
    });
  });

  it('a paused game: every channel refuses orders alike and stores nothing, and takes them again once resumed', async () => {
    const channels = ['mail', 'web', 'api', 'cli'] as const;
    for (const channel of channels) {
      const id = `paused-${channel}`;
      const { key, tokens } = await duel(id);
      expect((await app.call('POST', `/api/games/${id}/pause`, { token: key, body: {} })).status).toBe(200);
      const text = `GAME ${id} TURN 1\nSHIP Black SPEED 3 MOVE 2R\nEND`;
      const refused = await submitAs(channel, id, tokens.black, text);
      expect([channel, refused]).toEqual([
        channel,
        { mail: 'rejected', web: '409', api: 'GAME_PAUSED', cli: 'GAME_PAUSED' }[channel],
      ]);
      expect(await db().select().from(submissions).where(eq(submissions.gameId, id))).toEqual([]);
      expect((await app.call('POST', `/api/games/${id}/resume`, { token: key, body: {} })).status).toBe(200);
      expect(await submitAs(channel, id, tokens.black, text)).toBeNull();
    }
  });

  it('moderator actions: pausing through the web, the API and the command line does the same, audited', async () => {
    const keys: Record<string, string> = {};
    for (const id of ['pause-web', 'pause-api', 'pause-cli']) keys[id] = (await duel(id)).key;
    await mod.get('/games/pause-web/moderate');
    expect((await mod.post('/games/pause-web/moderate/pause', { reason: 'holidays' })).status).toBe(303);
    expect(
      (
        await app.call('POST', '/api/games/pause-api/pause', {
          token: keys['pause-api']!,
          body: { reason: 'holidays' },
        })
      ).status,
    ).toBe(200);
    expect((await msc(['game', 'pause', 'pause-cli', '--reason', 'holidays'])).code).toBe(0);
    for (const id of ['pause-web', 'pause-api', 'pause-cli']) {
      const [game] = await db().select().from(games).where(eq(games.id, id));
      expect(game!.status).toBe('paused');
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.gameId, id), eq(auditLog.action, 'pause')));
      expect(entry?.reason).toBe('holidays');
    }
  });
});

describe.each(databaseKinds)('the message limit, one per seat whatever the channel, on %s', (kind) => {
  const LIMIT = 4;
  let app: TestApp;
  let ctx: GamesContext;
  let msc: ReturnType<typeof mscWith>;
  let alice: Visitor;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      ctx: (base) => (ctx = { ...base, limits: { gamesPerHour: 0, invitationsPerHour: 0, messagesPerHour: LIMIT } }),
    });
    msc = mscWith(async () => new DirectGamesClient(ctx, 'the test database'));
    alice = visitor(app);
    await logIn(app, alice, ALICE);
  });
  afterAll(() => app.close());

  type Way = 'mail' | 'web-message' | 'web-orders' | 'api' | 'cli';
  /** Sends `text` from Black to Grey one way; null when it was relayed, else how it was refused. */
  async function message(way: Way, id: string, token: string, text: string): Promise<string | null> {
    const command = `MESSAGE grey\n${text}\nEND\n`;
    if (way === 'mail') {
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), command));
      return r.outcome === 'command' || r.outcome === 'accepted' ? null : String(r.outcome);
    }
    if (way === 'api') {
      const r = await app.call('POST', `/api/games/${id}/orders`, { token, body: { text: command } });
      return r.status === 200 ? null : String(r.body.error.code);
    }
    if (way === 'cli') {
      const r = await msc(['game', 'orders', id, '--token', token, '--json'], { stdin: command });
      return r.code === 0 ? null : cliCode(r);
    }
    await alice.get(`/games/${id}`);
    const r =
      way === 'web-message'
        ? await alice.post(`/games/${id}/messages`, { to: 'grey', text })
        : await alice.post(`/games/${id}/orders/text`, { text: command });
    return r.status === 303 ? null : String(r.status);
  }

  it('mail, the web message form, the web orders form, the API and the command line share one limit per seat', async () => {
    const id = 'msg-limit';
    const created = await tutorialDuel(ctx, { id });
    const tokens = created.tokens as Record<'black' | 'grey', string>;
    const ways: Way[] = ['mail', 'web-message', 'web-orders', 'api'];
    for (const [i, way] of ways.entries())
      expect([way, await message(way, id, tokens.black, `hello ${i}`)]).toEqual([way, null]);
    const over = {
      mail: 'rejected',
      'web-message': '429',
      'web-orders': '429',
      api: 'MESSAGES_LIMITED',
      cli: 'MESSAGES_LIMITED',
    };
    for (const way of [...ways, 'cli'] as const)
      expect([way, await message(way, id, tokens.black, `one more by ${way}`)]).toEqual([way, over[way]]);
    const kept = await app.database.db.select().from(sideMessages).where(eq(sideMessages.gameId, id));
    expect(kept.map((m) => m.channel)).toEqual(['mail', 'web', 'web', 'api']);
    const relayed = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, id), eq(outbox.kind, 'message')));
    expect(relayed).toHaveLength(LIMIT);
    // Grey's seat has a limit of its own.
    const grey = await app.call('POST', `/api/games/${id}/orders`, {
      token: tokens.grey,
      body: { text: 'MESSAGE black\nhello back\nEND\n' },
    });
    expect(grey.status).toBe(200);
  });
});
