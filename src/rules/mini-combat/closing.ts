/**
 * The turn's closing phases (rules-mini-combat.md §4 items 4–7): recover,
 * morale, drop, then resolution — in that order, with their dice in the order
 * of §22.5 items 4–6. What follows them (each element's `still`, the end of
 * `insubstantial`) is the turn's own business.
 */
import type { DiceSource } from '../dice.ts';
import type { Battlefield } from './battlefield.ts';
import { dropPhase } from './drop.ts';
import { gameOverEvent, resolutionEnd, type GameEnd } from './end.ts';
import { moralePhase } from './morale.ts';
import type { MiniOrders } from './orders.ts';
import { recoverPhase } from './recover.ts';

/**
 * Recover (§17), morale (§16), drop (§15) and resolution (§20): returns how
 * the game ended, with its `game-over` event written, or null while it goes
 * on. `initiative` is the turn's order, first side first; `orders` the sides'
 * activation lists.
 */
export function closingPhases(
  b: Battlefield,
  initiative: readonly [string, string],
  orders: MiniOrders,
  dice: DiceSource,
): GameEnd | null {
  recoverPhase(b, orders, dice);
  moralePhase(b, dice);
  dropPhase(b, initiative, orders, dice);
  const now = b.snapshot();
  const end = resolutionEnd(now, b.position.turn);
  if (end !== null) b.events.push(gameOverEvent(now, end));
  return end;
}
