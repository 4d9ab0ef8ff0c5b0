/**
 * The recover phase (rules-mini-combat.md §17): "Healing and repairs are done
 * in this phase." Each healer or repairer brings back at most one destroyed
 * element a turn, of a unit of its side still on the map within 10 cm of it,
 * beside that unit's element nearest to it.
 */
import type { DiceSource } from '../dice.ts';
import { formatHex } from '../hex.ts';
import type { Battlefield, Mutable } from './battlefield.ts';
import { has, HEALED_TYPES, REPAIRED_TYPES } from './capabilities.ts';
import { hexDistance } from './geometry.ts';
import type { MiniOrders } from './orders.ts';
import { placeNear } from './placement.ts';
import type { Element, ElementType } from './types.ts';

/** Heal and repair range: 10 cm (§17). */
export const RECOVER_HEXES = 2;

/** What a restorer does: heal (Heal, Heal4) or repair (Rep, Rep4), and whether it needs a 4+. */
interface Restorer {
  readonly element: Mutable<Element>;
  readonly types: readonly ElementType[];
  readonly need: 4 | null;
}

/**
 * The restorers of the phase, in state order, an element with both heal
 * first. Ruled: those `active` when the phase begins — an element brought
 * back in this phase has spent it returning, and restores nobody until the next.
 */
function restorers(b: Battlefield): Restorer[] {
  const out: Restorer[] = [];
  for (const u of b.units)
    for (const e of u.elements) {
      if (e.status !== 'active' || e.hex === null) continue;
      if (has(e, 'Heal') || has(e, 'Heal4'))
        out.push({ element: e, types: HEALED_TYPES, need: has(e, 'Heal') ? null : 4 });
      if (has(e, 'Rep') || has(e, 'Rep4'))
        out.push({ element: e, types: REPAIRED_TYPES, need: has(e, 'Rep') ? null : 4 });
    }
  return out;
}

/** One restorer's turn (§17 steps 1–5). */
function restore(b: Battlefield, r: Restorer, orders: MiniOrders, dice: DiceSource): void {
  const healer = r.element;
  const side = b.sideOf(healer.id);
  const restorable = (e: Element) => e.status === 'destroyed' && r.types.includes(e.type);
  // 1. Candidates: its side's units with an active element within 2 hexes and a destroyed element it restores.
  const candidates = b.units.filter(
    (u) =>
      u.side === side &&
      u.elements.some(restorable) &&
      u.elements.some(
        (e) => e.status === 'active' && e.hex !== null && hexDistance(e.hex, healer.hex!) <= RECOVER_HEXES,
      ),
  );
  if (candidates.length === 0) return;
  // 2. The unit its order names in `heal`, else the one with the most such destroyed elements (ties: state order).
  const named = (orders[side] ?? []).find((o) => o.unit === b.unitOf(healer.id))?.heal ?? null;
  const count = (u: (typeof candidates)[number]) => u.elements.filter(restorable).length;
  const unit =
    candidates.find((u) => u.id === named) ?? candidates.reduce((best, u) => (count(u) > count(best) ? u : best));
  // 3. Its first such element, beside its active element nearest the healer (ties: element order).
  const element = unit.elements.find(restorable)!;
  let nearest: Mutable<Element> | null = null;
  for (const e of unit.elements)
    if (
      e.status === 'active' &&
      e.hex !== null &&
      (nearest === null || hexDistance(e.hex, healer.hex!) < hexDistance(nearest.hex!, healer.hex!))
    )
      nearest = e;
  const hex = placeNear(b.now(), element, side, nearest!.hex!);
  if (hex === null) return;
  // 4. Heal4 / Rep4: "healing is only successful on a 4+".
  const roll = r.need === null ? null : dice.roll();
  const success = roll === null || roll >= r.need!;
  // 5. The element returns.
  if (success) {
    element.status = 'active';
    element.hex = hex;
    element.facing = nearest!.facing;
    element.from = null;
    element.still = 0;
    element.carrier = null;
    b.moved.add(element.id);
  }
  b.events.push({
    type: 'heal',
    seenBy: [...b.position.sides],
    healer: healer.id,
    unit: unit.id,
    element: element.id,
    need: r.need,
    roll,
    success,
    hex: success ? formatHex(hex) : null,
  });
}

/**
 * The recover phase (§17, §22.5 item 4): each restorer in state order brings
 * back at most one element; a Heal4 or Rep4 die is rolled only when there is
 * an element to restore and a hex for it. Fled elements never come back.
 */
export function recoverPhase(b: Battlefield, orders: MiniOrders, dice: DiceSource): void {
  for (const r of restorers(b)) restore(b, r, orders, dice);
}
