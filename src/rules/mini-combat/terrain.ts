/**
 * Terrain (rules-mini-combat.md §2) as data, and who may enter or end a move
 * in a hex (§8.2, §13.2).
 */
import { formatHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import { entersAnyHex, has } from './capabilities.ts';
import type { Element, ElementDesign, MiniPosition, Terrain } from './types.ts';

/** How a terrain type blocks line of sight when it lies between firer and target (§9.1). */
export type LosEffect = 'clear' | 'blocks' | 'hill' | 'forest';

export interface TerrainRule {
  /** The cover save it gives, n+, or null for none (§10.6). */
  readonly cover: number | null;
  readonly los: LosEffect;
  /** What keeps ground elements out, for messages. */
  readonly keepsOut: string;
}

/** The seed's terrain table (§2). */
export const TERRAIN_RULES: Readonly<Record<Terrain, TerrainRule>> = {
  open: { cover: null, los: 'clear', keepsOut: 'nobody' },
  road: { cover: null, los: 'clear', keepsOut: 'nobody' },
  forest: { cover: 5, los: 'forest', keepsOut: 'vehicles' },
  swamp: { cover: null, los: 'clear', keepsOut: 'vehicles' },
  rough: { cover: null, los: 'clear', keepsOut: 'vehicles' },
  building: { cover: 4, los: 'blocks', keepsOut: 'vehicles, cavalry and mecha' },
  urban: { cover: 5, los: 'blocks', keepsOut: 'nobody' },
  water: { cover: null, los: 'clear', keepsOut: 'all but Amphibious and Submersible elements' },
  river: { cover: 6, los: 'clear', keepsOut: 'nobody (but entering it takes a full move)' },
  hill: { cover: 5, los: 'hill', keepsOut: 'nobody' },
  vacuum: { cover: null, los: 'clear', keepsOut: 'all but Sealed and Submersible elements' },
};

/** The terrain of a hex: listed, or `open` (§2). Off the map too (the grid continues, open). */
export function terrainAt(p: Pick<MiniPosition, 'terrain'>, h: Hex): Terrain {
  return p.terrain.get(formatHex(h)) ?? 'open';
}

/**
 * Whether a ground element of this design may enter a hex of this terrain
 * (§8.2): water only Amphibious or Submersible; vacuum only Sealed or
 * Submersible; forest, swamp, rough not vehicles; building not vehicles,
 * cavalry or mecha. Water bound elements only water and river.
 */
export function groundMayEnter(e: Pick<ElementDesign, 'type' | 'special'>, t: Terrain): boolean {
  if (has(e, 'WB')) return t === 'water' || t === 'river';
  switch (t) {
    case 'water':
      return has(e, 'Amph') || has(e, 'Sub');
    case 'vacuum':
      return has(e, 'Se') || has(e, 'Sub');
    case 'forest':
    case 'swamp':
    case 'rough':
      return e.type !== 'vehicle';
    case 'building':
      return e.type !== 'vehicle' && e.type !== 'cavalry' && e.type !== 'mecha';
    default:
      return true;
  }
}

/**
 * Whether an element could end a move in (and so be placed in, §13.2) a hex of
 * this terrain: an airborne flier, a Skimmer or an Ethereal element anywhere
 * (§8.2) — but a water-bound element only in water or river —, every other
 * element as a ground element.
 */
export function mayEndIn(e: Pick<Element, 'type' | 'special' | 'landed'>, t: Terrain): boolean {
  if (has(e, 'WB')) return t === 'water' || t === 'river';
  return entersAnyHex(e) || groundMayEnter(e, t);
}
