/**
 * The tactical battle's part of the new-game page: a scenario (the tutorial
 * duel, the 3-a-side skirmish, the solo mission with its handicap) or custom
 * settings (sides, map, budget), and what a side without orders does.
 */
import { HANDICAPS, SCENARIOS } from '../../../kinds/tactical/scenarios.ts';
import { commonSettings, sidesOf, text, whole, type NewGameFields } from '../new-game.ts';

/** The settings of a custom battle, by the form field that holds them. */
const FIELD_OF_SETTING: ReadonlyArray<[RegExp, string]> = [
  [/^sides\b/, 'sides'],
  [/^map\.height\b/, 'height'],
  [/^map\b/, 'width'],
  [/^budget\b/, 'budget'],
];

export const tacticalNewGame: NewGameFields = {
  label: 'tactical battle (a scenario or custom settings)',
  defaults: {
    scenario: 'tutorial-duel',
    handicap: '25',
    sides: 'red:Red, blue:Blue',
    width: '16',
    height: '12',
    budget: '45',
    noOrders: 'standing',
  },
  read: (body) => ({
    scenario: text(body.scenario, 40),
    handicap: text(body.handicap, 4),
    sides: text(body.sides, 400),
    width: text(body.width, 4),
    height: text(body.height, 4),
    budget: text(body.budget, 6),
    noOrders: text(body.noOrders, 10),
  }),
  input(common, fields, note) {
    const settings = commonSettings(common, note);
    if (fields.noOrders === 'solo' || fields.noOrders === 'standing') settings.noOrders = fields.noOrders;
    const scenario = fields.scenario;
    if (scenario === 'custom') {
      const sides = sidesOf(fields.sides ?? '');
      if (sides.length < 2)
        note('sides', 'sides: write at least two, as id:Name separated by commas, e.g. red:Red, blue:Blue');
      settings.sides = sides;
      settings.map = {
        width: whole(fields.width ?? '', 'map width', 'width', note) ?? 0,
        height: whole(fields.height ?? '', 'map height', 'height', note) ?? 0,
      };
      const budget = whole(fields.budget ?? '', 'budget', 'budget', note);
      if (budget !== undefined) settings.budget = budget;
    }
    const handicap = Number(fields.handicap) as 0 | 25 | 50 | 100;
    return { scenario, ...(scenario === 'solo-mission' ? { options: { handicap } } : {}), settings };
  },
  fieldOf: (problem) => FIELD_OF_SETTING.find(([re]) => re.test(problem.message))?.[1] ?? null,
  view: (fields) => ({
    scenarios: SCENARIOS.map((s) => ({ id: s, selected: s === fields.scenario })),
    handicaps: HANDICAPS.map((h) => ({ value: h, selected: String(h) === fields.handicap })),
  }),
};
