/**
 * The tactical orders language's own vocabulary: the SHIP line and its clauses,
 * what a submission is checked against (the position) and what parsing one
 * yields, and every code it reports.
 */
import type { Position, ShipOrders } from '../rules/types.ts';
import { COMMANDS, type Command, type MessageOrder, type OrdersProblem, type UnderstoodLine } from './types.ts';

/** Words that may open a line. */
export const LINE_KEYWORDS = ['GAME', 'TURN', 'PASSWORD', 'SHIP', ...COMMANDS, 'SET', 'MESSAGE', 'END'] as const;

/** Words that may follow `SHIP <id>` on its line, in any order, each once. */
export const SHIP_CLAUSES = ['SPEED', 'MOVE', 'FIRE', 'HOLD'] as const;
export type ShipClause = (typeof SHIP_CLAUSES)[number];

/** What a submission is checked against: the seat that sent it and the game as it stands. */
export interface OrdersContext {
  readonly gameId: string;
  /** The turn now open for orders. */
  readonly turn: number;
  /** The seat's side. */
  readonly side: string;
  readonly position: Position;
}

export interface ParsedSubmission {
  gameId: string | null;
  turn: number | null;
  /** The seat's secret from a PASSWORD line: for checking only, never to be echoed. */
  password: string | null;
  commands: Command[];
  message: MessageOrder | null;
  orders: Map<string, ShipOrders>;
  lines: UnderstoodLine[];
  /**
   * What the service did with the text that the player should know: a greeting or sign-off skipped, orders read
   * from the quoted report. Said in the answer; empty when the text was read as written.
   */
  notes: string[];
}

export type ParseOutcome =
  { ok: true; value: ParsedSubmission } | { ok: false; errors: OrdersProblem[]; partial: ParsedSubmission };

/**
 * Every code this module reports itself. Codes from src/rules (SPEED_NOT_ALLOWED,
 * PLOT_*, FIRE_*, SHIP_NOT_IN_PLAY) pass through unchanged.
 */
export const ORDERS_CODES = [
  'TEXT_TOO_LONG',
  'TOO_MANY_LINES',
  'LINE_TOO_LONG',
  'TOO_MANY_ERRORS',
  'EMPTY',
  'UNKNOWN_KEYWORD',
  'CLAUSE_WITHOUT_SHIP',
  'EXTRA_WORDS',
  'GAME_ID_MISSING',
  'WRONG_GAME',
  'TURN_NOT_NUMBER',
  'WRONG_TURN',
  'PASSWORD_MISSING',
  'PASSWORD_TWICE',
  'SHIP_ID_MISSING',
  'UNKNOWN_SHIP',
  'SHIP_NOT_YOURS',
  'SHIP_TWICE',
  'CLAUSE_TWICE',
  'SPEED_MISSING',
  'SPEED_NOT_NUMBER',
  'MOVE_MISSING',
  'PLOT_MISSING',
  'FIRE_NO_TARGETS',
  'MESSAGE_NO_SIDE',
  'MESSAGE_UNKNOWN_SIDE',
  'MESSAGE_OWN_SIDE',
  'MESSAGE_EMPTY',
  'MESSAGE_TOO_LONG',
  'MESSAGE_TWICE',
  'QUOTED_UNCHANGED',
  'SET_UNKNOWN',
  'SET_WIDTH',
  'SET_REPORTS',
  'SET_ABSENCE',
  'ABSENCE_DATE',
  'ABSENCE_BACKWARDS',
  'SET_REPORT',
  'HISTORY_TURN',
  'HISTORY_RANGE',
] as const;
export type OrdersCode = (typeof ORDERS_CODES)[number];
