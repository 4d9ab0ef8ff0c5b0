/**
 * The terrain a Mini Combat battle is fought over (rules-mini-combat.md §2,
 * §21: the moderator's, set when the game is made): a named board, terrain
 * generated from a seed, or terrain given hex by hex. Named boards are drawn
 * on the default 24 × 36 map, measured from its middle, so that a smaller or
 * larger map keeps their shape around its own middle (hexes off the map are
 * left out). Pure: generation draws from a seeded source of its own.
 */
import { formatHex, neighbour, onMap } from '../../rules/hex.ts';
import { SeededDice } from '../../rules/dice.ts';
import type { MapSize } from '../../rules/types.ts';
import { DIRECTIONS, type Hex } from '../../rules/types.ts';
import type { Terrain } from '../../rules/mini-combat/types.ts';

export const BOARDS = ['open-field', 'town', 'river-valley', 'generated', 'given'] as const;
export type Board = (typeof BOARDS)[number];

/** What each board is, for the new-game page and `msc game create --help`. */
export const BOARD_TITLES: Readonly<Record<Board, string>> = {
  'open-field': 'open field: scattered woods, two hills and a little rough ground',
  town: 'town: a town of buildings and streets in the middle, roads out of it',
  'river-valley': 'river valley: the sample battle’s board (§23), a river with one bridge',
  generated: 'generated: woods, hills, rough ground, swamps and ponds placed from a seed',
  given: 'given: the terrain given hex by hex',
};

type Patch = readonly [Terrain, readonly string[]];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hexes = (cols: readonly number[], rows: readonly number[]) =>
  cols.flatMap((c) => rows.map((r) => formatHex({ col: c, row: r })));

/** §23's terrain. */
const RIVER_VALLEY: readonly Patch[] = [
  ['river', hexes(range(1, 24), [18]).filter((h) => h !== '1218')],
  ['road', hexes([12], range(1, 36))],
  ['forest', ['0508', '0509', '0608', '0609', '0709', '1826', '1827', '1926', '1927', '2027']],
  ['hill', ['1713', '1714', '1813', '0424', '0524']],
  ['urban', ['1110', '1310', '1111', '1311']],
  ['building', ['1109', '1309']],
  ['water', ['2019', '2020', '2119', '2120', '2121']],
  ['swamp', ['0720', '0721', '0820']],
  ['rough', ['1530', '1531']],
];

const OPEN_FIELD: readonly Patch[] = [
  ['forest', ['0412', '0413', '0512', '0513', '1924', '1925', '2024', '2025', '2124']],
  ['hill', ['1115', '1116', '1215', '1421', '1422', '1521']],
  ['rough', ['0722', '0723', '1713']],
];

const TOWN: readonly Patch[] = [
  ['road', [...hexes(range(1, 24), [18]), ...hexes([12], range(1, 36))]],
  ['building', ['1016', '1416', '1020', '1420', '0917', '1517']],
  ['urban', hexes(range(9, 15), range(15, 21)).filter((h) => !h.startsWith('12') && !h.endsWith('18'))],
  ['forest', ['0306', '0307', '0406', '2030', '2031', '2130']],
  ['hill', ['0328', '0329', '2108', '2109']],
];

const NAMED: Readonly<Record<'open-field' | 'town' | 'river-valley', readonly Patch[]>> = {
  'open-field': OPEN_FIELD,
  town: TOWN,
  'river-valley': RIVER_VALLEY,
};

const DRAWN_ON = { width: 24, height: 36 };

/** A named board on a map of this size: its patches moved from the 24 × 36 map's middle to this one's. */
function named(board: keyof typeof NAMED, map: MapSize): Map<string, Terrain> {
  const dc = Math.floor((map.width - DRAWN_ON.width) / 2);
  // Rows shift by an even number so that the hex grid's columns keep their offsets.
  const dr = 2 * Math.floor((map.height - DRAWN_ON.height) / 4);
  const out = new Map<string, Terrain>();
  for (const [terrain, list] of NAMED[board])
    for (const name of list) {
      const h = { col: Number(name.slice(0, 2)) + dc, row: Number(name.slice(2)) + dr };
      if (onMap(h, map)) out.set(formatHex(h), terrain);
    }
  return out;
}

/** The patches generation places, each with how many of it and its size in hexes. */
const GENERATED: readonly { terrain: Terrain; count: number; size: readonly [number, number] }[] = [
  { terrain: 'forest', count: 5, size: [3, 7] },
  { terrain: 'hill', count: 3, size: [2, 4] },
  { terrain: 'rough', count: 2, size: [2, 3] },
  { terrain: 'swamp', count: 1, size: [2, 3] },
  { terrain: 'water', count: 1, size: [2, 4] },
];

/** A whole number from 0 to n − 1 drawn from dice read as base-6 digits, outcomes past a multiple of n re-drawn. */
function draw(dice: SeededDice, n: number): number {
  let outcomes = 6;
  while (outcomes < n) outcomes *= 6;
  const limit = outcomes - (outcomes % n);
  for (;;) {
    let v = 0;
    for (let o = 1; o < outcomes; o *= 6) v = v * 6 + (dice.roll() - 1);
    if (v < limit) return v % n;
  }
}

/**
 * Terrain generated from a seed: patches of woods, hills, rough ground, a swamp and a pond grown from random
 * centres, scaled to the map's area, kept out of the 8 rows nearest each edge so that both sides' deployment zones
 * stay open. The same seed and map always give the same board.
 */
export function generatedTerrain(seed: string, map: MapSize): Map<string, Terrain> {
  const dice = SeededDice.fromSeed(`mini-combat board ${seed}`);
  const out = new Map<string, Terrain>();
  const top = 9;
  const bottom = map.height - 8;
  if (bottom < top) return out;
  const scale = Math.max(1, Math.round((map.width * (bottom - top + 1)) / (24 * 20)));
  for (const p of GENERATED)
    for (let i = 0; i < p.count * scale; i++) {
      let at: Hex = { col: 1 + draw(dice, map.width), row: top + draw(dice, bottom - top + 1) };
      const size = p.size[0] + draw(dice, p.size[1] - p.size[0] + 1);
      for (let n = 0; n < size; n++) {
        out.set(formatHex(at), p.terrain);
        const next = neighbour(at, DIRECTIONS[draw(dice, DIRECTIONS.length)]!);
        if (onMap(next, map) && next.row >= top && next.row <= bottom) at = next;
      }
    }
  return out;
}

/** The terrain of a board on a map (`given` is the settings' own terrain, read elsewhere). */
export function boardTerrain(board: Exclude<Board, 'given'>, map: MapSize, seed: string): Map<string, Terrain> {
  return board === 'generated' ? generatedTerrain(seed, map) : named(board, map);
}
