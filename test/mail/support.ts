/**
 * Raw mails for the inbound tests, built the way mail clients build them
 * (nodemailer's MailComposer) or byte by byte where a client would never
 * write them, and a look at what the pipeline left behind: the inbound
 * record, the outbox, the submissions and the turns.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { and, asc, eq, gt } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import type { AppDatabase } from '../../src/db/client.ts';
import { games, inboundMessages, outbox, seats, submissions, turns } from '../../src/db/schema.ts';
import { TEST_MAIL_DOMAIN } from '../support/games.ts';

export const ALICE = `alice@${TEST_MAIL_DOMAIN}`;
export const BOB = `bob@${TEST_MAIL_DOMAIN}`;
export const MALLORY = 'mallory@evil.test';

/** The address a seat replies to: its token in the sub-address. */
export const seatAddress = (token: string) => `orders+${token}@${TEST_MAIL_DOMAIN}`;
export const PLAIN_ADDRESS = `orders@${TEST_MAIL_DOMAIN}`;

let serial = 0;
/** A fresh Message-ID. */
export const newMessageId = () => `<test.${Date.now()}.${++serial}@client.test>`;

/** A mail as a mail client sends it; `messageId` defaults to a fresh one. */
export async function composeMail(options: Mail.Options): Promise<Buffer> {
  const mail = new MailComposer({ messageId: newMessageId(), date: new Date('2026-01-05T12:30:00Z'), ...options });
  return mail.compile().build();
}

/** A mail's text as a client quotes it in a reply: every line behind "> ", a blank one as ">". */
export const quote = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => (l === '' ? '>' : `> ${l}`))
    .join('\n');

/** A plain-text order mail from `from` to `to`. */
export function orderMail(from: string, to: string, text: string, extra: Mail.Options = {}): Promise<Buffer> {
  return composeMail({ from, to, subject: 'Re: orders', text, ...extra });
}

/** A mail written by hand: header lines, a blank line, the body bytes as given. */
export function handMail(headers: readonly string[], body: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  ]);
}

export async function inboundRows(db: AppDatabase) {
  return db.select().from(inboundMessages).orderBy(asc(inboundMessages.receivedAt));
}

export async function inboundRow(db: AppDatabase, messageId: string) {
  const [row] = await db.select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId));
  return row;
}

/** Outgoing mail other than the reports queued when the game was created. */
export async function answers(db: AppDatabase) {
  const rows = await db.select().from(outbox).orderBy(asc(outbox.id));
  return rows.filter((r) => r.kind !== 'game-start');
}

export async function submissionRows(db: AppDatabase, gameId: string) {
  return db.select().from(submissions).where(eq(submissions.gameId, gameId)).orderBy(asc(submissions.id));
}

/** The game's turns as `number:status`, with `:due` for an open turn that has fallen due. */
export async function turnShape(db: AppDatabase, gameId: string): Promise<string[]> {
  // The turns of play: turn 0, the setup, settled before the first report, is left out.
  const rows = await db
    .select()
    .from(turns)
    .where(and(eq(turns.gameId, gameId), gt(turns.number, 0)))
    .orderBy(asc(turns.number));
  return rows.map((t) => `${t.number}:${t.status}${t.status === 'open' && t.dueAt ? ':due' : ''}`);
}

/** A snapshot of everything an order mail may change, to show that one did not. */
export async function gameSnapshot(db: AppDatabase, gameId: string) {
  const turnRows = await db.select().from(turns).where(eq(turns.gameId, gameId)).orderBy(asc(turns.number));
  const subs = await submissionRows(db, gameId);
  const game = await db.select().from(games).where(eq(games.id, gameId));
  const seatRows = await db.select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.side));
  return JSON.stringify({ turnRows, subs, game, seatRows });
}

export interface TcpRelay {
  readonly port: number;
  /** Every connection open now is cut, as a network failure would cut it. */
  cut(): void;
  /** The server behind is "down": open connections are cut and new ones refused at once, until `up`. */
  down(): void;
  up(): void;
  /** Connections taken so far (refused ones aside). */
  connections(): number;
  close(): Promise<void>;
}

/** A TCP relay to a server on 127.0.0.1:`port`, whose connections the test can cut or refuse. */
export function tcpRelay(port: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let total = 0;
  let isDown = false;
  const server: Server = createServer((client) => {
    if (isDown) {
      client.destroy();
      return;
    }
    total += 1;
    const upstream = connect({ host: '127.0.0.1', port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const cut = () => sockets.forEach((s) => s.destroy());
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        cut,
        down: () => {
          isDown = true;
          cut();
        },
        up: () => {
          isDown = false;
        },
        connections: () => total,
        close: () => {
          cut();
          return new Promise<void>((r) => server.close(() => r()));
        },
      }),
    ),
  );
}
