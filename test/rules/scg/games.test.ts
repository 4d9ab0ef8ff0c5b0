/**
 * Two scripted random-but-legal players play 200 games of the sample
 * scenarios to their end; every turn is checked against the invariants of
 * players.ts, and every side's orders go through the mail language and back.
 */
import { describe, expect, it } from 'vitest';
import { formatScgOrders, parseScgSubmission } from '../../../src/orders/scg/index.ts';
import { SeededDice } from '../../../src/rules/dice.ts';
import { resolveScgTurn } from '../../../src/rules/scg/resolve.ts';
import { COMBINED_ARMS, TANK_BATTLE } from '../../../src/rules/scg/scenarios.ts';
import type { ScgSideOrders, ScgState } from '../../../src/rules/scg/types.ts';
import { checkNoPassingThrough, checkTurn, randomOrders } from './players.ts';

describe('200 games between random legal players', () => {
  it('every game ends by its turn limit, and every turn keeps the invariants', () => {
    const reasons = new Map<string, number>();
    for (let game = 0; game < 200; game++) {
      const rng = SeededDice.fromSeed(`players ${game}`);
      const dice = SeededDice.fromSeed(`dice ${game}`);
      let state: ScgState = game % 2 === 0 ? TANK_BATTLE : COMBINED_ARMS;
      for (let turn = 0; ; turn++) {
        expect(turn).toBeLessThanOrEqual(state.turnLimit!);
        const orders: Record<string, ScgSideOrders> = {};
        for (const side of state.sides) {
          if (rng.below(10) === 0) continue; // sometimes a side sends nothing: standing orders (§17.6)
          const o = randomOrders(state, side, rng);
          // Every 10th game the orders travel by mail: the canonical text reads back as the same orders.
          if (game % 10 === 0 && o.move.length + o.fire.length > 0) {
            const ctx = { gameId: 'g', turn: state.turn, side, state, sent: () => [] };
            const parsed = parseScgSubmission(formatScgOrders(o, state, ctx), ctx);
            expect(parsed.ok ? [] : parsed.errors).toEqual([]);
          }
          orders[side] = o;
        }
        const r = resolveScgTurn(state, orders, dice);
        checkTurn(state, r);
        checkNoPassingThrough(state, r);
        state = r.state;
        if (r.gameOver) {
          reasons.set(r.reason!, (reasons.get(r.reason!) ?? 0) + 1);
          break;
        }
      }
    }
    expect([...reasons.values()].reduce((a, b) => a + b, 0)).toBe(200);
  });
});
