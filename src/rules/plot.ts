/**
 * Movement plots (rules-tactical.md §4, §10): `2L1`, `1L1R1`, `L3`, `3R`, `L`, `0`.
 * A number moves that many hexes forward; `L`/`R` turn one hexside; each hex
 * and each turn costs 1 SPEED; turns are never adjacent, also across a `0`.
 */
import type { Plot, PlotStep, Ship } from './types.ts';
import { err, ok, type Result, type RuleError } from './result.ts';

/** Longest plot text accepted: far above any legal SPEED, small enough to keep parsing cheap. */
const MAX_PLOT_LENGTH = 64;

/**
 * Parses a plot. Letters are case-insensitive, spaces are ignored, a run of
 * digits is one number (`11` is eleven hexes). `0` runs cost nothing and do not
 * separate turns; the parsed plot leaves them out.
 */
export function parsePlot(text: string): Result<Plot, RuleError> {
  const src = text.replace(/\s+/g, '').toUpperCase();
  if (src.length > MAX_PLOT_LENGTH) {
    return err({
      code: 'PLOT_TOO_LONG',
      message: `the plot is ${src.length} characters long; a plot has at most ${MAX_PLOT_LENGTH}`,
    });
  }
  const steps: PlotStep[] = [];
  let lastWasTurn = false;
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch >= '0' && ch <= '9') {
      let j = i;
      while (j < src.length && src[j]! >= '0' && src[j]! <= '9') j++;
      const n = Number(src.slice(i, j));
      if (n > 0) {
        steps.push({ kind: 'forward', hexes: n });
        lastWasTurn = false;
      }
      i = j;
    } else if (ch === 'L' || ch === 'R') {
      if (lastWasTurn) {
        return err({
          code: 'PLOT_ADJACENT_TURNS',
          message: `"${text.trim()}" has two turns in a row: move at least one hex forward between turns (e.g. ${formatTurns(steps, ch)})`,
        });
      }
      steps.push({ kind: 'turn', turn: ch });
      lastWasTurn = true;
      i += 1;
    } else {
      return err({
        code: 'PLOT_CHARACTER',
        message: `"${text.trim()}" is not a plot: "${ch}" is not allowed; write hexes forward as numbers and turns as L or R, e.g. 2L1`,
      });
    }
  }
  return ok(steps);
}

function formatTurns(steps: readonly PlotStep[], next: string): string {
  return `${formatPlot(steps)}1${next}`;
}

/** The canonical spelling of a plot: `2L1`, `L3`, `0` for no movement. */
export function formatPlot(plot: Plot): string {
  if (plot.length === 0) return '0';
  return plot.map((s) => (s.kind === 'forward' ? String(s.hexes) : s.turn)).join('');
}

/** What a plot costs in SPEED: one per hex forward and one per turn. */
export function plotCost(plot: Plot): number {
  return plot.reduce((sum, s) => sum + (s.kind === 'forward' ? s.hexes : 1), 0);
}

/** The straight plot `n` (the standing order's movement). */
export function straightPlot(speed: number): Plot {
  return speed > 0 ? [{ kind: 'forward', hexes: speed }] : [];
}

export interface SpeedRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The SPEEDs a ship may write this turn (§4): at most 1 from last turn's, never
 * below 0, never above current ENGINE; when damage has left ENGINE more than 1
 * below last SPEED, it drops straight to ENGINE. On its first turn: 0…ENGINE.
 */
export function speedRange(ship: Pick<Ship, 'speed' | 'engine'>): SpeedRange {
  if (ship.speed === null) return { min: 0, max: ship.engine };
  return {
    min: Math.min(Math.max(ship.speed - 1, 0), ship.engine),
    max: Math.min(ship.speed + 1, ship.engine),
  };
}

function describeRange(r: SpeedRange): string {
  return r.min === r.max ? `${r.min}` : `${r.min} to ${r.max}`;
}

/** Checks a SPEED against a ship's allowed range, with a message that says what is legal. */
export function checkSpeed(ship: Pick<Ship, 'id' | 'speed' | 'engine'>, speed: number): Result<number, RuleError> {
  const range = speedRange(ship);
  if (Number.isInteger(speed) && speed >= range.min && speed <= range.max) return ok(speed);
  const last = ship.speed === null ? 'first move' : `last SPEED ${ship.speed}`;
  return err({
    code: 'SPEED_NOT_ALLOWED',
    ship: ship.id,
    message: `SPEED ${speed} not allowed: ENGINE is ${ship.engine}, ${last} — choose ${describeRange(range)}`,
  });
}

/** Checks that a plot spends exactly the SPEED written (§4). */
export function checkPlotCost(shipId: string, speed: number, plot: Plot): Result<Plot, RuleError> {
  const cost = plotCost(plot);
  if (cost === speed) return ok(plot);
  const hint =
    speed === 0
      ? 'at SPEED 0 the plot is 0 (the ship stays)'
      : `a plot for SPEED ${speed} spends exactly ${speed}, e.g. ${formatPlot(straightPlot(speed))}`;
  return err({
    code: 'PLOT_COST',
    ship: shipId,
    message: `plot ${formatPlot(plot)} costs ${cost}, but SPEED is ${speed}: ${hint}`,
  });
}
