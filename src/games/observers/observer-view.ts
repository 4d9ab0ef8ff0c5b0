/**
 * What an observer of a game may read while it runs (issue 26, njudge OBSERVE): only what the public may see, never
 * a side's secrets, never orders before their turn resolves, never the dice seed before the end.
 *
 * - A kind without hidden information (no `viewFor`: the tactical battle, SCG) has a neutral report: each turn's
 *   report as a moderator reads it (every side's records, the whole map), without an order block. The orders of a
 *   turn reach observers only in the report after it, as the turn's events tell them.
 * - A kind with hidden information shows its observers, by default (`end`), a word that each turn resolved and
 *   nothing of the turn; the whole game (the end report, the archive) once it is over. Where its rules say what every
 *   side knows alike (`GameKind.neutralReport`: Mini Combat's elements every side sees and events every side was
 *   shown), its creator may choose `neutral`. A campaign has none: its sides' views share the map and little else
 *   that can be told apart from what one side learnt alone (a battle's fleets, a contact), so creating one with
 *   `observerView: "neutral"` is refused (OBSERVER_VIEW_UNAVAILABLE).
 */
import type { Game } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import type { AnyGameKind, ReportInput, TurnReportView } from '../../kinds/kind.ts';
import { badRequest } from '../errors.ts';
import { settingsOf } from '../games/state.ts';
import type { GameSettings } from '../games/settings.ts';

export type ObserverView = 'neutral' | 'end';

/**
 * Whether the kind can draw a report for observers while a game runs: a kind without hidden information, or one
 * whose rules say what every side knows alike (`neutralReport`).
 */
export function hasNeutralReport(kind: AnyGameKind): boolean {
  return kind.viewFor === undefined || kind.neutralReport !== undefined;
}

/**
 * The view a game's observers get: the one its creator chose, else the kind's default — `neutral` for a kind without
 * hidden information, `end` for one with it (its neutral view, where it has one, is for its creator to choose).
 */
export function observerViewOf(game: Pick<Game, 'ruleset' | 'settings'>): ObserverView {
  return settingsOf(game).observerView ?? (kindOf(game.ruleset).viewFor === undefined ? 'neutral' : 'end');
}

/** OBSERVER_VIEW_UNAVAILABLE (400) when the settings ask for a neutral view the kind cannot give. */
export function checkObserverView(kind: AnyGameKind, settings: Pick<GameSettings, 'observerView'>): void {
  if (settings.observerView === 'neutral' && !hasNeutralReport(kind))
    throw badRequest(
      'OBSERVER_VIEW_UNAVAILABLE',
      `a ${kind.title} has hidden information and no view every side shares: its observers see the whole game once it is over (observerView "end")`,
      [{ code: 'OBSERVER_VIEW_UNAVAILABLE', message: 'observerView: give "end", or leave it out' }],
    );
}

/**
 * The observers' report of the turn `input` describes, or null when the game's observers are shown nothing of its
 * turns while it runs (`end`). It is the kind's report for a reader who is no seat, without an order block.
 */
export function observerReport(
  game: Pick<Game, 'ruleset' | 'settings'>,
  input: Omit<ReportInput<unknown, unknown>, 'reader'>,
): TurnReportView | null {
  const kind = kindOf(game.ruleset);
  if (observerViewOf(game) !== 'neutral' || !hasNeutralReport(kind)) return null;
  // A kind with hidden information: only what every side knows alike; without it, the report a moderator reads.
  const view = kind.viewFor
    ? kind.neutralReport!(input)
    : kind.report({ ...input, reader: { kind: 'observer', timeZone: 'UTC' } });
  return { ...view, orderBlock: null, noOrdersReason: null };
}
