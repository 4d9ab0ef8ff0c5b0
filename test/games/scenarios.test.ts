/**
 * A game's scenario comes from its kind (`GameKind.scenarios`): createGame takes one of the kind's, and refuses any
 * other with UNKNOWN_SCENARIO and a message naming the kind's scenarios (and the kind a scenario of another belongs
 * to); a kind without scenarios takes none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { AppError } from '../../src/games/errors.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';

const seats = (a: string, b: string) => [
  { side: a, email: `${a}@pbem.test`, name: a },
  { side: b, email: `${b}@pbem.test`, name: b },
];

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('scenarios by kind', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(() => database.drop());

  it("a scenario that is not the kind's is refused with UNKNOWN_SCENARIO, naming the kind's scenarios", async () => {
    const ctx = gamesContext(database);
    const scg = await refusal(
      createGame(ctx, { name: 'x', ruleset: 'scg', scenario: 'tutorial-duel', seats: seats('west', 'east') }),
    );
    expect(scg.code).toBe('UNKNOWN_SCENARIO');
    expect(scg.message).toMatch(
      /Simple Combat Game has no scenario "tutorial-duel": choose scg-tank-battle, scg-combined-arms/,
    );
    expect(scg.message).toContain('give ruleset msc-tactical');
    expect(scg.problems.map((p) => p.code)).toEqual(['UNKNOWN_SCENARIO']);

    // The default kind, the tactical battle, does not know the Simple Combat Game's: the message says whose it is.
    const tactical = await refusal(
      createGame(ctx, { name: 'x', scenario: 'scg-tank-battle', seats: seats('west', 'east') }),
    );
    expect(tactical.code).toBe('UNKNOWN_SCENARIO');
    expect(tactical.message).toMatch(/choose tutorial-duel, skirmish-3v3, solo-mission, custom/);
    expect(tactical.message).toContain('give ruleset scg');

    const campaign = await refusal(
      createGame(ctx, { name: 'x', ruleset: 'msc-strategic', scenario: 'anything', seats: seats('red', 'blue') }),
    );
    expect(campaign.code).toBe('UNKNOWN_SCENARIO');
    expect(campaign.message).toContain('a strategic campaign takes no scenario');
  });

  it("a scenario of the kind makes the game: the Simple Combat Game's places every unit, so turn 1 opens at once", async () => {
    const ctx = gamesContext(database);
    const { game } = await createGame(ctx, {
      name: 'Combined',
      ruleset: 'scg',
      scenario: 'scg-combined-arms',
      seats: seats('west', 'east'),
    });
    expect(game.id).toMatch(/^scg-/);
    expect(game.status).toBe('active');
    expect((game.state as { units: unknown[] }).units).toHaveLength(16);
    const open = await database.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, game.id), eq(turns.status, 'open')));
    expect(open.map((t) => t.number)).toEqual([1]);

    // Options the scenario does not take are refused, by their field.
    const options = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'scg-tank-battle',
        options: { handicap: 25 },
        seats: seats('west', 'east'),
      }),
    );
    expect(options.code).toBe('INVALID_GAME');
    expect(options.problems[0]?.message).toMatch(/^options/);

    // The tactical battle reads its own options as before: a handicap it does not offer is refused, custom or not.
    for (const scenario of ['solo-mission', 'custom']) {
      const handicap = await refusal(
        createGame(ctx, {
          name: 'x',
          scenario,
          options: { handicap: 33 },
          settings: {
            map: { width: 10, height: 10 },
            sides: [
              { id: 'red', name: 'Red' },
              { id: 'blue', name: 'Blue' },
            ],
          },
          seats: seats('red', 'blue'),
        }),
      );
      expect(handicap.code, scenario).toBe('INVALID_GAME');
      expect(handicap.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^options\.handicap: /)]);
    }
  });
});
