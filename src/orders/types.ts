/**
 * What every kind's orders language shares (service.md "The orders language"):
 * the commands and settings a submission may carry, the lines it may open with
 * besides a kind's own order lines, a problem's shape, and the limits that keep
 * hostile input cheap. A kind's own vocabulary is in its own module (the
 * tactical SHIP lines: ship-types.ts).
 */
/**
 * Commands that ask the service for something rather than order a piece. `HOLD` (or `NO ORDERS`) alone says the side
 * has nothing to change this turn: its standing orders stand, and it counts as the side's orders.
 */
export const COMMANDS = ['HELP', 'STATUS', 'ORDERS', 'CONCEDE', 'HOLD', 'HISTORY'] as const;

/**
 * `HISTORY` (the last few turns' reports), `HISTORY <turn>`, `HISTORY <from>-<to>`: the seat's own past reports, as
 * its side received them, in one mail. `HISTORY` alone is the command `HISTORY`; a turn or a range is read as
 * `HISTORY <from>-<to>` (`HISTORY 4` is `HISTORY 4-4`).
 */
export type HistoryCommand = `HISTORY ${number}-${number}`;

/** Past reports one HISTORY mail holds at most; `HISTORY` alone sends the last HISTORY_RECENT. */
export const HISTORY_MAX_TURNS = 10;
export const HISTORY_RECENT = 3;

/** The turns a HISTORY command asks for, given the turn now open (null: it is no HISTORY command). */
export function historyRange(command: string, openTurn: number): { from: number; to: number } | null {
  if (command === 'HISTORY') return { from: Math.max(1, openTurn - HISTORY_RECENT + 1), to: openTurn };
  const m = /^HISTORY (\d+)-(\d+)$/.exec(command);
  return m ? { from: Number(m[1]), to: Number(m[2]) } : null;
}

/** The widths of a text turn report a player may choose (`SET WIDTH 100`): 78 is the default. */
export const REPORT_WIDTH_CHOICES = [78, 100] as const;
export type ReportWidthChoice = (typeof REPORT_WIDTH_CHOICES)[number];

/** Where a seat's turn reports go: by mail too (the default), or on the web only. */
export const REPORT_CHANNELS = ['MAIL', 'WEB'] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

/**
 * A seat's absence (`SET ABSENCE 2026-12-20 TO 2026-12-28`, or one day: `SET ABSENCE 2026-12-20`), read as
 * `SET ABSENCE <first day> TO <last day>`; `SET ABSENCE NONE` cancels the seat's absences not yet over.
 */
export type AbsenceCommand = `SET ABSENCE ${string} TO ${string}` | 'SET ABSENCE NONE';

/** The days of an absence command; null for SET ABSENCE NONE or another command. */
export function absenceDays(command: string): { first: string; last: string } | null {
  const m = /^SET ABSENCE (\d{4}-\d{2}-\d{2}) TO (\d{4}-\d{2}-\d{2})$/.exec(command);
  return m ? { first: m[1]!, last: m[2]! } : null;
}

/**
 * The `to` of press, `MESSAGE ALL` (a message to every other seat); `MESSAGE ALL ANONYMOUS` is grey press, whose
 * recipients are not told who sent it. A side whose id is `all` is reached by its name, never by `ALL`.
 */
export const PRESS_TO = 'ALL';
export const ANONYMOUS_WORD = 'ANONYMOUS';

/** A MESSAGE as read: to one side, or to all (press), anonymous or not. */
export interface MessageOrder {
  readonly to: string;
  readonly text: string;
  /** Grey press: `MESSAGE ALL ANONYMOUS`. */
  readonly anonymous?: boolean;
}

/**
 * What a seat's turn report mails hold: the text (and HTML) report alone (the default), or that and the seat's view of
 * the game as JSON — the document the API gives the seat — attached (`SET REPORT JSON`).
 */
export const REPORT_FORMATS = ['TEXT', 'JSON'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A player's setting, kept with the seat: `SET WIDTH 100`, `SET REPORTS WEB`, `SET REPORT JSON`, `SET ABSENCE …`. */
export type SetCommand =
  `SET WIDTH ${ReportWidthChoice}` | `SET REPORTS ${ReportChannel}` | `SET REPORT ${ReportFormat}` | AbsenceCommand;

/**
 * `CONCEDE <game id>`: the side concedes. `CONCEDE` alone (the command `CONCEDE`) concedes nothing: it is answered with
 * what to send to confirm, so that no stray word gives a game up.
 */
export type ConcedeCommand = 'CONCEDE CONFIRMED';

export type Command = (typeof COMMANDS)[number] | SetCommand | ConcedeCommand | HistoryCommand;

/** Words that open a line in every kind's language; a kind's own order lines add theirs after PASSWORD. */
export const SHELL_KEYWORDS = ['GAME', 'TURN', 'PASSWORD', ...COMMANDS, 'SET', 'MESSAGE', 'END'] as const;

/** A source line that was understood, for echoing back what the service read. */
export interface UnderstoodLine {
  /** 1-based line number in the text as sent. */
  line: number;
  /** The line as read (spacing tidied, comments dropped; a password is masked). */
  text: string;
  ship?: string;
}

/** A problem with a submission: where (1-based line, null for the whole text), a stable code, and how to fix it. */
export interface OrdersProblem {
  line: number | null;
  code: string;
  message: string;
  ship?: string;
}

/**
 * Problems in the order of the lines they concern, whichever check found each (a line's reading, the rules' checks
 * of builds, moves, standing orders …), those of one line as they were found; those of the whole text (no line) after.
 */
export function inLineOrder<P extends { readonly line?: number | null }>(problems: readonly P[]): P[] {
  const at = (p: P) => p.line ?? Number.POSITIVE_INFINITY;
  return [...problems].sort((a, b) => at(a) - at(b));
}

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
