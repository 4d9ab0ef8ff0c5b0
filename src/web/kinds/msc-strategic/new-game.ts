/**
 * The strategic campaign's part of the new-game page (rules-strategic.md, the
 * strategic kind's settings schema): its two sides, its map generated or
 * given as JSON, the starting budget, how battles are fought, the fog, and the
 * hours of its setup phase. Its hours per turn and turn limit are the page's.
 */
import { randomUUID } from 'node:crypto';
import { commonSettings, hoursInto, sidesOf, text, whole, type KindFields, type Note } from '../new-game.ts';
import type { NewGameFields } from '../new-game.ts';

/** The settings of a campaign, by the form field that holds them. */
const FIELD_OF_SETTING: ReadonlyArray<[RegExp, string]> = [
  [/^sides\b/, 'campaignSides'],
  [/^map\.width\b/, 'mapWidth'],
  [/^map\.height\b/, 'mapHeight'],
  [/^map\.systems\b/, 'mapSystems'],
  [/^map\.seed\b/, 'mapSeed'],
  [/^map\b/, 'mapJson'],
  [/^budget\b/, 'campaignBudget'],
  [/^battles\b|^battles fought as tactical/, 'battles'],
  [/^fog\b/, 'fog'],
  [/^setupHours\b/, 'setupHours'],
];

/** The map: generated from its size, systems and seed, or given as JSON. */
function mapSetting(fields: KindFields, note: Note): unknown {
  if (fields.mapKind === 'given') {
    try {
      const map = JSON.parse(fields.mapJson ?? '') as unknown;
      return typeof map === 'object' && map !== null ? { kind: 'given', ...map } : map;
    } catch (error) {
      note(
        'mapJson',
        `map as JSON: ${(error as Error).message}; write e.g. {"width": 8, "height": 8, "systems": [{"hex": "0101", "home": "red"}, …]}`,
      );
      return undefined;
    }
  }
  return {
    kind: 'generated',
    width: whole(fields.mapWidth ?? '', 'map width', 'mapWidth', note) ?? 0,
    height: whole(fields.mapHeight ?? '', 'map height', 'mapHeight', note) ?? 0,
    systems: whole(fields.mapSystems ?? '', 'star systems', 'mapSystems', note) ?? 0,
    // A blank seed: the game gets one of its own (the map is then known only once the game is made).
    seed: fields.mapSeed || randomUUID().slice(0, 8),
  };
}

export const campaignNewGame: NewGameFields = {
  label: 'strategic campaign (the campaign settings below)',
  defaults: {
    campaignSides: 'red:Red, blue:Blue',
    mapKind: 'generated',
    mapWidth: '12',
    mapHeight: '10',
    mapSystems: '8',
    mapSeed: '',
    mapJson: '',
    campaignBudget: '150',
    battles: 'strategic',
    fog: 'positions',
    setupHours: '',
  },
  read: (body) => ({
    campaignSides: text(body.campaignSides, 400),
    mapKind: text(body.mapKind, 10) === 'given' ? 'given' : 'generated',
    mapWidth: text(body.mapWidth, 4),
    mapHeight: text(body.mapHeight, 4),
    mapSystems: text(body.mapSystems, 5),
    mapSeed: text(body.mapSeed, 200),
    mapJson: typeof body.mapJson === 'string' ? body.mapJson.slice(0, 200_000) : '',
    campaignBudget: text(body.campaignBudget, 6),
    battles: text(body.battles, 12),
    fog: text(body.fog, 12),
    setupHours: text(body.setupHours, 10).toLowerCase(),
  }),
  input(common, fields, note) {
    const settings = commonSettings(common, note);
    settings.sides = sidesOf(fields.campaignSides ?? '');
    const map = mapSetting(fields, note);
    if (map !== undefined) settings.map = map;
    const budget = whole(fields.campaignBudget ?? '', 'BP budget', 'campaignBudget', note);
    if (budget !== undefined) settings.budget = budget;
    if (fields.battles) settings.battles = fields.battles;
    if (fields.fog) settings.fog = fields.fog;
    hoursInto(settings, 'setupHours', fields.setupHours ?? '', 'hours for the setup', note);
    return { settings };
  },
  fieldOf(problem, fields) {
    if (problem.code === 'TACTICAL_BATTLES_NOT_AVAILABLE') return 'battles';
    // A map's own problems (INVALID_MAP): the map given, or the size and systems it was generated from.
    if (/^(MAP|SYSTEM|HOME)/.test(problem.code))
      return fields.mapKind === 'given' ? 'mapJson' : problem.code === 'MAP_SIZE' ? 'mapWidth' : 'mapSystems';
    return FIELD_OF_SETTING.find(([re]) => re.test(problem.message))?.[1] ?? null;
  },
  view: () => ({}),
};
