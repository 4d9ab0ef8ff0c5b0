/**
 * A Mini Combat battle's settings (rules-mini-combat.md §21): the battle
 * (standard or defensive), the points, the map and its terrain, the turn
 * limit, the stack limit and the deadlines; and the position they make
 * before either side has set up. The sides are red (edge N, rows 1…) and
 * blue (edge S).
 */
import { z } from 'zod';
import { openHoursSchema } from '../../lib/hours.ts';
import { distance, formatHex, parseHex } from '../../rules/hex.ts';
import { OBJECTIVE_COUNT, OBJECTIVE_SPACING, zoneDepth } from '../../rules/mini-combat/setup.ts';
import { mayEndIn } from '../../rules/mini-combat/terrain.ts';
import {
  DEFAULT_OPTIONS,
  TERRAINS,
  type Battle,
  type MiniPosition,
  type Terrain,
} from '../../rules/mini-combat/types.ts';
import type { Hex } from '../../rules/types.ts';
import { BOARDS, boardTerrain } from './boards.ts';

export const MINI_SIDES = ['red', 'blue'] as const;
export type MiniSide = (typeof MINI_SIDES)[number];

/** The service's default turn limit (§20.4). */
export const DEFAULT_TURN_LIMIT = 10;

const hexKey = z.string().regex(/^\d{4}$/, 'a hex is four digits CCRR, e.g. 0912');

/** What a battle's creator chooses (§21). */
export const miniSettingsSchema = z
  .strictObject({
    /** §20.2 standard (1000 points each, target 500) or §20.3 defensive (attacker 1200, defender 600). */
    battle: z
      .enum(['standard', 'defensive'], { error: 'a battle is standard or defensive (rules-mini-combat.md §20)' })
      .default('standard'),
    /** A standard battle's points each side builds with; its target is half of them (§20.2). */
    points: z.number().int().min(50).max(20_000).default(1000),
    /** A defensive battle's points: the attacker's and the defender's (§20.3). */
    attackerPoints: z.number().int().min(50).max(20_000).default(1200),
    defenderPoints: z.number().int().min(50).max(20_000).default(600),
    /** The defender of a defensive battle; the other side attacks. */
    defender: z.enum(MINI_SIDES, { error: 'the defender is red or blue' }).default('blue'),
    /** Objectives the attacker must control (§20.3), and the defender's score to reach. */
    control: z.number().int().min(1).max(8).default(6),
    destroy: z.number().int().min(1).max(100_000).default(800),
    map: z
      .strictObject({
        width: z.number().int().min(12).max(99),
        height: z.number().int().min(20).max(99),
      })
      .default({ width: 24, height: 36 }),
    board: z.enum(BOARDS, { error: `a board is one of ${BOARDS.join(', ')}` }).default('open-field'),
    /** With board `generated`: the seed the terrain is drawn from. */
    seed: z.string().min(1).max(100).optional(),
    /** With board `given`: every hex that is not open, `CCRR` → terrain (§2). */
    terrain: z.record(hexKey, z.enum(TERRAINS, { error: `a terrain is one of ${TERRAINS.join(', ')}` })).optional(),
    /** The last turn; null: none (§20.4). */
    turnLimit: z.number().int().min(1).max(999).nullable().default(DEFAULT_TURN_LIMIT),
    /** Elements of one side a hex may hold (§3.3). */
    stack: z.number().int().min(1).max(9).default(DEFAULT_OPTIONS.stack),
    turnHours: openHoursSchema(),
    setupHours: openHoursSchema(),
    /** A side without orders follows the standing order (§22.8: there are no solo rules for Mini Combat). */
    noOrders: z
      .literal('standing', { error: 'a side without orders follows the standing order (§22.8): noOrders "standing"' })
      .default('standing'),
  })
  .superRefine((s, ctx) => {
    let bad = false;
    const issue = (message: string, ...path: string[]) => {
      bad = true;
      ctx.addIssue({ code: 'custom', path, message });
    };
    if (s.board === 'generated' && s.seed === undefined)
      issue('board generated draws its terrain from a seed: give one, e.g. "seed": "hill-7"', 'seed');
    if (s.board !== 'generated' && s.seed !== undefined) issue('a seed is for board generated only', 'seed');
    if (s.board === 'given' && s.terrain === undefined)
      issue('board given takes the terrain hex by hex: give "terrain": {"0912": "forest", …}', 'terrain');
    if (s.board !== 'given' && s.terrain !== undefined)
      issue(`board ${s.board} places its own terrain: give terrain only with board given`, 'terrain');
    for (const key of Object.keys(s.terrain ?? {})) {
      const h = parseHex(key);
      if (!h.ok || h.value.col > s.map.width || h.value.row > s.map.height)
        issue(`hex ${key} is not on the ${s.map.width} × ${s.map.height} map`, 'terrain', key);
    }
    if (bad) return;
    const problem = settingsProblem(s);
    if (problem !== null) issue(problem, 'map');
  });
export type MiniSettings = z.output<typeof miniSettingsSchema>;

/** The two sides' edges (§21): red's edge N, blue's S. */
export const MINI_EDGES = { red: 'N', blue: 'S' } as const;

/** A side's points (§21). */
export function pointsOf(s: MiniSettings, side: string): number {
  if (s.battle === 'standard') return s.points;
  return side === s.defender ? s.defenderPoints : s.attackerPoints;
}

export function terrainOf(s: MiniSettings): Map<string, Terrain> {
  if (s.board === 'given') return new Map(Object.entries(s.terrain ?? {}));
  return boardTerrain(s.board, s.map, s.seed ?? '');
}

/** Where infantry may stand (an objective's hex): terrain it may end a move in. */
const footHex = (terrain: ReadonlyMap<string, Terrain>, h: Hex) =>
  mayEndIn({ type: 'infantry', special: [], landed: false }, terrain.get(formatHex(h)) ?? 'open');

/**
 * The hexes of a side's zone in the default placement's order (§21): the rows from the one nearest the enemy back
 * to the edge, each from column 1 up.
 */
export function zoneOrder(p: Pick<MiniPosition, 'map' | 'edges' | 'battle'>, side: string): Hex[] {
  const depth = zoneDepth({ ...p, terrain: new Map(), sides: MINI_SIDES, options: DEFAULT_OPTIONS, units: [] }, side);
  const rows =
    p.edges[side] === 'N'
      ? Array.from({ length: depth }, (_, i) => depth - i)
      : Array.from({ length: depth }, (_, i) => p.map.height - depth + 1 + i);
  return rows.flatMap((row) => Array.from({ length: p.map.width }, (_, i) => ({ col: i + 1, row })));
}

/** Each side's deployment zone as a rectangle of rows, the whole width (§21). */
export function zonesOf(p: Pick<MiniPosition, 'map' | 'edges' | 'battle'>) {
  return Object.fromEntries(
    MINI_SIDES.map((side) => {
      const rows = zoneOrder(p, side).map((h) => h.row);
      return [side, { fromCol: 1, toCol: p.map.width, fromRow: Math.min(...rows), toRow: Math.max(...rows) }];
    }),
  );
}

/**
 * The default objectives of a defensive battle (§21, Ruling): in the defender's zone, in the default placement's
 * order, each hex infantry may stand in that is at least 6 hexes from every one taken before, until 8 are taken;
 * fewer when the zone has no room for 8 (the settings refuse such a map).
 */
export function defaultObjectives(
  p: Pick<MiniPosition, 'map' | 'edges' | 'battle' | 'terrain'>,
  defender: string,
): Hex[] {
  const chosen: Hex[] = [];
  for (const h of zoneOrder(p, defender)) {
    if (chosen.length === OBJECTIVE_COUNT) break;
    if (!footHex(p.terrain, h)) continue;
    if (chosen.every((c) => distance(c, h) >= OBJECTIVE_SPACING)) chosen.push(h);
  }
  return chosen;
}

/** The battle of these settings (§20.2, §20.3), with the default objectives for a defensive one. */
function battleOf(s: MiniSettings, terrain: ReadonlyMap<string, Terrain>): Battle {
  if (s.battle === 'standard') return { type: 'standard', target: Math.floor(s.points / 2) };
  const attacker = MINI_SIDES.find((x) => x !== s.defender)!;
  const shape = { map: s.map, edges: MINI_EDGES, terrain };
  const battle: Battle = {
    type: 'defensive',
    attacker,
    defender: s.defender,
    objectives: [],
    control: s.control,
    destroy: s.destroy,
  };
  return { ...battle, objectives: defaultObjectives({ ...shape, battle }, s.defender) };
}

/** The position before either side has set up: the map, its terrain, the battle, no units. */
export function emptyPosition(s: MiniSettings): MiniPosition {
  const terrain = terrainOf(s);
  return {
    map: s.map,
    terrain,
    turn: 1,
    sides: MINI_SIDES,
    edges: MINI_EDGES,
    battle: battleOf(s, terrain),
    turnLimit: s.turnLimit,
    options: { ...DEFAULT_OPTIONS, stack: s.stack },
    units: [],
    conceded: [],
  };
}

/** Why these settings make no battle (a defensive battle whose defender's zone has no room for 8 objectives). */
export function settingsProblem(s: MiniSettings): string | null {
  const p = emptyPosition(s);
  if (p.battle.type === 'defensive' && p.battle.objectives.length < OBJECTIVE_COUNT)
    return `the defender's zone on a ${s.map.width} × ${s.map.height} map has room for ${p.battle.objectives.length} objectives ${OBJECTIVE_SPACING} hexes apart, not ${OBJECTIVE_COUNT}: make the map wider`;
  return null;
}
