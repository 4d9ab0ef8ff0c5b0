/**
 * A campaign whose battles are fought as linked tactical games (rules-strategic.md §8, `battles: "tactical"`),
 * through the use cases on PGlite and PostgreSQL: the turn stops for its battles, each battle a tactical game with
 * the battle's players, deployed by hand or by default at the deadline, played to its end; the campaign turn
 * finishes from the outcomes exactly once, and its moderator can pause, end or roll back a campaign waiting for them.
 *
 * The campaigns are set up through their setup phase; the position of the turn that fights is then written as a
 * fixture (test/rules/strategic/fixtures.ts), so that the battles fought are known.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, battles, games, outbox, seats, turns } from '../../src/db/schema.ts';
import { battlesOfCampaignTurn, campaignOfBattle } from '../../src/games/battles/views.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { tokenOf } from '../../src/games/games/people.ts';
import { AppError } from '../../src/games/errors.ts';
import { endGame, pause, resolveNow, resume, rollback } from '../../src/games/moderation/moderation.ts';
import { submitFleet } from '../../src/games/seats/setup.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn, sendDueReminders } from '../../src/games/turns/resolution.ts';
import { kindOf } from '../../src/kinds/index.ts';
import type { Campaign, Fleet } from '../../src/rules/strategic/types.ts';
import type { Position } from '../../src/rules/types.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { campaign as campaignFixture, fleet, LINE, SCOUT, ship } from '../rules/strategic/fixtures.ts';
import { WAR_CAMPAIGN } from '../support/campaigns.ts';

const strategic = kindOf('msc-strategic');
const tactical = kindOf('msc-tactical');
const ID = 'c-war';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe.each(databaseKinds)('campaign battles fought as tactical games on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  let key: string;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  /** A campaign with `battles: "tactical"`, its setup phase closed by default at the deadline: turn 1 is open. */
  async function startCampaign() {
    const created = await createGame(ctx, {
      id: ID,
      name: 'War of the hexes',
      ruleset: 'msc-strategic',
      settings: {
        ...WAR_CAMPAIGN,
      },
      seats: [
        { side: 'blue', email: 'bob@pbem.test', name: 'Bob', timeZone: 'Europe/Paris' },
        { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
      ],
    });
    key = created.moderatorToken;
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 0 });
    return Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<'blue' | 'red', string>;
  }

  /** The open turn's position, and the game's, set to a campaign of these fleets (Blue's home 0202, Red's 1909). */
  async function setPosition(turn: number, fleets: Fleet[]) {
    const state = strategic.writeState(
      campaignFixture({ turn, options: { battles: 'tactical', fog: 'positions', turnLimit: null }, fleets }),
    );
    await ctx.db
      .update(turns)
      .set({ stateBefore: state })
      .where(and(eq(turns.gameId, ID), eq(turns.number, turn)));
    await ctx.db.update(games).set({ state }).where(eq(games.id, ID));
  }

  const homes = [
    fleet({ id: 'BH', side: 'blue', hex: '0202', ships: [ship('BH1', SCOUT)] }),
    fleet({ id: 'RH', side: 'red', hex: '1909', ships: [ship('RH1', SCOUT)] }),
  ];

  const turnRow = async (gameId: string, number: number) =>
    (
      await ctx.db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, gameId), eq(turns.number, number)))
    )[0];
  const gameRow = async (id: string) => (await ctx.db.select().from(games).where(eq(games.id, id)))[0]!;
  const seatToken = async (gameId: string, side: string) => {
    const [seat] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.side, side)));
    return tokenOf(ctx, seat!);
  };
  const campaignState = async () => strategic.readState((await gameRow(ID)).state) as Campaign;

  it('fights a battle as a tactical game: seats, map, zones and ships; deployment by hand and by default; the turn finishes from its outcome', async () => {
    const tokens = await startCampaign();
    await setPosition(1, [
      ...homes,
      fleet({ id: 'BF', side: 'blue', hex: '1004', ships: [ship('B1', LINE), ship('B2', SCOUT)] }),
      fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', SCOUT)] }),
    ]);
    // Blue moves into the hex Red holds: Blue is the attacker (§7).
    const move = await submitOrders(ctx, {
      gameId: ID,
      token: tokens.blue,
      text: `GAME ${ID} TURN 1\nMOVE BF TO 1005\nEND`,
      channel: 'api',
    });
    expect(move.stored).toBe(true);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: ID, turn: 1, gameOver: false });

    // "the campaign turn resolves only when every such battle has ended"
    const waiting = await turnRow(ID, 1);
    expect(waiting).toMatchObject({ status: 'battles', stateAfter: null });
    expect(waiting!.pending).not.toBeNull();
    expect((await gameRow(ID)).currentTurn).toBe(1);
    const [battle] = await battlesOfCampaignTurn(ctx, ID);
    expect(battle).toMatchObject({ turn: 1, index: 0, status: 'setup', ended: false, result: null });
    const linkedId = battle!.gameId;
    expect(await campaignOfBattle(ctx, linkedId)).toMatchObject({
      id: ID,
      name: 'War of the hexes',
      turn: 1,
      battle: 0,
      deployment: {
        ships: { red: [{ id: 'R1', design: { engine: 5 } }] },
        deadline: new Date(ctx.clock.now().getTime() + 24 * HOUR),
      },
    });

    // "Each battle becomes a tactical game … with the same players": same addresses and time zones.
    const linked = await gameRow(linkedId);
    expect(linked).toMatchObject({ ruleset: 'msc-tactical', status: 'setup', name: battle!.title });
    expect(battle!.title).toBe('Battle at 1005, campaign turn 1');
    const linkedSeats = await ctx.db.select().from(seats).where(eq(seats.gameId, linkedId)).orderBy(asc(seats.side));
    expect(linkedSeats.map((s) => [s.side, s.email, s.timeZone, s.fleet])).toEqual([
      ['blue', 'bob@pbem.test', 'Europe/Paris', null],
      ['red', 'alice@pbem.test', 'UTC', null],
    ]);
    // "The map is 24 × 18. The attacker deploys in rows 16–18, the defender in rows 1–3"; "a turn limit of 12 turns".
    expect(linked.settings).toMatchObject({
      map: { width: 24, height: 18 },
      turnLimit: 12,
      zones: {
        blue: { fromCol: 1, toCol: 24, fromRow: 16, toRow: 18 },
        red: { fromCol: 1, toCol: 24, fromRow: 1, toRow: 3 },
      },
    });
    // Each player is mailed the battle's setup: their ships, their zone, the default placement.
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.gameId, linkedId));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['alice@pbem.test', 'bob@pbem.test']);
    const bobMail = mails.find((m) => m.toAddress === 'bob@pbem.test')!.textBody;
    expect(bobMail).toContain('B1: ENGINE 3, SHIELDS 3, TO-HIT 3, weapons F FL FR');
    expect(bobMail).toContain('columns 01–24, rows 16–18');
    expect(bobMail).toContain('B1 1216 N');
    expect(bobMail).toContain('Deploy by Thu 2026-01-08 14:00 UTC');
    expect(bobMail).toContain('{"id":"B2","hex":"1316","facing":"N"}\n] }');

    // Red deploys its given ship; a deployment with a problem is refused whole.
    const redToken = await seatToken(linkedId, 'red');
    const refused = submitFleet(ctx, linkedId, redToken, { ships: [{ id: 'R1', hex: '1210', facing: 'N' }] });
    expect(await codeOf(refused)).toBe('FLEET_REJECTED');
    const problems = await submitFleet(ctx, linkedId, redToken, {
      ships: [
        { id: 'R1', hex: '1210', facing: 'N' },
        { id: 'B1', hex: '0101', facing: 'N' },
      ],
    }).catch((e: unknown) => (e instanceof AppError ? e.problems.map((p) => p.code) : e));
    expect(problems).toEqual(['HEX_OUTSIDE_ZONE', 'UNKNOWN_SHIP']);
    expect(await codeOf(submitFleet(ctx, linkedId, redToken, { ships: [] }))).toBe('INVALID_FLEET');
    await submitFleet(ctx, linkedId, redToken, { ships: [{ id: 'r1', hex: '1201', facing: 'N' }] });
    expect((await gameRow(linkedId)).status).toBe('setup');

    // Blue does not deploy: at the deployment deadline (one campaign turn) it is placed by default, once.
    ctx.clock.advanceBy(23 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    ctx.clock.advanceBy(2 * HOUR);
    const [a, b] = await Promise.all([resolveNextDueTurn(ctx), resolveNextDueTurn(ctx)]);
    expect([a, b].filter((r) => r !== null)).toEqual([{ gameId: linkedId, turn: 0, gameOver: false }]);
    const started = await gameRow(linkedId);
    expect(started.status).toBe('active');
    const position = tactical.readState(started.state) as Position;
    expect(position.ships.map((s) => [s.id, s.side, s.hex, s.facing, s.speed])).toEqual([
      ['B1', 'blue', { col: 12, row: 16 }, 'N', null],
      ['B2', 'blue', { col: 13, row: 16 }, 'N', null],
      ['R1', 'red', { col: 12, row: 1 }, 'N', null],
    ]);
    expect(position.ships.find((s) => s.id === 'B1')).toMatchObject({ engine: 3, shields: 3, toHit: 3 });

    // The battle is played through the use cases. As a fixture, B2 has been destroyed (as hits would leave it);
    // Red's R1 flies off the map: "a ship whose path leaves the map … counts as disengaged". Red is out: it ends.
    const hit: Position = {
      ...position,
      ships: position.ships.map((s) => (s.id === 'B2' ? { ...s, status: 'destroyed' as const } : s)),
    };
    await ctx.db
      .update(turns)
      .set({ stateBefore: tactical.writeState(hit) })
      .where(and(eq(turns.gameId, linkedId), eq(turns.number, 1)));
    await ctx.db
      .update(games)
      .set({ state: tactical.writeState(hit) })
      .where(eq(games.id, linkedId));
    const blueToken = await seatToken(linkedId, 'blue');
    for (const [token, text] of [
      [redToken, `GAME ${linkedId} TURN 1\nSHIP R1 SPEED 1 MOVE 1\nEND`],
      [blueToken, `GAME ${linkedId} TURN 1\nSHIP B1 SPEED 0 MOVE 0\nEND`],
    ] as const) {
      const sent = await submitOrders(ctx, { gameId: linkedId, token, text, channel: 'api' });
      expect(sent.stored).toBe(true);
    }
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: linkedId, turn: 1, gameOver: true });

    // The campaign turn finished from the outcome in the same transaction, and turn 2 opened with its reports.
    const [ended] = await battlesOfCampaignTurn(ctx, ID, 1);
    expect(ended).toMatchObject({ status: 'finished', ended: true, result: { winner: 'blue' } });
    const resolved = await turnRow(ID, 1);
    expect(resolved).toMatchObject({ status: 'resolved' });
    expect(await turnRow(ID, 2)).toMatchObject({ status: 'open' });
    const after = await campaignState();
    const fleetOf = (id: string) => after.fleets.find((f) => f.id === id);
    // "Ships destroyed there are lost to the campaign"; "Surviving ships return fully repaired".
    expect(fleetOf('BF')).toMatchObject({ hex: { col: 10, row: 5 }, ships: [{ id: 'B1', ...LINE }] });
    // "Ships that disengage … retreat one hex toward home with their fleet, as in section 7."
    expect(fleetOf('RF')!.ships.map((s) => s.id)).toEqual(['R1']);
    expect(fleetOf('RF')!.hex).not.toEqual({ col: 10, row: 5 });
    const reports = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, ID), eq(outbox.kind, 'turn-report')));
    expect(
      reports
        .filter((m) => m.subject.includes('Turn 2 report'))
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(['alice@pbem.test', 'bob@pbem.test']);
  });

  it('finishes the campaign turn exactly once when its two battles end at the same time', async () => {
    await startCampaign();
    await setPosition(1, [
      ...homes,
      fleet({ id: 'BF1', side: 'blue', hex: '1005', ships: [ship('B1', LINE)] }),
      fleet({ id: 'RF1', side: 'red', hex: '1005', ships: [ship('R1', LINE)] }),
      fleet({ id: 'BF2', side: 'blue', hex: '1507', ships: [ship('B2', SCOUT)] }),
      fleet({ id: 'RF2', side: 'red', hex: '1507', ships: [ship('R2', SCOUT)] }),
    ]);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 1 });
    const both = await battlesOfCampaignTurn(ctx, ID);
    expect(both.map((b) => b.title)).toEqual(['Battle at 1005, campaign turn 1', 'Battle at 1507, campaign turn 1']);

    // The moderator (the campaign's key moderates its battles) ends both at once, before anyone deployed: nothing
    // was played, so they are abandoned, and each battle's outcome is that of its starting position.
    const ends = await Promise.all(both.map((b) => endGame(ctx, { gameId: b.gameId, key }, 'end')));
    expect(ends.map((g) => g.status)).toEqual(['abandoned', 'abandoned']);
    expect((await battlesOfCampaignTurn(ctx, ID, 1)).every((b) => b.ended)).toBe(true);
    expect(await turnRow(ID, 1)).toMatchObject({ status: 'resolved' });
    expect(await turnRow(ID, 2)).toMatchObject({ status: 'open' });
    const finishes = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gameId, ID), eq(auditLog.action, 'battles-ended')));
    expect(finishes).toHaveLength(1);
    const reports = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, ID), eq(outbox.kind, 'turn-report')));
    expect(reports.filter((m) => m.subject.includes('Turn 2 report'))).toHaveLength(2);
    // "If both sides still have ships in play when the battle ends …, both stay in the hex."
    const after = await campaignState();
    expect(after.fleets.filter((f) => f.hex.col === 10 && f.hex.row === 5).map((f) => f.id)).toEqual(['BF1', 'RF1']);
  });

  it('a campaign waiting for battles: never claimed by the queue, paused and resumed, ended with its battles', async () => {
    await startCampaign();
    await setPosition(1, [
      ...homes,
      fleet({ id: 'BF', side: 'blue', hex: '1005', ships: [ship('B1', LINE)] }),
      fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', LINE)] }),
    ]);
    ctx.clock.advanceBy(25 * HOUR);
    await resolveNextDueTurn(ctx);
    const [battle] = await battlesOfCampaignTurn(ctx, ID);
    const m = { gameId: ID, key };

    // Long past any deadline, the turn waiting for its battle is never claimed; the battle deploys by default.
    ctx.clock.advanceBy(200 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: battle!.gameId, turn: 0, gameOver: false });
    expect(await resolveNextDueTurn(ctx)).toBeNull();
    expect(await codeOf(resolveNow(ctx, m))).toBe('NO_OPEN_TURN');
    expect((await turnRow(ID, 1))!.status).toBe('battles');

    // Reminders go to the battle's players (its turn 1 is open), none for the campaign turn waiting.
    expect(await sendDueReminders(ctx)).toBe(2);
    const reminders = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'reminder'));
    expect(new Set(reminders.map((r) => r.gameId))).toEqual(new Set([battle!.gameId]));

    // Pausing the campaign leaves its battles running.
    expect((await pause(ctx, m, 'holiday')).status).toBe('paused');
    expect((await gameRow(battle!.gameId)).status).toBe('active');
    expect((await resume(ctx, m)).status).toBe('active');
    expect((await turnRow(ID, 1))!.status).toBe('battles');

    // Ending the campaign ends its open battles: abandoned, their players told.
    await endGame(ctx, m, 'end', 'over');
    expect((await gameRow(ID)).status).toBe('finished');
    expect(await gameRow(battle!.gameId)).toMatchObject({ status: 'abandoned', result: { reason: 'campaign' } });
    expect(await battlesOfCampaignTurn(ctx, ID, 1)).toMatchObject([{ ended: true, status: 'abandoned' }]);
    const ends = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, battle!.gameId), eq(outbox.kind, 'game-end')));
    expect(ends).toHaveLength(2);
  });

  it('a battle that ends while its campaign is paused opens the next turn paused; resuming gives it its full time', async () => {
    await startCampaign();
    await setPosition(1, [
      ...homes,
      fleet({ id: 'BF', side: 'blue', hex: '1005', ships: [ship('B1', LINE)] }),
      fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', LINE)] }),
    ]);
    ctx.clock.advanceBy(25 * HOUR);
    await resolveNextDueTurn(ctx);
    const [battle] = await battlesOfCampaignTurn(ctx, ID);
    await pause(ctx, { gameId: ID, key });
    await endGame(ctx, { gameId: battle!.gameId, key }, 'abandon');
    expect(await turnRow(ID, 2)).toMatchObject({ status: 'open', deadline: null });
    ctx.clock.advanceBy(5 * HOUR);
    await resume(ctx, { gameId: ID, key });
    expect((await turnRow(ID, 2))!.deadline).toEqual(new Date(ctx.clock.now().getTime() + 24 * HOUR));
  });

  it('the campaign ended while its battle ends: one waits for the other, whichever comes first', async () => {
    await startCampaign();
    await setPosition(1, [
      ...homes,
      fleet({ id: 'BF', side: 'blue', hex: '1005', ships: [ship('B1', LINE)] }),
      fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', LINE)] }),
    ]);
    ctx.clock.advanceBy(25 * HOUR);
    await resolveNextDueTurn(ctx);
    const [battle] = await battlesOfCampaignTurn(ctx, ID);
    const [campaignEnd, battleEnd] = await Promise.all([
      codeOf(endGame(ctx, { gameId: ID, key }, 'end')),
      codeOf(endGame(ctx, { gameId: battle!.gameId, key }, 'abandon')),
    ]);
    expect(campaignEnd).toBeNull();
    // The battle ended first (and finished the campaign turn), or the campaign's end had abandoned it already.
    expect([null, 'GAME_OVER']).toContain(battleEnd);
    expect((await gameRow(ID)).status).toBe('finished');
    expect((await gameRow(battle!.gameId)).status).toBe('abandoned');
    expect(await battlesOfCampaignTurn(ctx, ID, 1)).toMatchObject([{ ended: true }]);
  });

  it('rolling back a campaign waiting for battles reopens the turn before, its battles abandoned and fought again', async () => {
    await startCampaign();
    await setPosition(1, homes);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1 });
    await setPosition(2, [
      ...homes,
      fleet({ id: 'BF', side: 'blue', hex: '1005', ships: [ship('B1', LINE)] }),
      fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', LINE)] }),
    ]);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 2 });
    const [battle] = await battlesOfCampaignTurn(ctx, ID);
    expect(await codeOf(rollback(ctx, { gameId: battle!.gameId, key }))).toBe('NOTHING_TO_ROLL_BACK');

    expect(await rollback(ctx, { gameId: ID, key }, 'misplaced fleet')).toBe(1);
    expect(await turnRow(ID, 1)).toMatchObject({ status: 'open' });
    expect(await turnRow(ID, 2)).toBeUndefined();
    expect((await gameRow(battle!.gameId)).status).toBe('abandoned');
    expect(await ctx.db.select().from(battles).where(eq(battles.campaignId, ID))).toEqual([]);
    expect(await campaignOfBattle(ctx, battle!.gameId)).toBeNull();

    // Played again, the turn's battle is fought again, as a new game.
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1 });
    await setPosition(2, [
      ...homes,
      fleet({ id: 'BF', side: 'blue', hex: '1005', ships: [ship('B1', LINE)] }),
      fleet({ id: 'RF', side: 'red', hex: '1005', ships: [ship('R1', LINE)] }),
    ]);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 2 });
    const [again] = await battlesOfCampaignTurn(ctx, ID);
    expect(again).toMatchObject({ gameId: `${battle!.gameId}-2`, status: 'setup' });
  });
});
