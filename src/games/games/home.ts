/**
 * A person's games, as their home page lists them: first those that wait
 * for them (orders for the open turn, or a fleet to choose), soonest
 * deadline first; then those that wait for others; then finished ones. Each
 * with its deadline in the person's own time zone and how long is left.
 */
import { deadlineView } from '../../reports/turn-report.ts';
import type { GamesContext } from '../context.ts';
import { seatsOf } from './people.ts';
import { publicGameView, type GameView } from './views.ts';

export interface HomeGame {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly status: string;
  readonly turn: number | null;
  /** What this person is to do now, e.g. "send your orders for turn 3"; null when nothing. */
  readonly todo: string | null;
  /** Why the game waits, when it waits on others, e.g. "waiting for Grey". */
  readonly waitingFor: string | null;
  /** The deadline in UTC and in the seat's time zone; null without one. */
  readonly deadline: string | null;
  /** How long is left before the deadline, e.g. "2 days 5 hours left"; null without one. */
  readonly left: string | null;
  /** The deadline's moment, for ordering; null when there is none. */
  readonly deadlineAt: Date | null;
  /** Several seats of this person in one game: the link names the side. */
  readonly several: boolean;
}

export interface Home {
  readonly yourMove: readonly HomeGame[];
  readonly waiting: readonly HomeGame[];
  readonly finished: readonly HomeGame[];
}

/** "3 days 4 hours left", "45 minutes left", "past the deadline". */
export function timeLeft(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'past the deadline: it resolves any moment';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = days > 0 ? [unit(days, 'day'), ...(hours > 0 ? [unit(hours, 'hour')] : [])] : [];
  if (days === 0) parts.push(...(hours > 0 ? [unit(hours, 'hour')] : []), ...(hours < 3 ? [unit(mins, 'minute')] : []));
  return `${parts.join(' ')} left`;
}

function classify(view: GameView, side: string, timeZone: string, now: Date, several: boolean): HomeGame {
  const me = view.seats.find((s) => s.side === side);
  const open = view.turn !== null && view.turn.status === 'open';
  const over = view.status === 'finished' || view.status === 'abandoned';
  let todo: string | null = null;
  // Whether a seat has set up is the view's `fleetIn`: its turn-0 submission, for every kind.
  // A game with a side open waits for a player to take it (the lobby): nobody sets up yet.
  const waitingForPlayers = view.openSides.length > 0;
  if (waitingForPlayers) todo = null;
  else if (view.status === 'setup' && me && !me.fleetIn) todo = 'choose your fleet';
  else if (view.status === 'active' && open && me && me.mustOrder && !me.ordersIn && !me.conceded)
    todo = `send your orders for turn ${view.turn!.number}`;
  const others = view.seats.filter(
    (s) => s.side !== side && ((view.status === 'setup' && !s.fleetIn) || (s.mustOrder && !s.ordersIn && !s.conceded)),
  );
  const waitingFor = over
    ? null
    : waitingForPlayers
      ? `waiting for a player to take ${view.openSides.join(', ')} (the lobby)`
      : view.status === 'paused'
        ? 'paused by its moderator'
        : others.length > 0
          ? `waiting for ${others.map((s) => s.name).join(', ')}`
          : todo === null
            ? 'resolving'
            : null;
  const deadlineAt = !over && open ? view.turn!.deadline : null;
  return {
    id: view.id,
    name: view.name,
    side,
    status: view.status,
    turn: view.turn?.number ?? null,
    todo,
    waitingFor,
    deadline: deadlineAt ? deadlineView(deadlineAt, timeZone).text : null,
    left: deadlineAt && view.status === 'active' ? timeLeft(deadlineAt, now) : null,
    deadlineAt,
    several,
  };
}

const byDeadline = (a: HomeGame, b: HomeGame) =>
  (a.deadlineAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.deadlineAt?.getTime() ?? Number.POSITIVE_INFINITY);

/** `email`'s games in three groups: their move, waiting on others, finished. */
export async function homeOf(ctx: GamesContext, email: string): Promise<Home> {
  const seats = await seatsOf(ctx, email);
  const now = ctx.clock.now();
  const views = new Map<string, GameView>();
  for (const { game } of seats) if (!views.has(game.id)) views.set(game.id, await publicGameView(ctx, game.id));
  const games = seats.map(({ seat, game }) =>
    classify(views.get(game.id)!, seat.side, seat.timeZone, now, seats.filter((x) => x.game.id === game.id).length > 1),
  );
  const over = (g: HomeGame) => g.status === 'finished' || g.status === 'abandoned';
  return {
    yourMove: games.filter((g) => g.todo !== null).sort(byDeadline),
    waiting: games.filter((g) => g.todo === null && !over(g)).sort(byDeadline),
    finished: games.filter(over),
  };
}
