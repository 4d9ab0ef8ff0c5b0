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

  it('a custom Simple Combat Game: its position as msc scg resolve reads it (§18.1), checked as the adjudicator checks it', async () => {
    const ctx = gamesContext(database);
    // rules-scg.md §15.3, the worked example: "A 10 × 8 map, `0604` impassable; west (seat 1) has `WM` (Medium Tank)
    // at `0205` and `WL` (Light Tank) at `0207`; east has `EH` (Dual-Heavy Tank) at `0904`."
    const position = {
      map: { width: 10, height: 8, impassable: ['0604'] },
      sides: ['west', 'east'],
      units: [
        { id: 'WM', side: 'west', type: 'medium-tank', hex: '0205' },
        { id: 'WL', side: 'west', type: 'light-tank', hex: '0207' },
        { id: 'EH', side: 'east', type: 'dual-heavy-tank', hex: '0904' },
      ],
    };
    const { game } = await createGame(ctx, {
      name: 'Worked example',
      ruleset: 'scg',
      scenario: 'custom',
      settings: { position, turnLimit: 5 },
      seats: seats('west', 'east'),
    });
    expect(game.status).toBe('active');
    expect(game.state).toMatchObject({ turn: 1, turnLimit: 5, map: { width: 10, height: 8 } });

    // No scenario and no position: what to give is said.
    const none = await refusal(createGame(ctx, { name: 'x', ruleset: 'scg', seats: seats('west', 'east') }));
    expect(none.code).toBe('INVALID_SETTINGS');
    expect(none.problems[0]?.message).toMatch(/^position: a custom Simple Combat Game needs its position/);

    // A unit on an impassable hex (§18.6 INVALID_POSITION), by the adjudicator's own check.
    const blocked = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'custom',
        settings: {
          position: { ...position, units: [...position.units.slice(0, 2), { ...position.units[2]!, hex: '0604' }] },
        },
        seats: seats('west', 'east'),
      }),
    );
    expect(blocked.code).toBe('INVALID_SETTINGS');
    expect(blocked.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^position\.units\.EH: INVALID_POSITION: .*impassable/),
    ]);

    // A scenario places its own units.
    const both = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'scg-tank-battle',
        settings: { position },
        seats: seats('west', 'east'),
      }),
    );
    expect(both.problems[0]?.message).toMatch(/places its own units/);
  });
  it('scenario forces: each side a force list of §14.2 types within a points budget, placed by the kind', async () => {
    const ctx = gamesContext(database);
    const tanks = { 'dual-heavy-tank': 1, 'medium-tank': 1, 'light-tank': 2 };
    const { game } = await createGame(ctx, {
      name: 'Own forces',
      ruleset: 'scg',
      scenario: 'forces',
      settings: { forces: { budget: 61, west: tanks, east: { 'medium-tank': 3, 'infantry-squad': 2 } } },
      seats: seats('west', 'east'),
    });
    expect(game.status).toBe('active');
    const state = game.state as { turnLimit: number; map: { width: number }; units: { id: string; hex: string }[] };
    expect(state.turnLimit).toBe(10);
    expect(state.map.width).toBe(16);
    expect(state.units.map((u) => `${u.id} ${u.hex}`)).toEqual([
      'WL1 0106',
      'WL2 0107',
      'WM 0105',
      'WH 0108',
      'EM1 1607',
      'EM2 1606',
      'EM3 1608',
      'EI1 1605',
      'EI2 1609',
    ]);

    // Over the budget: which side, its total and the budget.
    const over = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'forces',
        settings: { forces: { budget: 61, west: tanks, east: { 'dual-heavy-tank': 2, 'light-tank': 1 } } },
        seats: seats('west', 'east'),
      }),
    );
    expect(over.code).toBe('INVALID_SETTINGS');
    expect(over.problems).toEqual([
      {
        code: 'OVER_BUDGET',
        message: "forces.east: east's force costs 68 points, over the budget of 61: take units out or raise the budget",
      },
    ]);

    // No force list, an empty side, a type that is not §14.2's, a force list beside a named scenario.
    const none = await refusal(
      createGame(ctx, { name: 'x', ruleset: 'scg', scenario: 'forces', seats: seats('west', 'east') }),
    );
    expect(none.problems.map((p) => p.code)).toEqual(['FORCES_MISSING']);
    const empty = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'forces',
        settings: { forces: { budget: 61, board: 'scg-combined-arms', west: tanks, east: {} } },
        seats: seats('west', 'east'),
      }),
    );
    expect(empty.problems).toEqual([
      { code: 'EMPTY_FORCE', message: 'forces.east: east brings no unit: a side needs at least one' },
    ]);
    const unknown = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'forces',
        settings: { forces: { budget: 61, west: { 'super-tank': 1 }, east: tanks } },
        seats: seats('west', 'east'),
      }),
    );
    expect(unknown.problems[0]?.message).toMatch(/^forces\.west: .*light-tank, medium-tank/);
    const beside = await refusal(
      createGame(ctx, {
        name: 'x',
        ruleset: 'scg',
        scenario: 'scg-tank-battle',
        settings: { forces: { budget: 61, west: tanks, east: tanks } },
        seats: seats('west', 'east'),
      }),
    );
    expect(beside.problems.map((p) => p.code)).toEqual(['FORCES_WITHOUT_SCENARIO']);
  });
});
