/** rules-mini-combat.md §20.2 (the standard battle), §20.3's objectives and §20.4 (other ends). */
import { describe, expect, it } from 'vitest';
import {
  annihilation,
  concession,
  gameOverEvent,
  objectivesMet,
  resolutionEnd,
  turnLimitResult,
} from '../../../src/rules/mini-combat/end.ts';
import type { Battle, ElementStatus } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';

// A Rifle costs 23 (§11 example): a unit of n Rifles is worth 23n; gone, it scores that; half lost, half (down).
const rifles = (id: string, side: string, statuses: ElementStatus[], hex = '0505') =>
  unit(
    id,
    side,
    statuses.map((status, i) => el(`${id}${'abcdefghij'[i]}`, { status, hex: status === 'reserve' ? null : hex })),
  );
const standard = (target: number): Battle => ({ type: 'standard', target });

describe('§20.2 the standard battle', () => {
  // Red has destroyed B1 (4 Rifles, 92 points); blue has lost nothing more, red nothing.
  const p = (target: number) =>
    position(
      [
        rifles('R1', 'red', ['active', 'active']),
        rifles('B1', 'blue', ['destroyed', 'destroyed', 'destroyed', 'destroyed']),
        rifles('B2', 'blue', ['active']),
      ],
      { battle: standard(target) },
    );

  it('"a side whose score is at least T has met its objective: if one side has, it wins" (reason points)', () => {
    expect(objectivesMet(p(92))).toEqual({ winner: 'red', reason: 'points' });
    expect(objectivesMet(p(93))).toBeNull();
  });

  it('"if both have, the higher score wins, and equal scores are a draw"', () => {
    const both = (redLost: ElementStatus[]) =>
      position(
        [
          rifles('R1', 'red', redLost),
          rifles('R2', 'red', ['active']),
          rifles('B1', 'blue', ['destroyed', 'destroyed', 'destroyed', 'destroyed']),
          rifles('B2', 'blue', ['active']),
        ],
        { battle: standard(46) },
      );
    expect(objectivesMet(both(['destroyed', 'destroyed']))).toEqual({ winner: 'red', reason: 'points' }); // 92 to 46
    expect(objectivesMet(both(['destroyed', 'destroyed', 'destroyed', 'destroyed']))).toEqual({
      winner: 'draw',
      reason: 'points',
    });
    expect(objectivesMet(both(['destroyed', 'destroyed', 'destroyed', 'destroyed', 'destroyed']))).toEqual({
      winner: 'blue',
      reason: 'points',
    });
  });

  it('"default T = 500"', () => {
    expect(objectivesMet(p(500))).toBeNull();
  });
});

describe("§20.3 the defensive battle's objectives", () => {
  const objectives = ['0302', '0902', '1502', '2102', '0608', '1208', '1808', '2408'].map(h);
  const battle = (control: number, destroy: number): Battle => ({
    type: 'defensive',
    attacker: 'blue',
    defender: 'red',
    objectives,
    control,
    destroy,
  });
  const held = (n: number, redScore: boolean) =>
    position(
      [
        rifles('R1', 'red', ['active']),
        ...objectives
          .slice(0, n)
          .map((o, i) =>
            rifles(`B${i}`, 'blue', ['active'], `${String(o.col).padStart(2, '0')}${String(o.row).padStart(2, '0')}`),
          ),
        rifles('B9', 'blue', redScore ? ['destroyed'] : ['active'], '2020'),
      ],
      { battle: battle(6, 23) },
    );

  it('"The attacker meets its objective by controlling at least control objectives" (reason objectives)', () => {
    expect(objectivesMet(held(6, false))).toEqual({ winner: 'blue', reason: 'objectives' });
    expect(objectivesMet(held(5, false))).toBeNull();
  });

  it('Ruling: "destroy 800pts" is scored as victory points — the defender by a score of at least destroy (reason points)', () => {
    expect(objectivesMet(held(0, true))).toEqual({ winner: 'red', reason: 'points' });
  });

  it('"If both meet them in the same turn the defender wins"', () => {
    expect(objectivesMet(held(6, true))).toEqual({ winner: 'red', reason: 'points' });
  });
});

describe('§20.4 other ends', () => {
  it('"a side with no element active, carried or reserve has lost" (reason annihilated)', () => {
    const p = position([rifles('R1', 'red', ['reserve']), rifles('B1', 'blue', ['destroyed', 'fled'])]);
    expect(annihilation(p)).toEqual({ winner: 'red', reason: 'annihilated' });
    const carried = position([rifles('R1', 'red', ['active']), rifles('B1', 'blue', ['carried', 'fled'])]);
    expect(annihilation(carried)).toBeNull();
  });

  it('"(both such sides: a draw)"', () => {
    const p = position([rifles('R1', 'red', ['fled']), rifles('B1', 'blue', ['destroyed'])]);
    expect(annihilation(p)).toEqual({ winner: 'draw', reason: 'annihilated' });
  });

  it('"Checked … in this order: a side with no element … then the battle\'s objectives": annihilation comes first', () => {
    // Blue has scored past the target but has nothing left: it has lost.
    const p = position([rifles('R1', 'red', ['destroyed', 'destroyed']), rifles('B1', 'blue', ['destroyed'])], {
      battle: standard(40),
    });
    expect(resolutionEnd(p, 1)).toEqual({ winner: 'draw', reason: 'annihilated' });
    const q = position(
      [
        rifles('R1', 'red', ['destroyed', 'destroyed']),
        rifles('R2', 'red', ['active']),
        rifles('B1', 'blue', ['destroyed']),
      ],
      { battle: standard(40) },
    );
    expect(resolutionEnd(q, 1)).toEqual({ winner: 'red', reason: 'annihilated' });
  });

  it('"then the turn limit: when the turn just resolved is turnLimit (or later), a standard battle goes to the higher score"', () => {
    const p = (turnLimit: number | null) =>
      position([rifles('R1', 'red', ['active']), rifles('B1', 'blue', ['destroyed', 'active'])], { turnLimit });
    expect(resolutionEnd(p(10), 9)).toBeNull();
    expect(resolutionEnd(p(10), 10)).toEqual({ winner: 'red', reason: 'turn-limit' });
    expect(resolutionEnd(p(10), 11)).toEqual({ winner: 'red', reason: 'turn-limit' });
    // "absent or null: none"
    expect(resolutionEnd(p(null), 99)).toBeNull();
  });

  it('"(equal: a draw)"', () => {
    const p = position([rifles('R1', 'red', ['active']), rifles('B1', 'blue', ['active'])], { turnLimit: 3 });
    expect(resolutionEnd(p, 3)).toEqual({ winner: 'draw', reason: 'turn-limit' });
  });

  it('Ruling: "a defensive battle [goes] to the defender (the attacker has failed in time)", whatever the scores', () => {
    const p = position([rifles('R1', 'red', ['destroyed', 'active']), rifles('B1', 'blue', ['active'])], {
      battle: { type: 'defensive', attacker: 'red', defender: 'blue', objectives: [], control: 6, destroy: 800 },
      turnLimit: 10,
    });
    expect(resolutionEnd(p, 10)).toEqual({ winner: 'blue', reason: 'turn-limit' });
    expect(turnLimitResult(p)).toEqual({ winner: 'blue', reason: 'turn-limit' });
  });

  it('"A side that concedes loses at once (reason conceded; both conceding: a draw)"', () => {
    const p = (conceded: string[]) =>
      position([rifles('R1', 'red', ['active']), rifles('B1', 'blue', ['active'])], { conceded });
    expect(concession(p([]))).toBeNull();
    expect(concession(p(['blue']))).toEqual({ winner: 'red', reason: 'conceded' });
    expect(concession(p(['blue', 'red']))).toEqual({ winner: 'draw', reason: 'conceded' });
  });

  it('the game-over event (§22.3): winner, reason and both scores, seen by both sides', () => {
    const p = position([rifles('R1', 'red', ['active']), rifles('B1', 'blue', ['destroyed'])]);
    expect(gameOverEvent(p, { winner: 'red', reason: 'annihilated' })).toEqual({
      type: 'game-over',
      seenBy: ['red', 'blue'],
      winner: 'red',
      reason: 'annihilated',
      score: { red: 23, blue: 0 },
    });
  });
});
