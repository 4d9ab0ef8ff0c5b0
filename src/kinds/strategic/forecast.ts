/**
 * What a campaign's acceptance forecasts of the orders it took (docs/mail.md "The answers"): where each fleet's move
 * ends, and the store after this turn's production and builds (rules-strategic §4, §5). From the side's own view
 * only: a move ends where it is ordered unless a battle on the way stops it, which the side cannot foresee.
 */
import { formatHex } from '../../rules/hex.ts';
import { followPath, shortestPath } from '../../rules/strategic/paths.ts';
import { produces } from '../../rules/strategic/production.ts';
import { shipCost } from '../../rules/strategic/ships.ts';
import type { Campaign, SideOrders } from '../../rules/strategic/types.ts';

export function forecastNotes(campaign: Campaign, side: string, orders: SideOrders): string[] {
  const notes: string[] = [];
  for (const [id, move] of orders.moves) {
    const fleet = campaign.fleets.find((f) => f.id === id && f.side === side);
    if (!fleet) continue; // a fleet this very text makes (SPLIT … AS): it starts where its ships are
    const path = move.kind === 'path' ? move.path : shortestPath(fleet.hex, move.hex, campaign.map);
    const followed = followPath(fleet.hex, path, campaign.map);
    if (!followed.ok || followed.value.length === 0) continue;
    const hexes = followed.value.map(formatHex);
    notes.push(
      `forecast: MOVE ${id} from ${formatHex(fleet.hex)} to ${hexes.at(-1)} in ${hexes.length} ${hexes.length === 1 ? 'hex' : 'hexes'} (${hexes.join(', ')}), unless a battle on the way stops it`,
    );
  }
  if (orders.builds.length > 0) {
    const store = campaign.store[side] ?? 0;
    const produced = campaign.systems.filter((s) => s.owner === side && produces(s, campaign.turn)).length;
    const cost = orders.builds.reduce((sum, b) => sum + shipCost(b.ship), 0);
    const n = orders.builds.length;
    notes.push(
      `forecast: your store ${store} BP, + ${produced} BP produced this turn, − ${cost} BP for ${n} ${n === 1 ? 'build' : 'builds'} = ${store + produced - cost} BP after the builds`,
    );
  }
  return notes;
}
