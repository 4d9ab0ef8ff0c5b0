/**
 * The fleet-strength chart: BP in play per side over the turns, one line per
 * side in its map colour with its map shape at every point, so the lines are
 * told apart without colour. The same numbers stand in a table beside it.
 */
import type { SideStrength } from '../../../reports/fleet-strength.ts';
import { shapeElement, sideStyleFor, xmlEscape } from '../../svg/side-styles.ts';

const WIDTH = 520;
const HEIGHT = 240;
const LEFT = 44;
const RIGHT = 16;
const TOP = 16;
const BOTTOM = 52;

export interface StrengthChartInput {
  readonly series: readonly SideStrength[];
  /** Side order of the game (for colours and shapes). */
  readonly sides: readonly string[];
  readonly sideName?: (side: string) => string;
  readonly idPrefix?: string;
}

export function renderStrengthChart(input: StrengthChartInput): string {
  const prefix = input.idPrefix ?? 'strength';
  const name = input.sideName ?? ((s: string) => s);
  const turns = Math.max(1, ...input.series.flatMap((s) => s.points.map((p) => p.turn)));
  const top = Math.max(5, ...input.series.flatMap((s) => s.points.map((p) => p.bp)));
  const x = (turn: number) => Math.round((LEFT + ((WIDTH - LEFT - RIGHT) * turn) / turns) * 10) / 10;
  const y = (bp: number) => Math.round((TOP + (HEIGHT - TOP - BOTTOM) * (1 - bp / top)) * 10) / 10;

  const grid: string[] = [];
  const step = niceStep(top);
  for (let v = 0; v <= top; v += step) {
    grid.push(
      `<line x1="${LEFT}" y1="${y(v)}" x2="${WIDTH - RIGHT}" y2="${y(v)}" class="grid"/><text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${v}</text>`,
    );
  }
  const tick = Math.max(1, Math.ceil(turns / 12));
  for (let t = 0; t <= turns; t += tick) {
    grid.push(`<text x="${x(t)}" y="${HEIGHT - BOTTOM + 16}" text-anchor="middle" class="axis">${t}</text>`);
  }
  grid.push(
    `<text x="${(LEFT + WIDTH - RIGHT) / 2}" y="${HEIGHT - BOTTOM + 32}" text-anchor="middle" class="axis">turn (0: start)</text>`,
  );

  // Sides with equal BP would hide each other's line: each is nudged a pixel or two apart.
  const nudge = (i: number) => (i - (input.series.length - 1) / 2) * 2.5;
  const lines = input.series.map((s, i) => {
    const style = sideStyleFor(input.sides, s.side, name);
    const points = s.points.map((p) => `${x(p.turn)},${y(p.bp) + nudge(i)}`).join(' ');
    const marks = s.points
      .map((p) => shapeElement(style.shape, x(p.turn), y(p.bp) + nudge(i), 4, style.colour))
      .join('');
    const summary = s.points.map((p) => `${p.turn}: ${p.bp}`).join(', ');
    return `<g class="series"><title>${xmlEscape(`${name(s.side)}: BP in play by turn — ${summary}`)}</title><polyline points="${points}" fill="none" stroke="${style.colour}" stroke-width="2.5"/>${marks}</g>`;
  });

  const legend = input.series.map((s, i) => {
    const style = sideStyleFor(input.sides, s.side, name);
    const lx = LEFT + i * 120;
    const ly = HEIGHT - 8;
    return `${shapeElement(style.shape, lx + 5, ly - 4, 5, style.colour)}<text x="${lx + 14}" y="${ly}" class="axis">${xmlEscape(name(s.side))}</text>`;
  });

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="strength-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${prefix}-title">`,
    `<title id="${prefix}-title">Fleet strength: BP in play per side, by turn</title>`,
    grid.join(''),
    lines.join(''),
    legend.join(''),
    `</svg>`,
  ].join('\n');
}

function niceStep(top: number): number {
  for (const s of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) if (top / s <= 6) return s;
  return Math.ceil(top / 6);
}
