/**
 * What a seat's Simple Combat Game page shows (rules-scg.md §16: everything):
 * the board as SVG with the moves of the last turn, the units with their
 * damage, the last turn told with every die, both scores, the text board the
 * mail carries, and the order form checked as it is typed by the service's
 * own parser.
 */
import { kindOf } from '../../../kinds/index.ts';
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';

import { history } from '../../../games/games/views.ts';
import type { Seat } from '../../../games/seats/seats.repository.ts';
import { messagesOf } from '../../../games/turns/side-messages.ts';
import { readScgState } from '../../../kinds/scg/docs.ts';
import { scgEndReport } from '../../../kinds/scg/report.ts';
import { deadlineView } from '../../../reports/report-view.ts';
import { formatHex } from '../../../rules/hex.ts';
import { formatAr, unitTypeOf } from '../../../rules/scg/forces.ts';
import type { MoveEvent, ScgState } from '../../../rules/scg/types.ts';
import { sideStyleFor } from '../../svg/side-styles.ts';
import {
  gameHeading,
  gameOverPanel,
  jsonForPage,
  messagesPanel,
  missedOnPage,
  moderationLine,
  seatPageBasis,
  type GamePageExtras,
} from '../page-parts.ts';
import { renderScgMap } from './board-map.ts';
import type { ScgCheckData } from './check.ts';

/** Every unit as the page's table lists it, in unit order. */
export function unitRows(state: ScgState, name: (side: string) => string) {
  return state.units.map((u) => {
    const t = unitTypeOf(state.unitTypes, u.type);
    return {
      id: u.id,
      side: u.side,
      sideName: name(u.side),
      type: t?.name ?? u.type,
      hex: u.status === 'active' ? formatHex(u.hex) : `destroyed (${formatHex(u.hex)})`,
      ma: t?.ma ?? '?',
      ar: t ? formatAr(t.ar) : '?',
      damage: `${u.damage} / ${t?.dc ?? '?'}`,
      weapons: t?.weapons.map((w) => `${w.mount} (${w.weapon})`).join(', ') ?? '',
      destroyed: u.status !== 'active',
    };
  });
}

/** The moves of a turn's events, for the map. */
export const movesOf = (events: readonly unknown[]) =>
  (events as MoveEvent[]).filter((e) => e?.type === 'move').map((e) => ({ unit: e.unit, from: e.from, path: e.path }));

export const legendOf = (state: ScgState, name: (side: string) => string, mine: string | null) =>
  state.sides.map((side) => ({
    side,
    name: name(side),
    shape: sideStyleFor(state.sides, side, name).shapeName,
    mine: side === mine,
  }));

export async function scgPageModel(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  extras: GamePageExtras = {},
) {
  const { gameView, reported, settings, name } = await seatPageBasis(ctx, game, seat);
  const state = game.state ? readScgState(game.state) : null;
  const turn = gameView.turn;
  const turnOpen = turn?.status === 'open';
  const report = reported?.report ?? null;
  const mustOrder = gameView.seats.find((s) => s.side === seat.side)?.mustOrder ?? false;
  const canOrder =
    game.status === 'active' && turnOpen && !gameView.me.conceded && mustOrder && report?.orderBlock != null;
  const check: ScgCheckData | null =
    state && turn && canOrder ? { gameId: game.id, turn: turn.number, side: seat.side, state: game.state } : null;
  const messages = await messagesOf(ctx, game.id, seat.side);
  // Nothing is hidden (rules-scg.md §16): the last turn's moves, both sides', are drawn on the board.
  const lastTurn = (await history(ctx, game.id)).at(-1);
  const lastEvents = Array.isArray(lastTurn?.events) ? (lastTurn.events as unknown[]) : [];
  const moves = movesOf(lastEvents);
  // A game over tells its last turn and shows the final board, as the mail that ends it does; no turn is open.
  const over = game.status === 'finished' || game.status === 'abandoned';
  const end = over ? scgEndReport({ state, lastEvents }) : null;
  return {
    game: gameHeading(game),
    missed: await missedOnPage(ctx, game),
    moderation: await moderationLine(ctx, game, seat),
    me: { side: seat.side, sideName: name(seat.side), name: seat.displayName, timeZone: seat.timeZone },
    otherSeats: mySeats.filter((s) => s.id !== seat.id).map((s) => ({ side: s.side, sideName: name(s.side) })),
    seats: gameView.seats.map((s) => ({ ...s, sideName: name(s.side), mine: s.side === seat.side })),
    turn: turn && !over ? { number: turn.number, status: turn.status, open: turnOpen } : null,
    over: gameOverPanel(game),
    deadline: turn && !over ? deadlineView(turn.deadline, seat.timeZone) : null,
    paused: game.status === 'paused',
    turnLimit: state?.turnLimit ?? 'none',
    mapSvg: state
      ? renderScgMap({
          state,
          sideName: name,
          title: `${game.name}, turn ${game.currentTurn}: the board${moves.length > 0 ? ', with the last turn’s moves' : ''}`,
          idPrefix: 'scg-map',
          moves,
          chooser: seat.side,
        })
      : null,
    // The board for the script that shows what a chosen unit of this side sees (nothing is hidden: §16).
    sightJson:
      state && state.units.some((u) => u.side === seat.side && u.status === 'active')
        ? jsonForPage({ state: game.state })
        : null,
    legend: state ? legendOf(state, name, seat.side) : [],
    units: state ? unitRows(state, name) : [],
    diagram: end ? end.diagram : (report?.diagram ?? null),
    lastTurn:
      end && lastTurn
        ? { number: lastTurn.number, narrative: end.narrative }
        : report && report.lastTurn !== null && report.lastTurn > 0
          ? { number: report.lastTurn, narrative: report.narrative }
          : null,
    sheets: end ? end.sheets : (report?.sheets ?? []),
    noOrdersReason: report?.noOrdersReason ?? null,
    orders: {
      canOrder,
      standingRule: kindOf(game.ruleset).standingOrders,
      standing: gameView.me.orders
        ? {
            canonical: gameView.me.orders.canonical.trimEnd(),
            receivedAt: gameView.me.orders.receivedAt,
            channel: gameView.me.orders.channel,
          }
        : null,
      text: extras.ordersText ?? (canOrder ? report?.orderBlock : null) ?? null,
      problems: extras.problems ?? [],
      notice: extras.notice ?? null,
      result: extras.ordersResult ?? null,
    },
    checkJson: check ? jsonForPage(check) : null,
    messages: messagesPanel(settings, seat.side, gameView.seats, messages, extras, over),
    reportMails: seat.reportMails,
    seedCommitment: game.seedCommitment,
  };
}
