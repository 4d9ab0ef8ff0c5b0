/**
 * A side's orders for a turn (rules-mini-combat.md §7): its activation list,
 * one entry per unit, in the order it should act. Entries are plain data as
 * the rules use them; reading them from JSON or mail and checking them (§18)
 * produce these.
 */
import type { Direction, Hex } from '../types.ts';

/** What to attack when no listed target is eligible (§10.2). */
export const THEN_VALUES = ['nearest', 'weakest', 'hold'] as const;
export type Then = (typeof THEN_VALUES)[number];

/** One unit's orders for the turn (§7). */
export interface UnitOrder {
  readonly unit: string;
  /** The unit's path: every element takes these steps (§8). Empty: stay. */
  readonly move: readonly Direction[];
  /** Elements' own paths instead of the unit's (not for Organised units). */
  readonly paths: ReadonlyMap<string, readonly Direction[]>;
  /** The facing at the end of the move (with `drop`: as they land). */
  readonly face: Direction | null;
  /** Targets: enemy unit or element ids, tried in order (§10.2). */
  readonly fire: readonly string[];
  readonly then: Then;
  /** Only attack targets at this range (cm) or less. */
  readonly within: number | null;
  /** Never make a template attack that would roll against a friendly element. */
  readonly spare: boolean;
  /** Aimed hexes, one per element (the last repeats): teleport in the instant phase (§14). */
  readonly teleport: readonly Hex[];
  /** Aimed hexes, one per element (the last repeats): drop in the drop phase (§15). */
  readonly drop: readonly Hex[];
  /** A friendly transport unit to board after moving (§13.1). */
  readonly embark: string | null;
  readonly disembark: boolean;
  readonly insubstantial: boolean;
  readonly dive: boolean;
  readonly surface: boolean;
  readonly land: boolean;
  readonly square: boolean;
  /** A friendly unit its healers and repairers should restore first (§17). */
  readonly heal: string | null;
}

/**
 * The standing order (§6): stay in place, attack the nearest eligible enemy —
 * `{unit}` with no other fields.
 */
export function standingOrder(unit: string): UnitOrder {
  return {
    unit,
    move: [],
    paths: new Map(),
    face: null,
    fire: [],
    then: 'nearest',
    within: null,
    spare: false,
    teleport: [],
    drop: [],
    embark: null,
    disembark: false,
    insubstantial: false,
    dive: false,
    surface: false,
    land: false,
    square: false,
    heal: null,
  };
}

/** Both sides' activation lists. */
export type MiniOrders = Readonly<Record<string, readonly UnitOrder[]>>;
