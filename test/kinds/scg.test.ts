/**
 * The scg kind (rules-scg.md §18.7) beyond what the conformance suite plays: who must order, concession, standing
 * orders for a side that sent none, an order made illegal by a moderator's change, the score of a game ended early,
 * and the report within 78 columns.
 */
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../src/kinds/index.ts';
import type { GameKind } from '../../src/kinds/kind.ts';
import { ScriptedDice } from '../../src/rules/dice.ts';
import { COMBINED_ARMS, TANK_BATTLE, WORKED_EXAMPLE } from '../../src/rules/scg/scenarios.ts';
import type { ScgSideOrders, ScgState } from '../../src/rules/scg/types.ts';

const kind = kindOf('scg') as unknown as GameKind<ScgState, ScgSideOrders>;
const seats = (conceded: string | null = null) =>
  ['west', 'east'].map((side) => ({ side, concededAt: side === conceded ? new Date(0) : null }));
const parse = (state: ScgState, side: string, text: string) => {
  const r = kind.parseSubmission(`GAME g TURN ${state.turn}\n${text}\nEND\n`, {
    gameId: 'g',
    turn: state.turn,
    side,
    state,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.orders;
};

describe('the scg kind', () => {
  it('§18.7 "sidesThatMustOrder: both sides while neither has conceded and both have a unit in play"', () => {
    expect(kind.sidesThatMustOrder(TANK_BATTLE, seats())).toEqual(['west', 'east']);
    expect(kind.sidesThatMustOrder(kind.concede(TANK_BATTLE, 'east'), seats('east'))).toEqual([]);
    const eastGone: ScgState = {
      ...TANK_BATTLE,
      units: TANK_BATTLE.units.map((u) => (u.side === 'east' ? { ...u, status: 'destroyed' } : u)),
    };
    expect(kind.sidesThatMustOrder(eastGone, seats())).toEqual([]);
    expect(kind.sidesInPlay(eastGone)).toEqual(['west']);
  });

  it('§13 rule 1: "A turn resolved with a conceded side ends the game before anything is rolled or moved"', () => {
    const dice = new ScriptedDice([]);
    const r = kind.resolve({
      state: kind.concede(TANK_BATTLE, 'west'),
      orders: new Map(),
      missing: [],
      noOrders: 'standing',
      dice,
    });
    expect(r.ok && r.value).toMatchObject({ gameOver: true, winner: 'east', reason: 'concession' });
    expect(dice.used).toBe(0);
  });

  it('§17.6: "A side that sent no orders for the turn gets standing orders … (the same as an empty submission)"', () => {
    const orders = new Map([['west', parse(WORKED_EXAMPLE, 'west', 'MOVE WM HOLD\nMOVE WL TOWARD EH WITHIN 3')]]);
    const dice = new ScriptedDice([3, 5, 4, 6, 2, 5, 6, 6, 3, 4, 5, 6, 6, 6]);
    const r = kind.resolve({ state: WORKED_EXAMPLE, orders, missing: ['east'], noOrders: 'standing', dice });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.ordersUsed).toMatchObject({
      west: {
        source: 'orders',
        move: [
          { unit: 'WM', hold: true },
          { unit: 'WL', toward: 'EH', within: 3 },
        ],
      },
      east: { source: 'standing', move: [], fire: [] },
    });
    // East's EH held (standing orders): its move event stops with `hold`.
    expect(r.value.events).toContainEqual(expect.objectContaining({ type: 'move', unit: 'EH', stop: 'hold' }));
    expect(kind.writeState(r.value.state)).toMatchObject({ turn: 2 });
  });

  it("an order a moderator's change made illegal is dropped; its unit follows the standing orders", () => {
    const orders = new Map([['west', parse(WORKED_EXAMPLE, 'west', 'MOVE WM NE\nMOVE WL HOLD')]]);
    const changed: ScgState = {
      ...WORKED_EXAMPLE,
      units: WORKED_EXAMPLE.units.map((u) => (u.id === 'WM' ? { ...u, status: 'destroyed' } : u)),
    };
    const r = kind.resolve({
      state: changed,
      orders,
      missing: ['east'],
      noOrders: 'standing',
      // West 5, east 3: west has the initiative; every other die a 4.
      dice: new ScriptedDice([5, 3, ...Array.from({ length: 40 }, () => 4)]),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.dropped.map((d) => [d.code, d.ship])).toEqual([['UNIT_NOT_IN_PLAY', 'WM']]);
    expect(r.value.ordersUsed).toMatchObject({ west: { source: 'orders', move: [{ unit: 'WL', hold: true }] } });
  });

  it('§13 rule 5: "A moderator who ends a game early scores it as rule 3 does"', () => {
    expect(kind.scoreNow(TANK_BATTLE, 3)).toEqual({ winner: 'draw', scores: { west: 0, east: 0 } });
    const hurt: ScgState = {
      ...TANK_BATTLE,
      // A Medium Tank (15 points, DC 4) with 2 damage: floor(15 × 2 / 4) = 7 for west.
      units: TANK_BATTLE.units.map((u) => (u.id === 'EM' ? { ...u, damage: 2 } : u)),
    };
    expect(kind.scoreNow(hurt, 3)).toEqual({ winner: 'west', scores: { west: 7, east: 0 } });
  });

  it('§17.5: the report and its order block fit 78 columns; with orders in, the block starts from them', () => {
    const current = parse(COMBINED_ARMS, 'west', 'MOVE WS TOWARD NEAREST WITHIN 2 HALT 3\nFIRE WA AT EA EH HOLD');
    const report = kind.report({
      game: { id: 'scg-long-game-name', name: 'Combined' },
      turn: 1,
      state: COMBINED_ARMS,
      history: [],
      deadline: null,
      reader: { kind: 'seat', side: 'west', timeZone: 'UTC', currentOrders: current },
      sideName: (s) => s,
      seedCommitment: null,
    });
    const lines = [report.diagram, report.orderBlock ?? '', ...(report.sheets ?? []).flatMap((s) => s.lines)]
      .join('\n')
      .split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(78);
    expect(report.orderBlock).toMatch(/^# WH at 0207, MA 3, damage 0\/6: EH 17\/- LOS;/m);
    expect(report.orderBlock).toContain('MOVE WS TOWARD NEAREST WITHIN 2 HALT 3');
    expect(report.orderBlock).not.toContain('MOVE WH HOLD');
    expect(report.sheets?.[0]?.lines.at(-1)).toBe('Scores: west 0, east 0.');
  });

  it('ruling: the state after the last turn ("turn + 1, also when the game is over", §18.2) reads back, though §18.1 wants turnLimit ≥ turn', () => {
    const last: ScgState = { ...TANK_BATTLE, turn: 2, turnLimit: 2 };
    const r = kind.resolve({
      state: last,
      orders: new Map(),
      missing: ['west', 'east'],
      noOrders: 'standing',
      dice: new ScriptedDice([5, 3, ...Array.from({ length: 60 }, () => 4)]),
    });
    expect(r.ok && r.value).toMatchObject({ gameOver: true, reason: 'turn-limit' });
    if (!r.ok) return;
    const stored = kind.writeState(r.value.state);
    expect(stored).toMatchObject({ turn: 3, turnLimit: 2 });
    expect(kind.writeState(kind.readState(stored))).toEqual(stored);
    expect(kind.replay.stateSchema.safeParse(stored).success).toBe(true);
    // Any other turn past the limit is still a damaged document.
    expect(() => kind.readState({ ...(stored as object), turn: 4 })).toThrow(/damaged/);
  });
});
