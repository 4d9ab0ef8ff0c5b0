/**
 * A Simple Combat Game side's orders checked in the browser: nothing is
 * hidden in this game (rules-scg.md §16), so the page gives its script the
 * state document itself, and the very parser and checks the service runs
 * (src/orders/scg) judge the text as it is typed. The service checks again on
 * submission.
 */
import { parseScgInput } from '../../../adjudicator/scg-json.ts';
import { parseScgSubmission } from '../../../orders/scg/parse.ts';
import { inLineOrder, type OrdersProblem } from '../../../orders/types.ts';
import { sightFrom, sightSummary, type SightLine } from '../../../rules/scg/sight.ts';

/** What a seat's page gives its script (JSON in the page). */
export interface ScgCheckData {
  readonly gameId: string;
  /** The turn open for orders. */
  readonly turn: number;
  readonly side: string;
  /** The state document as stored (rules-scg.md §18.7). */
  readonly state: unknown;
}

/** Every problem of the text, as the service would answer it; empty when it would be accepted. */
export function checkScgText(text: string, d: ScgCheckData): OrdersProblem[] {
  const read = parseScgInput(d.state, 'check');
  if (!read.ok) return [{ line: null, code: 'STATE', message: 'the page holds no readable game: reload it' }];
  const parsed = parseScgSubmission(text, { gameId: d.gameId, turn: d.turn, side: d.side, state: read.value.state });
  return parsed.ok ? [] : inLineOrder(parsed.errors);
}

/** What `unit` sees on the state document's board (rules-scg.md §3.2, §9.3) and its sentence; null if not in play. */
export function scgSight(state: unknown, unit: string): { lines: SightLine[]; summary: string } | null {
  const read = parseScgInput(state, 'check');
  if (!read.ok) return null;
  const lines = sightFrom(read.value.state, unit);
  return lines ? { lines, summary: sightSummary(unit, lines) } : null;
}
