/**
 * Teleporting (rules-mini-combat.md §14) and the denial of placements by
 * Deny Teleport and Deny Drop (§12.4). A unit that teleports arrives here at
 * the start of its activation in the instant combat phase; combat.ts then
 * moves it and makes its attacks, as in any activation.
 */
import { formatHex } from '../hex.ts';
import type { DiceSource } from '../dice.ts';
import type { Hex } from '../types.ts';
import type { Battlefield } from './battlefield.ts';
import { denies, has } from './capabilities.ts';
import { hexDistance } from './geometry.ts';
import type { UnitOrder } from './orders.ts';
import { placeNear, scatter } from './placement.ts';
import { forward } from './setup.ts';
import type { Element } from './types.ts';

/**
 * The enemy element that denies a placement (§12.4, §14, §15): the first, in
 * state order, active element of a side other than `side` with `Den:Tel`
 * (teleport) or `Den:Drp` (drop) that has any of the aimed hexes within the
 * deny range (`options.denyRange` ÷ 5 hexes); null when none does.
 */
export function placementDenier(
  b: Battlefield,
  side: string,
  aims: readonly Hex[],
  capability: 'Tel' | 'Drp',
): Element | null {
  const range = Math.floor(b.position.options.denyRange / 5);
  for (const u of b.units) {
    if (u.side === side) continue;
    for (const e of u.elements)
      if (
        e.status === 'active' &&
        e.hex !== null &&
        denies(e, capability) &&
        aims.some((h) => hexDistance(h, e.hex!) <= range)
      )
        return e;
  }
  return null;
}

/**
 * A unit's teleport (§14), before it moves. Denied — an aimed hex within the
 * deny range of an active enemy `Den:Tel` element — it stays where it was,
 * keeps its teleport, and returns false (event `denied`; the unit does not act
 * this turn). Otherwise each element it places (those in reserve; in an
 * Ethereal unit, also those active), in element order, takes the i-th aimed
 * hex (the last one for the rest), scatters if TelS (§13.3), and is placed at
 * the nearest legal hex to that point (§13.2) facing its side's forward
 * direction: active, `from` null, `teleported`, and it has moved. An element
 * with no legal hex stays where it was. Returns true.
 */
export function teleportUnit(b: Battlefield, unitId: string, order: UnitOrder, dice: DiceSource): boolean {
  const u = b.units.find((x) => x.id === unitId)!;
  const denier = placementDenier(b, u.side, order.teleport, 'Tel');
  if (denier !== null) {
    b.events.push({ type: 'denied', seenBy: [u.side], unit: u.id, capability: 'teleport', by: denier.id });
    return false;
  }
  const ethereal = u.elements.every((e) => has(e, 'Eth'));
  let i = 0;
  for (const e of u.elements) {
    if (!(e.status === 'reserve' || (ethereal && e.status === 'active'))) continue;
    const aim = order.teleport[Math.min(i, order.teleport.length - 1)]!;
    i += 1;
    let point = aim;
    if (has(e, 'TelS')) {
      const s = scatter(b.position, dice, e.id, u.side, aim);
      b.events.push({ ...s.event });
      point = s.point;
    }
    const hex = placeNear(b.snapshot(), e, u.side, point);
    if (hex === null) {
      b.events.push({ type: 'place', seenBy: [u.side], element: e.id, hex: null, facing: null, how: 'teleport' });
      continue;
    }
    e.status = 'active';
    e.hex = hex;
    e.facing = forward(b.position, u.side);
    e.from = null;
    e.carrier = null;
    e.teleported = true;
    b.moved.add(e.id);
    b.carryAlong(e);
    b.reveal(e, 'moved');
    b.events.push({
      type: 'place',
      seenBy: b.seenByFor(e.id),
      element: e.id,
      hex: formatHex(hex),
      facing: e.facing,
      how: 'teleport',
    });
  }
  return true;
}
