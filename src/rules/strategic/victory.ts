/**
 * Victory (rules-strategic.md §9), checked at the end of a turn: a side loses
 * when it has no ships left, or when an enemy fleet is at its home system and
 * none of its own is; both losing is a draw. At the end of the turn limit, if
 * any, the side with more ships' BP wins, equal is a draw.
 */
import { sameHex } from '../hex.ts';
import { shipCost } from './ships.ts';
import type { Campaign, Fleet, StarSystem } from './types.ts';

export interface Outcome {
  /** A side, or 'draw'. */
  readonly winner: string;
  readonly reason: 'no-ships' | 'home-occupied' | 'both-lost' | 'turn-limit' | 'conceded';
}

/** Why a side has lost at the end of the turn, or null. */
function lossOf(
  side: string,
  fleets: readonly Fleet[],
  systems: readonly StarSystem[],
): 'no-ships' | 'home-occupied' | null {
  const own = fleets.filter((f) => f.side === side);
  if (own.length === 0) return 'no-ships';
  const home = systems.find((s) => s.home === side);
  if (home) {
    const there = fleets.filter((f) => sameHex(f.hex, home.hex));
    if (there.some((f) => f.side !== side) && !there.some((f) => f.side === side)) return 'home-occupied';
  }
  return null;
}

/** The fleet BP of a side: the sum of its ships' costs. */
export function fleetBp(fleets: readonly Fleet[], side: string): number {
  return fleets.filter((f) => f.side === side).reduce((t, f) => t + f.ships.reduce((u, s) => u + shipCost(s), 0), 0);
}

export function checkVictory(
  campaign: Campaign,
  fleets: readonly Fleet[],
  systems: readonly StarSystem[],
): Outcome | null {
  const [a, b] = campaign.sides;
  const lostA = lossOf(a, fleets, systems);
  const lostB = lossOf(b, fleets, systems);
  if (lostA && lostB) return { winner: 'draw', reason: 'both-lost' };
  if (lostA) return { winner: b, reason: lostA };
  if (lostB) return { winner: a, reason: lostB };
  if (campaign.options.turnLimit !== null && campaign.turn >= campaign.options.turnLimit) {
    const bpA = fleetBp(fleets, a);
    const bpB = fleetBp(fleets, b);
    return { winner: bpA === bpB ? 'draw' : bpA > bpB ? a : b, reason: 'turn-limit' };
  }
  return null;
}
