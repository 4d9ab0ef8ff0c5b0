/**
 * What a campaign's acceptance forecasts of the orders it took (docs/mail.md "The answers"): where each fleet's move
 * ends, and the store after this turn's production and builds (rules-strategic §4, §5). From the side's own view
 * only: a move ends where it is ordered unless a battle on the way stops it, which the side cannot foresee.
 */
import { formatHex } from '../../rules/hex.ts';
import { followPath, shortestPath } from '../../rules/strategic/paths.ts';
import { produces } from '../../rules/strategic/production.ts';
import { ATTACK_BP_PER_DIE } from '../../rules/strategic/combat.ts';
import { offensiveBp, shipCost } from '../../rules/strategic/ships.ts';
import type { BuildOrder, Campaign, SideOrders } from '../../rules/strategic/types.ts';

/**
 * A warning, not an error, for each ship built with too few offensive BP to roll an attack die of its own in
 * strategic combat (rules-strategic.md §7: 1 die per full 7 offensive BP of a side's ships in the hex): it only adds
 * to the dice of ships fighting beside it, or, with no weapon and no TO-HIT, never to any. Battles fought as tactical
 * games (§8) do not count dice so: no warning there.
 */
export function buildWarnings(campaign: Campaign, builds: readonly BuildOrder[]): string[] {
  if (campaign.options.battles !== 'strategic') return [];
  return builds.flatMap(({ ship }) => {
    const off = offensiveBp(ship);
    if (off >= ATTACK_BP_PER_DIE) return [];
    const alone = `alone it never rolls an attack die (strategic combat rolls 1 per full ${ATTACK_BP_PER_DIE} offensive BP of a side's ships in the battle; offensive BP = 2 per weapon + TO-HIT)`;
    return [
      `warning: BUILD ${ship.id} (${shipCost(ship)} BP) has ${off} offensive BP: ${alone}; ` +
        (off === 0 ? 'it never adds to an attack' : 'it only adds its BP to the ships fighting beside it'),
    ];
  });
}

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
