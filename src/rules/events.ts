/**
 * The record of a turn: everything that happened, in order, every die included.
 * Hexes are written as `CCRR` strings so that events serialise as they are.
 */
import type { Arc, Direction, WeaponSide } from './types.ts';

/** The solo rules' movement decision for one ship (rules-solo.md §2). */
export interface SoloMoveEvent {
  readonly type: 'solo-move';
  readonly ship: string;
  readonly speed: number;
  /** Nearest friendly / enemy ship chosen (null: none in play). */
  readonly friendly: string | null;
  readonly enemy: string | null;
  /** Tie-break rolls among equally near ships, when there was a tie. */
  readonly friendlyTieRoll?: number;
  readonly enemyTieRoll?: number;
  readonly friendlySide: 'L' | 'R' | null;
  readonly enemySide: 'L' | 'R' | null;
  /** Rolls deciding a dead-ahead, dead-astern or same-hex side. */
  readonly friendlySideRoll?: number;
  readonly enemySideRoll?: number;
  /** Movement table column (1–4) and roll; absent when nothing was rolled. */
  readonly column?: number;
  readonly tableRoll?: number;
  readonly plot: string;
}

export interface MoveEvent {
  readonly type: 'move';
  readonly ship: string;
  readonly speed: number;
  readonly plot: string;
  /** Whether the plot came from the ship's orders, the standing order or the solo tables. */
  readonly source: 'orders' | 'standing' | 'solo';
  readonly from: string;
  readonly to: string;
  readonly facing: Direction;
  /** Every hex entered, in order. */
  readonly path: readonly string[];
}

export interface DisengagedEvent {
  readonly type: 'disengaged';
  readonly ship: string;
  /** The last hex the ship held on the map. */
  readonly hex: string;
  /** It flew off the map, or its side conceded. */
  readonly reason: 'left-map' | 'conceded';
}

export interface InitiativeEvent {
  readonly type: 'initiative';
  /** Every roll of each side, re-rolls included, in the order rolled. */
  readonly rolls: Readonly<Record<string, readonly number[]>>;
  /** Sides in firing order. */
  readonly order: readonly string[];
}

/** A solo ship's Attack-table choice among two or more eligible targets (rules-solo.md §3). */
export interface SoloTargetEvent {
  readonly type: 'solo-target';
  readonly ship: string;
  readonly weapon: WeaponSide;
  /** Candidates by range, nearest first (at most three). */
  readonly candidates: readonly string[];
  readonly roll: number;
  readonly target: string;
}

export interface ShotEvent {
  readonly type: 'shot';
  readonly firer: string;
  readonly weapon: WeaponSide;
  readonly target: string;
  readonly range: number;
  readonly modifier: number;
  /** Highest roll that hits: TO-HIT + modifier. */
  readonly need: number;
  readonly roll: number;
  readonly hit: boolean;
}

/** Why a target the orders named could not be fired at by one weapon (rules-tactical.md §6.1). */
export type NoShotWhy = 'not-in-play' | 'out-of-range' | 'out-of-arc' | 'no-line-of-sight';

/**
 * A weapon of a ship whose orders named targets (FIRE) that fired at nothing, at the moment it would have fired: it
 * was lost earlier in the combat, or it had no target it could fire at — each named one for a reason, and with HOLD
 * or no other enemy in reach, none other. Rolls no die.
 */
export interface NoShotEvent {
  readonly type: 'no-shot';
  readonly firer: string;
  readonly weapon: WeaponSide;
  readonly reason: 'weapon-lost' | 'no-target';
  /** For `no-target`: each target the orders named, why this weapon could not fire at it, and its range. */
  readonly targets: readonly { readonly ship: string; readonly why: NoShotWhy; readonly range: number | null }[];
  /** For `no-target`: whether the orders said HOLD (so no other enemy was looked for). */
  readonly hold: boolean;
}

export type DamageEffect = 'shields' | 'engine' | `weapon:${WeaponSide}`;

export interface DamageEvent {
  readonly type: 'damage';
  readonly target: string;
  readonly roll: number;
  readonly effect: DamageEffect;
  /** On a 6: the side of the target facing the firer (rules-tactical.md §6.5). */
  readonly side?: Arc;
  readonly shields: number;
  readonly engine: number;
}

export interface DestroyedEvent {
  readonly type: 'destroyed';
  readonly ship: string;
  /** The ship whose shot destroyed it. */
  readonly by: string;
  readonly hex: string;
}

export interface GameOverEvent {
  readonly type: 'game-over';
  readonly winner: string | null;
  readonly reason: 'last-side' | 'draw' | 'turn-limit' | 'concession';
  /** Design BP still in play per side (turn limit only). */
  readonly scores?: Readonly<Record<string, number>>;
}

export type TurnEvent =
  | SoloMoveEvent
  | MoveEvent
  | DisengagedEvent
  | InitiativeEvent
  | SoloTargetEvent
  | ShotEvent
  | NoShotEvent
  | DamageEvent
  | DestroyedEvent
  | GameOverEvent;
