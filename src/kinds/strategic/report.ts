/**
 * A campaign's turn report for one reader (rules-strategic.md §6, §10): the
 * last turn as that side saw it, its text map (at most 78 columns), its Fleet
 * and Production Control Sheets, and the order block for the open turn. A
 * moderator or observer, and the end of the campaign, see everything.
 */
import { formatCampaignOrders, campaignOrderBlock } from '../../orders/campaign/index.ts';
import { renderCampaignMap } from '../../reports/campaign-map.ts';
import { fleetControlSheet, productionControlSheet, type CampaignTurnEvents } from '../../reports/campaign-sheets.ts';
import { systemRows, systemsSheet } from '../../reports/campaign-systems.ts';
import { deadlineView, type ReportSheet, type TurnReportView } from '../../reports/report-view.ts';
import { wrapWords } from '../../reports/wrap.ts';
import { distance, formatHex } from '../../rules/hex.ts';
import { fleetReach } from '../../rules/strategic/ships.ts';
import type { Campaign, CampaignEvent, SideOrders, SideView } from '../../rules/strategic/types.ts';
import type { EndReportParts, ReportedBattle, ReportInput, StoredTurnEvents } from '../kind.ts';
import { campaignNarrative } from './narrative.ts';
import { fullView, viewOf } from './view.ts';

/** Campaign reports are plain text for any mail client: 78 columns. */
export const CAMPAIGN_REPORT_WIDTH = 78;

/** Stored events are the strategic rules' own events, written by this kind's resolve. */
export const campaignHistory = (history: readonly StoredTurnEvents[]): CampaignTurnEvents[] =>
  history.map((t) => ({ number: t.number, events: t.events as CampaignEvent[] }));

/** A comment line wrapped to the report's width, continuation lines still comments. */
function wrapComment(line: string, width = CAMPAIGN_REPORT_WIDTH): string[] {
  return wrapWords(line, width, '#       ');
}

/** What one of the side's fleets can reach this turn: systems, and enemy fleets the side sees. */
export function reachLines(view: SideView, fleetId: string): string[] {
  const f = view.fleets.find((x) => x.id === fleetId);
  if (!f) return [];
  const reach = fleetReach(f);
  const owner = (s: { owner: string | null; home: string | null }) => {
    const held = s.owner === view.side ? ', yours' : s.owner !== null ? ', enemy' : '';
    if (s.home !== view.side) return held;
    // A home the side has lost is not its own (issue 27): whose it is now, as for any system.
    return s.owner === view.side
      ? ', your home'
      : s.owner !== null
        ? ', your home, held by the enemy'
        : ', your home, lost';
  };
  const systems = view.systems
    .filter((s) => distance(s.hex, f.hex) <= reach && distance(s.hex, f.hex) > 0)
    .map((s) => `${formatHex(s.hex)}${s.name ? ` ${s.name}` : ''}${owner(s)}`);
  const enemies = view.enemyFleets
    .filter((e) => distance(e.hex, f.hex) <= reach)
    .map((e) => `${formatHex(e.hex)} (enemy fleet ${e.id}${e.ships === null ? '' : ` of ${e.ships}`})`);
  const all = [...systems, ...enemies];
  return wrapComment(`#     reaches ${all.length === 0 ? 'no system' : all.join('; ')}`);
}

/**
 * The order block: the orders language's block (store, forms, each fleet with its ships and reach), each fleet
 * followed by what it can reach; with orders in, it starts from them instead of the standing orders.
 */
export function campaignBlock(
  view: SideView,
  ctx: { gameId: string; turn: number; campaign: Campaign },
  current?: SideOrders,
): string {
  const base = campaignOrderBlock(view, ctx)
    .trimEnd()
    .split('\n')
    .filter((l) => l !== 'END');
  const out: string[] = [];
  for (const line of base) {
    if (current && !line.startsWith('#') && !line.startsWith('GAME ')) continue;
    out.push(...(line.startsWith('#') ? wrapComment(line) : [line]));
    const fleet = /^# (\S+) at \d{4}: /.exec(line);
    if (fleet) out.push(...reachLines(view, fleet[1]!));
  }
  if (current) {
    const body = formatCampaignOrders(current, { ...ctx, side: view.side })
      .trimEnd()
      .split('\n');
    out.push(...body.slice(1, -1));
  }
  out.push('END');
  return `${out.join('\n')}\n`;
}

/** A sheet line wrapped to the report's width, continuation lines indented. */
function wrapSheetLine(line: string): string[] {
  return wrapComment(line).map((l, i) => (i === 0 ? l : `    ${l.slice('#       '.length)}`));
}

/** The Fleet and Production Control Sheets of one side (§10), within 78 columns. */
export function sheetsOf(
  campaign: Campaign,
  side: string,
  history: readonly CampaignTurnEvents[],
  sideName: (side: string) => string,
): ReportSheet[] {
  return [
    {
      title: `Fleet Control Sheet: ${sideName(side)}`,
      lines: fleetControlSheet(campaign.fleets.filter((f) => f.side === side)).flatMap(wrapSheetLine),
    },
    {
      title: `Production Control Sheet: ${sideName(side)}`,
      lines: productionControlSheet(side, history).flatMap(wrapSheetLine),
    },
  ];
}

/** The star systems as the reader knows them (§6): a seat its side's view, a moderator and the archive everything. */
export function systemsSheetOf(
  view: SideView,
  campaign: Campaign,
  reader: string | null,
  sideName: (side: string) => string,
): ReportSheet {
  const rows = systemRows(view, { fog: campaign.options.fog, sideName, reader });
  return {
    title: reader === null ? 'Star Systems' : `Star Systems: ${sideName(reader)}`,
    lines: systemsSheet(rows, reader).flatMap(wrapSheetLine),
  };
}

const mapOf = (view: SideView, campaign: Campaign) =>
  renderCampaignMap(view, { sides: campaign.sides, maxWidth: CAMPAIGN_REPORT_WIDTH });

/** Why a seat gives no orders this turn, or null when it does. */
function noOrdersReason(campaign: Campaign, side: string): string | null {
  if (campaign.conceded.includes(side))
    return 'your side has conceded: you follow the rest of the campaign as an observer.';
  if (!campaign.fleets.some((f) => f.side === side)) return 'your side has no fleets left.';
  return null;
}

export function campaignReport(input: ReportInput<Campaign, SideOrders>): TurnReportView {
  const { state: campaign, reader } = input;
  const history = campaignHistory(input.history);
  const last = history.at(-1);
  const lastEvents = last?.events ?? [];
  // A seat always reads as its side, even one the campaign does not know: it is shown less, never more.
  const seatSide = reader.kind === 'seat' ? reader.side : null;
  const reason = seatSide === null ? null : noOrdersReason(campaign, seatSide);
  const view = seatSide === null ? fullView(campaign) : viewOf(campaign, seatSide, lastEvents);
  const block =
    seatSide !== null && reason === null
      ? campaignBlock(
          view,
          { gameId: input.game.id, turn: input.turn, campaign },
          reader.kind === 'seat' ? (reader.currentOrders ?? undefined) : undefined,
        )
      : null;
  const sheetSides = seatSide === null ? campaign.sides : [seatSide];
  return {
    game: { id: input.game.id, name: input.game.name },
    turn: input.turn,
    observer: seatSide === null,
    side: seatSide,
    sideName: seatSide === null ? null : input.sideName(seatSide),
    lastTurn: last?.number ?? null,
    narrative: campaignNarrative(
      lastEvents,
      seatSide,
      input.sideName,
      { sides: campaign.sides, earlier: history.slice(0, -1) },
      input.battles,
    ),
    // Enemy fleets by their ids, as the game page names them (and as the narrative does).
    diagram: mapOf(view, campaign),
    sides: [],
    sheets: [
      ...sheetSides.flatMap((s) => sheetsOf(campaign, s, history, input.sideName)),
      systemsSheetOf(view, campaign, seatSide, input.sideName),
    ],
    orderBlock: block === null ? null : block.trimEnd(),
    noOrdersReason: reason,
    deadline: deadlineView(input.deadline, reader.timeZone),
    seedCommitment: input.seedCommitment ?? null,
  };
}

/**
 * The end of a campaign: the last turn told in full, the whole map, every side's sheets. Everything is revealed, and
 * each seat's map is drawn from its own side (its ships marked as the reader's), not from the first side's.
 */
export function campaignEndReport(input: {
  readonly state: Campaign | null;
  readonly lastEvents: readonly unknown[];
  readonly history: readonly StoredTurnEvents[];
  readonly sideName: (side: string) => string;
  readonly side?: string | null;
  readonly battles?: readonly ReportedBattle[];
}): EndReportParts {
  const { state } = input;
  const history = campaignHistory(input.history);
  const reader = input.side ?? null;
  return {
    narrative: campaignNarrative(
      input.lastEvents as CampaignEvent[],
      null,
      input.sideName,
      { sides: state?.sides, earlier: history.slice(0, -1) },
      input.battles,
    ),
    diagram: state
      ? mapOf(fullView(state, reader !== null && state.sides.includes(reader) ? reader : undefined), state)
      : null,
    sides: [],
    sheets: state
      ? [
          ...state.sides.flatMap((s) => sheetsOf(state, s, history, input.sideName)),
          systemsSheetOf(fullView(state), state, null, input.sideName),
        ]
      : [],
  };
}
