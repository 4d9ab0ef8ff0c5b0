/**
 * Campaign orders as text: the canonical form the service echoes (it parses
 * back to the same orders), and the order block a turn report ends with.
 */
import { formatHex } from '../../rules/hex.ts';
import { fleetReach, shipCost } from '../../rules/strategic/ships.ts';
import type {
  BuildOrder,
  Campaign,
  MoveOrder,
  RetreatOrder,
  SideOrders,
  SideView,
  TransferOrder,
} from '../../rules/strategic/types.ts';

export interface CampaignTextContext {
  readonly gameId: string;
  readonly turn: number;
  readonly side: string;
  readonly campaign: Campaign;
}

const header = (ctx: { gameId: string; turn: number }) => `GAME ${ctx.gameId} TURN ${ctx.turn}`;

function buildLine(b: BuildOrder, ctx: CampaignTextContext): string {
  const s = b.ship;
  const joins = ctx.campaign.fleets.some((f) => f.side === ctx.side && f.id === b.fleet);
  const weapons = s.weapons.length === 0 ? '-' : s.weapons.join(',');
  return `BUILD ${s.id} E${s.engine} S${s.shields} H${s.toHit} W ${weapons} ${joins ? 'JOIN' : 'AS'} ${b.fleet}`;
}

function transferLine(t: TransferOrder): string {
  if (t.kind === 'merge') return `MERGE ${t.fleet} INTO ${t.into}`;
  if (t.kind === 'transfer') return `TRANSFER ${t.ships.join(' ')} FROM ${t.from} TO ${t.to}`;
  return `SPLIT ${t.ships.join(' ')} FROM ${t.from} AS ${t.as}`;
}

const moveLine = (fleet: string, m: MoveOrder) =>
  m.kind === 'to' ? `MOVE ${fleet} TO ${formatHex(m.hex)}` : `MOVE ${fleet} ${m.path.join(' ')}`;

export function retreatWords(r: RetreatOrder): string {
  return r.kind === 'never' ? 'NEVER' : r.kind === 'after' ? `AFTER ${r.rounds}` : `BELOW ${r.percent}`;
}

/** The orders in canonical form: builds, transfers (in their order), moves, loss and retreat orders, then END. */
export function formatCampaignOrders(orders: SideOrders, ctx: CampaignTextContext): string {
  const lines = [
    header(ctx),
    ...orders.builds.map((b) => buildLine(b, ctx)),
    ...orders.transfers.map(transferLine),
    ...[...orders.moves].map(([fleet, m]) => moveLine(fleet, m)),
    ...[...orders.lossOrders].map(([fleet, ids]) => `LOSSES ${fleet} ${ids.length === 0 ? '-' : ids.join(' ')}`),
    ...[...orders.retreats].map(([fleet, r]) => `RETREAT ${fleet} ${retreatWords(r)}`),
    'END',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The order block for a side's turn report: its fleets with where they are and
 * how far they reach, its store, the commands' forms, and its standing orders
 * as lines ready to edit (sending them again changes nothing).
 */
export function campaignOrderBlock(view: SideView, ctx: { gameId: string; turn: number }): string {
  const lines = [
    header(ctx),
    `# Store: ${view.store} BP. BUILD <ship> E<n> S<n> H<n> W <F,FL,FR,RL,RR or -> [JOIN <fleet at home> | AS <new fleet>]`,
    '#   (a ship costs E + S + H + 2 per weapon: exactly 10, 15 or 20 BP)',
    '# MOVE <fleet> <directions N NE SE S SW NW> | MOVE <fleet> TO <CCRR>',
    '# MERGE <fleet> INTO <fleet> | TRANSFER <ships> FROM <fleet> TO <fleet> | SPLIT <ships> FROM <fleet> AS <new fleet>',
    '# LOSSES <fleet> <ships, first lost first> | RETREAT <fleet> NEVER | AFTER <rounds> | BELOW <per cent>',
  ];
  if (view.fleets.length === 0) lines.push('# you have no fleets');
  for (const f of view.fleets) {
    const bp = f.ships.reduce((t, s) => t + shipCost(s), 0);
    lines.push(
      `# ${f.id} at ${formatHex(f.hex)}: ${f.ships.length} ${f.ships.length === 1 ? 'ship' : 'ships'} (${f.ships.map((s) => s.id).join(' ')}), ${bp} BP, reach ${fleetReach(f)}`,
    );
    if (f.lossOrder.length > 0) lines.push(`LOSSES ${f.id} ${f.lossOrder.join(' ')}`);
    if (f.retreat.kind !== 'never') lines.push(`RETREAT ${f.id} ${retreatWords(f.retreat)}`);
  }
  lines.push('END');
  return `${lines.join('\n')}\n`;
}
