/**
 * Mini Combat's vocabulary (rules-mini-combat.md §2, §3, §12, §20): the map's
 * terrain, elements and units as they stand in a game, the battle being
 * fought, and the options a scenario may set. Plain data: every value
 * serialises as it is, and the JSON contract (§22.1) reads and writes exactly
 * these fields.
 *
 * Hexes inside the state are `Hex` values (`rules-tactical.md` §1); terrain is
 * keyed by the hex's `CCRR` name.
 */
import type { Direction, Hex, MapSize } from '../types.ts';

/** Element types (§3.1): what the terrain table and the defaults refer to. */
export const ELEMENT_TYPES = ['infantry', 'cavalry', 'vehicle', 'mecha', 'creature', 'structure'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** Terrain types (§2): the seed's example table, plus `vacuum` for Sealed. */
export const TERRAINS = [
  'open',
  'road',
  'forest',
  'swamp',
  'rough',
  'building',
  'urban',
  'water',
  'river',
  'hill',
  'vacuum',
] as const;
export type Terrain = (typeof TERRAINS)[number];

/** Where an element is (§3.2). */
export const ELEMENT_STATUSES = ['active', 'reserve', 'carried', 'destroyed', 'fled'] as const;
export type ElementStatus = (typeof ELEMENT_STATUSES)[number];

/** A side's map edge (§14, §21): deployment zones and the forward direction are measured from it. */
export const EDGES = ['N', 'S'] as const;
export type Edge = (typeof EDGES)[number];

/** Unit and element ids: 1–12 letters or digits, unique together in the game (§3.3). */
export const PIECE_ID = /^[A-Za-z0-9]{1,12}$/;

/** The bounds of a map (§1): 6 to 99 columns by 6 to 99 rows; 24 × 36 by default. */
export const MAP_LIMITS = { min: 6, max: 99 } as const;
export const DEFAULT_MAP: MapSize = { width: 24, height: 36 };

/**
 * An element's design (§3.1): what it was built as, and what its cost is
 * worked out from (§11). Movement and Range in cm, multiples of 5. To Hit 7
 * means no To Hit, Save 7 no save, Morale 1 no Morale.
 */
export interface ElementDesign {
  readonly type: ElementType;
  readonly command: boolean;
  readonly move: number;
  readonly range: number;
  readonly toHit: number;
  readonly save: number;
  readonly power: number;
  readonly armor: number;
  readonly morale: number;
  /** Capability codes (§12), as written. */
  readonly special: readonly string[];
}

/** The stat bounds of §3.1, as data: the JSON contract and the setup language check against these. */
export const STAT_LIMITS = {
  move: { min: 0, max: 200, step: 5 },
  range: { min: 0, max: 500, step: 5 },
  toHit: { min: 0, max: 7, step: 1 },
  save: { min: 2, max: 7, step: 1 },
  power: { min: 0, max: 20, step: 1 },
  armor: { min: 0, max: 20, step: 1 },
  morale: { min: 1, max: 6, step: 1 },
} as const;
export type StatName = keyof typeof STAT_LIMITS;
export const STAT_NAMES = Object.keys(STAT_LIMITS) as StatName[];

/** An element in a game (§3.2): its design and where it stands. */
export interface Element extends ElementDesign {
  readonly id: string;
  readonly status: ElementStatus;
  /** Null in reserve; a carried element's hex is its carrier's; a destroyed or fled one's is where it fell. */
  readonly hex: Hex | null;
  /** Null only where it does not matter (in reserve). */
  readonly facing: Direction | null;
  /** The hex it stood in before the step that brought it into its present hex; null if placed there. */
  readonly from: Hex | null;
  /** Whole turns in a row, up to the last one, it has not moved (§8.9). */
  readonly still: number;
  /** The last turn in which it attacked. */
  readonly firedTurn: number | null;
  /** A One shot element has attacked. */
  readonly shotUsed: boolean;
  /** A Scout not yet discovered (§12.1). */
  readonly hidden: boolean;
  /** The transport element carrying it. */
  readonly carrier: string | null;
  /** A Flying element on the ground. */
  readonly landed: boolean;
  /** A Submersible element under water. */
  readonly submerged: boolean;
  /** A Teleport element has used its one teleport. */
  readonly teleported: boolean;
}

export const FORMATIONS = ['square'] as const;
export type Formation = (typeof FORMATIONS)[number];

/** A unit (§3.3): one or more elements of one side, in element order. */
export interface Unit {
  readonly id: string;
  readonly side: string;
  /** An Organised unit in square (§12.2), else null. */
  readonly formation: Formation | null;
  readonly elements: readonly Element[];
}

/** The battle being fought (§20.2, §20.3). */
export type Battle =
  | { readonly type: 'standard'; readonly target: number }
  | {
      readonly type: 'defensive';
      readonly attacker: string;
      readonly defender: string;
      readonly objectives: readonly Hex[];
      readonly control: number;
      readonly destroy: number;
    };

export const DEFAULT_BATTLE: Battle = { type: 'standard', target: 500 };

/** A scenario's options (§3.3, §12.4), distances in cm. */
export interface MiniOptions {
  /** Elements of one side a hex may hold (carried ones do not count). */
  readonly stack: number;
  /** The deny range of Den:Tel, Den:Drp and Den:Sc. */
  readonly denyRange: number;
  /** How far Den:St sees Stealth elements. */
  readonly denyStealthRange: number;
}

export const DEFAULT_OPTIONS: MiniOptions = { stack: 3, denyRange: 25, denyStealthRange: 50 };

/** A Mini Combat position between turns: everything the rules need to resolve the next turn (§22.1). */
export interface MiniPosition {
  readonly map: MapSize;
  /** Hexes not listed are `open` (§2). Keyed by `CCRR`. */
  readonly terrain: ReadonlyMap<string, Terrain>;
  /** The turn about to be resolved, from 1. */
  readonly turn: number;
  /** Exactly two, in seat order. */
  readonly sides: readonly [string, string];
  readonly edges: Readonly<Record<string, Edge>>;
  readonly battle: Battle;
  readonly turnLimit: number | null;
  readonly options: MiniOptions;
  /** In state order (§0): units in this order, each unit's elements in theirs. */
  readonly units: readonly Unit[];
  readonly conceded: readonly string[];
}

/** A problem a user can cause, with what it concerns. */
export interface MiniRuleError {
  readonly code: string;
  readonly message: string;
  readonly side?: string;
  readonly unit?: string;
  readonly element?: string;
}
