/**
 * Fleet strength: "BP of a side's ships still in play, by full design cost
 * (damage ignored); 0 for a side that conceded" (the turn limit's measure,
 * rules-tactical.md §7), at the start and after each turn.
 */
import { describe, expect, it } from 'vitest';
import { bpInPlay, fleetStrength } from '../../src/reports/fleet-strength.ts';
import type { Position, Ship } from '../../src/rules/types.ts';

const ship = (id: string, side: string, status: Ship['status'] = 'active', shields = 3): Ship => ({
  id,
  side,
  hex: { col: 1, row: 1 },
  facing: 'N',
  speed: null,
  engine: 3,
  shields,
  toHit: 3,
  weapons: ['F'],
  design: { engine: 3, shields: 3, toHit: 3, weapons: ['F'] },
  status,
});
const pos = (ships: Ship[], conceded: string[] = []): Position => ({
  map: { width: 5, height: 5 },
  turn: 1,
  sides: ['a', 'b'],
  solo: [],
  ships,
  turnLimit: null,
  conceded,
});

describe('fleet strength', () => {
  it('counts full design cost of ships in play, damage ignored', () => {
    const one = bpInPlay(pos([ship('A1', 'a')]), 'a');
    expect(one).toBeGreaterThan(0);
    expect(bpInPlay(pos([ship('A1', 'a', 'active', 1)]), 'a')).toBe(one);
    expect(bpInPlay(pos([ship('A1', 'a', 'destroyed')]), 'a')).toBe(0);
    expect(bpInPlay(pos([ship('A1', 'a', 'disengaged')]), 'a')).toBe(0);
  });

  it('counts 0 for a side that conceded', () => {
    expect(bpInPlay(pos([ship('A1', 'a')], ['a']), 'a')).toBe(0);
  });

  it('gives each side a point at the start (turn 0) and after every turn', () => {
    const start = pos([ship('A1', 'a'), ship('A2', 'a'), ship('B1', 'b')]);
    const series = fleetStrength(start, [
      { turn: 1, position: pos([ship('A1', 'a'), ship('A2', 'a', 'destroyed'), ship('B1', 'b')]) },
    ]);
    const cost = bpInPlay(pos([ship('A1', 'a')]), 'a');
    expect(series).toEqual([
      {
        side: 'a',
        points: [
          { turn: 0, bp: 2 * cost },
          { turn: 1, bp: cost },
        ],
      },
      {
        side: 'b',
        points: [
          { turn: 0, bp: cost },
          { turn: 1, bp: cost },
        ],
      },
    ]);
  });
});
