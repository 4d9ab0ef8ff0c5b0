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
import { messagesOf } from '../../../games/turns/side-messages.ts';
import { kindOf } from '../../../kinds/index.ts';
import { readMiniState, writeMiniState } from '../../../kinds/mini-combat/docs.ts';
import { viewPosition } from '../../../kinds/mini-combat/view-position.ts';
import { LIBRARY_DESIGNS } from '../../../rules/mini-combat/library.ts';
import { elementCost } from '../../../rules/mini-combat/cost.ts';
import { designLine } from '../../../orders/mini-combat/index.ts';
import { miniEndReport } from '../../../kinds/mini-combat/report.ts';
import { MINI_SIDES, pointsOf, zoneOrder, type MiniSettings } from '../../../kinds/mini-combat/settings.ts';
import { deadlineView } from '../../../reports/report-view.ts';
import { turnViews } from '../../../rules/mini-combat/turn.ts';
import type { MiniPosition } from '../../../rules/mini-combat/types.ts';
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
import { renderMiniMap } from './board-map.ts';
import type { MiniCheckData } from './check.ts';

/** Each side's deployment zone rows (§21), for the map while the sides set up. */
export const zonesOf = (p: MiniPosition) =>
  Object.fromEntries(
    MINI_SIDES.map((side) => {
      const rows = zoneOrder(p, side).map((h) => h.row);
      return [side, { fromRow: Math.min(...rows), toRow: Math.max(...rows) }];
    }),
  );

export const legendOf = (p: MiniPosition, name: (side: string) => string, mine: string | null) =>
  p.sides.map((side) => ({
    side,
    name: name(side),
    shape: sideStyleFor(p.sides, side, name).shapeName,
    mine: side === mine,
  }));

export async function miniPageModel(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  extras: GamePageExtras = {},
) {
  const { gameView, reported, settings, name } = await seatPageBasis(ctx, game, seat);
  const state = game.state ? readMiniState(game.state) : null;
  const turn = gameView.turn;
  const turnOpen = turn?.status === 'open';
  const inSetup = reported?.setup === true;
  const report = reported?.report ?? null;
  const mustOrder = gameView.seats.find((s) => s.side === seat.side)?.mustOrder ?? false;
  const over = game.status === 'finished' || game.status === 'abandoned';
  const running = game.status === 'active' || game.status === 'setup';
  const canOrder =
    running && turnOpen && !gameView.me.conceded && (inSetup || (mustOrder && report?.orderBlock != null));
  const messages = await messagesOf(ctx, game.id, seat.side);
  const lastTurn = (await history(ctx, game.id)).at(-1);
  const lastEvents = Array.isArray(lastTurn?.events) ? (lastTurn.events as unknown[]) : [];
  // A battle over shows everything (its archive does too); while it runs, only the seat's view (§22.4).
  const end = over ? miniEndReport({ state, lastEvents, sideName: name }) : null;
  const view = state && !over ? turnViews(state)[seat.side]! : null;
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
  return {
    game: gameHeading(game),
    missed: await missedOnPage(ctx, game),
    moderation: await moderationLine(ctx, game, seat),
    me: { side: seat.side, sideName: name(seat.side), name: seat.displayName, timeZone: seat.timeZone },
    otherSeats: mySeats.filter((s) => s.id !== seat.id).map((s) => ({ side: s.side, sideName: name(s.side) })),
    seats: gameView.seats.map((s) => ({ ...s, sideName: name(s.side), mine: s.side === seat.side })),
    turn: turn && !over ? { number: turn.number, status: turn.status, open: turnOpen } : null,
    over: gameOverPanel(game),
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
    deadline: turn && !over ? deadlineView(turn.deadline, seat.timeZone) : null,
    paused: game.status === 'paused',
    turnLimit: state?.turnLimit ?? 'none',
    mapSvg: state
      ? renderMiniMap({
          position: state,
          view: over ? null : (view ?? null),
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
      text: extras.ordersText ?? (canOrder ? (inSetup ? reported?.setupBlock : report?.orderBlock) : null) ?? null,
      problems: extras.problems ?? [],
      notice: extras.notice ?? null,
      result: extras.ordersResult ?? null,
    },
    messages: messagesPanel(settings, seat.side, gameView.seats, messages, extras, over),
    reportMails: seat.reportMails,
    seedCommitment: game.seedCommitment,
  };
}
