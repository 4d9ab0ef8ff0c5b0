/**
 * Valid orders (rules-mini-combat.md §18): a side's entries as written (JSON
 * or mail, plain strings) are read into orders and checked against the side's
 * own view, every problem with its code. A submission is all or nothing.
 */
import { formatHex, onMap, parseHex } from '../hex.ts';
import { DIRECTIONS, type Direction, type Hex } from '../types.ts';
import { has, transportPlaces } from './capabilities.ts';
import { isCoherent, forward } from './setup.ts';
import { moverKind, planPath } from './movement.ts';
import { standingOrder, THEN_VALUES, type Then, type UnitOrder } from './orders.ts';
import { betweenTurns } from './sight.ts';
import { mayEndIn, terrainAt } from './terrain.ts';
import type { Element, MiniPosition, MiniRuleError, Unit } from './types.ts';
import { sideView } from './views.ts';

/** An entry as written (§7, §22.1): paths are strings of direction words or arrays of them. */
export interface OrderEntryInput {
  readonly unit: string;
  readonly move?: string | readonly string[];
  readonly paths?: Readonly<Record<string, string | readonly string[]>>;
  readonly face?: string;
  readonly fire?: readonly string[];
  readonly then?: string;
  readonly within?: number;
  readonly spare?: boolean;
  readonly teleport?: readonly string[];
  readonly drop?: readonly string[];
  readonly embark?: string;
  readonly disembark?: boolean;
  readonly insubstantial?: boolean;
  readonly dive?: boolean;
  readonly surface?: boolean;
  readonly land?: boolean;
  readonly square?: boolean;
  readonly heal?: string;
}

type Where = { side: string; unit?: string; element?: string };
const problem = (code: string, message: string, where: Where): MiniRuleError => ({ code, message, ...where });

/** Direction words (any case, spaces or commas), or the bad word. */
function readPath(text: string | readonly string[]): { path: Direction[] } | { bad: string } {
  const ws = typeof text === 'string' ? text.split(/[\s,]+/).filter((w) => w !== '') : [...text];
  const path: Direction[] = [];
  for (const w of ws) {
    const d = w.toUpperCase();
    if (!(DIRECTIONS as readonly string[]).includes(d)) return { bad: w };
    path.push(d as Direction);
  }
  return { path };
}

const DIRECTION_LIST = DIRECTIONS.join(' ');

/**
 * Reads one entry's words into an order: §18.2 MOVE_DIRECTION, FACE_DIRECTION;
 * §18.3 THEN_VALUE, WITHIN_VALUE, HEX_FORMAT.
 */
function readEntry(e: OrderEntryInput, at: Where, out: MiniRuleError[]): UnitOrder {
  const order = standingOrder(e.unit);
  let move: Direction[] = [];
  if (e.move !== undefined) {
    const r = readPath(e.move);
    if ('bad' in r)
      out.push(
        problem('MOVE_DIRECTION', `"${r.bad}" is not a direction: a path is direction words (${DIRECTION_LIST})`, at),
      );
    else move = r.path;
  }
  const paths = new Map<string, Direction[]>();
  for (const [id, text] of Object.entries(e.paths ?? {})) {
    const r = readPath(text);
    if ('bad' in r)
      out.push(
        problem('MOVE_DIRECTION', `"${r.bad}" is not a direction: a path is direction words (${DIRECTION_LIST})`, {
          ...at,
          element: id,
        }),
      );
    else paths.set(id, r.path);
  }
  let face: Direction | null = null;
  if (e.face !== undefined) {
    const d = e.face.toUpperCase();
    if ((DIRECTIONS as readonly string[]).includes(d)) face = d as Direction;
    else out.push(problem('FACE_DIRECTION', `"${e.face}" is not a direction: face one of ${DIRECTION_LIST}`, at));
  }
  let then: Then = 'nearest';
  if (e.then !== undefined) {
    const t = e.then.toLowerCase();
    if ((THEN_VALUES as readonly string[]).includes(t)) then = t as Then;
    else out.push(problem('THEN_VALUE', `"${e.then}" is not a fallback: then is nearest, weakest or hold`, at));
  }
  let within: number | null = null;
  if (e.within !== undefined) {
    if (Number.isInteger(e.within) && e.within > 0 && e.within % 5 === 0 && e.within <= 10_000) within = e.within;
    else out.push(problem('WITHIN_VALUE', `within ${e.within}: a range in cm, a positive multiple of 5`, at));
  }
  const hexes = (list: readonly string[] | undefined, what: string): Hex[] =>
    (list ?? []).flatMap((text) => {
      const h = parseHex(text);
      if (h.ok) return [h.value];
      out.push(problem('HEX_FORMAT', `${what}: ${h.error.message}`, at));
      return [];
    });
  return {
    ...order,
    move,
    paths,
    face,
    fire: [...(e.fire ?? [])],
    then,
    within,
    spare: e.spare ?? false,
    teleport: hexes(e.teleport, 'teleport'),
    drop: hexes(e.drop, 'drop'),
    embark: e.embark ?? null,
    disembark: e.disembark ?? false,
    insubstantial: e.insubstantial ?? false,
    dive: e.dive ?? false,
    surface: e.surface ?? false,
    land: e.land ?? false,
    square: e.square ?? false,
    heal: e.heal ?? null,
  };
}

const inPlay = (e: Element) => e.status === 'active' || e.status === 'carried' || e.status === 'reserve';
const anyHas = (u: Unit, keys: readonly Parameters<typeof has>[1][]) =>
  u.elements.some((e) => keys.some((k) => has(e, k)));

/** The fields an entry uses, by their JSON names. */
function fieldsUsed(e: OrderEntryInput): string[] {
  return Object.entries(e)
    .filter(([k, v]) => k !== 'unit' && v !== undefined && v !== false)
    .map(([k]) => k);
}

/** §18.1: the entry's unit and the fields it may use. */
function entryProblems(p: MiniPosition, u: Unit, e: OrderEntryInput, o: UnitOrder, at: Where): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  const add = (code: string, message: string, where: Where = at) => out.push(problem(code, message, where));
  const need: [boolean, string, string][] = [
    [o.teleport.length > 0, 'teleport', 'Teleport (Tel or TelS)'],
    [o.drop.length > 0, 'drop', 'Drop (Drp or DrpS)'],
    [o.insubstantial, 'insubstantial', 'Insubstantial (Ins)'],
    [o.dive || o.surface, o.dive ? 'dive' : 'surface', 'Submersible (Sub)'],
    [o.land, 'land', 'Flying (Fly)'],
    [o.square, 'square', 'Organised (Org)'],
    [o.heal !== null, 'heal', 'Heal, Heal4, Rep or Rep4'],
  ];
  const keys: Record<string, Parameters<typeof has>[1][]> = {
    teleport: ['Tel', 'TelS'],
    drop: ['Drp', 'DrpS'],
    insubstantial: ['Ins'],
    dive: ['Sub'],
    surface: ['Sub'],
    land: ['Fly'],
    square: ['Org'],
    heal: ['Heal', 'Heal4', 'Rep', 'Rep4'],
  };
  for (const [used, field, cap] of need)
    if (used && !anyHas(u, keys[field]!)) add('NOT_CAPABLE', `${field}: unit ${u.id} has no element with ${cap}`);
  const ethereal = u.elements.every((x) => has(x, 'Eth'));
  if (o.teleport.length > 0 && u.elements.some((x) => x.teleported) && !ethereal)
    add(
      'TELEPORT_USED',
      `unit ${u.id} has teleported already: a Teleport unit teleports once in the game (unless Ethereal)`,
    );
  const inReserve = u.elements.filter(inPlay).every((x) => x.status === 'reserve');
  if (o.drop.length > 0 && !u.elements.some((x) => x.status === 'reserve'))
    add('DROP_USED', `unit ${u.id} is not in reserve: once on the map a unit never drops again`);
  if (inReserve) {
    const allowed =
      o.teleport.length > 0
        ? ['teleport', 'move', 'paths', 'face', 'fire', 'then', 'within', 'spare']
        : o.drop.length > 0
          ? ['drop', 'face']
          : [];
    const extra = fieldsUsed(e).filter((f) => !allowed.includes(f));
    if (extra.length > 0)
      add(
        'UNIT_IN_RESERVE',
        `unit ${u.id} is in reserve: it may only drop or teleport (${extra.join(', ')} not allowed)`,
      );
  }
  const carried = u.elements.filter((x) => x.status === 'carried');
  if (o.disembark && carried.length === 0)
    add('NOT_CARRIED', `unit ${u.id} has no element aboard a transport to disembark`);
  if (!o.disembark) {
    for (const x of carried)
      if (o.paths.has(x.id))
        add('UNIT_CARRIED', `${x.id} is aboard a transport: add disembark to move it`, { ...at, element: x.id });
    const onMapOrAboard = u.elements.filter((x) => x.status === 'active' || x.status === 'carried');
    if (o.move.length > 0 && onMapOrAboard.length > 0 && onMapOrAboard.every((x) => x.status === 'carried'))
      add('UNIT_CARRIED', `unit ${u.id} is aboard transports: add disembark to move it`);
  }
  const conflicts: [boolean, string][] = [
    [o.teleport.length > 0 && o.drop.length > 0, 'teleport with drop'],
    [
      o.square && (o.move.length > 0 || o.paths.size > 0 || o.face !== null),
      'square with move, paths or face (a square does not move or turn)',
    ],
    [o.dive && o.surface, 'dive with surface'],
    [o.embark !== null && o.disembark, 'embark with disembark'],
  ];
  for (const [c, what] of conflicts) if (c) add('ORDER_CONFLICT', `unit ${u.id}: ${what}`);
  for (const id of o.paths.keys())
    if (!u.elements.some((x) => x.id === id))
      add('ELEMENT_UNKNOWN', `paths: ${id} is not an element of unit ${u.id}`, { ...at, element: id });
  if (o.paths.size > 0 && u.elements.every((x) => has(x, 'Org')))
    add('ORG_ONE_PATH', `unit ${u.id} is Organised: it moves as one body, with one move and no paths`);
  if (o.embark !== null) {
    const t = p.units.find((x) => x.id === o.embark && x.side === u.side && x.id !== u.id);
    if (t === undefined || !t.elements.some((x) => transportPlaces(x) > 0))
      add('EMBARK_UNIT', `embark ${o.embark}: name another unit of your side with a Transport (T<n>) element`);
  }
  if (o.heal !== null && !p.units.some((x) => x.id === o.heal && x.side === u.side))
    add('HEAL_UNIT', `heal ${o.heal}: name a unit of your side`);
  return out;
}

/** The elements a teleport or drop places, in element order (§14, §15). */
function placed(u: Unit, how: 'teleport' | 'drop'): Element[] {
  const ethereal = u.elements.every((x) => has(x, 'Eth'));
  return u.elements.filter((x) => x.status === 'reserve' || (how === 'teleport' && ethereal && x.status === 'active'));
}

/** §18.3 placement: aimed hexes, one per element placed (the last repeats). */
function placementProblems(p: MiniPosition, u: Unit, o: UnitOrder, at: Where): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  for (const how of ['teleport', 'drop'] as const) {
    const hexes = o[how];
    if (hexes.length === 0) continue;
    const who = placed(u, how);
    if (hexes.length > u.elements.length)
      out.push(
        problem(
          'PLACE_COUNT',
          `${how}: ${hexes.length} hexes for ${u.elements.length} elements: one each at most (the last repeats)`,
          at,
        ),
      );
    hexes.forEach((h) => {
      if (!onMap(h, p.map))
        out.push(
          problem('PLACE_OFF_MAP', `${how}: ${formatHex(h)} is off the ${p.map.width} × ${p.map.height} map`, at),
        );
    });
    who.forEach((x, i) => {
      const h = hexes[Math.min(i, hexes.length - 1)]!;
      if (onMap(h, p.map) && !mayEndIn({ ...x, landed: false }, terrainAt(p, h)))
        out.push(
          problem('PLACE_TERRAIN', `${how}: ${x.id} cannot be placed in ${formatHex(h)} (${terrainAt(p, h)}, §13.2)`, {
            ...at,
            element: x.id,
          }),
        );
    });
  }
  return out;
}

/** §18.3 engagement: fire entries against the side's view. */
function fireProblems(p: MiniPosition, side: string, o: UnitOrder, at: Where): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  if (o.fire.length === 0) return out;
  const view = sideView(p, side, betweenTurns(p));
  const seen = new Set<string>();
  for (const u2 of view.enemy) {
    if (u2.elements.some((x) => x.status === 'active')) seen.add(u2.id);
    for (const x of u2.elements) if (x.status === 'active') seen.add(x.id);
  }
  const own = new Set(p.units.filter((x) => x.side === side).flatMap((x) => [x.id, ...x.elements.map((y) => y.id)]));
  const named = new Set<string>();
  for (const id of o.fire) {
    if (named.has(id)) out.push(problem('FIRE_DUPLICATE', `fire: ${id} is named twice`, at));
    else if (own.has(id))
      out.push(problem('FIRE_FRIENDLY', `fire: ${id} is one of yours: name enemy units or elements`, at));
    else if (!seen.has(id)) out.push(problem('FIRE_TARGET', `fire: ${id} is no enemy unit or element you can see`, at));
    named.add(id);
  }
  return out;
}

/** §18.2: each element's planned path, then the unit's coherency at the planned end. */
function pathProblems(p: MiniPosition, side: string, u: Unit, o: UnitOrder, at: Where): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  const carrierOf = (id: string) => p.units.flatMap((x) => x.elements).find((y) => y.id === id);
  const teleporting = o.teleport.length > 0 ? placed(u, 'teleport') : [];
  const ends: Hex[] = [];
  let clean = true;
  for (const x of u.elements) {
    let start: Hex | null = null;
    let facing: Direction | null = x.facing;
    const tIndex = teleporting.indexOf(x);
    if (tIndex >= 0) {
      start = o.teleport[Math.min(tIndex, o.teleport.length - 1)] ?? null;
      facing = forward(p, side);
    } else if (x.status === 'carried' && o.disembark) {
      const c = x.carrier === null ? undefined : carrierOf(x.carrier);
      start = c?.hex ?? null;
      facing = c?.facing ?? facing;
    } else if (x.status === 'active') start = x.hex;
    if (start === null || facing === null) continue;
    const path = o.paths.get(x.id) ?? o.move;
    if (path.length === 0 && o.face === null) {
      ends.push(start);
      continue;
    }
    const kind = moverKind({ ...x, landed: path.length > 0 ? false : x.landed }, o.insubstantial && has(x, 'Ins'));
    const plan = planPath(p, x, kind, start, facing, path, o.face);
    if (plan.problem !== null) {
      clean = false;
      out.push(problem(plan.problem.code, plan.problem.message, { ...at, element: x.id }));
    }
    ends.push(plan.end);
  }
  if (clean) {
    const startHexes = u.elements.filter((x) => x.status === 'active' && x.hex !== null).map((x) => x.hex!);
    const wasCoherent = teleporting.length > 0 || isCoherent(startHexes);
    if (wasCoherent && !isCoherent(ends))
      out.push(
        problem(
          'COHERENCY',
          `unit ${u.id} would end its move out of coherency: its elements must end in one chain of same or adjacent hexes`,
          at,
        ),
      );
  }
  return out;
}

/**
 * Reads and checks one side's entries (§18): every problem, or none, with the
 * orders as understood. A side's unknown units and enemy units are both
 * UNIT_UNKNOWN (an enemy unit is answered the same way).
 */
export function checkSideOrders(
  p: MiniPosition,
  side: string,
  entries: readonly OrderEntryInput[],
): { orders: UnitOrder[]; problems: MiniRuleError[] } {
  const problems: MiniRuleError[] = [];
  const orders: UnitOrder[] = [];
  const listed = new Set<string>();
  for (const e of entries) {
    const u = p.units.find((x) => x.id === e.unit && x.side === side);
    const at: Where = { side, unit: e.unit };
    if (u === undefined) {
      problems.push(problem('UNIT_UNKNOWN', `${e.unit} is not one of your units`, at));
      continue;
    }
    if (listed.has(u.id)) {
      problems.push(problem('UNIT_TWICE', `unit ${u.id} is listed twice: give each unit one entry`, at));
      continue;
    }
    listed.add(u.id);
    if (!u.elements.some(inPlay)) {
      problems.push(problem('UNIT_NOT_IN_PLAY', `unit ${u.id} has no element left in play`, at));
      continue;
    }
    const before = problems.length;
    const o = readEntry(e, at, problems);
    problems.push(...entryProblems(p, u, e, o, at), ...placementProblems(p, u, o, at), ...fireProblems(p, side, o, at));
    if (problems.length === before) problems.push(...pathProblems(p, side, u, o, at));
    orders.push(o);
  }
  return { orders, problems };
}
