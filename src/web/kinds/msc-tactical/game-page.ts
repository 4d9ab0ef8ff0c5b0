/**
 * What the game page shows a seat: the map (SVG, with the plotted paths of
 * the orders in) and the same map as the text diagram, the last turn's
 * events, the seat's Ship Turn Records, fleet strength over the turns, the
 * order form, the messages, and who has ordered. Built from the same views
 * and reports the mail uses.
 */
import { kindOf } from '../../../kinds/index.ts';
import { tacticalFormState } from './forms.ts';
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import type { Seat } from '../../../games/seats/seats.repository.ts';
import { openingPosition, playedTurns, standingOrderSet } from '../../../games/archive/game-history.ts';
import { tokenOf } from '../../../games/games/people.ts';
import { messagesOf } from '../../../games/turns/side-messages.ts';
import { isOver, readPosition, settingsOf } from '../../../games/games/state.ts';
import { bounceOf, seatGameView } from '../../../games/games/views.ts';
import { orderBlock } from '../../../orders/index.ts';
import { renderDiagram } from '../../../reports/diagram.ts';
import { fleetStrength } from '../../../reports/fleet-strength.ts';
import { narrative } from '../../../reports/narrative.ts';
import { deadlineView, sideRecords, WIDE_REPORT_WIDTH } from '../../../reports/turn-report.ts';
import { followPlot } from '../../../rules/movement.ts';
import { DIRECTIONS, type Position, type Ship, type ShipOrders } from '../../../rules/types.ts';
import { parseHex } from '../../../rules/hex.ts';
import { describeZone, sideName, type GameSettings } from '../../../games/games/settings.ts';
import { renderHexMap, type MapZone, type PlottedPath } from './hex-map.ts';
import { shapeElement, sideStyleFor, type SideStyle } from '../../svg/side-styles.ts';
import { renderStrengthChart } from './strength-chart.ts';
import {
  gameHeading,
  gameOverPanel,
  messagesPanel,
  missedOnPage,
  moderationLine,
  type GamePageExtras,
  absencesPanel,
} from '../page-parts.ts';
import { shipFormViews } from './order-form.ts';
import { campaignOfBattle, type CampaignLink } from '../../../games/battles/views.ts';

/** A placement as the deployment form writes it: one ship a line, `ID HEX FACING`. */
export const placementText = (placement: readonly { id: string; hex: string; facing: string }[]): string =>
  placement.map((p) => `${p.id} ${p.hex} ${p.facing}`).join('\n');

/**
 * What a linked game's page says of the campaign battle it fights: the campaign and turn (linked back), and in the
 * setup phase the seat's deployment — its given ships with their designs, its zone, the deadline in the seat's zone
 * and what happens at it, the form prefilled with the default placement, or what the seat sent.
 */
function battlePanel(
  link: CampaignLink,
  game: Game,
  seat: Seat,
  fleet: { readonly ships?: readonly { id: string; hex: string; facing: string }[] } | null,
  extras: GamePageExtras,
) {
  const { deployment } = link;
  const form = tacticalFormState(extras.form);
  const side = seat.side;
  const zone = deployment.zones[side];
  const defaults = deployment.defaultPlacement[side] ?? [];
  const sent = fleet?.ships ?? null;
  const settings = settingsOf(game);
  const name = (s: string) => sideName(settings, s);
  return {
    campaign: { id: link.id, name: link.name, turn: link.turn, url: `/games/${link.id}` },
    deploy:
      game.status === 'setup'
        ? {
            ships: (deployment.ships[side] ?? []).map((s) => ({
              id: s.id,
              engine: s.design.engine,
              shields: s.design.shields,
              toHit: s.design.toHit,
              weapons: s.design.weapons.join(' ') || 'none',
            })),
            zone: zone ? describeZone(zone) : 'anywhere on the map',
            map: `${settingsOf(game).map.width} × ${settingsOf(game).map.height}`,
            deadline: deadlineView(deployment.deadline, seat.timeZone),
            defaults: defaults.map((p) => `${p.id} ${p.hex} ${p.facing}`).join(', '),
            text: form.fleetText ?? (sent ? placementText(sent) : placementText(defaults)),
            problems: form.fleetProblems ?? [],
            sent: sent ? placementText(sent) : null,
            zoneMap: deploymentMap(link, settings, side, sent ?? defaults, name),
          }
        : null,
  };
}

/**
 * The deployment map: both sides' zones shaded in their colours, and the seat's own ships where its deployment (or,
 * before one is in, the default placement) puts them. The enemy's ships are not drawn: where they deploy is theirs
 * until the battle starts.
 */
function deploymentMap(
  link: CampaignLink,
  settings: GameSettings,
  side: string,
  placement: readonly { id: string; hex: string; facing: string }[],
  name: (side: string) => string,
) {
  const sides = settings.sides.map((s) => s.id);
  const ships: Ship[] = (link.deployment.ships[side] ?? []).flatMap((given) => {
    const at = placement.find((p) => p.id.toUpperCase() === given.id.toUpperCase());
    const hex = at ? parseHex(at.hex) : null;
    const facing = DIRECTIONS.find((d) => d === at?.facing);
    if (!hex?.ok || !facing) return [];
    const design = { ...given.design, weapons: [...given.design.weapons] };
    return [
      {
        id: given.id,
        side,
        hex: hex.value,
        facing,
        speed: null,
        ...design,
        weapons: [...design.weapons],
        design,
        status: 'active' as const,
      } as Ship,
    ];
  });
  const position: Position = {
    map: { ...settings.map },
    turn: 1,
    sides,
    solo: [],
    ships,
    turnLimit: settings.turnLimit,
    conceded: [],
  };
  const zones = sides.flatMap((s) => {
    const zone = link.deployment.zones[s];
    return zone
      ? [{ side: s, ...zone, title: `${s === side ? 'Your zone' : `${name(s)}'s zone`}: ${describeZone(zone)}` }]
      : [];
  });
  return {
    ...mapPanel(position, name, 'Where your ships deploy', 'deploy-map', [], zones),
    zones: zones.map((z) => ({ title: z.title, mine: z.side === side })),
  };
}

/** The paths the orders would fly, for the map. */
export function plottedPaths(position: Position, orders: ReadonlyMap<string, ShipOrders> | null): PlottedPath[] {
  if (!orders) return [];
  return position.ships.flatMap((ship) => {
    const o = orders.get(ship.id);
    if (!o || ship.status !== 'active') return [];
    const moved = followPlot(ship, o.plot, position.map);
    return [{ ship: ship.id, hexes: moved.path, facing: moved.facing, leftMap: moved.leftMap }];
  });
}

/** A side's shape in its colour, for legends. */
function swatch(style: SideStyle): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">${shapeElement(style.shape, 8, 8, 6, style.colour)}</svg>`;
}

/** A map and its text twin. */
export function mapPanel(
  position: Position,
  sideName: (side: string) => string,
  title: string,
  idPrefix: string,
  paths: readonly PlottedPath[] = [],
  zones: readonly MapZone[] = [],
) {
  return {
    mapSvg: renderHexMap({ position, sideName, title, idPrefix, paths, zones }),
    diagram: renderDiagram(position, { maxWidth: WIDE_REPORT_WIDTH }),
    legend: position.sides.map((side) => {
      const style = sideStyleFor(position.sides, side, sideName);
      return { side, name: sideName(side), shape: style.shapeName, swatchSvg: swatch(style) };
    }),
  };
}

/** The fleet-strength chart and its numbers as a table. */
export async function strengthPanel(ctx: GamesContext, game: Game, idPrefix = 'strength') {
  const start = await openingPosition(ctx, game.id);
  if (!start) return null;
  const played = await playedTurns(ctx, game.id);
  const series = fleetStrength(
    start,
    played.map((t) => ({ turn: t.number, position: t.after })),
  );
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  return {
    chartSvg: renderStrengthChart({ series, sides: start.sides, sideName: name, idPrefix }),
    columns: series.map((s) => name(s.side)),
    rows: (series[0]?.points ?? []).map((p, i) => ({ turn: p.turn, values: series.map((s) => s.points[i]?.bp ?? 0) })),
    played,
  };
}

export async function gamePageModel(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  extras: GamePageExtras = {},
) {
  const view = await seatGameView(ctx, game.id, tokenOf(ctx, seat));
  const form = tacticalFormState(extras.form);
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  // In the setup phase there is no position yet to show: the battle before setup has no ship on it.
  const position = view.position && game.status !== 'setup' ? readPosition(view.position) : null;
  const turnOpen = view.turn?.status === 'open';
  const standing = position && view.turn ? await standingOrderSet(ctx, game.id, view.turn.number, seat.id) : null;
  const strength = await strengthPanel(ctx, game);
  const played = strength?.played ?? [];
  const last = played.at(-1);
  const mine = position ? position.ships.filter((s) => s.side === seat.side && s.status === 'active') : [];
  const mustOrder = view.seats.find((s) => s.side === seat.side)?.mustOrder ?? false;
  const canOrder = game.status === 'active' && turnOpen && mustOrder && !view.me.conceded && mine.length > 0;
  const history = played.map((t) => ({ number: t.number, events: t.events }));
  const messages = await messagesOf(ctx, game.id, seat.side);
  const link = await campaignOfBattle(ctx, game.id);
  // A game over has no turn open: its final position, its last turn told, the result, the seed and the archive.
  const over = isOver(game);

  return {
    game: gameHeading(game),
    missed: await missedOnPage(ctx, game),
    moderation: await moderationLine(ctx, game, seat),
    me: {
      side: seat.side,
      sideName: name(seat.side),
      name: seat.displayName,
      timeZone: seat.timeZone,
      conceded: view.me.conceded,
    },
    otherSeats: mySeats.filter((s) => s.id !== seat.id).map((s) => ({ side: s.side, sideName: name(s.side) })),
    seats: view.seats.map((s) => ({ ...s, sideName: name(s.side), mine: s.side === seat.side })),
    observers: view.observers,
    turn: view.turn && !over ? { number: view.turn.number, status: view.turn.status, open: turnOpen } : null,
    deadline: view.turn && !over ? deadlineView(view.turn.deadline, seat.timeZone) : null,
    over: gameOverPanel(game, link),
    paused: game.status === 'paused',
    map: position
      ? mapPanel(
          position,
          name,
          over ? `The final position of ${game.name}` : `Turn ${view.turn?.number ?? game.currentTurn} of ${game.name}`,
          'game-map',
          plottedPaths(position, form.posted ? null : standing),
        )
      : null,
    lastTurn: last ? { number: last.number, narrative: narrative(last.events, name) } : null,
    records: position
      ? sideRecords(position, history, name, seat.side).flatMap((g) =>
          g.records.map((r) => ({ id: r.id, text: r.lines.join('\n') })),
        )
      : [],
    strength,
    orders: {
      canOrder,
      standingRule: kindOf(game.ruleset).standingOrders,
      standing:
        view.me.orders && game.status !== 'setup'
          ? {
              canonical: view.me.orders.canonical.trimEnd(),
              receivedAt: view.me.orders.receivedAt,
              channel: view.me.orders.channel,
            }
          : null,
      ships:
        position && canOrder
          ? shipFormViews(position, seat.side, standing, form.posted ?? null, form.shipProblems)
          : [],
      enemies: position
        ? position.ships.filter((s) => s.side !== seat.side && s.status === 'active').map((s) => s.id)
        : [],
      text:
        extras.ordersText ??
        (position && canOrder && view.turn
          ? orderBlock(
              { gameId: game.id, turn: view.turn.number, side: seat.side, position },
              standing ?? undefined,
            ).trimEnd()
          : null),
      problems: extras.problems ?? [],
      notice: extras.notice ?? null,
      result: extras.ordersResult ?? null,
    },
    battle: link ? battlePanel(link, game, seat, view.me.fleet as Parameters<typeof battlePanel>[3], extras) : null,
    setup:
      game.status === 'setup' && !link
        ? {
            fleetIn: view.me.fleet !== null,
            budget: settings.budget,
            sizes: settings.sizes?.join(', ') ?? 'any cost up to 25 BP',
            zone: settings.zones[seat.side] ? describeZone(settings.zones[seat.side]!) : 'anywhere on the map',
            map: `${settings.map.width} × ${settings.map.height}`,
            text: form.fleetText ?? '',
            problems: form.fleetProblems ?? [],
          }
        : null,
    messages: messagesPanel(settings, seat.side, view.seats, messages, extras, over),
    reportMails: seat.reportMails,
    absences: await absencesPanel(ctx, game, seat, settings),
    reportJson: seat.reportJson,
    bounced: bounceOf(seat),
    seedCommitment: game.seedCommitment,
  };
}
