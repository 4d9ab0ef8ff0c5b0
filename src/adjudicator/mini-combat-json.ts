/**
 * The JSON form of a Mini Combat position (rules-mini-combat.md §22.1, §22.6,
 * §22.7): what `msc mini …` reads, checked at the boundary. Shapes and types
 * are zod's; what makes a position legal is the rules' (`checkPosition`).
 * Every problem is listed, each naming its field; hostile input (deep
 * nesting, `__proto__` keys, huge numbers) is refused before anything copies it.
 */
import { z } from 'zod';
import { formatHex, parseHex } from '../rules/hex.ts';
import { elementCost, unitCost } from '../rules/mini-combat/cost.ts';
import type { UnitOrder } from '../rules/mini-combat/orders.ts';
import { checkPosition } from '../rules/mini-combat/state.ts';
import {
  DEFAULT_OPTIONS,
  EDGES,
  ELEMENT_STATUSES,
  ELEMENT_TYPES,
  FORMATIONS,
  MAP_LIMITS,
  PIECE_ID,
  STAT_LIMITS,
  TERRAINS,
  type Battle,
  type Edge,
  type Element,
  type ElementDesign,
  type MiniPosition,
  type MiniRuleError,
  type Terrain,
  type Unit,
} from '../rules/mini-combat/types.ts';
import { objectives, unitValue } from '../rules/mini-combat/victory.ts';
import type { SideView } from '../rules/mini-combat/views.ts';
import { DIRECTIONS, type Hex } from '../rules/types.ts';

/** Enough for any real battle, small enough that hostile input stays cheap. */
export const LIMITS = { units: 500, elements: 26, special: 20, orders: 500, dice: 100_000, depth: 12 } as const;

/** An error as the adjudicator prints it (§22.7): `{side?, unit?, element?, code, message}`. */
export interface MiniJsonError {
  readonly side?: string;
  readonly unit?: string;
  readonly element?: string;
  readonly code: string;
  readonly message: string;
}

export const toJsonError = (e: MiniRuleError): MiniJsonError => ({
  ...(e.side === undefined ? {} : { side: e.side }),
  ...(e.unit === undefined ? {} : { unit: e.unit }),
  ...(e.element === undefined ? {} : { element: e.element }),
  code: e.code,
  message: e.message,
});

const stat = (name: keyof typeof STAT_LIMITS) => {
  const l = STAT_LIMITS[name];
  const base = z.number().int(`${name} is a whole number`).min(l.min).max(l.max);
  return l.step === 1 ? base : base.multipleOf(l.step, `${name} is in cm, a multiple of ${l.step}`);
};

const id = z.string().regex(PIECE_ID, 'an id is 1 to 12 letters or digits');
const sideId = z.string().min(1).max(40);
const hexText = z.string().regex(/^\d{4}$/, 'a hex is four digits CCRR, e.g. 0912');
const direction = z.enum(DIRECTIONS, { message: `a direction is one of ${DIRECTIONS.join(' ')}` });
const code = z.string().max(20);

const designFields = {
  type: z.enum(ELEMENT_TYPES, { message: `a type is one of ${ELEMENT_TYPES.join(', ')}` }),
  command: z.boolean().optional(),
  move: stat('move'),
  range: stat('range'),
  toHit: stat('toHit'),
  save: stat('save'),
  power: stat('power'),
  armor: stat('armor'),
  morale: stat('morale'),
  special: z.array(code).max(LIMITS.special).optional(),
};

const elementJson = z.strictObject({
  id,
  ...designFields,
  status: z.enum(ELEMENT_STATUSES, { message: `a status is one of ${ELEMENT_STATUSES.join(', ')}` }).optional(),
  hex: hexText.nullable().optional(),
  facing: direction.nullable().optional(),
  from: hexText.nullable().optional(),
  still: z.number().int().min(0).max(100_000).optional(),
  firedTurn: z.number().int().min(1).max(100_000).nullable().optional(),
  shotUsed: z.boolean().optional(),
  hidden: z.boolean().optional(),
  carrier: id.nullable().optional(),
  landed: z.boolean().optional(),
  submerged: z.boolean().optional(),
  teleported: z.boolean().optional(),
  // Written by `msc mini resolve` (§22.2), ignored when read back.
  cost: z.number().optional(),
});

const unitJson = z.strictObject({
  id,
  side: sideId,
  formation: z.enum(FORMATIONS).nullable().optional(),
  elements: z.array(elementJson).min(1, 'a unit has at least one element').max(LIMITS.elements),
  cost: z.number().optional(),
  value: z.number().optional(),
});

const path = z.union([z.string().max(400), z.array(z.string().max(10)).max(200)]);

/** One entry of a side's activation list (§7); values are checked by the rules (§18), types here. */
export const orderEntryJson = z.strictObject({
  unit: z.string().max(40),
  move: path.optional(),
  paths: z.record(z.string().max(40), path).optional(),
  face: z.string().max(10).optional(),
  fire: z.array(z.string().max(40)).max(100).optional(),
  then: z.string().max(20).optional(),
  within: z.number().optional(),
  spare: z.boolean().optional(),
  teleport: z
    .array(z.string().max(10))
    .max(LIMITS.elements + 1)
    .optional(),
  drop: z
    .array(z.string().max(10))
    .max(LIMITS.elements + 1)
    .optional(),
  embark: z.string().max(40).optional(),
  disembark: z.boolean().optional(),
  insubstantial: z.boolean().optional(),
  dive: z.boolean().optional(),
  surface: z.boolean().optional(),
  land: z.boolean().optional(),
  square: z.boolean().optional(),
  heal: z.string().max(40).optional(),
});
export type OrderEntryJson = z.infer<typeof orderEntryJson>;

const battleJson = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('standard'), target: z.number().int().min(1).max(1_000_000).default(500) }),
  z.strictObject({
    type: z.literal('defensive'),
    attacker: sideId,
    defender: sideId,
    objectives: z.array(hexText).length(8, 'a defensive battle has exactly 8 objectives'),
    control: z.number().int().min(1).max(8).default(6),
    destroy: z.number().int().min(1).max(1_000_000).default(800),
  }),
]);

const cmOption = z.number().int().min(0).max(500).multipleOf(5, 'a distance in cm, a multiple of 5');

export const positionJsonSchema = z.strictObject({
  map: z.strictObject({
    width: z.number().int().min(MAP_LIMITS.min).max(MAP_LIMITS.max),
    height: z.number().int().min(MAP_LIMITS.min).max(MAP_LIMITS.max),
  }),
  terrain: z.record(hexText, z.enum(TERRAINS, { message: `a terrain is one of ${TERRAINS.join(', ')}` })).optional(),
  turn: z.number().int().min(1).max(100_000).default(1),
  sides: z.tuple([sideId, sideId]),
  edges: z.record(sideId, z.enum(EDGES)).optional(),
  battle: battleJson.optional(),
  turnLimit: z.number().int().min(1).max(100_000).nullable().optional(),
  options: z
    .strictObject({
      stack: z.number().int().min(1).max(9).optional(),
      denyRange: cmOption.optional(),
      denyStealthRange: cmOption.optional(),
    })
    .optional(),
  units: z.array(unitJson).max(LIMITS.units),
  orders: z.record(sideId, z.array(z.unknown()).max(LIMITS.orders)).optional(),
  dice: z.array(z.number().int().min(1).max(6)).max(LIMITS.dice).optional(),
  seed: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
  conceded: z.array(sideId).max(2).optional(),
});

/** A design for `msc mini cost` (§22.6): type, the seven stats, special; a name or id to print with it. */
export const designJson = z.strictObject({ name: z.string().max(40).optional(), id: id.optional(), ...designFields });

export const costInputSchema = z.strictObject({ elements: z.array(designJson).max(10_000) });

/** Where a zod issue is: `units[2].elements[0].toHit`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out === '' ? '' : '.'}${String(p)}`;
  return out || 'input';
}

export const zodErrors = (e: z.ZodError, code = 'INVALID_STATE'): MiniJsonError[] =>
  e.issues.slice(0, 100).map((i) => ({ code, message: `${fieldPath(i.path)}: ${i.message}` }));

/**
 * Refuses what no schema should ever be handed (§22.7): nesting deeper than a
 * position has, and `__proto__` keys, which a plain copy of a record would turn
 * into a change of prototype. Walks without recursion, so depth cannot
 * overflow the stack.
 */
export function hostileInputErrors(input: unknown): MiniJsonError[] {
  if (Array.isArray(input))
    return [{ code: 'INVALID_STATE', message: 'input: expected object, received array; give one JSON document' }];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: 'input', depth: 0 }];
  while (stack.length > 0) {
    const { value, path: at, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= LIMITS.depth)
      return [
        {
          code: 'INVALID_STATE',
          message: `${at}: nested deeper than ${LIMITS.depth} levels; no field of a position is`,
        },
      ];
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: `${at}[${i}]`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === '__proto__')
        return [{ code: 'INVALID_STATE', message: `${at}: a key "__proto__" is not a field, a hex or a side` }];
      stack.push({ value: (value as Record<string, unknown>)[key], path: `${at}.${key}`, depth: depth + 1 });
    }
  }
  return [];
}

type ElementJson = z.infer<typeof elementJson>;
type PositionJson = z.infer<typeof positionJsonSchema>;

/** A design read from JSON (§3.1): unspecified `command` is false, `special` empty. */
export const designOf = (d: z.infer<typeof designJson> | ElementJson): ElementDesign => ({
  type: d.type,
  command: d.command ?? false,
  move: d.move,
  range: d.range,
  toHit: d.toHit,
  save: d.save,
  power: d.power,
  armor: d.armor,
  morale: d.morale,
  special: d.special ?? [],
});

class HexReader {
  readonly errors: MiniJsonError[] = [];
  read(text: string | null | undefined, where: string): Hex | null {
    if (text === null || text === undefined) return null;
    const h = parseHex(text);
    if (h.ok) return h.value;
    this.errors.push({ code: 'INVALID_STATE', message: `${where}: ${h.error.message}` });
    return null;
  }
}

function element(e: ElementJson, where: string, hexes: HexReader): Element {
  return {
    id: e.id,
    ...designOf(e),
    status: e.status ?? 'active',
    hex: hexes.read(e.hex, `${where}.hex`),
    facing: e.facing ?? null,
    from: hexes.read(e.from, `${where}.from`),
    still: e.still ?? 0,
    firedTurn: e.firedTurn ?? null,
    shotUsed: e.shotUsed ?? false,
    hidden: e.hidden ?? false,
    carrier: e.carrier ?? null,
    landed: e.landed ?? false,
    submerged: e.submerged ?? false,
    teleported: e.teleported ?? false,
  };
}

/** A carried element's hex is its carrier's (§3.2, §22.1). */
function carriedTakeCarrierHex(units: Unit[]): Unit[] {
  const hexOf = new Map<string, Hex | null>();
  for (const u of units) for (const e of u.elements) if (e.status !== 'carried') hexOf.set(e.id, e.hex);
  return units.map((u) => ({
    ...u,
    elements: u.elements.map((e) =>
      e.status === 'carried' && e.carrier !== null ? { ...e, hex: hexOf.get(e.carrier) ?? null } : e,
    ),
  }));
}

function battle(d: PositionJson, hexes: HexReader): Battle {
  const b = d.battle;
  if (b === undefined) return { type: 'standard', target: 500 };
  if (b.type === 'standard') return b;
  return {
    ...b,
    objectives: b.objectives.map((o, i) => hexes.read(o, `battle.objectives[${i}]`) ?? { col: 1, row: 1 }),
  };
}

export interface ParsedPositionInput {
  readonly position: MiniPosition;
  /** Each side's entries, their JSON types checked; what they mean is the rules' to check (§18). */
  readonly orders: Readonly<Record<string, readonly OrderEntryJson[]>>;
  readonly dice: { kind: 'scripted'; rolls: number[] } | { kind: 'seed'; seed: string } | null;
}

/**
 * The orders' JSON types (§22.7): `SIDE_UNKNOWN` for a side not in `sides`,
 * `ORDER_FIELD` for an unknown field or a field of the wrong type.
 */
function readOrders(
  raw: Record<string, unknown[]>,
  sides: readonly string[],
): { value: Record<string, OrderEntryJson[]>; errors: MiniJsonError[] } {
  const value: Record<string, OrderEntryJson[]> = Object.create(null) as Record<string, OrderEntryJson[]>;
  const errors: MiniJsonError[] = [];
  for (const [side, entries] of Object.entries(raw)) {
    if (!sides.includes(side)) {
      errors.push({
        side,
        code: 'SIDE_UNKNOWN',
        message: `orders for "${side}", which is not a side: ${sides.join(' or ')}`,
      });
      continue;
    }
    value[side] = [];
    entries.forEach((entry, i) => {
      const r = orderEntryJson.safeParse(entry);
      if (r.success) value[side]!.push(r.data);
      else
        for (const issue of r.error.issues.slice(0, 20))
          errors.push({
            side,
            code: 'ORDER_FIELD',
            message: `orders.${side}[${i}]${issue.path.length > 0 ? `.${fieldPath(issue.path)}` : ''}: ${issue.message}`,
          });
    });
  }
  return { value, errors };
}

/** Reads a position document (§22.1): every problem of shape, type and legality, or the position. */
export function parsePositionInput(
  input: unknown,
): { ok: true; value: ParsedPositionInput } | { ok: false; errors: MiniJsonError[] } {
  const hostile = hostileInputErrors(input);
  if (hostile.length > 0) return { ok: false, errors: hostile };
  const parsed = positionJsonSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: zodErrors(parsed.error) };
  const d = parsed.data;
  const hexes = new HexReader();
  const terrain = new Map<string, Terrain>();
  for (const [key, t] of Object.entries(d.terrain ?? {})) {
    const h = hexes.read(key, `terrain.${key}`);
    if (h !== null) terrain.set(formatHex(h), t);
  }
  const units: Unit[] = d.units.map((u, i) => ({
    id: u.id,
    side: u.side,
    formation: u.formation ?? null,
    elements: u.elements.map((e, j) => element(e, `units[${i}].elements[${j}]`, hexes)),
  }));
  const sides: [string, string] = [d.sides[0], d.sides[1]];
  const edgeErrors: MiniJsonError[] = [];
  let edges: Record<string, Edge> = { [sides[0]]: 'N', [sides[1]]: 'S' };
  if (d.edges !== undefined) {
    const given = Object.keys(d.edges);
    if (given.length !== 2 || !sides.every((s) => given.includes(s)))
      edgeErrors.push({
        code: 'INVALID_STATE',
        message: `edges: give both sides' edges (${sides.join(', ')}) or none`,
      });
    else edges = { [sides[0]]: d.edges[sides[0]]!, [sides[1]]: d.edges[sides[1]]! };
  }
  const position: MiniPosition = {
    map: d.map,
    terrain,
    turn: d.turn,
    sides,
    edges,
    battle: battle(d, hexes),
    turnLimit: d.turnLimit ?? null,
    options: { ...DEFAULT_OPTIONS, ...d.options },
    units: carriedTakeCarrierHex(units),
    conceded: d.conceded ?? [],
  };
  const orders = readOrders(d.orders ?? {}, sides);
  const errors = [...hexes.errors, ...edgeErrors, ...orders.errors];
  if (errors.length > 0) return { ok: false, errors };
  const state = checkPosition(position).map(toJsonError);
  if (state.length > 0) return { ok: false, errors: state };
  const dice =
    d.dice !== undefined
      ? { kind: 'scripted' as const, rolls: d.dice }
      : d.seed !== undefined
        ? { kind: 'seed' as const, seed: String(d.seed) }
        : null;
  return { ok: true, value: { position, orders: orders.value, dice } };
}

/**
 * One unit's orders as written back (§22.2 `ordersUsed`): the fields of §7 that
 * differ from the standing order, so that the entry reads back as the same order.
 */
export function orderToJson(o: UnitOrder) {
  return {
    unit: o.unit,
    ...(o.move.length > 0 ? { move: o.move.join(' ') } : {}),
    ...(o.paths.size > 0 ? { paths: Object.fromEntries([...o.paths].map(([id, p]) => [id, p.join(' ')])) } : {}),
    ...(o.face === null ? {} : { face: o.face }),
    ...(o.fire.length > 0 ? { fire: [...o.fire] } : {}),
    ...(o.then === 'nearest' ? {} : { then: o.then }),
    ...(o.within === null ? {} : { within: o.within }),
    ...(o.spare ? { spare: true } : {}),
    ...(o.teleport.length > 0 ? { teleport: o.teleport.map(formatHex) } : {}),
    ...(o.drop.length > 0 ? { drop: o.drop.map(formatHex) } : {}),
    ...(o.embark === null ? {} : { embark: o.embark }),
    ...(o.disembark ? { disembark: true } : {}),
    ...(o.insubstantial ? { insubstantial: true } : {}),
    ...(o.dive ? { dive: true } : {}),
    ...(o.surface ? { surface: true } : {}),
    ...(o.land ? { land: true } : {}),
    ...(o.square ? { square: true } : {}),
    ...(o.heal === null ? {} : { heal: o.heal }),
  };
}

/** An element as written back (§22.2): every field of §3.1 and §3.2, hexes as `CCRR`, and its cost (§11). */
export function elementToJson(e: Element) {
  return {
    id: e.id,
    type: e.type,
    command: e.command,
    move: e.move,
    range: e.range,
    toHit: e.toHit,
    save: e.save,
    power: e.power,
    armor: e.armor,
    morale: e.morale,
    special: [...e.special],
    status: e.status,
    hex: e.hex === null ? null : formatHex(e.hex),
    facing: e.facing,
    from: e.from === null ? null : formatHex(e.from),
    still: e.still,
    firedTurn: e.firedTurn,
    shotUsed: e.shotUsed,
    hidden: e.hidden,
    carrier: e.carrier,
    landed: e.landed,
    submerged: e.submerged,
    teleported: e.teleported,
    cost: elementCost(e).cost,
  };
}

/** A unit as written back (§22.2): its elements, its cost (§11) and its victory-point value (§20.1). */
export function unitToJson(u: Unit) {
  return {
    id: u.id,
    side: u.side,
    formation: u.formation,
    elements: u.elements.map(elementToJson),
    cost: unitCost(u),
    value: unitValue(u),
  };
}

/** Objectives and their control (§20.3, §22.2): `[]` in a standard battle. */
export const objectivesToJson = (p: MiniPosition) =>
  objectives(p).map((o) => ({ hex: formatHex(o.hex), control: o.control }));

/** A side's view (§22.4): `{side, turn, units, enemy, objectives, score}`, hexes as `CCRR`. */
export function viewToJson(v: SideView) {
  return {
    side: v.side,
    turn: v.turn,
    units: v.units.map(unitToJson),
    enemy: v.enemy.map((u) => ({
      id: u.id,
      side: u.side,
      ...(u.formation === null ? {} : { formation: u.formation }),
      elements: u.elements.map((e) => ({
        ...e,
        special: [...e.special],
        hex: e.hex === null ? null : formatHex(e.hex),
      })),
    })),
    objectives: v.objectives.map((o) => ({ hex: formatHex(o.hex), control: o.control })),
    score: { ...v.score },
  };
}

/**
 * The dice source's problems for `resolve` (§22.1, §22.7), worked out from the
 * document as given so that they are listed beside every other problem:
 * `NO_DICE` with neither `dice` nor `seed`; both given is a position error.
 */
export function diceSourceErrors(input: unknown): MiniJsonError[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return [];
  const given = ['dice', 'seed'].filter((k) => Object.hasOwn(input, k));
  if (given.length === 0)
    return [{ code: 'NO_DICE', message: 'give "dice" (a list of rolls 1–6) or "seed" (a string) to roll with' }];
  if (given.length > 1)
    return [{ code: 'INVALID_STATE', message: 'dice: give "dice" or "seed", not both: one source rolls the turn' }];
  return [];
}
