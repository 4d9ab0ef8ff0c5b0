/**
 * The Simple Combat Game's part of the new-game page: its scenario (rules-scg.md
 * §15) and its firing scale (§2). Its hours per turn and turn limit are the
 * page's own fields (blank: 72 hours, the scenario's limit).
 */
import { SCG_SCENARIO_NAMES } from '../../../kinds/scg/setup.ts';
import { SCG_SCENARIOS } from '../../../rules/scg/scenarios.ts';
import { commonSettings, text, type NewGameFields } from '../new-game.ts';

/** The settings of a game, by the form field that holds them. */
const FIELD_OF_SETTING: ReadonlyArray<[RegExp, string]> = [
  [/^scenario\b/, 'scgScenario'],
  [/^rangeScale\b/, 'scgRangeScale'],
];

const TITLES: Readonly<Record<string, string>> = {
  'scg-tank-battle': 'Tank Battle: 4 tanks a side, 16 × 12',
  'scg-combined-arms': 'Combined Arms: 8 units a side, 20 × 14',
};

export const scgNewGame: NewGameFields = {
  label: 'Simple Combat Game (a scenario, two sides)',
  defaults: { scgScenario: SCG_SCENARIO_NAMES[0]!, scgRangeScale: '1' },
  read: (body) => ({ scgScenario: text(body.scgScenario, 40), scgRangeScale: text(body.scgRangeScale, 2) }),
  input(common, fields, note) {
    const settings = commonSettings(common, note);
    if (fields.scgRangeScale === '2') settings.rangeScale = 2;
    else if (fields.scgRangeScale !== '1' && fields.scgRangeScale !== '')
      note('scgRangeScale', 'hexes per firing DU: 1 or 2');
    return { scenario: fields.scgScenario ?? '', settings };
  },
  fieldOf: (problem) =>
    problem.code === 'UNKNOWN_SCENARIO'
      ? 'scgScenario'
      : (FIELD_OF_SETTING.find(([re]) => re.test(problem.message))?.[1] ?? null),
  view: (fields) => ({
    scenarios: SCG_SCENARIO_NAMES.map((id) => ({
      id,
      title: TITLES[id] ?? id,
      turnLimit: SCG_SCENARIOS[id]?.turnLimit ?? 'none',
      selected: id === fields.scgScenario,
    })),
    wide: fields.scgRangeScale === '2',
  }),
};
