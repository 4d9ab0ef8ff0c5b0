/** The Simple Combat Game's fieldset of the new-game page: its scenario and firing scale as createGame's input. */
import { describe, expect, it } from 'vitest';
import { createInputFromForm, fieldsOfProblems } from '../../../src/web/pages/new-game-form.ts';

describe('the new-game form for a Simple Combat Game', () => {
  it('its scenario and firing scale; the hours and turn limit are the page’s own', () => {
    const { input, problems } = createInputFromForm({
      name: 'Tanks',
      ruleset: 'scg',
      scgScenario: 'scg-combined-arms',
      scgRangeScale: '2',
      turnLimit: '6',
      seatSide: ['west', 'east'],
      seatEmail: ['a@x.org', 'b@x.org'],
      seatName: ['Ann', 'Bob'],
    });
    expect(problems).toEqual([]);
    expect(input).toMatchObject({
      name: 'Tanks',
      ruleset: 'scg',
      scenario: 'scg-combined-arms',
      settings: { rangeScale: 2, turnLimit: 6, public: true },
    });
  });

  it('a scale that is not 1 or 2 is named by its field; an unknown scenario goes to the scenario', () => {
    const { form, fields } = createInputFromForm({ ruleset: 'scg', scgScenario: 'scg-nowhere', scgRangeScale: '3' });
    expect(Object.keys(fields)).toContain('scgRangeScale');
    expect(
      fieldsOfProblems(form, [{ code: 'UNKNOWN_SCENARIO', message: 'scenario: a Simple Combat Game has no scenario' }]),
    ).toEqual({ scgScenario: ['scenario: a Simple Combat Game has no scenario'] });
  });

  it('custom: the position as JSON goes into the settings; JSON that does not read is named by its field', () => {
    const position = { map: { width: 6, height: 6 }, sides: ['west', 'east'], units: [] };
    const { input } = createInputFromForm({
      ruleset: 'scg',
      scgScenario: 'custom',
      scgPosition: JSON.stringify(position),
    });
    expect(input).toMatchObject({ ruleset: 'scg', scenario: 'custom', settings: { position } });
    const broken = createInputFromForm({ ruleset: 'scg', scgScenario: 'custom', scgPosition: '{"map": ' });
    expect(Object.keys(broken.fields)).toEqual(['scgPosition']);
    expect(
      fieldsOfProblems(broken.form, [{ code: 'INVALID_FIELD', message: 'position.units.EH: INVALID_POSITION: …' }]),
    ).toEqual({ scgPosition: ['position.units.EH: INVALID_POSITION: …'] });
  });
});
