/**
 * The working copy of a campaign while a turn is resolved or a side's orders
 * are checked: fleets as mutable records, looked up by id, frozen back into
 * plain `Fleet` values at the end.
 */
import { formatHex, sameHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import type { Campaign, Fleet, RetreatOrder, StarSystem, StrategicShip } from './types.ts';

export interface WorkFleet {
  id: string;
  side: string;
  hex: Hex;
  ships: StrategicShip[];
  lossOrder: string[];
  retreat: RetreatOrder;
}

export class World {
  /** In fleet order. */
  fleets: WorkFleet[];

  /** Ids unique in the whole game, exactly as written: a campaign stored before ids belonged to a side. */
  readonly gameIds: boolean;

  constructor(readonly campaign: Campaign) {
    this.fleets = campaign.fleets.map((f) => ({ ...f, ships: [...f.ships], lossOrder: [...f.lossOrder] }));
    this.gameIds = campaign.options.ids === 'game';
  }

  /** Whether two ids of one side's pieces are one id: letter case aside (exactly, in a campaign with game ids). */
  same(a: string, b: string): boolean {
    return this.gameIds ? a === b : sameId(a, b);
  }

  /** The side's own fleet with this id, if it has one: ids belong to a side (§1). */
  ownFleet(side: string, id: string): WorkFleet | undefined {
    return this.fleets.find((f) => f.side === side && this.same(f.id, id));
  }

  /** The side's ship with this id, and its fleet, if it has one. */
  ownShip(side: string, id: string): { fleet: WorkFleet; ship: StrategicShip } | undefined {
    for (const fleet of this.fleets) {
      if (fleet.side !== side) continue;
      const ship = fleet.ships.find((s) => this.same(s.id, id));
      if (ship) return { fleet, ship };
    }
    return undefined;
  }

  /** In a campaign with game ids: the fleet of either side with exactly this id, if any. */
  anyFleet(id: string): WorkFleet | undefined {
    return this.gameIds ? this.fleets.find((f) => f.id === id) : undefined;
  }

  /** In a campaign with game ids: whether a ship of either side has exactly this id. */
  anyShip(id: string): boolean {
    return this.gameIds && this.fleets.some((f) => f.ships.some((s) => s.id === id));
  }

  /** Removes fleets left with no ships (§1: a fleet with no ships ceases to exist). */
  dropEmpty(): void {
    this.fleets = this.fleets.filter((f) => f.ships.length > 0);
  }

  fleetsAt(h: Hex): WorkFleet[] {
    return this.fleets.filter((f) => sameHex(f.hex, h));
  }

  frozenFleets(): Fleet[] {
    return this.fleets.map((f) => ({ ...f, ships: [...f.ships], lossOrder: [...f.lossOrder] }));
  }
}

/**
 * Whether two ship or fleet ids are the same id: ids that differ only in letter case are one (§1). Ids belong to a
 * side: the other side may have a piece of the same id, so pieces are told apart by (side, id).
 */
export function sameId(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

/**
 * Whether a system yields BP to its owner in `turn`'s production phase (§4):
 * captured at the end of turn t, it first produces in t + 2; a home held from
 * the start (captured turn 0) produces from turn 1.
 */
export function produces(system: StarSystem, turn: number): boolean {
  if (system.owner === null || system.capturedTurn === null) return false;
  return system.capturedTurn === 0 || turn >= system.capturedTurn + 2;
}

/** The side's home system, if the map gives it one. */
export function homeOf(systems: readonly StarSystem[], side: string): StarSystem | undefined {
  return systems.find((s) => s.home === side);
}

export const hexName = formatHex;

/** The other side of a two-sided campaign. */
export function enemyOf(campaign: Campaign, side: string): string {
  return campaign.sides[0] === side ? campaign.sides[1] : campaign.sides[0];
}
