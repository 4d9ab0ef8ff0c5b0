/**
 * Fleet strength over the turns: the BP each side has in play at the start of
 * the game and after every resolved turn — the measure the turn limit scores
 * by (rules-tactical.md §7: full design cost of ships in play, 0 for a side
 * that conceded). The game and archive pages draw it as a chart.
 */
import { designCost } from '../rules/design.ts';
import type { Position } from '../rules/types.ts';

export interface StrengthPoint {
  /** 0: the start of the game; n: after turn n. */
  readonly turn: number;
  readonly bp: number;
}

export interface SideStrength {
  readonly side: string;
  readonly points: readonly StrengthPoint[];
}

/** BP a side has in play in a position. */
export function bpInPlay(position: Position, side: string): number {
  if (position.conceded.includes(side)) return 0;
  return position.ships
    .filter((s) => s.side === side && s.status === 'active')
    .reduce((sum, s) => sum + designCost(s.design), 0);
}

/**
 * One series per side, in seat order. `start` is the position turn 1 began
 * from; `after` the positions after each resolved turn, in turn order.
 */
export function fleetStrength(
  start: Position,
  after: ReadonlyArray<{ turn: number; position: Position }>,
): SideStrength[] {
  return start.sides.map((side) => ({
    side,
    points: [
      { turn: 0, bp: bpInPlay(start, side) },
      ...after.map((a) => ({ turn: a.turn, bp: bpInPlay(a.position, side) })),
    ],
  }));
}
