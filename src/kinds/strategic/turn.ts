/**
 * A campaign turn behind the kind interface: the no-orders policy ("fleets
 * stay, no builds, standing loss and retreat orders": a side that sent
 * nothing has empty orders), a concession (the turn is not played), orders
 * that the side could not have known to be illegal dropped with a reason, and
 * the rules' result as the service stores it.
 */
import { sideOrdersToJson } from '../../adjudicator/campaign-json.ts';
import { formatHex } from '../../rules/hex.ts';
import { err, ok, type Result, type RuleError } from '../../rules/result.ts';
import { checkSideOrders, noOrders } from '../../rules/strategic/check.ts';
import { resolveCampaignTurn } from '../../rules/strategic/resolve.ts';
import type {
  Campaign,
  CampaignEvent,
  CampaignRuleError,
  CampaignTurnResult,
  SideOrders,
} from '../../rules/strategic/types.ts';
import { fleetBp } from '../../rules/strategic/victory.ts';
import type { ResolveInput, ResolveOutput } from '../kind.ts';
import { writePending } from './docs.ts';

/**
 * The campaign as a side may check its orders against (§6): its own fleets in full; with fog `positions` the enemy's
 * fleets where they stand, without their ships (their ids are on the side's map); with fog `sensors` none; the
 * enemy's store as nothing. Ids belong to a side (rules-strategic.md §1): nothing the side names is checked against
 * the enemy's pieces, so what it cannot see can neither refuse its orders now nor drop them when the turn resolves.
 */
export function seenCampaign(campaign: Campaign, side: string): Campaign {
  const fleets = campaign.fleets
    .filter((f) => f.side === side || campaign.options.fog === 'positions')
    .map((f) => (f.side === side ? f : { ...f, ships: [], lossOrder: [] }));
  return {
    ...campaign,
    fleets,
    store: Object.fromEntries(campaign.sides.map((s) => [s, s === side ? (campaign.store[s] ?? 0) : 0])),
  };
}

/**
 * Orders as a turn resolves them: each build was checked on submission against the store and the side's own
 * production; a build the store cannot pay when the turn resolves is skipped by the rules (§4), and a turn recorded
 * before that check counted the side's own production alone replays as it was resolved.
 */
const RESOLVING = { affordable: false } as const;

export const hasOrders = (o: SideOrders): boolean =>
  o.builds.length + o.transfers.length + o.moves.size + o.lossOrders.size + o.retreats.size > 0 || o.concede;

/** The same orders less one: the order an error of the checker names. */
function without(o: SideOrders, e: CampaignRuleError): SideOrders | null {
  const at = e.order;
  if (!at) return null;
  const drop = <K, V>(m: ReadonlyMap<K, V>, k: K | undefined) => new Map([...m].filter(([x]) => x !== k));
  switch (at.kind) {
    case 'build':
      return { ...o, builds: o.builds.filter((_, i) => i !== at.index) };
    case 'transfer':
      return { ...o, transfers: o.transfers.filter((_, i) => i !== at.index) };
    case 'move':
      return { ...o, moves: drop(o.moves, at.fleet) };
    case 'lossOrder':
      return { ...o, lossOrders: drop(o.lossOrders, at.fleet) };
    case 'retreat':
      return { ...o, retreats: drop(o.retreats, at.fleet) };
  }
}

/**
 * The part of a side's orders the turn can apply. Orders were checked against the side's own pieces, which only the
 * side's orders and the moderator change; one that a moderator's change (a rollback, a replaced state) has made
 * illegal is dropped with its reason, and the orders that depended on it with theirs (ruling, rules-strategic.md §12).
 */
export function applicableOrders(
  campaign: Campaign,
  side: string,
  orders: SideOrders,
): { orders: SideOrders; dropped: (CampaignRuleError & { what: string })[] } {
  let current = orders;
  const dropped: (CampaignRuleError & { what: string })[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const errors = checkSideOrders(campaign, side, current, RESOLVING);
    if (errors.length === 0) return { orders: current, dropped };
    const first = errors[0]!;
    const next = without(current, first);
    dropped.push({ ...first, what: describe(current, first) });
    if (next === null)
      return {
        orders: { ...noOrders(), concede: current.concede },
        dropped: [...dropped, ...errors.slice(1).map((e) => ({ ...e, what: describe(current, e) }))],
      };
    current = next;
  }
  return { orders: noOrders(), dropped };
}

/** An order as the side wrote it, the way the rules' own `skipped` events name it. */
function describe(o: SideOrders, e: CampaignRuleError): string {
  const at = e.order;
  if (!at) return 'orders';
  if (at.kind === 'build') return `BUILD ${o.builds[at.index ?? -1]?.ship.id ?? ''}`.trim();
  if (at.kind === 'transfer') {
    const t = o.transfers[at.index ?? -1];
    if (!t) return 'transfer';
    if (t.kind === 'merge') return `MERGE ${t.fleet} INTO ${t.into}`;
    if (t.kind === 'transfer') return `TRANSFER ${t.ships.join(' ')} FROM ${t.from} TO ${t.to}`;
    return `SPLIT ${t.ships.join(' ')} FROM ${t.from} AS ${t.as}`;
  }
  return `${at.kind === 'lossOrder' ? 'LOSSES' : at.kind.toUpperCase()} ${at.fleet ?? ''}`.trim();
}

const toRuleError = (e: CampaignRuleError): RuleError =>
  e.ship === undefined ? { code: e.code, message: e.message } : { code: e.code, message: e.message, ship: e.ship };

/** A finished turn as the service stores it. */
export function turnOutput(
  r: CampaignTurnResult,
  ordersUsed: unknown,
  dropped: readonly RuleError[],
  skipped: readonly CampaignEvent[] = [],
): ResolveOutput<Campaign> {
  const over = r.events.find((e) => e.type === 'game-over');
  return {
    state: r.campaign,
    events: [...skipped, ...r.events],
    ordersUsed,
    gameOver: r.gameOver,
    winner: r.winner,
    reason: over?.type === 'game-over' ? over.reason : null,
    dropped,
  };
}

/** One campaign turn through the kind interface. */
export function resolveStrategic(
  input: ResolveInput<Campaign, SideOrders>,
): Result<ResolveOutput<Campaign>, RuleError[]> {
  const before = input.state;
  // A concession recorded on the state ends the campaign when the turn resolves, without playing it (§12).
  const campaign: Campaign = { ...before, conceded: [] };
  const orders: Record<string, SideOrders> = {};
  const dropped: (CampaignRuleError & { what: string })[] = [];
  for (const side of campaign.sides) {
    if (before.conceded.includes(side)) {
      orders[side] = { ...noOrders(), concede: true };
      continue;
    }
    const given = input.orders.get(side) ?? noOrders();
    const usable = applicableOrders(campaign, side, given);
    orders[side] = usable.orders;
    dropped.push(...usable.dropped.map((e) => ({ ...e, side })));
  }
  const skipped: CampaignEvent[] = dropped.map((e) => ({
    type: 'skipped',
    side: e.side ?? '',
    order: e.what,
    reason: e.message,
  }));
  const ordersUsed = Object.fromEntries(campaign.sides.map((s) => [s, sideOrdersToJson(orders[s]!)]));
  const result = resolveCampaignTurn(campaign, orders, input.dice, RESOLVING);
  if (!result.ok) return err(result.error.map(toRuleError));
  const r = result.value;
  const droppedErrors = dropped.map(toRuleError);
  if ('pending' in r) {
    return ok({
      state: before,
      events: [...skipped, ...r.events],
      ordersUsed,
      gameOver: false,
      winner: null,
      reason: null,
      dropped: droppedErrors,
      pending: {
        document: writePending({ ...r, events: [...skipped, ...r.events] }, droppedErrors, ordersUsed),
        battles: r.battles.map((b, index) => ({
          index,
          title: `Battle at ${formatHex(b.hex)}, campaign turn ${campaign.turn}`,
          sides: campaign.sides.filter((s) => s === b.attacker || s === b.defender),
        })),
      },
    });
  }
  return ok(turnOutput(r, ordersUsed, droppedErrors, skipped));
}

/** A moderator's early end, scored as the turn limit scores it (§9): more ships' BP wins, equal is a draw. */
export function scoreNow(campaign: Campaign): { winner: string; scores: Record<string, number> } {
  const [a, b] = campaign.sides;
  const scores = { [a]: fleetBp(campaign.fleets, a), [b]: fleetBp(campaign.fleets, b) };
  return { winner: scores[a] === scores[b] ? 'draw' : scores[a]! > scores[b]! ? a : b, scores };
}
