/** The orders language: one module for mail bodies and web forms alike (service.md "The orders language"). */
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
  LINE_KEYWORDS,
  ORDERS_CODES,
  SHIP_CLAUSES,
  type Command,
  type OrdersCode,
  type OrdersContext,
  type OrdersProblem,
  type ParseOutcome,
  type ParsedSubmission,
  type ShipClause,
  type UnderstoodLine,
} from './types.ts';
