/**
 * `msc game …` through a running server's JSON API: used when that server
 * holds the embedded database (its data directory lock records its URL), so
 * the command line stays useful while the service runs. Seat tokens and the
 * game's moderator key travel as `Authorization: Bearer …`; the server checks
 * them, so moderator commands here need `--key`.
 */
import { AppError } from '../games/errors.ts';
import type { CreateGameInput } from '../games/games/create.ts';
import type { GameExport } from '../games/archive/export-format.ts';
import { CliError } from './cli-error.ts';
import type {
  CreatedGameInfo,
  DeadlineChange,
  GameDetails,
  GameSummary,
  GamesClient,
  NewPlayer,
  OrdersAnswer,
  ResolvedInfo,
  SeatRequestInfo,
  StandingOrders,
  TurnDetail,
  TurnRecord,
  AbsenceInfo,
} from './games-client.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (...vs: unknown[]): string | undefined => vs.find((v): v is string => typeof v === 'string');
const num = (...vs: unknown[]): number | undefined => vs.find((v): v is number => typeof v === 'number');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const absenceInfo = (a: Json): AbsenceInfo => ({
  id: num(a.id) ?? 0,
  side: str(a.side) ?? '?',
  first: str(a.first) ?? '?',
  last: str(a.last) ?? '?',
  startsAt: str(a.startsAt) ?? '?',
  endsAt: str(a.endsAt) ?? '?',
  status: str(a.status) ?? '?',
  movedTurn: num(a.movedTurn) ?? null,
  reason: strOrNull(a.reason),
});

export interface HttpClientOptions {
  /** The game's moderator key, for moderator commands. */
  readonly key?: string;
  /** The operator's key the server recorded in the data directory's lock: creating a game needs it. */
  readonly operatorKey?: string;
  /** For tests: another fetch. */
  readonly fetch?: typeof fetch;
  /** How long a submission that completes the turn waits for the server's workers to resolve it (default 15 s). */
  readonly resolveWaitMs?: number;
}

export class HttpGamesClient implements GamesClient {
  readonly where: string;
  readonly #base: string;
  readonly #key: string | undefined;
  readonly #operatorKey: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #resolveWaitMs: number;

  constructor(baseUrl: string, options: HttpClientOptions = {}) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.where = `the server at ${this.#base}`;
    this.#key = options.key;
    this.#operatorKey = options.operatorKey;
    this.#fetch = options.fetch ?? fetch;
    this.#resolveWaitMs = options.resolveWaitMs ?? 15_000;
  }

  #moderatorKey(): string {
    if (this.#key) return this.#key;
    throw new CliError(
      `the data directory is held by the server at ${this.#base}, so this command goes through it, and there it needs the game's moderator key: pass --key KEY (the key msc game create printed)`,
    );
  }

  async #call(method: 'GET' | 'POST', path: string, options: { auth?: string; body?: unknown } = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.auth) headers.authorization = `Bearer ${options.auth}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      const why =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new CliError(`cannot reach the server at ${this.#base}, which holds the data directory: ${why}`);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok)
        throw new Error(`the server at ${this.#base} answered ${method} ${path} with something other than JSON`);
    }
    if (response.ok) return body;
    const e = obj(obj(body).error ?? body);
    const message = str(e.message);
    if (response.status >= 500 || !message) {
      throw new Error(
        `the server at ${this.#base} answered ${method} ${path} with ${response.status} ${response.statusText}${message ? `: ${message}` : ''}`,
      );
    }
    const problems = Array.isArray(e.problems)
      ? e.problems.map(obj).map((p) => ({
          code: str(p.code) ?? 'PROBLEM',
          message: str(p.message) ?? '',
          line: num(p.line) ?? null,
          ...(str(p.ship) ? { ship: str(p.ship) } : {}),
        }))
      : [];
    throw new AppError(str(e.code) ?? `HTTP_${response.status}`, message, response.status, problems);
  }

  #game(gameId: string, rest = ''): string {
    return `/api/games/${encodeURIComponent(gameId)}${rest}`;
  }

  async #moderate(gameId: string, action: string, body: Json, reason: string | null): Promise<Json> {
    // The API takes a reason only when there is one.
    const withReason = reason ? { ...body, reason } : body;
    return obj(
      await this.#call('POST', this.#game(gameId, `/${action}`), { auth: this.#moderatorKey(), body: withReason }),
    );
  }

  async create(input: CreateGameInput): Promise<CreatedGameInfo> {
    const r = obj(
      await this.#call('POST', '/api/games', {
        body: input,
        ...(this.#operatorKey ? { auth: this.#operatorKey } : {}),
      }),
    );
    const game = obj(r.game);
    const moderatorKey = str(r.moderatorKey);
    if (!moderatorKey)
      throw new Error(`the server at ${this.#base} created the game but did not return its moderator key`);
    return {
      gameId: str(game.id) ?? input.id ?? '?',
      name: str(game.name) ?? input.name,
      scenario: str(game.scenario) ?? input.scenario ?? 'custom',
      status: str(game.status) ?? '?',
      turn: num(obj(game.turn).number) ?? 0,
      moderatorKey,
      seats: (Array.isArray(r.seats) ? r.seats : []).map(obj).map((s) => ({
        side: str(s.side) ?? '?',
        email: str(s.email) ?? '',
        name: str(s.name) ?? '',
        token: str(s.token) ?? '',
      })),
      openSides: (Array.isArray(r.openSides) ? r.openSides : []).map((s) => str(s) ?? '?'),
    };
  }

  async list(): Promise<GameSummary[]> {
    const games = obj(await this.#call('GET', '/api/games')).games;
    return (Array.isArray(games) ? games : []) as GameSummary[];
  }

  async show(gameId: string): Promise<GameDetails> {
    // Without the key the server shows what anyone may see; the printed view says so.
    return obj(await this.#call('GET', this.#game(gameId), this.#key ? { auth: this.#key } : {})).game as GameDetails;
  }

  async submitFleet(gameId: string, token: string, fleet: unknown) {
    const game = obj(obj(await this.#call('POST', this.#game(gameId, '/fleet'), { auth: token, body: fleet })).game);
    return { gameId, status: str(game.status) ?? '?', turn: num(obj(game.turn).number) ?? 0 };
  }

  async submitOrders(gameId: string, token: string, text: string): Promise<OrdersAnswer> {
    const r = obj(await this.#call('POST', this.#game(gameId, '/orders'), { auth: token, body: { text } }));
    return {
      gameId,
      turn: num(r.turn) ?? 0,
      side: null,
      stored: r.stored !== false,
      canonical: str(r.canonical) ?? '',
      deadline: strOrNull(r.deadline),
      commands: Array.isArray(r.commands) ? r.commands.filter((c): c is string => typeof c === 'string') : [],
      message: null,
      relayedTo: str(r.relayedTo) ?? null,
      pressedTo: Array.isArray(r.pressedTo) ? r.pressedTo.filter((x): x is string => typeof x === 'string') : [],
      conceded: r.conceded === true,
      turnComplete: r.turnComplete === true,
      resolved: r.turnComplete === true ? await this.#resolution(gameId, token, num(r.turn) ?? 0) : null,
      notes: Array.isArray(r.notes) ? r.notes.filter((n): n is string => typeof n === 'string') : [],
    };
  }

  /**
   * The server's workers resolve a complete turn a moment after the last orders are in: waits (briefly) for it, so
   * that the command says what became of the turn and the next command, run at once, finds it resolved — as on
   * the database itself. Null when the wait ends first (no worker runs, or the game cannot be read with the token).
   */
  async #resolution(gameId: string, token: string, turn: number): Promise<ResolvedInfo | null> {
    const until = Date.now() + this.#resolveWaitMs;
    while (Date.now() < until) {
      let game: Json;
      try {
        game = obj(obj(await this.#call('GET', this.#game(gameId), { auth: token })).game);
      } catch {
        return null;
      }
      const open = num(obj(game.turn).number) ?? turn;
      const over = game.status === 'finished' || game.status === 'abandoned';
      if (open > turn || over) return { turn, gameOver: over };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return null;
  }

  async standingOrders(gameId: string, token: string): Promise<StandingOrders> {
    const r = obj(await this.#call('GET', this.#game(gameId, '/orders'), { auth: token }));
    return { gameId, turn: num(r.turn) ?? 0, canonical: strOrNull(r.canonical), receivedAt: strOrNull(r.receivedAt) };
  }

  async resolve(gameId: string, reason: string | null): Promise<ResolvedInfo | null> {
    const resolved = obj((await this.#moderate(gameId, 'resolve', {}, reason)).resolved);
    const turn = num(resolved.turn);
    return turn === undefined ? null : { turn, gameOver: resolved.gameOver === true };
  }

  async rollback(gameId: string, reason: string | null) {
    return { reopened: num((await this.#moderate(gameId, 'rollback', {}, reason)).reopened) ?? 0 };
  }

  async pause(gameId: string, reason: string | null) {
    return { status: str(obj((await this.#moderate(gameId, 'pause', {}, reason)).game).status) ?? 'paused' };
  }

  async resume(gameId: string, reason: string | null) {
    return { status: str(obj((await this.#moderate(gameId, 'resume', {}, reason)).game).status) ?? 'active' };
  }

  async setDeadline(gameId: string, change: DeadlineChange, reason: string | null) {
    const body =
      'extendHours' in change
        ? { extendHours: change.extendHours }
        : { deadline: 'at' in change ? change.at.toISOString() : null };
    return { deadline: strOrNull((await this.#moderate(gameId, 'deadline', body, reason)).deadline) };
  }

  async replaceSeat(gameId: string, side: string, player: NewPlayer, reason: string | null) {
    const r = await this.#moderate(gameId, `seats/${encodeURIComponent(side)}/replace`, { ...player }, reason);
    const token = str(r.token);
    if (!token) throw new Error(`the server at ${this.#base} replaced the player but did not return the new token`);
    return {
      side,
      email: str(r.email) ?? player.email,
      name: str(r.name) ?? player.name,
      timeZone: str(r.timeZone) ?? player.timeZone ?? 'UTC',
      token,
    };
  }

  async rotateToken(gameId: string, side: string, reason: string | null) {
    const token = str(
      (await this.#moderate(gameId, `seats/${encodeURIComponent(side)}/rotate-token`, {}, reason)).token,
    );
    if (!token) throw new Error(`the server at ${this.#base} rotated the token but did not return it`);
    return { side, token };
  }

  async seatRequests(gameId: string): Promise<SeatRequestInfo[]> {
    const r = obj(await this.#call('GET', this.#game(gameId, '/join-requests'), { auth: this.#moderatorKey() }));
    return (Array.isArray(r.requests) ? r.requests : []).map(obj).map((q) => ({
      id: num(q.id) ?? 0,
      side: str(q.side) ?? '?',
      name: str(q.name) ?? '',
      email: str(q.email) ?? '',
      timeZone: str(q.timeZone) ?? 'UTC',
      createdAt: str(q.createdAt) ?? '',
    }));
  }

  async decideSeatRequest(gameId: string, request: number, how: 'approve' | 'refuse', reason: string | null) {
    const r = await this.#moderate(gameId, `join-requests/${request}/${how}`, {}, reason);
    return {
      request,
      status: how === 'approve' ? ('approved' as const) : ('refused' as const),
      side: str(r.side) ?? '?',
      name: str(r.name) ?? '',
    };
  }

  async setMissedTurnLimit(gameId: string, limit: number, reason: string | null) {
    const r = await this.#moderate(gameId, 'missed-turn-limit', { limit }, reason);
    return { missedTurnLimit: typeof r.missedTurnLimit === 'number' ? r.missedTurnLimit : limit };
  }

  async absences(gameId: string) {
    const r = obj(await this.#call('GET', this.#game(gameId, '/absences'), { auth: this.#moderatorKey() }));
    return (Array.isArray(r.absences) ? r.absences : []).map((a) => absenceInfo(obj(a)));
  }

  async refuseAbsence(gameId: string, absence: number, reason: string | null) {
    return absenceInfo(obj((await this.#moderate(gameId, `absences/${absence}/refuse`, {}, reason)).absence));
  }

  async removeObserver(gameId: string, email: string, reason: string | null) {
    const r = await this.#moderate(gameId, 'observers/remove', { email }, reason);
    return { removed: typeof r.removed === 'string' ? r.removed : email };
  }

  async concede(gameId: string, side: string, reason: string | null) {
    const r = await this.#moderate(gameId, `seats/${encodeURIComponent(side)}/concede`, {}, reason);
    return { side, gameEnds: r.gameEnds === true, resolved: null };
  }

  async end(gameId: string, how: 'end' | 'abandon', reason: string | null) {
    const game = obj((await this.#moderate(gameId, 'end', { how }, reason)).game);
    return {
      status: str(game.status) ?? (how === 'abandon' ? 'abandoned' : 'finished'),
      winner: strOrNull(game.winner),
    };
  }

  async turns(gameId: string): Promise<TurnRecord[]> {
    const turns = obj(await this.#call('GET', this.#game(gameId, '/turns'))).turns;
    return (Array.isArray(turns) ? turns : []) as TurnRecord[];
  }

  async turn(gameId: string, number: number): Promise<TurnDetail> {
    return obj(await this.#call('GET', this.#game(gameId, `/turns/${number}`))).turn as TurnDetail;
  }

  async exportGame(gameId: string, token?: string): Promise<GameExport> {
    // The moderator key shows the most (the seed of a running game too); a seat's token, a private game.
    const auth = this.#key ?? token;
    return (await this.#call('GET', this.#game(gameId, '/export'), auth ? { auth } : {})) as GameExport;
  }

  async close(): Promise<void> {
    // Nothing held open: each call is one request.
  }
}
