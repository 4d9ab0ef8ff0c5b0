/**
 * A campaign battle fought as a linked tactical game between ships of the same ids (issue 24 item 1, issue 27 item
 * 11: ids belong to a side), on PGlite and PostgreSQL: the tactical game gives the later side's ship an id of its own,
 * its deployment mail says so, and the ships come back to the campaign under their own ids, each to its side.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { battles, games, outbox, seats, turns } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { kindOf } from '../../src/kinds/index.ts';
import type { Campaign } from '../../src/rules/strategic/types.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { campaign as campaignFixture, fleet, LINE, SCOUT, ship } from '../rules/strategic/fixtures.ts';
import { WAR_CAMPAIGN } from '../support/campaigns.ts';

const strategic = kindOf('msc-strategic');
const ID = 'c-shared';

describe.each(databaseKinds)('a campaign battle between ships of the same ids on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
  });
  afterEach(() => database.drop());

  it("the battle gives red's S1 an id of its own and says so; the campaign gets its ships back by side", async () => {
    const created = await createGame(ctx, {
      id: ID,
      name: 'Shared ids',
      ruleset: 'msc-strategic',
      settings: { ...WAR_CAMPAIGN },
      seats: [
        { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
      ],
    });
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: ID, turn: 0 });
    // Both sides call their fleet F1 and a ship S1.
    const state = strategic.writeState(
      campaignFixture({
        turn: 1,
        options: { battles: 'tactical', fog: 'positions', turnLimit: null, ids: 'side' },
        fleets: [
          fleet({ id: 'H', side: 'blue', hex: '0202', ships: [ship('H1', SCOUT)] }),
          fleet({ id: 'H', side: 'red', hex: '1909', ships: [ship('H1', SCOUT)] }),
          fleet({ id: 'F1', side: 'blue', hex: '1004', ships: [ship('S1', LINE), ship('S2', SCOUT)] }),
          fleet({ id: 'F1', side: 'red', hex: '1005', ships: [ship('S1', SCOUT)] }),
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
      text: `GAME ${ID} TURN 1\nMOVE F1 TO 1005\nEND`,
      channel: 'api',
    });
    expect(move.stored).toBe(true);
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: ID, turn: 1, gameOver: false });
    const [battle] = await ctx.db.select().from(battles).where(eq(battles.campaignId, ID));
    const given = (battle!.setup as { ships: Record<string, { id: string }[]> }).ships;
    expect(given['blue']!.map((x) => x.id)).toEqual(['S1', 'S2']);
    expect(given['red']!.map((x) => x.id)).toEqual(['S12']);

    const redSeat = (
      await ctx.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, battle!.gameId), eq(seats.side, 'red')))
    )[0]!;
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, battle!.gameId), eq(outbox.toAddress, redSeat.email)));
    expect(mails.map((m) => m.textBody).join('\n')).toMatch(/In this battle your S1 is\s+S12/);

    // The battle ends before it starts: every ship survives, and each comes back to its own side.
    const mod = await ctx.db.select().from(games).where(eq(games.id, ID));
    expect(mod[0]!.status).toBe('active');
    await endGame(ctx, { gameId: battle!.gameId, operator: true }, 'end', 'a test');
    const after = strategic.readState(
      (await ctx.db.select().from(games).where(eq(games.id, ID)))[0]!.state,
    ) as Campaign;
    expect(after.fleets.map((f) => [f.side, f.id, f.ships.map((s) => s.id)])).toEqual([
      ['blue', 'H', ['H1']],
      ['red', 'H', ['H1']],
      ['blue', 'F1', ['S1', 'S2']],
      ['red', 'F1', ['S1']],
    ]);
  });
});
