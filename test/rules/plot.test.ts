/** rules-tactical.md §4 (speed and movement orders) and §10 (plots). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkPlotCost, checkSpeed, formatPlot, parsePlot, plotCost, speedRange } from '../../src/rules/plot.ts';
import type { Plot, PlotStep } from '../../src/rules/types.ts';

const plot = (text: string): Plot => {
  const r = parsePlot(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const code = (text: string): string | null => {
  const r = parsePlot(text);
  return r.ok ? null : r.error.code;
};

describe('§4 SPEED', () => {
  it('"It may change by at most 1 from last turn\'s SPEED, never goes below 0, and never exceeds the ship\'s current ENGINE."', () => {
    expect(speedRange({ speed: 2, engine: 5 })).toEqual({ min: 1, max: 3 });
    expect(speedRange({ speed: 0, engine: 5 })).toEqual({ min: 0, max: 1 });
    expect(speedRange({ speed: 3, engine: 3 })).toEqual({ min: 2, max: 3 });
    expect(checkSpeed({ id: 'a', speed: 2, engine: 5 }, 4).ok).toBe(false);
    expect(checkSpeed({ id: 'a', speed: 2, engine: 5 }, 3).ok).toBe(true);
  });

  it('Ruling: "when damage has left ENGINE more than 1 below last turn\'s SPEED, the new SPEED may (and must) drop straight to ENGINE"', () => {
    expect(speedRange({ speed: 4, engine: 1 })).toEqual({ min: 1, max: 1 });
    expect(speedRange({ speed: 5, engine: 0 })).toEqual({ min: 0, max: 0 });
    expect(checkSpeed({ id: 'a', speed: 4, engine: 1 }, 1).ok).toBe(true);
    expect(checkSpeed({ id: 'a', speed: 4, engine: 1 }, 3).ok).toBe(false);
  });

  it('"On a ship\'s first turn (it has no last SPEED) its SPEED is anything from 0 to its ENGINE"', () => {
    expect(speedRange({ speed: null, engine: 4 })).toEqual({ min: 0, max: 4 });
    expect(checkSpeed({ id: 'a', speed: null, engine: 4 }, 4).ok).toBe(true);
    expect(checkSpeed({ id: 'a', speed: null, engine: 4 }, 5).ok).toBe(false);
  });

  it('says what would be legal: "SPEED 4 not allowed: ENGINE is 3, last SPEED 2 — choose 1 to 3"', () => {
    const r = checkSpeed({ id: 'a', speed: 2, engine: 3 }, 4);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('SPEED_NOT_ALLOWED');
      expect(r.error.message).toBe('SPEED 4 not allowed: ENGINE is 3, last SPEED 2 — choose 1 to 3');
    }
  });
});

describe('§4 movement orders', () => {
  it('"A number n moves n hexes forward …; L turns one hexside counter-clockwise, R one hexside clockwise. Each hex forward and each turn costs 1 SPEED."', () => {
    expect(plotCost(plot('2L1'))).toBe(4);
    expect(plotCost(plot('1L1R1'))).toBe(5);
    expect(plotCost(plot('L3'))).toBe(4);
    expect(plotCost(plot('3R'))).toBe(4);
    expect(plotCost(plot('L'))).toBe(1);
    expect(plot('2L1')).toEqual([
      { kind: 'forward', hexes: 2 },
      { kind: 'turn', turn: 'L' },
      { kind: 'forward', hexes: 1 },
    ]);
  });

  it('"The costs must add up to exactly SPEED (a ship spends all of its SPEED)."', () => {
    expect(checkPlotCost('a', 4, plot('2L1')).ok).toBe(true);
    const short = checkPlotCost('a', 4, plot('2L'));
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.error.code).toBe('PLOT_COST');
    expect(checkPlotCost('a', 2, plot('2L1')).ok).toBe(false);
  });

  it('"Two turns may never be adjacent (LL, LR, RL, RR are illegal, also across a 0)"', () => {
    for (const p of ['LL', 'LR', 'RL', 'RR', '1LR1', 'L0R', '2R0L1']) expect(code(p)).toBe('PLOT_ADJACENT_TURNS');
  });

  it('"A turn may come first or last."', () => {
    expect(code('L3')).toBeNull();
    expect(code('3R')).toBeNull();
    expect(code('R1L')).toBeNull();
  });

  it('"SPEED 0: the order is empty (or 0); the ship stays." (§10: "0 or an empty plot only at SPEED 0")', () => {
    expect(plot('')).toEqual([]);
    expect(plot('0')).toEqual([]);
    expect(checkPlotCost('a', 0, plot('0')).ok).toBe(true);
    expect(checkPlotCost('a', 1, plot('0')).ok).toBe(false);
    expect(checkPlotCost('a', 2, plot('')).ok).toBe(false);
  });

  it('§10: "a run of digits is one number (11 is eleven hexes); letters are case-insensitive; spaces are ignored"', () => {
    expect(plot('11')).toEqual([{ kind: 'forward', hexes: 11 }]);
    expect(plotCost(plot('11'))).toBe(11);
    expect(plot('2l1')).toEqual(plot('2L1'));
    expect(plot(' 2 L 1 ')).toEqual(plot('2L1'));
  });

  it('rejects anything else with a coded error', () => {
    for (const p of ['2X1', '2-1', '½', 'F2']) expect(code(p)).toBe('PLOT_CHARACTER');
    expect(code('1'.repeat(65))).toBe('PLOT_TOO_LONG');
  });
});

/** A legal plot: runs of 1–3 hexes and single turns, never two turns in a row. */
const legalPlot: fc.Arbitrary<PlotStep[]> = fc
  .array(
    fc.oneof(
      fc.integer({ min: 1, max: 3 }).map((n): PlotStep => ({ kind: 'forward', hexes: n })),
      fc.constantFrom<PlotStep>({ kind: 'turn', turn: 'L' }, { kind: 'turn', turn: 'R' }),
    ),
    { maxLength: 8 },
  )
  .map((steps) => {
    const out: PlotStep[] = [];
    for (const s of steps) {
      const last = out.at(-1);
      if (s.kind === 'turn' && last?.kind === 'turn') out.push({ kind: 'forward', hexes: 1 });
      if (s.kind === 'forward' && last?.kind === 'forward')
        out[out.length - 1] = { kind: 'forward', hexes: last.hexes + s.hexes };
      else out.push(s);
    }
    return out;
  });

describe('plot properties', () => {
  it('plots built from legal sequences parse, cost their SPEED and print back the same', () => {
    fc.assert(
      fc.property(legalPlot, (steps) => {
        const speed = steps.reduce((n, s) => n + (s.kind === 'forward' ? s.hexes : 1), 0);
        const text = formatPlot(steps);
        const parsed = parsePlot(text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value).toEqual(steps);
        expect(plotCost(parsed.value)).toBe(speed);
        expect(checkPlotCost('x', speed, parsed.value).ok).toBe(true);
      }),
    );
  });

  it('random text never throws: it parses or returns a coded error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9LRlr \t0]{0,20}$/)), (text) => {
        const r = parsePlot(text);
        if (r.ok) expect(parsePlot(formatPlot(r.value))).toEqual(r);
        else expect(r.error.code).toMatch(/^PLOT_[A-Z_]+$/);
      }),
      { numRuns: 2000 },
    );
  });
});
