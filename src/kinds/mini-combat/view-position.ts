/**
 * A side's view of a Mini Combat position (rules-mini-combat.md §22.4) as a
 * position of its own: the map, the battle, the side's own units in full and,
 * of the enemy, only the elements it is shown, each with nothing the view does
 * not give (no `still`, no `hidden`, no carrier). It is what a seat's page gives
 * its script to check orders with in the browser: the same checks the service
 * runs, which are made against the side's view (§18), and nothing hidden.
 */
import { turnView } from '../../rules/mini-combat/turn.ts';
import type { Element, MiniPosition, Unit } from '../../rules/mini-combat/types.ts';

export function viewPosition(p: MiniPosition, side: string): MiniPosition {
  const view = turnView(p, side);
  const enemy: Unit[] = view.enemy.map((u) => ({
    id: u.id,
    side: u.side,
    formation: u.formation,
    elements: u.elements.map((e): Element => ({
      ...e,
      from: null,
      still: 0,
      firedTurn: null,
      shotUsed: false,
      hidden: false,
      carrier: null,
      submerged: false,
      teleported: false,
    })),
  }));
  // Units keep the position's order (state order): own and enemy interleaved as they stand.
  const kept = new Map<string, Unit>([...view.units, ...enemy].map((u) => [`${u.side}:${u.id}`, u]));
  return {
    ...p,
    units: p.units.flatMap((u) => {
      const shown = kept.get(`${u.side}:${u.id}`);
      return shown ? [shown] : [];
    }),
  };
}
