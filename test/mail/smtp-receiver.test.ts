/**
 * The zero-setup SMTP receiver, for real: nodemailer sends over loopback to
 * the receiver on a free port (service.md "Mail": "For a zero-setup start the
 * service can also receive mail itself on an SMTP port"). 250 comes only
 * after the mail's effects are committed; 451 on an internal error, so the
 * sender keeps the mail and tries again.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { inboundMessages } from '../../src/db/schema.ts';
import type { InboundContext } from '../../src/mail/inbound.ts';
import { startMailReceivers } from '../../src/mail/receivers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../src/mail/smtp-receiver.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, answers, inboundRow, newMessageId, seatAddress, submissionRows } from './support.ts';

interface SmtpFailure {
  responseCode?: number;
  code?: string;
}

/** Speaks SMTP line by line, each command after the previous reply; returns every reply (the banner first). */
async function smtpDialogue(port: number, commands: readonly string[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    // A reply ends with a line "NNN text" (a space after the code, not a dash).
    for (let end = /^\d{3} [^\r\n]*\r\n/m.exec(buffer); end; end = /^\d{3} [^\r\n]*\r\n/m.exec(buffer)) {
      const upTo = end.index + end[0].length;
      replies.push(buffer.slice(0, upTo).trimEnd());
      buffer = buffer.slice(upTo);
      waiting?.();
    }
  });
  const next = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply after ${replies.join(' | ')}`)), 10_000);
      const check = () => {
        if (replies.length >= count) {
          clearTimeout(timer);
          waiting = null;
          resolve();
        }
      };
      waiting = check;
      check();
    });
  await next(1);
  for (const [i, command] of commands.entries()) {
    socket.write(`${command}\r\n`);
    if (command === 'QUIT') break;
    await next(i + 2);
  }
  socket.destroy();
  return replies;
}

describe('the SMTP receiver (zero-setup mail)', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let receiver: SmtpReceiver;
  let gameId: string;
  let token: string;
  /** When set, every database transaction fails: an outage. */
  let outage = false;

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const base = gamesContext(database);
    const db = new Proxy(base.db, {
      get(target, prop, receiverObject) {
        if (prop === 'transaction' && outage) return () => Promise.reject(new Error('database unavailable'));
        return Reflect.get(target, prop, receiverObject) as unknown;
      },
    });
    ctx = { ...base, db, inbound: { maxBytes: 64 * 1024, attemptsBeforeGivingUp: 100 } };
    receiver = await startSmtpReceiver(ctx, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await receiver?.stop();
    await database?.drop();
  });
  beforeEach(async () => {
    outage = false;
    const duel = await tutorialDuel(ctx, { id: `duel-${Math.random().toString(36).slice(2, 8)}` });
    gameId = duel.game.id;
    token = duel.tokens.black!;
  });
  afterEach(async () => {
    await ctx.db.delete(inboundMessages);
  });

  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: receiver.address.port, secure: false, ignoreTLS: true });

  it('listens where it says, and a mail sent to it is committed before the client hears 250', async () => {
    expect(receiver.address.port).toBeGreaterThan(0);
    const messageId = newMessageId();
    const info = await transport().sendMail({
      from: ALICE,
      to: seatAddress(token),
      subject: 'orders',
      text: duelOrders(gameId, 'black'),
      messageId,
    });
    expect(info.response).toMatch(/^250 .*accepted/);
    expect(await inboundRow(ctx.db, messageId)).toMatchObject({ outcome: 'accepted', gameId });
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
    expect((await answers(ctx.db)).filter((a) => a.gameId === gameId).map((a) => [a.kind, a.toAddress])).toEqual([
      ['accepted', ALICE],
    ]);
  });

  it("takes mail for the service's domain only", async () => {
    const error = (await transport()
      .sendMail({ from: ALICE, to: 'someone@elsewhere.test', subject: 'relay?', text: 'hello' })
      .catch((e: unknown) => e)) as SmtpFailure;
    expect(error.code).toBe('EENVELOPE');
    expect(error.responseCode).toBe(550);
  });

  it('hands the envelope on: a null sender (a bounce) is recorded and never answered', async () => {
    const messageId = newMessageId();
    const info = await transport().sendMail({
      envelope: { from: '', to: [seatAddress(token)] },
      from: ALICE,
      to: seatAddress(token),
      subject: 'bounce',
      text: duelOrders(gameId, 'black'),
      messageId,
    });
    expect(info.response).toMatch(/^250 /);
    expect(await inboundRow(ctx.db, messageId)).toMatchObject({
      outcome: 'ignored-auto',
      detail: expect.objectContaining({ reason: 'null-sender' }),
    });
    expect(await submissionRows(ctx.db, gameId)).toEqual([]);
  });

  it('an oversized mail is refused (552) and answered by mail with the limit', async () => {
    const messageId = newMessageId();
    const error = (await transport()
      .sendMail({ from: ALICE, to: seatAddress(token), subject: 'big', text: 'x'.repeat(200 * 1024), messageId })
      .catch((e: unknown) => e)) as SmtpFailure;
    expect(error.responseCode).toBe(552);
    expect(await inboundRow(ctx.db, messageId)).toMatchObject({ outcome: 'too-large' });
    const notice = (await answers(ctx.db)).filter((a) => a.toAddress === ALICE && a.subject.includes('too large'));
    expect(notice).toHaveLength(1);
    expect(await submissionRows(ctx.db, gameId)).toEqual([]);
  });

  it('a client that announces its size (MAIL FROM … SIZE=) over the limit is still answered by mail, and recorded', async () => {
    const messageId = newMessageId();
    const body = 'x'.repeat(200 * 1024);
    const mail = [
      `From: ${ALICE}`,
      `To: ${seatAddress(token)}`,
      'Subject: big',
      `Message-ID: ${messageId}`,
      'Date: Mon, 5 Jan 2026 12:30:00 +0000',
      '',
      body,
    ].join('\r\n');
    const replies = await smtpDialogue(receiver.address.port, [
      'EHLO client.test',
      `MAIL FROM:<${ALICE}> SIZE=${mail.length}`,
      `RCPT TO:<${seatAddress(token)}>`,
      'DATA',
      `${mail}\r\n.`,
      'QUIT',
    ]);
    // EHLO, MAIL FROM taken, RCPT TO taken, DATA, then 552 once the mail is read and answered.
    expect(replies.slice(2, 6).map((r) => r.slice(0, 3))).toEqual(['250', '250', '354', '552']);
    expect(replies[5]).toContain(`at most ${64 * 1024} bytes`);
    expect(await inboundRow(ctx.db, messageId)).toMatchObject({ outcome: 'too-large' });
    const notice = (await answers(ctx.db)).filter((a) => a.headers['In-Reply-To'] === messageId);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toContain('too large');
    expect(notice[0]!.textBody).toContain('64 KiB');
  });

  it('an internal error answers 451 with nothing stored; the same mail sent again later is applied once', async () => {
    const messageId = newMessageId();
    const mail = {
      from: ALICE,
      to: seatAddress(token),
      subject: 'orders',
      text: duelOrders(gameId, 'black'),
      messageId,
    };
    outage = true;
    const error = (await transport()
      .sendMail(mail)
      .catch((e: unknown) => e)) as SmtpFailure;
    expect(error.responseCode).toBe(451);
    outage = false;
    expect(await inboundRow(ctx.db, messageId)).toBeUndefined();
    expect(await submissionRows(ctx.db, gameId)).toEqual([]);
    await transport().sendMail(mail);
    const again = await transport().sendMail(mail);
    expect(again.response).toMatch(/duplicate/);
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
  });

  it('startMailReceivers: with no MAIL_IMAP_URL the SMTP receiver runs, with the configured limits', async () => {
    const config = loadConfig({ MAIL_RECEIVE_PORT: '0', MAIL_MAX_BYTES: '2048', MAIL_DOMAIN: 'pbem.test' });
    const receivers = await startMailReceivers(gamesContext(database), config);
    try {
      expect(receivers.kind).toBe('smtp');
      expect(receivers.smtpAddress).toMatchObject({ host: '127.0.0.1' });
      const error = (await nodemailer
        .createTransport({ host: '127.0.0.1', port: receivers.smtpAddress!.port, ignoreTLS: true })
        .sendMail({ from: ALICE, to: seatAddress(token), subject: 'big', text: 'x'.repeat(4096) })
        .catch((e: unknown) => e)) as SmtpFailure;
      expect(error.responseCode).toBe(552);
    } finally {
      await receivers.stop();
    }
  });

  it('stops: no more connections are taken', async () => {
    const other = await startSmtpReceiver(ctx, { host: '127.0.0.1', port: 0 });
    await other.stop();
    const error = (await nodemailer
      .createTransport({ host: '127.0.0.1', port: other.address.port, ignoreTLS: true, connectionTimeout: 2000 })
      .sendMail({ from: ALICE, to: seatAddress(token), text: 'x' })
      .catch((e: unknown) => e)) as SmtpFailure;
    expect(error.code).toMatch(/ECONNECTION|ESOCKET/);
  });
});
