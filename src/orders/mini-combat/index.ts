/** The Mini Combat languages (rules-mini-combat.md §19, §21). */
export {
  DESIGN_SYNTAX,
  parseMiniSetup,
  SETUP_CODES,
  setupUnitsOf,
  UNIT_SYNTAX,
  type MiniSetup,
  type MiniSetupContext,
  type MiniSetupOutcome,
  type NamedDesign,
  type ParsedMiniSetup,
  type SetupUnitLine,
} from './setup.ts';
export { designLine, formatMiniSetup, unitLine } from './format.ts';
export { RESERVED_WORDS, SETUP_KEYWORDS } from './words.ts';
export {
  CLAUSE_KEYWORDS,
  ORDER_KEYWORDS,
  ORDERS_CODES,
  parseMiniOrders,
  PATH_SYNTAX,
  UNIT_SYNTAX as ORDERS_UNIT_SYNTAX,
  type MiniOrdersContext,
  type MiniOrdersOutcome,
  type ParsedMiniOrders,
} from './orders.ts';
export { formatMiniOrders, miniOrderBlock, unitOrderLines, type MiniTextContext } from './orders-format.ts';
