/**
 * The archive pages of a tactical battle (nothing in it is hidden): the
 * game's summary — its turns, the dice commitment and the seed once over, the
 * map as it stands, fleet strength over the turns — and each turn: the map
 * before (with the plotted paths once resolved) and after, every side's
 * orders, the events and every die, with the replay stepper's links.
 */
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import { playedTurns } from '../../../games/archive/game-history.ts';
import { sideName } from '../../../games/games/settings.ts';
import { isOver, readOrders, readPosition, settingsOf } from '../../../games/games/state.ts';
import { turnView } from '../../../games/games/views.ts';
import { formatShipOrders } from '../../../orders/index.ts';
import { diceRolls } from '../../../reports/dice-rolls.ts';
import { narrative } from '../../../reports/narrative.ts';
import type { TurnEvent } from '../../../rules/events.ts';
import { archiveHeading, turnStepper } from '../page-parts.ts';
import type { KindPage } from '../web-kind.ts';
import { mapPanel, plottedPaths, strengthPanel } from './game-page.ts';

export async function tacticalArchivePage(ctx: GamesContext, game: Game): Promise<KindPage> {
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  const strength = await strengthPanel(ctx, game, 'archive-strength');
  const played = strength?.played ?? [];
  const position = game.state ? readPosition(game.state) : null;
  const over = isOver(game);
  return {
    template: 'msc-tactical/archive-game',
    title: `${game.name} — archive`,
    model: {
      ...archiveHeading(game),
      turns: played.map((t) => ({ number: t.number, resolvedAt: t.resolvedAt, events: t.events.length })),
      firstTurn: played.length > 0 ? 1 : null,
      map: position
        ? mapPanel(
            position,
            name,
            over ? `Final position of ${game.name}` : `Position of ${game.name} now`,
            'archive-map',
          )
        : null,
      strength,
    },
  };
}

export async function tacticalArchiveTurnPage(ctx: GamesContext, game: Game, number: number): Promise<KindPage> {
  const turn = await turnView(ctx, game.id, number);
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  const before = readPosition(turn.stateBefore);
  const resolved = turn.status === 'resolved';
  const orders = resolved ? readOrders(turn.orders) : null;
  // Stored events are the tactical rules' own, written by the kind's resolve.
  const events = (resolved ? turn.events : []) as TurnEvent[];
  const played = await playedTurns(ctx, game.id);
  const last = played.at(-1)?.number ?? 0;
  return {
    template: 'msc-tactical/archive-turn',
    title: `${game.name} — turn ${turn.number}`,
    scripts: ['/static/replay.js'],
    model: {
      game: { id: game.id, name: game.name },
      turn: { number: turn.number, status: turn.status, resolved, resolvedAt: turn.resolvedAt },
      before: mapPanel(
        before,
        name,
        `Turn ${turn.number} of ${game.name}: before movement${orders ? ', with the plotted paths' : ''}`,
        'map-before',
        plottedPaths(before, orders),
      ),
      after:
        resolved && turn.stateAfter
          ? mapPanel(
              readPosition(turn.stateAfter),
              name,
              `Turn ${turn.number} of ${game.name}: after combat`,
              'map-after',
            )
          : null,
      orders: orders
        ? before.sides.map((side) => ({
            sideName: name(side),
            lines: before.ships
              .filter((s) => s.side === side && orders.has(s.id))
              .map((s) => formatShipOrders(s.id, orders.get(s.id)!)),
          }))
        : null,
      narrative: narrative(events, name),
      dice: diceRolls(events),
      ...turnStepper(game, turn.number, last),
    },
  };
}
