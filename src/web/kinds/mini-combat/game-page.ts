/**
 * What a seat's Mini Combat page shows (rules-mini-combat.md §22.4: only its
 * view): during setup the army list — the setup block ready to edit, the
 * points, the deployment zones on the map; then the battlefield as SVG with
 * its own elements and the enemy ones in sight, its units, the score and
 * objectives, the last turn as it saw it, the text map the mail carries, and
 * the order form in the §19 language.
 */
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import { history } from '../../../games/games/views.ts';
import type { Seat } from '../../../games/seats/seats.repository.ts';
import { readMiniState, writeMiniState } from '../../../kinds/mini-combat/docs.ts';
import { viewPosition } from '../../../kinds/mini-combat/view-position.ts';
import { LIBRARY_DESIGNS } from '../../../rules/mini-combat/library.ts';
import { elementCost } from '../../../rules/mini-combat/cost.ts';
import { designLine } from '../../../orders/mini-combat/index.ts';
import { miniEndReport } from '../../../kinds/mini-combat/report.ts';
import { pointsOf, zonesOf, type MiniSettings } from '../../../kinds/mini-combat/settings.ts';
import { turnView } from '../../../rules/mini-combat/turn.ts';
import type { MiniPosition } from '../../../rules/mini-combat/types.ts';
import {
  jsonForPage,
  reportOnPage,
  seatPageBasis,
  seatPageCommon,
  sideLegend,
  type GamePageExtras,
} from '../page-parts.ts';
import { isOver } from '../../../games/games/state.ts';
import { renderMiniMap } from './board-map.ts';
import type { MiniCheckData } from './check.ts';

export const legendOf = (p: MiniPosition, name: (side: string) => string, mine: string | null) =>
  sideLegend(p.sides, name, mine);

export async function miniPageModel(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  extras: GamePageExtras = {},
) {
  const basis = await seatPageBasis(ctx, game, seat);
  const { gameView, reported, name } = basis;
  const state = game.state ? readMiniState(game.state) : null;
  const turn = gameView.turn;
  const inSetup = reported?.setup === true;
  const report = reported?.report ?? null;
  const mustOrder = gameView.seats.find((s) => s.side === seat.side)?.mustOrder ?? false;
  const over = isOver(game);
  const running = game.status === 'active' || game.status === 'setup';
  const canOrder =
    running &&
    turn?.status === 'open' &&
    !gameView.me.conceded &&
    (inSetup || (mustOrder && report?.orderBlock != null));
  const lastTurn = (await history(ctx, game.id)).at(-1);
  const lastEvents = Array.isArray(lastTurn?.events) ? (lastTurn.events as unknown[]) : [];
  // A battle over shows everything (its archive does too); while it runs, only the seat's view (§22.4).
  const end = over ? miniEndReport({ state, lastEvents, sideName: name }) : null;
  const kindSettings = gameView.kindSettings as MiniSettings | undefined;
  const points = kindSettings ? pointsOf(kindSettings, seat.side) : null;
  // The script checks the text against the side's own view only: nothing hidden from it is in the page.
  const check: MiniCheckData | null =
    state && turn && canOrder
      ? {
          gameId: game.id,
          turn: turn.number,
          side: seat.side,
          position: writeMiniState(inSetup ? state : viewPosition(state, seat.side)),
          points: inSetup ? points : null,
        }
      : null;
  const text = inSetup ? reported?.setupBlock : report?.orderBlock;
  return {
    ...(await seatPageCommon(ctx, game, seat, mySeats, basis, extras, { canOrder, text })),
    ...reportOnPage(report, end, lastTurn),
    setup: inSetup,
    points,
    // The ready designs a list starts from (the sample battle's, §23), each with its cost and DESIGN line.
    library: inSetup
      ? LIBRARY_DESIGNS.map((d) => ({
          name: d.name,
          role: d.role,
          cost: elementCost(d.design).cost,
          line: designLine({ name: d.name, design: d.design }),
        }))
      : [],
    checkJson: check ? jsonForPage(check) : null,
    turnLimit: state?.turnLimit ?? 'none',
    mapSvg: state
      ? renderMiniMap({
          position: state,
          view: over ? null : turnView(state, seat.side),
          sideName: name,
          title: inSetup
            ? `${game.name}: the battlefield and both deployment zones`
            : `${game.name}, turn ${game.currentTurn}${over ? ': the end' : `, as ${name(seat.side)} sees it`}`,
          idPrefix: 'mini-map',
          preview: canOrder,
          ...(inSetup ? { zones: zonesOf(state) } : {}),
        })
      : null,
    legend: state ? legendOf(state, name, seat.side) : [],
  };
}
