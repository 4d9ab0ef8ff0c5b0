/**
 * The Simple Combat Game's part of the new-game page: its scenario (rules-scg.md
 * §15) or a position of one's own as JSON (§18.1), and its firing scale (§2). Its hours per turn and turn limit are the
 * page's own fields (blank: 72 hours, the scenario's limit).
 */
import { SCG_SCENARIO_NAMES } from '../../../kinds/scg/setup.ts';
import { SCG_SCENARIOS } from '../../../rules/scg/scenarios.ts';
import { commonSettings, text, type NewGameFields } from '../new-game.ts';

/** The settings of a game, by the form field that holds them. */
const FIELD_OF_SETTING: ReadonlyArray<[RegExp, string]> = [
  [/^scenario\b/, 'scgScenario'],
  [/^rangeScale\b/, 'scgRangeScale'],
  [/^position\b/, 'scgPosition'],
];

const TITLES: Readonly<Record<string, string>> = {
  'scg-tank-battle': 'Tank Battle: 4 tanks a side, 16 × 12',
  'scg-combined-arms': 'Combined Arms: 8 units a side, 20 × 14',
  custom: 'custom: the position below',
};

export const scgNewGame: NewGameFields = {
  label: 'Simple Combat Game (a scenario, two sides)',
  defaults: { scgScenario: SCG_SCENARIO_NAMES[0]!, scgRangeScale: '1', scgPosition: '' },
  read: (body) => ({
    scgScenario: text(body.scgScenario, 40),
    scgRangeScale: text(body.scgRangeScale, 2),
    scgPosition: text(body.scgPosition, 200_000),
  }),
  input(common, fields, note) {
    const settings = commonSettings(common, note);
    if (fields.scgRangeScale === '2') settings.rangeScale = 2;
    else if (fields.scgRangeScale !== '1' && fields.scgRangeScale !== '')
      note('scgRangeScale', 'hexes per firing DU: 1 or 2');
    if (fields.scgScenario === 'custom') {
      try {
        settings.position = JSON.parse(fields.scgPosition ?? '') as unknown;
      } catch (error) {
        note(
          'scgPosition',
          `position as JSON: ${(error as Error).message}; write e.g. {"map": {"width": 10, "height": 8}, "sides": ["west", "east"], "units": [{"id": "WM", "side": "west", "type": "medium-tank", "hex": "0205"}, …]}`,
        );
      }
    }
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
      turnLimit: id === 'custom' ? 'as given' : (SCG_SCENARIOS[id]?.turnLimit ?? 'none'),
      selected: id === fields.scgScenario,
    })),
    wide: fields.scgRangeScale === '2',
  }),
};
