/**
 * The morale phase (rules-mini-combat.md §16): "If a unit loses half of its
 * Elements, rounded up" it tests, with its bravest element's Morale; on a
 * failure the unit flees the board, and passengers of other units aboard its
 * transports roll to survive (§13.1).
 */
import type { DiceSource } from '../dice.ts';
import type { Battlefield } from './battlefield.ts';
import { transportPlaces } from './capabilities.ts';
import { passengersSurvive } from './survival.ts';
import type { Element } from './types.ts';

type Elements = { readonly elements: readonly Pick<Element, 'status'>[] };
const onBoard = (e: Pick<Element, 'status'>) => e.status === 'active' || e.status === 'carried';
const destroyed = (u: Elements) => u.elements.filter((e) => e.status === 'destroyed').length;

/**
 * Whether a unit takes a morale test (§16): it has an element `active` or
 * `carried`; its destroyed elements number at least half its size, rounded
 * up; and it has more destroyed elements than at the start of the turn (it
 * lost one this turn, net of healing). Ruling: tested in each turn it loses
 * another element at or below half strength, not only once.
 */
export function mustTestMorale(now: Elements, atStart: Elements): boolean {
  const lost = destroyed(now);
  return now.elements.some(onBoard) && lost >= Math.ceil(now.elements.length / 2) && lost > destroyed(atStart);
}

/**
 * The morale phase (§16, §22.5 item 5): each unit in state order, when it
 * must, tests against the best (lowest) Morale of its `active` and `carried`
 * elements — Ruling: "the highest Morale" is the bravest element's. A die at
 * least that passes; Morale 1 passes with no roll. On a failure every
 * `active` and `carried` element of the unit becomes `fled` where it stands,
 * then the other units' passengers of each of its transports (element order)
 * roll to survive. Whether a unit tests is decided when its turn comes, so a
 * passenger lost with an earlier unit's transport counts for a later unit.
 */
export function moralePhase(b: Battlefield, dice: DiceSource): void {
  const seenBy = [...b.position.sides];
  for (const u of b.units) {
    const atStart = b.position.units.find((x) => x.id === u.id)!;
    if (!mustTestMorale(u, atStart)) continue;
    const need = Math.min(...u.elements.filter(onBoard).map((e) => e.morale));
    const roll = need <= 1 ? null : dice.roll();
    const passed = roll === null || roll >= need;
    b.events.push({
      type: 'morale',
      seenBy,
      unit: u.id,
      lost: destroyed(u),
      size: u.elements.length,
      need,
      roll,
      passed,
    });
    if (passed) continue;
    const fleeing = u.elements.filter(onBoard);
    for (const e of fleeing) {
      e.status = 'fled';
      e.carrier = null;
    }
    b.events.push({ type: 'fled', seenBy, unit: u.id, elements: fleeing.map((e) => e.id) });
    for (const t of fleeing) if (transportPlaces(t) > 0) passengersSurvive(b, t.id, dice);
  }
}
