/**
 * A game kind: everything a ruleset provides to the service, behind one
 * interface, so that the turn queue, mail, pages and archive never need to
 * know which game they are running. The tactical battle is the first kind,
 * the strategic campaign the second; a further ruleset plugs in by writing
 * one more implementation and adding it to the registry (./index.ts).
 *
 * States and orders are stored as JSON documents; a kind reads and writes its
 * own. Everything here is pure: dice come from the caller.
 */
import type { DiceSource } from '../rules/dice.ts';
import type { RuleError } from '../rules/result.ts';
import type { Result } from '../rules/result.ts';
import type { Command, OrdersProblem } from '../orders/types.ts';
import type { DeadlineView, SideRecords, TurnReportView } from '../reports/turn-report.ts';

/** The rulesets the service plays, as stored on each game. */
export const RULESETS = ['msc-tactical', 'msc-strategic'] as const;
export type Ruleset = (typeof RULESETS)[number];

/** A seat as the rules need to know it: its side, and whether it conceded. */
export interface SeatStanding {
  readonly side: string;
  readonly concededAt: Date | null;
}

/** Who a submission, an order block or a report is for. */
export interface SideContext<State> {
  readonly gameId: string;
  /** The turn open for orders. */
  readonly turn: number;
  readonly side: string;
  readonly state: State;
}

/** A submission read by the kind's orders language and checked against the side's view. */
export type SubmissionParse<Orders> =
  | {
      readonly ok: true;
      readonly orders: Orders;
      /** False when the text held only commands or a message: nothing to store. */
      readonly hasOrders: boolean;
      readonly commands: readonly Command[];
      readonly message: { readonly to: string; readonly text: string } | null;
      /** What the answer should tell about how the text was read (a greeting skipped, the quoted block taken). */
      readonly notes?: readonly string[];
    }
  | { readonly ok: false; readonly errors: readonly OrdersProblem[] };

export interface ResolveInput<State, Orders> {
  readonly state: State;
  /** The orders each side sent, by side. */
  readonly orders: ReadonlyMap<string, Orders>;
  /** Sides that had to order and did not: they follow the no-orders policy. */
  readonly missing: readonly string[];
  /** The game's no-orders policy. */
  readonly noOrders: 'standing' | 'solo';
  readonly dice: DiceSource;
}

export interface ResolveOutput<State> {
  readonly state: State;
  /** Every event of the turn, as stored with it (plain JSON). */
  readonly events: readonly { readonly type: string }[];
  /** The orders the turn was played with, as stored with it for verification. */
  readonly ordersUsed: unknown;
  readonly gameOver: boolean;
  /** A side, 'draw', or null while the game goes on. */
  readonly winner: string | null;
  readonly reason: string | null;
  /**
   * Orders that were legal when they came in but no longer are (only a
   * moderator's change since can do that): they were dropped, and the pieces
   * they named followed the no-orders policy.
   */
  readonly dropped: readonly RuleError[];
}

/** One resolved turn of a game's history: its number and its events as stored. */
export interface StoredTurnEvents {
  readonly number: number;
  readonly events: readonly unknown[];
}

/** Who reads a report: a seat (its side, and the orders it has in), or a moderator or observer who sees all. */
export type ReportReader<Orders> =
  | { readonly kind: 'seat'; readonly side: string; readonly timeZone: string; readonly currentOrders?: Orders | null }
  | { readonly kind: 'observer'; readonly timeZone: string };

export interface ReportInput<State, Orders> {
  readonly game: { readonly id: string; readonly name: string };
  /** The turn now open for orders. */
  readonly turn: number;
  /** The state at the start of that turn. */
  readonly state: State;
  /** The game's resolved turns before it, in order. */
  readonly history: readonly StoredTurnEvents[];
  readonly deadline: Date | null;
  readonly reader: ReportReader<Orders>;
  readonly sideName: (side: string) => string;
  /** SHA-256 of the dice seed, shown in the first report. */
  readonly seedCommitment: string | null;
  /** Columns of the text report: the reader's choice (SET WIDTH), else the default. */
  readonly width?: number;
}

/** What a game's last report says, for every seat alike. */
export interface EndReportParts {
  readonly narrative: readonly string[];
  /** The final map as text; null when the game ended before it had one. */
  readonly diagram: string | null;
  readonly sides: readonly SideRecords[];
}

export type { DeadlineView, TurnReportView };

/** A stored document that does not read back is a bug or a damaged database, never a user's error. */
export class DamagedDocumentError extends Error {
  constructor(what: string, detail: string) {
    super(`stored ${what} is damaged: ${detail}`);
    this.name = 'DamagedDocumentError';
  }
}

export interface GameKind<State, Orders> {
  readonly ruleset: Ruleset;
  /** What players call it, e.g. "tactical battle". */
  readonly title: string;

  /** Reads a stored state document (throws DamagedDocumentError). */
  readState(doc: unknown): State;
  writeState(state: State): unknown;
  /** Reads stored orders (throws DamagedDocumentError). */
  readOrders(doc: unknown): Orders;
  writeOrders(orders: Orders): unknown;

  /** Sides whose player must send orders this turn. */
  sidesThatMustOrder(state: State, seats: readonly SeatStanding[]): string[];
  /** Sides still in the game; fewer than two ends it. */
  sidesInPlay(state: State): string[];
  /** The state once `side` has conceded (its pieces leave play when the turn resolves). */
  concede(state: State, side: string): State;

  /** The orders language: one submission, checked against what the side may see. */
  parseSubmission(text: string, at: SideContext<State>): SubmissionParse<Orders>;
  /** Stored orders in canonical text, as the service echoes them. */
  formatOrders(orders: Orders, at: SideContext<State>): string;
  /** The order block a report ends with, ready to edit and send back; `current` are the orders in, if any. */
  orderBlock(at: SideContext<State>, current?: Orders): string;

  /** Resolves one turn; errors only when the state itself cannot be resolved. */
  resolve(input: ResolveInput<State, Orders>): Result<ResolveOutput<State>, RuleError[]>;

  /**
   * The result if the game ended now, scored as its turn limit would score it
   * (a moderator ending a game): a side or 'draw', and the scores if any.
   */
  scoreNow(state: State, resolvedTurn: number): { readonly winner: string; readonly scores: unknown };

  /** One reader's turn report: what happened last turn, the text map, the records, the order block. */
  report(input: ReportInput<State, Orders>): TurnReportView;
  /** The parts of the game-end report: the last turn's events, the final map, every side's records. */
  endReport(input: {
    readonly state: State | null;
    readonly lastEvents: readonly unknown[];
    readonly history: readonly StoredTurnEvents[];
    readonly sideName: (side: string) => string;
  }): EndReportParts;
}

/**
 * Any kind, as the service holds them: its state and orders are opaque to the
 * service, which only hands back to a kind what that kind itself read.
 */
export type AnyGameKind = GameKind<unknown, unknown>;
