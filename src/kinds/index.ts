/**
 * The game kinds the service plays, by ruleset. The turn queue, mail, pages
 * and archive reach a game's rules only through `kindOf`.
 */
import type { AnyGameKind, Ruleset } from './kind.ts';
import { strategicKind } from './strategic/index.ts';
import { tacticalKind } from './tactical/index.ts';

const KINDS: Partial<Record<Ruleset, AnyGameKind>> = {
  'msc-tactical': tacticalKind,
  'msc-strategic': strategicKind,
};

/** The kind a game is played by. A ruleset with no kind is a bug (the database only stores known ones). */
export function kindOf(ruleset: Ruleset): AnyGameKind {
  const kind = KINDS[ruleset];
  if (!kind) throw new Error(`no game kind plays ruleset ${ruleset}`);
  return kind;
}

export { RULESETS, type AnyGameKind, type GameKind, type Ruleset } from './kind.ts';
