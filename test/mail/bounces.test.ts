/**
 * Bounces matched to the mail and the seat they answer (games/outbox/bounces.ts, mail/bounces.ts). Real bounce texts
 * (test/mail/bounces/*.eml: Postfix's DSN, the RFC 3464 example, qmail's and Exim's notices) go through the inbound
 * pipeline addressed to the service's mail as it left: its envelope sender names its outbox row with a tag only the
 * service can make (VERP), and a DSN returns its Message-ID. A permanent failure marks the seat — its turn reports
 * stay on the web, none is mailed — until its player writes in from the address; a transient one only counts; a
 * forged bounce marks nothing.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, outbox, type OutboxMessage } from '../../src/db/schema.ts';
import { bounceAddress } from '../../src/games/service-key.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import {
  duelOrders,
  gamesContext,
  seatRow,
  TEST_MAIL_DOMAIN,
  tutorialDuel,
  type TestGamesContext,
} from '../support/games.ts';
import { ALICE, BOB, orderMail, PLAIN_ADDRESS, seatAddress } from './support.ts';

const fixture = (name: string) => readFileSync(new URL(`./bounces/${name}.eml`, import.meta.url), 'utf8');

describe.each(databaseKinds)('bounces matched to seats, on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  const seatOf = (gameId: string, side: string) => seatRow(ctx.db, gameId, side);
  const lastMailTo = async (address: string): Promise<OutboxMessage> =>
    (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(asc(outbox.id))).at(-1)!;
  const kindsTo = async (address: string) =>
    (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(asc(outbox.id))).map(
      (m) => m.kind,
    );

  /** A bounce text of `name`, for the mail `row`, come back to `to` (its bounce address, unless said otherwise). */
  function bounceOf(name: string, row: OutboxMessage, to = bounceAddress(ctx.serviceKey, TEST_MAIL_DOMAIN, row.id)) {
    const text = fixture(name)
      .replaceAll('ORDERS_ADDRESS', to)
      .replaceAll('RECIPIENT', row.toAddress)
      .replaceAll('MESSAGE_ID', row.headers['Message-ID']!)
      .replaceAll('[GAME]', `[${row.gameId}]`);
    return { raw: Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8'), envelope: { from: '', to: [to] } };
  }
  const receive = (b: ReturnType<typeof bounceOf>) => handleInboundMail(ctx, b.raw, b.envelope);

  it('a Postfix DSN to the mail’s bounce address marks the seat: no report is mailed to it until its player writes in', async () => {
    const { game, tokens } = await tutorialDuel(ctx, { id: 'bounce-pf' });
    const mail = async (from: string, side: string, text: string) =>
      (await handleInboundMail(ctx, await orderMail(from, seatAddress(tokens[side]!), text))).outcome;
    expect(await mail(ALICE, 'black', duelOrders(game.id, 'black'))).toBe('accepted');
    const answered = await lastMailTo(ALICE);

    const r = await receive(bounceOf('postfix-dsn', answered));
    expect(r).toMatchObject({ outcome: 'bounce', gameId: game.id, side: 'black', answers: [] });
    expect(r.detail).toMatchObject({ outboxId: answered.id, permanent: true, sides: ['black'] });
    const black = await seatOf(game.id, 'black');
    expect(black.bouncedAt).not.toBeNull();
    expect(black.bounceReason).toContain('550 5.1.1');
    expect((await seatOf(game.id, 'grey')).bouncedAt).toBeNull();
    expect((await lastMailTo(ALICE)).lastError).toMatch(/^bounced: 550 5\.1\.1/);
    const [logged] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'mail-bounced'));
    expect(logged).toMatchObject({ gameId: game.id, details: { sides: ['black'] } });

    // Turn 1 resolves: Bob is mailed turn 2's report; Alice's stays on the web.
    await ctx.db.delete(outbox);
    expect(await mail(BOB, 'grey', duelOrders(game.id, 'grey'))).toBe('accepted');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: game.id, turn: 1 });
    expect(await kindsTo(BOB)).toEqual(['accepted', 'turn-report']);
    expect(await kindsTo(ALICE)).toEqual([]);

    // Alice writes in from her address: it works again, and the next report comes by mail.
    expect(await mail(ALICE, 'black', `GAME ${game.id} TURN 2\nHOLD\nEND`)).toBe('accepted');
    expect((await seatOf(game.id, 'black')).bouncedAt).toBeNull();
    expect(await mail(BOB, 'grey', `GAME ${game.id} TURN 2\nHOLD\nEND`)).toBe('accepted');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: game.id, turn: 2 });
    expect(await kindsTo(ALICE)).toEqual(['accepted', 'turn-report']);
  });

  it('qmail’s and Exim’s notices, which are no DSN, are matched by the address they came back to', async () => {
    for (const name of ['qmail', 'exim']) {
      const { game } = await tutorialDuel(ctx, { id: `bounce-${name}` });
      const invite = (await ctx.db.select().from(outbox).where(eq(outbox.gameId, game.id))).find(
        (m) => m.toAddress === ALICE,
      )!;
      const r = await receive(bounceOf(name, invite));
      expect(r, name).toMatchObject({ outcome: 'bounce', gameId: game.id, side: 'black' });
      expect((await seatOf(game.id, 'black')).bounceReason, name).toMatch(/5\.1\.1/);
    }
  });

  it('the RFC 3464 example, come back to the plain address, is matched by the returned Message-ID; 4.x.x only counts', async () => {
    const { game } = await tutorialDuel(ctx, { id: 'bounce-3464' });
    const invite = (await ctx.db.select().from(outbox).where(eq(outbox.gameId, game.id))).find(
      (m) => m.toAddress === ALICE,
    )!;
    const r = await receive(bounceOf('rfc3464-example', invite, PLAIN_ADDRESS));
    expect(r).toMatchObject({ outcome: 'bounce', detail: { outboxId: invite.id, permanent: false } });
    const black = await seatOf(game.id, 'black');
    expect(black.bouncedAt).toBeNull();
    expect(black.softBounces).toBe(1);
    // Postfix's "delayed" report: transient too.
    expect(await receive(bounceOf('postfix-delayed', invite))).toMatchObject({ detail: { permanent: false } });
    expect((await seatOf(game.id, 'black')).softBounces).toBe(2);
  });

  it('a forged bounce marks nothing: a wrong tag, another row’s tag, a Message-ID that is not the service’s', async () => {
    const { game } = await tutorialDuel(ctx, { id: 'bounce-forged' });
    const invite = (await ctx.db.select().from(outbox).where(eq(outbox.gameId, game.id))).find(
      (m) => m.toAddress === ALICE,
    )!;
    const real = bounceAddress(ctx.serviceKey, TEST_MAIL_DOMAIN, invite.id);
    const forgedTag = real.replace(
      /\.([0-9a-f]{32})@/,
      (_m, tag: string) => `.${tag.replace(/^./, tag[0] === '0' ? '1' : '0')}@`,
    );
    const otherRow = real.replace(`bounce.${invite.id}.`, `bounce.${invite.id + 1}.`);
    for (const to of [forgedTag, otherRow]) {
      // Qmail's notice returns no Message-ID: only the address could match it.
      const r = await receive(bounceOf('qmail', invite, to));
      expect(r.outcome, to).toBe('ignored-auto');
    }
    const stranger = bounceOf(
      'postfix-dsn',
      { ...invite, headers: { 'Message-ID': '<not-ours@elsewhere.test>' } },
      PLAIN_ADDRESS,
    );
    expect((await receive(stranger)).outcome).toBe('ignored-auto');
    expect((await seatOf(game.id, 'black')).bouncedAt).toBeNull();
  });
});
