/**
 * The strategic game's vocabulary (rules-strategic.md): a campaign's pieces,
 * the orders a side gives for one turn, what a turn's resolution returns, and
 * what each side may see. Plain data: every value serialises as it is.
 *
 * Hexes inside the state are `Hex` values; events write them as `CCRR`
 * strings, as the tactical events do.
 */
import type { Direction, Hex, MapSize, WeaponSide } from '../types.ts';

/** How battles are fought (§7, §8). */
export const BATTLE_MODES = ['strategic', 'tactical'] as const;
export type BattleMode = (typeof BATTLE_MODES)[number];

/** What each side sees of the enemy (§6). */
export const FOG_MODES = ['positions', 'sensors'] as const;
export type FogMode = (typeof FOG_MODES)[number];

/** The ship sizes a campaign allows, in BP (§1). */
export const STRATEGIC_SHIP_SIZES = [10, 15, 20] as const;

/**
 * Ship and fleet ids: 1–12 letters or digits (§1). Ids belong to a side: unique among the side's own ships (and among
 * its fleets), ids that differ only in letter case being one id; the other side may use the same ids.
 */
export const PIECE_ID = /^[A-Za-z0-9]{1,12}$/;

/** The most rounds one strategic battle lasts (§7). */
export const MAX_BATTLE_ROUNDS = 20;

/** Enemy fleets within this many hexes are detected (§6). */
export const SENSOR_RANGE = 3;

/** A ship as the strategic layer knows it: its design and id (no damage, §1). */
export interface StrategicShip {
  readonly id: string;
  readonly engine: number;
  readonly shields: number;
  readonly toHit: number;
  readonly weapons: readonly WeaponSide[];
}

/** A fleet's standing retreat order (§7): `never`, `after N` rounds, `below P` % of its starting ships. */
export type RetreatOrder =
  | { readonly kind: 'never' }
  | { readonly kind: 'after'; readonly rounds: number }
  | { readonly kind: 'below'; readonly percent: number };

export interface Fleet {
  readonly id: string;
  readonly side: string;
  readonly hex: Hex;
  /** In ship order. Never empty: a fleet with no ships ceases to exist. */
  readonly ships: readonly StrategicShip[];
  /** Standing loss order: ship ids to lose first (§7). */
  readonly lossOrder: readonly string[];
  readonly retreat: RetreatOrder;
}

export interface StarSystem {
  readonly hex: Hex;
  readonly name: string | null;
  /** The side whose home system this is, if any. */
  readonly home: string | null;
  /** The side that has captured it (§6), or null. */
  readonly owner: string | null;
  /** The turn it was captured in (a home starts at 0), or null when nobody owns it. */
  readonly capturedTurn: number | null;
  /** The side that alone had a fleet here at the end of the last turn, or null (§6). */
  readonly held: string | null;
}

/**
 * Whose ids a campaign's ids are (§1): `side` (the default) — each side's own, unique among its pieces letter case
 * aside; `game` — unique in the whole game, exactly as written, as campaigns stored before ids belonged to a side
 * were resolved (kept so that their turns replay as they were played).
 */
export const ID_SCOPES = ['side', 'game'] as const;
export type IdScope = (typeof ID_SCOPES)[number];

export interface CampaignOptions {
  readonly battles: BattleMode;
  readonly fog: FogMode;
  /** The last turn to be played (§9), or null for none. */
  readonly turnLimit: number | null;
  /** Whose ids the campaign's ids are; absent: `side`. */
  readonly ids?: IdScope;
}

/** A campaign between turns: everything the rules need to resolve the next one. */
export interface Campaign {
  readonly map: MapSize;
  /** The turn about to be resolved, from 1. */
  readonly turn: number;
  /** The two sides, in seat order. */
  readonly sides: readonly [string, string];
  readonly options: CampaignOptions;
  /** Systems in ascending `CCRR`. */
  readonly systems: readonly StarSystem[];
  /** Each side's BP store. */
  readonly store: Readonly<Record<string, number>>;
  /** In fleet order (creation order). */
  readonly fleets: readonly Fleet[];
  /** Sides that have conceded (§9). */
  readonly conceded: readonly string[];
}

/** One build (§4): a ship, and the fleet at home it joins or the new fleet it forms. */
export interface BuildOrder {
  readonly ship: StrategicShip;
  readonly fleet: string;
}

/** A transfer (§5), applied in the order given at the start of the side's movement. */
export type TransferOrder =
  | { readonly kind: 'merge'; readonly fleet: string; readonly into: string }
  | { readonly kind: 'transfer'; readonly ships: readonly string[]; readonly from: string; readonly to: string }
  | { readonly kind: 'split'; readonly ships: readonly string[]; readonly from: string; readonly as: string };

/** A move (§5): a path of directions, or a destination the rules find a shortest path to. */
export type MoveOrder =
  { readonly kind: 'path'; readonly path: readonly Direction[] } | { readonly kind: 'to'; readonly hex: Hex };

/** One side's orders for one turn. Maps are keyed by fleet id. */
export interface SideOrders {
  readonly builds: readonly BuildOrder[];
  readonly transfers: readonly TransferOrder[];
  readonly moves: ReadonlyMap<string, MoveOrder>;
  /** New standing loss orders (they replace the fleet's list). */
  readonly lossOrders: ReadonlyMap<string, readonly string[]>;
  /** New standing retreat orders. */
  readonly retreats: ReadonlyMap<string, RetreatOrder>;
  /** The side concedes (§9). */
  readonly concede: boolean;
}

/** Orders by side; a side with none given follows the no-orders policy (no builds, no moves, standing orders). */
export type CampaignOrders = Readonly<Record<string, SideOrders>>;

/** Every event of a campaign turn, in order; hexes as `CCRR`, dice as lists of faces (§11). */
export type CampaignEvent =
  | {
      readonly type: 'production';
      readonly side: string;
      readonly systems: readonly string[];
      readonly produced: number;
      readonly store: number;
    }
  | {
      readonly type: 'build';
      readonly side: string;
      readonly ship: StrategicShip;
      readonly fleet: string;
      readonly cost: number;
      readonly skipped?: true;
    }
  | {
      readonly type: 'initiative';
      readonly rolls: Readonly<Record<string, readonly number[]>>;
      readonly order: readonly string[];
    }
  | {
      readonly type: 'transfer';
      readonly side: string;
      readonly kind: TransferOrder['kind'];
      readonly ships: readonly string[];
      readonly from: string;
      readonly to: string;
      readonly hex: string;
    }
  | {
      readonly type: 'move';
      readonly side: string;
      readonly fleet: string;
      readonly from: string;
      readonly to: string;
      readonly path: readonly string[];
    }
  | {
      readonly type: 'sensor';
      readonly side: string;
      readonly fleet: string;
      readonly ships: number;
      readonly hex: string;
      readonly by: string;
    }
  | {
      readonly type: 'battle';
      readonly hex: string;
      readonly attacker: string;
      readonly defender: string;
      readonly fleets: readonly string[];
    }
  | {
      readonly type: 'round';
      readonly hex: string;
      readonly round: number;
      readonly attackerDice: readonly number[];
      readonly defenderSaves: readonly number[];
      readonly defenderDice: readonly number[];
      readonly attackerSaves: readonly number[];
      readonly attackerLosses: number;
      readonly defenderLosses: number;
    }
  | {
      readonly type: 'lost';
      readonly side: string;
      readonly ship: string;
      readonly fleet: string;
      readonly hex: string;
    }
  | {
      readonly type: 'retreat';
      readonly side: string;
      readonly fleet: string;
      readonly from: string;
      readonly to: string;
    }
  | { readonly type: 'battle-end'; readonly hex: string; readonly rounds: number; readonly reason: string }
  | { readonly type: 'capture'; readonly hex: string; readonly side: string }
  | { readonly type: 'loss-of-control'; readonly hex: string; readonly side: string }
  | { readonly type: 'conceded'; readonly side: string }
  | { readonly type: 'skipped'; readonly side: string; readonly order: string; readonly reason: string }
  | { readonly type: 'game-over'; readonly winner: string; readonly reason: string };

/** What one side sees of an enemy fleet (§6). `ships` is null when its count is unknown to that side. */
export interface SeenEnemyFleet {
  readonly id: string;
  readonly side: string;
  readonly hex: Hex;
  readonly ships: number | null;
}

/** One side's view after a turn (§6): its own fleets in full, enemy fleets as far as it may see them. */
export interface SideView {
  readonly side: string;
  readonly map: MapSize;
  readonly turn: number;
  readonly systems: readonly StarSystem[];
  readonly store: number;
  readonly fleets: readonly Fleet[];
  readonly enemyFleets: readonly SeenEnemyFleet[];
  /** Enemy fleet ids detected by sensors this turn, with their counts. */
  readonly detected: Readonly<Record<string, number>>;
}

/** A battle to fight as a tactical game (§8). */
export interface PendingBattle {
  readonly hex: Hex;
  readonly attacker: string;
  readonly defender: string;
  /** Fleet ids in the hex, in fleet order. */
  readonly fleets: readonly string[];
}

/** One ship of one side: ids belong to a side (§1), so a ship is named by both. */
export interface ShipRef {
  readonly side: string;
  readonly ship: string;
}

/**
 * How a tactical battle ended (§8): the ships it destroyed and the ships that disengaged; the rest survived. A ship is
 * named by its side and id, or by its id alone when only one side has a ship of that id in the battle.
 */
export interface BattleOutcome {
  readonly hex: Hex;
  readonly destroyed: readonly (ShipRef | string)[];
  readonly disengaged: readonly (ShipRef | string)[];
}

/** A finished campaign turn. */
export interface CampaignTurnResult {
  /** The campaign after the turn, ready for the next one (turn + 1). */
  readonly campaign: Campaign;
  readonly events: readonly CampaignEvent[];
  /** Ship ids lost this turn (ids belong to a side: the `lost` events say whose each was). */
  readonly destroyed: readonly string[];
  /** Sides in initiative order, first side first. */
  readonly initiative: readonly string[];
  /** null while the campaign goes on; a side; or 'draw'. */
  readonly winner: string | null;
  readonly gameOver: boolean;
  readonly diceUsed: number;
  readonly views: Readonly<Record<string, SideView>>;
}

/** A problem with a campaign's state or a side's orders: a stable code, a message, and what it concerns. */
export interface CampaignRuleError {
  readonly code: string;
  readonly message: string;
  readonly side?: string;
  readonly fleet?: string;
  readonly ship?: string;
  /** The order it concerns: builds and transfers by their index in the side's list, the rest by fleet. */
  readonly order?: {
    readonly kind: 'build' | 'transfer' | 'move' | 'lossOrder' | 'retreat';
    readonly index?: number;
    readonly fleet?: string;
  };
}

/**
 * A turn stopped after sensors because its battles are to be fought as
 * tactical games (§8); `finishCampaignTurn` completes it from their outcomes.
 * Plain data, so it can be stored between the two calls.
 */
export interface PendingCampaignTurn {
  readonly pending: true;
  /** The battles to fight, in ascending `CCRR`. */
  readonly battles: readonly PendingBattle[];
  /** The campaign as it stands after movement and sensors (still at the turn being resolved). */
  readonly campaign: Campaign;
  readonly events: readonly CampaignEvent[];
  readonly initiative: readonly string[];
  readonly diceUsed: number;
  /** Enemy fleet counts each side detected this turn: side → fleet id → ships. */
  readonly detected: Readonly<Record<string, Readonly<Record<string, number>>>>;
}
