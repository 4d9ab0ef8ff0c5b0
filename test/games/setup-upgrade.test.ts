/**
 * A tactical battle still in setup when the service is upgraded: it was stored the way setup used to be kept (each
 * fleet in its seat's row, no turn 0). Migration 0009 gives it the kind's settings and an open turn 0 with the fleets
 * already in as submissions, and it goes on as any game set up on the turn queue does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { games, seats, submissions, turns } from '../../src/db/schema.ts';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';
import { createGame } from '../../src/games/games/create.ts';
import { publicGameView, seatGameView } from '../../src/games/games/views.ts';
import { readPosition } from '../../src/games/games/state.ts';
import { submitFleet } from '../../src/games/seats/setup.ts';
import { formatHex } from '../../src/rules/hex.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';

const ship = (id: string, hex: string) => ({ id, engine: 3, shields: 4, toHit: 4, weapons: 'F FR', hex, facing: 'NE' });

/** The migration's statements, as `msc migrate` runs them. */
const upgrade = readFileSync(join(MIGRATIONS_FOLDER, '0009_tactical_setup_turn.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => s !== '');

describe.each(databaseKinds)('a tactical game in setup from before the upgrade, on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(() => database.drop());

  it('keeps the fleets in, takes the others, and starts when every side has one', async () => {
    const ctx = gamesContext(database);
    const { game, seats: tokens } = await createGame(ctx, {
      id: 'old-skirmish',
      name: 'Old skirmish',
      scenario: 'skirmish-3v3',
      seats: [
        { side: 'red', email: 'r@pbem.test', name: 'Red' },
        { side: 'blue', email: 'b@pbem.test', name: 'Blue' },
      ],
    });
    const token = (side: string) => tokens.find((s) => s.side === side)!.token;
    const redFleet = [
      { id: 'R1', hex: '0105', facing: 'NE', design: { engine: 3, shields: 4, toHit: 4, weapons: ['F', 'FR'] } },
      { id: 'R2', hex: '0206', facing: 'NE', design: { engine: 3, shields: 4, toHit: 4, weapons: ['F', 'FR'] } },
    ];
    // Stored as before: the service's settings with the scenario's name, no kind settings, no state, no turn 0; Red's
    // fleet in its seat's row.
    const { kindSettings: _kindSettings, ...old } = game.settings;
    await database.db.delete(turns).where(eq(turns.gameId, game.id));
    await database.db
      .update(games)
      .set({ settings: { ...old, soloFleets: {} }, state: null })
      .where(eq(games.id, game.id));
    await database.db
      .update(seats)
      .set({ fleet: { ships: redFleet as never } })
      .where(and(eq(seats.gameId, game.id), eq(seats.side, 'red')));

    for (const statement of upgrade) await database.db.execute(sql.raw(statement));
    // Run twice, it changes nothing more.
    for (const statement of upgrade) await database.db.execute(sql.raw(statement));

    const [turn0] = await database.db.select().from(turns).where(eq(turns.gameId, game.id));
    expect(turn0).toMatchObject({ number: 0, status: 'open', deadline: null });
    expect(await database.db.select().from(submissions).where(eq(submissions.gameId, game.id))).toHaveLength(1);
    const view = await publicGameView(ctx, game.id);
    expect(view.seats.map((s) => [s.side, s.fleetIn])).toEqual([
      ['blue', false],
      ['red', true],
    ]);
    expect((await seatGameView(ctx, game.id, token('red'))).me.fleet).toEqual({ ships: redFleet });

    // Blue's fleet is checked against Red's (ship ids are the game's), then taken: the battle starts.
    await expect(submitFleet(ctx, game.id, token('blue'), { ships: [ship('r1', '1505')] })).rejects.toMatchObject({
      code: 'FLEET_REJECTED',
    });
    const started = await submitFleet(ctx, game.id, token('blue'), {
      ships: [ship('B1', '1605'), ship('B2', '1506'), ship('B3', '1407')],
    });
    expect(started).toMatchObject({ status: 'active', currentTurn: 1 });
    expect(readPosition(started.state).ships.map((s) => `${s.side} ${s.id} ${formatHex(s.hex)}`)).toEqual([
      'red R1 0105',
      'red R2 0206',
      'blue B1 1605',
      'blue B2 1506',
      'blue B3 1407',
    ]);
  });
});
