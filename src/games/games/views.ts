/**
 * What a seat, a moderator or a reader sees of a game. Orders are never shown
 * to anyone but their seat before the turn has resolved.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, games, submissions, type Game, type Seat } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import { createGamesRepository, gameNotFound } from './games.repository.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import type { GamesContext } from '../context.ts';
import { createTurnsRepository } from '../turns/turns.repository.ts';
import { createOutboxRepository, type OutboxMessage } from '../outbox/outbox.repository.ts';
import { forbidden, notFound } from '../errors.ts';
import { isSetupTurn, SETUP_TURN, setupContext } from '../turns/kind-setup.ts';
import { seatByToken } from '../seats/seats.ts';
import { isOver, kindSettingsOf, openSidesOf, scenarioOf, settingsOf } from './state.ts';
import { sideName } from './settings.ts';
import { sidesThatMustOrder } from './lifecycle.ts';
import { missedBefore } from '../turns/messages.ts';
import { checkModerator, type Moderator } from '../moderation/moderation.ts';
import { battlesOfRunningCampaigns, openToAll } from '../battles/visibility.ts';
import { reportedBattles } from '../battles/views.ts';
import { observerCount, observersOf } from '../observers/observers.repository.ts';

async function gameRow(ctx: GamesContext, gameId: string): Promise<Game> {
  const game = await createGamesRepository(ctx.db).byId(gameId);
  return game;
}

/** The public face of a game: settings, seats (names, not addresses), turn, position, dice commitment. */
async function baseView(ctx: GamesContext, game: Game) {
  const settings = settingsOf(game);
  const seatRows = await createSeatsRepository(ctx.db).ofGame(game.id);
  const turn = await createTurnsRepository(ctx.db).find(game.id, game.currentTurn);
  const standing = turn
    ? await ctx.db
        .select({ seatId: submissions.seatId })
        .from(submissions)
        .where(
          and(eq(submissions.gameId, game.id), eq(submissions.turn, turn.number), isNull(submissions.supersededAt)),
        )
    : [];
  // A game over waits for nobody.
  const must =
    game.state && !isOver(game) ? new Set(sidesThatMustOrder(game, game.state, seatRows)) : new Set<string>();
  // A setup run as turn 0 on the queue (every kind's): a seat's setup is in when its submission for turn 0 stands.
  // A game set up before that (a tactical battle's fleet in its seat's column) is read as it was stored.
  const setupIn = (s: Seat): boolean =>
    turn?.number === SETUP_TURN
      ? standing.some((x) => x.seatId === s.id)
      : s.fleet !== null || game.currentTurn > SETUP_TURN;
  return {
    id: game.id,
    name: game.name,
    ruleset: game.ruleset,
    scenario: scenarioOf(game),
    status: game.status,
    settings,
    /** The settings the game's kind reads itself (a campaign's map, budget, battles, fog …); null for a battle. */
    kindSettings: kindSettingsOf(game),
    seats: seatRows.map((s) => ({
      side: s.side,
      name: s.displayName,
      /** Whether the seat's setup is in (its fleet, deployment or starting build), or the game is past setup. */
      fleetIn: setupIn(s),
      mustOrder: must.has(s.side),
      ordersIn: standing.some((x) => x.seatId === s.id),
      conceded: s.concededAt !== null,
      /** False while the seat's player has not answered the invitation: the seat is mailed nothing else. */
      joined: s.joinedAt !== null,
      /** Turns the seat let pass without orders (or setup), and how many of them in a row up to the last one. */
      missedTurns: s.missedTurns,
      missedInARow: s.missedInARow,
      /** Who plays the side since its player reached the missed-turn limit (the solo rules); null: its player. */
      ruledBy: s.ruledSince ? (kindOf(game.ruleset).rulesPlaying ?? 'the rules') : null,
      /** Mail to the seat bounces for good: its reports are not mailed, they are on the web (outbox/bounces.ts). */
      mailBounces: s.bouncedAt !== null,
    })),
    /** Sides left open for the lobby and not taken yet: the game waits for them, with no turn (seats/lobby.ts). */
    openSides: openSidesOf(game, seatRows),
    turn: turn
      ? {
          number: turn.number,
          status: turn.status,
          openedAt: turn.openedAt,
          deadline: turn.deadline,
          dueAt: turn.dueAt,
        }
      : null,
    // A kind with hidden information (a campaign) shows its state to nobody but the moderator while it runs; each
    // seat sees its own side's view (`me.view`).
    position: statePublic(game) ? game.state : null,
    /** How many observe the game (games/observers): a number only, never who. */
    observers: await observerCount(ctx.db, game.id),
    seedCommitment: game.seedCommitment,
    seed: game.status === 'finished' || game.status === 'abandoned' ? game.seed : null,
    winner: game.winner,
    result: game.result,
  };
}

export type GameView = Awaited<ReturnType<typeof baseView>>;

/** Whether anyone may see the game's whole state: always for a kind without secrets, else once it is over. */
function statePublic(game: Pick<Game, 'ruleset' | 'status'>): boolean {
  return kindOf(game.ruleset).viewFor === undefined || isOver(game);
}

/**
 * A running game of a kind with hidden information (a campaign, rules-strategic.md §6) keeps its turns' states and
 * orders from everyone but its moderator: each side has its own view and reports. HIDDEN_WHILE_RUNNING otherwise.
 */
export async function assertTurnsVisible(
  ctx: GamesContext,
  gameId: string,
  reader: 'moderator' | 'seat' | 'reader',
): Promise<void> {
  const game = await gameRow(ctx, gameId);
  if (reader === 'moderator' || statePublic(game)) return;
  throw forbidden(
    'HIDDEN_WHILE_RUNNING',
    `game ${gameId} is a ${kindOf(game.ruleset).title} with hidden information: its turns are shown once it is over; your side's view is in the game view and your reports`,
  );
}

/** The events of the last resolved turn before the game's current one (a kind's side view may depend on them). */
async function lastEvents(ctx: GamesContext, game: Game): Promise<readonly unknown[]> {
  const row = await createTurnsRepository(ctx.db).lastResolved(game.id);
  return (row?.events ?? []) as readonly unknown[];
}

/** The game without anyone's private details (for answers to someone who has already proved who they are). */
export async function publicGameView(ctx: GamesContext, gameId: string): Promise<GameView> {
  return baseView(ctx, await gameRow(ctx, gameId));
}

/** What a visitor with no token sees: a game its moderator made private is not there for them. */
export async function visitorGameView(ctx: GamesContext, gameId: string): Promise<GameView> {
  const game = await gameRow(ctx, gameId);
  // A campaign's linked battle too while its campaign runs (battles/visibility.ts).
  if (!(await openToAll(ctx.db, game))) throw gameNotFound(gameId);
  return baseView(ctx, game);
}

/** The game as a seat sees it: the public view, plus its own seat and the orders it has in. */
export async function seatGameView(ctx: GamesContext, gameId: string, token: string) {
  const game = await gameRow(ctx, gameId);
  return seatViewOf(ctx, game, await seatByToken(ctx.db, gameId, token));
}

/** The game as the seat sees it, for a seat already found (its report mail's JSON, SET REPORT JSON). */
export async function seatViewOf(ctx: GamesContext, game: Game, seat: Seat) {
  const view = await baseView(ctx, game);
  return { ...view, me: await seatDetails(ctx, game, seat) };
}

/** What the seat's side sees of the state: the kind's view for a kind with hidden information, else the state. */
async function sideViewOf(ctx: GamesContext, game: Game, side: string): Promise<unknown> {
  if (!game.state) return null;
  const kind = kindOf(game.ruleset);
  if (!kind.viewFor) return game.state;
  return kind.viewFor(kind.readState(game.state), side, await lastEvents(ctx, game));
}

/** A seat's permanent bounce as its player and its moderator are shown it (outbox/bounces.ts), or null. */
export function bounceOf(seat: Pick<Seat, 'bouncedAt' | 'bounceReason'>): { at: Date; reason: string } | null {
  return seat.bouncedAt === null
    ? null
    : { at: seat.bouncedAt, reason: seat.bounceReason ?? 'returned as undeliverable' };
}

async function seatDetails(ctx: GamesContext, game: Game, seat: Seat) {
  const [sub] = await ctx.db
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.gameId, game.id),
        eq(submissions.turn, game.currentTurn),
        eq(submissions.seatId, seat.id),
        isNull(submissions.supersededAt),
      ),
    );
  const kind = kindOf(game.ruleset);
  // The seat's setup as it stands (its submission for turn 0); a game set up before the setup was turn 0 kept a
  // tactical battle's fleet in its seat's row.
  const [setupIn] =
    game.currentTurn === SETUP_TURN
      ? sub
        ? [sub]
        : []
      : await ctx.db
          .select({ orders: submissions.orders })
          .from(submissions)
          .where(
            and(
              eq(submissions.gameId, game.id),
              eq(submissions.turn, SETUP_TURN),
              eq(submissions.seatId, seat.id),
              isNull(submissions.supersededAt),
            ),
          );
  const at = game.state
    ? { gameId: game.id, turn: game.currentTurn, side: seat.side, state: kind.readState(game.state) }
    : null;
  const setup = isSetupTurn(game, game.currentTurn) && game.status === 'setup' ? kind.setup : null;
  const canonical = (orders: unknown) =>
    setup
      ? setup.formatSetup(setup.readSetup(orders), {
          gameId: game.id,
          side: seat.side,
          state: at!.state,
          settings: kindSettingsOf(game),
        })
      : kind.formatOrders(kind.readOrders(orders), at!);
  return {
    side: seat.side,
    name: seat.displayName,
    email: seat.email,
    timeZone: seat.timeZone,
    /** The seat's setup document (a tactical battle's fleet: `{ ships }`), null before it is in. */
    fleet: setupIn ? kind.setup.writeSetup(kind.setup.readSetup(setupIn.orders)) : seat.fleet,
    conceded: seat.concededAt !== null,
    joined: seat.joinedAt !== null,
    /** When mail to the seat last bounced for good, and why; null while it is delivered. */
    bounce: bounceOf(seat),
    /** What this side sees of the game now (a campaign: its own view, rules-strategic.md §6). */
    view: await sideViewOf(ctx, game, seat.side),
    orders:
      sub && at
        ? {
            receivedAt: sub.receivedAt,
            channel: sub.channel,
            canonical: canonical(sub.orders),
          }
        : null,
  };
}

/**
 * The sides whose seats the game's moderator holds (its address is theirs), while the game runs: such a moderator is
 * shown what those seats see and no more (issue 24) — the whole game needs a moderator without a seat. The service's
 * operator is no player: empty for the operator, and once the game is over, when everything is revealed.
 */
export function seatedModeratorSides(game: Game, seatRows: readonly Seat[], m: Moderator): string[] {
  if ('operator' in m || isOver(game) || game.moderatorEmail === null) return [];
  return seatRows.filter((s) => s.email.trim().toLowerCase() === game.moderatorEmail).map((s) => s.side);
}

/**
 * The moderator's view: every seat with its address and the orders it has in; the outbox and the audit log. A
 * moderator who holds a seat (`seatedAs`, its first seat's side) sees the state as that seat does, the orders and
 * setups of its own seats only, and not the dice seed.
 */
export async function moderatorGameView(ctx: GamesContext, m: Moderator) {
  const game = await checkModerator(ctx, m);
  const view = await baseView(ctx, game);
  const seatRows = await createSeatsRepository(ctx.db).ofGame(game.id);
  const held = seatedModeratorSides(game, seatRows, m);
  const seatedAs = held[0] ?? null;
  const details = await Promise.all(seatRows.map((s) => seatDetails(ctx, game, s)));
  const mail = await createOutboxRepository(ctx.db).ofGame(game.id, 50);
  const log = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.gameId, game.id))
    .orderBy(desc(auditLog.id))
    .limit(100);
  return {
    ...view,
    position: seatedAs === null ? game.state : await sideViewOf(ctx, game, seatedAs),
    seed: seatedAs === null ? game.seed : null,
    seatedAs,
    seatDetails: details.map((d) =>
      seatedAs === null || held.includes(d.side) ? d : { ...d, fleet: null, view: null, orders: null },
    ),
    outbox: mail.map((o) => ({
      id: o.id,
      kind: o.kind,
      to: o.toAddress,
      subject: o.subject,
      status: o.status,
      attempts: o.attempts,
      lastError: o.lastError,
      createdAt: o.createdAt,
      sentAt: o.sentAt,
    })),
    audit: log.map((a) => ({ at: a.at, actor: a.actor, action: a.action, reason: a.reason, details: a.details })),
    /** Who observes the game, with their addresses: the moderator may remove any of them. */
    observerList: (await observersOf(ctx.db, game.id)).map((o) => ({ email: o.email, since: o.createdAt })),
  };
}

/** A game's mail, newest first, for its moderator's board: the last mail to each seat and whether it went out. */
export async function moderatorMail(ctx: GamesContext, m: Moderator, limit = 200): Promise<OutboxMessage[]> {
  const game = await checkModerator(ctx, m);
  return createOutboxRepository(ctx.db).ofGame(game.id, limit);
}

/** One turn. Its orders are shown only once it has resolved. */
export async function turnView(ctx: GamesContext, gameId: string, number: number) {
  const turn = await createTurnsRepository(ctx.db).find(gameId, number);
  if (!turn) throw notFound('TURN_NOT_FOUND', `game ${gameId} has no turn ${number}`);
  const resolved = turn.status === 'resolved';
  return {
    gameId,
    number: turn.number,
    status: turn.status,
    openedAt: turn.openedAt,
    deadline: turn.deadline,
    resolvedAt: turn.resolvedAt,
    stateBefore: turn.stateBefore,
    orders: resolved ? turn.ordersUsed : null,
    events: resolved ? turn.events : null,
    stateAfter: resolved ? turn.stateAfter : null,
  };
}

/** Every resolved turn of a game, in order. */
export async function history(ctx: GamesContext, gameId: string) {
  await gameRow(ctx, gameId);
  // Turn 0 is the setup phase, no turn of play: its setups are the seats' own until the game is over.
  const rows = (await createTurnsRepository(ctx.db).resolved(gameId)).filter((t) => t.number > SETUP_TURN);
  return rows.map((t) => ({
    number: t.number,
    resolvedAt: t.resolvedAt,
    orders: t.ordersUsed,
    events: t.events,
    stateAfter: t.stateAfter,
  }));
}

export async function listGames(ctx: GamesContext, filter: { publicOnly?: boolean } = {}) {
  const rows = await ctx.db.select().from(games).orderBy(desc(games.createdAt)).limit(500);
  const hidden = filter.publicOnly ? await battlesOfRunningCampaigns(ctx.db) : new Set<string>();
  return rows
    .filter((g) => !filter.publicOnly || (g.public && !hidden.has(g.id)))
    .map((g) => ({
      id: g.id,
      name: g.name,
      scenario: scenarioOf(g),
      status: g.status,
      turn: g.currentTurn,
      winner: g.winner,
      createdAt: g.createdAt,
      updatedAt: g.updatedAt,
    }));
}

/** Resolved turns before `before`, with their events, oldest first: a kind's reports are built from them. */
async function eventsBefore(ctx: GamesContext, gameId: string, before: number) {
  return createTurnsRepository(ctx.db).eventsBefore(gameId, before);
}

/**
 * The kind's report of the game's current turn for one reader, as the mail reports give it: a seat's (only what its
 * side may see, rules-strategic.md §6) or, for the moderator (`seat` null), the observer's, which shows everything.
 * In a kind's setup phase there is no report; `setupBlock` is the seat's setup to edit instead (the one it has in,
 * else the kind's blank). Null when the game has no turn yet.
 */
async function readerReport(ctx: GamesContext, game: Game, seat: Seat | null) {
  const turn = await createTurnsRepository(ctx.db).find(game.id, game.currentTurn);
  if (!turn) return null;
  const kind = kindOf(game.ruleset);
  const settings = settingsOf(game);
  const [sub] = seat
    ? await ctx.db
        .select()
        .from(submissions)
        .where(
          and(
            eq(submissions.gameId, game.id),
            eq(submissions.turn, turn.number),
            eq(submissions.seatId, seat.id),
            isNull(submissions.supersededAt),
          ),
        )
    : [];
  if (isSetupTurn(game, turn.number)) {
    const setup = kind.setup;
    const at = setupContext(game, turn, seat?.side ?? '');
    return {
      setup: true as const,
      report: null,
      setupBlock:
        seat && !isOver(game) ? setup.setupBlock(at, sub ? setup.readSetup(sub.orders) : undefined).trimEnd() : null,
    };
  }
  const timeZone = seat?.timeZone ?? 'UTC';
  // A game over reports its end: the final state and every turn played, the last one told; no turn is open, so
  // there is no deadline and nothing to order.
  const over = isOver(game) && game.state !== null;
  const played = over && turn.status === 'resolved' ? turn.number + 1 : turn.number;
  const history = await eventsBefore(ctx, game.id, played);
  const view = kind.report({
    game: { id: game.id, name: game.name },
    turn: played,
    state: kind.readState(over ? game.state : turn.stateBefore),
    history,
    deadline: over ? null : turn.deadline,
    reader: seat
      ? { kind: 'seat', side: seat.side, timeZone, currentOrders: sub ? kind.readOrders(sub.orders) : null }
      : { kind: 'observer', timeZone },
    sideName: (side) => sideName(settings, side),
    seedCommitment: game.seedCommitment,
    battles: await reportedBattles(ctx.db, ctx.publicUrl, game, history.at(-1)?.number),
  });
  // Which sides sent nothing for the turn before, as the mail report says it.
  const missed = missedBefore(game, played, history);
  const report = missed.length > 0 ? { ...view, missed } : view;
  return { setup: false as const, report: over ? { ...report, orderBlock: null } : report, setupBlock: null };
}

/**
 * What the game page says of the sides that sent nothing for the turn before the current one (the mail report says
 * the same): none once that turn is not the last resolved, or when every side ordered.
 */
export async function missedLastTurn(ctx: GamesContext, game: Game): Promise<string[]> {
  const last = await createTurnsRepository(ctx.db).lastResolved(game.id);
  if (!last || last.missed.length === 0) return [];
  return missedBefore(game, last.number + 1, [{ number: last.number, events: [], missed: last.missed }]);
}

/** A seat's report of the current turn (what its mail report says), or its setup block in a setup phase. */
export async function seatReport(ctx: GamesContext, gameId: string, token: string) {
  const game = await gameRow(ctx, gameId);
  const seat = await seatByToken(ctx.db, gameId, token);
  return readerReport(ctx, game, seat);
}

/** The moderator's report of the current turn: everything, every side's records. */
export async function moderatorReport(ctx: GamesContext, m: Moderator) {
  const game = await checkModerator(ctx, m);
  return readerReport(ctx, game, null);
}

/**
 * The events of the last resolved turn that are the seat's side's own (those naming it as their `side`: its moves,
 * its losses, what its sensors found), for pages that draw them; never another side's.
 */
export async function seatOwnLastEvents(ctx: GamesContext, gameId: string, token: string): Promise<unknown[]> {
  const game = await gameRow(ctx, gameId);
  const seat = await seatByToken(ctx.db, gameId, token);
  return (await lastEvents(ctx, game)).filter(
    (e) => typeof e === 'object' && e !== null && (e as { side?: unknown }).side === seat.side,
  );
}
