/**
 * The archive pages of a Mini Combat battle (hidden elements, rules-mini-combat.md
 * §9.3, §22.4): once it has ended, every turn's whole battlefield, both sides'
 * orders, every event and die; while it runs, a seat's player reads every turn
 * as its side saw it (its view after the turn, the events its `seenBy` holds,
 * its own orders), the moderator everything, anyone else nothing yet.
 */
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import { sideName } from '../../../games/games/settings.ts';
import { settingsOf } from '../../../games/games/state.ts';
import { history, turnView } from '../../../games/games/views.ts';
import { readMiniState } from '../../../kinds/mini-combat/docs.ts';
import { miniPrintout } from '../../../kinds/mini-combat/printout.ts';
import { miniNarrative, str } from '../../../reports/mini-narrative.ts';
import type { MiniEvent } from '../../../rules/mini-combat/battlefield.ts';
import { eventsSeenBy, turnView as sideViewOf } from '../../../rules/mini-combat/turn.ts';
import { archiveHeading, type HiddenArchiveReader, turnStepper } from '../page-parts.ts';
import type { KindPage } from '../web-kind.ts';
import { renderMiniMap } from './board-map.ts';

type Reader = Exclude<HiddenArchiveReader, { as: 'none' }>;

const asEvents = (events: unknown): MiniEvent[] =>
  Array.isArray(events) ? (events.filter((e) => typeof e === 'object' && e !== null) as MiniEvent[]) : [];

/** The dice of a turn's events in the order rolled (§22.5), with what each decided. */
export function miniDice(events: readonly MiniEvent[]): { what: string; roll: number }[] {
  const out: { what: string; roll: number }[] = [];
  const add = (what: string, roll: unknown) => {
    if (typeof roll === 'number') out.push({ what, roll });
  };
  for (const e of events) {
    const x = e as Record<string, unknown>;
    if (e.type === 'initiative')
      for (const [side, rolls] of Object.entries((x.rolls ?? {}) as Record<string, number[]>))
        for (const r of rolls) add(`initiative: ${side}`, r);
    else if (e.type === 'attack') add(`${str(x.attacker)} at ${str(x.target)}: to hit (needs ${str(x.need)})`, x.roll);
    else if (e.type === 'save') add(`${str(x.element)}: save (needs ${str(x.need)})`, x.roll);
    else if (e.type === 'morale') add(`unit ${str(x.unit)}: morale (needs ${str(x.need)})`, x.roll);
    else if (e.type === 'heal') add(`${str(x.healer)} heals ${str(x.element)}`, x.roll);
    else if (e.type === 'survival') add(`${str(x.element)}: survival`, x.roll);
    else if (e.type === 'scatter' && Array.isArray(x.dice))
      for (const d of x.dice as unknown[]) add(`${str(x.element)}: scatter`, d);
  }
  return out;
}

const mapOf = (game: Game, reader: Reader, stateDoc: unknown, title: string, idPrefix: string) => {
  const p = readMiniState(stateDoc);
  return renderMiniMap({
    position: p,
    view: reader.as === 'all' ? null : sideViewOf(p, reader.side),
    sideName: (side) => sideName(settingsOf(game), side),
    title,
    idPrefix,
  });
};

export async function miniArchivePage(ctx: GamesContext, game: Game, reader: Reader): Promise<KindPage> {
  const played = await history(ctx, game.id);
  const whose = reader.as === 'all' ? null : sideName(settingsOf(game), reader.side);
  return {
    template: 'mini-combat/archive-game',
    title: `${game.name} — archive`,
    model: {
      ...archiveHeading(game),
      whose,
      turns: played.map((t) => ({ number: t.number, resolvedAt: t.resolvedAt })),
      firstTurn: played.length > 0 ? played[0]!.number : null,
      mapSvg: game.state
        ? mapOf(game, reader, game.state, `${game.name} ${whose ? `as ${whose} sees it` : 'now'}`, 'archive-map')
        : null,
    },
  };
}

export async function miniArchiveTurnPage(
  ctx: GamesContext,
  game: Game,
  reader: Reader,
  number: number,
): Promise<KindPage> {
  const turn = await turnView(ctx, game.id, number);
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  const resolved = turn.status === 'resolved';
  const all = asEvents(resolved ? turn.events : []);
  const events = reader.as === 'all' ? all : eventsSeenBy(all, reader.side);
  const played = await history(ctx, game.id);
  const last = played.at(-1)?.number ?? 0;
  const before = readMiniState(turn.stateBefore);
  const lines = resolved ? miniPrintout.orderLines(turn.orders, turn.stateBefore) : [];
  const sides = reader.as === 'all' ? before.sides : [reader.side];
  return {
    template: 'mini-combat/archive-turn',
    title: `${game.name} — turn ${turn.number}`,
    scripts: ['/static/replay.js'],
    model: {
      game: { id: game.id, name: game.name },
      whose: reader.as === 'all' ? null : name(reader.side),
      turn: { number: turn.number, status: turn.status, resolved, resolvedAt: turn.resolvedAt },
      before: mapOf(game, reader, turn.stateBefore, `Turn ${turn.number} of ${game.name}: before`, 'map-before'),
      after:
        resolved && turn.stateAfter
          ? mapOf(game, reader, turn.stateAfter, `Turn ${turn.number} of ${game.name}: after`, 'map-after')
          : null,
      orders: resolved
        ? sides.map((side) => ({
            sideName: name(side),
            lines: lines.filter((l) => l.startsWith(`[${side}] `)).map((l) => l.slice(side.length + 3)),
          }))
        : null,
      narrative: miniNarrative(events, name),
      dice: reader.as === 'all' ? miniDice(events) : [],
      ...turnStepper(game, turn.number, last),
    },
  };
}
