/** The setup phase and scenarios, on PGlite and PostgreSQL. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';
import { games, turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { submitFleet } from '../../src/games/seats/setup.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { AppError } from '../../src/games/errors.ts';
import { readPosition } from '../../src/games/games/state.ts';
import { designCost } from '../../src/rules/design.ts';

const problemsOf = (p: Promise<unknown>) =>
  p.then(
    () => [],
    (e: unknown) => (e instanceof AppError ? e.problems.map((x) => x.code) : [String(e)]),
  );
const ship = (id: string, hex: string, weapons = 'F FR') => ({
  id,
  engine: 3,
  shields: 4,
  toHit: 4,
  weapons,
  hex,
  facing: 'NE' as const,
});

describe.each(databaseKinds)('setup on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('the 3-v-3 15-BP skirmish: each seat builds within budget and sizes, deploys in its zone, and turn 1 opens when both are in', async () => {
    const ctx = gamesContext(database);
    const { game, seats } = await createGame(ctx, {
      name: 'Skirmish',
      scenario: 'skirmish-3v3',
      seats: [
        { side: 'red', email: 'r@pbem.test', name: 'Red' },
        { side: 'blue', email: 'b@pbem.test', name: 'Blue' },
      ],
    });
    expect(game.status).toBe('setup');
    const red = seats.find((s) => s.side === 'red')!.token;
    const blue = seats.find((s) => s.side === 'blue')!.token;
    await expect(
      submitOrders(ctx, { gameId: game.id, token: red, text: 'HELP', channel: 'api' }),
    ).rejects.toMatchObject({ code: 'GAME_NOT_STARTED' });
    // Over budget, a size the scenario does not allow, outside the zone, and R as a weapon side.
    expect(
      await problemsOf(
        submitFleet(ctx, game.id, red, {
          ships: [ship('R1', '0105'), ship('R2', '0106'), ship('R3', '0107'), ship('R4', '0108')],
        }),
      ),
    ).toContain('FLEET_OVER_BUDGET');
    expect(await problemsOf(submitFleet(ctx, game.id, red, { ships: [ship('R1', '0105', 'F')] }))).toContain(
      'DESIGN_SIZE',
    );
    expect(await problemsOf(submitFleet(ctx, game.id, red, { ships: [ship('R1', '0805')] }))).toEqual([
      'HEX_OUTSIDE_ZONE',
    ]);
    expect(await problemsOf(submitFleet(ctx, game.id, red, { ships: [ship('R1', '0105', 'F R')] }))).toContain(
      'DESIGN_WEAPON_SIDE',
    );
    expect(
      (await submitFleet(ctx, game.id, red, { ships: [ship('R1', '0105'), ship('R2', '0206'), ship('R3', '0307')] }))
        .status,
    ).toBe('setup');
    expect(await problemsOf(submitFleet(ctx, game.id, blue, { ships: [ship('r1', '1505')] }))).toContain(
      'SHIP_ID_TAKEN',
    );
    const started = await submitFleet(ctx, game.id, blue, {
      ships: [ship('B1', '1605'), ship('B2', '1506'), ship('B3', '1407')],
    });
    expect(started).toMatchObject({ status: 'active', currentTurn: 1 });
    const position = readPosition(started.state);
    expect(position.ships.map((s) => s.id)).toEqual(['R1', 'R2', 'R3', 'B1', 'B2', 'B3']);
    expect(position.ships.every((s) => s.speed === null && designCost(s.design) === 15)).toBe(true);
    await expect(submitFleet(ctx, game.id, red, { ships: [ship('R1', '0105')] })).rejects.toMatchObject({
      code: 'NOT_IN_SETUP',
    });
  });

  it.each([0, 25, 50, 100] as const)(
    'the solo mission with a %i %% handicap gives the solo rules that much more BP, and they play it',
    async (handicap) => {
      const ctx = gamesContext(database);
      const { game, seats } = await createGame(ctx, {
        name: 'Solo',
        scenario: 'solo-mission',
        options: { handicap },
        seats: [{ side: 'player', email: 'p@pbem.test', name: 'P' }],
      });
      const [g] = await ctx.db.select().from(games).where(eq(games.id, game.id));
      // The raiders' ships are the game's own: the kind's settings provide them (the player sets up alone).
      const raiders = (
        g!.settings as unknown as {
          kindSettings: { fleets: { raiders: Array<{ design: Parameters<typeof designCost>[0] }> } };
        }
      ).kindSettings.fleets.raiders;
      const bp = raiders.reduce((n, r) => n + designCost(r.design), 0);
      expect(bp).toBeLessThanOrEqual(Math.floor(30 * (1 + handicap / 100)));
      expect(bp).toBeGreaterThan(Math.floor(30 * (1 + handicap / 100)) - 10);
      const started = await submitFleet(ctx, game.id, seats[0]!.token, {
        ships: [ship('Hawk', '0210'), ship('Kite', '0311')],
      });
      expect(started.status).toBe('active');
      await submitOrders(ctx, {
        gameId: game.id,
        token: seats[0]!.token,
        text: 'SHIP Hawk SPEED 1 MOVE 1\nSHIP Kite SPEED 1 MOVE 1',
        channel: 'api',
      });
      expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 1 });
      const [t1] = await ctx.db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, game.id), eq(turns.number, 1)));
      expect((t1!.events as Array<{ type: string }>).filter((e) => e.type === 'solo-move')).toHaveLength(
        raiders.length,
      );
    },
  );

  it('refuses a game whose seats do not match its sides, naming what is wrong', async () => {
    const ctx = gamesContext(database);
    const e = await createGame(ctx, {
      name: 'x',
      scenario: 'tutorial-duel',
      seats: [
        { side: 'black', email: 'a@pbem.test', name: 'A' },
        { side: 'white', email: 'w@pbem.test', name: 'W' },
      ],
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).problems.map((p) => p.code)).toEqual(['UNKNOWN_SIDE', 'SEAT_MISSING']);
    await expect(
      createGame(ctx, {
        name: 'x',
        scenario: 'tutorial-duel',
        seats: [{ side: 'black', email: 'not-mail', name: 'A' }],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_GAME' });
  });
});
