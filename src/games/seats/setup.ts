/**
 * The setup phase: each seat whose fleet the scenario does not provide builds
 * it within the budget and deploys it in its zone. A linked game (a
 * campaign's battle, ../battles/) gives each side its ships: the seat only
 * places them, hex and facing. When every side is ready, the position is
 * built and turn 1 opens.
 */
import { z } from 'zod';
import { and, eq, ne } from 'drizzle-orm';
import { seats, type Game } from '../../db/schema.ts';
import { DIRECTIONS, type Ship } from '../../rules/types.ts';
import { checkFleet, parseWeapons } from '../../rules/design.ts';
import { onMap, parseHex } from '../../rules/hex.ts';
import type { ProblemDetail } from '../errors.ts';
import { badRequest, conflict, invalid } from '../errors.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository } from './seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { audit, openTurn, updateGame } from '../games/lifecycle.ts';
import { describeZone, inZone, type GameSettings } from '../games/settings.ts';
import type { LinkedGameSetup } from '../../kinds/kind.ts';
import { battleOfGame, placedFleet, setupOf } from '../battles/links.ts';
import type { PlacedShip } from '../games/scenarios.ts';
import { positionToJson, settingsOf, soloFleetsOf } from '../games/state.ts';
import { seatByToken } from './seats.ts';

const fleetSchema = z.strictObject({
  ships: z
    .array(
      z.strictObject({
        id: z.string().max(40),
        engine: z.number().int(),
        shields: z.number().int(),
        toHit: z.number().int(),
        weapons: z.union([z.array(z.string().max(4)).max(10), z.string().max(40)]),
        hex: z.string().max(10),
        facing: z.enum(DIRECTIONS, { message: `facing is one of ${DIRECTIONS.join(' ')}` }),
      }),
    )
    .min(1)
    .max(60),
});

/** A linked game's deployment: each given ship once, on a hex of the side's zone, with a facing. */
const deploymentSchema = z.strictObject({
  ships: z
    .array(
      z.strictObject({
        id: z.string().max(40),
        hex: z.string().max(10),
        facing: z.enum(DIRECTIONS, { message: `facing is one of ${DIRECTIONS.join(' ')}` }),
      }),
    )
    .min(1)
    .max(500),
});

function readBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw badRequest(
      'INVALID_FLEET',
      'the fleet could not be read',
      parsed.error.issues.map((i) => ({ code: 'INVALID_FIELD', message: `${i.path.join('.')}: ${i.message}` })),
    );
  }
  return parsed.data;
}

/** Problems with a ship's hex: unreadable, off the map, or outside the side's zone. */
function hexProblems(settings: GameSettings, side: string, ship: { id: string; hex: string }): ProblemDetail[] {
  const hex = parseHex(ship.hex);
  if (!hex.ok) return [{ ...hex.error, ship: ship.id }];
  if (!onMap(hex.value, settings.map))
    return [
      {
        code: 'HEX_OFF_MAP',
        ship: ship.id,
        message: `${ship.hex} is off the ${settings.map.width}×${settings.map.height} map`,
      },
    ];
  if (!inZone(settings.zones[side], hex.value))
    return [
      {
        code: 'HEX_OUTSIDE_ZONE',
        ship: ship.id,
        message: `${ship.hex} is outside your deployment zone (${describeZone(settings.zones[side]!)})`,
      },
    ];
  return [];
}

/** A linked game's deployment checked against the ships the side was given: each exactly once, in its zone. */
function deployGiven(settings: GameSettings, setup: LinkedGameSetup, side: string, raw: unknown): PlacedShip[] {
  const body = readBody(deploymentSchema, raw);
  const given = (setup.ships[side] ?? []).map((s) => s.id);
  const problems: ProblemDetail[] = [];
  const placement: { id: string; hex: string; facing: string }[] = [];
  for (const s of body.ships) {
    const id = given.find((g) => g.toUpperCase() === s.id.toUpperCase());
    if (id === undefined) {
      problems.push({
        code: 'UNKNOWN_SHIP',
        ship: s.id,
        message: `${s.id} is not yours here: you place ${given.join(', ')}`,
      });
      continue;
    }
    if (placement.some((p) => p.id === id)) {
      problems.push({ code: 'SHIP_TWICE', ship: id, message: `${id} is placed twice: place each ship once` });
      continue;
    }
    problems.push(...hexProblems(settings, side, s));
    placement.push({ id, hex: s.hex, facing: s.facing });
  }
  for (const id of given.filter((g) => !placement.some((p) => p.id === g)))
    problems.push({ code: 'SHIP_MISSING', ship: id, message: `${id} is not placed: place every ship you were given` });
  if (problems.length > 0)
    throw invalid(
      'FLEET_REJECTED',
      'the deployment was not accepted: fix every problem listed and send it again',
      problems,
    );
  return placedFleet(setup, side, placement);
}

/**
 * A seat submits its fleet (a linked game: its deployment of the ships given). Every problem is listed; nothing is
 * stored unless all is well.
 */
export async function submitFleet(ctx: GamesContext, gameId: string, token: string, raw: unknown): Promise<Game> {
  return ctx.db.transaction(async (tx) => {
    const game = await createGamesRepository(tx).byId(gameId, { forUpdate: true });
    const seat = await seatByToken(tx, gameId, token);
    if (game.status !== 'setup')
      throw conflict('NOT_IN_SETUP', `game ${gameId} has started: fleets can no longer change`);
    const settings = settingsOf(game);
    const battle = await battleOfGame(tx, gameId);
    if (battle) {
      const ships = deployGiven(settings, setupOf(battle), seat.side, raw);
      await tx.update(seats).set({ fleet: { ships } }).where(eq(seats.id, seat.id));
      await audit(ctx, tx, { gameId, actor: `seat:${seat.side}`, action: 'deploy', details: { ships: ships.length } });
      return startIfReady(ctx, tx, game);
    }
    const body = readBody(fleetSchema, raw);
    const problems: ProblemDetail[] = [];
    const ships: PlacedShip[] = [];
    for (const s of body.ships) {
      const weapons = typeof s.weapons === 'string' ? parseWeapons(s.weapons) : parseWeapons(s.weapons.join(' '));
      if (!weapons.ok) problems.push({ ...weapons.error, ship: s.id });
      problems.push(...hexProblems(settings, seat.side, s));
      ships.push({
        id: s.id,
        hex: s.hex,
        facing: s.facing,
        design: { engine: s.engine, shields: s.shields, toHit: s.toHit, weapons: weapons.ok ? weapons.value : [] },
      });
    }
    problems.push(
      ...checkFleet(ships, { budget: settings.budget, ...(settings.sizes ? { sizes: settings.sizes } : {}) }),
    );
    // Ship ids are unique in the whole game: orders name ships by id alone.
    const others = await tx
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), ne(seats.id, seat.id)));
    const taken = new Set([
      ...others.flatMap((o) => (o.fleet?.ships ?? []).map((x) => x.id.toUpperCase())),
      ...Object.values(soloFleetsOf(game))
        .flat()
        .map((x) => x.id.toUpperCase()),
    ]);
    for (const s of ships) {
      if (taken.has(s.id.toUpperCase()))
        problems.push({
          code: 'SHIP_ID_TAKEN',
          ship: s.id,
          message: `ship id ${s.id} is used by another side: choose another`,
        });
    }
    if (problems.length > 0)
      throw invalid(
        'FLEET_REJECTED',
        'the fleet was not accepted: fix every problem listed and send it again',
        problems,
      );
    await tx.update(seats).set({ fleet: { ships } }).where(eq(seats.id, seat.id));
    await audit(ctx, tx, { gameId, actor: `seat:${seat.side}`, action: 'fleet', details: { ships: ships.length } });
    return startIfReady(ctx, tx, game);
  });
}

/** Builds the position and opens turn 1 once every side has its fleet. Returns the game as it now stands. */
export async function startIfReady(ctx: GamesContext, tx: Tx, game: Game): Promise<Game> {
  const settings = settingsOf(game);
  const seatRows = await createSeatsRepository(tx).ofGame(game.id);
  const solo = soloFleetsOf(game);
  const fleetOf = (side: string): PlacedShip[] | null =>
    solo[side] ?? seatRows.find((s) => s.side === side)?.fleet?.ships ?? null;
  if (settings.sides.some((s) => fleetOf(s.id) === null)) return game;

  const ships: Ship[] = settings.sides.flatMap((side) =>
    fleetOf(side.id)!.map((p) => {
      const hex = parseHex(p.hex);
      if (!hex.ok) throw new Error(`stored fleet has a bad hex ${p.hex}`);
      return {
        id: p.id,
        side: side.id,
        hex: hex.value,
        facing: p.facing,
        speed: settings.solo.includes(side.id) ? (p.speed ?? p.design.engine) : null,
        ...p.design,
        design: p.design,
        status: 'active' as const,
      };
    }),
  );
  const position = positionToJson({
    map: settings.map,
    turn: 1,
    sides: settings.sides.map((s) => s.id),
    solo: settings.solo,
    ships,
    turnLimit: settings.turnLimit,
    conceded: [],
  });
  const started: Game = { ...game, status: 'active', state: position, currentTurn: 1, version: game.version + 1 };
  await updateGame(ctx, tx, game, { status: 'active', state: position, currentTurn: 1 });
  await openTurn(ctx, tx, started, 1, position, game.diceState);
  await audit(ctx, tx, { gameId: game.id, actor: 'system', action: 'start' });
  return { ...started, updatedAt: ctx.clock.now() };
}
