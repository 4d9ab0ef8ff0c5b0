/**
 * Embarking and disembarking (rules-mini-combat.md §13.1). A transport
 * destroyed, with its passengers' survival rolls, belongs to combat and morale.
 */
import { formatHex, sameHex } from '../hex.ts';
import type { Battlefield } from './battlefield.ts';
import { transportPlaces } from './capabilities.ts';
import { placeNear } from './placement.ts';

/** How many elements a transport element carries now. */
function aboard(b: Battlefield, transportId: string): number {
  let n = 0;
  for (const u of b.units) for (const e of u.elements) if (e.status === 'carried' && e.carrier === transportId) n += 1;
  return n;
}

/**
 * Embarking (§13.1), after the unit has moved: each active element, in element
 * order, standing in a hex with an element of the transport unit that has a
 * free place boards the first such element (element order). Elements that
 * find no place stay on the map. An element that is itself carrying others
 * does not board (a carried element carries nothing). Boarding is not moving.
 */
export function embarkUnit(b: Battlefield, unitId: string, transportUnitId: string): string[] {
  const u = b.units.find((x) => x.id === unitId)!;
  const t = b.units.find((x) => x.id === transportUnitId);
  const boarded: string[] = [];
  if (t === undefined || t.side !== u.side || t.id === u.id) return boarded;
  for (const e of u.elements) {
    if (e.status !== 'active' || e.hex === null || aboard(b, e.id) > 0) continue;
    const carrier = t.elements.find(
      (x) => x.status === 'active' && x.hex !== null && sameHex(x.hex, e.hex!) && aboard(b, x.id) < transportPlaces(x),
    );
    if (carrier === undefined) continue;
    e.status = 'carried';
    e.carrier = carrier.id;
    e.hex = carrier.hex;
    boarded.push(e.id);
    b.events.push({ type: 'embark', seenBy: b.seenByFor(e.id), element: e.id, transport: carrier.id });
  }
  return boarded;
}

/**
 * Disembarking (§13.1), at the start of the unit's activation: each carried
 * element, in element order, is placed at its carrier's hex if legal (§13.2),
 * else at the nearest legal hex to it, facing as its carrier; it becomes
 * active (carrier null, from null) and has moved. With no legal hex it stays aboard.
 */
export function disembarkUnit(b: Battlefield, unitId: string): void {
  const u = b.units.find((x) => x.id === unitId)!;
  for (const e of u.elements) {
    if (e.status !== 'carried' || e.carrier === null) continue;
    const carrier = b.element(e.carrier);
    const hex = carrier.hex === null ? null : placeNear(b.now(), e, u.side, carrier.hex);
    if (hex === null) {
      b.events.push({ type: 'place', seenBy: [u.side], element: e.id, hex: null, facing: null, how: 'disembark' });
      continue;
    }
    e.status = 'active';
    e.carrier = null;
    e.from = null;
    e.hex = hex;
    e.facing = carrier.facing;
    b.moved.add(e.id);
    b.reveal(e, 'moved');
    b.events.push({
      type: 'place',
      seenBy: b.seenByFor(e.id),
      element: e.id,
      hex: formatHex(hex),
      facing: e.facing,
      how: 'disembark',
    });
  }
}
