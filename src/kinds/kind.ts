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
import type { ZodType } from 'zod';
import type { Outcome } from '../adjudicator/exit.ts';
import type { DiceSource } from '../rules/dice.ts';
import type { RuleError } from '../rules/result.ts';
import type { Result } from '../rules/result.ts';
import type { Command, MessageOrder, OrdersProblem } from '../orders/types.ts';
import type { DeadlineView, ReportSheet, SideRecords, TurnReportView } from '../reports/report-view.ts';

import type { Ruleset } from './index.ts';

export type { Ruleset };

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
  /**
   * The events of the last resolved turn, for kinds whose side's view depends on them (a campaign's sensor contacts
   * and battles). Without them such a kind shows the side less, never more.
   */
  readonly lastEvents?: readonly unknown[];
}

/** A submission read by the kind's orders language and checked against the side's view. */
export type SubmissionParse<Orders> =
  | {
      readonly ok: true;
      readonly orders: Orders;
      /** False when the text held only commands or a message: nothing to store. */
      readonly hasOrders: boolean;
      readonly commands: readonly Command[];
      readonly message: MessageOrder | null;
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
  /**
   * Sides the rules play in place of their player, who missed the game's limit of turns in a row (only a kind with
   * `rulesPlaying`): they send no orders and the rules play them this turn, as the solo no-orders policy would.
   */
  readonly ruled?: readonly string[];
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
  /**
   * Only from a kind with `linkedBattles`: the turn stopped because its battles
   * are to be fought as linked games. Nothing is finished yet: `state` is the
   * state before the turn, `events` the events so far; store `pending` and
   * call `linkedBattles.finish` once every battle has ended.
   */
  readonly pending?: PendingTurn;
}

/** A turn waiting for its linked games (a kind with `linkedBattles`). */
export interface PendingTurn {
  /** Everything `linkedBattles` needs later, as a JSON document only the kind reads. */
  readonly document: unknown;
  /** One entry per linked game to create, in the order `finish` takes their outcomes. */
  readonly battles: readonly LinkedBattle[];
}

export interface LinkedBattle {
  readonly index: number;
  /** e.g. `Battle at 0505, turn 4`. */
  readonly title: string;
  /** The sides that fight it; the linked game's seats are these sides' seats. */
  readonly sides: readonly string[];
}

/** A rectangle of hexes, inclusive: where a side deploys in a linked game. */
export interface DeploymentZone {
  readonly fromCol: number;
  readonly toCol: number;
  readonly fromRow: number;
  readonly toRow: number;
}

/** What the service needs to create one linked game and run its setup phase (deployment). */
export interface LinkedGameSetup {
  /** The kind that plays it. */
  readonly ruleset: Ruleset;
  readonly title: string;
  readonly map: { readonly width: number; readonly height: number };
  /** In seat order. */
  readonly sides: readonly string[];
  readonly turnLimit: number | null;
  readonly zones: Readonly<Record<string, DeploymentZone>>;
  /** The ships each side brings, with their designs: the players only place them in their zone. */
  readonly ships: Readonly<
    Record<
      string,
      readonly {
        readonly id: string;
        readonly design: {
          readonly engine: number;
          readonly shields: number;
          readonly toHit: number;
          readonly weapons: readonly string[];
        };
      }[]
    >
  >;
  /** Each side's default placement, for a side that has not deployed by the setup deadline. */
  readonly defaultPlacement: Readonly<
    Record<string, readonly { readonly id: string; readonly hex: string; readonly facing: string }[]>
  >;
  /** The linked kind's state document with every side placed by default. */
  readonly defaultState: unknown;
  /**
   * Ships that fight under another id than their own, by side (a campaign's ids belong to a side, a tactical game's
   * ships each need their own): their id in the battle and their own. Absent or empty when none do.
   */
  readonly renamed?: Readonly<Record<string, readonly { readonly id: string; readonly battleId: string }[]>>;
}

/** Battles fought as games of another kind (a campaign's tactical battles). */
export interface LinkedBattles<State> {
  /** The kind that plays the battles. */
  readonly ruleset: Ruleset;
  /** The linked game for one battle of a pending turn. */
  setup(pending: unknown, index: number, options?: { readonly turnLimit?: number }): LinkedGameSetup;
  /** What a finished linked game means for the pending turn, from its final state document (a JSON document). */
  outcome(pending: unknown, index: number, finalState: unknown): unknown;
  /** Finishes the pending turn from every battle's outcome, in `battles` order. */
  finish(pending: unknown, outcomes: readonly unknown[]): Result<ResolveOutput<State>, RuleError[]>;
}

/** One resolved turn as an archive export records it (docs/archive.md): the documents the kind itself wrote. */
export interface RecordedTurn {
  readonly number: number;
  readonly stateBefore: unknown;
  readonly ordersUsed: unknown;
  readonly events: readonly unknown[];
  readonly stateAfter: unknown;
}

/** What a recorded turn must hold, as the rules give it again from its state before, its orders and its dice. */
export interface ReplayedTurn {
  /** Every event, in order, as plain JSON. */
  readonly events: readonly unknown[];
  /** The state document after the turn (plain JSON); null when the turn stopped for linked battles (`pending`). */
  readonly stateAfter: unknown;
  /** The orders the turn followed, as stored with it. */
  readonly ordersUsed: unknown;
  /** How the game ended in this turn (winner: a side or 'draw'), or null. */
  readonly over: { readonly winner: string; readonly reason: string | null } | null;
  /** Only from a kind with `linkedBattles`: the turn stopped for its battles, finished by `linkedBattles.finish`. */
  readonly pending?: PendingTurn;
}

/** Why a recorded turn cannot be replayed at all: where in the record, what was expected, what is there. */
export interface ReplayProblem {
  readonly what: string;
  readonly expected: unknown;
  readonly found: unknown;
}

/**
 * Replaying a kind's archived turns (`msc verify`): the shapes of its documents in an export, and each turn played
 * again from its record. Pure: the dice come from the caller, set where the record says they stood.
 */
export interface ArchiveReplay {
  /** A state document's shape in an export (what `writeState` writes); the replay reads it for the rest. */
  readonly stateSchema: ZodType;
  /** The shape of a turn's `ordersUsed` in an export. */
  readonly ordersSchema: ZodType;
  /**
   * The turn played again from `stateBefore` and `ordersUsed` with `dice`: what it must record. The caller compares
   * the record with it; only what the record alone can tell (an order dropped when the turn resolved) is taken from it.
   */
  replayTurn(turn: RecordedTurn, dice: DiceSource): Result<ReplayedTurn, ReplayProblem>;
  /**
   * Only in a kind with `linkedBattles`: a turn that stopped for its battles (`replayTurn` gave `pending`), finished
   * from the battles' outcomes, in battle order, as the record must hold it.
   */
  finishTurn?(turn: RecordedTurn, pending: unknown, outcomes: readonly unknown[]): Result<ReplayedTurn, ReplayProblem>;
  /**
   * Only in a kind with `linkedBattles`: whether a linked game started as battle `index` of the pending turn was
   * given (its map, and each side's ships with their designs, placed in that side's zone); null when so.
   */
  checkBattleStart?(pending: unknown, index: number, startState: unknown): ReplayProblem | null;
  /** An event named for a person reading a mismatch, e.g. `shot Grey F at Black`. */
  describeEvent(event: unknown): string;
}

/** Who a setup submission or block is for. */
export interface SetupContext<State> {
  readonly gameId: string;
  readonly side: string;
  /** The state before the game starts (from `setup.initialState`). */
  readonly state: State;
  /** The game's settings, as `setup.settingsSchema` read them. */
  readonly settings: unknown;
  /** The setups the other sides have in, by side (a kind whose ids are unique across sides checks against them). */
  readonly others?: ReadonlyMap<string, unknown>;
}

/** A setup sent as a document (JSON: a web form, the API, the command line) and checked: it, or why not. */
export type SetupCheck =
  | { readonly ok: true; readonly setup: unknown }
  | {
      readonly ok: false;
      /** `unreadable`: the document is not a setup at all; `rejected`: it reads, and breaks the rules. */
      readonly how: 'unreadable' | 'rejected';
      readonly code: string;
      readonly message: string;
      /** Every problem, each with the piece (and the line) it concerns where it concerns one. */
      readonly problems: readonly {
        readonly code: string;
        readonly message: string;
        readonly ship?: string;
        readonly line?: number | null;
      }[];
    };

/** A setup submission: what the side sets up, or every problem on its line. */
export type SetupParse =
  | {
      readonly ok: true;
      readonly setup: unknown;
      readonly message: MessageOrder | null;
      /** Commands written with (or instead of) the setup: HELP, STATUS, ORDERS, CONCEDE … */
      readonly commands?: readonly Command[];
      /** False when the text is commands or a message only: nothing to store. */
      readonly hasOrders?: boolean;
      /** How the text was read, where the player should know (orders taken from an edited quoted block …). */
      readonly notes?: readonly string[];
    }
  | { readonly ok: false; readonly errors: readonly OrdersProblem[] };

/**
 * What the service reads of a game's settings to run it, whatever its kind: the kind gives it from its own settings
 * (`SetupPhase.serviceSettings`), so that the service never reads a kind's settings document itself.
 */
export interface ServiceSettings {
  /** The sides, in seat order, with the names players are shown. */
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  /** The map's size, for the service's pages (it keeps each side within 4–99). */
  readonly map: { readonly width: number; readonly height: number };
  /** Hours a turn stays open; null: it waits for every side. */
  readonly turnHours: number | null;
  /** Hours the setup phase (turn 0) stays open; null: it waits for every side. */
  readonly setupHours: number | null;
  /** The last turn to be played, or null for none. */
  readonly turnLimit: number | null;
  /** What happens to a side without orders at a deadline. */
  readonly noOrders: 'standing' | 'solo';
  /** The BP each side builds with, where the kind has one budget for every side (shown to the moderator). */
  readonly budget?: number;
  /** Ship sizes allowed (BP), null: any; where the kind's setup has them (shown on the setup pages). */
  readonly sizes?: readonly number[] | null;
  /** Each side's deployment zone, where the kind's setup has them (shown on the setup pages). */
  readonly zones?: Readonly<Record<string, DeploymentZone>>;
  /** Sides the rules play for the whole game: they take no seat. */
  readonly solo?: readonly string[];
}

/**
 * A setup phase run by the kind itself (the campaign's starting fleets): the
 * settings a game of the kind takes, the state before setup, each side's setup
 * by mail or web, a default for a side that has not set up by the deadline, and
 * the state that starts turn 1.
 */
export interface SetupPhase<State> {
  /** The kind's game settings (a zod schema; its output is what `settings` means below). */
  readonly settingsSchema: ZodType;
  /** What the service runs a game with these settings by: its sides, deadlines, turn limit, no-orders policy, map. */
  serviceSettings(settings: unknown): ServiceSettings;
  /**
   * Only in a kind with ready-made games (the tactical battle's scenarios): a request's settings (`own`) over those of
   * scenario `name` with its `options`, for `settingsSchema` to read. A kind without scenarios takes none.
   */
  scenario?(name: string, options: unknown, own: Record<string, unknown>): Record<string, unknown>;
  /**
   * The sides whose players set up (in a tactical battle, those whose ships the scenario does not provide). When no
   * seat has anything to set up, the setup turn settles at once and turn 1 opens.
   */
  sidesThatSetUp(settings: unknown): readonly string[];
  /** The state before any side has set up; errors when the settings describe no playable game (e.g. a bad map). */
  initialState(settings: unknown): Result<State, RuleError[]>;
  readSetup(doc: unknown): unknown;
  writeSetup(setup: unknown): unknown;
  parseSetup(text: string, at: SetupContext<State>): SetupParse;
  /** A setup sent as a document (the tactical fleet form, `POST …/fleet`, `msc game fleet`), checked as text is. */
  readSetupDocument(doc: unknown, at: SetupContext<State>): SetupCheck;
  formatSetup(setup: unknown, at: SetupContext<State>): string;
  /** The block a setup mail carries, ready to edit; `current` is the setup in, if any. */
  setupBlock(at: SetupContext<State>, current?: unknown): string;
  /**
   * Paragraphs the setup mail carries before its block, if the kind has something to say before the game starts (a
   * campaign: where both homes are, on a small text map, and how its battles are fought). Only what the side may know.
   */
  setupBriefing?(at: SetupContext<State>): readonly string[];
  /** What a side that has not set up by the deadline gets. */
  defaultSetup(at: SetupContext<State>): unknown;
  /**
   * The state turn 1 starts from, once every side has its setup (a side without one gets `defaultSetup`); `notes` tell
   * each side, by side, what was settled for it.
   */
  start(
    state: State,
    setups: ReadonlyMap<string, unknown>,
    settings: unknown,
  ): { readonly state: State; readonly notes: Readonly<Record<string, readonly string[]>> };
}

/** One resolved turn of a game's history: its number and its events as stored. */
export interface StoredTurnEvents {
  readonly number: number;
  readonly events: readonly unknown[];
}

/**
 * A battle of the last turn fought as a linked game (a campaign's tactical battle), as a report tells it: in battle
 * order, the game that fought it, who won it, and where to read it.
 */
export interface ReportedBattle {
  readonly index: number;
  readonly gameId: string;
  /** A side, 'draw', or null when it ended with no winner (abandoned). */
  readonly winner: string | null;
  readonly pageUrl: string;
  readonly archiveUrl: string;
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
  /** The last turn's battles fought as linked games, for a kind with `linkedBattles`. */
  readonly battles?: readonly ReportedBattle[];
}

/** What a game's last report says, for every seat alike. */
export interface EndReportParts {
  readonly narrative: readonly string[];
  /** The final map as text; null when the game ended before it had one. */
  readonly diagram: string | null;
  readonly sides: readonly SideRecords[];
  /** Record sheets that are not Ship Turn Records (a campaign's Fleet and Production Control Sheets). */
  readonly sheets?: readonly ReportSheet[];
}

export type { DeadlineView, TurnReportView };

/** A stored document that does not read back is a bug or a damaged database, never a user's error. */
export class DamagedDocumentError extends Error {
  constructor(what: string, detail: string) {
    super(`stored ${what} is damaged: ${detail}`);
    this.name = 'DamagedDocumentError';
  }
}

/** One command of a kind's stand-alone adjudicator: a JSON document in (a file or standard input), JSON out. */
export interface AdjudicatorCommand {
  /** What it does, for its --help. */
  readonly description: string;
  /** What its file argument is, for its --help. */
  readonly file: string;
  /** The function that runs it, loaded only then (`msc --help` loads no adjudicator). */
  load(): Promise<(text: string) => Outcome>;
}

/** A stand-alone adjudicator on the command line: its commands, under a command word of its own or none. */
export interface AdjudicatorCommands {
  /**
   * The word of its command group (`msc campaign resolve`); absent for the one kind whose commands are `msc resolve`
   * and `msc check` themselves.
   */
  readonly command?: string;
  /** The group's description, with `command`. */
  readonly description?: string;
  /** Its commands by name, in the order `msc --help` lists them. */
  readonly commands: Readonly<Record<string, AdjudicatorCommand>>;
}

/** A kind's adjudicator: one turn resolved, or its document checked — and any commands of its own. */
export interface KindAdjudicator extends AdjudicatorCommands {
  readonly commands: Readonly<Record<string, AdjudicatorCommand>> & {
    readonly resolve: AdjudicatorCommand;
    readonly check: AdjudicatorCommand;
  };
}

/** A table of text: a header row and rows of cells, laid out by whoever prints it. */
export interface TextTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * A game of the kind as the command line prints it (`msc game show|turns|turn`), for a reader who sees everything
 * (the operator or moderator, or anyone once the game is over). Each member takes a stored document as JSON brings
 * it — the kind's own, or whatever a server sent — and shows what it can read of it, never throwing.
 */
export interface KindPrintout {
  /** A state document as tables (the tactical ships; a campaign's fleets and systems); none when there is nothing. */
  stateTables(state: unknown): readonly TextTable[];
  /** A resolved turn's orders (its `ordersUsed`), one line each, read with the state the turn started from. */
  orderLines(ordersUsed: unknown, stateBefore: unknown): readonly string[];
  /** What happened in a turn, from its stored events. */
  narrative(events: unknown): readonly string[];
  /** The history's columns after the turn and when it resolved (e.g. SHOTS, HITS, DESTROYED). */
  readonly historyColumns: readonly string[];
  /** One turn's cells under `historyColumns`, from its stored events. */
  historyCells(events: unknown): readonly string[];
}

export interface GameKind<State, Orders> {
  readonly ruleset: Ruleset;
  /** What players call it, e.g. "tactical battle". */
  readonly title: string;
  /** The scenario name a game of this kind shows when it was not made from a named scenario. */
  readonly unnamedScenario: string;

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
  /**
   * The orders of a side that has nothing to change (`HOLD`, `NO ORDERS`, the web's "Ready — no changes"): each of its
   * pieces follows the standing order, as `standingOrders` says, and the side counts as having sent its orders.
   */
  holdOrders(at: SideContext<State>): Orders;
  /**
   * What a side's pieces do without orders of their own (the standing order), in a sentence that follows "Without
   * orders, …" or "HOLD: …" — e.g. "your ships keep their SPEED, fly straight ahead and fire at the nearest enemy".
   */
  readonly standingOrders: string;
  /**
   * What a side's pieces did when it sent no orders, in the past tense after "Red sent no orders for turn 3: …" — e.g.
   * "its ships kept their SPEED, flew straight ahead and fired at the nearest enemy". Both sides read it.
   */
  readonly missedOrders: string;
  /**
   * Who plays a side in place of a player who keeps missing turns, when the kind's rules can (the tactical battle's
   * "the solo rules", through `ResolveInput.ruled`). Without it, a side whose player reaches the game's missed-turn
   * limit keeps following its standing orders and the moderator is asked to replace the player.
   */
  readonly rulesPlaying?: string;
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
    /** The seat the report goes to (its side's view is how the map is drawn); absent or null: an observer. */
    readonly side?: string | null;
    /** The last turn's battles fought as linked games, for a kind with `linkedBattles`. */
    readonly battles?: readonly ReportedBattle[];
  }): EndReportParts;

  /**
   * Kinds with hidden information (the campaign's fog, rules-strategic.md §6): what one side may see of the state,
   * as a plain JSON document, from the state and the last resolved turn's events. A kind without it has no secrets:
   * every reader sees the whole state. With it, the service shows a seat only this, and its turns' states to nobody
   * but the moderator until the game is over.
   */
  viewFor?(state: State, side: string, lastEvents: readonly unknown[]): unknown;
  /**
   * Only in a kind with hidden information (`viewFor`), where its rules can say it: the report of a turn for an
   * observer while the game runs — only what every side knows alike, no order block (games/observers). Without it, the
   * kind's observers see nothing of its turns until the game is over.
   */
  neutralReport?(input: Omit<ReportInput<State, Orders>, 'reader'>): TurnReportView;

  /** Kinds whose battles may be fought as linked games of another kind (the campaign's `battles: "tactical"`). */
  readonly linkedBattles?: LinkedBattles<State>;
  /** How the archive replays the kind's games (`msc verify`, docs/archive.md): every kind's games are verifiable. */
  readonly replay: ArchiveReplay;
  /**
   * The setup phase, run as turn 0 on the turn queue for every kind: a tactical battle's fleets and deployment, a
   * campaign's starting fleets. A kind with nothing to set up says no side sets up (`sidesThatSetUp`).
   */
  readonly setup: SetupPhase<State>;

  // What the channels (mail, the CLI) ask the kind instead of naming rulesets.

  /**
   * What one game of the kind is called in a sentence: "your side gives up the battle". Its HELP mail's part is
   * templates/kinds/<ruleset>/help.txt.hbs and .html.hbs (its orders language explained).
   */
  readonly noun: string;

  /**
   * Every word that opens an order or setup line in the kind's languages (the tactical SHIP and DEPLOY, a campaign's
   * BUILD, MOVE …): a reply that joins a seat and holds one of them carries orders, not just a yes.
   */
  readonly orderKeywords: readonly string[];
  /**
   * The first word of a game id the service makes up (`<prefix>-x7k2qa`), from the scenario the game was made from
   * ('custom' when none): the tactical `tutorial`, `skirmish`, `solo`, `game`; the campaign `campaign`.
   */
  idPrefix(scenario: string): string;
  /**
   * Whether a game of the kind is made from a named scenario (`msc game create --scenario`, the API's `scenario`);
   * otherwise from the kind's own settings.
   */
  readonly takesScenarios: boolean;
  /**
   * The scenarios a game of the kind may be made from, in the order they are offered (`msc game create --scenario`,
   * the API's `scenario`, the new-game page); `custom` among them when the kind also takes settings of its own. A
   * kind without scenarios has none. The kind reads a scenario's options itself (`setup.scenario`).
   */
  readonly scenarios: readonly string[];
  /** The kind's stand-alone adjudicator on the command line (`msc [command] resolve|check`). */
  readonly adjudicator: KindAdjudicator;
  /** How `msc game show|turns|turn` print a game of the kind, from its documents as the API gives them. */
  readonly printout: KindPrintout;

  /**
   * A small game of this kind as its creator might set one up: what every kind is checked against
   * (test/kinds/conformance.test.ts plays it through every channel).
   */
  readonly sample: KindSample;
}

/** A small game of a kind (`GameKind.sample`). */
export interface KindSample {
  /** What createGame takes for it besides the game's name, id and seats: its scenario, if any, and its settings. */
  readonly create: { readonly scenario?: string; readonly settings?: Readonly<Record<string, unknown>> };
  /** The sides a person plays, in seat order. */
  readonly seats: readonly string[];
  /** Each side's setup as its player might send it, for a kind with a setup phase; a side without one is defaulted. */
  readonly setups?: Readonly<Record<string, (gameId: string) => string>>;
  /**
   * Orders a side's player might send in a turn from 1 on, for a kind whose order block orders nothing until it is
   * edited (a campaign's lists what each fleet can do); null: the block as the report gives it.
   */
  readonly orders?: (side: string, turn: number, gameId: string) => string | null;
  /**
   * For a kind with hidden information (`viewFor`): words of each side's own (its ships' ids, its designs as mail
   * writes them) that no other side may read anywhere while the game runs.
   */
  readonly secrets?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Any kind, as the service holds them: its state and orders are opaque to the
 * service, which only hands back to a kind what that kind itself read.
 */
export type AnyGameKind = GameKind<unknown, unknown>;
