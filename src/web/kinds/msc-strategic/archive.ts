/**
 * The archive pages of a game with hidden information (a strategic campaign,
 * rules-strategic.md §6): once it has ended, every turn's whole map and every
 * event; while it runs, a seat's player sees every turn as its own side saw it
 * (the kind's `viewFor`: its fleets, the enemy as its sensors found them, its
 * own moves and events), its moderator everything, and anyone else a page
 * saying it is hidden until the campaign ends. A turn that stopped for battles
 * fought as linked games links each battle's own archive.
 */
import { battlesOfCampaignTurn } from '../../../games/battles/views.ts';
import type { GamesContext } from '../../../games/context.ts';
import type { Game } from '../../../games/games/games.repository.ts';
import { isModerator, seatsInGame } from '../../../games/games/people.ts';
import { sideName } from '../../../games/games/settings.ts';
import { isOver, settingsOf } from '../../../games/games/state.ts';
import { history, turnView } from '../../../games/games/views.ts';
import { readCampaign, readSideOrders, storedEvents } from '../../../kinds/strategic/docs.ts';
import { formatCampaignOrders } from '../../../orders/campaign/format.ts';
import { viewOf } from '../../../kinds/strategic/view.ts';
import { campaignNarrative } from '../../../kinds/strategic/narrative.ts';
import type { CampaignEvent } from '../../../rules/strategic/types.ts';
import { gameHeading } from '../page-parts.ts';
import { fullMapInput, renderCampaignMap, sideMapInput } from './campaign-map.ts';

/** Who reads the archive of a campaign: everything (it has ended, or the moderator), one side, or nobody yet. */
export type CampaignReader =
  { readonly as: 'all' } | { readonly as: 'side'; readonly side: string } | { readonly as: 'none' };

export async function campaignReaderOf(ctx: GamesContext, game: Game, email: string | null): Promise<CampaignReader> {
  if (isOver(game)) return { as: 'all' };
  // A moderator who holds a seat reads as that seat while the campaign runs: the whole game needs a moderator without
  // one (issue 24).
  const mine = email === null ? [] : await seatsInGame(ctx, game.id, email);
  if (mine.length > 0) return { as: 'side', side: mine[0]!.side };
  return isModerator(game, email) ? { as: 'all' } : { as: 'none' };
}

/** One state as the reader may see it, drawn: the whole campaign, or the side's view after `events`. */
function mapOf(
  game: Game,
  reader: Exclude<CampaignReader, { as: 'none' }>,
  stateDoc: unknown,
  events: readonly CampaignEvent[],
  title: string,
  idPrefix: string,
): string {
  const campaign = readCampaign(stateDoc);
  const name = (side: string) => sideName(settingsOf(game), side);
  const input =
    reader.as === 'all'
      ? fullMapInput(campaign, events, title)
      : sideMapInput(viewOf(campaign, reader.side, events), campaign.sides, events, title);
  return renderCampaignMap({ ...input, sideName: name, idPrefix });
}

const whose = (game: Game, reader: Exclude<CampaignReader, { as: 'none' }>) =>
  reader.as === 'all' ? null : sideName(settingsOf(game), reader.side);

/** The campaign's archive page: its turns, the dice commitment (the seed once over), and the map as it stands. */
export async function campaignArchiveModel(
  ctx: GamesContext,
  game: Game,
  reader: Exclude<CampaignReader, { as: 'none' }>,
) {
  const played = (await history(ctx, game.id)).filter((t) => t.number >= 1);
  const last = played.at(-1);
  const ended = isOver(game);
  return {
    game: gameHeading(game),
    over: ended,
    viewOf: whose(game, reader),
    // A running campaign is exported to its moderator only (HIDDEN_WHILE_RUNNING).
    download: ended || reader.as === 'all',
    seedCommitment: game.seedCommitment,
    seed: ended ? game.seed : null,
    turns: played.map((t) => ({ number: t.number, resolvedAt: t.resolvedAt })),
    firstTurn: played.length > 0 ? played[0]!.number : null,
    mapSvg: game.state
      ? mapOf(
          game,
          reader,
          game.state,
          storedEvents(last?.events),
          `${game.name}: ${ended ? 'the final map' : 'the map now'}${reader.as === 'side' ? ` as ${whose(game, reader)} sees it` : ''}`,
          'archive-map',
        )
      : null,
  };
}

/**
 * A resolved turn's orders as the reader may see them, in canonical text: every side's once the campaign is over (or
 * for its moderator), only the reader's own side's while it runs.
 */
function ordersOf(
  game: Game,
  reader: Exclude<CampaignReader, { as: 'none' }>,
  number: number,
  stateBefore: unknown,
  used: unknown,
): { sideName: string; text: string | null }[] {
  const campaign = readCampaign(stateBefore);
  const all = (used ?? {}) as Record<string, unknown>;
  const sides = reader.as === 'all' ? campaign.sides : campaign.sides.filter((s) => s === reader.side);
  return sides.map((side) => ({
    sideName: sideName(settingsOf(game), side),
    text:
      all[side] === undefined || all[side] === null
        ? null
        : formatCampaignOrders(readSideOrders(all[side]), { gameId: game.id, turn: number, side, campaign }).trimEnd(),
  }));
}

/** One resolved turn: the map before and after it, what happened, and the battles it fought as linked games. */
export async function campaignTurnModel(
  ctx: GamesContext,
  game: Game,
  reader: Exclude<CampaignReader, { as: 'none' }>,
  number: number,
) {
  const turn = await turnView(ctx, game.id, number);
  const played = (await history(ctx, game.id)).filter((t) => t.number >= 1);
  const lastPlayed = played.at(-1)?.number ?? 0;
  const previous = played.find((t) => t.number === number - 1);
  const resolved = turn.status === 'resolved';
  const events = resolved ? storedEvents(turn.events) : [];
  const name = (side: string) => sideName(settingsOf(game), side);
  const seen = reader.as === 'side' ? ` as ${whose(game, reader)} saw it` : '';
  const fought = resolved ? await battlesOfCampaignTurn(ctx, game.id, number) : [];
  return {
    game: { id: game.id, name: game.name },
    turn: { number, status: turn.status, resolved, resolvedAt: turn.resolvedAt },
    viewOf: whose(game, reader),
    before: mapOf(
      game,
      reader,
      turn.stateBefore,
      storedEvents(previous?.events),
      `Turn ${number} of ${game.name}: before it${seen}`,
      'map-before',
    ),
    after:
      resolved && turn.stateAfter
        ? mapOf(game, reader, turn.stateAfter, events, `Turn ${number} of ${game.name}: after it${seen}`, 'map-after')
        : null,
    orders: resolved ? ordersOf(game, reader, number, turn.stateBefore, turn.orders) : [],
    narrative: campaignNarrative(events, reader.as === 'side' ? reader.side : null, name, {
      sides: settingsOf(game).sides.map((s) => s.id),
      earlier: played
        .filter((t) => t.number < number)
        .map((t) => ({ number: t.number, events: storedEvents(t.events) })),
    }),
    battles: fought.map((b) => ({ gameId: b.gameId, title: b.title, status: b.status })),
    prev: number > 1 ? number - 1 : null,
    next: number < lastPlayed || (number === lastPlayed && !isOver(game)) ? number + 1 : null,
    last: lastPlayed,
  };
}
