/**
 * The game kinds' pages, by ruleset: the web's side of the registry in
 * src/kinds/index.ts. Every ruleset must have its pages here (a compile error
 * otherwise); a new kind is one line.
 */
import type { Ruleset } from '../../kinds/index.ts';
import { miniPages } from './mini-combat/index.ts';
import { strategicPages } from './msc-strategic/index.ts';
import { tacticalPages } from './msc-tactical/index.ts';
import { scgPages } from './scg/index.ts';
import type { WebKind } from './web-kind.ts';

const WEB_KINDS: { readonly [R in Ruleset]: WebKind } = {
  'msc-tactical': tacticalPages,
  'msc-strategic': strategicPages,
  scg: scgPages,
  'mini-combat': miniPages,
};

/** The pages of a game's kind. */
export const webKindOf = (ruleset: Ruleset): WebKind => WEB_KINDS[ruleset];

/** The paths of every kind's own forms (`WebKind.forms`), each with whether some kind sends orders through it. */
export function kindFormPaths(): ReadonlyMap<string, { readonly orders: boolean }> {
  const paths = new Map<string, { orders: boolean }>();
  for (const kind of Object.values<WebKind>(WEB_KINDS))
    for (const form of kind.forms)
      paths.set(form.path, { orders: (paths.get(form.path)?.orders ?? false) || form.orders });
  return paths;
}

export type { FormAnswer, KindForm, KindPage, KindSection, WebKind } from './web-kind.ts';
