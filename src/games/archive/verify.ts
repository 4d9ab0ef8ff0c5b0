/**
 * Verifying a game export (docs/archive.md): the seed matches the commitment
 * published at the start, the dice begin where the seed puts them, and every
 * turn, replayed by the game kind's rules (its `replay`) from the state, dice
 * and orders it records, gives exactly the events, state and dice it records —
 * up to the result. A campaign turn that stopped for battles fought as linked
 * games is finished from their outcomes, each battle verified as the whole
 * game it embeds. A pure function of the document: it reads no database and
 * no clock.
 */
import { createHash } from 'node:crypto';
import { kindOf } from '../../kinds/index.ts';
import type { AnyGameKind, PendingTurn, ReplayedTurn } from '../../kinds/kind.ts';
import { SeededDice } from '../../rules/dice.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  gameExportSchema,
  type AnyGameExport,
  type ExportedState,
  type ExportedTurn,
} from './export-format.ts';
import { asJson, firstDifference } from './first-difference.ts';

/**
 * What differs first: in which turn (null: the game as a whole), what, and the value that would follow vs the one
 * recorded.
 */
export interface Mismatch {
  readonly turn: number | null;
  readonly what: string;
  readonly expected: unknown;
  readonly found: unknown;
}

export interface VerifySummary {
  readonly gameId: string;
  readonly name: string;
  readonly status: AnyGameExport['status'];
  readonly winner: string | null;
  /** How the game ended (last-side, draw, turn-limit, concession, moderator, abandoned), or null while it runs. */
  readonly ending: string | null;
  readonly seedCommitment: string;
  readonly seed: string;
  readonly diceRolled: number;
  /** Linked battles verified as the games they embed (a campaign's tactical battles), theirs included. */
  readonly battles: number;
}

export type VerifyResult = { ok: true; turns: number; summary: VerifySummary } | { ok: false; mismatch: Mismatch };

/** Why a document is not a game export at all: each problem as `path: message`. */
export function parseExport(
  doc: unknown,
): { ok: true; value: AnyGameExport } | { ok: false; problems: string[]; path: (string | number)[] } {
  const parsed = gameExportSchema.safeParse(doc);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues;
  return {
    ok: false,
    problems: issues.map((i) => `${i.path.join('.') || 'document'}: ${i.message}`),
    path: (issues[0]?.path ?? []).map((p) => (typeof p === 'symbol' ? String(p) : p)),
  };
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Thrown inside the checks to stop at the first mismatch; caught by verifyExport. */
class Stop extends Error {
  constructor(readonly mismatch: Mismatch) {
    super(mismatch.what);
  }
}
const stop = (turn: number | null, what: string, expected: unknown, found: unknown): never => {
  throw new Stop({ turn, what, expected, found });
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A state document the kind reads, or the mismatch that says why it does not. */
function readStateAt(kind: AnyGameKind, doc: ExportedState, turn: number | null, field: string): unknown {
  try {
    return kind.readState(doc);
  } catch (error) {
    return stop(turn, `${field}: not a valid ${kind.title} state: ${messageOf(error)}`, 'a valid state', doc);
  }
}

const concededOf = (state: ExportedState): string[] =>
  Array.isArray(state.conceded) ? state.conceded.map(String) : [];

/** `next` continues from `previous`: the same in everything but the conceded list, which may only grow. */
function checkContinues(
  previous: ExportedState,
  next: ExportedState,
  turn: number | null,
  field: string,
  from: string,
): void {
  const d = firstDifference({ ...previous, conceded: [] }, { ...next, conceded: [] });
  if (d) stop(turn, `${field}.${d.path}: not as ${from} left it`, d.expected, d.found);
  const withdrawn = concededOf(previous).filter((side) => !concededOf(next).includes(side));
  if (withdrawn.length > 0)
    stop(
      turn,
      `${field}.conceded: a concession cannot be withdrawn (${withdrawn.join(', ')})`,
      previous.conceded,
      next.conceded,
    );
}

/**
 * The battles a turn stopped for, each verified as the whole linked game it embeds, fought by the sides the turn gave
 * it; returns each battle's outcome for the turn, worked out again from the game's final state.
 */
function verifyBattles(
  kind: AnyGameKind,
  t: ExportedTurn,
  pending: PendingTurn,
): { outcomes: unknown[]; count: number } {
  const n = t.number;
  const linked = kind.linkedBattles!;
  const recorded = t.battles ?? [];
  const titles = (list: readonly { title: string }[]) => list.map((b) => b.title);
  if (recorded.length !== pending.battles.length)
    stop(n, 'battles: not the battles the turn stopped for', titles(pending.battles), titles(recorded));
  const outcomes: unknown[] = [];
  let count = 0;
  for (const [i, b] of recorded.entries()) {
    const want = pending.battles[i]!;
    const where = `battles[${i}] (${want.title})`;
    if (b.index !== want.index) stop(n, `${where}.index`, want.index, b.index);
    if (b.title !== want.title) stop(n, `${where}.title`, want.title, b.title);
    const game = b.game;
    if (game.ruleset !== linked.ruleset) stop(n, `${where}.game.ruleset`, linked.ruleset, game.ruleset);
    const sides = game.seats.map((s) => s.side);
    const ds = firstDifference(want.sides, sides);
    if (ds) stop(n, `${where}.game.seats: not the sides that fight it`, want.sides, sides);
    if (game.status !== 'finished' && game.status !== 'abandoned')
      stop(n, `${where}.game.status: a turn resolves once its battles have ended`, 'finished', game.status);
    // A game ended before it started has no starting state: its outcome is then worked out from the default placement.
    if (game.initialPosition !== null) {
      const start = kind.replay.checkBattleStart?.(pending.document, i, game.initialPosition);
      if (start) stop(n, `${where}.game.${start.what}`, start.expected, start.found);
    }
    const verified = verifyExport(game);
    if (!verified.ok) {
      const m = verified.mismatch;
      stop(n, `${where}: ${m.turn === null ? '' : `turn ${m.turn}: `}${m.what}`, m.expected, m.found);
    }
    count += 1 + (verified.ok ? verified.summary.battles : 0);
    // A battle's game ended before it started has no final state: the default placement stands for it.
    let outcome: unknown;
    try {
      const turnLimit = typeof game.settings.turnLimit === 'number' ? game.settings.turnLimit : undefined;
      const setup = linked.setup(pending.document, i, turnLimit === undefined ? {} : { turnLimit });
      outcome = asJson(linked.outcome(pending.document, i, game.position ?? setup.defaultState));
    } catch (error) {
      return stop(n, `${where}: its outcome cannot be worked out: ${messageOf(error)}`, 'a battle', game.position);
    }
    const d = firstDifference(outcome, b.outcome);
    if (d)
      stop(n, `${where}.outcome${d.path ? `.${d.path}` : ''}: not what the battle's game gives`, d.expected, d.found);
    outcomes.push(outcome);
  }
  return { outcomes, count };
}

/** Replays one turn; returns the dice it rolled, the linked battles it verified and how the game ended in it, if so. */
function replayTurn(
  kind: AnyGameKind,
  t: ExportedTurn,
): { diceUsed: number; battles: number; over: ReplayedTurn['over'] } {
  const n = t.number;
  const replay = kind.replay;
  if (t.diceStateBefore === null)
    return stop(n, 'diceStateBefore: withheld (this export was made while the game ran)', 'a dice state', null);
  const dice = SeededDice.fromState(t.diceStateBefore);
  const replayed = replay.replayTurn(t, dice);
  if (!replayed.ok) return stop(n, replayed.error.what, replayed.error.expected, replayed.error.found);
  let r = replayed.value;
  let battles = 0;
  if (r.pending) {
    // The turn stopped for battles fought as linked games: it is finished from their outcomes (finishing rolls none).
    if (!kind.linkedBattles || !replay.finishTurn)
      return stop(n, 'the turn stopped for battles this kind cannot finish', 'a finished turn', null);
    const fought = verifyBattles(kind, t, r.pending);
    battles = fought.count;
    const done = replay.finishTurn(t, r.pending.document, fought.outcomes);
    if (!done.ok) return stop(n, done.error.what, done.error.expected, done.error.found);
    r = done.value;
  } else if ((t.battles ?? []).length > 0) {
    stop(n, 'battles: the turn stopped for no battles', [], t.battles);
  }

  const recorded = t.events;
  const events = r.events;
  for (let i = 0; i < Math.max(events.length, recorded.length); i++) {
    const d = firstDifference(events[i], recorded[i]);
    if (!d) continue;
    const where = `events[${i}] (${replay.describeEvent(events[i] ?? recorded[i])})`;
    if (i >= recorded.length) stop(n, `${where}: missing from the record`, events[i], null);
    if (i >= events.length) stop(n, `${where}: recorded, but the replay has no such event`, null, recorded[i]);
    stop(n, d.path ? `${where}: ${d.path}` : where, d.expected, d.found);
  }

  const da = firstDifference(r.stateAfter, t.stateAfter);
  if (da) stop(n, `stateAfter: ${da.path || 'the whole position'}`, da.expected, da.found);

  if (dice.save() !== t.diceStateAfter) stop(n, 'diceStateAfter', dice.save(), t.diceStateAfter);

  const du = firstDifference(r.ordersUsed, t.ordersUsed);
  if (du) stop(n, `ordersUsed.${du.path}: not the orders the turn followed`, du.expected, du.found);

  return { diceUsed: dice.used, battles, over: r.over };
}

/**
 * The game's status, winner and result follow from its last turn (or, ended by its moderator, from its final position).
 */
function checkEnding(
  kind: AnyGameKind,
  d: AnyGameExport,
  over: ReplayedTurn['over'],
  last: number | null,
): string | null {
  const reason = typeof d.result?.reason === 'string' ? d.result.reason : null;
  if (d.status !== 'finished') {
    if (over) stop(last, `status: the game ended in turn ${last}`, 'finished', d.status);
    if (d.winner !== null) stop(null, 'winner: the game has not ended', null, d.winner);
    return d.status === 'abandoned' ? 'abandoned' : null;
  }
  if (reason === 'moderator') {
    // Ended by the moderator: scored as the turn limit would score the final position (moderation.ts, endGame).
    if (over) stop(last, 'result.reason: the game ended in this turn, not by the moderator', over.reason, reason);
    if (d.position === null)
      return stop(null, 'position: a game ended by its moderator has a final position', 'a position', null);
    const final = readStateAt(kind, d.position, null, 'position');
    const { winner } = kind.scoreNow(final, last ?? 0);
    if (winner !== d.winner) stop(null, 'winner: scoring the final position as the turn limit would', winner, d.winner);
    return reason;
  }
  if (!over)
    return stop(last, 'status: finished, but no turn ended the game', 'a game-over event in the last turn', null);
  if (over.winner !== d.winner) stop(last, 'winner: not the winner of the last turn', over.winner, d.winner);
  if (reason !== over.reason) stop(last, 'result.reason', over.reason, reason);
  if (d.result?.turn !== undefined && d.result.turn !== last) stop(last, 'result.turn', last, d.result.turn);
  return reason;
}

function verifyDocument(d: AnyGameExport): VerifyResult {
  const kind = kindOf(d.ruleset);
  if (d.seed === null) {
    return stop(
      null,
      'seed: not revealed — it is published when the game ends (the moderator can export it before)',
      `a seed whose SHA-256 is ${d.seedCommitment}`,
      null,
    );
  }
  const hash = sha256Hex(d.seed);
  if (hash !== d.seedCommitment) stop(null, 'seed: its SHA-256 is not the commitment', d.seedCommitment, hash);
  const initialDice = SeededDice.fromSeed(d.seed).save();
  if (d.initialDiceState !== initialDice)
    stop(null, 'initialDiceState: not where the seed starts the dice', initialDice, d.initialDiceState);
  if (d.initialPosition) readStateAt(kind, d.initialPosition, null, 'initialPosition');

  let previous = { position: d.initialPosition, dice: initialDice, from: 'the initial position' };
  let over: ReplayedTurn['over'] = null;
  let diceRolled = 0;
  let battles = 0;
  for (const [i, t] of d.turns.entries()) {
    if (t.number !== i + 1) stop(t.number, 'turns: numbered from 1 without a gap', i + 1, t.number);
    if (over) stop(t.number, `a turn played after the game ended in turn ${t.number - 1}`, 'no such turn', t.number);
    if (previous.position === null)
      return stop(t.number, 'initialPosition: missing', 'the position turn 1 opened with', null);
    if (t.diceStateBefore !== previous.dice)
      stop(t.number, `diceStateBefore: not where ${previous.from} left the dice`, previous.dice, t.diceStateBefore);
    if (t.stateBefore.turn !== t.number) stop(t.number, 'stateBefore.turn', t.number, t.stateBefore.turn);
    checkContinues(previous.position, t.stateBefore, t.number, 'stateBefore', previous.from);
    const replayed = replayTurn(kind, t);
    diceRolled += replayed.diceUsed;
    battles += replayed.battles;
    over = replayed.over;
    previous = { position: t.stateAfter, dice: t.diceStateAfter ?? '', from: `turn ${t.number}` };
  }
  const last = d.turns.at(-1)?.number ?? null;

  if (d.openTurn !== null && (d.openTurn !== (last ?? 0) + 1 || over))
    stop(null, 'openTurn', over ? null : (last ?? 0) + 1, d.openTurn);
  if (d.position !== null) {
    if (previous.position === null)
      stop(null, 'position: a game without an initial position has none', null, d.position);
    else checkContinues(previous.position, d.position, null, 'position', previous.from);
  }
  const ending = checkEnding(kind, d, over, last);
  return {
    ok: true,
    turns: d.turns.length,
    summary: {
      gameId: d.gameId,
      name: d.name,
      status: d.status,
      winner: d.winner,
      ending,
      seedCommitment: d.seedCommitment,
      seed: d.seed,
      diceRolled,
      battles,
    },
  };
}

/**
 * Checks, in order: the document's shape; sha256(seed) = seedCommitment; the
 * seed's starting dice = initialDiceState; then each turn — its dice start
 * where the previous turn's ended (the first: the initial state), its
 * position is the previous one but for new concessions, and the rules,
 * replaying it, give exactly its events, stateAfter, diceStateAfter and the
 * orders it records; then the game's current position, status, winner and
 * result. Stops at the first mismatch.
 */
export function verifyExport(doc: unknown): VerifyResult {
  const parsed = parseExport(doc);
  if (!parsed.ok) {
    const found = parsed.path.reduce<unknown>(
      (v, k) => (typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[k] : undefined),
      doc,
    );
    return {
      ok: false,
      mismatch: {
        turn: null,
        what: `shape: ${parsed.problems[0] ?? 'not a game export'}`,
        expected: `a game export (format ${EXPORT_FORMAT}, version ${EXPORT_VERSION})`,
        found,
      },
    };
  }
  try {
    return verifyDocument(parsed.value);
  } catch (error) {
    if (error instanceof Stop) return { ok: false, mismatch: error.mismatch };
    throw error;
  }
}
