/** The new-game form as createGame's input. */
import { describe, expect, it } from 'vitest';
import { createInputFromForm } from '../../../src/web/pages/new-game-form.ts';

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
});
