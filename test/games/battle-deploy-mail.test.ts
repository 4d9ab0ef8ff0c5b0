/**
 * A campaign battle deployed by mail (rules-strategic.md §8: "The attacker deploys in rows 16–18, the defender in
 * rows 1–3, in a setup phase … a side that has not deployed by the setup deadline is placed by default"): the
 * deployment mail carries a DEPLOY block prefilled with the default placement, and a reply to it goes through the
 * inbound pipeline to the deployment use case (submitFleet), on PGlite and PostgreSQL. It is answered at once with
 * the deployment as taken, or every problem on its line (outside the zone, unknown ship, a ship twice or missing);
 * the block quoted back unchanged is not taken.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { battles, games, outbox, seats, turns } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { tokenOf } from '../../src/games/games/people.ts';
import { seatGameView } from '../../src/games/games/views.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { kindOf } from '../../src/kinds/index.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import type { Position } from '../../src/rules/types.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { campaign as campaignFixture, fleet, LINE, SCOUT, ship } from '../rules/strategic/fixtures.ts';
import { inboundRow, orderMail, quote, seatAddress } from '../mail/support.ts';
import { WAR_CAMPAIGN } from '../support/campaigns.ts';

const strategic = kindOf('msc-strategic');
const tactical = kindOf('msc-tactical');
const ID = 'c-mail';
const BOB = 'bob@pbem.test';
const ALICE = 'alice@pbem.test';

describe.each(databaseKinds)('a campaign battle deployed by mail on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let battleId: string;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
    battleId = await startBattle();
  });
  afterEach(() => database.drop());

  /**
   * A campaign with `battles: "tactical"` past its setup, whose turn 1 has Blue's fleet BF (B1, B2) move into Red's
   * RF (R1) at 1005 (as in campaign-battles.test.ts): the turn stops for that battle. Returns the battle's game id.
   */
  async function startBattle(): Promise<string> {
    const created = await createGame(ctx, {
      id: ID,
      name: 'War by mail',
      ruleset: 'msc-strategic',
      settings: {
        ...WAR_CAMPAIGN,
      },
      seats: [
        { side: 'blue', email: BOB, name: 'Bob', timeZone: 'Europe/Paris' },
        { side: 'red', email: ALICE, name: 'Alice' },
      ],
    });
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 0 });
    const state = strategic.writeState(
      campaignFixture({
        turn: 1,
        options: { battles: 'tactical', fog: 'positions', turnLimit: null },
        fleets: [
          fleet({ id: 'BH', side: 'blue', hex: '0202', ships: [ship('BH1', SCOUT)] }),
          fleet({ id: 'RH', side: 'red', hex: '1909', ships: [ship('RH1', SCOUT)] }),
          fleet({ id: 'BF', side: 'blue', hex: '1004', ships: [ship('B1', LINE), ship('B2', SCOUT)] }),
          fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', SCOUT)] }),
        ],
      }),
    );
    await ctx.db
      .update(turns)
      .set({ stateBefore: state })
      .where(and(eq(turns.gameId, ID), eq(turns.number, 1)));
    await ctx.db.update(games).set({ state }).where(eq(games.id, ID));
    const blue = created.seats.find((s) => s.side === 'blue')!.token;
    const move = await submitOrders(ctx, {
      gameId: ID,
      token: blue,
      text: `GAME ${ID} TURN 1\nMOVE BF TO 1005\nEND`,
      channel: 'api',
    });
    expect(move.stored).toBe(true);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: ID, turn: 1, gameOver: false });
    const [battle] = await ctx.db.select().from(battles).where(eq(battles.campaignId, ID));
    return battle!.gameId;
  }

  const seatOf = async (side: string) =>
    (
      await ctx.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, battleId), eq(seats.side, side)))
    )[0]!;
  const addressOf = async (side: string) => seatAddress(tokenOf(ctx, await seatOf(side)));
  /** The seat's deployment as it stands: its submission for the setup turn (turn 0), null before one is in. */
  const deploymentOf = async (side: string) =>
    (await seatGameView(ctx, battleId, tokenOf(ctx, await seatOf(side)))).me.fleet as {
      ships: { id: string; hex: string; facing: string }[];
    } | null;
  /** The newest mail of the battle to `to`. */
  const lastMail = async (to: string) =>
    (
      await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.gameId, battleId), eq(outbox.toAddress, to)))
        .orderBy(desc(outbox.id))
        .limit(1)
    )[0]!;
  const deploymentMail = async (to: string) =>
    (
      await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.gameId, battleId), eq(outbox.toAddress, to), eq(outbox.kind, 'deploy')))
    )[0]!;
  const gameStatus = async () => (await ctx.db.select().from(games).where(eq(games.id, battleId)))[0]!.status;

  it('mails each seat a DEPLOY block prefilled with the default placement, ready to send back', async () => {
    const mail = await deploymentMail(BOB);
    // "attacker facing N", "row 16 … first, columns 12, 13, 11, 14, 10, … outward".
    expect(mail.textBody).toContain(`GAME ${battleId}\nDEPLOY B1 1216 N\nDEPLOY B2 1316 N\nEND`);
    expect((await deploymentMail(ALICE)).textBody).toContain(`GAME ${battleId}\nDEPLOY R1 1203 S\nEND`);
    expect(mail.headers).toMatchObject({ 'Reply-To': await addressOf('blue') });
    // And the link that logs the seat in (followed on the web in test/mail/report-links.test.ts).
    expect(mail.textBody).toMatch(
      /Open the game page \(this link logs you in; it works once, for 7 days\):\n +http\S+\/login\//,
    );
  });

  it('the block quoted back unchanged is not taken, and the answer says to edit it', async () => {
    const mail = await deploymentMail(BOB);
    const reply = `Hi,\n\nOn Thu, 8 Jan 2026, orders@pbem.test wrote:\n${quote(mail.textBody)}\n`;
    const r = await handleInboundMail(ctx, await orderMail(BOB, await addressOf('blue'), reply));
    expect(r).toMatchObject({ outcome: 'rejected', gameId: battleId, side: 'blue' });
    const answer = await lastMail(BOB);
    expect(answer.kind).toBe('rejected');
    expect(answer.textBody).toContain('[QUOTED_UNCHANGED]');
    expect(await deploymentOf('blue')).toBeNull();
  });

  it('answers at once with every problem on its line: outside the zone, unknown ship, a ship twice or missing; nothing is stored', async () => {
    const text = [`GAME ${battleId}`, 'DEPLOY B1 1201 N', 'DEPLOY X9 1216 N', 'DEPLOY B1 1316 N', 'END'].join('\n');
    const r = await handleInboundMail(ctx, await orderMail(BOB, await addressOf('blue'), text));
    expect(r).toMatchObject({ outcome: 'rejected', side: 'blue' });
    expect(r.detail).toMatchObject({
      deployment: true,
      problems: ['2:HEX_OUTSIDE_ZONE', '3:UNKNOWN_SHIP', '4:SHIP_TWICE', 'SHIP_MISSING'],
    });
    const answer = (await lastMail(BOB)).textBody.replace(/\s+/g, ' ');
    expect(answer).toContain('line 2 (ship B1): 1201 is outside your deployment zone (columns 01–24, rows 16–18)');
    expect(answer).toContain('line 3 (ship X9): X9 is not yours here: you place B1, B2');
    expect(answer).toContain('line 4 (ship B1): B1 is placed twice');
    expect(answer).toContain('the whole mail: B2 is not placed: place every ship you were given [SHIP_MISSING]');
    expect(await deploymentOf('blue')).toBeNull();

    // A line of the wrong shape is named by the parser, with its line.
    const bad = await handleInboundMail(
      ctx,
      await orderMail(BOB, await addressOf('blue'), `GAME ${battleId}\nDEPLOY B1 1216 Q\nDEPLOY B2\nEND`),
    );
    expect(bad.detail).toMatchObject({ problems: ['2:FACING_UNKNOWN', '3:DEPLOY_FORMAT'] });
    expect((await lastMail(BOB)).textBody).toContain('Q is not a facing: choose one of N NE SE S SW NW');
  });

  it('takes the block edited in the quoted mail; the battle starts when the other side deploys by mail too', async () => {
    const mail = await deploymentMail(BOB);
    const edited = mail.textBody
      .replace('DEPLOY B1 1216 N', 'DEPLOY b1 1217 ne')
      .replace('DEPLOY B2 1316 N', 'DEPLOY B2 1318 N');
    const reply = `Hello,\n\nOn Thu, 8 Jan 2026, orders@pbem.test wrote:\n${quote(edited)}\n`;
    const r = await handleInboundMail(ctx, await orderMail(BOB, await addressOf('blue'), reply));
    expect(r).toMatchObject({ outcome: 'accepted', side: 'blue', detail: { deployment: true, ships: 2 } });
    const answer = await lastMail(BOB);
    expect(answer).toMatchObject({ kind: 'accepted', subject: `[${battleId}] Deployment accepted` });
    expect(answer.textBody).toContain(`GAME ${battleId}\nDEPLOY B1 1217 NE\nDEPLOY B2 1318 N\nEND`);
    expect(answer.textBody.replace(/\s+/g, ' ')).toContain('read from the order block you edited in the quoted mail');
    // The deadline in Bob's own zone (Europe/Paris).
    expect(answer.textBody.replace(/\s+/g, ' ')).toContain(
      'or at the deadline: Thu 2026-01-08 14:00 UTC = Thu, 8 Jan 2026, 15:00 CET (Europe/Paris)',
    );
    expect((await deploymentOf('blue'))?.ships.map((s) => [s.id, s.hex, s.facing])).toEqual([
      ['B1', '1217', 'NE'],
      ['B2', '1318', 'N'],
    ]);
    expect(await gameStatus()).toBe('setup');

    // Alice writes her own block above the quote: it is read, and the battle begins.
    const alice = await handleInboundMail(
      ctx,
      await orderMail(ALICE, await addressOf('red'), `GAME ${battleId}\nDEPLOY R1 1302 SW\nEND\n`),
    );
    expect(alice).toMatchObject({ outcome: 'accepted', side: 'red', detail: { started: true } });
    const aliceMail = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, battleId), eq(outbox.toAddress, ALICE)))
      .orderBy(asc(outbox.id));
    expect(aliceMail.map((m) => m.kind)).toEqual(['deploy', 'game-start', 'accepted']);
    const answers = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, battleId), eq(outbox.kind, 'accepted')))
      .orderBy(asc(outbox.id));
    expect(answers.at(-1)!.textBody).toContain('Every side has deployed: the battle has begun');
    expect(await gameStatus()).toBe('active');
    const position = tactical.readState(
      (await ctx.db.select().from(games).where(eq(games.id, battleId)))[0]!.state,
    ) as Position;
    expect(position.ships.map((s) => [s.id, s.hex, s.facing])).toEqual([
      ['B1', { col: 12, row: 17 }, 'NE'],
      ['B2', { col: 13, row: 18 }, 'N'],
      ['R1', { col: 13, row: 2 }, 'SW'],
    ]);
    const row = await inboundRow(ctx.db, r.messageId);
    expect(row).toMatchObject({ outcome: 'accepted', gameId: battleId });
  });
});
