/**
 * A campaign played through the use cases for the archive's tests: `battles: "tactical"`, its setup phase closed by
 * default, turn 1 a battle fought as a linked tactical game (Blue's BF moves into Red's RF at 1005; Red deploys R1
 * by hand, Blue is placed by default, and R1 flies off the map), turn 2 a quiet turn. The position of turn 1 is
 * written as a fixture (test/rules/strategic/fixtures.ts), so that the battle fought is known.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { games, seats, turns } from '../../src/db/schema.ts';
import { battlesOfCampaignTurn } from '../../src/games/battles/views.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { tokenOf } from '../../src/games/games/people.ts';
import { submitFleet } from '../../src/games/seats/setup.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { kindOf } from '../../src/kinds/index.ts';
import type { TestGamesContext } from '../support/games.ts';
import { campaign as campaignFixture, fleet, LINE, SCOUT, ship } from '../rules/strategic/fixtures.ts';
import { WAR_CAMPAIGN } from '../support/campaigns.ts';

export interface PlayedCampaign {
  readonly id: string;
  /** The moderator key. */
  readonly key: string;
  /** The seats' tokens. */
  readonly tokens: Record<'blue' | 'red', string>;
  /** The linked tactical game that fought turn 1's battle. */
  readonly battleId: string;
}

/** A campaign with `battles: "tactical"` whose setup phase closed by default: turn 1 is open. */
export async function startCampaign(
  ctx: TestGamesContext,
  id: string,
  options: { readonly public?: boolean } = {},
): Promise<Omit<PlayedCampaign, 'battleId'>> {
  const created = await createGame(
    ctx,
    {
      id,
      name: 'War of the hexes',
      ruleset: 'msc-strategic',
      settings: {
        ...WAR_CAMPAIGN,
        ...(options.public === false ? { public: false } : {}),
      },
      seats: [
        { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
        { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
      ],
    },
    'test',
    { moderatorEmail: 'mod@pbem.test' },
  );
  ctx.clock.advanceBy(25 * HOUR);
  expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: id, turn: 0 });
  const tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<'blue' | 'red', string>;
  return { id, key: created.moderatorToken, tokens };
}

/**
 * The open turn's position, and the game's, set to a campaign where Blue's BF (B1, B2) stands next to Red's RF (R1)
 * at 1005 (Blue's home 0202, Red's 1909).
 */
export async function setPosition(ctx: TestGamesContext, id: string, turn: number) {
  const state = kindOf('msc-strategic').writeState(
    campaignFixture({
      turn,
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
    .where(and(eq(turns.gameId, id), eq(turns.number, turn)));
  await ctx.db.update(games).set({ state }).where(eq(games.id, id));
}

/** A seat's token, as its mails carry it. */
export async function seatToken(ctx: TestGamesContext, gameId: string, side: string): Promise<string> {
  const [seat] = await ctx.db
    .select()
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.side, side)));
  return tokenOf(ctx, seat!);
}

/** Orders sent through the API's use case; they must be stored. */
export async function send(ctx: TestGamesContext, gameId: string, token: string, text: string) {
  const sent = await submitOrders(ctx, { gameId, token, text, channel: 'api' });
  expect(sent.stored).toBe(true);
}

/** Turn 1 stops for its battle; the battle is deployed and fought to its end; turn 1 finishes from it. */
export async function fightTurnOne(ctx: TestGamesContext, started: Omit<PlayedCampaign, 'battleId'>): Promise<string> {
  const { id, tokens } = started;
  await setPosition(ctx, id, 1);
  await send(ctx, id, tokens.blue, `GAME ${id} TURN 1\nMOVE BF TO 1005\nEND`);
  ctx.clock.advanceBy(25 * HOUR);
  expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: id, turn: 1, gameOver: false });
  const [battle] = await battlesOfCampaignTurn(ctx, id, 1);
  const battleId = battle!.gameId;

  // Red deploys by hand; Blue is placed by default at the deployment deadline.
  const redToken = await seatToken(ctx, battleId, 'red');
  await submitFleet(ctx, battleId, redToken, { ships: [{ id: 'R1', hex: '1201', facing: 'N' }] });
  ctx.clock.advanceBy(25 * HOUR);
  expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: battleId, turn: 0, gameOver: false });

  // R1 flies off the map (disengaged); Blue holds: Red has nothing left in play, the battle ends.
  await send(ctx, battleId, redToken, `GAME ${battleId} TURN 1\nSHIP R1 SPEED 1 MOVE 1\nEND`);
  const blueToken = await seatToken(ctx, battleId, 'blue');
  await send(ctx, battleId, blueToken, `GAME ${battleId} TURN 1\nSHIP B1 SPEED 0 MOVE 0\nSHIP B2 SPEED 0 MOVE 0\nEND`);
  expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: battleId, turn: 1, gameOver: true });
  return battleId;
}

/** The whole story: setup, turn 1 with its battle, turn 2 resolved at its deadline with no orders; turn 3 open. */
export async function playedCampaign(
  ctx: TestGamesContext,
  id: string,
  options: { readonly public?: boolean } = {},
): Promise<PlayedCampaign> {
  const started = await startCampaign(ctx, id, options);
  const battleId = await fightTurnOne(ctx, started);
  ctx.clock.advanceBy(25 * HOUR);
  expect(await resolveNextDueTurn(ctx)).toEqual({ gameId: id, turn: 2, gameOver: false });
  return { ...started, battleId };
}
