/**
 * The tactical battle (rules-tactical.md, rules-solo.md) as a game kind: its
 * state is the adjudicator's position document (docs/adjudicator.md), so a
 * stored turn can be fed to `msc resolve` as it is; its orders language is
 * src/orders.
 */
import { ordersToJson, parsePositionInput, positionToJson } from '../../adjudicator/position-json.ts';
import { formatOrders, orderBlock, parseSubmission } from '../../orders/index.ts';
import { parsePlot, formatPlot } from '../../rules/plot.ts';
import { resolveTurn } from '../../rules/resolve.ts';
import { err, ok } from '../../rules/result.ts';
import type { Position, ShipOrders } from '../../rules/types.ts';
import { sidesInPlay, victory } from '../../rules/victory.ts';
import type { TurnEvent } from '../../rules/events.ts';
import { renderDiagram } from '../../reports/diagram.ts';
import { narrative } from '../../reports/narrative.ts';
import {
  RECORD_TURNS_IN_MAIL,
  REPORT_WIDTH,
  sideRecords,
  turnReport,
  type ResolvedTurnEvents,
} from '../../reports/turn-report.ts';
import { tacticalReplay } from './replay.ts';
import { tacticalSetup } from './setup.ts';
import { tacticalAdjudicator } from './adjudicator.ts';
import { tacticalPrintout } from './printout.ts';
import { SCENARIOS } from './scenario-names.ts';
import {
  DamagedDocumentError,
  type GameKind,
  type ResolveInput,
  type SeatStanding,
  type SideContext,
  type StoredTurnEvents,
} from '../kind.ts';

/** One side's orders: by ship id. */
export type TacticalOrders = ReadonlyMap<string, ShipOrders>;

type StoredOrders = ReturnType<typeof ordersToJson>;

/** Reads a stored position. */
export function readPosition(doc: unknown): Position {
  const r = parsePositionInput(doc);
  if (!r.ok) throw new DamagedDocumentError('position', r.errors.map((e) => e.message).join('; '));
  return r.value.position;
}

/** Reads stored orders (written by ordersToJson). */
export function readShipOrders(doc: unknown): Map<string, ShipOrders> {
  const out = new Map<string, ShipOrders>();
  for (const [id, o] of Object.entries((doc ?? {}) as StoredOrders)) {
    const plot = parsePlot(o.move ?? '');
    if (!plot.ok) throw new DamagedDocumentError(`orders for ${id}`, plot.error.message);
    out.set(id, { speed: o.speed, plot: plot.value, fire: o.fire ?? [], hold: o.hold ?? false });
  }
  return out;
}

/** Sides whose player must send orders: not solo, not conceded, with a ship in play. */
function sidesThatMustOrder(position: Position, seats: readonly SeatStanding[]): string[] {
  return seats
    .filter((s) => s.concededAt === null && !position.solo.includes(s.side))
    .filter((s) => position.ships.some((ship) => ship.side === s.side && ship.status === 'active'))
    .map((s) => s.side);
}

const ordersContext = (at: SideContext<Position>) => ({
  gameId: at.gameId,
  turn: at.turn,
  side: at.side,
  position: at.state,
});

function resolveTactical(input: ResolveInput<Position, TacticalOrders>) {
  const { state: position, missing } = input;
  const orders = new Map<string, ShipOrders>();
  for (const set of input.orders.values()) for (const [id, o] of set) orders.set(id, o);
  // Sides without orders follow the game's no-orders policy: the standing order (the rules' default), or the solo
  // rules.
  // Sides the rules have taken over from a player who kept missing turns are played by the solo rules too.
  const ruled = (input.ruled ?? []).filter((side) => !position.solo.includes(side));
  const byRules = [...(input.noOrders === 'solo' ? missing : []), ...ruled];
  const playing: Position = byRules.length > 0 ? { ...position, solo: [...position.solo, ...byRules] } : position;
  let result = resolveTurn(playing, orders, input.dice);
  const dropped = result.ok ? [] : result.error;
  if (!result.ok) {
    // The rules check every order before rolling any die, so the same dice serve the second try.
    for (const e of result.error) if (e.ship) orders.delete(e.ship);
    result = resolveTurn(playing, orders, input.dice);
    if (!result.ok) return err(result.error);
  }
  const r = result.value;
  const sideOf = (id: string) => position.ships.find((s) => s.id === id)?.side ?? '';
  const ordersUsed = Object.fromEntries(
    [...r.ordersUsed].map(([id, o]) => [
      id,
      {
        speed: o.speed,
        move: formatPlot(o.plot),
        fire: [...o.fire],
        hold: o.hold,
        source: byRules.includes(sideOf(id)) && o.source === 'solo' ? 'solo-policy' : o.source,
      },
    ]),
  );
  const over = r.events.find((e) => e.type === 'game-over');
  return ok({
    // The game's solo sides are its own; the policy's are for this turn only.
    state: { ...r.position, solo: position.solo },
    events: [...r.events],
    ordersUsed,
    gameOver: r.gameOver,
    winner: r.winner,
    reason: over?.type === 'game-over' ? over.reason : null,
    dropped,
  });
}

/** Stored events are the tactical rules' own events, written by this kind's resolve (turn 0, the setup, has none). */
const tacticalHistory = (history: readonly StoredTurnEvents[]): ResolvedTurnEvents[] =>
  history.filter((t) => t.number >= 1).map((t) => ({ number: t.number, events: t.events as TurnEvent[] }));

export const tacticalKind: GameKind<Position, TacticalOrders> = {
  ruleset: 'msc-tactical',
  title: 'tactical battle',
  unnamedScenario: 'custom',
  noun: 'battle',
  readState: readPosition,
  writeState: positionToJson,
  readOrders: readShipOrders,
  writeOrders: ordersToJson,
  sidesThatMustOrder,
  sidesInPlay,
  concede: (position, side) => ({ ...position, conceded: [...position.conceded, side] }),
  parseSubmission(text, at) {
    const parsed = parseSubmission(text, ordersContext(at));
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    const { orders, commands, message, notes } = parsed.value;
    return { ok: true, orders, hasOrders: orders.size > 0, commands, message, notes };
  },
  holdOrders: () => new Map(),
  standingOrders: 'your ships keep their SPEED, fly straight ahead and fire at the nearest enemy',
  missedOrders: 'its ships kept their SPEED, flew straight ahead and fired at the nearest enemy',
  rulesPlaying: 'the solo rules',
  formatOrders: (orders, at) =>
    formatOrders(
      { gameId: at.gameId, turn: at.turn },
      orders,
      at.state.ships.map((s) => s.id),
    ),
  orderBlock: (at, current) => orderBlock(ordersContext(at), current),
  resolve: resolveTactical,
  scoreNow(position, resolvedTurn) {
    const turn = Math.max(1, resolvedTurn);
    const over = victory({ ...position, turnLimit: turn }, turn);
    return { winner: over ? (over.winner ?? 'draw') : 'draw', scores: over?.scores ?? null };
  },
  report: (input) =>
    turnReport({
      ...input,
      position: input.state,
      history: tacticalHistory(input.history),
    }),
  endReport: ({ state, lastEvents, history, sideName, side }) => ({
    narrative: narrative(lastEvents as TurnEvent[], sideName),
    // Drawn from the reader's side: the picture holds its own ships too, those lost or gone included.
    diagram: state
      ? renderDiagram(state, {
          maxWidth: REPORT_WIDTH,
          focus: state.ships.filter((s) => s.side === side).map((s) => s.hex),
        })
      : null,
    sides: state
      ? sideRecords(state, tacticalHistory(history), sideName, null, REPORT_WIDTH, RECORD_TURNS_IN_MAIL)
      : [],
  }),
  replay: tacticalReplay,
  setup: tacticalSetup,
  // A battle's orders, and its deployment when it is a campaign's linked game (src/orders/deploy.ts).
  orderKeywords: ['SHIP', 'DEPLOY'],
  idPrefix: (scenario) => (scenario === 'custom' ? 'game' : (scenario.split('-')[0] ?? 'game')),
  takesScenarios: true,
  scenarios: SCENARIOS,
  adjudicator: tacticalAdjudicator,
  printout: tacticalPrintout,
  // The book's tutorial: its ships are given, so it starts at turn 1.
  sample: { create: { scenario: 'tutorial-duel' }, seats: ['black', 'grey'] },
};
