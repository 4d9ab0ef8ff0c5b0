/**
 * What a seat's campaign page shows (rules-strategic.md §6, §10), built only
 * from what the service shows that side — its view (`me.view` of the seat's
 * game view, the kind's `viewFor`), its own events of the last turn, and its
 * turn report as mail gives it — never from the campaign itself: the map
 * (systems, owners, homes, its fleets with their reach, the enemy fleets it
 * sees, its moves of the last turn), the last turn as it saw it, its Fleet
 * and Production Control Sheets, the deadline in its zone, and the setup or
 * order form with the data its live check runs on.
 */
import { kindOf } from '../../../kinds/index.ts';
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import type { Seat } from '../../../games/seats/seats.repository.ts';

import { bounceOf, seatOwnLastEvents } from '../../../games/games/views.ts';
import { messagesOf } from '../../../games/turns/side-messages.ts';
import { deadlineView } from '../../../reports/turn-report.ts';
import { formatHex } from '../../../rules/hex.ts';
import type { CampaignOptions } from '../../../rules/strategic/types.ts';
import { readCampaign, storedEvents, storedView } from '../../../kinds/strategic/docs.ts';
import { campaignTextWarnings, type CampaignCheckData } from './campaign-check.ts';
import { systemRows } from '../../../reports/campaign-systems.ts';
import { renderCampaignMap, sideMapInput } from './campaign-map.ts';
import { sideStyleFor } from '../../svg/side-styles.ts';
import {
  gameHeading,
  gameOverPanel,
  jsonForPage,
  messagesPanel,
  missedOnPage,
  moderationLine,
  seatPageBasis,
  absencesPanel,
} from '../page-parts.ts';
import { isOver } from '../../../games/games/state.ts';
import { battlesOfCampaignTurn } from '../../../games/battles/views.ts';

export interface CampaignPageExtras {
  readonly notice?: string | null;
  readonly ordersResult?: string | null;
  readonly problems?: readonly string[];
  readonly ordersText?: string | null;
  readonly messageError?: string | null;
  readonly messageDraft?: { to: string; text: string; anonymous?: boolean } | null;
}

/** The campaign's options as its settings give them (defaults as rules-strategic.md sets them). */
function optionsOf(kindSettings: unknown): CampaignOptions & { budget: number } {
  const s = (kindSettings ?? {}) as Partial<CampaignOptions & { budget: number }>;
  return {
    battles: s.battles ?? 'strategic',
    fog: s.fog ?? 'positions',
    turnLimit: s.turnLimit ?? null,
    budget: s.budget ?? 150,
  };
}

const BATTLE_STATUS: Record<string, string> = {
  setup: 'the sides are deploying',
  active: 'being fought',
  paused: 'paused by the moderator',
  finished: 'ended',
  abandoned: 'abandoned',
};

/**
 * The battles a campaign's page and its moderator's board list (rules-strategic.md §8: "A tactical battle's archive
 * is linked from the campaign turn it belongs to"): those of the current turn — fought while the turn waits for
 * them — and those of the turn before, ended, whose outcome that turn was resolved from. Each links to its game page
 * while it is fought and to its archive once ended, with its result.
 */
export async function campaignBattles(ctx: GamesContext, campaignId: string, currentTurn: number) {
  const turns = [currentTurn, currentTurn - 1].filter((n) => n > 0);
  const listed = [];
  for (const turn of turns) {
    const battles = await battlesOfCampaignTurn(ctx, campaignId, turn);
    if (battles.length === 0) continue;
    listed.push({
      turn,
      current: turn === currentTurn,
      list: battles.map((b) => ({
        gameId: b.gameId,
        title: b.title,
        status: BATTLE_STATUS[b.status] ?? b.status,
        ended: b.ended,
        result: b.ended ? ((b.result as { summary?: string } | null)?.summary ?? 'ended with no result') : null,
        url: `/games/${b.gameId}`,
        archive: `/archive/${b.gameId}`,
      })),
    });
  }
  return listed;
}

export async function campaignPageModel(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  extras: CampaignPageExtras = {},
) {
  const { token, gameView, reported, settings, name } = await seatPageBasis(ctx, game, seat);
  const options = optionsOf(gameView.kindSettings);
  const view = storedView(gameView.me.view);
  const sides = settings.sides.map((s) => s.id) as unknown as readonly [string, string];
  const turn = gameView.turn;
  const turnOpen = turn?.status === 'open';
  const inSetup = reported?.setup === true;
  const report = reported?.report ?? null;
  const mustOrder = gameView.seats.find((s) => s.side === seat.side)?.mustOrder ?? false;
  const running = game.status === 'active' || game.status === 'setup';
  // A campaign over has no turn open: the final map as the side sees it, its last turn told, the result and seed.
  const over = isOver(game);
  const canOrder =
    running && turnOpen && !gameView.me.conceded && (inSetup || (mustOrder && report?.orderBlock != null));
  const ownEvents = storedEvents(await seatOwnLastEvents(ctx, game.id, token));
  const messages = await messagesOf(ctx, game.id, seat.side);

  const map = view
    ? renderCampaignMap({
        ...sideMapInput(
          view,
          sides,
          ownEvents,
          `${inSetup ? 'The campaign map before setup' : over ? 'The final map' : `Turn ${turn?.number ?? game.currentTurn}`} of ${game.name}, as ${name(seat.side)} sees it`,
        ),
        sideName: name,
        idPrefix: 'campaign-map',
      })
    : null;
  const check: CampaignCheckData | null =
    view && turn && canOrder
      ? {
          gameId: game.id,
          turn: turn.number,
          side: seat.side,
          sides,
          options: {
            battles: options.battles,
            fog: options.fog,
            turnLimit: options.turnLimit,
            // A campaign stored before ids belonged to a side is checked by the older rule, as the service checks it.
            ...(game.state && readCampaign(game.state).options.ids === 'game' ? { ids: 'game' as const } : {}),
          },
          conceded: gameView.seats.filter((s) => s.conceded).map((s) => s.side),
          budget: inSetup ? options.budget : null,
          view,
        }
      : null;

  return {
    game: gameHeading(game),
    missed: await missedOnPage(ctx, game),
    moderation: await moderationLine(ctx, game, seat),
    me: { side: seat.side, sideName: name(seat.side), name: seat.displayName, timeZone: seat.timeZone },
    otherSeats: mySeats.filter((s) => s.id !== seat.id).map((s) => ({ side: s.side, sideName: name(s.side) })),
    seats: gameView.seats.map((s) => ({ ...s, sideName: name(s.side), mine: s.side === seat.side })),
    observers: gameView.observers,
    turn: turn && !over ? { number: turn.number, status: turn.status, open: turnOpen } : null,
    deadline: turn && !over ? deadlineView(turn.deadline, seat.timeZone) : null,
    over: gameOverPanel(game),
    paused: game.status === 'paused',
    setup: inSetup,
    options: {
      ...options,
      turnLimit: options.turnLimit ?? 'none',
    },
    store: view?.store ?? null,
    legend: sides.map((side) => {
      const style = sideStyleFor(sides, side, name);
      return { side, name: name(side), shape: style.shapeName, mine: side === seat.side };
    }),
    mapSvg: map,
    fleets: (view?.fleets ?? []).map((f) => ({
      id: f.id,
      hex: formatHex(f.hex),
      ships: f.ships.map((s) => s.id).join(', '),
    })),
    enemyFleets: (view?.enemyFleets ?? []).map((f) => ({
      id: f.id,
      sideName: name(f.side),
      hex: formatHex(f.hex),
      ships: f.ships === null ? '?' : String(f.ships),
    })),
    // The star systems as the side knows them, as its report's Star Systems sheet lists them.
    systems: view ? systemRows(view, { fog: options.fog, sideName: name, reader: seat.side }) : [],
    // The setup (turn 0) is no turn to tell.
    lastTurn:
      report && report.lastTurn !== null && report.lastTurn > 0
        ? { number: report.lastTurn, narrative: report.narrative }
        : null,
    // The map as the mail draws it, for a screen reader or a copy into a mail.
    textMap: report?.diagram ?? null,
    // Every turn before the last, as the side saw it (the archive shows a seat its own side's view while it runs).
    earlierTurns:
      report && report.lastTurn !== null
        ? Array.from({ length: Math.max(0, report.lastTurn - 1) }, (_, i) => ({
            number: i + 1,
            url: `/archive/${game.id}/turn/${i + 1}`,
          }))
        : [],
    sheets: report?.sheets ?? [],
    noOrdersReason: report?.noOrdersReason ?? null,
    orders: {
      canOrder,
      standingRule: kindOf(game.ruleset).standingOrders,
      standing: gameView.me.orders
        ? {
            canonical: gameView.me.orders.canonical.trimEnd(),
            receivedAt: gameView.me.orders.receivedAt,
            channel: gameView.me.orders.channel,
            // The answer's warnings on them, as mail and the API give them (a ship that rolls no attack die alone).
            warnings: check ? campaignTextWarnings(gameView.me.orders.canonical, check) : [],
          }
        : null,
      text: extras.ordersText ?? (canOrder ? (inSetup ? reported?.setupBlock : report?.orderBlock) : null) ?? null,
      problems: extras.problems ?? [],
      notice: extras.notice ?? null,
      result: extras.ordersResult ?? null,
    },
    checkJson: check ? jsonForPage(check) : null,
    battles: await campaignBattles(ctx, game.id, game.currentTurn),
    messages: messagesPanel(settings, seat.side, gameView.seats, messages, extras, over),
    reportMails: seat.reportMails,
    absences: await absencesPanel(ctx, game, seat, settings),
    reportJson: seat.reportJson,
    bounced: bounceOf(seat),
    seedCommitment: game.seedCommitment,
  };
}
