/**
 * The moderator's full view of a campaign (rules-strategic.md §6 hides
 * nothing from the moderator): the whole map with every fleet and its count
 * and every move of the last turn, every fleet with its ships, each side's
 * store, the last turn told in full, and both sides' Fleet and Production
 * Control Sheets — the observer's report, as the moderator's mail would give
 * it. The setup phase has no fleets yet: only the map.
 */
import type { GamesContext } from '../../../games/context.ts';
import type { Moderator } from '../../../games/moderation/moderation.ts';
import { sideName, type GameSettings } from '../../../games/games/settings.ts';
import { history, moderatorReport } from '../../../games/games/views.ts';
import { readCampaign, storedEvents } from '../../../kinds/strategic/docs.ts';
import { formatHex } from '../../../rules/hex.ts';
import { fullMapInput, renderCampaignMap } from './campaign-map.ts';
import { campaignBattles } from './game-page.ts';

export async function campaignBoard(
  ctx: GamesContext,
  m: Moderator,
  game: { id: string; name: string; state: unknown; currentTurn: number },
  settings: GameSettings,
) {
  if (!game.state) return null;
  const name = (side: string) => sideName(settings, side);
  const campaign = readCampaign(game.state);
  const reported = await moderatorReport(ctx, m);
  const played = await history(ctx, game.id);
  const lastEvents = storedEvents(played.at(-1)?.events);
  const setup = reported?.setup ?? false;
  return {
    setup,
    mapSvg: renderCampaignMap({
      ...fullMapInput(
        campaign,
        lastEvents,
        `${game.name}: the whole map${setup ? ' before setup' : `, turn ${campaign.turn}`} (moderator's view)`,
      ),
      sideName: name,
      idPrefix: 'moderator-map',
    }),
    stores: campaign.sides.map((side) => ({ sideName: name(side), store: campaign.store[side] ?? 0 })),
    fleets: campaign.fleets.map((f) => ({
      id: f.id,
      sideName: name(f.side),
      hex: formatHex(f.hex),
      ships: f.ships.map((s) => s.id).join(', '),
    })),
    lastTurn:
      reported?.report && reported.report.lastTurn !== null && reported.report.lastTurn > 0
        ? { number: reported.report.lastTurn, narrative: reported.report.narrative }
        : null,
    sheets: reported?.report?.sheets ?? [],
    battles: await campaignBattles(ctx, game.id, game.currentTurn),
  };
}
