/**
 * The hostile mail suite (service.md "Who may do what": "Bad input of any kind
 * (a 20 MB mail, binary junk, wrong charset, a game that does not exist, an
 * order for someone else's ship) gets a clear reply or a logged rejection —
 * never a crash, never a lost or half-applied turn"). Each case asserts its
 * documented outcome (docs/mail.md): answered or not, to whom, what was
 * recorded, and that the game is exactly as it should be afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../src/db/schema.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import {
  ALICE,
  answers,
  BOB,
  composeMail,
  gameSnapshot,
  handMail,
  inboundRow,
  inboundRows,
  MALLORY,
  orderMail,
  PLAIN_ADDRESS,
  seatAddress,
  submissionRows,
  turnShape,
} from './support.ts';

describe.each(databaseKinds)('hostile mail on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let gameId: string;
  let tokens: Record<string, string>;
  let untouched: string;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx, { id: 'duel-1' });
    gameId = duel.game.id;
    tokens = duel.tokens;
    untouched = await gameSnapshot(ctx.db, gameId);
  });
  afterEach(async () => {
    await database.drop();
  });

  const black = () => duelOrders(gameId, 'black');
  const toBlack = () => seatAddress(tokens.black!);
  const sent = async () => (await answers(ctx.db)).map((m) => [m.kind, m.toAddress]);
  const gameUnchanged = async () => expect(await gameSnapshot(ctx.db, gameId)).toBe(untouched);

  describe('size', () => {
    it('a 20 MB mail: only its headers are read; a short answer to the sender; nothing applied', async () => {
      const body = Buffer.alloc(20 * 1024 * 1024, 'SHIP Black SPEED 3 MOVE 2R\r\n');
      const raw = handMail(
        [
          `From: ${ALICE}`,
          `To: ${toBlack()}`,
          'Subject: huge',
          'Message-ID: <huge@client.test>',
          'Content-Type: text/plain',
        ],
        body,
      );
      const started = Date.now();
      const r = await handleInboundMail(ctx, raw);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(r.outcome).toBe('too-large');
      expect(await sent()).toEqual([['notice', ALICE]]);
      const [answer] = await answers(ctx.db);
      expect(answer!.subject).toMatch(/too large/);
      expect(answer!.textBody).toContain('2048 KiB');
      expect(await inboundRow(ctx.db, '<huge@client.test>')).toMatchObject({
        outcome: 'too-large',
        detail: expect.objectContaining({ size: raw.length, body: 'none' }),
      });
      await gameUnchanged();
    });

    it('a 20 MB auto-reply is not answered at all', async () => {
      const raw = handMail(
        [`From: ${ALICE}`, `To: ${toBlack()}`, 'Auto-Submitted: auto-replied', 'Subject: huge'],
        Buffer.alloc(20 * 1024 * 1024, 'x'),
      );
      expect((await handleInboundMail(ctx, raw)).outcome).toBe('ignored-auto');
      expect(await sent()).toEqual([]);
    });
  });

  describe('bodies', () => {
    it('an attachment with no text: nothing applied, the answer says only the text of a mail is read', async () => {
      const raw = await composeMail({
        from: ALICE,
        to: toBlack(),
        subject: 'my orders',
        attachments: [{ filename: 'orders.pdf', content: randomBytes(4096), contentType: 'application/pdf' }],
      });
      const r = await handleInboundMail(ctx, raw);
      expect(r.outcome).toBe('empty');
      expect(r.detail.problems).toEqual(['EMPTY', 'ATTACHMENTS_NOT_READ', 'SUBJECT_NOT_READ']);
      expect(await sent()).toEqual([['rejected', ALICE]]);
      expect((await answers(ctx.db))[0]!.textBody).toMatch(/attachment/);
      await gameUnchanged();
    });

    it('invalid UTF-8 is read with the bad bytes replaced: orders around them still count', async () => {
      const body = Buffer.concat([
        Buffer.from(`${black().replace('\nEND', '')}\n# caf`),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00]),
        Buffer.from('\nEND\n'),
      ]);
      const raw = handMail(
        [
          `From: ${ALICE}`,
          `To: ${toBlack()}`,
          'Subject: bytes',
          'Message-ID: <utf8@client.test>',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
        ],
        body,
      );
      const r = await handleInboundMail(ctx, raw);
      expect(r.outcome).toBe('accepted');
      const [sub] = await submissionRows(ctx.db, gameId);
      expect(sub!.text).toContain('\uFFFD');
      expect(sub!.text).not.toContain('\u0000');
    });

    it('invalid UTF-8 inside an order line: rejected with that line, never a crash', async () => {
      const body = Buffer.concat([
        Buffer.from(`GAME ${gameId} TURN 1\nSHIP Bl`),
        Buffer.from([0xff]),
        Buffer.from('ck SPEED 3 MOVE 2R\nEND\n'),
      ]);
      const raw = handMail(
        [
          `From: ${ALICE}`,
          `To: ${toBlack()}`,
          'Subject: bytes',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
        ],
        body,
      );
      const r = await handleInboundMail(ctx, raw);
      expect(r.outcome).toBe('rejected');
      expect(r.detail.problems).toEqual([expect.stringMatching(/^2:/)]);
      expect(await sent()).toEqual([['rejected', ALICE]]);
      await gameUnchanged();
    });

    it('an ISO-8859-1 body: orders and a message with accents arrive intact', async () => {
      const text = `${black().replace('\nEND', '')}\nMESSAGE grey\nTrès bien, à bientôt.\nEND\n`;
      const raw = handMail(
        [
          `From: ${ALICE}`,
          `To: ${toBlack()}`,
          'Subject: latin',
          'Content-Type: text/plain; charset=ISO-8859-1',
          'Content-Transfer-Encoding: 8bit',
        ],
        Buffer.from(text, 'latin1'),
      );
      const r = await handleInboundMail(ctx, raw);
      expect(r.outcome).toBe('accepted');
      const relayed = (await answers(ctx.db)).find((m) => m.kind === 'message');
      expect(relayed!.toAddress).toBe(BOB);
      expect(relayed!.textBody).toContain('Très bien, à bientôt.');
    });

    it('a UTF-16 body (base64, with a byte-order mark) is read like any other', async () => {
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(black(), 'utf16le')]);
      const raw = handMail(
        [
          `From: ${ALICE}`,
          `To: ${toBlack()}`,
          'Subject: utf16',
          'Content-Type: text/plain; charset=UTF-16',
          'Content-Transfer-Encoding: base64',
        ],
        utf16.toString('base64').replace(/.{76}/g, '$&\r\n'),
      );
      expect((await handleInboundMail(ctx, raw)).outcome).toBe('accepted');
      expect((await submissionRows(ctx.db, gameId))[0]!.orders).toEqual({
        Black: { speed: 3, move: '2R', fire: ['Grey'], hold: false },
      });
    });

    it('HTML only: converted to text, the quoted report (a blockquote) skipped, the new orders taken', async () => {
      const html = [
        `<div dir="ltr">GAME ${gameId} TURN 1<br>SHIP Black SPEED 1 MOVE 1 HOLD<br>END</div>`,
        '<div class="gmail_quote">On Mon, 5 Jan 2026 at 12:00, MSC &lt;orders@pbem.test&gt; wrote:<br>',
        `<blockquote class="gmail_quote"><pre>GAME ${gameId} TURN 1\nSHIP Black SPEED 3 MOVE 3\nSHIP Grey SPEED 2 MOVE 2\nEND</pre></blockquote></div>`,
      ].join('');
      const r = await handleInboundMail(
        ctx,
        await composeMail({ from: ALICE, to: toBlack(), subject: 'Re: turn 1', html }),
      );
      expect(r.outcome).toBe('accepted');
      expect(r.detail).toMatchObject({ body: 'html' });
      expect((await submissionRows(ctx.db, gameId))[0]!.orders).toEqual({
        Black: { speed: 1, move: '1', fire: [], hold: true },
      });
    });

    it('10,000 lines of junk: rejected with a bounded list of problems, quickly; nothing applied', async () => {
      const junk = Array.from({ length: 10_000 }, (_, i) => `${randomBytes(12).toString('base64')} junk ${i}`).join(
        '\n',
      );
      const started = Date.now();
      const r = await handleInboundMail(ctx, await orderMail(ALICE, toBlack(), junk));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(r.outcome).toBe('rejected');
      // The orders language stops at 100 problems and says so; the record keeps the first 20 codes.
      expect(r.detail.problemCount).toBe(101);
      expect((r.detail.problems as string[]).length).toBe(20);
      expect(await sent()).toEqual([['rejected', ALICE]]);
      expect((await answers(ctx.db))[0]!.textBody).toContain('TOO_MANY_ERRORS');
      await gameUnchanged();
    });

    it('a subject-only mail: nothing to read; the answer says the subject is not read (without a token, nobody is answered)', async () => {
      const withToken = await handleInboundMail(
        ctx,
        await composeMail({ from: ALICE, to: toBlack(), subject: 'SHIP Black SPEED 3 MOVE 2R' }),
      );
      expect(withToken.outcome).toBe('empty');
      expect(withToken.detail.problems).toEqual(['EMPTY', 'SUBJECT_NOT_READ']);
      const withoutToken = await handleInboundMail(
        ctx,
        await composeMail({ from: ALICE, to: PLAIN_ADDRESS, subject: 'SHIP Black SPEED 3 MOVE 2R' }),
      );
      expect(withoutToken.outcome).toBe('no-token');
      expect(await sent()).toEqual([['rejected', ALICE]]);
      await gameUnchanged();
    });

    it('a reply that quotes the whole previous report above the new orders: only the new orders count', async () => {
      const [report] = await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, ALICE), eq(outbox.kind, 'game-start')));
      const quoted = report!.textBody
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
      const text = `On Mon, 5 Jan 2026 at 12:00, MSC <orders@pbem.test> wrote:\n${quoted}\n\n${duelOrders(gameId, 'black', 1)}\n\n-- \nAlice\n`;
      expect(quoted).toContain('> SHIP Black');
      const r = await handleInboundMail(ctx, await orderMail(ALICE, toBlack(), text));
      expect(r.outcome).toBe('accepted');
      expect((await submissionRows(ctx.db, gameId))[0]!.orders).toEqual({
        Black: { speed: 0, move: '0', fire: ['Grey'], hold: false },
      });
    });

    it('binary junk with no headers at all: recorded, nobody to answer, no crash', async () => {
      const r = await handleInboundMail(ctx, randomBytes(64 * 1024));
      expect(r.outcome).toBe('no-token');
      expect(await sent()).toEqual([]);
      expect(await inboundRow(ctx.db, r.messageId)).toMatchObject({ outcome: 'no-token', fromAddress: '' });
      await gameUnchanged();
    });
  });

  describe('Message-ID and duplicates', () => {
    it('no Message-ID: a synthetic one from the raw bytes, so the same mail delivered again is applied once', async () => {
      const raw = handMail(
        [`From: ${ALICE}`, `To: ${toBlack()}`, 'Subject: no id', 'Content-Type: text/plain'],
        black(),
      );
      const first = await handleInboundMail(ctx, raw);
      expect(first.outcome).toBe('accepted');
      expect(first.messageId).toMatch(/^<sha256\.[0-9a-f]{64}@inbound\.invalid>$/);
      expect(first.detail).toMatchObject({ messageIdMissing: true });
      const again = await handleInboundMail(ctx, raw);
      expect(again).toMatchObject({ outcome: 'duplicate', messageId: first.messageId, answers: [] });
      expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
      expect(await sent()).toEqual([['accepted', ALICE]]);
    });

    it('the same mail twice, even at the same moment: applied and answered once', async () => {
      const raw = await orderMail(ALICE, toBlack(), black(), { messageId: '<twice@client.test>' });
      const outcomes = await Promise.all([handleInboundMail(ctx, raw), handleInboundMail(ctx, raw)]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['accepted', 'duplicate']);
      expect((await handleInboundMail(ctx, raw)).outcome).toBe('duplicate');
      expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
      expect(await sent()).toEqual([['accepted', ALICE]]);
      expect((await inboundRows(ctx.db)).map((r) => r.outcome)).toEqual(['accepted']);
    });
    it('a second mail under a Message-ID already seen, with other text: not read, its (unverified) sender not answered, the first mail noted', async () => {
      const first = await orderMail(ALICE, toBlack(), black(), { messageId: '<reused@client.test>' });
      expect((await handleInboundMail(ctx, first)).outcome).toBe('accepted');
      const other = await orderMail(ALICE, toBlack(), `GAME ${gameId} TURN 1\nSHIP Black SPEED 1 MOVE 1\nEND`, {
        messageId: '<reused@client.test>',
        subject: 'new orders',
      });
      const r = await handleInboundMail(ctx, other);
      expect(r).toMatchObject({ outcome: 'duplicate', detail: { reusedId: true, told: false } });
      expect(await sent()).toEqual([['accepted', ALICE]]);
      // The orders of the first mail stand; the record of the first mail says its id came again.
      expect((await submissionRows(ctx.db, gameId)).map((s) => s.orders)).toEqual([
        { Black: { speed: 3, move: '2R', fire: ['Grey'], hold: false } },
      ]);
      expect((await inboundRow(ctx.db, '<reused@client.test>'))!.detail).toMatchObject({ reusedBy: 1 });
      // Told once: a third text under the same id is only noted.
      const third = await orderMail(ALICE, toBlack(), 'ORDERS', { messageId: '<reused@client.test>' });
      expect(await handleInboundMail(ctx, third)).toMatchObject({ detail: { reusedId: true, told: false } });
      expect(await sent()).toHaveLength(1);
      // The very same mail again is a plain duplicate, in silence.
      expect(await handleInboundMail(ctx, first)).toMatchObject({ outcome: 'duplicate', detail: {} });
    });

    it('a mail without a Message-ID given a new one by each relay on the way: the second delivery is still a duplicate', async () => {
      // What the sender wrote: no Message-ID, a Date.
      const written = [
        `From: ${ALICE}`,
        `To: ${toBlack()}`,
        'Subject: orders',
        'Date: Mon, 05 Jan 2026 12:30:00 +0000',
      ];
      const delivered = (relay: string, id: string) =>
        handMail(
          [
            `Received: from client.example (client.example [192.0.2.7]) by ${relay} (Postfix) with ESMTP id ${id}; Mon, 05 Jan 2026 12:30:01 +0000`,
            `Message-ID: <20260105123001.${id}@${relay}>`,
            ...written,
            'Content-Type: text/plain',
          ],
          black(),
        );
      const first = await handleInboundMail(ctx, delivered('mx1.example.net', 'AAAA'));
      expect(first.outcome).toBe('accepted');
      const second = await handleInboundMail(ctx, delivered('mx2.example.net', 'BBBB'));
      expect(second).toMatchObject({ outcome: 'duplicate', detail: { sameAs: first.messageId } });
      expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
      expect(await sent()).toEqual([['accepted', ALICE]]);
      // A mail program's own Message-ID is trusted: the same text sent twice by the player is two mails.
      const own = (id: string) =>
        handMail(
          [
            'Received: from client.example by mx1.example.net (Postfix); Mon, 05 Jan 2026 12:30:01 +0000',
            `Message-ID: <${id}@client.example>`,
            ...written,
            'Content-Type: text/plain',
          ],
          black(),
        );
      expect((await handleInboundMail(ctx, own('one'))).outcome).toBe('accepted');
      expect((await handleInboundMail(ctx, own('two'))).outcome).toBe('accepted');
    });
  });

  describe('who may order', () => {
    it('a forged From with no token: not applied, and nothing is mailed to the forged address (no backscatter)', async () => {
      const r = await handleInboundMail(ctx, await orderMail(ALICE, PLAIN_ADDRESS, black()));
      expect(r.outcome).toBe('no-token');
      expect(await sent()).toEqual([]);
      await gameUnchanged();
    });

    it("a valid token from the wrong address: not applied; the seat's registered address is told, the sender is not answered", async () => {
      const viaAddress = await handleInboundMail(
        ctx,
        await orderMail(MALLORY, toBlack(), black(), { subject: 'pwned' }),
      );
      const viaPassword = await handleInboundMail(
        ctx,
        await orderMail(MALLORY, PLAIN_ADDRESS, `PASSWORD ${tokens.black}\n${black()}`),
      );
      expect([viaAddress.outcome, viaPassword.outcome]).toEqual(['wrong-sender', 'wrong-sender']);
      expect(viaPassword.detail).toMatchObject({ token: 'password', sender: MALLORY });
      expect(await sent()).toEqual([
        ['notice', ALICE],
        ['notice', ALICE],
      ]);
      // The seat is told, in the service's words only: nothing of the forger's From or Subject.
      const [warning] = await answers(ctx.db);
      expect(warning!.textBody).not.toContain(MALLORY);
      expect(warning!.textBody).not.toContain('pwned');
      expect(warning!.subject).not.toContain('pwned');
      expect((await ctx.db.select().from(outbox).where(eq(outbox.toAddress, MALLORY))).length).toBe(0);
      await gameUnchanged();
    });

    it("forged mail with a seat's token: the seat is told a few times a day at most, counted in the database", async () => {
      const forged = async (n: number) =>
        handleInboundMail(ctx, await orderMail(`${n}.${MALLORY}`, toBlack(), black(), { subject: `spam ${n}` }));
      const outcomes = [];
      for (let n = 0; n < 6; n++) outcomes.push(await forged(n));
      expect(outcomes.map((r) => r.outcome)).toEqual(Array.from({ length: 6 }, () => 'wrong-sender'));
      expect(outcomes.map((r) => r.detail.notified)).toEqual([true, true, true, false, false, false]);
      expect(await sent()).toEqual([
        ['notice', ALICE],
        ['notice', ALICE],
        ['notice', ALICE],
      ]);
      // A day later the seat may be told again.
      ctx.clock.advanceBy(24 * 3_600_000 + 1);
      expect((await forged(7)).detail.notified).toBe(true);
      expect(await sent()).toHaveLength(4);
      await gameUnchanged();
    });

    it("orders for another seat's ships: rejected, listing the ship; nothing applied", async () => {
      const r = await handleInboundMail(
        ctx,
        await orderMail(ALICE, toBlack(), `GAME ${gameId} TURN 1\nSHIP Grey SPEED 1 MOVE 1\nEND`),
      );
      expect(r.outcome).toBe('rejected');
      expect(r.detail.problems).toEqual(['2:SHIP_NOT_YOURS']);
      expect(await sent()).toEqual([['rejected', ALICE]]);
      expect((await answers(ctx.db))[0]!.textBody).toContain('Grey');
      await gameUnchanged();
    });

    it('orders after the turn resolved: the resent mail is a duplicate, a new one naming the old turn is refused; turn 2 is untouched', async () => {
      const aliceMail = await orderMail(ALICE, toBlack(), black(), { messageId: '<turn1@client.test>' });
      await handleInboundMail(ctx, aliceMail);
      await handleInboundMail(ctx, await orderMail(BOB, seatAddress(tokens.grey!), duelOrders(gameId, 'grey')));
      expect(await resolveNextDueTurn(ctx, gameId)).not.toBeNull();
      expect(await turnShape(ctx.db, gameId)).toEqual(['1:resolved', '2:open']);
      const before = await gameSnapshot(ctx.db, gameId);

      expect((await handleInboundMail(ctx, aliceMail)).outcome).toBe('duplicate');
      const late = await handleInboundMail(ctx, await orderMail(ALICE, toBlack(), black()));
      expect(late.outcome).toBe('turn-over');
      expect(late.detail.problems).toEqual(expect.arrayContaining(['1:WRONG_TURN']));
      const answer = (await answers(ctx.db)).at(-1)!;
      expect([answer.kind, answer.toAddress]).toEqual(['rejected', ALICE]);
      expect(answer.textBody).toContain('TURN 1 is over');
      expect(await gameSnapshot(ctx.db, gameId)).toBe(before);
    });
  });

  describe('auto-replies and bounces are never answered', () => {
    it("an auto-responder answering the service's answer: ignored, so the two never write to each other again", async () => {
      await handleInboundMail(ctx, await orderMail(ALICE, toBlack(), black()));
      const vacation = await composeMail({
        from: ALICE,
        to: toBlack(),
        subject: 'Out of office: Re: [duel-1] Orders accepted for turn 1',
        text: 'I am away until Monday.\n\nSHIP Black SPEED 0 MOVE 0',
        headers: { 'Auto-Submitted': 'auto-replied' },
      });
      const r = await handleInboundMail(ctx, vacation);
      expect(r).toMatchObject({
        outcome: 'ignored-auto',
        answers: [],
        detail: expect.objectContaining({ reason: 'auto-submitted' }),
      });
      expect(await sent()).toEqual([['accepted', ALICE]]);
      expect((await submissionRows(ctx.db, gameId)).map((s) => s.orders)).toEqual([
        { Black: { speed: 3, move: '2R', fire: ['Grey'], hold: false } },
      ]);
    });

    const markers: Array<[string, string[], { from?: string } | undefined, string]> = [
      ['Auto-Submitted: auto-generated', ['Auto-Submitted: auto-generated'], undefined, 'auto-submitted'],
      ['a null envelope sender', [], { from: '' }, 'null-sender'],
      ['Return-Path: <>', ['Return-Path: <>'], undefined, 'null-sender'],
      ['From MAILER-DAEMON', [], undefined, 'mailer-daemon'],
      ['Precedence: bulk', ['Precedence: bulk'], undefined, 'precedence'],
      ['Precedence: junk', ['Precedence: junk'], undefined, 'precedence'],
      ['Precedence: list', ['Precedence: list'], undefined, 'precedence'],
      ['X-Autoreply', ['X-Autoreply: yes'], undefined, 'x-autoreply'],
      ['X-Autorespond', ['X-Autorespond: Thank you for your mail'], undefined, 'x-autorespond'],
      ['X-Auto-Response-Suppress', ['X-Auto-Response-Suppress: All'], undefined, 'x-auto-response-suppress'],
      [
        'a delivery report',
        ['Content-Type: multipart/report; report-type=delivery-status; boundary="b1"'],
        undefined,
        'delivery-report',
      ],
      ["the service's own address", [], undefined, 'own-address'],
    ];
    it.each(markers)('%s: recorded, not applied, not answered', async (name, headers, envelope, reason) => {
      const from =
        name === 'From MAILER-DAEMON'
          ? 'MAILER-DAEMON@mx.pbem.test'
          : name.includes('own address')
            ? 'MSC <orders@pbem.test>'
            : ALICE;
      const report = headers.some((h) => h.includes('multipart/report'));
      const body = report
        ? `--b1\r\nContent-Type: text/plain\r\n\r\n${black()}\r\n--b1\r\nContent-Type: message/delivery-status\r\n\r\nStatus: 5.1.1\r\n--b1--\r\n`
        : black();
      const raw = handMail(
        [
          `From: ${from}`,
          `To: ${toBlack()}`,
          'Subject: Re: orders',
          'Message-ID: <auto@client.test>',
          ...headers,
          ...(report ? [] : ['Content-Type: text/plain']),
        ],
        body,
      );
      const r = await handleInboundMail(ctx, raw, envelope);
      expect(r).toMatchObject({ outcome: 'ignored-auto', answers: [], detail: expect.objectContaining({ reason }) });
      expect(await inboundRow(ctx.db, '<auto@client.test>')).toMatchObject({ outcome: 'ignored-auto' });
      expect(await sent()).toEqual([]);
      await gameUnchanged();
    });

    it("Auto-Submitted: no is a person's mail like any other", async () => {
      const r = await handleInboundMail(
        ctx,
        await orderMail(ALICE, toBlack(), black(), { headers: { 'Auto-Submitted': 'no' } }),
      );
      expect(r.outcome).toBe('accepted');
    });
  });
});
