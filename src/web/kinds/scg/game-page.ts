/**
 * What a seat's Simple Combat Game page shows (rules-scg.md §16: everything):
 * the board as SVG with the moves of the last turn, the units with their
 * damage, the last turn told with every die, both scores, the text board the
 * mail carries, and the order form checked as it is typed by the service's
 * own parser.
 */
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';

import { history } from '../../../games/games/views.ts';
import type { Seat } from '../../../games/seats/seats.repository.ts';
import { readScgState } from '../../../kinds/scg/docs.ts';
import { scgEndReport } from '../../../kinds/scg/report.ts';
import { formatHex } from '../../../rules/hex.ts';
import { formatAr, unitTypeOf } from '../../../rules/scg/forces.ts';
import type { MoveEvent, ScgState } from '../../../rules/scg/types.ts';
import {
  jsonForPage,
  reportOnPage,
  seatPageBasis,
  seatPageCommon,
  sideLegend,
  type GamePageExtras,
} from '../page-parts.ts';
import { isOver } from '../../../games/games/state.ts';
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
  sideLegend(state.sides, name, mine);

export async function scgPageModel(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  extras: GamePageExtras = {},
) {
  const basis = await seatPageBasis(ctx, game, seat);
  const { gameView, reported, name } = basis;
  const state = game.state ? readScgState(game.state) : null;
  const turn = gameView.turn;
  const report = reported?.report ?? null;
  const mustOrder = gameView.seats.find((s) => s.side === seat.side)?.mustOrder ?? false;
  const canOrder =
    game.status === 'active' &&
    turn?.status === 'open' &&
    !gameView.me.conceded &&
    mustOrder &&
    report?.orderBlock != null;
  const check: ScgCheckData | null =
    state && turn && canOrder ? { gameId: game.id, turn: turn.number, side: seat.side, state: game.state } : null;
  // Nothing is hidden (rules-scg.md §16): the last turn's moves, both sides', are drawn on the board.
  const lastTurn = (await history(ctx, game.id)).at(-1);
  const lastEvents = Array.isArray(lastTurn?.events) ? (lastTurn.events as unknown[]) : [];
  const moves = movesOf(lastEvents);
  // A game over tells its last turn and shows the final board, as the mail that ends it does; no turn is open.
  const end = isOver(game) ? scgEndReport({ state, lastEvents }) : null;
  return {
    ...(await seatPageCommon(ctx, game, seat, mySeats, basis, extras, { canOrder, text: report?.orderBlock })),
    ...reportOnPage(report, end, lastTurn),
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
    checkJson: check ? jsonForPage(check) : null,
  };
}
