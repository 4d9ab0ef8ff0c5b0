/**
 * The game kinds the service plays, by ruleset: the one registry. The turn queue, mail, pages and archive reach a
 * game's rules only through `kindOf`; the rulesets a game may have (`RULESETS`, the database's `ruleset` column, the
 * API's and the CLI's choices) are this registry's keys. A new kind is one line here (and its presentation's one line
 * in src/web/kinds/index.ts).
 */
import type { AnyGameKind } from './kind.ts';
import { miniCombatKind } from './mini-combat/index.ts';
import { strategicKind } from './strategic/index.ts';
import { scgKind } from './scg/index.ts';
import { tacticalKind } from './tactical/index.ts';

const KINDS = {
  'msc-tactical': tacticalKind,
  'msc-strategic': strategicKind,
  scg: scgKind,
  'mini-combat': miniCombatKind,
} as const satisfies Record<string, AnyGameKind>;

/** The rulesets the service plays, as stored on each game. */
export type Ruleset = keyof typeof KINDS;

/** Every ruleset, in the registry's order; the first is the default of a new game. */
export const RULESETS = Object.keys(KINDS) as [Ruleset, ...Ruleset[]];

/** The kind a new game is of when its creator names none. */
export const DEFAULT_RULESET: Ruleset = RULESETS[0];

/** The kind a game is played by. */
export function kindOf(ruleset: Ruleset): AnyGameKind {
  return KINDS[ruleset];
}

/** Whether a stored or requested name is a ruleset the service plays. */
export const isRuleset = (name: string): name is Ruleset => Object.hasOwn(KINDS, name);

export type { AnyGameKind, GameKind } from './kind.ts';
