/**
 * What `msc game …` asks of the service, written once for two ways of reaching
 * it: the use cases on the database itself (direct-client.ts), or a running
 * server's JSON API when that server holds the embedded database
 * (http-client.ts). Answers are in their JSON form (times as ISO strings), so
 * both ways print the same.
 */
import type { CreateGameInput } from '../games/games/create.ts';
import type { GameExport } from '../games/archive/export-format.ts';
import type { history, listGames, moderatorGameView, publicGameView, turnView } from '../games/games/views.ts';

/** A value as it travels as JSON: Dates become ISO strings. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** `value` as JSON would carry it. */
export function toWire<T>(value: T): Wire<T> {
  return JSON.parse(JSON.stringify(value)) as Wire<T>;
}

export type GameSummary = Wire<Awaited<ReturnType<typeof listGames>>[number]>;
export type PublicGameView = Wire<Awaited<ReturnType<typeof publicGameView>>>;
export type ModeratorGameView = Wire<Awaited<ReturnType<typeof moderatorGameView>>>;
/** The moderator's view, or — over the API without the moderator key — the public one. */
export type GameDetails = PublicGameView & Partial<Pick<ModeratorGameView, 'seatDetails' | 'outbox' | 'audit'>>;
export type TurnRecord = Wire<Awaited<ReturnType<typeof history>>[number]>;
export type TurnDetail = Wire<Awaited<ReturnType<typeof turnView>>>;

export interface CreatedGameInfo {
  readonly gameId: string;
  readonly name: string;
  readonly scenario: string;
  readonly status: string;
  readonly turn: number;
  /** Shown once: the game's moderator key. */
  readonly moderatorKey: string;
  /** Shown once: each seat's token. */
  readonly seats: ReadonlyArray<{ side: string; email: string; name: string; token: string }>;
  /** Sides left open for the lobby (--open-seat): the game waits for them. */
  readonly openSides: readonly string[];
}

export interface SeatRequestInfo {
  readonly id: number;
  readonly side: string;
  readonly name: string;
  readonly email: string;
  readonly timeZone: string;
  readonly createdAt: string;
}

export interface ResolvedInfo {
  readonly turn: number;
  readonly gameOver: boolean;
}

export interface OrdersAnswer {
  readonly gameId: string;
  readonly turn: number;
  /** The seat's side (null when a server did not say). */
  readonly side: string | null;
  /** False when the text held commands only. */
  readonly stored: boolean;
  /** The orders as the service understood them. */
  readonly canonical: string;
  readonly deadline: string | null;
  readonly commands: readonly string[];
  readonly message: { to: string; text: string; anonymous?: boolean } | null;
  /** The sides press (MESSAGE ALL) went to. */
  readonly pressedTo?: readonly string[];
  /** The side a MESSAGE was relayed to (null: no MESSAGE, or no player holds that side). */
  readonly relayedTo: string | null;
  /** The text said CONCEDE, and the side has conceded. */
  readonly conceded: boolean;
  /** Every seat that must order is in: the turn is due now. */
  readonly turnComplete: boolean;
  /** The turn this command resolved itself (direct access only; a server resolves it on its own). */
  readonly resolved: ResolvedInfo | null;
  /** How the text was read, where the player should know (HOLD, a greeting skipped, orders taken from a quote). */
  readonly notes: readonly string[];
}

export interface StandingOrders {
  readonly gameId: string;
  readonly turn: number;
  /** Null: no orders in yet. */
  readonly canonical: string | null;
  readonly receivedAt: string | null;
}

export type DeadlineChange = { readonly at: Date } | { readonly extendHours: number } | { readonly none: true };

export interface NewPlayer {
  readonly email: string;
  readonly name: string;
  readonly timeZone?: string;
}

/** Every operation of `msc game`. Moderator operations take an optional reason for the audit log. */
export interface GamesClient {
  /** Where the commands go, for messages: "the database …" or "the server at …". */
  readonly where: string;
  /** What the user should know about where the commands went (a new, empty database made), said once; or none. */
  readonly notice?: string | null;
  create(input: CreateGameInput): Promise<CreatedGameInfo>;
  list(): Promise<GameSummary[]>;
  show(gameId: string): Promise<GameDetails>;
  submitFleet(gameId: string, token: string, fleet: unknown): Promise<{ gameId: string; status: string; turn: number }>;
  submitOrders(gameId: string, token: string, text: string): Promise<OrdersAnswer>;
  standingOrders(gameId: string, token: string): Promise<StandingOrders>;
  resolve(gameId: string, reason: string | null): Promise<ResolvedInfo | null>;
  rollback(gameId: string, reason: string | null): Promise<{ reopened: number }>;
  pause(gameId: string, reason: string | null): Promise<{ status: string }>;
  resume(gameId: string, reason: string | null): Promise<{ status: string }>;
  setDeadline(gameId: string, change: DeadlineChange, reason: string | null): Promise<{ deadline: string | null }>;
  replaceSeat(
    gameId: string,
    side: string,
    player: NewPlayer,
    reason: string | null,
  ): Promise<{ side: string; email: string; name: string; timeZone: string; token: string }>;
  rotateToken(gameId: string, side: string, reason: string | null): Promise<{ side: string; token: string }>;
  setMissedTurnLimit(gameId: string, limit: number, reason: string | null): Promise<{ missedTurnLimit: number }>;
  /** The game's absences (SET ABSENCE), each with the number a refusal names it by. */
  absences(gameId: string): Promise<AbsenceInfo[]>;
  refuseAbsence(gameId: string, absence: number, reason: string | null): Promise<AbsenceInfo>;
  /** Removes an observer of the game (by the address it observes with). */
  removeObserver(gameId: string, email: string, reason: string | null): Promise<{ removed: string }>;
  /** Players asking for an open side of a game whose creator approves them (the lobby). */
  seatRequests(gameId: string): Promise<SeatRequestInfo[]>;
  decideSeatRequest(
    gameId: string,
    request: number,
    how: 'approve' | 'refuse',
    reason: string | null,
  ): Promise<{ request: number; status: 'approved' | 'refused'; side: string; name: string }>;
  concede(
    gameId: string,
    side: string,
    reason: string | null,
  ): Promise<{ side: string; gameEnds: boolean; resolved: ResolvedInfo | null }>;
  end(
    gameId: string,
    how: 'end' | 'abandon',
    reason: string | null,
  ): Promise<{ status: string; winner: string | null }>;
  turns(gameId: string): Promise<TurnRecord[]>;
  turn(gameId: string, number: number): Promise<TurnDetail>;
  /** The whole game as the archive's JSON document; `token` (a seat's, through a server) opens a private game. */
  exportGame(gameId: string, token?: string): Promise<GameExport>;
  /** Closes the database (direct access); safe to call twice. */
  close(): Promise<void>;
}

/** A seat's absence, as the moderator's commands show it. */
export interface AbsenceInfo {
  readonly id: number;
  readonly side: string;
  readonly first: string;
  readonly last: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly status: string;
  readonly movedTurn: number | null;
  readonly reason: string | null;
}
