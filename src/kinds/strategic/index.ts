/**
 * The strategic campaign (rules-strategic.md) as a game kind: its state is the
 * campaign document `msc campaign resolve` reads (src/adjudicator/campaign-json.ts),
 * its orders language is src/orders/campaign, checked against what the side
 * sees; its reports tell each side only what §6 lets it see. With `battles:
 * "tactical"` a turn stops for its battles (`linkedBattles`), and the kind runs
 * its own setup phase (`setup`).
 */
import { parseCampaignSubmission } from '../../orders/campaign/index.ts';
import { CAMPAIGN_KEYWORDS, formatCampaignOrders } from '../../orders/campaign/index.ts';
import { err } from '../../rules/result.ts';
import { noOrders } from '../../rules/strategic/check.ts';
import type { Campaign, CampaignEvent, SideOrders } from '../../rules/strategic/types.ts';
import type { GameKind, SeatStanding, SideContext } from '../kind.ts';
import { battleOutcome, battleSetup, finishBattles } from './battles.ts';
import { buildWarnings, forecastNotes } from './forecast.ts';
import { readCampaign, readSideOrders, writeCampaign, writeSideOrders } from './docs.ts';
import { campaignBlock, campaignEndReport, campaignReport } from './report.ts';
import {
  campaignSettingsSchema,
  defaultSetup,
  formatSetup,
  initialCampaign,
  parseSetup,
  readSetup,
  setupBlock,
  setupBriefing,
  writeSetup,
  startCampaign,
  type CampaignSettings,
  type CampaignSetup,
} from './setup.ts';
import { hasOrders, resolveStrategic, scoreNow, seenCampaign } from './turn.ts';
import { viewOf } from './view.ts';
import { strategicReplay } from './replay.ts';
import { strategicAdjudicator } from './adjudicator.ts';
import { strategicPrintout } from './printout.ts';

/** Sides still in the campaign: not conceded, with a fleet. */
function sidesInPlay(c: Campaign): string[] {
  return c.sides.filter((s) => !c.conceded.includes(s) && c.fleets.some((f) => f.side === s));
}

function sidesThatMustOrder(c: Campaign, seats: readonly SeatStanding[]): string[] {
  const playing = sidesInPlay(c);
  return [...new Set(seats.filter((s) => s.concededAt === null && playing.includes(s.side)).map((s) => s.side))];
}

const textContext = (at: SideContext<Campaign>) => ({
  gameId: at.gameId,
  turn: at.turn,
  side: at.side,
  campaign: at.state,
});

const budgetOf = (settings: unknown) => (settings as Partial<CampaignSettings>).budget ?? 150;

export const strategicKind: GameKind<Campaign, SideOrders> = {
  ruleset: 'msc-strategic',
  title: 'strategic campaign',
  unnamedScenario: 'campaign',
  noun: 'campaign',
  readState: readCampaign,
  writeState: writeCampaign,
  readOrders: readSideOrders,
  writeOrders: writeSideOrders,
  sidesThatMustOrder,
  sidesInPlay,
  concede: (c, side) => (c.conceded.includes(side) ? c : { ...c, conceded: [...c.conceded, side] }),
  parseSubmission(text, at) {
    const parsed = parseCampaignSubmission(text, {
      ...textContext(at),
      campaign: seenCampaign(at.state, at.side),
      sent: () => [strategicKind.orderBlock(at)],
    });
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    // The notes (a greeting skipped, orders read from the quote) go into the answer, as the setup's do, with the
    // forecast of what the orders do: where each move ends, the store after the builds.
    const { orders, commands, message, notes } = parsed.value;
    const forecast = forecastNotes(seenCampaign(at.state, at.side), at.side, orders);
    const warnings = buildWarnings(at.state, orders.builds);
    return {
      ok: true,
      orders,
      hasOrders: hasOrders(orders),
      commands,
      message,
      notes: [...notes, ...warnings, ...forecast],
    };
  },
  holdOrders: () => noOrders(),
  standingOrders: 'your fleets stay where they are, keep their loss and retreat orders, and nothing is built',
  missedOrders: 'its fleets stayed where they were, kept their loss and retreat orders, and nothing was built',
  formatOrders: (orders, at) => formatCampaignOrders(orders, textContext(at)),
  orderBlock: (at, current) =>
    campaignBlock(
      viewOf(at.state, at.side, (at.lastEvents ?? []) as CampaignEvent[]),
      { gameId: at.gameId, turn: at.turn, campaign: at.state },
      current,
    ),
  resolve: resolveStrategic,
  scoreNow: (c) => scoreNow(c),
  viewFor: (c, side, lastEvents) => viewOf(c, side, lastEvents as CampaignEvent[]),
  report: campaignReport,
  endReport: campaignEndReport,
  replay: strategicReplay,
  linkedBattles: {
    ruleset: 'msc-tactical',
    setup: (pending, index, options) => battleSetup(pending, index, options?.turnLimit),
    outcome: battleOutcome,
    finish: finishBattles,
  },
  setup: {
    settingsSchema: campaignSettingsSchema,
    serviceSettings: (settings) => {
      const s = settings as CampaignSettings;
      return {
        sides: s.sides,
        map: { width: s.map.width, height: s.map.height },
        turnHours: s.turnHours,
        setupHours: s.setupHours,
        turnLimit: s.turnLimit,
        // A side without orders keeps its standing orders (rules-strategic.md: its fleets hold).
        noOrders: 'standing',
        budget: s.budget,
      };
    },
    initialState: (settings) => {
      const parsed = campaignSettingsSchema.safeParse(settings);
      if (!parsed.success)
        return err(
          parsed.error.issues.map((i) => ({ code: 'INVALID_FIELD', message: `${i.path.join('.')}: ${i.message}` })),
        );
      return initialCampaign(parsed.data);
    },
    // Every side builds its starting ships.
    sidesThatSetUp: (settings) => (settings as CampaignSettings).sides.map((s) => s.id),
    readSetup,
    writeSetup: (s) => writeSetup(s as CampaignSetup),
    parseSetup,
    readSetupDocument: () => ({
      ok: false,
      how: 'unreadable',
      code: 'SETUP_AS_TEXT',
      message: 'a setup is sent as text: BUILD lines between the GAME line and END',
      problems: [],
    }),
    formatSetup: (s, at) => formatSetup(s as CampaignSetup, at),
    setupBlock: (at, current) => setupBlock(at, current as CampaignSetup | undefined),
    setupBriefing,
    defaultSetup: (at) => defaultSetup(at.side, budgetOf(at.settings)),
    start: (state, setups, settings) => {
      const started = startCampaign(state, setups as ReadonlyMap<string, CampaignSetup>, settings);
      return started;
    },
  },
  // The setup's BUILD lines are campaign order lines too.
  orderKeywords: CAMPAIGN_KEYWORDS,
  idPrefix: () => 'campaign',
  takesScenarios: false,
  scenarios: [],
  adjudicator: strategicAdjudicator,
  printout: strategicPrintout,
  // Red (home 0101) and Blue (home 0707) on a 7 × 7 map, each side's fleets hidden from the other unless its sensors
  // find them; the ships' ids and designs are words no other text holds.
  sample: {
    create: {
      settings: {
        sides: [
          { id: 'red', name: 'Red League' },
          { id: 'blue', name: 'Blue Union' },
        ],
        map: { kind: 'generated', width: 7, height: 7, systems: 4, seed: 'sample' },
        budget: 30,
        fog: 'sensors',
        turnHours: 24,
        setupHours: 48,
      },
    },
    seats: ['red', 'blue'],
    setups: {
      red: (id) =>
        `GAME ${id} TURN 0\nBUILD Rzdart1 E3 S3 H2 W F AS Rzwing\nBUILD Rzdart2 E3 S3 H2 W F JOIN Rzwing\nEND\n`,
      blue: (id) => `GAME ${id} TURN 0\nBUILD Bzspear1 E2 S4 H2 W F AS Bzhost\nEND\n`,
    },
    // Each side's fleet one hex a turn towards the other's home.
    orders: (side, turn, id) => `GAME ${id} TURN ${turn}\nMOVE ${side === 'red' ? 'Rzwing SE' : 'Bzhost NW'}\nEND\n`,
    secrets: { red: ['Rzdart1', 'Rzdart2', 'E3 S3 H2'], blue: ['Bzspear1', 'E2 S4 H2'] },
  },
};
