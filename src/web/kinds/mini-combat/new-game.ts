/**
 * Mini Combat's part of the new-game page (rules-mini-combat.md §20, §21): the
 * battle (standard, or defensive with its defender), the points, the map's size
 * and its board — a named one, terrain generated from a seed, or terrain given
 * hex by hex as JSON — and the stack limit. Hours per turn and the turn limit
 * are the page's own fields (blank: 72 hours, 10 turns).
 */
import { BOARD_TITLES, BOARDS } from '../../../kinds/mini-combat/boards.ts';
import { commonSettings, text, whole, type NewGameFields } from '../new-game.ts';

const FIELD_OF_SETTING: ReadonlyArray<[RegExp, string]> = [
  [/^battle\b/, 'miniBattle'],
  [/^(points|attackerPoints|defenderPoints)\b/, 'miniPoints'],
  [/^defender\b/, 'miniDefender'],
  [/^board\b/, 'miniBoard'],
  [/^seed\b/, 'miniSeed'],
  [/^terrain\b/, 'miniTerrain'],
  [/^map\b/, 'miniMap'],
  [/^stack\b/, 'miniStack'],
];

export const miniNewGame: NewGameFields = {
  label: 'Mini Combat battle (army lists, standard or defensive)',
  defaults: {
    miniBattle: 'standard',
    miniPoints: '1000',
    miniDefender: 'blue',
    miniBoard: 'open-field',
    miniSeed: '',
    miniTerrain: '',
    miniWidth: '24',
    miniHeight: '36',
    miniStack: '3',
  },
  read: (body) => ({
    miniBattle: text(body.miniBattle, 20),
    miniPoints: text(body.miniPoints, 6),
    miniDefender: text(body.miniDefender, 10),
    miniBoard: text(body.miniBoard, 20),
    miniSeed: text(body.miniSeed, 100),
    miniTerrain: text(body.miniTerrain, 100_000),
    miniWidth: text(body.miniWidth, 3),
    miniHeight: text(body.miniHeight, 3),
    miniStack: text(body.miniStack, 2),
  }),
  input(common, fields, note) {
    const settings = commonSettings(common, note);
    settings.battle = fields.miniBattle || 'standard';
    if (settings.battle === 'defensive') settings.defender = fields.miniDefender || 'blue';
    else {
      const points = whole(fields.miniPoints ?? '', 'points', 'miniPoints', note);
      if (points !== undefined) settings.points = points;
    }
    const width = whole(fields.miniWidth ?? '', 'map width', 'miniMap', note);
    const height = whole(fields.miniHeight ?? '', 'map height', 'miniMap', note);
    if (width !== undefined || height !== undefined) settings.map = { width: width ?? 24, height: height ?? 36 };
    settings.board = fields.miniBoard || 'open-field';
    if (settings.board === 'generated' && fields.miniSeed) settings.seed = fields.miniSeed;
    if (settings.board === 'given')
      try {
        settings.terrain = JSON.parse(fields.miniTerrain ?? '') as unknown;
      } catch (error) {
        note(
          'miniTerrain',
          `terrain as JSON: ${(error as Error).message}; write e.g. {"1218": "river", "0508": "forest"}`,
        );
      }
    const stack = whole(fields.miniStack ?? '', 'stack limit', 'miniStack', note);
    if (stack !== undefined) settings.stack = stack;
    return { settings };
  },
  fieldOf: (problem) => FIELD_OF_SETTING.find(([re]) => re.test(problem.message))?.[1] ?? null,
  view: (fields) => ({
    battles: [
      {
        id: 'standard',
        title: 'standard: equal points, first to half of them wins',
        selected: fields.miniBattle !== 'defensive',
      },
      {
        id: 'defensive',
        title: 'defensive: attacker 1200 points, defender 600 with 8 objectives',
        selected: fields.miniBattle === 'defensive',
      },
    ],
    defenders: ['red', 'blue'].map((id) => ({
      id,
      name: id === 'red' ? 'Red' : 'Blue',
      selected: id === (fields.miniDefender || 'blue'),
    })),
    boards: BOARDS.map((id) => ({ id, title: BOARD_TITLES[id], selected: id === fields.miniBoard })),
  }),
};
