/**
 * Invitations are opt-in, and nobody can use the service to mail arbitrary people (docs/mail.md "Invitations"):
 * an invited address gets one short invitation whose text the service fixes, and nothing more from that game until
 * it joins; creating games and inviting addresses are limited per address, counted in the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { games, outbox, seats } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { LimitError } from '../../src/games/errors.ts';
import { createGame, createGameAndInvite } from '../../src/games/games/create.ts';
import { pause, replaceSeat } from '../../src/games/moderation/moderation.ts';
import { followLoginLink } from '../../src/games/seats/joining.ts';
import { invitationName } from '../../src/games/seats/invitations.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { sendSideMessage } from '../../src/games/turns/side-messages.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { orderMail, seatAddress } from '../mail/support.ts';
import { caught, duelOrders, gamesContext, type TestGamesContext } from '../support/games.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';

const ALICE = 'alice@pbem.test';
const BOB = 'bob@pbem.test';
const CREATOR = 'creator@pbem.test';

function duelInput(id: string, name = 'Tutorial duel', alice = ALICE) {
  return {
    id,
    name,
    scenario: 'tutorial-duel',
    seats: [
      { side: 'black', email: alice, name: 'Alice' },
      { side: 'grey', email: BOB, name: 'Bob' },
    ],
  };
}

describe.each(databaseKinds)('invitations and their limits on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  const mailTo = (address: string) =>
    ctx.db
      .select()
      .from(outbox)
      .where(eq(sql`lower(${outbox.toAddress})`, address))
      .orderBy(outbox.id);

  it('an invited address receives exactly one mail, of fixed text, until it joins; the game runs meanwhile', async () => {
    const created = await createGameAndInvite(
      ctx,
      duelInput('duel', 'FREE MONEY at https://evil.example/win <b>click</b> and more words past the cap'),
      `web:${CREATOR}`,
      { moderatorEmail: CREATOR },
    );
    const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
    const [invitation] = await mailTo(ALICE);
    expect(invitation).toMatchObject({ kind: 'invite', subject: 'Invitation to a game of Minimal Space Combat' });
    // The creator's free text is quoted capped and without anything a mail program would make a link of.
    expect(invitation!.textBody).not.toContain('https://');
    expect(invitation!.textBody).not.toContain('evil.example');
    expect(invitation!.textBody).not.toContain('<b>');
    expect(invitation!.textBody).toContain(`"${invitationName(created.game.name)}"`);
    // It says what kind of game it is: a duel is a tactical battle.
    expect(invitation!.textBody.replace(/\s+/g, ' ')).toContain('in a tactical battle named');
    // The scenario (a duel), the opponent by the name they play under (never their address), and the deadline.
    const said = invitation!.textBody.replace(/\s+/g, ' ');
    expect(said).toContain('(scenario tutorial-duel)');
    expect(said).toContain('Against: Bob (side "Grey").');
    expect(said).not.toContain(BOB);
    expect(said).toMatch(/Deadline for (the setup|turn 1): /);
    expect([...invitationName(created.game.name)].length).toBeLessThanOrEqual(40);
    expect(invitation!.textBody).toMatch(/\/login\/[A-Za-z0-9_-]{43}/);
    expect(invitation!.headers['Reply-To']).toBe(`orders+${token('black')}@pbem.test`);

    // Turn 1 opened at creation (its report held); a message, a notice, turn 2's report: all held.
    const [bobSeat] = await ctx.db.select().from(seats).where(eq(seats.email, BOB));
    await sendSideMessage(ctx, { gameId: 'duel', from: bobSeat!, toSide: 'black', text: 'Buy now', channel: 'web' });
    for (const side of ['black', 'grey'] as const)
      await submitOrders(ctx, { gameId: 'duel', token: token(side), text: duelOrders('duel', side), channel: 'api' });
    expect(await resolveNextDueTurn(ctx, 'duel')).not.toBeNull();
    await pause(ctx, { gameId: 'duel', key: created.moderatorToken, actor: 'test' }, 'a reason nobody asked for');

    expect((await mailTo(ALICE)).map((m) => m.kind)).toEqual(['invite']);
    expect((await mailTo(BOB)).map((m) => m.kind)).toEqual(['invite']);
    const [game] = await ctx.db.select().from(games).where(eq(games.id, 'duel'));
    expect(game!.currentTurn).toBe(2);
  });

  it('joining by the invitation link delivers what was held: the report of the open turn, and mail from then on', async () => {
    await createGameAndInvite(ctx, duelInput('duel'), 'api');
    const [invitation] = await mailTo(ALICE);
    const linkToken = /\/login\/([A-Za-z0-9_-]{43})/.exec(invitation!.textBody)![1]!;

    expect(await followLoginLink(ctx, linkToken)).toMatchObject({ email: ALICE, gameId: 'duel' });
    const joined = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, 'duel'), eq(seats.email, ALICE)));
    expect(joined[0]!.joinedAt).toEqual(ctx.clock.now());
    expect((await mailTo(ALICE)).map((m) => m.kind)).toEqual(['invite', 'game-start']);
    // Bob has not joined: still his invitation only.
    expect((await mailTo(BOB)).map((m) => m.kind)).toEqual(['invite']);
    // The link works once: following it again joins nothing and sends nothing.
    expect(await followLoginLink(ctx, linkToken)).toBeNull();
    expect(await mailTo(ALICE)).toHaveLength(2);
  });

  it('a reply to the invitation through the seat order address joins too: its orders are taken and answered', async () => {
    const created = await createGameAndInvite(ctx, duelInput('duel'), 'api');
    const token = created.seats.find((s) => s.side === 'black')!.token;
    const raw = await orderMail(ALICE, seatAddress(token), duelOrders('duel', 'black'));
    expect((await handleInboundMail(ctx, raw)).outcome).toBe('accepted');
    const [alice] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, 'duel'), eq(seats.email, ALICE)));
    expect(alice!.joinedAt).not.toBeNull();
    expect((await mailTo(ALICE)).map((m) => m.kind)).toEqual(['invite', 'game-start', 'accepted']);
    // Mail from another address with the same token proves nothing about Bob's address, nor Alice's.
    const forged = await orderMail('mallory@pbem.test', seatAddress(token), duelOrders('duel', 'black'));
    await handleInboundMail(ctx, forged);
    expect((await mailTo(BOB)).map((m) => m.kind)).toEqual(['invite']);
  });

  it('a reply to the invitation holding only a command joins and carries the command out (SET WIDTH 100)', async () => {
    const created = await createGameAndInvite(ctx, duelInput('duel'), 'api');
    const token = created.seats.find((s) => s.side === 'black')!.token;
    const outcome = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), 'SET WIDTH 100'));
    expect(outcome).toMatchObject({ outcome: 'command', detail: { commands: ['SET WIDTH 100'] } });
    const [alice] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, 'duel'), eq(seats.email, ALICE)));
    expect(alice!.joinedAt).not.toBeNull();
    expect(alice!.reportWidth).toBe(100);
  });

  it('a campaign: a reply to the invitation with the setup in it joins and sets up, never dropping the BUILD lines', async () => {
    const created = await createGameAndInvite(
      ctx,
      {
        id: 'war',
        name: 'Mail war',
        ruleset: 'msc-strategic',
        settings: {
          ...SMALL_CAMPAIGN,
        },
        seats: [
          { side: 'red', email: ALICE, name: 'Alice' },
          { side: 'blue', email: BOB, name: 'Bob' },
        ],
      },
      'api',
    );
    const token = created.seats.find((s) => s.side === 'red')!.token;
    // The invitation says it is a campaign, against whom, and by when the setup is due.
    const invited = (await mailTo(ALICE))[0]!.textBody.replace(/\s+/g, ' ');
    expect(invited).toContain('in a strategic campaign named "Mail war" (scenario campaign)');
    expect(invited).toContain('Against: Bob (side "Blue Union").');
    expect(invited).not.toContain(BOB);
    expect(invited).toMatch(/Deadline for the setup: /);
    const setup = ['GAME war TURN 0', 'BUILD Rdart1 E5 S2 H1 W F AS Rwing', 'END'].join('\n');
    const outcome = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), setup));
    expect(outcome.outcome).toBe('accepted');
    // Joined: the setup mail (kind setup) is queued on joining, then the answer to the setup sent.
    const mails = await mailTo(ALICE);
    expect(mails.map((m) => m.kind)).toEqual(['invite', 'setup', 'accepted']);
    expect(mails[1]!.subject).toBe('[war] You have a seat in Mail war');
    // The seat mail shows both homes — no secret: every side sees the map and each system's owner — on a small text
    // map, and says how the campaign's battles are fought.
    const seated = mails[1]!.textBody;
    expect(seated.replace(/\s+/g, ' ')).toContain('Battles in this campaign are fought strategically');
    expect(seated).toMatch(/Your home system: 0101 \(\w+\)\. The home system of Blue Union: 0707/);
    expect(seated).toMatch(/^01 R {7}/m);
    expect(seated).toMatch(/^07 .* B {3}07$/m);
    expect(seated.indexOf('Your home system')).toBeLessThan(seated.indexOf('GAME war TURN 0'));
    expect(mails[1]!.htmlBody).toMatch(/<pre[^>]*>[^<]*01 R /);
    expect(mails[2]!.textBody).toContain('BUILD Rdart1 E5 S2 H1 W F AS Rwing');
    // Bob, who has not joined, got his invitation only.
    expect((await mailTo(BOB)).map((m) => m.kind)).toEqual(['invite']);

    // A campaign whose battles are tactical games says so.
    const tactical = await createGameAndInvite(
      ctx,
      {
        id: 'war-t',
        name: 'Tactical war',
        ruleset: 'msc-strategic',
        settings: { ...SMALL_CAMPAIGN, battles: 'tactical' },
        seats: [
          { side: 'red', email: 'carol@pbem.test', name: 'Carol' },
          { side: 'blue', email: 'dave@pbem.test', name: 'Dave' },
        ],
      },
      'api',
    );
    const carol = tactical.seats.find((s) => s.side === 'red')!.token;
    await handleInboundMail(ctx, await orderMail('carol@pbem.test', seatAddress(carol), 'Yes!'));
    const carolSeat = (await mailTo('carol@pbem.test')).find((m) => m.kind === 'setup')!;
    expect(carolSeat.textBody.replace(/\s+/g, ' ')).toContain(
      'Battles in this campaign are fought as linked tactical games',
    );
  });

  it('a seat given to a new address is for that address to join: it gets its invitation and nothing else', async () => {
    const created = await createGame(ctx, duelInput('duel'));
    const moderator = { gameId: 'duel', key: created.moderatorToken, actor: 'test' };
    await replaceSeat(ctx, moderator, 'black', { email: 'carol@pbem.test', name: 'Carol' });
    await pause(ctx, moderator, null);
    expect((await mailTo('carol@pbem.test')).map((m) => m.kind)).toEqual(['invite']);
    // Bob, seated without invitations (joined), gets the game start and the notice.
    expect((await mailTo(BOB)).map((m) => m.kind)).toEqual(['game-start', 'moderation']);
  });

  it("a mail through a seat that has joined joins the address's other seat of the game that has not", async () => {
    // Alice plays Black (joined: no invitations); the moderator then gives her Grey too, which waits for her to join.
    const created = await createGame(ctx, duelInput('duel'));
    const moderator = { gameId: 'duel', key: created.moderatorToken, actor: 'test' };
    await replaceSeat(ctx, moderator, 'grey', { email: ALICE, name: 'Alice' });
    const joinedAt = async () =>
      Object.fromEntries(
        (await ctx.db.select().from(seats).where(eq(seats.gameId, 'duel'))).map((s) => [s.side, s.joinedAt]),
      );
    expect(await joinedAt()).toMatchObject({ black: expect.any(Date), grey: null });
    const token = created.seats.find((s) => s.side === 'black')!.token;
    const raw = await orderMail(ALICE, seatAddress(token), duelOrders('duel', 'black'));
    expect((await handleInboundMail(ctx, raw)).outcome).toBe('accepted');
    expect(await joinedAt()).toMatchObject({ black: expect.any(Date), grey: expect.any(Date) });
  });

  it('refuses a burst of creations after the limit, with the seconds to wait; an hour later it creates again', async () => {
    const limited = { ...ctx, limits: { gamesPerHour: 3, invitationsPerHour: 0 } };
    for (let i = 0; i < 3; i++)
      await createGameAndInvite(limited, duelInput(`burst-${i}`), `web:${CREATOR}`, { moderatorEmail: CREATOR });
    const refused = await caught(
      createGameAndInvite(limited, duelInput('burst-3'), `web:${CREATOR}`, { moderatorEmail: CREATOR }),
    );
    expect(refused).toBeInstanceOf(LimitError);
    expect(refused).toMatchObject({ code: 'GAMES_LIMITED', status: 429, retryAfterS: 3600 });
    expect(refused.message).toContain('create the next in 60 minutes');
    expect(await ctx.db.select().from(games).where(eq(games.id, 'burst-3'))).toHaveLength(0);
    // Another creator is not held back by this one.
    await createGameAndInvite(limited, duelInput('other'), 'web:someone@pbem.test', {
      moderatorEmail: 'someone@pbem.test',
    });
    ctx.clock.advanceBy(HOUR);
    await createGameAndInvite(limited, duelInput('burst-3'), `web:${CREATOR}`, { moderatorEmail: CREATOR });
  });

  it('sends one address at most its invitations an hour, across games and creators: the game that would exceed it is not made', async () => {
    const limited = { ...ctx, limits: { gamesPerHour: 0, invitationsPerHour: 2 } };
    await createGameAndInvite(limited, duelInput('first', 'First', 'victim@pbem.test'), 'api');
    await createGameAndInvite(limited, duelInput('second', 'Second', 'Victim@PBEM.test'), 'api');
    const refused = await caught(createGameAndInvite(limited, duelInput('third', 'Third', 'victim@pbem.test'), 'api'));
    expect(refused).toMatchObject({ code: 'TOO_MANY_INVITATIONS', status: 429 });
    expect(refused.message).toContain('victim@pbem.test has been sent 2 invitations in the last hour');
    expect(await ctx.db.select().from(games).where(eq(games.id, 'third'))).toHaveLength(0);
    expect(await mailTo('victim@pbem.test')).toHaveLength(2);
    // Bob was invited twice too (the limit is per address): the third game is refused for either.
    ctx.clock.advanceBy(HOUR);
    await createGameAndInvite(limited, duelInput('third', 'Third', 'victim@pbem.test'), 'api');
    expect(await mailTo('victim@pbem.test')).toHaveLength(3);
  });

  it("the seat mail of a campaign (kind setup) is no invitation: the README's duel plus campaign leave room for more", async () => {
    const limited = { ...ctx, limits: { gamesPerHour: 0, invitationsPerHour: 2 } };
    const created = await createGameAndInvite(
      limited,
      {
        id: 'war',
        name: 'Mail war',
        ruleset: 'msc-strategic',
        settings: { ...SMALL_CAMPAIGN },
        seats: [
          { side: 'red', email: ALICE, name: 'Alice' },
          { side: 'blue', email: BOB, name: 'Bob' },
        ],
      },
      'api',
    );
    const token = created.seats.find((s) => s.side === 'red')!.token;
    expect((await handleInboundMail(limited, await orderMail(ALICE, seatAddress(token), 'Yes!'))).outcome).toBe(
      'command',
    );
    // The invitation, then the seat mail with the setup block: two kinds, so a script can wait for either.
    expect((await mailTo(ALICE)).map((m) => m.kind)).toEqual(['invite', 'setup', 'notice']);
    // Alice has had one invitation this hour, not two: a duel may still invite her.
    await createGameAndInvite(limited, duelInput('duel'), 'api');
    expect((await mailTo(ALICE)).filter((m) => m.kind === 'invite')).toHaveLength(2);
  });

  it('refuses names longer than mail quotes, and a moderator reason longer than the notice it goes in', async () => {
    const long = await caught(createGameAndInvite(ctx, duelInput('long', 'x'.repeat(81)), 'api'));
    expect(long.code).toBe('INVALID_GAME');
    expect(long.problems).toEqual([
      { code: 'TEXT_TOO_LONG', message: "name: a game's name is at most 80 characters: shorten it" },
    ]);
    const input = duelInput('long-player');
    input.seats[0]!.name = 'y'.repeat(61);
    expect((await caught(createGameAndInvite(ctx, input, 'api'))).problems).toEqual([
      { code: 'TEXT_TOO_LONG', message: "seats.0.name: a player's name is at most 60 characters: shorten it" },
    ]);
    const created = await createGameAndInvite(ctx, duelInput('reasons'), 'api');
    const moderator = { gameId: 'reasons', key: created.moderatorToken, actor: 'test' };
    const refused = await caught(pause(ctx, moderator, 'z'.repeat(501)));
    expect(refused).toMatchObject({ code: 'REASON_TOO_LONG', status: 422 });
    const [game] = await ctx.db.select().from(games).where(eq(games.id, 'reasons'));
    expect(game!.status).toBe('active');
  });
});
