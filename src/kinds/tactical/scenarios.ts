/**
 * Ready-made games: settings, and the ships a scenario provides (sides not
 * provided for build their fleet in the setup phase).
 */
import { z } from 'zod';
import type { Design, Direction } from '../../rules/types.ts';
import { designCost } from '../../rules/design.ts';
import { formatHex } from '../../rules/hex.ts';
import type { Zone } from '../zones.ts';
import { SCENARIOS, type ScenarioName } from './scenario-names.ts';

/** A ship as a scenario or a seat's fleet places it. */
export interface PlacedShip {
  readonly id: string;
  readonly hex: string;
  readonly facing: Direction;
  readonly design: Design;
  /** Starting SPEED (solo ships; players write theirs with their first orders). */
  readonly speed?: number | null;
}

/** A scenario's settings: those of a tactical battle it fixes (the rest take their defaults or the creator's). */
export interface ScenarioSettings {
  readonly map: { readonly width: number; readonly height: number };
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly budget?: number;
  readonly sizes?: readonly number[] | null;
  readonly zones?: Readonly<Record<string, Zone>>;
  readonly solo?: readonly string[];
}

export interface Scenario {
  readonly settings: ScenarioSettings;
  /** Ships by side, for the sides the scenario provides. */
  readonly fleets: Readonly<Record<string, readonly PlacedShip[]>>;
}

export { SCENARIOS, type ScenarioName };

export const HANDICAPS = [0, 25, 50, 100] as const;

export const scenarioOptionsSchema = z.strictObject({
  /** Solo mission: extra BP for the solo side, in percent (rules-solo.md §5). */
  handicap: z
    .union(
      HANDICAPS.map((h) => z.literal(h)) as [z.ZodLiteral<0>, z.ZodLiteral<25>, z.ZodLiteral<50>, z.ZodLiteral<100>],
    )
    .default(25),
});
export type ScenarioOptions = z.input<typeof scenarioOptionsSchema>;

/** The book's tutorial: Black against Grey, placed so that `2R` and `1R1` bring them face to face at range 3. */
function tutorialDuel(): Scenario {
  return {
    settings: {
      map: { width: 12, height: 10 },
      sides: [
        { id: 'black', name: 'Black' },
        { id: 'grey', name: 'Grey' },
      ],
      budget: 20,
      sizes: null,
    },
    fleets: {
      black: [
        {
          id: 'Black',
          hex: '0408',
          facing: 'N',
          design: { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] },
        },
      ],
      grey: [{ id: 'Grey', hex: '0804', facing: 'S', design: { engine: 4, shields: 4, toHit: 5, weapons: ['F'] } }],
    },
  };
}

/** Three 15-BP ships a side, built and deployed by the players at opposite ends of the map. */
function skirmish(): Scenario {
  return {
    settings: {
      map: { width: 16, height: 12 },
      sides: [
        { id: 'red', name: 'Red' },
        { id: 'blue', name: 'Blue' },
      ],
      budget: 45,
      sizes: [15],
      zones: {
        red: { fromCol: 1, toCol: 3, fromRow: 1, toRow: 12 },
        blue: { fromCol: 14, toCol: 16, fromRow: 1, toRow: 12 },
      },
    },
    fleets: {},
  };
}

/** Designs the solo side builds from, largest first (each a legal size of 10, 15 or 20 BP). */
const RAIDER_DESIGNS: readonly Design[] = [
  { engine: 4, shields: 5, toHit: 5, weapons: ['F', 'FL', 'FR'] }, // 20
  { engine: 3, shields: 4, toHit: 4, weapons: ['F', 'FR'] }, // 15
  { engine: 3, shields: 3, toHit: 2, weapons: ['F'] }, // 10
];

/**
 * A fleet for a side played by the solo rules: `budget` BP filled with the
 * largest standard designs that fit, placed in pairs of columns from the
 * top of its zone (or the east edge of the map), at their ENGINE as SPEED.
 */
export function soloFleet(
  budget: number,
  zone: Zone | undefined,
  map: { width: number; height: number },
): PlacedShip[] {
  const area = zone ?? { fromCol: Math.max(1, map.width - 1), toCol: map.width, fromRow: 1, toRow: map.height };
  const cols = area.toCol - area.fromCol + 1;
  const rows = area.toRow - area.fromRow + 1;
  const ships: PlacedShip[] = [];
  let left = budget;
  while (left >= 10 && ships.length < cols * rows) {
    const design = RAIDER_DESIGNS.find((d) => designCost(d) <= left)!;
    left -= designCost(design);
    const i = ships.length;
    const hex = formatHex({ col: area.fromCol + (i % cols), row: area.fromRow + (Math.floor(i / cols) % rows) });
    ships.push({ id: `X${i + 1}`, hex, facing: 'SW', design, speed: design.engine });
  }
  return ships;
}

/**
 * The player builds 30 BP; the raiders, played by the solo rules, get 30 BP
 * plus the handicap (rules-solo.md §5).
 */
function soloMission(options: ScenarioOptions): Scenario {
  const { handicap } = scenarioOptionsSchema.parse(options);
  const playerBudget = 30;
  const raiderZone = { fromCol: 12, toCol: 14, fromRow: 1, toRow: 6 };
  const raiders = soloFleet(Math.floor((playerBudget * (100 + handicap)) / 100), raiderZone, { width: 14, height: 14 });
  return {
    settings: {
      map: { width: 14, height: 14 },
      sides: [
        { id: 'player', name: 'Player' },
        { id: 'raiders', name: 'Raiders' },
      ],
      budget: playerBudget,
      sizes: [10, 15, 20],
      zones: { player: { fromCol: 1, toCol: 3, fromRow: 9, toRow: 14 }, raiders: raiderZone },
      solo: ['raiders'],
    },
    fleets: { raiders },
  };
}

export function scenario(name: Exclude<ScenarioName, 'custom'>, options: ScenarioOptions = {}): Scenario {
  switch (name) {
    case 'tutorial-duel':
      return tutorialDuel();
    case 'skirmish-3v3':
      return skirmish();
    case 'solo-mission':
      return soloMission(options);
  }
}
