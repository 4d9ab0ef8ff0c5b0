/**
 * Verifying a game export (docs/archive.md): the seed matches the commitment
 * published at the start, the dice begin where the seed puts them, and every
 * turn, replayed by the rules from the position, dice and orders it records,
 * gives exactly the events, position and dice it records — up to the result.
 * A pure function of the document: it reads no database and no clock.
 */
import { createHash } from 'node:crypto';
import { parsePositionInput } from '../../adjudicator/position-json.ts';
import { SeededDice } from '../../rules/dice.ts';
import type { GameOverEvent } from '../../rules/events.ts';
import { formatPlot, parsePlot } from '../../rules/plot.ts';
import { resolveTurn } from '../../rules/resolve.ts';
import type { Position, ShipOrders } from '../../rules/types.ts';
import { victory } from '../../rules/victory.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  gameExportSchema,
  type ExportedPosition,
  type ExportedTurn,
  type GameExport,
} from './export-format.ts';
import { asJson, firstDifference } from './first-difference.ts';
import { positionToJson } from '../games/state.ts';

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
  readonly status: GameExport['status'];
  readonly winner: string | null;
  /** How the game ended (last-side, draw, turn-limit, concession, moderator, abandoned), or null while it runs. */
  readonly ending: string | null;
  readonly seedCommitment: string;
  readonly seed: string;
  readonly diceRolled: number;
}

export type VerifyResult = { ok: true; turns: number; summary: VerifySummary } | { ok: false; mismatch: Mismatch };

/** Why a document is not a game export at all: each problem as `path: message`. */
export function parseExport(
  doc: unknown,
): { ok: true; value: GameExport } | { ok: false; problems: string[]; path: (string | number)[] } {
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

function readPositionAt(doc: ExportedPosition, turn: number | null, field: string): Position {
  const r = parsePositionInput(doc);
  if (!r.ok)
    return stop(
      turn,
      `${field}: not a valid position: ${r.errors.map((e) => e.message).join('; ')}`,
      'a valid position',
      doc,
    );
  return r.value.position;
}

/** `next` continues from `previous`: the same in everything but the conceded list, which may only grow. */
function checkContinues(
  previous: ExportedPosition,
  next: ExportedPosition,
  turn: number | null,
  field: string,
  from: string,
): void {
  const d = firstDifference({ ...previous, conceded: [] }, { ...next, conceded: [] });
  if (d) stop(turn, `${field}.${d.path}: not as ${from} left it`, d.expected, d.found);
  const withdrawn = (previous.conceded ?? []).filter((side) => !(next.conceded ?? []).includes(side));
  if (withdrawn.length > 0)
    stop(
      turn,
      `${field}.conceded: a concession cannot be withdrawn (${withdrawn.join(', ')})`,
      previous.conceded,
      next.conceded,
    );
}

function describeEvent(e: unknown): string {
  const x = (e ?? {}) as Record<string, unknown>;
  switch (x.type) {
    case 'shot':
      return `shot ${String(x.firer)} ${String(x.weapon)} at ${String(x.target)}`;
    case 'damage':
      return `damage to ${String(x.target)}`;
    case 'solo-target':
      return `solo-target ${String(x.ship)} ${String(x.weapon)}`;
    case 'initiative':
    case 'game-over':
      return String(x.type);
    default:
      return `${String(x.type)} ${String(x.ship)}`;
  }
}

/** Replays one turn; returns the dice it rolled and its game-over event, if any. */
function replayTurn(t: ExportedTurn): { diceUsed: number; over: GameOverEvent | null } {
  const n = t.number;
  const position = readPositionAt(t.stateBefore, n, 'stateBefore');
  if (t.diceStateBefore === null)
    return stop(n, 'diceStateBefore: withheld (this export was made while the game ran)', 'a dice state', null);

  // The orders as recorded: players' orders are followed; the standing order and the solo tables are worked out again.
  const orders = new Map<string, ShipOrders>();
  const policySides = new Set<string>();
  for (const [id, o] of Object.entries(t.ordersUsed)) {
    const ship = position.ships.find((s) => s.id === id);
    if (!ship) return stop(n, `ordersUsed.${id}: no such ship in stateBefore`, undefined, o);
    if (o.source === 'solo-policy') policySides.add(ship.side);
    if (o.source !== 'orders') continue;
    const plot = parsePlot(o.move);
    if (!plot.ok) return stop(n, `ordersUsed.${id}.move: ${plot.error.message}`, 'a plot', o.move);
    orders.set(id, { speed: o.speed, plot: plot.value, fire: o.fire, hold: o.hold });
  }
  // A seat that sent nothing under the solo no-orders policy: the solo rules play its side this turn only.
  const playing: Position = {
    ...position,
    solo: [...position.solo, ...[...policySides].filter((s) => !position.solo.includes(s))],
  };

  const dice = SeededDice.fromState(t.diceStateBefore);
  let outcome: ReturnType<typeof resolveTurn>;
  try {
    outcome = resolveTurn(playing, orders, dice);
  } catch (error) {
    return stop(
      n,
      `the turn cannot be replayed: ${error instanceof Error ? error.message : String(error)}`,
      'a turn the rules resolve',
      t.ordersUsed,
    );
  }
  if (!outcome.ok) {
    const why = outcome.error.map((e) => `${e.ship ? `${e.ship}: ` : ''}${e.message}`).join('; ');
    return stop(n, `ordersUsed: not legal in stateBefore: ${why}`, 'legal orders', t.ordersUsed);
  }
  const r = outcome.value;

  // `no-shot` events roll no die and change nothing; a turn resolved before they were told has none, and is compared
  // without them.
  const noShot = (e: unknown) => (e as { type?: unknown } | null)?.type === 'no-shot';
  const recorded = t.events;
  const replayed = asJson(r.events) as unknown[];
  const events = recorded.some(noShot) ? replayed : replayed.filter((e) => !noShot(e));
  for (let i = 0; i < Math.max(events.length, recorded.length); i++) {
    const d = firstDifference(events[i], recorded[i]);
    if (!d) continue;
    const where = `events[${i}] (${describeEvent(events[i] ?? recorded[i])})`;
    if (i >= recorded.length) stop(n, `${where}: missing from the record`, events[i], null);
    if (i >= events.length) stop(n, `${where}: recorded, but the replay has no such event`, null, recorded[i]);
    stop(n, d.path ? `${where}: ${d.path}` : where, d.expected, d.found);
  }

  // The position is stored with the game's own solo sides, not the ones the no-orders policy added for the turn.
  const after = asJson(positionToJson({ ...r.position, solo: position.solo }));
  const da = firstDifference(after, t.stateAfter);
  if (da) stop(n, `stateAfter: ${da.path || 'the whole position'}`, da.expected, da.found);

  if (dice.save() !== t.diceStateAfter) stop(n, 'diceStateAfter', dice.save(), t.diceStateAfter);

  const used = Object.fromEntries(
    [...r.ordersUsed].map(([id, o]) => {
      const side = position.ships.find((s) => s.id === id)?.side ?? '';
      const source = o.source === 'solo' && policySides.has(side) ? 'solo-policy' : o.source;
      return [id, { speed: o.speed, move: formatPlot(o.plot), fire: [...o.fire], hold: o.hold, source }];
    }),
  );
  const du = firstDifference(used, t.ordersUsed);
  if (du) stop(n, `ordersUsed.${du.path}: not the orders the turn followed`, du.expected, du.found);

  return { diceUsed: r.diceUsed, over: r.events.find((e): e is GameOverEvent => e.type === 'game-over') ?? null };
}

/**
 * The game's status, winner and result follow from its last turn (or, ended by its moderator, from its final position).
 */
function checkEnding(d: GameExport, over: GameOverEvent | null, last: number | null): string | null {
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
    const final = readPositionAt(d.position, null, 'position');
    const upTo = Math.max(1, last ?? 0);
    const score = victory({ ...final, turnLimit: upTo }, upTo);
    const winner = score ? (score.winner ?? 'draw') : 'draw';
    if (winner !== d.winner) stop(null, 'winner: scoring the final position as the turn limit would', winner, d.winner);
    return reason;
  }
  if (!over)
    return stop(last, 'status: finished, but no turn ended the game', 'a game-over event in the last turn', null);
  const winner = over.winner ?? 'draw';
  if (winner !== d.winner) stop(last, 'winner: not the winner of the last turn', winner, d.winner);
  if (reason !== over.reason) stop(last, 'result.reason', over.reason, reason);
  if (d.result?.turn !== undefined && d.result.turn !== last) stop(last, 'result.turn', last, d.result.turn);
  return reason;
}

function verifyDocument(d: GameExport): VerifyResult {
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
  if (d.initialPosition) readPositionAt(d.initialPosition, null, 'initialPosition');

  let previous = { position: d.initialPosition, dice: initialDice, from: 'the initial position' };
  let over: GameOverEvent | null = null;
  let diceRolled = 0;
  for (const [i, t] of d.turns.entries()) {
    if (t.number !== i + 1) stop(t.number, 'turns: numbered from 1 without a gap', i + 1, t.number);
    if (over) stop(t.number, `a turn played after the game ended in turn ${t.number - 1}`, 'no such turn', t.number);
    if (previous.position === null)
      return stop(t.number, 'initialPosition: missing', 'the position turn 1 opened with', null);
    if (t.diceStateBefore !== previous.dice)
      stop(t.number, `diceStateBefore: not where ${previous.from} left the dice`, previous.dice, t.diceStateBefore);
    if (t.stateBefore.turn !== t.number) stop(t.number, 'stateBefore.turn', t.number, t.stateBefore.turn);
    checkContinues(previous.position, t.stateBefore, t.number, 'stateBefore', previous.from);
    const replayed = replayTurn(t);
    diceRolled += replayed.diceUsed;
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
  const ending = checkEnding(d, over, last);
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
