/**
 * The Simple Combat Game's vocabulary (rules-scg.md): units, weapons, the
 * state of a game, the orders of a side and the events of a resolved turn.
 * Hexes are those of the tactical rules (../types.ts, §2).
 */
import type { Direction, Hex } from '../types.ts';

export const WEAPON_SPECIALS = ['heavy', 'indirect', 'static'] as const;
export type WeaponSpecial = (typeof WEAPON_SPECIALS)[number];

export const UNIT_SPECIALS = ['stabilised'] as const;
export type UnitSpecial = (typeof UNIT_SPECIALS)[number];

/** Ranges 1–6 (§2): index 0 is range 1. */
export const RANGES = 6;

/** One entry per range 1–6; null where the weapon cannot fire (§5.1). */
export type Profile = readonly (number | null)[];

export interface WeaponType {
  readonly id: string;
  readonly name: string;
  readonly th: Profile;
  readonly td: Profile;
  readonly pw: Profile;
  readonly specials: readonly WeaponSpecial[];
}

/** A weapon on a named mount of a unit type (§5.2). */
export interface Mount {
  readonly mount: string;
  readonly weapon: string;
}

export interface UnitType {
  readonly id: string;
  readonly name: string;
  readonly ma: number;
  /** The signed modifier to an enemy's damage roll against it (§4.2): `2-` is −2. */
  readonly ar: number;
  readonly dc: number;
  readonly points: number;
  readonly weapons: readonly Mount[];
  readonly specials: readonly UnitSpecial[];
}

export type UnitStatus = 'active' | 'destroyed';

export interface ScgUnit {
  readonly id: string;
  readonly side: string;
  readonly type: string;
  readonly hex: Hex;
  readonly damage: number;
  readonly status: UnitStatus;
}

export interface ScgMap {
  readonly width: number;
  readonly height: number;
  readonly impassable: readonly Hex[];
}

/** A game as it stands before a turn (§18.1 without orders and dice). */
export interface ScgState {
  readonly map: ScgMap;
  /** The turn about to be resolved. */
  readonly turn: number;
  readonly turnLimit: number | null;
  /** Hexes per firing DU (§2). */
  readonly rangeScale: 1 | 2;
  /** Exactly two, in seat order. */
  readonly sides: readonly [string, string];
  /** A scenario's own types (the built-in ones of §14 are always there). */
  readonly unitTypes: Readonly<Record<string, UnitType>>;
  readonly weaponTypes: Readonly<Record<string, WeaponType>>;
  /** Unit order (§1). */
  readonly units: readonly ScgUnit[];
  readonly conceded: readonly string[];
}

/** Movement orders (§8.3). `halt` and `within` are hexes, 1–99. */
export type MoveOrder =
  | { readonly kind: 'path'; readonly path: readonly Direction[]; readonly halt?: number }
  | { readonly kind: 'to'; readonly hex: Hex; readonly halt?: number }
  /** `target`: an enemy unit's id, or `nearest`. */
  | { readonly kind: 'toward'; readonly target: string; readonly within: number; readonly halt?: number }
  | { readonly kind: 'hold' };

export interface MoveEntry {
  readonly unit: string;
  readonly order: MoveOrder;
}

/** A target list and its fallback (§9.2). */
export interface FireChoice {
  readonly targets: readonly string[];
  readonly hold: boolean;
}

export interface MountChoice extends FireChoice {
  readonly mount: string;
}

export interface FireEntry extends FireChoice {
  readonly unit: string;
  /** Mounts with their own list and fallback, in the order given. */
  readonly weapons: readonly MountChoice[];
}

/** One side's orders for a turn: its move list and its fire list, in order. */
export interface ScgSideOrders {
  readonly move: readonly MoveEntry[];
  readonly fire: readonly FireEntry[];
}

export const STANDING_ORDERS: ScgSideOrders = { move: [], fire: [] };

export type StopReason = 'done' | 'halt' | 'allowance' | 'blocked' | 'hold';
export type NoTargetReason = 'moved' | 'hold' | 'no-target';
export type EndReason = 'destroyed' | 'turn-limit' | 'concession';

export interface InitiativeEvent {
  readonly type: 'initiative';
  readonly rolls: Record<string, number[]>;
  readonly bonus: Record<string, number>;
  readonly order: readonly string[];
}

export interface MoveEvent {
  readonly type: 'move';
  readonly unit: string;
  readonly side: string;
  readonly order: MoveOrder['kind'];
  readonly from: string;
  readonly to: string;
  readonly path: string[];
  readonly hexes: number;
  readonly stop: StopReason;
  readonly aim?: string;
  readonly target?: string;
  readonly blockedBy?: string;
}

export interface Declared {
  readonly weapon: string;
  readonly target: string | null;
  readonly indirect: boolean;
  readonly reason: NoTargetReason | null;
}

export interface ActivationEvent {
  readonly type: 'activation';
  readonly unit: string;
  readonly side: string;
  readonly declared: Declared[];
}

export interface ShotEvent {
  readonly type: 'shot';
  readonly unit: string;
  readonly weapon: string;
  readonly target: string;
  readonly distance: number;
  readonly range: number;
  readonly need: number;
  readonly modifier: number;
  readonly roll: number;
  readonly hit: boolean;
}

export interface DamageEvent {
  readonly type: 'damage';
  readonly unit: string;
  readonly weapon: string;
  readonly target: string;
  readonly need: number;
  readonly modifier: number;
  readonly roll: number;
  readonly damaged: boolean;
  readonly power: number;
  readonly damage: number;
}

export interface WastedEvent {
  readonly type: 'wasted';
  readonly unit: string;
  readonly weapon: string;
  readonly target: string;
}

export interface DestroyedEvent {
  readonly type: 'destroyed';
  readonly unit: string;
  readonly by: string;
  readonly weapon: string;
  readonly hex: string;
}

export interface GameOverEvent {
  readonly type: 'game-over';
  readonly winner: string | null;
  readonly reason: EndReason;
  readonly scores: Record<string, number>;
}

export type ScgEvent =
  | InitiativeEvent
  | MoveEvent
  | ActivationEvent
  | ShotEvent
  | DamageEvent
  | WastedEvent
  | DestroyedEvent
  | GameOverEvent;

/** What resolving one turn gives (§18.2). */
export interface ScgTurnResult {
  /** The state for the next turn (its `turn` is the next one). */
  readonly state: ScgState;
  readonly initiative: readonly string[];
  readonly events: readonly ScgEvent[];
  readonly scores: Record<string, number>;
  /** A side, "draw", or null while the game goes on. */
  readonly winner: string | null;
  readonly gameOver: boolean;
  readonly reason: EndReason | null;
  readonly diceUsed: number;
}

/** A problem with a side's orders (§18.6): a stable code, what to fix, and where. */
export interface ScgOrderError {
  readonly code: string;
  readonly message: string;
  readonly side: string;
  readonly unit?: string;
  readonly weapon?: string;
  /** The entry it concerns: which list and its index there (for putting it on its mail line). */
  readonly entry?: { readonly list: 'move' | 'fire'; readonly index: number };
}

/** Unit ids: 1–12 letters or digits (§4.4); mount ids 1–8 (§5.2). */
export const UNIT_ID = /^[A-Za-z0-9]{1,12}$/;
export const MOUNT_ID = /^[A-Za-z0-9]{1,8}$/;
export const RESERVED_UNIT_IDS = ['AT', 'HOLD', 'NEAREST'] as const;
export const RESERVED_MOUNT_IDS = ['AT', 'HOLD'] as const;
