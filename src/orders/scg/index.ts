/** The Simple Combat Game's orders language (rules-scg.md §17). */
export {
  parseScgSubmission,
  SCG_KEYWORDS,
  SCG_ORDERS_CODES,
  type ParsedScgSubmission,
  type ScgOrdersContext,
  type ScgParseOutcome,
} from './parse.ts';
export { formatScgOrders, moveWords, scgOrderBlock, type ScgTextContext } from './format.ts';
