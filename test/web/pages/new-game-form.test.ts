/** The new-game form as createGame's input. */
import { describe, expect, it } from 'vitest';
import { createInputFromForm, fieldsOfProblems } from '../../../src/web/pages/new-game-form.ts';

describe('the new-game form', () => {
  it('a scenario game: seats from the filled rows, the settings given overriding the scenario', () => {
    const { input, problems } = createInputFromForm({
      name: ' Duel ',
      id: 'Duel-1',
      scenario: 'tutorial-duel',
      turnHours: 'none',
      turnLimit: '12',
      noOrders: 'solo',
      archive: 'private',
      seatSide: ['black', 'grey', ''],
      seatEmail: ['a@x.org', 'b@x.org', ''],
      seatName: ['Ann', '', ''],
      seatTimeZone: ['Europe/Paris', '', 'UTC'],
    });
    expect(problems).toEqual([]);
    expect(input).toEqual({
      id: 'duel-1',
      name: 'Duel',
      ruleset: 'msc-tactical',
      scenario: 'tutorial-duel',
      settings: { turnHours: null, turnLimit: 12, noOrders: 'solo', public: false },
      seats: [
        { side: 'black', email: 'a@x.org', name: 'Ann', timeZone: 'Europe/Paris' },
        { side: 'grey', email: 'b@x.org', name: 'b', timeZone: 'UTC' },
      ],
    });
  });

  it('a custom game: sides as id:Name, the map and budget; numbers that are not numbers are named', () => {
    const { input, problems } = createInputFromForm({
      name: 'C',
      scenario: 'custom',
      sides: 'red:Red Fleet, Blue',
      width: '20',
      height: 'ten',
      budget: '60',
      seatSide: [],
      seatEmail: [],
      seatName: [],
      seatTimeZone: [],
    });
    expect(input.settings).toMatchObject({
      sides: [
        { id: 'red', name: 'Red Fleet' },
        { id: 'blue', name: 'Blue' },
      ],
      budget: 60,
      map: { width: 20, height: 0 },
    });
    expect(problems).toEqual(['map height: "ten" is not a number']);
  });

  it('a campaign: its own settings only (no scenario, no no-orders policy), hours "none" as null, a given map as JSON', () => {
    const base = {
      ruleset: 'msc-strategic',
      name: 'Camp',
      campaignSides: 'red:Red, blue:Blue',
      campaignBudget: '',
      battles: 'strategic',
      fog: 'sensors',
      turnHours: '24',
      setupHours: 'none',
      turnLimit: '10',
      noOrders: 'solo',
      seatSide: ['red', 'blue'],
      seatEmail: ['a@x.org', 'b@x.org'],
      seatName: ['Ann', 'Bob'],
      seatTimeZone: ['UTC', 'UTC'],
    };
    const generated = createInputFromForm({
      ...base,
      mapKind: 'generated',
      mapWidth: '10',
      mapHeight: '8',
      mapSystems: '6',
      mapSeed: 's1',
    });
    expect(generated.problems).toEqual([]);
    expect(generated.input).toMatchObject({ ruleset: 'msc-strategic', name: 'Camp' });
    expect(generated.input).not.toHaveProperty('scenario');
    expect(generated.input.settings).toEqual({
      public: true,
      sides: [
        { id: 'red', name: 'Red' },
        { id: 'blue', name: 'Blue' },
      ],
      map: { kind: 'generated', width: 10, height: 8, systems: 6, seed: 's1' },
      battles: 'strategic',
      fog: 'sensors',
      turnHours: 24,
      setupHours: null,
      turnLimit: 10,
    });
    // A blank seed: the page picks one, so the form needs none.
    const seeded = createInputFromForm({
      ...base,
      mapKind: 'generated',
      mapWidth: '10',
      mapHeight: '8',
      mapSystems: '6',
    });
    expect((seeded.input.settings!.map as { seed: string }).seed).toMatch(/^[0-9a-f-]{8}$/);

    const map = { width: 6, height: 6, systems: [{ hex: '0101', home: 'red' }] };
    const given = createInputFromForm({ ...base, mapKind: 'given', mapJson: JSON.stringify(map) });
    expect(given.input.settings!.map).toEqual({ kind: 'given', ...map });
    const broken = createInputFromForm({ ...base, mapKind: 'given', mapJson: '{"width": 6,' });
    expect(Object.keys(broken.fields)).toEqual(['mapJson']);
  });

  it('names the field each problem of the create-game use case concerns', () => {
    const { form } = createInputFromForm({ ruleset: 'msc-strategic', mapKind: 'generated' });
    expect(
      fieldsOfProblems(form, [
        { code: 'INVALID_FIELD', message: 'budget: Too small: expected number to be >=10' },
        { code: 'INVALID_FIELD', message: 'map.width: Too big' },
        { code: 'MAP_SYSTEMS', message: 'a 4 × 4 map takes 2 to 3 systems' },
        { code: 'TACTICAL_BATTLES_NOT_AVAILABLE', message: 'battles: "tactical" is not available yet' },
        { code: 'UNKNOWN_SIDE', message: 'seat for "green": the sides are red, blue' },
        { code: 'GAME_EXISTS', message: 'a game with id x exists already' },
      ]),
    ).toEqual({
      campaignBudget: ['budget: Too small: expected number to be >=10'],
      mapWidth: ['map.width: Too big'],
      mapSystems: ['a 4 × 4 map takes 2 to 3 systems'],
      battles: ['battles: "tactical" is not available yet'],
      seats: ['seat for "green": the sides are red, blue'],
      '': ['a game with id x exists already'],
    });
  });
});
