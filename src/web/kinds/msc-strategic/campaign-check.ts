/**
 * The campaign's orders and setup checked in the browser, from the side's own
 * view only (rules-strategic.md §6): the page gives its script the view the
 * service shows the seat — never the campaign — and these functions rebuild
 * from it the campaign the service checks the side's orders against
 * (`seenCampaign` of the strategic kind: its own fleets in full, enemy fleets
 * by id and position without ships, with fog `positions`; none with fog
 * `sensors`; no store but its own), then run the very parser and checker the
 * service runs. The service checks again on submission.
 */
import { parseCampaignSubmission } from '../../../orders/campaign/index.ts';
import { inLineOrder, type OrdersProblem } from '../../../orders/types.ts';
import { parseSetup } from '../../../kinds/strategic/setup.ts';
import { buildWarnings } from '../../../kinds/strategic/forecast.ts';
import type { Campaign, CampaignOptions, SideView } from '../../../rules/strategic/types.ts';

/** What a seat's campaign page gives its script (JSON in the page): nothing the side's view does not hold. */
export interface CampaignCheckData {
  readonly gameId: string;
  /** The turn open for orders; 0 in the setup phase. */
  readonly turn: number;
  readonly side: string;
  readonly sides: readonly [string, string];
  readonly options: CampaignOptions;
  readonly conceded: readonly string[];
  /** The setup's budget in BP, in the setup phase; null on a turn. */
  readonly budget: number | null;
  readonly view: SideView;
}

/** The campaign as the side's checker sees it, rebuilt from its view. */
export function campaignOfView(d: CampaignCheckData): Campaign {
  const enemies =
    d.options.fog === 'positions'
      ? d.view.enemyFleets.map((f) => ({
          id: f.id,
          side: f.side,
          hex: f.hex,
          ships: [],
          lossOrder: [],
          retreat: { kind: 'never' } as const,
        }))
      : [];
  return {
    map: d.view.map,
    turn: d.view.turn,
    sides: d.sides,
    options: d.options,
    systems: d.view.systems,
    store: Object.fromEntries(d.sides.map((s) => [s, s === d.side ? d.view.store : 0])),
    fleets: [...d.view.fleets, ...enemies],
    conceded: d.conceded,
  };
}

/** Every problem of the text, as the service would answer it; empty when it would be accepted. */
export function checkCampaignText(text: string, d: CampaignCheckData): OrdersProblem[] {
  const campaign = campaignOfView(d);
  if (d.budget !== null) {
    const parsed = parseSetup(text, {
      gameId: d.gameId,
      side: d.side,
      state: campaign,
      settings: { budget: d.budget },
    });
    return parsed.ok ? [] : inLineOrder(parsed.errors);
  }
  const parsed = parseCampaignSubmission(text, { gameId: d.gameId, turn: d.turn, side: d.side, campaign });
  return parsed.ok ? [] : inLineOrder(parsed.errors);
}

/**
 * The warnings the service's answer gives with the text (a ship built that can never roll an attack die of its own,
 * rules-strategic.md §7), as the page shows them beside the orders in; none when the text would be refused.
 */
export function campaignTextWarnings(text: string, d: CampaignCheckData): string[] {
  const campaign = campaignOfView(d);
  const parsed =
    d.budget !== null
      ? parseSetup(text, { gameId: d.gameId, side: d.side, state: campaign, settings: { budget: d.budget } })
      : parseCampaignSubmission(text, { gameId: d.gameId, turn: d.turn, side: d.side, campaign });
  if (!parsed.ok) return [];
  const builds =
    'setup' in parsed
      ? (parsed.setup as { builds: Parameters<typeof buildWarnings>[1] }).builds
      : parsed.value.orders.builds;
  return buildWarnings(campaign, builds);
}
