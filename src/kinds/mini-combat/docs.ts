/**
 * Mini Combat's stored documents (rules-mini-combat.md §22.8): the state is
 * the position `msc mini resolve` reads, without orders and dice; a side's
 * orders are its entry list as `msc mini check` prints it (`ordersUsed`'s
 * entries); a turn's `ordersUsed` is both sides' lists. What an entry means is
 * checked against the position it is played in (§18), not when read.
 */
import { z } from 'zod';
import {
  objectivesToJson,
  orderEntryJson,
  parsePositionInput,
  unitToJson,
  type OrderEntryJson,
} from '../../adjudicator/mini-combat-json.ts';
import { formatHex } from '../../rules/hex.ts';
import type { MiniPosition } from '../../rules/mini-combat/types.ts';
import { DamagedDocumentError } from '../kind.ts';

/** A side's orders: its activation list, one entry per unit (§7, §22.1). */
export type MiniSideOrders = readonly OrderEntryJson[];

/** The position as a document (§22.1 without orders and dice; units as §22.2 writes them). */
export function writeMiniState(p: MiniPosition): unknown {
  const battle =
    p.battle.type === 'standard' ? { ...p.battle } : { ...p.battle, objectives: p.battle.objectives.map(formatHex) };
  return {
    map: { ...p.map },
    terrain: Object.fromEntries([...p.terrain].sort(([a], [b]) => a.localeCompare(b))),
    turn: p.turn,
    sides: [...p.sides],
    edges: { ...p.edges },
    battle,
    turnLimit: p.turnLimit,
    options: { ...p.options },
    units: p.units.map(unitToJson),
    conceded: [...p.conceded],
  };
}

/**
 * A stored position. The state after a battle's last turn has `turn` one past the turn limit, which the adjudicator
 * reads as any other turn (§22.1 checks no bound between them); a position with no units (before setup) reads too.
 */
export function parseMiniState(doc: unknown): ReturnType<typeof parsePositionInput> {
  if (typeof doc === 'object' && doc !== null && ('orders' in doc || 'dice' in doc || 'seed' in doc))
    return {
      ok: false,
      errors: [{ code: 'INVALID_STATE', message: 'a stored position has no orders, dice or seed' }],
    };
  return parsePositionInput(doc);
}

export function readMiniState(doc: unknown): MiniPosition {
  const r = parseMiniState(doc);
  if (!r.ok) throw new DamagedDocumentError('Mini Combat position', r.errors.map((e) => e.message).join('; '));
  return r.value.position;
}

export const sideOrdersSchema = z.array(orderEntryJson).max(500);

export function readMiniOrders(doc: unknown): MiniSideOrders {
  const r = sideOrdersSchema.safeParse(doc);
  if (!r.success) throw new DamagedDocumentError('Mini Combat orders', r.error.message);
  return r.data;
}

export const writeMiniOrders = (orders: MiniSideOrders): unknown => JSON.parse(JSON.stringify(orders)) as unknown;

/** A turn's `ordersUsed` (§22.2): both sides' activation lists as understood. */
export const ordersUsedSchema = z.record(z.string().max(40), sideOrdersSchema);

/** The objectives and their control, as the adjudicator writes them (§22.2). */
export const objectivesJson = objectivesToJson;
