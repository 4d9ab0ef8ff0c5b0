/**
 * Simultaneous movement (rules-tactical.md §4): each ship follows its plot on
 * its own — ships may share hexes and pass through each other — so moving all
 * ships at once is moving each one by itself.
 */
import type { Direction, Hex, MapSize, Plot, Ship } from './types.ts';
import { neighbour, onMap, rotate } from './hex.ts';

export interface MoveOutcome {
  /** Final hex and facing (for a ship that left the map: the last hex it held on it, and its facing there). */
  readonly hex: Hex;
  readonly facing: Direction;
  /** Every hex entered on the map, in order. */
  readonly path: readonly Hex[];
  /** True when a step of the plot left the map: the ship has disengaged. */
  readonly leftMap: boolean;
}

/** Follows a plot from a ship's hex and facing, stopping at the step that leaves the map. */
export function followPlot(ship: Pick<Ship, 'hex' | 'facing'>, plot: Plot, map: MapSize): MoveOutcome {
  let hex = ship.hex;
  let facing = ship.facing;
  const path: Hex[] = [];
  for (const step of plot) {
    if (step.kind === 'turn') {
      facing = rotate(facing, step.turn === 'R' ? 1 : -1);
      continue;
    }
    for (let i = 0; i < step.hexes; i++) {
      const next = neighbour(hex, facing);
      if (!onMap(next, map)) return { hex, facing, path, leftMap: true };
      hex = next;
      path.push(hex);
    }
  }
  return { hex, facing, path, leftMap: false };
}
