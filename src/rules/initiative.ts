/**
 * The initiative roll (rules-tactical.md §5): every side with a ship in play
 * rolls one die, in seat order; the highest fires first; ties re-roll among
 * themselves, groups settled from the highest roll down, each completely
 * before the next group rolls.
 */
import type { DiceSource } from './dice.ts';
import type { InitiativeEvent } from './events.ts';

/** The firing order of `sides` (given in seat order), with every roll. Fewer than two sides: no roll. */
export function rollInitiative(sides: readonly string[], dice: DiceSource): InitiativeEvent | null {
  if (sides.length < 2) return null;
  const rolls: Record<string, number[]> = Object.fromEntries(sides.map((s) => [s, []]));
  const settle = (group: readonly string[]): string[] => {
    if (group.length === 1) return [...group];
    const rolled = group.map((side) => {
      const r = dice.roll();
      rolls[side]!.push(r);
      return { side, r };
    });
    const order: string[] = [];
    for (let face = 6; face >= 1; face--) {
      const tied = rolled.filter((x) => x.r === face).map((x) => x.side);
      if (tied.length > 0) order.push(...settle(tied));
    }
    return order;
  };
  const order = settle(sides);
  return { type: 'initiative', rolls, order };
}
