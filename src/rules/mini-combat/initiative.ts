/**
 * Initiative (rules-mini-combat.md §5): each side rolls one die, in the order
 * of `sides`; the higher roll wins; ties are rolled again, both sides, same
 * order, until they differ. The winner is the first side.
 */
import type { DiceSource } from '../dice.ts';

export interface InitiativeEvent {
  readonly type: 'initiative';
  readonly seenBy: readonly string[];
  /** Every roll of each side, re-rolls included, in the order rolled. */
  readonly rolls: Readonly<Record<string, readonly number[]>>;
  /** First side first. */
  readonly order: readonly [string, string];
}

/** Rolls for the initiative (§5, §22.5 item 1): two dice a round, in `sides` order, until they differ. */
export function rollInitiative(sides: readonly [string, string], dice: DiceSource): InitiativeEvent {
  const [a, b] = sides;
  const rolls: Record<string, number[]> = { [a]: [], [b]: [] };
  for (;;) {
    const ra = dice.roll();
    const rb = dice.roll();
    rolls[a]!.push(ra);
    rolls[b]!.push(rb);
    if (ra !== rb) return { type: 'initiative', seenBy: [a, b], rolls, order: ra > rb ? [a, b] : [b, a] };
  }
}
