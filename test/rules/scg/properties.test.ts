/** Properties of the Simple Combat Game's rules over random positions, orders and dice (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../../src/rules/dice.ts';
import { resolveScgTurn } from '../../../src/rules/scg/resolve.ts';
import { BUILT_IN_UNITS } from '../../../src/rules/scg/forces.ts';
import type { ScgSideOrders, ScgState, ScgUnit } from '../../../src/rules/scg/types.ts';
import { checkNoPassingThrough, checkTurn, randomOrders } from './players.ts';

const TYPES = Object.keys(BUILT_IN_UNITS);

/** A random legal position: a small map, some impassable hexes, 1–6 units a side on distinct open hexes. */
const position = fc
  .record({
    width: fc.integer({ min: 3, max: 12 }),
    height: fc.integer({ min: 3, max: 12 }),
    seed: fc.string({ maxLength: 8 }),
    rangeScale: fc.constantFrom(1 as const, 2 as const),
  })
  .map(({ width, height, seed, rangeScale }): ScgState => {
    const rng = SeededDice.fromSeed(seed);
    const hexes: { col: number; row: number }[] = [];
    for (let c = 1; c <= width; c++) for (let r = 1; r <= height; r++) hexes.push({ col: c, row: r });
    for (let i = hexes.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [hexes[i], hexes[j]] = [hexes[j]!, hexes[i]!];
    }
    const impassable = hexes.splice(0, rng.below(Math.floor(hexes.length / 5) + 1));
    const per = [1 + rng.below(6), 1 + rng.below(6)];
    const units: ScgUnit[] = [];
    for (const [s, side] of ['west', 'east'].entries()) {
      for (let i = 0; i < per[s]! && hexes.length > 0; i++) {
        const type = TYPES[rng.below(TYPES.length)]!;
        const dc = BUILT_IN_UNITS[type]!.dc;
        units.push({
          id: `${side[0]!.toUpperCase()}${i}`,
          side,
          type,
          hex: hexes.pop()!,
          damage: rng.below(dc),
          status: 'active',
        });
      }
    }
    return {
      map: { width, height, impassable },
      turn: 1,
      turnLimit: null,
      rangeScale,
      sides: ['west', 'east'],
      unitTypes: {},
      weaponTypes: {},
      units,
      conceded: [],
    };
  });

const turnInput = fc.record({
  state: position,
  orderSeed: fc.string({ maxLength: 8 }),
  diceSeed: fc.string({ maxLength: 8 }),
});

function ordersFor(state: ScgState, seed: string): Record<string, ScgSideOrders> {
  const rng = SeededDice.fromSeed(seed);
  return Object.fromEntries(state.sides.map((s) => [s, randomOrders(state, s, rng)]));
}

describe('properties', () => {
  it('a unit never moves beyond its MA or through a unit; damage only grows; a destroyed unit never acts again; dice in events equal diceUsed', () => {
    fc.assert(
      fc.property(turnInput, ({ state, orderSeed, diceSeed }) => {
        let s = state;
        const dice = SeededDice.fromSeed(diceSeed);
        for (let turn = 0; turn < 4; turn++) {
          const r = resolveScgTurn(s, ordersFor(s, `${orderSeed}/${turn}`), dice);
          checkTurn(s, r);
          checkNoPassingThrough(s, r);
          if (r.gameOver) break;
          s = r.state;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the same dice give the same result', () => {
    fc.assert(
      fc.property(turnInput, ({ state, orderSeed, diceSeed }) => {
        const orders = ordersFor(state, orderSeed);
        const a = resolveScgTurn(state, orders, SeededDice.fromSeed(diceSeed));
        const rolls: number[] = [];
        const recording = SeededDice.fromSeed(diceSeed);
        const b = resolveScgTurn(state, orders, {
          get used() {
            return recording.used;
          },
          roll: () => {
            const d = recording.roll();
            rolls.push(d);
            return d;
          },
        });
        expect(b).toEqual(a);
        // The same rolls as a scripted list give the same result again (§19: exactly one result).
        expect(resolveScgTurn(state, orders, new ScriptedDice(rolls))).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });
});
