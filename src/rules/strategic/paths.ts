/**
 * Fleet paths on the campaign map (rules-strategic.md §5): following a path of
 * directions, and the shortest path to a destination with the stated tie rule
 * (at each step, directions tried in the order N, NE, SE, S, SW, NW).
 */
import { distance, formatHex, neighbour, onMap, sameHex } from '../hex.ts';
import { err, ok, type Result, type RuleError } from '../result.ts';
import { DIRECTIONS, type Direction, type Hex, type MapSize } from '../types.ts';

/** The hexes a path enters, one per step; an error at the first step that leaves the map. */
export function followPath(start: Hex, path: readonly Direction[], map: MapSize): Result<Hex[], RuleError> {
  const hexes: Hex[] = [];
  let at = start;
  for (const [i, d] of path.entries()) {
    const next = neighbour(at, d);
    if (!onMap(next, map)) {
      return err({
        code: 'PATH_OFF_MAP',
        message: `step ${i + 1} (${d}) from ${formatHex(at)} leaves the ${map.width} × ${map.height} map`,
      });
    }
    hexes.push(next);
    at = next;
  }
  return ok(hexes);
}

/**
 * A shortest path from `from` to `to` staying on the map: at each step the
 * first direction, in the order N, NE, SE, S, SW, NW, whose hex is on the map
 * and one step nearer. On a rectangular map such a step always exists; the
 * breadth-first fallback is there for any map where it would not.
 */
export function shortestPath(from: Hex, to: Hex, map: MapSize): Direction[] {
  const path: Direction[] = [];
  let at = from;
  while (!sameHex(at, to)) {
    const d0 = distance(at, to);
    const step = DIRECTIONS.find((d) => {
      const n = neighbour(at, d);
      return onMap(n, map) && distance(n, to) === d0 - 1;
    });
    if (step === undefined) return [...path, ...breadthFirstPath(at, to, map)];
    path.push(step);
    at = neighbour(at, step);
  }
  return path;
}

/** Shortest on-map path by breadth-first search from the destination; ties as in `shortestPath`. */
function breadthFirstPath(from: Hex, to: Hex, map: MapSize): Direction[] {
  const key = (h: Hex): number => h.col * 1000 + h.row;
  const dist = new Map<number, number>([[key(to), 0]]);
  const queue: Hex[] = [to];
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i]!;
    for (const d of DIRECTIONS) {
      const n = neighbour(h, d);
      if (onMap(n, map) && !dist.has(key(n))) {
        dist.set(key(n), dist.get(key(h))! + 1);
        queue.push(n);
      }
    }
  }
  const path: Direction[] = [];
  let at = from;
  while (!sameHex(at, to)) {
    const here = dist.get(key(at))!;
    const step = DIRECTIONS.find((d) => dist.get(key(neighbour(at, d))) === here - 1)!;
    path.push(step);
    at = neighbour(at, step);
  }
  return path;
}
