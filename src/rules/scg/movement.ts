/**
 * Movement (rules-scg.md §8): routes for TO and TOWARD (§8.4), carrying out
 * an order step by step with its stop reason (§8.5), one unit per hex (§8.6).
 */
import { formatHex } from '../hex.ts';
import { DIRECTIONS, type Direction, type Hex } from '../types.ts';
import { distance, hexKey, HEX_KEYS, isOpen, nearestOf, neighbour, type Field, type LiveUnit } from './board.ts';
import type { MoveEvent, MoveOrder, StopReason } from './types.ts';

/** Open and free of any other unit in play (§8.4 rule 1). */
function enterable(field: Field, u: LiveUnit, h: Hex): boolean {
  if (!isOpen(field.terrain, h)) return false;
  const there = field.occupant.get(hexKey(h));
  return there === undefined || there === u;
}

/**
 * §8.4: the route from the unit's hex toward `aim`, to within `n` hexes or as
 * near as can be reached; [] when the unit is already in its goal.
 */
export function routeToward(field: Field, u: LiveUnit, aim: Hex, n: number): Hex[] {
  // R: every hex reachable through enterable hexes, by breadth-first search.
  const seen = new Uint8Array(HEX_KEYS);
  const reach: Hex[] = [u.hex];
  seen[hexKey(u.hex)] = 1;
  for (let i = 0; i < reach.length; i++) {
    for (const d of DIRECTIONS) {
      const nb = neighbour(reach[i]!, d);
      const k = hexKey(nb);
      if (seen[k] === 1 || !enterable(field, u, nb)) continue;
      seen[k] = 1;
      reach.push(nb);
    }
  }
  let m = Infinity;
  for (const h of reach) m = Math.min(m, Math.max(n, distance(h, aim)));
  const goal = reach.filter((h) => distance(h, aim) <= m);
  if (distance(u.hex, aim) <= m) return [];
  // Steps to the goal from every reachable hex, counted outward from the goal.
  const toGoal = new Int32Array(HEX_KEYS).fill(-1);
  const queue: Hex[] = [];
  for (const h of goal) {
    toGoal[hexKey(h)] = 0;
    queue.push(h);
  }
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i]!;
    const next = toGoal[hexKey(h)]! + 1;
    for (const d of DIRECTIONS) {
      const nb = neighbour(h, d);
      const k = hexKey(nb);
      if (seen[k] !== 1 || toGoal[k] !== -1) continue;
      toGoal[k] = next;
      queue.push(nb);
    }
  }
  // From the unit, the first direction (N NE SE S SW NW) one step nearer, each time.
  const route: Hex[] = [];
  let at = u.hex;
  let left = toGoal[hexKey(at)]!;
  while (left > 0) {
    for (const d of DIRECTIONS) {
      const nb = neighbour(at, d);
      const k = hexKey(nb);
      if (seen[k] === 1 && toGoal[k] === left - 1) {
        route.push(nb);
        at = nb;
        left -= 1;
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
