/**
 * The orders language's vocabulary (service.md "The orders language"): what a
 * submission may say, what parsing it yields, and the limits that keep hostile
 * input cheap.
 */
import type { Position, ShipOrders } from '../rules/types.ts';

/** Commands that ask the service for something rather than order a ship. */
export const COMMANDS = ['HELP', 'STATUS', 'ORDERS', 'CONCEDE'] as const;

/** The widths of a text turn report a player may choose (`SET WIDTH 100`): 78 is the default. */
export const REPORT_WIDTH_CHOICES = [78, 100] as const;
export type ReportWidthChoice = (typeof REPORT_WIDTH_CHOICES)[number];

/** A player's setting, kept with the seat: `SET WIDTH 100`. */
export type SetCommand = `SET WIDTH ${ReportWidthChoice}`;

export type Command = (typeof COMMANDS)[number] | SetCommand;

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

/** A source line that was understood, for echoing back what the service read. */
export interface UnderstoodLine {
  /** 1-based line number in the text as sent. */
  line: number;
  /** The line as read (spacing tidied, comments dropped; a password is masked). */
  text: string;
  ship?: string;
}

export interface ParsedSubmission {
  gameId: string | null;
  turn: number | null;
  /** The seat's secret from a PASSWORD line: for checking only, never to be echoed. */
  password: string | null;
  commands: Command[];
  message: { to: string; text: string } | null;
  orders: Map<string, ShipOrders>;
  lines: UnderstoodLine[];
  /**
   * What the service did with the text that the player should know: a greeting or sign-off skipped, orders read
   * from the quoted report. Said in the answer; empty when the text was read as written.
   */
  notes: string[];
}

/** A problem with a submission: where (1-based line, null for the whole text), a stable code, and how to fix it. */
export interface OrdersProblem {
  line: number | null;
  code: string;
  message: string;
  ship?: string;
}

export type ParseOutcome =
  { ok: true; value: ParsedSubmission } | { ok: false; errors: OrdersProblem[]; partial: ParsedSubmission };

/**
 * Limits on what is examined. A real submission is a few dozen lines; a reply
 * quoting a long report stays well inside these. Beyond them the text is
 * rejected with a coded error rather than read on.
 */
export const LIMITS = {
  /** Characters of a body examined. */
  textChars: 256 * 1024,
  /** Lines of a body examined (quoted ones included). */
  lines: 10_000,
  /** Characters of one command line. */
  lineChars: 1_000,
  /** Characters of a relayed message. */
  messageChars: 10_000,
  /** Problems listed before the rest are summarised. */
  errors: 100,
} as const;

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
] as const;
export type OrdersCode = (typeof ORDERS_CODES)[number];
