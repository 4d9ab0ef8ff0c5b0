/**
 * The JSON form of a tactical position and its orders (docs/adjudicator.md):
 * what `msc resolve` reads and prints, and how the service stores a game's
 * state. Plain data is checked here and turned into the rules' legal types.
 */
import { z } from 'zod';
import {
  DIRECTIONS,
  SHIP_STATUSES,
  WEAPON_SIDES,
  type OrderSet,
  type Position,
  type Ship,
  type ShipOrders,
} from '../rules/types.ts';
import { formatHex, onMap, parseHex } from '../rules/hex.ts';
import { formatPlot, parsePlot } from '../rules/plot.ts';
import type { RuleError } from '../rules/result.ts';
import type { TurnResult } from '../rules/resolve.ts';
import type { TurnEvent } from '../rules/events.ts';

const stat = (max: number) => z.number().int().min(0).max(max);
const SHIP_ID = /^[A-Za-z0-9]{1,12}$/;
const shipId = z.string().regex(SHIP_ID, 'a ship id is 1 to 12 letters or digits');

/** Own keys of `input.orders` when it is an object: JSON.parse makes `"__proto__"` one. */
function orderKeys(input: unknown): string[] {
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, 'orders')) return [];
  const orders = (input as { orders: unknown }).orders;
  return typeof orders === 'object' && orders !== null && !Array.isArray(orders) ? Object.keys(orders) : [];
}
const weapons = z
  .array(z.enum(WEAPON_SIDES, { message: `a weapon side is one of ${WEAPON_SIDES.join(', ')} (never R)` }))
  .refine((w) => new Set(w).size === w.length, 'each weapon side at most once');

const designJson = z.strictObject({ engine: stat(6), shields: stat(6), toHit: stat(6), weapons });

const shipJson = z.strictObject({
  id: shipId,
  side: z.string().min(1).max(40),
  hex: z.string().regex(/^\d{4}$/, 'a hex is four digits CCRR, e.g. 0504'),
  facing: z.enum(DIRECTIONS, { message: `facing is one of ${DIRECTIONS.join(' ')}` }),
  speed: z.number().int().min(0).max(99).nullable(),
  engine: stat(6),
  shields: stat(6),
  toHit: stat(6),
  weapons,
  design: designJson.optional(),
  status: z.enum(SHIP_STATUSES).optional(),
});

const ordersJson = z.strictObject({
  speed: z.number().int().min(0).max(99),
  move: z.string().max(200).optional(),
  fire: z.array(z.string().max(40)).max(100).optional(),
  hold: z.boolean().optional(),
});

export const positionJsonSchema = z.strictObject({
  map: z.strictObject({ width: z.number().int().min(1).max(99), height: z.number().int().min(1).max(99) }),
  turn: z.number().int().min(1).default(1),
  sides: z.array(z.string().min(1).max(40)).min(1).max(26),
  solo: z.array(z.string()).optional(),
  ships: z.array(shipJson).max(500),
  orders: z.record(z.string(), ordersJson).optional(),
  // Far above what any turn rolls (a million dice were once read, kept and ignored).
  dice: z.array(z.number().int().min(1).max(6)).max(100_000).optional(),
  seed: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
  turnLimit: z.number().int().min(1).nullable().optional(),
  conceded: z.array(z.string()).optional(),
});

export type ShipJson = z.infer<typeof shipJson>;
export type ShipOrdersJson = z.infer<typeof ordersJson>;

export interface ParsedInput {
  readonly position: Position;
  readonly orders: OrderSet;
  /** Plots that could not be read, by ship id (their orders carry an empty plot). */
  readonly plotErrors: ReadonlyMap<string, RuleError>;
  readonly dice:
    | { readonly kind: 'scripted'; readonly rolls: readonly number[] }
    | { readonly kind: 'seed'; readonly seed: string }
    | null;
}

/** Checks a position document and turns it into the rules' types; every problem is listed. */
export function parsePositionInput(
  input: unknown,
): { ok: true; value: ParsedInput } | { ok: false; errors: RuleError[] } {
  // Keys of `orders` that are not ship ids (`__proto__` among them, which zod's record would silently drop).
  const badIds = orderKeys(input)
    .filter((id) => !SHIP_ID.test(id))
    .map((id) => ({ code: 'UNKNOWN_SHIP', ship: id, message: `orders: "${id}" is not a ship id` }));
  const parsed = positionJsonSchema.safeParse(input);
  if (!parsed.success || badIds.length > 0) {
    return {
      ok: false,
      errors: [
        ...badIds,
        ...(parsed.error?.issues ?? []).map((i) => ({
          code: 'INVALID_POSITION',
          message: `${i.path.length ? i.path.join('.') : 'position'}: ${i.message}`,
        })),
      ],
    };
  }
  const doc = parsed.data;
  const errors: RuleError[] = [];
  const sides = new Set(doc.sides);
  if (sides.size !== doc.sides.length)
    errors.push({ code: 'INVALID_POSITION', message: 'sides: each side is listed once' });
  for (const s of [...(doc.solo ?? []), ...(doc.conceded ?? [])]) {
    if (!sides.has(s))
      errors.push({
        code: 'INVALID_POSITION',
        message: `solo/conceded: "${s}" is not one of the sides (${doc.sides.join(', ')})`,
      });
  }
  const ids = new Set<string>();
  const ships: Ship[] = [];
  for (const s of doc.ships) {
    if (ids.has(s.id))
      errors.push({ code: 'INVALID_POSITION', ship: s.id, message: `ship id ${s.id} is used twice; ids are unique` });
    ids.add(s.id);
    if (!sides.has(s.side))
      errors.push({
        code: 'INVALID_POSITION',
        ship: s.id,
        message: `ship ${s.id}: side "${s.side}" is not one of the sides`,
      });
    const hex = parseHex(s.hex);
    if (!hex.ok) {
      errors.push({ ...hex.error, code: 'INVALID_POSITION', ship: s.id });
      continue;
    }
    const status = s.status ?? 'active';
    if (status === 'active' && !onMap(hex.value, doc.map)) {
      errors.push({
        code: 'INVALID_POSITION',
        ship: s.id,
        message: `ship ${s.id}: hex ${s.hex} is off the ${doc.map.width}×${doc.map.height} map`,
      });
    }
    if (status === 'active' && s.shields < 1) {
      errors.push({
        code: 'INVALID_POSITION',
        ship: s.id,
        message: `ship ${s.id}: an active ship has SHIELDS 1 or more`,
      });
    }
    const design = s.design ?? { engine: s.engine, shields: s.shields, toHit: s.toHit, weapons: s.weapons };
    if (
      s.engine > design.engine ||
      s.shields > design.shields ||
      s.toHit > design.toHit ||
      s.weapons.some((w) => !design.weapons.includes(w))
    ) {
      errors.push({ code: 'INVALID_POSITION', ship: s.id, message: `ship ${s.id}: current values exceed its design` });
    }
    ships.push({
      id: s.id,
      side: s.side,
      hex: hex.value,
      facing: s.facing,
      speed: s.speed,
      engine: s.engine,
      shields: s.shields,
      toHit: s.toHit,
      weapons: WEAPON_SIDES.filter((w) => s.weapons.includes(w)),
      design: { ...design, weapons: WEAPON_SIDES.filter((w) => design.weapons.includes(w)) },
      status,
    });
  }

  const orders = new Map<string, ShipOrders>();
  const plotErrors = new Map<string, RuleError>();
  for (const [id, o] of Object.entries(doc.orders ?? {})) {
    const plot = parsePlot(o.move ?? '');
    if (!plot.ok) plotErrors.set(id, { ...plot.error, ship: id });
    orders.set(id, { speed: o.speed, plot: plot.ok ? plot.value : [], fire: o.fire ?? [], hold: o.hold ?? false });
  }
  if (doc.dice && doc.seed !== undefined)
    errors.push({ code: 'INVALID_POSITION', message: 'give either dice or seed, not both' });
  if (errors.length > 0) return { ok: false, errors };

  const position: Position = {
    map: doc.map,
    turn: doc.turn,
    sides: doc.sides,
    solo: doc.solo ?? [],
    ships,
    turnLimit: doc.turnLimit ?? null,
    conceded: doc.conceded ?? [],
  };
  const dice = doc.dice
    ? ({ kind: 'scripted', rolls: doc.dice } as const)
    : doc.seed !== undefined
      ? ({ kind: 'seed', seed: String(doc.seed) } as const)
      : null;
  return { ok: true, value: { position, orders, plotErrors, dice } };
}

function shipToJson(s: Ship): ShipJson & { status: Ship['status'] } {
  return {
    id: s.id,
    side: s.side,
    hex: formatHex(s.hex),
    facing: s.facing,
    speed: s.speed,
    engine: s.engine,
    shields: s.shields,
    toHit: s.toHit,
    weapons: [...s.weapons],
    design: { ...s.design, weapons: [...s.design.weapons] },
    status: s.status,
  };
}

/** A position as JSON (the input format without orders and dice). */
export function positionToJson(p: Position) {
  return {
    map: { ...p.map },
    turn: p.turn,
    sides: [...p.sides],
    solo: [...p.solo],
    ships: p.ships.map(shipToJson),
    turnLimit: p.turnLimit,
    conceded: [...p.conceded],
  };
}

export function ordersToJson(orders: ReadonlyMap<string, ShipOrders>): Record<string, ShipOrdersJson> {
  return Object.fromEntries(
    [...orders].map(([id, o]) => [id, { speed: o.speed, move: formatPlot(o.plot), fire: [...o.fire], hold: o.hold }]),
  );
}

export interface ResolvedJson {
  turn: number;
  ships: ReturnType<typeof shipToJson>[];
  initiative: string[];
  events: TurnEvent[];
  winner: string | null;
  diceUsed: number;
  ordersUsed: Record<string, ShipOrdersJson & { source: string }>;
  diceState?: string;
}

export function resultToJson(r: TurnResult, diceState?: string): ResolvedJson {
  return {
    turn: r.position.turn,
    ships: r.position.ships.map(shipToJson),
    initiative: [...r.initiative],
    events: [...r.events],
    winner: r.winner,
    diceUsed: r.diceUsed,
    ordersUsed: Object.fromEntries(
      [...r.ordersUsed].map(([id, o]) => [
        id,
        { speed: o.speed, move: formatPlot(o.plot), fire: [...o.fire], hold: o.hold, source: o.source },
      ]),
    ),
    ...(diceState ? { diceState } : {}),
  };
}
