/**
 * The inbound pipeline with well-behaved mail, on PGlite and PostgreSQL
 * (service.md "What a turn looks like": "The reply is answered within
 * seconds: either accepted, echoing the orders as the service understood
 * them, or rejected, listing every error with its line"; "Who may do what").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { games, outbox, seats, turns } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { rotateSeatToken } from '../../src/games/moderation/moderation.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { messagesOf } from '../../src/games/turns/side-messages.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import {
  ALICE,
  answers,
  BOB,
  composeMail,
  gameSnapshot,
  inboundRow,
  newMessageId,
  orderMail,
  PLAIN_ADDRESS,
  seatAddress,
  submissionRows,
  turnShape,
} from './support.ts';

describe.each(databaseKinds)('inbound order mail on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let gameId: string;
  let tokens: Record<string, string>;
  let moderatorToken: string;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx, { id: 'duel-1' });
    gameId = duel.game.id;
    tokens = duel.tokens;
    moderatorToken = duel.moderatorToken;
  });
  afterEach(async () => {
    await database.drop();
  });

  const black = () => duelOrders(gameId, 'black');
  const grey = () => duelOrders(gameId, 'grey');

  describe('accepted orders', () => {
    it('a reply to the seat address from the registered address: stored, answered with the orders as understood and the deadline', async () => {
      const raw = await orderMail(ALICE, seatAddress(tokens.black!), black(), { messageId: '<first@client.test>' });
      const r = await handleInboundMail(ctx, raw);
      expect(r).toMatchObject({ outcome: 'accepted', gameId, side: 'black', messageId: '<first@client.test>' });
      const subs = await submissionRows(ctx.db, gameId);
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({ channel: 'mail', messageId: '<first@client.test>', turn: 1, supersededAt: null });
      expect(subs[0]!.orders).toEqual({ Black: { speed: 3, move: '2R', fire: ['Grey'], hold: false } });
      const out = await answers(ctx.db);
      expect(out.map((m) => [m.kind, m.toAddress])).toEqual([['accepted', ALICE]]);
      expect(out[0]!.textBody).toContain('SHIP Black SPEED 3 MOVE 2R FIRE Grey');
      expect(out[0]!.textBody).toContain('2026-01-08');
      const row = await inboundRow(ctx.db, '<first@client.test>');
      expect(row).toMatchObject({ outcome: 'accepted', gameId, fromAddress: ALICE });
      expect(row!.detail).toMatchObject({
        token: 'address',
        stored: true,
        turn: 1,
        answered: [{ to: ALICE, kind: 'accepted' }],
      });
    });

    it('the token on a PASSWORD line, mailed to the plain address; the From address compared without regard to case', async () => {
      const raw = await orderMail('Alice <ALICE@PBEM.test>', PLAIN_ADDRESS, `PASSWORD ${tokens.black}\n${black()}`);
      const r = await handleInboundMail(ctx, raw);
      expect(r.outcome).toBe('accepted');
      expect(r.detail).toMatchObject({ token: 'password' });
      const subs = await submissionRows(ctx.db, gameId);
      expect(subs).toHaveLength(1);
      // "Tokens … are stored hashed": the mail is kept with its secret masked.
      expect(subs[0]!.text).toContain('PASSWORD ********');
      expect(subs[0]!.text).not.toContain(tokens.black);
      const out = await answers(ctx.db);
      expect(out[0]!.textBody).not.toContain(tokens.black);
    });

    it('the token in an envelope recipient only (a Bcc, say), or in Delivered-To', async () => {
      const viaEnvelope = await orderMail(ALICE, PLAIN_ADDRESS, black());
      expect(
        (await handleInboundMail(ctx, viaEnvelope, { from: ALICE, to: [seatAddress(tokens.black!)] })).outcome,
      ).toBe('accepted');
      const viaDelivered = await orderMail(BOB, PLAIN_ADDRESS, grey(), {
        headers: { 'Delivered-To': seatAddress(tokens.grey!) },
      });
      expect((await handleInboundMail(ctx, viaDelivered)).outcome).toBe('accepted');
      expect((await submissionRows(ctx.db, gameId)).map((s) => s.turn)).toEqual([1, 1]);
      // Both seats are in: the turn falls due.
      expect(await turnShape(ctx.db, gameId)).toEqual(['1:open:due']);
    });

    it('"A later valid submission replaces an earlier one until the turn resolves"', async () => {
      await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), duelOrders(gameId, 'black', 1)));
      const subs = await submissionRows(ctx.db, gameId);
      expect(subs.map((s) => s.supersededAt !== null)).toEqual([true, false]);
      expect(subs[1]!.orders).toEqual({ Black: { speed: 0, move: '0', fire: ['Grey'], hold: false } });
    });

    it('a game that relaxes the sender check takes a valid token from any address, and answers the registered address', async () => {
      await ctx.db
        .update(games)
        .set({ settings: { ...(await gameSettings()), relaxSender: true } })
        .where(eq(games.id, gameId));
      const r = await handleInboundMail(
        ctx,
        await orderMail('alice.phone@elsewhere.test', seatAddress(tokens.black!), black()),
      );
      expect(r.outcome).toBe('accepted');
      expect((await answers(ctx.db)).map((m) => m.toAddress)).toEqual([ALICE]);
    });
  });

  async function gameSettings(): Promise<Record<string, unknown>> {
    const [g] = await ctx.db.select().from(games).where(eq(games.id, gameId));
    return g!.settings;
  }

  describe('rejected orders', () => {
    it('"A submission is all or nothing": one wrong line and nothing is stored, the earlier orders stand; every error is answered with its line', async () => {
      await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      const before = await submissionRows(ctx.db, gameId);
      const bad = `GAME ${gameId} TURN 1\nSHIP Black SPEED 9 MOVE 2R\nSHIP Nobody SPEED 1 MOVE 1\nEND`;
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), bad));
      expect(r.outcome).toBe('rejected');
      expect(r.detail.problems).toEqual(
        expect.arrayContaining([expect.stringMatching(/^2:/), expect.stringMatching(/^3:UNKNOWN_SHIP/)]),
      );
      expect(await submissionRows(ctx.db, gameId)).toEqual(before);
      const out = await answers(ctx.db);
      expect(out.map((m) => m.kind)).toEqual(['accepted', 'rejected']);
      expect(out[1]!.toAddress).toBe(ALICE);
      expect(out[1]!.textBody).toContain('SPEED 9');
      expect(out[1]!.textBody).toMatch(/line 3/);
    });

    it('a token that opens no seat (mistyped or rotated): nothing applied, the unverified sender not answered', async () => {
      const old = tokens.black!;
      await rotateSeatToken(ctx, { gameId, key: moderatorToken }, 'black');
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(old), black()));
      expect(r.outcome).toBe('bad-token');
      expect(await answers(ctx.db)).toEqual([]);
      expect(await submissionRows(ctx.db, gameId)).toEqual([]);
    });

    it('mail for a game that does not exist: recorded, its unverified sender not answered', async () => {
      const r = await handleInboundMail(
        ctx,
        await orderMail(ALICE, PLAIN_ADDRESS, 'GAME orion-9 TURN 1\nSHIP 3 SPEED 1 MOVE 1\nEND'),
      );
      expect(r.outcome).toBe('unknown-game');
      expect(r.detail).toMatchObject({ named: 'orion-9' });
      expect(await answers(ctx.db)).toEqual([]);
    });

    it('a game that is over takes no orders and says so', async () => {
      await ctx.db.update(games).set({ status: 'finished' }).where(eq(games.id, gameId));
      const before = await gameSnapshot(ctx.db, gameId);
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      expect(r.outcome).toBe('game-over');
      const sent = await answers(ctx.db);
      expect(sent.map((m) => [m.kind, m.toAddress])).toEqual([['notice', ALICE]]);
      // … and where the whole game now is: its archive.
      expect(sent[0]!.textBody).toContain(`${ctx.publicUrl}/archive/${gameId}`);
      expect(await gameSnapshot(ctx.db, gameId)).toBe(before);
    });

    it('a turn being resolved takes no orders; the answer says the next report brings the new order block', async () => {
      await ctx.db
        .update(turns)
        .set({ status: 'resolving' })
        .where(and(eq(turns.gameId, gameId), eq(turns.number, 1)));
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      expect(r.outcome).toBe('turn-closed');
      expect(await submissionRows(ctx.db, gameId)).toEqual([]);
    });

    it('a reply to the turn-1 report that names no turn, arriving once turn 1 is over, is refused as late, not taken for turn 2', async () => {
      const reportOf = async (turn: number) => {
        const rows = await ctx.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.gameId, gameId), eq(outbox.toAddress, ALICE)));
        return rows.find(
          (r) => r.kind === (turn === 1 ? 'game-start' : 'turn-report') && r.subject.includes(`Turn ${turn}`),
        )!.headers['Message-ID']!;
      };
      const firstReport = await reportOf(1);
      for (const side of ['black', 'grey'] as const)
        await submitOrders(ctx, { gameId, token: tokens[side]!, text: duelOrders(gameId, side), channel: 'api' });
      await resolveNextDueTurn(ctx);
      const late = (extra: Record<string, unknown> = {}) =>
        orderMail(ALICE, seatAddress(tokens.black!), 'SHIP Black SPEED 2 MOVE 2', {
          inReplyTo: firstReport,
          references: [`<game.${gameId}@pbem.test>`, firstReport],
          ...extra,
        });

      const r = await handleInboundMail(ctx, await late());
      expect(r).toMatchObject({ outcome: 'turn-over', gameId, side: 'black' });
      expect((await submissionRows(ctx.db, gameId)).filter((s) => s.turn === 2)).toEqual([]);
      const notice = (await answers(ctx.db)).filter((m) => m.kind === 'notice').at(-1)!;
      expect(notice.subject).toBe(`[${gameId}] Those orders were for a turn that is over`);
      expect(notice.textBody).toContain('Your orders answer the report for turn 1, and that is over: turn 2 is open.');

      // Answering the turn-2 report, or naming turn 2 itself, is turn-2 orders.
      const second = await reportOf(2);
      expect(
        await handleInboundMail(
          ctx,
          await orderMail(ALICE, seatAddress(tokens.black!), 'SHIP Black SPEED 2 MOVE 2', { inReplyTo: second }),
        ),
      ).toMatchObject({ outcome: 'accepted' });
      expect(
        await handleInboundMail(ctx, await late({ text: `GAME ${gameId} TURN 2\nSHIP Black SPEED 2 MOVE 1R\nEND` })),
      ).toMatchObject({ outcome: 'accepted' });
      // Commands alone still work from an old thread.
      expect(await handleInboundMail(ctx, await late({ text: 'ORDERS' }))).toMatchObject({ outcome: 'command' });
    });

    it('a game still in its setup phase takes no orders', async () => {
      const created = await createGame(ctx, {
        id: 'setup-1',
        name: 'Still choosing fleets',
        settings: {
          map: { width: 10, height: 10 },
          sides: [
            { id: 'red', name: 'Red' },
            { id: 'blue', name: 'Blue' },
          ],
        },
        seats: [
          { side: 'red', email: 'carol@pbem.test', name: 'Carol' },
          { side: 'blue', email: 'dave@pbem.test', name: 'Dave' },
        ],
      });
      const token = created.seats.find((s) => s.side === 'red')!.token;
      const r = await handleInboundMail(
        ctx,
        await orderMail('carol@pbem.test', seatAddress(token), 'SHIP 1 SPEED 1 MOVE 1'),
      );
      expect(r).toMatchObject({ outcome: 'game-not-started', gameId: 'setup-1', side: 'red' });
      expect((await answers(ctx.db)).map((m) => [m.kind, m.toAddress])).toEqual([['notice', 'carol@pbem.test']]);
    });
  });

  describe('mail commands', () => {
    it('HELP with a token: the instructions, to the seat', async () => {
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), 'HELP'));
      expect(r).toMatchObject({
        outcome: 'command',
        detail: expect.objectContaining({ commands: ['HELP'], stored: false }),
      });
      expect((await answers(ctx.db)).map((m) => [m.kind, m.toAddress])).toEqual([['help', ALICE]]);
      expect(await submissionRows(ctx.db, gameId)).toEqual([]);
    });

    it('HELP without any token: recorded, but its unverified (maybe forged) sender is not mailed', async () => {
      const r = await handleInboundMail(ctx, await orderMail('newcomer@example.test', PLAIN_ADDRESS, 'help'));
      expect(r.outcome).toBe('command');
      expect(await answers(ctx.db)).toEqual([]);
    });

    it('STATUS sends my report again', async () => {
      const before = (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE))).length;
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), 'STATUS'));
      expect(r.outcome).toBe('command');
      const after = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, ALICE));
      expect(after.length).toBe(before + 1);
      expect(after.at(-1)!.textBody).toContain(`GAME ${gameId} TURN 1`);
    });

    it('ORDERS lists what I have in: the orders of this very mail included', async () => {
      await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), 'ORDERS'));
      const out = await answers(ctx.db);
      expect(out.map((m) => m.kind)).toEqual(['accepted', 'orders']);
      expect(out[1]!.textBody).toContain('SHIP Black SPEED 3 MOVE 2R FIRE Grey');
    });

    it('orders and ORDERS in one mail: the acceptance, then the list', async () => {
      const r = await handleInboundMail(
        ctx,
        await orderMail(ALICE, seatAddress(tokens.black!), `${black().replace('\nEND', '')}\nORDERS\nEND`),
      );
      expect(r.outcome).toBe('accepted');
      expect((await answers(ctx.db)).map((m) => m.kind)).toEqual(['accepted', 'orders']);
    });

    it('CONCEDE alone concedes nothing and says what to send; CONCEDE <game id> concedes, ending a duel at once', async () => {
      const conceded = async () =>
        (
          await ctx.db
            .select()
            .from(seats)
            .where(and(eq(seats.gameId, gameId), eq(seats.side, 'black')))
        )[0]!.concededAt;
      const asked = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), 'CONCEDE'));
      expect(asked).toMatchObject({ outcome: 'command', detail: expect.objectContaining({ commands: ['CONCEDE'] }) });
      expect(asked.detail).not.toHaveProperty('conceded');
      expect(await conceded()).toBeNull();
      const [ask] = await answers(ctx.db);
      expect([ask!.kind, ask!.toAddress]).toEqual(['notice', ALICE]);
      expect(ask!.subject).toContain(`CONCEDE ${gameId}`);
      expect(ask!.textBody).toContain(`  CONCEDE ${gameId}\n`);
      expect(ask!.textBody).toContain('your side has not conceded');
      // Another game's id is refused, and concedes nothing either.
      const wrong = await handleInboundMail(
        ctx,
        await orderMail(ALICE, seatAddress(tokens.black!), 'CONCEDE other-game'),
      );
      expect(wrong.outcome).toBe('rejected');
      expect(await conceded()).toBeNull();
      await ctx.db.delete(outbox);

      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), `CONCEDE ${gameId}`));
      expect(r).toMatchObject({ outcome: 'command', detail: expect.objectContaining({ conceded: true }) });
      expect(await conceded()).not.toBeNull();
      const [turn] = await ctx.db.select().from(turns).where(eq(turns.gameId, gameId));
      expect(turn!.dueAt).not.toBeNull();
      expect((await answers(ctx.db)).map((m) => [m.kind, m.toAddress])).toEqual([['notice', ALICE]]);
      // A conceded side takes no more orders.
      const again = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      expect(again.outcome).toBe('conceded');
    });

    it("MESSAGE <side> is relayed to that seat without the sender's address; the sender is told", async () => {
      const text = 'MESSAGE grey\nGood luck, you will need it.\nEND';
      const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), text));
      expect(r).toMatchObject({ outcome: 'command', detail: expect.objectContaining({ relayedTo: 'grey' }) });
      const out = await answers(ctx.db);
      expect(out.map((m) => [m.kind, m.toAddress])).toEqual([
        ['message', BOB],
        ['notice', ALICE],
      ]);
      const relayed = out[0]!;
      expect(relayed.textBody).toContain('Good luck, you will need it.');
      const everything = JSON.stringify(relayed);
      expect(everything).not.toContain('alice');
      expect(everything).not.toContain(tokens.black);
      // Both sides' game pages list it, as they do a message sent from the web.
      expect((await messagesOf(ctx, r.gameId!, 'grey')).map((x) => [x.fromSide, x.toSide, x.channel, x.text])).toEqual([
        ['black', 'grey', 'mail', 'Good luck, you will need it.'],
      ]);
    });
  });

  describe('rate limit', () => {
    it('over MAIL_RATE_PER_HOUR: recorded, not applied, answered once an hour; an hour later mail is read again', async () => {
      const limited: InboundContext = { ...ctx, inbound: { ratePerHour: 2 } };
      for (let i = 0; i < 2; i++)
        expect(
          (await handleInboundMail(limited, await orderMail(ALICE, seatAddress(tokens.black!), black()))).outcome,
        ).toBe('accepted');
      const third = await handleInboundMail(limited, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      const fourth = await handleInboundMail(limited, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      expect([third.outcome, fourth.outcome]).toEqual(['rate-limited', 'rate-limited']);
      expect(third.answers).toEqual([{ to: ALICE, kind: 'notice' }]);
      expect(fourth.answers).toEqual([]);
      expect(await submissionRows(ctx.db, gameId)).toHaveLength(2);
      // Another sender is not affected.
      expect((await handleInboundMail(limited, await orderMail(BOB, seatAddress(tokens.grey!), grey()))).outcome).toBe(
        'accepted',
      );
      ctx.clock.advanceBy(HOUR + 1000);
      expect(
        (await handleInboundMail(limited, await orderMail(ALICE, seatAddress(tokens.black!), black()))).outcome,
      ).toBe('accepted');
    });

    it("mail forging a player's From cannot use up the player's own allowance: verified mail is counted apart", async () => {
      const limited: InboundContext = { ...ctx, inbound: { ratePerHour: 2 } };
      const forged = [];
      for (let i = 0; i < 4; i++)
        forged.push((await handleInboundMail(limited, await orderMail(ALICE, PLAIN_ADDRESS, black()))).outcome);
      expect(forged).toEqual(['no-token', 'no-token', 'rate-limited', 'rate-limited']);
      const real = await handleInboundMail(limited, await orderMail(ALICE, seatAddress(tokens.black!), black()));
      expect(real.outcome).toBe('accepted');
      expect(real.detail).toMatchObject({ verified: true });
    });
  });

  describe('internal failures', () => {
    it('an internal error rolls everything back and rejects, so the receiver keeps the mail; after the last attempt the mail is recorded as failed', async () => {
      const raw = await orderMail(ALICE, seatAddress(tokens.black!), black(), { messageId: '<poison@client.test>' });
      let calls = 0;
      // A database whose transactions fail three times, as a broken deployment would.
      const flaky = new Proxy(ctx.db, {
        get(target, prop, receiver) {
          if (prop === 'transaction' && calls < 3) {
            return () => {
              calls += 1;
              return Promise.reject(new Error('connection reset'));
            };
          }
          return Reflect.get(target, prop, receiver) as unknown;
        },
      });
      const broken: InboundContext = { ...ctx, db: flaky, inbound: { attemptsBeforeGivingUp: 3 } };
      await expect(handleInboundMail(broken, raw)).rejects.toThrow('connection reset');
      await expect(handleInboundMail(broken, raw)).rejects.toThrow('connection reset');
      expect(await inboundRow(ctx.db, '<poison@client.test>')).toBeUndefined();
      const third = await handleInboundMail(broken, raw);
      expect(third.outcome).toBe('failed');
      expect(await inboundRow(ctx.db, '<poison@client.test>')).toMatchObject({
        outcome: 'failed',
        detail: expect.objectContaining({ error: 'connection reset' }),
      });
      expect(await submissionRows(ctx.db, gameId)).toEqual([]);
      expect(await answers(ctx.db)).toEqual([]);
      // Recorded: the next delivery of it is a duplicate.
      expect((await handleInboundMail(ctx, raw)).outcome).toBe('duplicate');
    });
  });

  it("the same orders through the web first, then by mail: both count, the mail replaces the web's", async () => {
    await submitOrders(ctx, { gameId, token: tokens.black!, text: duelOrders(gameId, 'black', 2), channel: 'web' });
    await handleInboundMail(
      ctx,
      await composeMail({
        from: ALICE,
        to: seatAddress(tokens.black!),
        subject: 'x',
        text: black(),
        messageId: newMessageId(),
      }),
    );
    const subs = await submissionRows(ctx.db, gameId);
    expect(subs.map((s) => [s.channel, s.supersededAt === null])).toEqual([
      ['web', false],
      ['mail', true],
    ]);
  });

  it('never answers an unverified sender: a forged From with a real game name gets nothing (no backscatter)', async () => {
    const r = await handleInboundMail(ctx, await orderMail(ALICE, PLAIN_ADDRESS, black()));
    expect(r.outcome).toBe('no-token');
    expect(await answers(ctx.db)).toEqual([]);
    expect(tokens.black).toBeTruthy();
  });
});
