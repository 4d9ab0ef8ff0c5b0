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
  it('forces: the board, the budget and each side’s counts go into the settings; a count or budget that is not one is named', () => {
    const { input, problems } = createInputFromForm({
      ruleset: 'scg',
      scgScenario: 'forces',
      scgBoard: 'scg-combined-arms',
      scgBudget: '96',
      'scgForce-west-infantry-squad': '4',
      'scgForce-west-artillery': '1',
      'scgForce-east-medium-tank': '2',
      'scgForce-east-light-tank': '0',
    });
    expect(problems).toEqual([]);
    expect(input).toMatchObject({
      scenario: 'forces',
      settings: {
        forces: {
          board: 'scg-combined-arms',
          budget: 96,
          west: { 'infantry-squad': 4, artillery: 1 },
          east: { 'medium-tank': 2 },
        },
      },
    });
    const bad = createInputFromForm({
      ruleset: 'scg',
      scgScenario: 'forces',
      scgBudget: 'lots',
      'scgForce-east-scout-car': 'two',
    });
    expect(bad.fields).toEqual({
      scgBudget: ['points budget: "lots" is not a whole number from 1 to 9999'],
      scgForces: ['east, Scout Car: "two" is not a count from 0 to 99'],
    });
    expect(
      fieldsOfProblems(bad.form, [
        { code: 'OVER_BUDGET', message: "forces.west: west's force costs 68 points, over the budget of 61: …" },
        { code: 'INVALID_FIELD', message: 'forces.budget: too big' },
      ]),
    ).toEqual({
      scgForces: ["forces.west: west's force costs 68 points, over the budget of 61: …"],
      scgBudget: ['forces.budget: too big'],
    });
  });
});
