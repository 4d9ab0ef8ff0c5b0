/**
 * A side's Simple Combat Game turn report as plain text (rules-scg.md §17.5):
 * what happened, the map with its legend, both scores, and — while the game
 * goes on — the order block for the next turn.
 */
import { scgOrderBlock } from '../orders/scg/format.ts';
import type { ScgTurnResult } from '../rules/scg/types.ts';
import { scgLegend, scgMap } from './scg-map.ts';
import { scgNarrative, scgNarrativeText } from './scg-narrative.ts';
import { wrapWords } from './wrap.ts';

export interface ScgReportContext {
  readonly gameId: string;
  readonly side: string;
  readonly width?: number;
}

export function scgTurnReport(result: ScgTurnResult, ctx: ScgReportContext): string {
  const width = ctx.width ?? 78;
  const s = result.state;
  const turn = s.turn - 1;
  const lines = [
    `Game ${ctx.gameId}, turn ${turn}: what happened`,
    '',
    ...scgNarrativeText(scgNarrative(result.events, s), width),
    '',
    `The board after turn ${turn}`,
    '',
    ...scgMap(s, { width }),
    '',
    ...scgLegend(s).flatMap((l) => wrapWords(l, width, '      ')),
    '',
    `Scores: ${s.sides.map((side) => `${side} ${result.scores[side] ?? 0}`).join(', ')}.`,
  ];
  if (!result.gameOver)
    lines.push('', ...scgOrderBlock(s, ctx.side, { gameId: ctx.gameId, turn: s.turn }).trimEnd().split('\n'));
  return `${lines.join('\n')}\n`;
}
