/**
 * `msc game …` on the database itself: the use cases of src/games, with the
 * command line as the operator (trusted: it has the database in hand, so no
 * moderator key is asked for). No turn-queue worker runs here, so a command
 * that makes a turn due resolves it itself before it returns.
 */
import { exportGame } from '../games/archive/archive.ts';
import { createGameAndInvite, type CreateGameInput } from '../games/games/create.ts';
import { approveSeatRequest, pendingSeatRequests, refuseSeatRequest } from '../games/seats/lobby.ts';
import type { GamesContext } from '../games/context.ts';
import {
  checkModerator,
  concedeFor,
  endGame,
  extendDeadline,
  pause,
  replaceSeat,
  resolveNow,
  resume,
  rollback,
  rotateSeatToken,
  setMissedTurnLimit,
  removeObserver,
  setDeadline,
  refuseAbsence,
  type Moderator,
} from '../games/moderation/moderation.ts';
import { absenceDocument, absencesOf } from '../games/seats/absences.ts';

import { standingOrders } from '../games/turns/orders.ts';
import { submitText } from '../games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../games/turns/resolution.ts';
import { submitFleet } from '../games/seats/setup.ts';
import { scenarioOf } from '../games/games/state.ts';
import { history, listGames, moderatorGameView, turnView } from '../games/games/views.ts';
import {
  toWire,
  type DeadlineChange,
  type GamesClient,
  type NewPlayer,
  type OrdersAnswer,
  type ResolvedInfo,
} from './games-client.ts';

export class DirectGamesClient implements GamesClient {
  constructor(
    private readonly ctx: GamesContext,
    readonly where: string,
    private readonly onClose: () => Promise<void> = async () => undefined,
    /** What the user should know about the database opened (a new, empty one was made), or null. */
    readonly notice: string | null = null,
  ) {}

  #operator(gameId: string): Moderator {
    return { gameId, operator: true, actor: 'cli' };
  }

  /** The turn of this game that is due now, resolved here; null when none is due. */
  async #resolveDue(gameId: string): Promise<ResolvedInfo | null> {
    const r = await resolveNextDueTurn(this.ctx, gameId);
    return r ? { turn: r.turn, gameOver: r.gameOver } : null;
  }

  async create(input: CreateGameInput) {
    const created = await createGameAndInvite(this.ctx, input, 'operator:cli');
    const { game } = created;
    return {
      gameId: game.id,
      name: game.name,
      scenario: scenarioOf(game),
      status: game.status,
      turn: game.currentTurn,
      moderatorKey: created.moderatorToken,
      seats: created.seats.map((s) => ({ ...s })),
      openSides: [...created.openSides],
    };
  }

  async list() {
    return toWire(await listGames(this.ctx));
  }

  async show(gameId: string) {
    return toWire(await moderatorGameView(this.ctx, this.#operator(gameId)));
  }

  async submitFleet(gameId: string, token: string, fleet: unknown) {
    const game = await submitFleet(this.ctx, gameId, token, fleet, 'cli');
    return { gameId: game.id, status: game.status, turn: game.currentTurn };
  }

  async submitOrders(gameId: string, token: string, text: string): Promise<OrdersAnswer> {
    // CONCEDE and MESSAGE in the text are the player's word, as they are by mail, on the web and through the API.
    const r = await submitText(this.ctx, { gameId, token, text, channel: 'cli' });
    const conceded = r.conceded;
    const turnComplete = r.turnComplete || (conceded?.gameEnds ?? false);
    return {
      gameId,
      turn: r.turn,
      side: r.seat.side,
      stored: r.stored,
      canonical: r.canonical,
      deadline: r.deadline?.toISOString() ?? null,
      commands: [...r.commands],
      message: r.message,
      relayedTo: r.relayedTo?.side ?? null,
      pressedTo: r.pressedTo.map((x) => x.side),
      conceded: conceded !== null,
      turnComplete,
      resolved: turnComplete || conceded ? await this.#resolveDue(gameId) : null,
      notes: [...r.notes],
    };
  }

  async standingOrders(gameId: string, token: string) {
    const r = await standingOrders(this.ctx, gameId, token);
    return { gameId, turn: r.turn, canonical: r.canonical, receivedAt: r.receivedAt?.toISOString() ?? null };
  }

  async resolve(gameId: string, reason: string | null) {
    const r = await resolveNow(this.ctx, this.#operator(gameId), reason);
    return r ? { turn: r.turn, gameOver: r.gameOver } : null;
  }

  async rollback(gameId: string, reason: string | null) {
    return { reopened: await rollback(this.ctx, this.#operator(gameId), reason) };
  }

  async pause(gameId: string, reason: string | null) {
    const game = await pause(this.ctx, this.#operator(gameId), reason);
    return { status: game.status };
  }

  async resume(gameId: string, reason: string | null) {
    const game = await resume(this.ctx, this.#operator(gameId), reason);
    // A turn that fell due while the game was paused resolves now.
    await this.#resolveDue(gameId);
    return { status: game.status };
  }

  async setDeadline(gameId: string, change: DeadlineChange, reason: string | null) {
    const m = this.#operator(gameId);
    const deadline =
      'extendHours' in change
        ? await extendDeadline(this.ctx, m, change.extendHours, reason)
        : await setDeadline(this.ctx, m, 'at' in change ? change.at : null, reason);
    return { deadline: deadline?.toISOString() ?? null };
  }

  async replaceSeat(gameId: string, side: string, player: NewPlayer, reason: string | null) {
    const { seat, token } = await replaceSeat(this.ctx, this.#operator(gameId), side, player, reason);
    return { side: seat.side, email: seat.email, name: seat.displayName, timeZone: seat.timeZone, token };
  }

  async seatRequests(gameId: string) {
    await checkModerator(this.ctx, this.#operator(gameId));
    return (await pendingSeatRequests(this.ctx, gameId)).map((r) => ({
      id: r.id,
      side: r.side,
      name: r.displayName,
      email: r.email,
      timeZone: r.timeZone,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async decideSeatRequest(gameId: string, request: number, how: 'approve' | 'refuse', reason: string | null) {
    const decide = how === 'approve' ? approveSeatRequest : refuseSeatRequest;
    const r = await decide(this.ctx, this.#operator(gameId), request, reason);
    return { request, status: how === 'approve' ? ('approved' as const) : ('refused' as const), ...r };
  }

  async rotateToken(gameId: string, side: string, reason: string | null) {
    return { side, token: await rotateSeatToken(this.ctx, this.#operator(gameId), side, reason) };
  }

  async setMissedTurnLimit(gameId: string, limit: number, reason: string | null) {
    return setMissedTurnLimit(this.ctx, this.#operator(gameId), limit, reason);
  }

  async absences(gameId: string) {
    await checkModerator(this.ctx, this.#operator(gameId));
    return (await absencesOf(this.ctx, gameId)).map(absenceDocument);
  }

  async refuseAbsence(gameId: string, absence: number, reason: string | null) {
    return absenceDocument(await refuseAbsence(this.ctx, this.#operator(gameId), absence, reason));
  }

  async removeObserver(gameId: string, email: string, reason: string | null) {
    return removeObserver(this.ctx, this.#operator(gameId), email, reason);
  }

  async concede(gameId: string, side: string, reason: string | null) {
    const { gameEnds } = await concedeFor(this.ctx, this.#operator(gameId), side, reason);
    // Conceding can complete the turn (the last missing seat) or end the game: either way it is due now.
    return { side, gameEnds, resolved: await this.#resolveDue(gameId) };
  }

  async end(gameId: string, how: 'end' | 'abandon', reason: string | null) {
    const game = await endGame(this.ctx, this.#operator(gameId), how, reason);
    return { status: game.status, winner: game.winner };
  }

  async turns(gameId: string) {
    return toWire(await history(this.ctx, gameId));
  }

  async turn(gameId: string, number: number) {
    return toWire(await turnView(this.ctx, gameId, number));
  }

  async exportGame(gameId: string) {
    // The operator has the database in hand: the export holds everything, the seed included.
    return exportGame(this.ctx, gameId, { as: 'operator' });
  }

  close(): Promise<void> {
    return this.onClose();
  }
}
