/**
 * A transport lost with its passengers aboard (rules-mini-combat.md §13.1):
 * destroyed in combat (§10.7) or fled with its unit (§16), each element it
 * carried rolls to survive, in state order. Ruled (§24 note 35): fleeing is
 * removal from the board, so the same roll applies.
 */
import type { DiceSource } from '../dice.ts';
import { formatHex } from '../hex.ts';
import type { Battlefield } from './battlefield.ts';
import { placeNear } from './placement.ts';

/** "on a 4+ it survives" (§13.1). */
export const SURVIVAL_NEED = 4;

/**
 * The passengers of transport `transportId`, which has just been destroyed or
 * has fled, in state order (§13.1, §22.5 items 3 and 5): each still aboard
 * rolls a die. On a 4+ it is placed at the transport's hex if legal, else at
 * the nearest legal hex, facing as the transport, and has moved; with no
 * legal hex, or on 1–3, it is destroyed (by the transport) where the
 * transport stands. Passengers of a unit fleeing with the transport have fled
 * already (they roll nothing): only those still carried roll.
 */
export function passengersSurvive(b: Battlefield, transportId: string, dice: DiceSource): void {
  const t = b.element(transportId);
  const seenBy = [...b.position.sides];
  for (const u of b.units) {
    for (const e of u.elements) {
      if (e.status !== 'carried' || e.carrier !== transportId) continue;
      const roll = dice.roll();
      const hex = roll >= SURVIVAL_NEED && t.hex !== null ? placeNear(b.now(), e, u.side, t.hex) : null;
      e.carrier = null;
      if (hex !== null) {
        e.status = 'active';
        e.hex = hex;
        e.from = null;
        e.facing = t.facing;
        b.moved.add(e.id);
      } else {
        e.status = 'destroyed';
        e.hex = t.hex;
      }
      b.events.push({
        type: 'survival',
        seenBy,
        element: e.id,
        transport: t.id,
        roll,
        survived: hex !== null,
        hex: hex === null ? null : formatHex(hex),
      });
      if (hex === null)
        b.events.push({
          type: 'destroyed',
          seenBy,
          element: e.id,
          by: t.id,
          hex: t.hex === null ? null : formatHex(t.hex),
        });
    }
  }
}
