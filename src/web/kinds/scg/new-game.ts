/**
 * The Simple Combat Game's part of the new-game page: its scenario (rules-scg.md
 * §15), a position of one's own as JSON (§18.1), or each side's force list of §14.2's types within a points budget
 * on a scenario's board (placed by src/rules/scg/deploy.ts), and its firing scale (§2). Its hours per turn and turn
 * limit are the page's own fields (blank: 72 hours, the scenario's or board's limit).
 */
import { SCG_SCENARIO_NAMES } from '../../../kinds/scg/setup.ts';
import { FORCE_SIDES, FORCE_TYPES } from '../../../rules/scg/deploy.ts';
import { BUILT_IN_UNITS } from '../../../rules/scg/forces.ts';
import { SCG_SCENARIOS } from '../../../rules/scg/scenarios.ts';
import { commonSettings, text, type NewGameFields } from '../new-game.ts';

/** The settings of a game, by the form field that holds them. */
const FIELD_OF_SETTING: ReadonlyArray<[RegExp, string]> = [
  [/^scenario\b/, 'scgScenario'],
  [/^rangeScale\b/, 'scgRangeScale'],
  [/^position\b/, 'scgPosition'],
  [/^forces\.budget\b/, 'scgBudget'],
  [/^forces\.board\b/, 'scgBoard'],
  [/^forces\b/, 'scgForces'],
];

/** The form field of one side's count of one type. */
const countField = (side: string, type: string) => `scgForce-${side}-${type}`;

/** What the force table starts with: §15.1's Tank Battle forces and its 61 points. */
const DEFAULT_FORCE: Readonly<Record<string, string>> = {
  'light-tank': '2',
  'medium-tank': '1',
  'dual-heavy-tank': '1',
};

const BOARD_TITLES: Readonly<Record<string, string>> = {
  'scg-tank-battle': "Tank Battle's board, 16 × 12, turn limit 10",
  'scg-combined-arms': "Combined Arms' board, 20 × 14, turn limit 12",
};

const TITLES: Readonly<Record<string, string>> = {
  'scg-tank-battle': 'Tank Battle: 4 tanks a side, 16 × 12',
  'scg-combined-arms': 'Combined Arms: 8 units a side, 20 × 14',
  custom: 'custom: the position below',
  forces: 'forces: each side’s force list below, within a points budget',
};

export const scgNewGame: NewGameFields = {
  label: 'Simple Combat Game (a scenario, two sides)',
  defaults: {
    scgScenario: SCG_SCENARIO_NAMES[0]!,
    scgRangeScale: '1',
    scgPosition: '',
    scgBoard: 'scg-tank-battle',
    scgBudget: '61',
    ...Object.fromEntries(
      FORCE_SIDES.flatMap((side) => FORCE_TYPES.map(([type]) => [countField(side, type), DEFAULT_FORCE[type] ?? '0'])),
    ),
  },
  read: (body) => ({
    scgScenario: text(body.scgScenario, 40),
    scgRangeScale: text(body.scgRangeScale, 2),
    scgPosition: text(body.scgPosition, 200_000),
    scgBoard: text(body.scgBoard, 40),
    scgBudget: text(body.scgBudget, 6),
    ...Object.fromEntries(
      FORCE_SIDES.flatMap((side) =>
        FORCE_TYPES.map(([type]) => [countField(side, type), text(body[countField(side, type)], 3)]),
      ),
    ),
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
    if (fields.scgScenario === 'forces') {
      const count = (side: string, type: string) => {
        const typed = fields[countField(side, type)] ?? '';
        if (typed === '' || typed === '0') return 0;
        if (/^\d{1,2}$/.test(typed)) return Number(typed);
        note('scgForces', `${side}, ${BUILT_IN_UNITS[type]!.name}: "${typed}" is not a count from 0 to 99`);
        return 0;
      };
      const budget = fields.scgBudget ?? '';
      if (!/^\d{1,4}$/.test(budget))
        note('scgBudget', `points budget: "${budget}" is not a whole number from 1 to 9999`);
      settings.forces = {
        board: fields.scgBoard || 'scg-tank-battle',
        budget: Number(budget),
        ...Object.fromEntries(
          FORCE_SIDES.map((side) => [
            side,
            Object.fromEntries(FORCE_TYPES.map(([type]) => [type, count(side, type)]).filter(([, n]) => n !== 0)),
          ]),
        ),
      };
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
      turnLimit:
        id === 'custom' ? 'as given' : id === 'forces' ? 'the board’s' : (SCG_SCENARIOS[id]?.turnLimit ?? 'none'),
      selected: id === fields.scgScenario,
    })),
    wide: fields.scgRangeScale === '2',
    boards: Object.entries(BOARD_TITLES).map(([id, title]) => ({ id, title, selected: id === fields.scgBoard })),
    forceSides: FORCE_SIDES.map((side) => ({ side, name: side.charAt(0).toUpperCase() + side.slice(1) })),
    forceRows: FORCE_TYPES.map(([type]) => ({
      type,
      name: BUILT_IN_UNITS[type]!.name,
      points: BUILT_IN_UNITS[type]!.points,
      cells: FORCE_SIDES.map((side) => ({
        field: countField(side, type),
        side,
        value: fields[countField(side, type)] ?? '0',
      })),
    })),
  }),
};
