/**
 * Carrying out a unit's movement (rules-mini-combat.md §8.5–§8.9, with the
 * Flying, Submersible and Scout rules of §12.1 that happen while moving):
 * each element in element order follows its path step by step, stops where
 * the map, terrain, a river, its points or contact stop it, backs up out of an
 * over-full hex or one it may not stop in, and faces as §8.7 says.
 */
import { formatHex, neighbour, onMap } from '../hex.ts';
import type { Direction, Hex } from '../types.ts';
import { denies, has, isAirborne } from './capabilities.ts';
import { hexDistance } from './geometry.ts';
import type { Battlefield, Mutable } from './battlefield.ts';
import { mayEnter, mayStop, moverKind, movementPoints, mustFord, stepCost } from './movement.ts';
import type { UnitOrder } from './orders.ts';
import { groundMayEnter, terrainAt } from './terrain.ts';
import type { Element, Unit } from './types.ts';

export type Stop = 'map' | 'terrain' | 'river' | 'points' | 'contact' | 'stack' | 'ground';

/** A ground mover (§8.5): not an airborne flier, a Jump jet or an Ethereal element; not insubstantial or submerged. */
export const isGroundMover = (e: Element, insubstantial: boolean): boolean =>
  !isAirborne(e) && !has(e, 'JJ') && !has(e, 'Eth') && !insubstantial && !e.submerged;

/** What one element's move did. */
export interface MoveResult {
  readonly element: string;
  readonly entered: readonly Hex[];
  readonly stop: Stop | null;
}

/**
 * Moves one element along its path (§8.6), then backs it up if it must, and
 * faces it (§8.7). `face` is the direction to face at the end, when given;
 * events are written as §22.3 orders them.
 */
export function moveElement(
  b: Battlefield,
  e: Mutable<Element>,
  path: readonly Direction[],
  face: Direction | null,
): MoveResult {
  const side = b.sideOf(e.id);
  const ins = b.insubstantial.has(e.id);
  const start = e.hex!;
  const oldFrom = e.from;
  const oldFacing = e.facing;
  // A landed flier takes off before the first step of any later path (§12.1).
  if (path.length > 0 && has(e, 'Fly') && e.landed) {
    e.landed = false;
    b.events.push({ type: 'land', seenBy: b.seenByFor(e.id), element: e.id, landed: false });
  }
  const kind = moverKind(e, ins);
  const ground = isGroundMover(e, ins);
  let points = movementPoints(e);
  let at = start;
  let stop: Stop | null = null;
  const entered: Hex[] = [];
  const steps: Direction[] = [];
  for (let i = 0; i < path.length; i++) {
    const next = neighbour(at, path[i]!);
    if (!onMap(next, b.position.map)) {
      stop = 'map';
      break;
    }
    const t = terrainAt(b.position, next);
    if (!mayEnter(e, t, kind)) {
      stop = 'terrain';
      break;
    }
    const fording = t === 'river' && mustFord(e, kind);
    if (fording && i > 0) {
      stop = 'river';
      break;
    }
    const cost = fording ? Math.max(points, 2) : stepCost(e, terrainAt(b.position, at), t);
    if (cost > points) {
      stop = 'points';
      break;
    }
    points -= cost;
    e.from = at;
    at = next;
    e.hex = next;
    entered.push(next);
    steps.push(path[i]!);
    b.carryAlong(e);
    if (ground && b.activeIn(next).some((x) => b.isContact(x, side))) {
      for (const x of b.activeIn(next)) if (b.sideOf(x.id) !== side) b.reveal(x, 'contact');
      stop = 'contact';
      break;
    }
    if (fording) {
      stop = 'river';
      break;
    }
  }
  // The back-up rule (§8.6).
  const overStack = (h: Hex) => b.stackIn(side, h) > b.position.options.stack;
  const cannotStop = (h: Hex) => kind === 'pass' && !mayStop(e, terrainAt(b.position, h), kind);
  if (entered.length > 0 && (overStack(at) || cannotStop(at))) {
    const reason: Stop = overStack(at) ? 'stack' : 'ground';
    let k = entered.length - 1;
    for (;;) {
      k -= 1;
      const h = k >= 0 ? entered[k]! : start;
      e.hex = h;
      if (k < 0 || (!overStack(h) && !cannotStop(h))) break;
    }
    entered.length = Math.max(k + 1, 0);
    steps.length = entered.length;
    at = e.hex;
    e.from = k < 0 ? oldFrom : k === 0 ? start : entered[k - 1]!;
    b.carryAlong(e);
    stop = reason;
  }
  if (entered.length > 0) {
    b.moved.add(e.id);
    b.reveal(e, 'moved');
  }
  e.facing = face ?? steps.at(-1) ?? oldFacing;
  if (path.length > 0 || face !== null)
    b.events.push({
      type: 'move',
      seenBy: b.seenByFor(e.id),
      element: e.id,
      from: formatHex(start),
      to: formatHex(at),
      path: entered.map(formatHex),
      facing: e.facing,
      stop,
    });
  return { element: e.id, entered, stop };
}

const inWater = (b: Battlefield, h: Hex) => ['water', 'river'].includes(terrainAt(b.position, h));

/**
 * A unit's movement in its activation (§6 item 4, §8): Submersible elements
 * ordered to surface do so first; then each active element, in element order,
 * follows its own path (`paths`) or the unit's (`move`); then fliers ordered
 * to land land, and Submersible elements dive or surface (§12.1).
 */
export function moveUnit(b: Battlefield, unitId: string, order: UnitOrder): MoveResult[] {
  const u = b.units.find((x) => x.id === unitId)!;
  const organised = u.elements.every((e) => has(e, 'Org'));
  const results: MoveResult[] = [];
  for (const e of u.elements) {
    if (e.status !== 'active' || !order.surface || !e.submerged) continue;
    e.submerged = false;
    b.events.push({ type: 'dive', seenBy: b.seenByFor(e.id), element: e.id, submerged: false });
  }
  // Organised elements all take the unit's facing: face, else the last direction of its path (§8.7).
  const unitFacing = organised ? (order.face ?? order.move.at(-1) ?? null) : order.face;
  for (const e of u.elements) {
    if (e.status !== 'active' || e.hex === null) continue;
    const path = organised ? order.move : (order.paths.get(e.id) ?? order.move);
    results.push(moveElement(b, e, path, unitFacing));
    if (order.land && isAirborne(e) && groundMayEnter(e, terrainAt(b.position, e.hex))) {
      e.landed = true;
      b.events.push({ type: 'land', seenBy: b.seenByFor(e.id), element: e.id, landed: true });
    }
    if (has(e, 'Sub')) {
      const wet = inWater(b, e.hex);
      if (order.dive && wet && !e.submerged) {
        e.submerged = true;
        b.events.push({ type: 'dive', seenBy: b.seenByFor(e.id), element: e.id, submerged: true });
      } else if (e.submerged && !wet) {
        e.submerged = false;
        b.events.push({ type: 'dive', seenBy: b.seenByFor(e.id), element: e.id, submerged: false });
      }
    }
  }
  return results;
}

/**
 * Deny Scout (§12.1, §12.4): hidden Scouts within the deny range of an active
 * enemy element with Den:Sc are revealed, in state order. Checked before
 * initiative and after each activation's movement.
 */
export function revealByDeny(b: Battlefield): void {
  const range = Math.floor(b.position.options.denyRange / 5);
  const deniers = b.units.flatMap((u) =>
    u.elements
      .filter((e) => e.status === 'active' && e.hex !== null && denies(e, 'Sc'))
      .map((e) => ({ e, side: u.side })),
  );
  for (const u of b.units)
    for (const e of u.elements)
      if (
        e.hidden &&
        e.hex !== null &&
        deniers.some((d) => d.side !== u.side && hexDistance(d.e.hex!, e.hex!) <= range)
      )
        b.reveal(e, 'deny');
}

/**
 * Coherency after moving (§8.8): the unit's active elements in linked groups;
 * the main group holds the command element if it is active, else is the
 * largest, ties to the group holding the earliest element. Returns the ids of
 * the elements outside it, which may not attack this activation.
 */
export function outOfCoherency(u: Pick<Unit, 'elements'>): Set<string> {
  const active = u.elements.filter((e) => e.status === 'active' && e.hex !== null);
  const group = new Map<string, number>();
  let groups = 0;
  for (const e of active) {
    if (group.has(e.id)) continue;
    const g = groups++;
    const queue = [e];
    group.set(e.id, g);
    while (queue.length > 0) {
      const x = queue.pop()!;
      for (const y of active)
        if (!group.has(y.id) && hexDistance(x.hex!, y.hex!) <= 1) {
          group.set(y.id, g);
          queue.push(y);
        }
    }
  }
  if (groups <= 1) return new Set();
  const size = (g: number) => active.filter((e) => group.get(e.id) === g).length;
  const command = active.find((e) => e.command);
  let main = command === undefined ? -1 : group.get(command.id)!;
  if (main < 0) {
    // Groups are numbered in element order of their first element, so the first largest wins ties.
    main = 0;
    for (let g = 1; g < groups; g++) if (size(g) > size(main)) main = g;
  }
  return new Set(active.filter((e) => group.get(e.id) !== main).map((e) => e.id));
}

/**
 * Moved and still (§8.9), at the end of the turn: every element that has
 * moved, and every element that is not active, gets still 0; every other
 * active element still + 1.
 */
export function updateStill(b: Battlefield): void {
  for (const u of b.units)
    for (const e of u.elements) e.still = b.moved.has(e.id) || e.status !== 'active' ? 0 : e.still + 1;
}
