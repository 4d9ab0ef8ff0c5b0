/**
 * The map as arrays, for routes (rules-scg.md §8.4): every hex of the map
 * by index, its six neighbours in the order N NE SE S SW NW (−1 off the
 * map), its cube coordinates and whether it is open. Built once per map
 * and kept, so that a turn's breadth-first searches allocate no hexes.
 */
import { DIRECTIONS } from '../types.ts';
import { neighbour, toCube } from '../hex.ts';
import type { Hex } from '../types.ts';
import type { ScgMap } from './types.ts';

export interface Grid {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** Neighbour indices, six per hex, −1 off the map. */
  readonly nb: Int32Array;
  readonly x: Int32Array;
  readonly z: Int32Array;
  /** 1 for an open hex, 0 for an impassable one. */
  readonly open: Uint8Array;
}

const grids = new WeakMap<ScgMap, Grid>();

export const indexOf = (g: Grid, h: Hex): number => (h.col - 1) * g.height + (h.row - 1);
export const hexAt = (g: Grid, i: number): Hex => ({ col: Math.floor(i / g.height) + 1, row: (i % g.height) + 1 });

export function gridOf(map: ScgMap): Grid {
  const known = grids.get(map);
  if (known) return known;
  const { width, height } = map;
  const size = width * height;
  const g: Grid = {
    width,
    height,
    size,
    nb: new Int32Array(size * 6),
    x: new Int32Array(size),
    z: new Int32Array(size),
    open: new Uint8Array(size).fill(1),
  };
  for (let i = 0; i < size; i++) {
    const h = hexAt(g, i);
    const c = toCube(h);
    g.x[i] = c.x;
    g.z[i] = c.z;
    DIRECTIONS.forEach((d, k) => {
      const n = neighbour(h, d);
      g.nb[i * 6 + k] = n.col >= 1 && n.row >= 1 && n.col <= width && n.row <= height ? indexOf(g, n) : -1;
    });
  }
  for (const h of map.impassable) g.open[indexOf(g, h)] = 0;
  grids.set(map, g);
  return g;
}

/** Distance between two hexes by index (cube coordinates, §2). */
export function gridDistance(g: Grid, a: number, b: number): number {
  const dx = g.x[a]! - g.x[b]!;
  const dz = g.z[a]! - g.z[b]!;
  const dy = -dx - dz;
  return Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
}
