/** The fleet-strength chart: one line per side, in its colour and with its shape at every point. */
import { describe, expect, it } from 'vitest';
import { renderStrengthChart } from '../../../src/web/kinds/msc-tactical/strength-chart.ts';

describe('renderStrengthChart', () => {
  it('draws a polyline per side through every turn, with a title listing the numbers', () => {
    const svg = renderStrengthChart({
      sides: ['red', 'blue'],
      sideName: (s) => (s === 'red' ? 'Red <fleet>' : 'Blue'),
      series: [
        {
          side: 'red',
          points: [
            { turn: 0, bp: 45 },
            { turn: 1, bp: 45 },
            { turn: 2, bp: 30 },
          ],
        },
        {
          side: 'blue',
          points: [
            { turn: 0, bp: 45 },
            { turn: 1, bp: 30 },
            { turn: 2, bp: 15 },
          ],
        },
      ],
    });
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    // Sides named after a colour are drawn in it: red in the palette's vermillion, blue in its blue.
    expect(svg).toMatch(/<title>Red &lt;fleet&gt;[^<]*<\/title><polyline [^>]*stroke="#D55E00"/);
    expect(svg).toMatch(/<title>Blue: [^<]*<\/title><polyline [^>]*stroke="#0072B2"/);
    expect(svg).toContain('<title>Blue: BP in play by turn — 0: 45, 1: 30, 2: 15</title>');
    expect(svg).toContain('Red &lt;fleet&gt;');
    expect(svg).not.toContain('<fleet>');
  });
});
