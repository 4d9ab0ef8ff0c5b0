/**
 * The JSON form of a campaign turn (rules-strategic.md §11): what
 * `msc campaign resolve` reads and prints, and how a campaign's state is
 * written as a document. Plain data is checked here and turned into the
 * strategic rules' types; hexes are `CCRR` strings in and out.
 */
import { z } from 'zod';
import { formatHex, parseHex } from '../rules/hex.ts';
import { DIRECTIONS, WEAPON_SIDES, type Direction, type Hex } from '../rules/types.ts';
import {
  BATTLE_MODES,
  FOG_MODES,
  ID_SCOPES,
  PIECE_ID,
  type BattleOutcome,
  type Campaign,
  type CampaignOrders,
  type CampaignRuleError,
  type Fleet,
  type MoveOrder,
  type PendingBattle,
  type RetreatOrder,
  type SideOrders,
  type SideView,
  type StarSystem,
  type StrategicShip,
  type TransferOrder,
} from '../rules/strategic/types.ts';

/** Enough for any real campaign, small enough that hostile input stays cheap. */
const LIMITS = { fleets: 2_000, shipsPerFleet: 200, systems: 9_801, orders: 500, dice: 100_000 } as const;

const id = z.string().regex(PIECE_ID, 'an id is 1 to 12 letters or digits');
const sideId = z.string().min(1).max(40);
const hexText = z.string().regex(/^\d{4}$/, 'a hex is four digits CCRR, e.g. 0912');
const rating = z.number().int().min(0).max(6);

const shipJson = z.strictObject({
  id,
  engine: rating,
  shields: rating,
  toHit: rating,
  weapons: z
    .array(z.enum(WEAPON_SIDES, { message: `a weapon side is one of ${WEAPON_SIDES.join(', ')} (never R)` }))
    .max(5)
    .refine((w) => new Set(w).size === w.length, 'each weapon side at most once'),
});

const RETREAT = /^(?:never|after ([0-9]{1,3})|below ([0-9]{1,3}))$/i;
const retreatText = z
  .string()
  .max(20)
  .regex(RETREAT, 'a retreat order is "never", "after N" (rounds) or "below P" (per cent)');

const systemJson = z.strictObject({
  hex: hexText,
  name: z.string().max(40).nullable().optional(),
  home: sideId.nullable().optional(),
  owner: sideId.nullable(),
  capturedTurn: z.number().int().min(0).max(100_000).nullable(),
  held: sideId.nullable(),
});

const fleetJson = z.strictObject({
  id,
  side: sideId,
  hex: hexText,
  ships: z.array(shipJson).max(LIMITS.shipsPerFleet),
  lossOrder: z.array(z.string().max(40)).max(LIMITS.shipsPerFleet).optional(),
  retreat: retreatText.optional(),
});

const transferJson = z.union([
  z.strictObject({ merge: id, into: id }),
  z.strictObject({ ships: z.array(id).max(LIMITS.shipsPerFleet), from: id, to: id }),
  z.strictObject({ ships: z.array(id).max(LIMITS.shipsPerFleet), from: id, as: id }),
]);

const sideOrdersJson = z.strictObject({
  build: z
    .array(z.strictObject({ ship: shipJson, fleet: id }))
    .max(LIMITS.orders)
    .optional(),
  transfer: z.array(transferJson).max(LIMITS.orders).optional(),
  move: z.record(id, z.string().max(400)).optional(),
  lossOrder: z.record(id, z.array(z.string().max(40)).max(LIMITS.shipsPerFleet)).optional(),
  // Checked when read (sideOrders), so that a retreat that does not parse is one error among the others, with its
  // side and fleet, instead of a shape error that hides them all.
  retreat: z.record(id, z.string().max(20)).optional(),
  concede: z.boolean().optional(),
});

/** A ship in a battle's result: its id, or its side and id when both sides have a ship of that id there. */
const battleShip = z.union([id, z.strictObject({ side: z.string().max(40), ship: id })]);

const battleResultJson = z.strictObject({
  hex: hexText,
  destroyed: z.array(battleShip).max(LIMITS.fleets),
  disengaged: z.array(battleShip).max(LIMITS.fleets),
});

export const campaignJsonSchema = z.strictObject({
  map: z.strictObject({ width: z.number().int().min(1).max(99), height: z.number().int().min(1).max(99) }),
  turn: z.number().int().min(1).max(100_000).default(1),
  sides: z.tuple([sideId, sideId]),
  options: z
    .strictObject({
      battles: z.enum(BATTLE_MODES).default('strategic'),
      fog: z.enum(FOG_MODES).default('positions'),
      turnLimit: z.number().int().min(1).max(100_000).nullable().default(null),
      /** Whose ids the campaign's ids are (rules-strategic.md §1); absent: each side's own. */
      ids: z.enum(ID_SCOPES).optional(),
    })
    .default({ battles: 'strategic', fog: 'positions', turnLimit: null }),
  systems: z.array(systemJson).max(LIMITS.systems),
  store: z.record(sideId, z.number().int().min(0).max(1_000_000)),
  fleets: z.array(fleetJson).max(LIMITS.fleets),
  conceded: z.array(sideId).max(2).optional(),
  orders: z.record(sideId, sideOrdersJson).optional(),
  dice: z.array(z.number().int().min(1).max(6)).max(LIMITS.dice).optional(),
  seed: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
  battleResults: z.array(battleResultJson).max(LIMITS.fleets).optional(),
});

export type CampaignJson = z.input<typeof campaignJsonSchema>;
type ShipJson = z.infer<typeof shipJson>;

export interface ParsedCampaignInput {
  readonly campaign: Campaign;
  readonly orders: CampaignOrders;
  /**
   * Orders that could not be read (a move or retreat that does not parse, a key that is not a side or a fleet id),
   * each with its side and fleet: left out of `orders`, to be listed with the errors the rules find in the rest.
   */
  readonly orderErrors: readonly CampaignJsonError[];
  readonly dice: { kind: 'scripted'; rolls: number[] } | { kind: 'seed'; seed: string } | null;
  readonly battleResults: BattleOutcome[] | null;
}

/** An error as the adjudicator prints it: `{side?, fleet?, code, message}`. */
export interface CampaignJsonError {
  readonly side?: string;
  readonly fleet?: string;
  readonly code: string;
  readonly message: string;
}

export function toJsonError(e: CampaignRuleError): CampaignJsonError {
  return {
    ...(e.side === undefined ? {} : { side: e.side }),
    ...(e.fleet === undefined ? {} : { fleet: e.fleet }),
    code: e.code,
    message: e.message,
  };
}

class InputErrors {
  readonly list: CampaignJsonError[] = [];
  add(e: CampaignJsonError): void {
    this.list.push(e);
  }
  hex(text: string, where: string): Hex {
    const h = parseHex(text);
    if (!h.ok) {
      this.add({ code: 'HEX_FORMAT', message: `${where}: ${h.error.message}` });
      return { col: 1, row: 1 };
    }
    return h.value;
  }
}

const ship = (s: ShipJson): StrategicShip => ({
  id: s.id,
  engine: s.engine,
  shields: s.shields,
  toHit: s.toHit,
  weapons: s.weapons,
});

/** `never`, `after N`, `below P` as a retreat order (the text is already known to match). */
export function parseRetreat(text: string): RetreatOrder {
  const m = RETREAT.exec(text.trim())!;
  if (m[1] !== undefined) return { kind: 'after', rounds: Number(m[1]) };
  if (m[2] !== undefined) return { kind: 'below', percent: Number(m[2]) };
  return { kind: 'never' };
}

export function formatRetreat(r: RetreatOrder): string {
  return r.kind === 'never' ? 'never' : r.kind === 'after' ? `after ${r.rounds}` : `below ${r.percent}`;
}

/** A move as written in JSON: a path of directions (`"N NE NE"`, `""` to stay) or a destination (`"0912"`). */
function parseMove(text: string, fleet: string, side: string, errors: InputErrors): MoveOrder | null {
  const t = text.trim();
  if (/^\d{4}$/.test(t)) {
    const hex = parseHex(t);
    if (hex.ok) return { kind: 'to', hex: hex.value };
    errors.add({ side, fleet, code: 'HEX_FORMAT', message: `orders.${side}.move.${fleet}: ${hex.error.message}` });
    return null;
  }
  const steps = t === '' ? [] : t.split(/[\s,]+/).map((d) => d.toUpperCase());
  const bad = steps.find((d) => !(DIRECTIONS as readonly string[]).includes(d));
  if (bad !== undefined) {
    errors.add({
      side,
      fleet,
      code: 'MOVE_FORMAT',
      message: `"${bad}" is not a direction: a move is directions (${DIRECTIONS.join(' ')}) separated by spaces, or a hex CCRR`,
    });
    return null;
  }
  return { kind: 'path', path: steps as Direction[] };
}

function parseTransfer(t: z.infer<typeof transferJson>): TransferOrder {
  if ('merge' in t) return { kind: 'merge', fleet: t.merge, into: t.into };
  if ('to' in t) return { kind: 'transfer', ships: t.ships, from: t.from, to: t.to };
  return { kind: 'split', ships: t.ships, from: t.from, as: t.as };
}

function sideOrders(o: z.infer<typeof sideOrdersJson>, side: string, errors: InputErrors): SideOrders {
  const moves = new Map<string, MoveOrder>();
  for (const [fleet, text] of Object.entries(o.move ?? {})) {
    const m = parseMove(text, fleet, side, errors);
    if (m) moves.set(fleet, m);
  }
  const retreats = new Map<string, RetreatOrder>();
  for (const [fleet, text] of Object.entries(o.retreat ?? {})) {
    if (RETREAT.test(text.trim())) retreats.set(fleet, parseRetreat(text));
    else
      errors.add({
        side,
        fleet,
        code: 'RETREAT_VALUE',
        message: `${fleet}: "${text}" is not a retreat order: "never", "after N" (rounds) or "below P" (per cent)`,
      });
  }
  return {
    builds: (o.build ?? []).map((b) => ({ ship: ship(b.ship), fleet: b.fleet })),
    transfers: (o.transfer ?? []).map(parseTransfer),
    moves,
    lossOrders: new Map(Object.entries(o.lossOrder ?? {})),
    retreats,
    concede: o.concede ?? false,
  };
}

/** Own keys of `doc[field]` when it is an object: JSON.parse makes `"__proto__"` one, which zod's record drops. */
function keysOf(doc: unknown, field: string): string[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || !Object.hasOwn(doc, field)) return [];
  const value = (doc as Record<string, unknown>)[field];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

/** A copy of `doc` whose `doc[field]` keeps only the keys `keep` accepts (with null prototypes: no key is special). */
function keepKeys(
  doc: Record<string, unknown>,
  field: string,
  keep: (key: string) => boolean,
): Record<string, unknown> {
  const value = doc[field] as Record<string, unknown>;
  const kept: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) if (keep(key)) kept[key] = value[key];
  return { ...doc, [field]: kept };
}

/**
 * The keys of `store` and `orders` checked against `sides` before zod copies them: a key that is not a side is an
 * error (`__proto__` included, which a copy would silently drop), and the orders of a side are checked for fleet
 * keys such a copy would drop. Returns the document without the keys that are not sides.
 */
function checkSideKeys(input: unknown): { doc: unknown; state: CampaignJsonError[]; orders: CampaignJsonError[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { doc: input, state: [], orders: [] };
  let doc = input as Record<string, unknown>;
  const sides = Array.isArray(doc.sides) ? doc.sides.filter((s): s is string => typeof s === 'string') : [];
  const isSide = (key: string) => sides.includes(key);
  const notSide = (field: string, key: string): CampaignJsonError => ({
    side: key,
    code: 'SIDE_UNKNOWN',
    message: `${field}: "${key}" is not a side: ${sides.join(' or ')}`,
  });
  const state = keysOf(doc, 'store')
    .filter((k) => !isSide(k))
    .map((k) => notSide('store', k));
  const orders = keysOf(doc, 'orders')
    .filter((k) => !isSide(k))
    .map((k) => notSide('orders', k));
  if (state.length > 0) doc = keepKeys(doc, 'store', isSide);
  if (orders.length > 0) doc = keepKeys(doc, 'orders', isSide);
  for (const side of keysOf(doc, 'orders')) {
    const block = (doc.orders as Record<string, unknown>)[side];
    for (const field of ['move', 'lossOrder', 'retreat']) {
      for (const fleet of keysOf(block, field).filter((k) => !PIECE_ID.test(k))) {
        orders.push({
          side,
          fleet,
          code: 'FLEET_UNKNOWN',
          message: `orders.${side}.${field}: "${fleet}" is not a fleet id (1 to 12 letters or digits)`,
        });
      }
    }
  }
  return { doc, state, orders };
}

/** One side's orders as a document: the `orders.<side>` block of a campaign document. */
export function parseSideOrdersJson(
  doc: unknown,
  side: string,
): { ok: true; value: SideOrders } | { ok: false; errors: CampaignJsonError[] } {
  const keys = checkSideKeys({ sides: [side], orders: { [side]: doc } });
  const parsed = sideOrdersJson.safeParse(doc);
  if (!parsed.success) return { ok: false, errors: [...keys.orders, ...zodErrors(parsed.error)] };
  const errors = new InputErrors();
  for (const e of keys.orders) errors.add(e);
  const value = sideOrders(parsed.data, side, errors);
  return errors.list.length > 0 ? { ok: false, errors: errors.list } : { ok: true, value };
}

const moveToJson = (m: MoveOrder): string => (m.kind === 'to' ? formatHex(m.hex) : m.path.join(' '));

const transferToJson = (t: TransferOrder) =>
  t.kind === 'merge'
    ? { merge: t.fleet, into: t.into }
    : t.kind === 'transfer'
      ? { ships: [...t.ships], from: t.from, to: t.to }
      : { ships: [...t.ships], from: t.from, as: t.as };

/** One side's orders as the `orders.<side>` block of a campaign document (parseSideOrdersJson reads it back). */
export function sideOrdersToJson(o: SideOrders) {
  return {
    ...(o.builds.length > 0 ? { build: o.builds.map((b) => ({ ship: shipToJson(b.ship), fleet: b.fleet })) } : {}),
    ...(o.transfers.length > 0 ? { transfer: o.transfers.map(transferToJson) } : {}),
    ...(o.moves.size > 0 ? { move: Object.fromEntries([...o.moves].map(([f, m]) => [f, moveToJson(m)])) } : {}),
    ...(o.lossOrders.size > 0
      ? { lossOrder: Object.fromEntries([...o.lossOrders].map(([f, ids]) => [f, [...ids]])) }
      : {}),
    ...(o.retreats.size > 0
      ? { retreat: Object.fromEntries([...o.retreats].map(([f, r]) => [f, formatRetreat(r)])) }
      : {}),
    ...(o.concede ? { concede: true } : {}),
  };
}

/** A shape error, with the side and fleet its field belongs to (`orders.<side>.move.<fleet>`, `fleets.<i>`). */
const zodErrors = (e: z.ZodError, fleets: unknown = null): CampaignJsonError[] =>
  e.issues.slice(0, 100).map((i) => {
    const [top, a, b, c] = i.path.map(String);
    const fleet =
      top === 'orders' && (b === 'move' || b === 'lossOrder' || b === 'retreat')
        ? c
        : top === 'fleets' && Array.isArray(fleets)
          ? fleetIdAt(fleets, Number(a))
          : undefined;
    const side =
      top === 'orders' || top === 'store' ? a : top === 'fleets' ? fleetSideAt(fleets, Number(a)) : undefined;
    return {
      ...(side === undefined ? {} : { side }),
      ...(fleet === undefined ? {} : { fleet }),
      code: 'INVALID_FIELD',
      message: `${i.path.join('.') || 'input'}: ${i.message}`,
    };
  });

const fleetField = (fleets: unknown, index: number, field: 'id' | 'side'): string | undefined => {
  const f: unknown = Array.isArray(fleets) ? fleets[index] : undefined;
  const v = typeof f === 'object' && f !== null ? (f as Record<string, unknown>)[field] : undefined;
  return typeof v === 'string' && v.length <= 40 ? v : undefined;
};
const fleetIdAt = (fleets: unknown, index: number) => fleetField(fleets, index, 'id');
const fleetSideAt = (fleets: unknown, index: number) => fleetField(fleets, index, 'side');

/** Reads a campaign document: the state, the orders, the dice, and any battle results. */
export function parseCampaignInput(
  input: unknown,
): { ok: true; value: ParsedCampaignInput } | { ok: false; errors: CampaignJsonError[] } {
  const keys = checkSideKeys(input);
  const parsed = campaignJsonSchema.safeParse(keys.doc);
  const fleetsIn = typeof input === 'object' && input !== null ? (input as { fleets?: unknown }).fleets : null;
  if (!parsed.success)
    return { ok: false, errors: [...keys.state, ...keys.orders, ...zodErrors(parsed.error, fleetsIn)] };
  if (keys.state.length > 0) return { ok: false, errors: [...keys.state, ...keys.orders] };
  const d = parsed.data;
  const errors = new InputErrors();
  const systems: StarSystem[] = d.systems
    .map((s, i) => ({
      hex: errors.hex(s.hex, `systems.${i}.hex`),
      name: s.name ?? null,
      home: s.home ?? null,
      owner: s.owner,
      capturedTurn: s.capturedTurn,
      held: s.held,
    }))
    .sort((a, b) => formatHex(a.hex).localeCompare(formatHex(b.hex)));
  const fleets: Fleet[] = d.fleets.map((f, i) => ({
    id: f.id,
    side: f.side,
    hex: errors.hex(f.hex, `fleets.${i}.hex`),
    ships: f.ships.map(ship),
    lossOrder: f.lossOrder ?? [],
    retreat: parseRetreat(f.retreat ?? 'never'),
  }));
  const campaign: Campaign = {
    map: d.map,
    turn: d.turn,
    sides: d.sides,
    options: d.options,
    systems,
    store: d.store,
    fleets,
    conceded: d.conceded ?? [],
  };
  const orders: Record<string, SideOrders> = {};
  const orderErrors = new InputErrors();
  for (const e of keys.orders) orderErrors.add(e);
  for (const [side, o] of Object.entries(d.orders ?? {})) orders[side] = sideOrders(o, side, orderErrors);
  const battleResults =
    d.battleResults?.map((b, i) => ({
      hex: errors.hex(b.hex, `battleResults.${i}.hex`),
      destroyed: b.destroyed,
      disengaged: b.disengaged,
    })) ?? null;
  if (errors.list.length > 0) return { ok: false, errors: errors.list };
  const dice =
    d.dice !== undefined
      ? { kind: 'scripted' as const, rolls: d.dice }
      : d.seed !== undefined
        ? { kind: 'seed' as const, seed: String(d.seed) }
        : null;
  return { ok: true, value: { campaign, orders, orderErrors: orderErrors.list, dice, battleResults } };
}

export const shipToJson = (s: StrategicShip) => ({
  id: s.id,
  engine: s.engine,
  shields: s.shields,
  toHit: s.toHit,
  weapons: [...s.weapons],
});

export const fleetToJson = (f: Fleet) => ({
  id: f.id,
  side: f.side,
  hex: formatHex(f.hex),
  ships: f.ships.map(shipToJson),
  lossOrder: [...f.lossOrder],
  retreat: formatRetreat(f.retreat),
});

export const systemToJson = (s: StarSystem) => ({
  hex: formatHex(s.hex),
  name: s.name,
  home: s.home,
  owner: s.owner,
  capturedTurn: s.capturedTurn,
  held: s.held,
});

/** A campaign between turns as a document `msc campaign resolve` reads (without orders or dice). */
export function campaignToJson(c: Campaign) {
  return {
    map: { ...c.map },
    turn: c.turn,
    sides: [...c.sides] as [string, string],
    options: { ...c.options },
    systems: c.systems.map(systemToJson),
    store: { ...c.store },
    fleets: c.fleets.map(fleetToJson),
    conceded: [...c.conceded],
  };
}

/** One side's view (§6) as JSON. */
export function viewToJson(v: SideView) {
  return {
    side: v.side,
    turn: v.turn,
    fleets: v.fleets.map(fleetToJson),
    enemyFleets: v.enemyFleets.map((f) => ({ id: f.id, side: f.side, hex: formatHex(f.hex), ships: f.ships })),
    systems: v.systems.map(systemToJson),
    store: v.store,
    detected: { ...v.detected },
  };
}

export const battleToJson = (b: PendingBattle) => ({
  hex: formatHex(b.hex),
  attacker: b.attacker,
  defender: b.defender,
  fleets: [...b.fleets],
});
