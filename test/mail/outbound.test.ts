/**
 * The outbox sender, on PGlite and PostgreSQL: "The outbox is sent with
 * nodemailer over SMTP, with retries and exponential backoff; a permanent
 * failure is recorded and visible to moderators. A game's mails thread
 * together (Message-ID, In-Reply-To, References)." SMTP runs against a real
 * SMTP server on loopback (the smtp-server package), the clock is the test's.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { createDuels, gamesContext, TEST_MAIL_DOMAIN, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { outbox, seats, type OutboxMessage } from '../../src/db/schema.ts';
import { queueAnswer, threadId } from '../../src/games/turns/messages.ts';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { moderatorGameView } from '../../src/games/games/views.ts';
import { composeAccepted, composeNotice } from '../../src/mail/compose.ts';
import { listMailbox } from '../../src/mail/mailbox.ts';
import {
  backoffMs,
  classifySendError,
  mailboxDriver,
  OutboxSender,
  outboxSenderFor,
  releaseStrandedMail,
  smtpDriver,
  type MailDriver,
} from '../../src/mail/outbound.ts';
import { createOutboxRepository } from '../../src/games/outbox/outbox.repository.ts';
import { createGame } from '../../src/games/games/create.ts';
import { SMTP_PORT } from '../e2e/support.ts';
import { bounceAddress } from '../../src/games/service-key.ts';

const FROM = `Minimal Space Combat <orders@${TEST_MAIL_DOMAIN}>`;
const ALICE = `alice@${TEST_MAIL_DOMAIN}`;
const BOB = `bob@${TEST_MAIL_DOMAIN}`;

/** An SMTP error as a server callback gives it: the reply code and text. */
const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

interface TestSmtp {
  readonly url: string;
  /** Every mail the server accepted, parsed, in the order accepted. */
  readonly received: ParsedMail[];
  /** The envelope sender (MAIL FROM) of each, in the same order. */
  readonly senders: string[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback; `rcpt` and `data` may refuse a recipient or a mail (the nth DATA, from 1). */
async function smtpServer(
  behaviour: { rcpt?: (address: string) => Error | null; data?: (n: number) => Error | null } = {},
): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const senders: string[] = [];
  let dataCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(behaviour.rcpt?.(address.address) ?? null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        dataCount += 1;
        const refusal = behaviour.data?.(dataCount) ?? null;
        if (refusal) return callback(refusal);
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            senders.push(session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
            callback(null);
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    senders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const refs = (mail: ParsedMail) =>
  Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];

describe('backoff and failure classes', () => {
  it('waits 30 s after the first failure, doubling to an hour at most, spread ±20 % by the jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffMs(n, 0.5))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(1, 0)).toBe(24_000);
    expect(backoffMs(1, 0.999999)).toBe(36_000);
    expect(backoffMs(12, 0.999999)).toBe(3_600_000);
  });

  it('a 5xx answer to the mail is permanent; 4xx, 503, lost connections and a refused login are worth another try', () => {
    expect(classifySendError({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 no such user' })).toEqual({
      permanent: true,
      message: '550 5.1.1 no such user',
    });
    expect(classifySendError({ code: 'EMESSAGE', responseCode: 451, response: '451 try again later' }).permanent).toBe(
      false,
    );
    expect(classifySendError({ code: 'EPROTOCOL', responseCode: 503, response: '503 bad sequence' }).permanent).toBe(
      false,
    );
    expect(classifySendError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:1' }).permanent).toBe(
      false,
    );
    expect(classifySendError({ code: 'EAUTH', responseCode: 535, response: '535 bad credentials' }).permanent).toBe(
      false,
    );
    expect(classifySendError({ code: 'EENVELOPE', message: 'No recipients defined' }).permanent).toBe(true);
  });
});

describe.each(databaseKinds)('the outbox sender on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  const cleanups: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database.drop();
  });

  const sender = (
    driver: MailDriver,
    options: { maxAttempts?: number; batchSize?: number; pollMs?: number; sendDeadlineMs?: number } = {},
    listen = false,
  ) => {
    const s = new OutboxSender(ctx, listen ? database : null, {
      driver,
      from: FROM,
      maxAttempts: options.maxAttempts ?? 8,
      jitter: () => 0.5,
      ...options,
    });
    cleanups.push(() => s.stop());
    return s;
  };
  const server = async (behaviour?: Parameters<typeof smtpServer>[0]) => {
    const s = await smtpServer(behaviour);
    cleanups.push(() => s.close());
    return s;
  };
  const rows = (): Promise<OutboxMessage[]> => ctx.db.select().from(outbox).orderBy(asc(outbox.id));

  it('mailbox driver: every due mail is delivered to the local mailbox, listed newest first; nothing leaves the machine', async () => {
    const { game, tokens } = await tutorialDuel(ctx);
    const s = sender(mailboxDriver());
    expect(s.driver).toBe('mailbox');
    expect(await s.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    for (const row of await rows())
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: ctx.clock.now() });

    ctx.clock.advanceBy(60_000);
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R',
      channel: 'api',
    });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1',
      channel: 'api',
    });
    await resolveNextDueTurn(ctx);
    expect((await listMailbox(ctx, { limit: 10 })).mail.map((m) => m.kind)).toEqual(['game-start', 'game-start']);
    expect(await s.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });

    const { mail: alice } = await listMailbox(ctx, { to: 'Alice@PBEM.test', limit: 10 });
    expect(alice.map((m) => [m.kind, m.to])).toEqual([
      ['turn-report', ALICE],
      ['game-start', ALICE],
    ]);
    expect(alice[0]!.text).toContain('What happened in turn 1');
    expect(alice[0]!.html).toContain('<pre');
    expect(alice[0]!.headers['Reply-To']).toBe(`orders+${tokens.black}@${TEST_MAIL_DOMAIN}`);
    expect((await listMailbox(ctx, { limit: 3 })).mail).toHaveLength(3);
  });

  it('wakes on the outbox notification rather than waiting for its next poll', async () => {
    const s = sender(mailboxDriver(), { pollMs: 3_600_000 }, true);
    await s.start();
    await tutorialDuel(ctx);
    for (let i = 0; i < 100 && (await rows()).some((r) => r.status !== 'sent'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('SMTP: sends each mail to a real server with From, Reply-To, the thread headers, Auto-Submitted and both parts', async () => {
    const smtp = await server();
    const { game, tokens } = await tutorialDuel(ctx);
    const s = sender(smtpDriver(smtp.url));
    expect(await s.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const stored = await rows();
    expect(stored.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(smtp.received).toHaveLength(2);
    for (const mail of smtp.received) {
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null;
      const row = stored.find((r) => r.toAddress === to)!;
      const side = to === ALICE ? 'black' : 'grey';
      expect(mail.from?.text).toBe(`"Minimal Space Combat" <orders@${TEST_MAIL_DOMAIN}>`);
      expect(mail.subject).toBe(`[${game.id}] Turn 1: the game begins`);
      expect(mail.messageId).toBe(row.headers['Message-ID']);
      expect(mail.messageId).toMatch(
        new RegExp(`^<game-start\\.${game.id}\\.1\\.${side}\\.[0-9a-f]{16}@${TEST_MAIL_DOMAIN}>$`),
      );
      expect(mail.inReplyTo).toBe(threadId(game.id, TEST_MAIL_DOMAIN));
      expect(refs(mail)).toEqual([threadId(game.id, TEST_MAIL_DOMAIN)]);
      expect(mail.replyTo?.value[0]?.address).toBe(`orders+${tokens[side]}@${TEST_MAIL_DOMAIN}`);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.text).toContain(game.seedCommitment);
      expect(mail.text).toContain(`SHIP ${side === 'black' ? 'Black' : 'Grey'} SPEED`);
      expect(mail.html).toContain(game.seedCommitment);
      // Its bounces come back to an address that names its row, with a tag only the service can make (VERP).
      expect(smtp.senders[smtp.received.indexOf(mail)]).toBe(bounceAddress(ctx.serviceKey, TEST_MAIL_DOMAIN, row.id));
    }
    expect(smtp.senders[0]).toMatch(new RegExp(`^orders\\+bounce\\.\\d+\\.[0-9a-f]{32}@${TEST_MAIL_DOMAIN}$`));
  });

  it('SMTP: a turn report with the seat’s JSON attached goes with it as application/json', async () => {
    const smtp = await server();
    const { game } = await tutorialDuel(ctx);
    await ctx.db
      .update(outbox)
      .set({
        attachments: [
          { filename: `${game.id}-turn-1-black.json`, contentType: 'application/json', content: '{"role":"seat"}\n' },
        ],
      })
      .where(eq(outbox.toAddress, ALICE));
    expect(await sender(smtpDriver(smtp.url)).drain()).toMatchObject({ sent: 2 });
    const alice = smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]!.address === ALICE)!;
    expect(alice.attachments.map((a) => [a.filename, a.contentType, a.content.toString('utf8')])).toEqual([
      [`${game.id}-turn-1-black.json`, 'application/json', '{"role":"seat"}\n'],
    ]);
    expect(alice.text).toContain(game.seedCommitment);
  });

  it('SMTP 451 then 250: the mail waits 30 s by the injected clock, then goes on the second attempt', async () => {
    const smtp = await server({
      data: (n) => (n === 1 ? smtpError(451, 'Requested action aborted: try again later') : null),
    });
    await tutorialDuel(ctx);
    const s = sender(smtpDriver(smtp.url));
    const t0 = ctx.clock.now().getTime();
    expect(await s.drain()).toEqual({ sent: 1, retrying: 1, failed: 0 });
    const waiting = (await rows()).find((r) => r.status === 'pending')!;
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toContain('451');
    expect(waiting.nextAttemptAt.getTime() - t0).toBe(30_000);

    expect(await s.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    ctx.clock.advanceBy(29_999);
    expect(await s.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    ctx.clock.advanceBy(1);
    expect(await s.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [after] = await ctx.db.select().from(outbox).where(eq(outbox.id, waiting.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2, lastError: null, sentAt: new Date(t0 + 30_000) });
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual(
      (await rows()).map((r) => r.headers['Message-ID']).sort(),
    );
  });

  it('a server that keeps answering 451: the waits double, and after MAIL_MAX_ATTEMPTS the mail is failed with its last error', async () => {
    const smtp = await server({ data: () => smtpError(451, 'Mailbox busy') });
    await tutorialDuel(ctx);
    const s = sender(smtpDriver(smtp.url), { maxAttempts: 3 });
    const waits: number[] = [];
    for (const expected of [{ retrying: 2 }, { retrying: 2 }, { failed: 2 }]) {
      const now = ctx.clock.now().getTime();
      expect(await s.drain()).toEqual({ sent: 0, retrying: 0, failed: 0, ...expected });
      const next = (await rows())[0]!;
      if (next.status === 'pending') {
        waits.push(next.nextAttemptAt.getTime() - now);
        ctx.clock.set(next.nextAttemptAt);
      }
    }
    expect(waits).toEqual([30_000, 60_000]);
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
      expect(row.lastError).toMatch(/451.*Mailbox busy.*gave up after 3 attempts/);
    }
    ctx.clock.advanceBy(24 * 3_600_000);
    expect(await s.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("SMTP 550: a permanent failure at once, recorded in last_error and shown in the moderator's view of the outbox", async () => {
    const smtp = await server({ rcpt: (address) => (address === BOB ? smtpError(550, 'No such user here') : null) });
    const { game, moderatorToken } = await tutorialDuel(ctx);
    const s = sender(smtpDriver(smtp.url));
    expect(await s.drain()).toEqual({ sent: 1, retrying: 0, failed: 1 });
    const view = await moderatorGameView(ctx, { gameId: game.id, key: moderatorToken });
    const bob = view.outbox.find((m) => m.to === BOB)!;
    expect(bob).toMatchObject({ kind: 'game-start', status: 'failed', attempts: 1, sentAt: null });
    expect(bob.lastError).toMatch(/^550 .*No such user here/);
    expect(view.outbox.find((m) => m.to === ALICE)).toMatchObject({ status: 'sent', lastError: null });
    ctx.clock.advanceBy(3_600_000);
    expect(await s.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual([ALICE]);
    // The refused address is Bob's seat's: marked as a bounce marks it, his reports stay on the web.
    const marked = await ctx.db.select().from(seats).where(eq(seats.gameId, game.id)).orderBy(asc(seats.side));
    expect(marked.map((x) => [x.side, x.bounceReason])).toEqual([
      ['black', null],
      ['grey', expect.stringMatching(/^550 .*No such user here/) as unknown],
    ]);
  });

  it('the real OpenSMTPD refuses an address it has no mailbox for: the seat is marked, its mail not tried again', async () => {
    const created = await createGame(ctx, {
      id: 'nobody-home',
      name: 'Nobody home',
      scenario: 'tutorial-duel',
      seats: [
        { side: 'black', email: `nobody-${randomUUID().slice(0, 8)}@${TEST_MAIL_DOMAIN}`, name: 'Dave' },
        { side: 'grey', email: `nobody-${randomUUID().slice(0, 8)}@${TEST_MAIL_DOMAIN}`, name: 'Erin' },
      ],
    });
    const s = sender(smtpDriver(`smtp://127.0.0.1:${SMTP_PORT}`));
    expect(await s.drain()).toEqual({ sent: 0, retrying: 0, failed: 2 });
    const marked = await ctx.db.select().from(seats).where(eq(seats.gameId, created.game.id));
    for (const seat of marked) {
      expect(seat.bouncedAt, seat.side).not.toBeNull();
      expect(seat.bounceReason, seat.side).toMatch(/^5\d\d /);
    }
  });

  it("a game's mails thread under its root; an answer also refers to the mail it answers and never hands a token to another address", async () => {
    const smtp = await server();
    const { game, tokens, moderatorToken } = await tutorialDuel(ctx);
    const root = threadId(game.id, TEST_MAIL_DOMAIN);
    const [alice] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, game.id), eq(seats.side, 'black')));
    const accepted = composeAccepted({
      game,
      turn: 1,
      side: 'black',
      canonical: `GAME ${game.id} TURN 1\nSHIP Black SPEED 3 MOVE 2R\nEND\n`,
      deadline: null,
      timeZone: 'UTC',
      commands: [],
    });
    await ctx.db.transaction(async (tx) => {
      await queueAnswer(ctx, tx, {
        to: ALICE,
        gameId: game.id,
        kind: 'accepted',
        composed: accepted,
        inReplyTo: '<orders.1@client.test>',
        seat: alice!,
      });
      // The seat's token, but a sender that is not the seat's address: the answer carries no Reply-To.
      await queueAnswer(ctx, tx, {
        to: 'mallory@evil.test',
        gameId: game.id,
        kind: 'notice',
        composed: composeNotice({ subject: 'Not from your address', paragraphs: ['No.'] }),
        inReplyTo: 'forged.2@evil.test',
        seat: alice!,
      });
      await queueAnswer(ctx, tx, {
        to: 'stranger@else.test',
        gameId: 'no-such-game',
        kind: 'notice',
        composed: composeNotice({ subject: 'Unknown game', paragraphs: ['No such game.'] }),
        inReplyTo: null,
      });
    });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R',
      channel: 'api',
    });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1',
      channel: 'api',
    });
    await resolveNextDueTurn(ctx);
    await endGame(ctx, { gameId: game.id, key: moderatorToken }, 'abandon');
    const s = sender(smtpDriver(smtp.url), { batchSize: 3 });
    expect(await s.drain()).toMatchObject({ sent: 9, failed: 0 });

    const byKind = (k: string) => smtp.received.filter((m) => m.messageId?.startsWith(`<${k}.`));
    const gameMail = smtp.received.filter((m) => !m.messageId?.includes('.service.'));
    expect(gameMail.map((m) => m.messageId!.split('.')[0]).sort()).toEqual([
      '<accepted',
      '<game-end',
      '<game-end',
      '<game-start',
      '<game-start',
      '<notice',
      '<turn-report',
      '<turn-report',
    ]);
    for (const mail of gameMail) expect(refs(mail)[0]).toBe(root);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(9);

    for (const mail of [...byKind('game-start'), ...byKind('turn-report'), ...byKind('game-end')]) {
      expect(mail.inReplyTo).toBe(root);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      expect(mail.replyTo?.text).toBe(`orders+${to === ALICE ? tokens.black : tokens.grey}@${TEST_MAIL_DOMAIN}`);
    }
    const [answer] = byKind('accepted');
    expect(answer!.inReplyTo).toBe('<orders.1@client.test>');
    expect(refs(answer!)).toEqual([root, '<orders.1@client.test>']);
    expect(answer!.headers.get('auto-submitted')).toBe('auto-replied');
    expect(answer!.replyTo?.text).toBe(`orders+${tokens.black}@${TEST_MAIL_DOMAIN}`);

    const [toMallory] = smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'mallory@evil.test');
    expect(toMallory!.replyTo).toBeUndefined();
    expect(toMallory!.inReplyTo).toBe('<forged.2@evil.test>');
    expect(JSON.stringify(toMallory!.headerLines)).not.toContain(tokens.black!);
    const [stranger] = smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'stranger@else.test');
    expect(stranger!.messageId).toMatch(/^<notice\.service\.sender\.[0-9a-f]{16}@pbem\.test>$/);
    expect(stranger!.inReplyTo).toBeUndefined();
    // It answers no mail of its own (no In-Reply-To): generated, not a reply — to be left unanswered all the same.
    expect(stranger!.headers.get('auto-submitted')).toBe('auto-generated');
    expect((await rows()).find((r) => r.toAddress === 'stranger@else.test')!.gameId).toBeNull();
  });

  it('two senders on one database never send the same mail twice (FOR UPDATE SKIP LOCKED)', async () => {
    const smtp = await server();
    await createDuels(ctx, 10);
    const a = sender(smtpDriver(smtp.url), { batchSize: 3 });
    const b = sender(smtpDriver(smtp.url), { batchSize: 3 });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra.sent + rb.sent).toBe(20);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  /** A driver whose sends hang until the test lets them end. */
  function stallingDriver() {
    const waiting: Array<{ to: string; finish: () => void }> = [];
    let arrived: () => void = () => undefined;
    const driver: MailDriver = {
      kind: 'smtp',
      send: (mail) =>
        new Promise<void>((resolve) => {
          waiting.push({ to: mail.to, finish: resolve });
          arrived();
        }),
      close: async () => undefined,
    };
    const inFlight = (n: number) =>
      new Promise<void>((resolve) => {
        arrived = () => waiting.length >= n && resolve();
        arrived();
      });
    return { driver, waiting, inFlight };
  }

  it("a row in flight is nobody else's until its send deadline and a margin have passed; each row is marked as its own send ends", async () => {
    await tutorialDuel(ctx);
    const stalled = stallingDriver();
    const a = sender(stalled.driver, { sendDeadlineMs: 60_000 });
    const passA = a.sendDue();
    await stalled.inFlight(2);
    // One of the two is accepted by the server: it is marked sent at once, not when the batch ends.
    stalled.waiting[0]!.finish();
    await expect.poll(async () => (await rows()).filter((r) => r.status === 'sent').length).toBe(1);

    const b = sender(mailboxDriver());
    expect(await b.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    ctx.clock.advanceBy(60_000 + 30_000 - 1);
    expect(await b.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    ctx.clock.advanceBy(1);
    // The sender holding it is presumed dead: the one mail in flight goes again, and only that one.
    expect(await b.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    stalled.waiting[1]!.finish();
    await passA;
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a send that outlasts its deadline is given up and tried again later, like a server that said 451', async () => {
    await tutorialDuel(ctx);
    const stalled = stallingDriver();
    const s = sender(stalled.driver, { sendDeadlineMs: 20 });
    expect(await s.sendDue()).toEqual({ sent: 0, retrying: 2, failed: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toBe('the mail server did not finish within 20 ms');
      expect(row.nextAttemptAt.getTime()).toBe(ctx.clock.now().getTime() + 30_000);
    }
    // A late end changes nothing.
    for (const w of stalled.waiting) w.finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await rows()).every((r) => r.status === 'pending')).toBe(true);
  });

  it('what a start on PGlite runs first: the mail a dead sender left leased is due at once', async () => {
    await tutorialDuel(ctx);
    // A sender claimed both mails and died before sending them.
    const leased = await createOutboxRepository(ctx.db).claimDue(
      ctx.clock.now(),
      10,
      new Date(ctx.clock.now().getTime() + 180_000),
    );
    expect(leased).toHaveLength(2);
    expect(await sender(mailboxDriver()).sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await releaseStrandedMail(ctx)).toBe(2);
    expect(await sender(mailboxDriver()).drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await releaseStrandedMail(ctx)).toBe(0);
  });
});

/** PGlite's sender alone: its one connection sends one mail at a time (PostgreSQL's sends a batch at once). */
describe('the outbox sender on PGlite', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  const cleanups: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    database = await freshDatabase('pglite');
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database.drop();
  });
  const rows = (): Promise<OutboxMessage[]> => ctx.db.select().from(outbox).orderBy(asc(outbox.id));

  it('on PGlite each mail is marked sent before the next one goes, so a kill -9 repeats at most the mail in flight', async () => {
    await createDuels(ctx, 3);
    // At each MAIL FROM, how many rows the database already holds as sent.
    const markedBefore: number[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        rows().then(
          (r) => {
            markedBefore.push(r.filter((m) => m.status === 'sent').length);
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback(null));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;
    const s = outboxSenderFor(
      { mailSmtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM, mailMaxAttempts: 3, pollIntervalMs: 60_000 },
      ctx,
      database,
    );
    cleanups.push(() => s.stop());
    const due = (await rows()).length;
    expect(due).toBeGreaterThanOrEqual(4);
    expect(await s.drain()).toEqual({ sent: due, retrying: 0, failed: 0 });
    expect(markedBefore).toEqual(Array.from({ length: due }, (_, i) => i));
  });
});
