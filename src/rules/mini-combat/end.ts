/**
 * The end of the game (rules-mini-combat.md §20.2–§20.4): checked at the
 * resolution phase in the order §20.4 gives — a side annihilated, then the
 * battle's objectives, then the turn limit — and a concession, which ends the
 * game before the turn is played. Scores and control come from victory.ts.
 */
import type { MiniEvent } from './battlefield.ts';
import type { MiniPosition } from './types.ts';
import { inPlay, objectives, scores } from './victory.ts';

export const END_REASONS = ['annihilated', 'points', 'objectives', 'turn-limit', 'conceded'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** How the game ended: a side or `"draw"`, and why (§22.2). */
export interface GameEnd {
  readonly winner: string;
  readonly reason: EndReason;
}

type Standing = Pick<MiniPosition, 'sides' | 'units' | 'battle' | 'turnLimit' | 'conceded'>;

const other = (p: Pick<MiniPosition, 'sides'>, side: string) => (p.sides[0] === side ? p.sides[1] : p.sides[0]);

/** One side loses: the other wins; both: a draw. */
function loser(p: Pick<MiniPosition, 'sides'>, losing: readonly string[], reason: EndReason): GameEnd | null {
  if (losing.length === 0) return null;
  return { winner: losing.length > 1 ? 'draw' : other(p, losing[0]!), reason };
}

/** The higher score wins; equal scores are a draw. */
function higherScore(p: Pick<MiniPosition, 'sides' | 'units'>, reason: EndReason): GameEnd {
  const s = scores(p);
  const [a, b] = p.sides;
  return { winner: s[a]! === s[b]! ? 'draw' : s[a]! > s[b]! ? a : b, reason };
}

/** "A side that concedes loses at once (reason conceded; both conceding: a draw)" (§20.4). */
export const concession = (p: Pick<MiniPosition, 'sides' | 'conceded'>): GameEnd | null =>
  loser(
    p,
    p.sides.filter((s) => p.conceded.includes(s)),
    'conceded',
  );

/** "a side with no element active, carried or reserve has lost (both such sides: a draw)" (§20.4). */
export const annihilation = (p: Pick<MiniPosition, 'sides' | 'units'>): GameEnd | null =>
  loser(
    p,
    p.sides.filter((s) => !p.units.some((u) => u.side === s && u.elements.some(inPlay))),
    'annihilated',
  );

/**
 * The battle's objectives (§20.2, §20.3). Standard: a side whose score is at
 * least the target has met its objective — one such side wins, both: the
 * higher score (equal: a draw); reason `points`. Defensive: the attacker by
 * controlling at least `control` objectives (reason `objectives`), the
 * defender by a score of at least `destroy` (reason `points`); both in the
 * same turn: the defender wins ("the Defender wins"), reason `points`.
 */
export function objectivesMet(p: Pick<MiniPosition, 'sides' | 'units' | 'battle'>): GameEnd | null {
  const s = scores(p);
  const b = p.battle;
  if (b.type === 'standard') {
    const met = p.sides.filter((side) => s[side]! >= b.target);
    if (met.length === 0) return null;
    return met.length === 1 ? { winner: met[0]!, reason: 'points' } : higherScore(p, 'points');
  }
  const held = objectives(p).filter((o) => o.control === b.attacker).length;
  if (s[b.defender]! >= b.destroy) return { winner: b.defender, reason: 'points' };
  if (held >= b.control) return { winner: b.attacker, reason: 'objectives' };
  return null;
}

/**
 * The result if the game ended now on its turn limit (§20.4), whether or not
 * the limit is reached — what a moderator ending the game is given: a
 * standard battle goes to the higher score (equal: a draw); a defensive
 * battle to the defender (Ruling: the attacker has failed in time).
 */
export function turnLimitResult(p: Pick<MiniPosition, 'sides' | 'units' | 'battle'>): GameEnd {
  if (p.battle.type === 'defensive') return { winner: p.battle.defender, reason: 'turn-limit' };
  return higherScore(p, 'turn-limit');
}

/**
 * The end checks of the resolution phase (§20.4), in order: annihilation,
 * the battle's objectives, then the turn limit "when the turn just resolved
 * is turnLimit (or later)". Null while the game goes on.
 */
export function resolutionEnd(p: Standing, resolvedTurn: number): GameEnd | null {
  return (
    annihilation(p) ??
    objectivesMet(p) ??
    (p.turnLimit !== null && resolvedTurn >= p.turnLimit ? turnLimitResult(p) : null)
  );
}

/** The `game-over` event (§22.3): seen by both sides, with both scores. */
export function gameOverEvent(p: Pick<MiniPosition, 'sides' | 'units'>, end: GameEnd): MiniEvent {
  return { type: 'game-over', seenBy: [...p.sides], winner: end.winner, reason: end.reason, score: scores(p) };
}
