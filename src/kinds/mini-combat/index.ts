/**
 * Mini Combat (rules-mini-combat.md) as a game kind (§22.8): its state is the
 * position `msc mini resolve` reads without orders and dice, so a stored turn
 * with its orders and dice is an adjudicator input; its languages are
 * src/orders/mini-combat (§19 orders, §21 setup); each side sees only its view
 * (§9.3, §22.4) and the events its `seenBy` holds; the setup phase is each
 * side's army list (§21); a side without orders follows the standing order.
 */
import { orderToJson, viewToJson } from '../../adjudicator/mini-combat-json.ts';
import { formatMiniOrders, ORDER_KEYWORDS, parseMiniOrders, SETUP_KEYWORDS } from '../../orders/mini-combat/index.ts';
import type { MiniEvent } from '../../rules/mini-combat/battlefield.ts';
import { checkSideOrders } from '../../rules/mini-combat/check.ts';
import { turnLimitResult } from '../../rules/mini-combat/end.ts';
import { eventsSeenBy, turnView } from '../../rules/mini-combat/turn.ts';
import type { MiniPosition } from '../../rules/mini-combat/types.ts';
import { inPlay, scores } from '../../rules/mini-combat/victory.ts';
import type { GameKind, SeatStanding, SideContext } from '../kind.ts';
import { miniAdjudicator } from './adjudicator.ts';
import { readMiniOrders, readMiniState, writeMiniOrders, writeMiniState, type MiniSideOrders } from './docs.ts';
import { miniPrintout } from './printout.ts';
import { miniReplay } from './replay.ts';
import { miniBlock, miniEndReport, miniNeutralReport, miniReport } from './report.ts';
import { miniSample } from './sample.ts';
import { miniSetup } from './setup.ts';
import { resolveMini } from './turn.ts';

/** §20.4: the sides with an element active, carried or in reserve that have not conceded. */
function sidesInPlay(p: MiniPosition): string[] {
  return p.sides.filter((s) => !p.conceded.includes(s) && p.units.some((u) => u.side === s && u.elements.some(inPlay)));
}

/** §22.8: both sides while neither has conceded and both are in play. */
function sidesThatMustOrder(p: MiniPosition, seats: readonly SeatStanding[]): string[] {
  const playing = sidesInPlay(p);
  if (playing.length < p.sides.length || seats.some((s) => s.concededAt !== null)) return [];
  return [...new Set(seats.filter((s) => playing.includes(s.side)).map((s) => s.side))];
}

const textContext = (at: SideContext<MiniPosition>) => ({ gameId: at.gameId, turn: at.turn });

export const miniCombatKind: GameKind<MiniPosition, MiniSideOrders> = {
  ruleset: 'mini-combat',
  title: 'Mini Combat battle',
  unnamedScenario: 'battle',
  noun: 'battle',
  readState: readMiniState,
  writeState: writeMiniState,
  readOrders: readMiniOrders,
  writeOrders: writeMiniOrders,
  sidesThatMustOrder,
  sidesInPlay,
  // §20.4: a side that concedes loses when the turn resolves; the turn is not played.
  concede: (p, side) => (p.conceded.includes(side) ? p : { ...p, conceded: [...p.conceded, side] }),
  parseSubmission(text, at) {
    const parsed = parseMiniOrders(text, { gameId: at.gameId, turn: at.turn, side: at.side, position: at.state });
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    const { orders, commands, message, notes } = parsed.value;
    return { ok: true, orders: orders.map(orderToJson), hasOrders: orders.length > 0, commands, message, notes };
  },
  // §6 item 3: a side with no entries follows the standing order with every unit.
  holdOrders: () => [],
  standingOrders: 'your units stay where they are and attack the nearest enemy they may',
  // §22.8: there are no solo rules for Mini Combat: a side that keeps missing turns stays on the standing order.
  missedOrders: 'its units stayed where they were and attacked the nearest enemy they could',
  formatOrders: (orders, at) => formatMiniOrders(checkSideOrders(at.state, at.side, orders).orders, textContext(at)),
  orderBlock: (at, current) => miniBlock(at, current),
  resolve: resolveMini,
  // §20.4: a battle ended early is scored as its turn limit would score it.
  scoreNow: (p) => ({ winner: turnLimitResult(p).winner, scores: scores(p) }),
  report: miniReport,
  endReport: ({ state, lastEvents, sideName }) => miniEndReport({ state, lastEvents, sideName }),
  // §22.4: the side's view, and of the last turn's events those its seenBy holds.
  viewFor: (p, side, lastEvents) => ({
    view: viewToJson(turnView(p, side)),
    events: eventsSeenBy(
      lastEvents.filter((e): e is MiniEvent => typeof e === 'object' && e !== null && 'seenBy' in e),
      side,
    ),
  }),
  // §22.4: for an observer, what every side sees alike.
  neutralReport: miniNeutralReport,
  replay: miniReplay,
  setup: miniSetup,
  orderKeywords: [...ORDER_KEYWORDS, ...SETUP_KEYWORDS],
  idPrefix: () => 'mc',
  takesScenarios: false,
  scenarios: [],
  adjudicator: miniAdjudicator,
  printout: miniPrintout,
  sample: miniSample,
};
