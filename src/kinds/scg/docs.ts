/**
 * The Simple Combat Game's stored documents (rules-scg.md §18.7): the state is
 * the adjudicator's input without orders and dice (src/adjudicator/scg-json.ts
 * reads and writes it), a side's orders the normalised entry `msc scg check`
 * prints for it (§18.4), and a turn's `ordersUsed` the adjudicator's (§18.2).
 * Orders read back here are the rules' own; whether they are legal in a state
 * is checked against it (`checkOrders`).
 */
import { z } from 'zod';
import { ordersJson, parseScgInput, stateJson } from '../../adjudicator/scg-json.ts';
import { parseHex } from '../../rules/hex.ts';
import type { FireEntry, MoveEntry, MoveOrder, ScgSideOrders, ScgState } from '../../rules/scg/types.ts';
import { DIRECTIONS, type Direction } from '../../rules/types.ts';
import { DamagedDocumentError } from '../kind.ts';

/**
 * A stored state, checked as the adjudicator checks its input (§18.6) — with one exception: the state after a game's
 * last turn. §18.2 writes it with `turn` one past that turn ("turn + 1, also when the game is over"), so after the
 * turn limit its `turn` is `turnLimit + 1`, which §18.1 would refuse as the input of a turn still to play. Such a
 * state is never resolved again; it is read with its turn limit as written.
 */
export function parseScgState(doc: unknown): ReturnType<typeof parseScgInput> {
  const r = parseScgInput(doc, 'check');
  if (r.ok || typeof doc !== 'object' || doc === null) return r;
  const { turn, turnLimit } = doc as { turn?: unknown; turnLimit?: unknown };
  if (typeof turnLimit !== 'number' || turn !== turnLimit + 1) return r;
  const past = parseScgInput({ ...doc, turnLimit: null }, 'check');
  return past.ok ? { ok: true, value: { ...past.value, state: { ...past.value.state, turnLimit } } } : r;
}

export function readScgState(doc: unknown): ScgState {
  const r = parseScgState(doc);
  if (!r.ok) throw new DamagedDocumentError('Simple Combat Game state', r.errors.map((e) => e.message).join('; '));
  return r.value.state;
}

export const writeScgState = (state: ScgState): unknown => stateJson(state);

const id = z.string().min(1).max(40);
const hexes = z.number().int().min(1).max(99);

const moveSchema = z.union([
  z.strictObject({ unit: id, hold: z.literal(true) }),
  z.strictObject({ unit: id, path: z.string().max(400), halt: hexes.optional() }),
  z.strictObject({ unit: id, to: z.string().max(8), halt: hexes.optional() }),
  z.strictObject({ unit: id, toward: id, within: hexes, halt: hexes.optional() }),
]);

const choiceSchema = z.strictObject({ targets: z.array(id).max(100), hold: z.boolean() });

const fireSchema = z.strictObject({
  unit: id,
  targets: z.array(id).max(100),
  hold: z.boolean(),
  weapons: z.record(z.string().max(8), choiceSchema),
});

/** One side's orders as stored (§18.4's normalised form). */
export const sideOrdersSchema = z.strictObject({
  move: z.array(moveSchema).max(2000),
  fire: z.array(fireSchema).max(2000),
});

/** A turn's `ordersUsed` (§18.2): every side's orders, and whether the side gave them or had standing orders. */
export const ordersUsedSchema = z.record(
  z.string(),
  sideOrdersSchema.extend({ source: z.enum(['orders', 'standing']) }),
);
export type ScgOrdersUsed = z.output<typeof ordersUsedSchema>;

type StoredOrders = z.output<typeof sideOrdersSchema>;

function moveOrderOf(m: StoredOrders['move'][number]): MoveOrder | string {
  const halt = 'halt' in m && m.halt !== undefined ? { halt: m.halt } : {};
  if ('hold' in m) return { kind: 'hold' };
  if ('path' in m) {
    const words = m.path.trim().split(/\s+/);
    if (words.some((w) => !(DIRECTIONS as readonly string[]).includes(w))) return `path "${m.path}" is not directions`;
    return { kind: 'path', path: words as Direction[], ...halt };
  }
  if ('to' in m) {
    const hex = parseHex(m.to);
    return hex.ok ? { kind: 'to', hex: hex.value, ...halt } : `"${m.to}" is not a hex`;
  }
  return { kind: 'toward', target: m.toward, within: m.within, ...halt };
}

/** Orders from their stored form; a reason when they do not read. */
export function ordersFromJson(doc: unknown): ScgSideOrders | string {
  const parsed = sideOrdersSchema.safeParse(doc);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const move: MoveEntry[] = [];
  for (const m of parsed.data.move) {
    const order = moveOrderOf(m);
    if (typeof order === 'string') return `${m.unit}: ${order}`;
    move.push({ unit: m.unit, order });
  }
  const fire: FireEntry[] = parsed.data.fire.map((f) => ({
    unit: f.unit,
    targets: f.targets,
    hold: f.hold,
    weapons: Object.entries(f.weapons).map(([mount, c]) => ({ mount, targets: c.targets, hold: c.hold })),
  }));
  return { move, fire };
}

export function readScgOrders(doc: unknown): ScgSideOrders {
  const r = ordersFromJson(doc);
  if (typeof r === 'string') throw new DamagedDocumentError('Simple Combat Game orders', r);
  return r;
}

/** A side's orders as stored. The mounts of a fire entry stay in the order given; the text puts them in mount order. */
export function writeScgOrders(orders: ScgSideOrders): unknown {
  // ordersJson needs the state only to sort mounts; an empty one keeps them as given.
  const empty = { units: [], unitTypes: {} } as unknown as ScgState;
  return ordersJson(empty, orders);
}

/**
 * The orders checked against the state as the adjudicator checks a document (§18.6): the orders of the sides that
 * read, or every problem, each with its side and unit.
 */
export function checkOrders(
  state: ScgState,
  orders: ReadonlyMap<string, ScgSideOrders>,
):
  | { ok: true; orders: Record<string, ScgSideOrders> }
  | { ok: false; errors: { side?: string; unit?: string; code: string; message: string }[] } {
  const doc = {
    ...stateJson(state),
    orders: Object.fromEntries([...orders].map(([side, o]) => [side, writeScgOrders(o)])),
  };
  const r = parseScgInput(doc, 'check');
  return r.ok ? { ok: true, orders: { ...r.value.orders } } : { ok: false, errors: r.errors };
}
