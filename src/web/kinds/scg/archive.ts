/**
 * The archive pages of a Simple Combat Game (nothing in it is hidden, rules-scg.md
 * §16): the game's turns, the dice commitment and the seed once over, the board
 * as it stands; and each turn: the board before with the moves made and after,
 * each side's orders, the events and every die, with the replay stepper's links.
 */
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import { sideName } from '../../../games/games/settings.ts';
import { isOver, settingsOf } from '../../../games/games/state.ts';
import { history, turnView } from '../../../games/games/views.ts';
import { readScgState } from '../../../kinds/scg/docs.ts';
import { scgPrintout } from '../../../kinds/scg/printout.ts';
import { scgNarrative, seatOrder } from '../../../reports/scg-narrative.ts';
import type { ScgEvent } from '../../../rules/scg/types.ts';
import { archiveHeading, turnStepper } from '../page-parts.ts';
import type { KindPage } from '../web-kind.ts';
import { renderScgMap } from './board-map.ts';
import { legendOf, movesOf, unitRows } from './game-page.ts';

/** Every die of a turn, in the order rolled, with what it decided (rules-scg.md §19). */
export function scgDice(events: readonly ScgEvent[], sides: readonly string[]): { what: string; roll: number }[] {
  const out: { what: string; roll: number }[] = [];
  for (const e of events) {
    if (e.type === 'initiative') {
      const [a, b] = seatOrder(Object.keys(e.rolls), sides);
      e.rolls[a!]!.forEach((r, i) => {
        out.push({ what: `initiative: ${a}`, roll: r });
        const rb = e.rolls[b!]![i];
        if (rb !== undefined) out.push({ what: `initiative: ${b}`, roll: rb });
      });
    } else if (e.type === 'shot')
      out.push({ what: `${e.unit} ${e.weapon} at ${e.target}: to hit (needs ${e.need})`, roll: e.roll });
    else if (e.type === 'damage')
      out.push({ what: `${e.unit} ${e.weapon} at ${e.target}: damage (needs ${e.need})`, roll: e.roll });
  }
  return out;
}

export async function scgArchivePage(ctx: GamesContext, game: Game): Promise<KindPage> {
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  const played = await history(ctx, game.id);
  const state = game.state ? readScgState(game.state) : null;
  const over = isOver(game);
  return {
    template: 'scg/archive-game',
    title: `${game.name} — archive`,
    model: {
      ...archiveHeading(game),
      turns: played.map((t) => ({
        number: t.number,
        resolvedAt: t.resolvedAt,
        events: Array.isArray(t.events) ? t.events.length : 0,
      })),
      firstTurn: played.length > 0 ? 1 : null,
      mapSvg: state
        ? renderScgMap({
            state,
            sideName: name,
            title: over ? `Final board of ${game.name}` : `Board of ${game.name} now`,
            idPrefix: 'archive-map',
          })
        : null,
      legend: state ? legendOf(state, name, null) : [],
      units: state ? unitRows(state, name) : [],
    },
  };
}

export async function scgArchiveTurnPage(ctx: GamesContext, game: Game, number: number): Promise<KindPage> {
  const turn = await turnView(ctx, game.id, number);
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  const before = readScgState(turn.stateBefore);
  const resolved = turn.status === 'resolved';
  const events = (resolved ? (turn.events ?? []) : []) as ScgEvent[];
  const played = await history(ctx, game.id);
  const last = played.at(-1)?.number ?? 0;
  const orderLines = resolved ? scgPrintout.orderLines(turn.orders, turn.stateBefore) : [];
  return {
    template: 'scg/archive-turn',
    title: `${game.name} — turn ${turn.number}`,
    scripts: ['/static/replay.js'],
    model: {
      game: { id: game.id, name: game.name },
      turn: { number: turn.number, status: turn.status, resolved, resolvedAt: turn.resolvedAt },
      before: renderScgMap({
        state: before,
        sideName: name,
        title: `Turn ${turn.number} of ${game.name}: before${resolved ? ', with the moves made' : ''}`,
        idPrefix: 'map-before',
        moves: movesOf(events),
      }),
      after:
        resolved && turn.stateAfter
          ? renderScgMap({
              state: readScgState(turn.stateAfter),
              sideName: name,
              title: `Turn ${turn.number} of ${game.name}: after fire`,
              idPrefix: 'map-after',
            })
          : null,
      orders: resolved
        ? before.sides.map((side) => ({
            sideName: name(side),
            lines: orderLines.filter((l) => l.startsWith(`[${side}] `)).map((l) => l.slice(side.length + 3)),
          }))
        : null,
      narrative: scgNarrative(events, before),
      dice: scgDice(events, before.sides),
      ...turnStepper(game, turn.number, last),
    },
  };
}
