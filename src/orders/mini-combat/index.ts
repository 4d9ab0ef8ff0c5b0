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
