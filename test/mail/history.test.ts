/**
 * HISTORY by mail (njudge's HISTORY, GalaxyNG's old turns): a seat mails `HISTORY`, `HISTORY <turn>` or
 * `HISTORY <from>-<to>` and gets one mail with its own past reports, each as its side received it at the start of
 * that turn — in a kind with hidden information never more than its side saw — at most five such mails a day.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { outbox } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { joinSeats } from '../../src/games/seats/joining.ts';
import { HISTORY_MAILS_PER_DAY } from '../../src/games/turns/history.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, BOB, orderMail, seatAddress } from './support.ts';
import { campaignGame } from '../web/pages-support.ts';

let database: TestDatabase;
let ctx: TestGamesContext & InboundContext;

beforeEach(async () => {
  database = await freshDatabase('pglite');
  ctx = gamesContext(database);
});
afterEach(async () => {
  await database.drop();
});

async function mailsTo(address: string, kind?: string) {
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(asc(outbox.id));
  return kind === undefined ? rows : rows.filter((r) => r.kind === kind);
}

/** The lines of `text` from the one starting `from` up to (not with) the next one starting `to`. */
function section(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  expect(start, `"${from}" in the text`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf(to, start + from.length);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('HISTORY in a tactical battle', () => {
  let gameId: string;
  let tokens: Record<string, string>;

  /** Turns 1 and 2 played, both players by mail (which joins them): turn 3 is open. */
  beforeEach(async () => {
    const duel = await tutorialDuel(ctx, { id: 'hist-1' });
    gameId = duel.game.id;
    tokens = duel.tokens;
    await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.black!), duelOrders(gameId, 'black', 1)));
    await handleInboundMail(ctx, await orderMail(BOB, seatAddress(tokens.grey!), duelOrders(gameId, 'grey', 1)));
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1, gameOver: false });
    for (const [who, side] of [
      [ALICE, 'black'],
      [BOB, 'grey'],
    ] as const)
      await handleInboundMail(ctx, await orderMail(who, seatAddress(tokens[side]!), `GAME ${gameId} TURN 2\nHOLD`));
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 2, gameOver: false });
  });

  const history = (text: string) => orderMail(ALICE, seatAddress(tokens.black!), text);

  it('HISTORY 1-2 mails one mail with both turns’ reports, as my side received them, without order blocks', async () => {
    const r = await handleInboundMail(ctx, await history('HISTORY 1-2'));
    expect(r.outcome).toBe('command');
    expect(r.detail).toMatchObject({ commands: ['HISTORY 1-2'] });
    const sent = await mailsTo(ALICE, 'history');
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe(`[${gameId}] Your past reports: turns 1-2`);
    expect(mail.headers['Reply-To']).toBe(seatAddress(tokens.black!));
    const text = mail.textBody;
    expect(text).toContain('Your report for turn 1');
    expect(text).toContain('Your report for turn 2');
    expect(text.indexOf('Your report for turn 1')).toBeLessThan(text.indexOf('Your report for turn 2'));
    // Exactly what the reports said: the map of turn 1, and turn 2's account of turn 1 and its map.
    const [start] = await mailsTo(ALICE, 'game-start');
    const [report2] = await mailsTo(ALICE, 'turn-report');
    expect(text).toContain(section(start!.textBody, 'The map at the start of turn 1', 'Deadline for turn 1'));
    expect(text).toContain(section(report2!.textBody, 'What happened in turn 1', 'Deadline for turn 2'));
    // Those turns are over: nothing to edit and send back.
    expect(text).not.toMatch(/^GAME hist-1 TURN [12]$/m);
    expect(text).not.toContain('Your orders for turn');
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(78);
    expect(mail.htmlBody).toContain('Your report for turn 2');
    expect(mail.htmlBody).toContain('What happened in turn 1');
    // Only the asker is sent anything.
    expect(await mailsTo(BOB, 'history')).toEqual([]);
  });

  it('HISTORY alone sends the last turns up to the open one; HISTORY 2 just turn 2', async () => {
    await handleInboundMail(ctx, await history('HISTORY'));
    await handleInboundMail(ctx, await history('HISTORY 2'));
    const sent = await mailsTo(ALICE, 'history');
    expect(sent.map((m) => m.subject)).toEqual([
      `[${gameId}] Your past reports: turns 1-3`,
      `[${gameId}] Your past reports: turn 2`,
    ]);
  });

  it(`at most ${HISTORY_MAILS_PER_DAY} a day: the next is refused with HISTORY_LIMIT and when to ask again`, async () => {
    for (let i = 0; i < HISTORY_MAILS_PER_DAY; i++) await handleInboundMail(ctx, await history('HISTORY 1'));
    expect(await mailsTo(ALICE, 'history')).toHaveLength(HISTORY_MAILS_PER_DAY);
    const first = (await mailsTo(ALICE, 'history'))[0]!.createdAt;
    ctx.clock.advanceBy(HOUR);
    const r = await handleInboundMail(ctx, await history('HISTORY 1'));
    expect(r.outcome).toBe('command');
    expect(await mailsTo(ALICE, 'history')).toHaveLength(HISTORY_MAILS_PER_DAY);
    const refusal = (await mailsTo(ALICE, 'notice')).at(-1)!;
    expect(refusal.subject).toBe(`[${gameId}] HISTORY not sent: ${HISTORY_MAILS_PER_DAY} a day at most`);
    expect(refusal.textBody).toContain('HISTORY_LIMIT');
    const again = new Date(first.getTime() + 24 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
    expect(refusal.textBody.replace(/\s+/g, ' ')).toContain(`Ask again after ${again} UTC`);
    // A day after the first, the quota has room again.
    ctx.clock.advanceBy(24 * HOUR);
    await handleInboundMail(ctx, await history('HISTORY 1'));
    expect(await mailsTo(ALICE, 'history')).toHaveLength(HISTORY_MAILS_PER_DAY + 1);
  });

  it.each([
    ['HISTORY 9', 'HISTORY_TURN'],
    ['HISTORY 3-1', 'HISTORY_RANGE'],
    ['HISTORY everything', 'HISTORY_TURN'],
  ])('%s is rejected with %s and how to fix it; nothing is sent', async (text, code) => {
    const r = await handleInboundMail(ctx, await history(text));
    expect(r.outcome).toBe('rejected');
    const [rejected] = await mailsTo(ALICE, 'rejected');
    expect(rejected!.textBody).toContain(code);
    expect(rejected!.textBody.replace(/\s+/g, ' ')).toMatch(/write (the earlier turn first, )?HISTORY/);
    expect(await mailsTo(ALICE, 'history')).toEqual([]);
  });

  it('the acceptance of orders with HISTORY says the reports follow', async () => {
    await handleInboundMail(ctx, await history(`GAME ${gameId} TURN 3\nHOLD\nHISTORY 1-2`));
    const accepted = (await mailsTo(ALICE, 'accepted')).at(-1);
    expect(accepted!.textBody).toContain('HISTORY 1-2: your reports of turns 1-2 follow in a separate mail');
    expect(await mailsTo(ALICE, 'history')).toHaveLength(1);
  });
});

/**
 * Mini Combat hides things from the other side (rules-mini-combat.md §9.3): a hidden Scout unit, a Stealth unit far
 * from every enemy, paratroops in reserve. Red's are never in Blue's past reports, nor Red's orders.
 */
describe('HISTORY in a Mini Combat battle', () => {
  const ID = 'hist-mc';
  const DESIGNS = [
    'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4',
    'DESIGN Scout INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec',
    'DESIGN Stealthy INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4 SP St',
    'DESIGN Para INFANTRY MV10 RG20 TH4 SV6 PW2 AR2 MO3 SP DrpS',
  ];
  const SETUP = {
    red: [
      'UNIT Rtank Tank*3 AT 1304 FACE S',
      'UNIT Lurkx Scout*2 AT 2412 FACE S',
      'UNIT Shadx Stealthy*2 AT 0101 FACE S',
      'UNIT Skyx Para*2 RESERVE',
    ],
    blue: [
      'UNIT Btank Tank*3 AT 1233 FACE N',
      'UNIT Ghozt Scout*2 AT 0125 FACE N',
      'UNIT Veilz Stealthy*2 AT 2436 FACE N',
      'UNIT Rainz Para*2 RESERVE',
    ],
  };
  const ORDERS = { red: 'UNIT Rtank MOVE S S S', blue: 'UNIT Btank MOVE N N N' };

  it('Blue’s HISTORY 1-2 holds its own units and none of Red’s hidden ones nor Red’s orders', async () => {
    const created = await createGame(ctx, {
      id: ID,
      name: 'Hidden history',
      ruleset: 'mini-combat',
      settings: { battle: 'standard', points: 2000, turnLimit: 6, board: 'given', terrain: { '2003': 'water' } },
      seats: [
        { side: 'red', email: ALICE, name: 'Alice' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    const tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<'red' | 'blue', string>;
    await ctx.db.transaction(async (tx) => {
      for (const email of [ALICE, BOB]) await joinSeats(ctx, tx, { gameId: ID, email });
    });
    const send = (side: 'red' | 'blue', turn: number, lines: readonly string[]) =>
      submitText(ctx, {
        gameId: ID,
        token: tokens[side],
        text: [`GAME ${ID} TURN ${turn}`, ...lines, 'END'].join('\n'),
        channel: 'mail',
      });
    for (const side of ['red', 'blue'] as const) await send(side, 0, [...DESIGNS, ...SETUP[side]]);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 0 });
    for (const turn of [1, 2]) {
      for (const side of ['red', 'blue'] as const) await send(side, turn, [ORDERS[side]]);
      expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn, gameOver: false });
    }

    const r = await handleInboundMail(ctx, await orderMail(BOB, seatAddress(tokens.blue), 'HISTORY 1-2'));
    expect(r.outcome).toBe('command');
    const sent = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, BOB), eq(outbox.kind, 'history')));
    expect(sent).toHaveLength(1);
    const all = [sent[0]!.subject, sent[0]!.textBody, sent[0]!.htmlBody ?? ''].join('\n');
    expect(all).toContain('Your report for turn 1');
    expect(all).toContain('Your report for turn 2');
    // Not blind: Blue's own units, hidden ones included, are in its reports.
    for (const own of ['Btank', 'Ghozt', 'Veilz']) expect(all, own).toMatch(new RegExp(`\\b${own}`));
    for (const hidden of ['Lurkx', 'Shadx', 'Skyx']) expect(all, hidden).not.toMatch(new RegExp(`\\b${hidden}`, 'i'));
    expect(all).not.toContain(ORDERS.red);
    expect(all).not.toContain(tokens.red);
    for (const line of sent[0]!.textBody.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(78);
  });
});

/**
 * A campaign hides the enemy's fleets, ships and designs (rules-strategic.md §6; with `fog: "sensors"` an enemy fleet
 * entirely unless detected this turn): none of Blue's are in Red's past reports, nor Blue's orders.
 */
describe('HISTORY in a campaign', () => {
  const ID = 'hist-camp';

  it('Red’s HISTORY 1-2 holds its own fleet and ships and nothing of Blue’s', async () => {
    const tokens = await campaignGame(ctx, ID, { fog: 'sensors', turnLimit: 6 });
    await ctx.db.transaction(async (tx) => {
      for (const email of [ALICE, BOB]) await joinSeats(ctx, tx, { gameId: ID, email });
    });
    const send = (side: 'red' | 'blue', text: string) =>
      submitText(ctx, { gameId: ID, token: tokens[side], text, channel: 'mail' });
    await send('red', `GAME ${ID} TURN 0\nBUILD Rdart1 E5 S2 H1 W F AS Rwing\nEND`);
    await send(
      'blue',
      `GAME ${ID} TURN 0\nBUILD Bspear1 E4 S3 H1 W F AS Bhost\nBUILD Bshade2 E3 S4 H4 W F,FL AS Bhide\nEND`,
    );
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 0 });
    for (const turn of [1, 2]) {
      for (const side of ['red', 'blue'] as const) await send(side, `GAME ${ID} TURN ${turn}\nHOLD`);
      expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn, gameOver: false });
    }

    const r = await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(tokens.red), 'HISTORY 1-2'));
    expect(r.outcome).toBe('command');
    const sent = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, ALICE), eq(outbox.kind, 'history')));
    expect(sent).toHaveLength(1);
    const all = [sent[0]!.subject, sent[0]!.textBody, sent[0]!.htmlBody ?? ''].join('\n');
    expect(all).toContain('Your report for turn 1');
    expect(all).toContain('Your report for turn 2');
    for (const own of ['Rdart1', 'Rwing']) expect(all, own).toMatch(new RegExp(`\\b${own}\\b`));
    for (const hidden of ['Bspear1', 'Bshade2', 'Bhost', 'Bhide'])
      expect(all, hidden).not.toMatch(new RegExp(`\\b${hidden}\\b`, 'i'));
    expect(all).not.toMatch(/E4 S3 H1|E3 S4 H4/);
    expect(all).not.toContain(tokens.blue);
    for (const line of sent[0]!.textBody.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(78);
  });
});
