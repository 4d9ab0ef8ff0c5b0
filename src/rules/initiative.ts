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
  // Depth first, as the rule reads (each tied group settled completely before the next group rolls), with a stack
  // of groups still to settle instead of recursion: a long run of ties costs dice, never the call stack.
  const order: string[] = [];
  const pending: (readonly string[])[] = [sides];
  for (let group = pending.pop(); group !== undefined; group = pending.pop()) {
    if (group.length === 1) {
      order.push(group[0]!);
      continue;
    }
    const rolled = group.map((side) => {
      const r = dice.roll();
      rolls[side]!.push(r);
      return { side, r };
    });
    // Pushed lowest face first, so that the highest roll's group is the next one taken.
    for (let face = 1; face <= 6; face++) {
      const tied = rolled.filter((x) => x.r === face).map((x) => x.side);
      if (tied.length > 0) pending.push(tied);
    }
  }
  return { type: 'initiative', rolls, order };
}
