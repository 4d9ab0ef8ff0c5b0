/**
 * Teleporting (rules-mini-combat.md §14); a teleport near an enemy Deny
 * Teleport element is denied by drop.ts's `denier` (§12.4), the one test both
 * placements share. A unit that teleports arrives here at
 * the start of its activation in the instant combat phase; combat.ts then
 * moves it and makes its attacks, as in any activation.
 */
import { formatHex } from '../hex.ts';
import type { DiceSource } from '../dice.ts';
import type { Battlefield } from './battlefield.ts';
import { has } from './capabilities.ts';
import { denier } from './drop.ts';
import type { UnitOrder } from './orders.ts';
import { placeNear, scatter } from './placement.ts';
import { forward } from './setup.ts';

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
  const by = denier(b, u.side, order.teleport, 'Tel');
  if (by !== null) {
    b.events.push({ type: 'denied', seenBy: [u.side], unit: u.id, capability: 'teleport', by: by.id });
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
    const hex = placeNear(b.now(), e, u.side, point);
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
