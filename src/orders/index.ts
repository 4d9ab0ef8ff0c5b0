/**
 * The tactical orders language: one module for mail bodies and web forms alike (service.md "The orders language");
 * the shell every kind's language shares is submission.ts and types.ts.
 */
export { parseSubmission, MASKED_PASSWORD } from './parse.ts';
export { formatOrders, formatShipOrders, orderBlock, suggestedSpeed } from './format.ts';
export {
  cleanBody,
  quotedOrderBlock,
  isReplyHeader,
  isQuoted,
  normalizeSpacing,
  type BodyLine,
  type CleanBody,
} from './clean.ts';
export {
  COMMANDS,
  REPORT_WIDTH_CHOICES,
  type ReportWidthChoice,
  LIMITS,
  SHELL_KEYWORDS,
  type Command,
  type HistoryCommand,
  HISTORY_MAX_TURNS,
  HISTORY_RECENT,
  historyRange,
  absenceDays,
  PRESS_TO,
  ANONYMOUS_WORD,
  type MessageOrder,
  type AbsenceCommand,
  inLineOrder,
  type OrdersProblem,
  type UnderstoodLine,
} from './types.ts';
export {
  LINE_KEYWORDS,
  ORDERS_CODES,
  SHIP_CLAUSES,
  type OrdersCode,
  type OrdersContext,
  type ParseOutcome,
  type ParsedSubmission,
  type ShipClause,
} from './ship-types.ts';
