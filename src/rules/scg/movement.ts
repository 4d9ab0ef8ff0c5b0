/**
 * Movement (rules-scg.md §8): routes for TO and TOWARD (§8.4), carrying out
 * an order step by step with its stop reason (§8.5), one unit per hex (§8.6).
 */
import { formatHex } from '../hex.ts';
import type { Direction, Hex } from '../types.ts';
import { distance, hexKey, isOpen, nearestOf, neighbour, type Field, type LiveUnit } from './board.ts';
import { gridDistance, gridOf, hexAt, indexOf, type Grid } from './grid.ts';
import type { MoveEvent, MoveOrder, StopReason } from './types.ts';

/** Work arrays for routes, reused by every route of a turn: a hex counts as marked when it holds this route's stamp. */
interface Scratch {
  stamp: number;
  readonly blocked: Int32Array;
  readonly seen: Int32Array;
  readonly goalSeen: Int32Array;
  readonly toGoal: Int32Array;
  readonly queue: Int32Array;
}

const scratches = new WeakMap<Field, Scratch>();

function scratchFor(field: Field, size: number): Scratch {
  let s = scratches.get(field);
  if (!s) {
    s = {
      stamp: 0,
      blocked: new Int32Array(size),
      seen: new Int32Array(size),
      goalSeen: new Int32Array(size),
      toGoal: new Int32Array(size),
      queue: new Int32Array(2 * size),
    };
    scratches.set(field, s);
  }
  s.stamp += 1;
  return s;
}

/**
 * §8.4: the route from the unit's hex toward `aim`, to within `n` hexes or as
 * near as can be reached; [] when the unit is already in its goal. Enterable:
 * on the map, open, and free of any other unit in play (rule 1).
 */
export function routeToward(field: Field, u: LiveUnit, aim: Hex, n: number): Hex[] {
  const g = gridOf(field.state.map);
  const aimAt = indexOf(g, aim);
  const start = indexOf(g, u.hex);
  if (gridDistance(g, start, aimAt) <= n) return [];
  // Most often some hex within n of the aim can be reached: then m = n, and the goal is those hexes. Searching
  // outward from them until the unit is found is the whole work; only when none can be reached is R needed.
  const quick = scratchFor(field, g.size);
  markBlocked(field, u, g, quick);
  let seeds = 0;
  const { queue } = quick;
  for (let c = Math.max(1, aim.col - n); c <= Math.min(g.width, aim.col + n); c++)
    for (let r = Math.max(1, aim.row - n - 1); r <= Math.min(g.height, aim.row + n + 1); r++) {
      const i = (c - 1) * g.height + (r - 1);
      if (gridDistance(g, i, aimAt) <= n && enterableAt(g, quick, i)) queue[seeds++] = i;
    }
  const found = stepsToGoal(g, quick, seeds, 0, start, (i) => enterableAt(g, quick, i));
  if (found) return walk(g, quick, start);

  const s = scratchFor(field, g.size);
  markBlocked(field, u, g, s);
  const { stamp, seen } = s;
  // R: every hex reachable through enterable hexes (breadth-first), and m of rule 3 on the way.
  let count = 0;
  s.queue[count++] = start;
  seen[start] = stamp;
  let m = Math.max(n, gridDistance(g, start, aimAt));
  for (let i = 0; i < count; i++) {
    const at = s.queue[i]!;
    for (let k = 0; k < 6; k++) {
      const nb = g.nb[at * 6 + k]!;
      if (nb < 0 || seen[nb] === stamp || !enterableAt(g, s, nb)) continue;
      seen[nb] = stamp;
      s.queue[count++] = nb;
      const d = gridDistance(g, nb, aimAt);
      if (d < m) m = Math.max(n, d);
    }
  }
  if (gridDistance(g, start, aimAt) <= m) return [];
  let goal = 0;
  for (let i = 0; i < count; i++) {
    const h = s.queue[i]!;
    if (gridDistance(g, h, aimAt) <= m) s.queue[count + goal++] = h;
  }
  stepsToGoal(g, s, goal, count, start, (i) => seen[i] === stamp);
  return walk(g, s, start);
}

function markBlocked(field: Field, u: LiveUnit, g: Grid, s: Scratch): void {
  for (const other of field.units)
    if (other.status === 'active' && other !== u) s.blocked[indexOf(g, other.hex)] = s.stamp;
}

/** On the map (an index), open, and free of other units (the unit's own hex counts as free). */
const enterableAt = (g: Grid, s: Scratch, i: number): boolean => g.open[i] === 1 && s.blocked[i] !== s.stamp;

/**
 * Breadth-first from the goal hexes (queue[base … base + seeds)) through hexes `inside` allows, counting steps to
 * the goal, until the unit's hex is reached; whether it was.
 */
function stepsToGoal(
  g: Grid,
  s: Scratch,
  seeds: number,
  base: number,
  start: number,
  inside: (i: number) => boolean,
): boolean {
  const { stamp, goalSeen, toGoal, queue } = s;
  for (let i = 0; i < seeds; i++) {
    const h = queue[base + i]!;
    toGoal[h] = 0;
    goalSeen[h] = stamp;
  }
  let head = 0;
  let tail = seeds;
  while (head < tail && goalSeen[start] !== stamp) {
    const h = queue[base + head++]!;
    for (let k = 0; k < 6; k++) {
      const nb = g.nb[h * 6 + k]!;
      if (nb < 0 || goalSeen[nb] === stamp || !inside(nb)) continue;
      goalSeen[nb] = stamp;
      toGoal[nb] = toGoal[h]! + 1;
      queue[base + tail++] = nb;
    }
  }
  return goalSeen[start] === stamp;
}

/** §8.4 rule 5: from the unit, the first direction (N NE SE S SW NW) one step nearer the goal, each time. */
function walk(g: Grid, s: Scratch, start: number): Hex[] {
  const { stamp, goalSeen, toGoal } = s;
  const route: Hex[] = [];
  let at = start;
  while (toGoal[at]! > 0) {
    for (let k = 0; k < 6; k++) {
      const nb = g.nb[at * 6 + k]!;
      if (nb >= 0 && goalSeen[nb] === stamp && toGoal[nb] === toGoal[at]! - 1) {
        route.push(hexAt(g, nb));
        at = nb;
        break;
      }
    }
  }
  return route;
}

function haltNow(field: Field, u: LiveUnit, halt: number | undefined): boolean {
  if (halt === undefined) return false;
  return field.units.some((e) => e.status === 'active' && e.side !== u.side && distance(u.hex, e.hex) <= halt);
}

/** Activates one unit in the movement phase: carries out its order and says what happened. */
export function moveUnit(field: Field, u: LiveUnit, order: MoveOrder): MoveEvent {
  const from = u.hex;
  const entered: Hex[] = [];
  const base = { type: 'move' as const, unit: u.id, side: u.side, order: order.kind, from: formatHex(from) };
  const finish = (stop: StopReason, extra: Partial<MoveEvent> = {}): MoveEvent => ({
    ...base,
    to: formatHex(u.hex),
    path: entered.map(formatHex),
    hexes: entered.length,
    stop,
    ...extra,
  });
  if (order.kind === 'hold') return finish('hold');

  let steps: readonly (Hex | Direction)[];
  let extra: Partial<MoveEvent> = {};
  if (order.kind === 'path') steps = order.path;
  else {
    let aim: Hex;
    let n = 0;
    if (order.kind === 'to') aim = order.hex;
    else {
      const target =
        order.target === 'nearest' ? nearestOf(u.hex, field.enemiesOf(u)) : (field.byId.get(order.target) ?? null);
      if (target === null || target.status !== 'active') return finish('done');
      aim = target.hex;
      n = order.within;
      extra = { target: target.id };
    }
    extra = { aim: formatHex(aim), ...extra };
    steps = routeToward(field, u, aim, n);
  }

  for (let i = 0; ; i++) {
    if (i >= steps.length) return finish('done', extra);
    if (haltNow(field, u, order.halt)) return finish('halt', extra);
    if (entered.length >= u.type.ma) return finish('allowance', extra);
    const step = steps[i]!;
    const next = typeof step === 'string' ? neighbour(u.hex, step) : step;
    const there = field.occupant.get(hexKey(next));
    if (there !== undefined && there !== u) return finish('blocked', { ...extra, blockedBy: there.id });
    // A path is checked against the map when it is submitted; a state changed since is not trusted.
    if (!isOpen(field.terrain, next)) return finish('blocked', extra);
    field.moveTo(u, next);
    entered.push(next);
    u.moved = entered.length;
  }
}
