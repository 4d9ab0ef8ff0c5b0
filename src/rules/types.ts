/** The game's vocabulary, as data. */

/** The six facings, clockwise from the top (rules-tactical.md §1). */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The sides a weapon may be mounted on, in firing order (§2, §6). Never `R`. */
export const WEAPON_SIDES = ['F', 'FL', 'FR', 'RL', 'RR'] as const;
export type WeaponSide = (typeof WEAPON_SIDES)[number];

/** The six firing arcs, clockwise from the front (§6.2). */
export const ARCS = ['F', 'FR', 'RR', 'R', 'RL', 'FL'] as const;
export type Arc = (typeof ARCS)[number];

export const SHIP_STATUSES = ['active', 'destroyed', 'disengaged'] as const;
export type ShipStatus = (typeof SHIP_STATUSES)[number];

/** A hex by column and row, both from 1 (hex `0504` is col 5, row 4). */
export interface Hex {
  readonly col: number;
  readonly row: number;
}

export interface MapSize {
  readonly width: number;
  readonly height: number;
}

/** A ship's undamaged values (what it was built as). */
export interface Design {
  readonly engine: number;
  readonly shields: number;
  readonly toHit: number;
  readonly weapons: readonly WeaponSide[];
}

/** A ship in play: its current values after damage, and its design. */
export interface Ship {
  readonly id: string;
  readonly side: string;
  readonly hex: Hex;
  readonly facing: Direction;
  /** Last turn's SPEED; null before its first move. */
  readonly speed: number | null;
  readonly engine: number;
  readonly shields: number;
  readonly toHit: number;
  /** Intact weapons, in firing order. */
  readonly weapons: readonly WeaponSide[];
  readonly design: Design;
  readonly status: ShipStatus;
}

/** A tactical position: everything the rules need to resolve the next turn. */
export interface Position {
  readonly map: MapSize;
  /** The turn about to be resolved. */
  readonly turn: number;
  /** Sides in seat order. */
  readonly sides: readonly string[];
  /** Sides played by the solo rules. */
  readonly solo: readonly string[];
  /** Ships in ship order. */
  readonly ships: readonly Ship[];
  /** The last turn to be played, if the game has a turn limit. */
  readonly turnLimit: number | null;
  /** Sides that have conceded. */
  readonly conceded: readonly string[];
}

/** One step of a movement plot: a run of hexes forward, or one turn. */
export type PlotStep =
  { readonly kind: 'forward'; readonly hexes: number } | { readonly kind: 'turn'; readonly turn: 'L' | 'R' };
export type Plot = readonly PlotStep[];

/** What a ship is ordered to do this turn (§4, §6.6). */
export interface ShipOrders {
  readonly speed: number;
  readonly plot: Plot;
  /** Target list: enemy ship ids, tried in order. */
  readonly fire: readonly string[];
  /** Fire mode `hold` (no fallback to the nearest target). */
  readonly hold: boolean;
}

/** Orders for one turn, keyed by ship id. */
export type OrderSet = ReadonlyMap<string, ShipOrders>;
