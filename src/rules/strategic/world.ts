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

  constructor(readonly campaign: Campaign) {
    this.fleets = campaign.fleets.map((f) => ({ ...f, ships: [...f.ships], lossOrder: [...f.lossOrder] }));
  }

  fleet(id: string): WorkFleet | undefined {
    return this.fleets.find((f) => f.id === id);
  }

  /** The side's own fleet with this id, if it has one. */
  ownFleet(side: string, id: string): WorkFleet | undefined {
    const f = this.fleet(id);
    return f?.side === side ? f : undefined;
  }

  shipIds(): Set<string> {
    return new Set(this.fleets.flatMap((f) => f.ships.map((s) => s.id)));
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

/** The side's home system, if the map gives it one. */
export function homeOf(systems: readonly StarSystem[], side: string): StarSystem | undefined {
  return systems.find((s) => s.home === side);
}

export const hexName = formatHex;

/** The other side of a two-sided campaign. */
export function enemyOf(campaign: Campaign, side: string): string {
  return campaign.sides[0] === side ? campaign.sides[1] : campaign.sides[0];
}
