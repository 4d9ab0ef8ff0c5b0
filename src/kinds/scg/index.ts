/**
 * The Simple Combat Game (rules-scg.md) as a game kind (§18.7): its state is
 * the document `msc scg resolve` reads without orders and dice, so a stored
 * turn with its orders and dice is an adjudicator input; its orders language
 * is src/orders/scg; nothing is hidden (§16), and games are made from the
 * scenarios of §15, which place every unit (no side sets up).
 */
import { parseScgSubmission, SCG_KEYWORDS, formatScgOrders } from '../../orders/scg/index.ts';
import { scores } from '../../rules/scg/resolve.ts';
import { STANDING_ORDERS, type ScgSideOrders, type ScgState } from '../../rules/scg/types.ts';
import type { GameKind, SeatStanding, SideContext } from '../kind.ts';
import { scgAdjudicator } from './adjudicator.ts';
import { readScgOrders, readScgState, writeScgOrders, writeScgState } from './docs.ts';
import { scgPrintout } from './printout.ts';
import { scgReplay } from './replay.ts';
import { scgBlock, scgEndReport, scgReport } from './report.ts';
import { SCG_SCENARIO_NAMES, scgSetup } from './setup.ts';
import { resolveScg } from './turn.ts';

/** §18.7: the sides with a unit in play that have not conceded. */
function sidesInPlay(state: ScgState): string[] {
  return state.sides.filter(
    (s) => !state.conceded.includes(s) && state.units.some((u) => u.side === s && u.status === 'active'),
  );
}

/** §18.7: both sides while neither has conceded and both have a unit in play. */
function sidesThatMustOrder(state: ScgState, seats: readonly SeatStanding[]): string[] {
  const playing = sidesInPlay(state);
  if (playing.length < state.sides.length || seats.some((s) => s.concededAt !== null)) return [];
  return [...new Set(seats.filter((s) => playing.includes(s.side)).map((s) => s.side))];
}

const ordersContext = (at: SideContext<ScgState>) => ({
  gameId: at.gameId,
  turn: at.turn,
  side: at.side,
  state: at.state,
});

export const scgKind: GameKind<ScgState, ScgSideOrders> = {
  ruleset: 'scg',
  title: 'Simple Combat Game',
  unnamedScenario: 'custom',
  noun: 'game',
  readState: readScgState,
  writeState: writeScgState,
  readOrders: readScgOrders,
  writeOrders: writeScgOrders,
  sidesThatMustOrder,
  sidesInPlay,
  // §13 rule 1: the game ends when the turn resolves, before anything is rolled or moved.
  concede: (state, side) => (state.conceded.includes(side) ? state : { ...state, conceded: [...state.conceded, side] }),
  parseSubmission(text, at) {
    const parsed = parseScgSubmission(text, ordersContext(at));
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    const { orders, commands, message, notes } = parsed.value;
    const hasOrders = orders.move.length > 0 || orders.fire.length > 0;
    return { ok: true, orders, hasOrders, commands, message, notes };
  },
  // §17.6: standing orders are an empty submission — every unit holds and fires at the nearest eligible target.
  holdOrders: () => STANDING_ORDERS,
  standingOrders: 'your units hold their hexes and fire every weapon at the nearest eligible target',
  missedOrders: 'its units held their hexes and fired every weapon at the nearest eligible target',
  formatOrders: (orders, at) => formatScgOrders(orders, at.state, { gameId: at.gameId, turn: at.turn }),
  orderBlock: (at, current) => scgBlock(at, current),
  resolve: resolveScg,
  // §13 rule 5: a game ended early is scored as the turn limit would score it (rule 3).
  scoreNow(state) {
    const s = scores(state, state.units);
    const [a, b] = state.sides;
    return { winner: s[a]! > s[b]! ? a : s[b]! > s[a]! ? b : 'draw', scores: s };
  },
  report: scgReport,
  endReport: ({ state, lastEvents }) => scgEndReport({ state, lastEvents }),
  replay: scgReplay,
  setup: scgSetup,
  orderKeywords: SCG_KEYWORDS,
  idPrefix: () => 'scg',
  takesScenarios: true,
  scenarios: SCG_SCENARIO_NAMES,
  adjudicator: scgAdjudicator,
  printout: scgPrintout,
  // §15.1 Tank Battle: its units are placed, so turn 1 opens at once; the report's block is sent back as it is.
  sample: { create: { scenario: 'scg-tank-battle' }, seats: ['west', 'east'] },
};
