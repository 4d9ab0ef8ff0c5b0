/**
 * The drop phase (rules-mini-combat.md §15): drop units ordered to drop are
 * placed at the end of the turn, alternating from the initiative loser ("Starting
 * with the initiative loser"); they "will not be able to move or attack until
 * the next turn". A drop aimed near an enemy Deny Drop element is denied
 * before any die is rolled, and may be tried again on a later turn.
 */
import type { DiceSource } from '../dice.ts';
import { formatHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import { alternate } from './activation.ts';
import type { Battlefield, Mutable } from './battlefield.ts';
import { denies, has } from './capabilities.ts';
import { hexDistance } from './geometry.ts';
import type { MiniOrders, UnitOrder } from './orders.ts';
import { placeNear, scatter } from './placement.ts';
import { forward } from './setup.ts';
import type { Element } from './types.ts';

/**
 * The element denying a placement aimed at `aims` (§12.4, §14, §15): the
 * first in state order, `active`, of a side other than `side`, with
 * `Den:<capability>`, within the deny range of any aimed hex; or null.
 */
export function denier(
  b: Battlefield,
  side: string,
  aims: readonly Hex[],
  capability: 'Drp' | 'Tel',
): Mutable<Element> | null {
  const range = Math.floor(b.position.options.denyRange / 5);
  for (const u of b.units) {
    if (u.side === side) continue;
    for (const e of u.elements)
      if (
        e.status === 'active' &&
        e.hex !== null &&
        denies(e, capability) &&
        aims.some((a) => hexDistance(a, e.hex!) <= range)
      )
        return e;
  }
  return null;
}

/** A drop unit may still drop when its place comes: it has an element in reserve (§6 item 1, §15). */
const mayDrop = (b: Battlefield, o: UnitOrder) =>
  b.units.find((u) => u.id === o.unit)?.elements.some((e) => e.status === 'reserve') ?? false;

/**
 * One unit's drop (§15): denied (event `denied`, it stays in reserve), or each
 * element in reserve, in element order, takes the i-th aimed hex (the last
 * for the rest), scatters if DrpS (§13.3), and is placed at the nearest legal
 * hex to that point (§13.2), facing the order's `face` or its side's forward
 * direction: `active`, `from` null, and it has moved. An element with no legal
 * hex stays in reserve (a `place` with no hex, seen by its side only).
 */
export function dropUnit(b: Battlefield, o: UnitOrder, dice: DiceSource): void {
  const u = b.units.find((x) => x.id === o.unit)!;
  const by = denier(b, u.side, o.drop, 'Drp');
  if (by !== null) {
    b.events.push({ type: 'denied', seenBy: [u.side], unit: u.id, capability: 'drop', by: by.id });
    return;
  }
  const facing = o.face ?? forward(b.position, u.side);
  const reserve = u.elements.filter((e) => e.status === 'reserve');
  reserve.forEach((e, i) => {
    const aim = o.drop[Math.min(i, o.drop.length - 1)]!;
    let point = aim;
    if (has(e, 'DrpS')) {
      const s = scatter(b.position, dice, e.id, u.side, aim);
      b.events.push({ ...s.event });
      point = s.point;
    }
    const hex = placeNear(b.now(), e, u.side, point);
    if (hex === null) {
      b.events.push({ type: 'place', seenBy: [u.side], element: e.id, hex: null, facing: null, how: 'drop' });
      return;
    }
    e.status = 'active';
    e.hex = hex;
    e.facing = facing;
    e.from = null;
    e.carrier = null;
    b.moved.add(e.id);
    b.events.push({
      type: 'place',
      seenBy: b.seenByFor(e.id),
      element: e.id,
      hex: formatHex(hex),
      facing,
      how: 'drop',
    });
  });
}

/**
 * The drop phase (§15, §22.5 item 6): the units ordered to `drop`,
 * alternating, the second side first, each side's in the order of its list;
 * a unit with nothing left in reserve when its place comes is passed over.
 * `initiative` is the turn's order, first side first.
 */
export function dropPhase(
  b: Battlefield,
  initiative: readonly [string, string],
  orders: MiniOrders,
  dice: DiceSource,
): void {
  const drops = (side: string) => (orders[side] ?? []).filter((o) => o.drop.length > 0);
  alternate(
    drops(initiative[1]),
    drops(initiative[0]),
    (o) => mayDrop(b, o),
    (o) => dropUnit(b, o, dice),
  );
}
