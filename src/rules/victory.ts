/**
 * End of turn: who is still fighting, and whether the game is over
 * (rules-tactical.md §7).
 */
import type { Position } from './types.ts';
import type { GameOverEvent } from './events.ts';
import { designCost } from './design.ts';
import { inPlay } from './legality.ts';

const hasShipInPlay = (position: Position, side: string): boolean =>
  position.ships.some((s) => s.side === side && inPlay(s));

/** Sides still fighting, in seat order: at least one ship in play, and not conceded. */
export function sidesInPlay(position: Position): string[] {
  return position.sides.filter((side) => !position.conceded.includes(side) && hasShipInPlay(position, side));
}

/**
 * Whether a concession made now, rather than the fighting, is what ended the
 * game: the game would go on if the sides that just conceded were still
 * standing. Such a side counts as standing when it has a ship not destroyed,
 * because conceding takes its ships off the map (disengaged).
 */
function endedByConcession(position: Position, concededNow: readonly string[]): boolean {
  const standing = position.sides.filter(
    (side) =>
      (hasShipInPlay(position, side) && !position.conceded.includes(side)) ||
      (concededNow.includes(side) && position.ships.some((s) => s.side === side && s.status !== 'destroyed')),
  );
  return standing.length >= 2;
}

/** BP of a side's ships still in play, by full design cost (damage ignored); 0 for a side that conceded. */
function score(position: Position, side: string): number {
  if (position.conceded.includes(side)) return 0;
  return position.ships.filter((s) => s.side === side && inPlay(s)).reduce((sum, s) => sum + designCost(s.design), 0);
}

/**
 * The victory check after a turn's combat. `position` is the state after the
 * turn; `resolvedTurn` is the turn just played; `concededNow` the sides whose
 * concession is being applied at this check (earlier concessions are history:
 * they no longer decide how the game ended). Returns null while the game goes on.
 */
export function victory(
  position: Position,
  resolvedTurn: number,
  concededNow: readonly string[] = [],
): GameOverEvent | null {
  const left = sidesInPlay(position);
  if (left.length === 0) return { type: 'game-over', winner: null, reason: 'draw' };
  if (left.length === 1) {
    return {
      type: 'game-over',
      winner: left[0]!,
      reason: endedByConcession(position, concededNow) ? 'concession' : 'last-side',
    };
  }

  if (position.turnLimit === null || resolvedTurn < position.turnLimit) return null;
  const scores: Record<string, number> = {};
  for (const side of position.sides) scores[side] = score(position, side);
  const best = Math.max(...left.map((side) => scores[side]!));
  const leaders = left.filter((side) => scores[side] === best);
  return { type: 'game-over', winner: leaders.length === 1 ? leaders[0]! : null, reason: 'turn-limit', scores };
}
