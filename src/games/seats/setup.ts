/**
 * The setup phase: each seat whose fleet the scenario does not provide builds
 * it within the budget and deploys it in its zone. A linked game (a
 * campaign's battle, ../battles/) gives each side its ships: the seat only
 * places them, hex and facing. When every side is ready, the position is
 * built and turn 1 opens.
 */
import { and, eq, ne } from 'drizzle-orm';
import { seats, type Game } from '../../db/schema.ts';
import { badRequest, conflict, invalid } from '../errors.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository } from './seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { audit, openTurn, updateGame } from '../games/lifecycle.ts';
import { battleOfGame, setupOf } from '../battles/links.ts';
import type { PlacedShip } from '../../kinds/tactical/scenarios.ts';
import { checkBuiltFleet, checkDeployment, startPosition, type FleetCheck } from '../../kinds/tactical/fleets.ts';
import { positionToJson, settingsOf, soloFleetsOf } from '../games/state.ts';
import { seatByToken } from './seats.ts';

/** A refused fleet or deployment, as the use cases throw it: every problem listed. */
function refuse(check: Extract<FleetCheck, { ok: false }>): never {
  const { how, code, message, problems } = check.refusal;
  throw how === 'unreadable' ? badRequest(code, message, [...problems]) : invalid(code, message, [...problems]);
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
    const ground = { map: settings.map, zone: settings.zones[seat.side] };
    const battle = await battleOfGame(tx, gameId);
    if (battle) {
      const deployed = checkDeployment(raw, setupOf(battle).ships[seat.side] ?? [], ground);
      if (!deployed.ok) refuse(deployed);
      await tx
        .update(seats)
        .set({ fleet: { ships: deployed.ships } })
        .where(eq(seats.id, seat.id));
      await audit(ctx, tx, {
        gameId,
        actor: `seat:${seat.side}`,
        action: 'deploy',
        details: { ships: deployed.ships.length },
      });
      return startIfReady(ctx, tx, game);
    }
    // Ship ids are unique in the whole game: orders name ships by id alone.
    const others = await tx
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), ne(seats.id, seat.id)));
    const taken = new Set([
      ...others.flatMap((o) => (o.fleet?.ships ?? []).map((x) => x.id)),
      ...Object.values(soloFleetsOf(game))
        .flat()
        .map((x) => x.id),
    ]);
    const built = checkBuiltFleet(raw, { ...ground, budget: settings.budget, sizes: settings.sizes, taken });
    if (!built.ok) refuse(built);
    const ships = built.ships;
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

  const position = positionToJson(
    startPosition(
      { map: settings.map, sides: settings.sides.map((s) => s.id), solo: settings.solo, turnLimit: settings.turnLimit },
      (side) => fleetOf(side)!,
    ),
  );
  const started: Game = { ...game, status: 'active', state: position, currentTurn: 1, version: game.version + 1 };
  await updateGame(ctx, tx, game, { status: 'active', state: position, currentTurn: 1 });
  await openTurn(ctx, tx, started, 1, position, game.diceState);
  await audit(ctx, tx, { gameId: game.id, actor: 'system', action: 'start' });
  return { ...started, updatedAt: ctx.clock.now() };
}
