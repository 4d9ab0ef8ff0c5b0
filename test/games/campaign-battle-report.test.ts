/**
 * A campaign battle fought as a tactical game, as the players read it afterwards: the campaign's turn report tells
 * each side the battle's outcome (who won, the ships each side lost) with the links to the battle's page and archive,
 * on the web as in mail; the battle's own end mail says the campaign goes on; and the campaign's end mail is drawn
 * for each side from that side (its ships the reader's), not from the first side's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { games, outbox, seats, turns } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { tokenOf } from '../../src/games/games/people.ts';
import { seatReport } from '../../src/games/games/views.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { kindOf } from '../../src/kinds/index.ts';
import type { Position } from '../../src/rules/types.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, TEST_PUBLIC_URL, type TestGamesContext } from '../support/games.ts';
import { campaign as campaignFixture, fleet, LINE, SCOUT, ship } from '../rules/strategic/fixtures.ts';
import { WAR_CAMPAIGN } from '../support/campaigns.ts';

const strategic = kindOf('msc-strategic');
const tactical = kindOf('msc-tactical');
const ID = 'c-war';
const BATTLE = 'c-war-t1b1';

describe.each(databaseKinds)('a campaign battle’s outcome in the reports on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  const seatToken = async (gameId: string, side: string) => {
    const [seat] = await ctx.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.side, side)));
    return tokenOf(ctx, seat!);
  };
  const mailsOf = async (gameId: string, kind: 'turn-report' | 'game-end') =>
    ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, gameId), eq(outbox.kind, kind)));

  /**
   * Blue's BF (B1, B2) attacks Red's RF (R1) at 1005 in turn 1; the battle, deployed by default, is played with B2
   * destroyed and R1 flying off the map: Blue wins, having lost one ship, Red none.
   */
  async function fightBattle(): Promise<Record<'blue' | 'red', string>> {
    const created = await createGame(ctx, {
      id: ID,
      name: 'War of the hexes',
      ruleset: 'msc-strategic',
      settings: { ...WAR_CAMPAIGN },
      seats: [
        { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
      ],
    });
    const tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<'blue' | 'red', string>;
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
    await submitOrders(ctx, {
      gameId: ID,
      token: tokens.blue,
      text: `GAME ${ID} TURN 1\nMOVE BF TO 1005\nEND`,
      channel: 'api',
    });
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: ID, turn: 1, gameOver: false });
    // Neither side deploys: the default placement at the deadline.
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: BATTLE, turn: 0, gameOver: false });
    const [started] = await ctx.db.select().from(games).where(eq(games.id, BATTLE));
    const position = tactical.readState(started!.state) as Position;
    const hit = tactical.writeState({
      ...position,
      ships: position.ships.map((s) =>
        s.id === 'B2'
          ? { ...s, status: 'destroyed' as const }
          : s.id === 'R1'
            ? { ...s, hex: { col: 12, row: 1 }, facing: 'N' as const }
            : s,
      ),
    });
    await ctx.db
      .update(turns)
      .set({ stateBefore: hit })
      .where(and(eq(turns.gameId, BATTLE), eq(turns.number, 1)));
    await ctx.db.update(games).set({ state: hit }).where(eq(games.id, BATTLE));
    for (const [side, text] of [
      ['red', `GAME ${BATTLE} TURN 1\nSHIP R1 SPEED 1 MOVE 1\nEND`],
      ['blue', `GAME ${BATTLE} TURN 1\nSHIP B1 SPEED 0 MOVE 0\nEND`],
    ] as const)
      await submitOrders(ctx, { gameId: BATTLE, token: await seatToken(BATTLE, side), text, channel: 'api' });
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: BATTLE, turn: 1, gameOver: true });
    return tokens;
  }

  it('the turn report tells each side who won the battle, the losses on both sides, and links its page and archive', async () => {
    const tokens = await fightBattle();
    const reports = (await mailsOf(ID, 'turn-report')).filter((m) => m.subject.includes('Turn 2 report'));
    const to = (address: string) => reports.find((m) => m.toAddress === address)!.textBody;
    const unwrapped = (text: string) => text.replace(/\n +/g, ' ');
    expect(unwrapped(to('alice@pbem.test'))).toContain(
      `The battle at 1005 ended: fought as tactical game ${BATTLE}, which the enemy won. You lost 0 ships, the enemy 1.`,
    );
    expect(unwrapped(to('bob@pbem.test'))).toContain(
      `The battle at 1005 ended: fought as tactical game ${BATTLE}, which you won. You lost 1 ship, the enemy 0.`,
    );
    for (const mail of [to('alice@pbem.test'), to('bob@pbem.test')]) {
      expect(mail).toContain(`The battle: ${TEST_PUBLIC_URL}/games/${BATTLE}`);
      expect(mail).toContain(`Its archive: ${TEST_PUBLIC_URL}/archive/${BATTLE}`);
      expect(mail).not.toContain('fought as a tactical battle.');
      for (const line of mail.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    }
    // The campaign page tells it as the mail does.
    const page = await seatReport(ctx, ID, tokens.red);
    expect(page?.report?.narrative).toContain(
      `  The battle at 1005 ended: fought as tactical game ${BATTLE}, which the enemy won. You lost 0 ships, the enemy 1.`,
    );
  });

  it('the battle’s end mail says the campaign goes on, with its link', async () => {
    await fightBattle();
    const ends = await mailsOf(BATTLE, 'game-end');
    expect(ends.map((m) => m.toAddress).sort()).toEqual(['alice@pbem.test', 'bob@pbem.test']);
    for (const mail of ends) {
      expect(mail.subject).toBe(`[${BATTLE}] Battle over: Blue Union wins; the campaign goes on`);
      const text = mail.textBody.replace(/\n/g, ' ');
      expect(text).toContain(
        `This battle was fought for turn 1 of the campaign "War of the hexes" (game ${ID}): its outcome goes back to that turn, and the campaign goes on.`,
      );
      expect(text).toContain(`${TEST_PUBLIC_URL}/games/${ID}`);
      expect(mail.htmlBody).toContain('the campaign goes on');
      for (const line of mail.textBody.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    }
  });

  it('the campaign’s end mail draws each side’s map from that side, not from the first side’s', async () => {
    const tokens = await fightBattle();
    await submitText(ctx, { gameId: ID, token: tokens.red, text: `CONCEDE ${ID}`, channel: 'api' });
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 2, gameOver: true });
    const ends = await mailsOf(ID, 'game-end');
    const to = (address: string) => ends.find((m) => m.toAddress === address)!.textBody.replace(/\n +/g, ' ');
    // Blue is the first side: Red's reader sees Red's ships as its own.
    expect(to('alice@pbem.test')).toContain('then Rn: n of your ships, Bn: n enemy ships seen');
    expect(to('bob@pbem.test')).toContain('then Bn: n of your ships, Rn: n enemy ships seen');
  });
});
