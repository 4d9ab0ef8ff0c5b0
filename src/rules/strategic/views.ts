/**
 * What each side sees (rules-strategic.md §6): the map, every system and its
 * owner, its own fleets in full; of enemy fleets the position (with fog
 * `positions`) and the ship count only while detected this turn or after
 * fighting them this turn (the count at the end of that battle). With fog
 * `sensors`, enemy fleets not detected this turn are not shown at all. Never
 * the enemy's designs, store or orders; `held` only where it is the side's own.
 */
import type { Campaign, SeenEnemyFleet, SideView } from './types.ts';

export function sideView(
  campaign: Campaign,
  side: string,
  detected: Readonly<Record<string, number>>,
  fought: Readonly<Record<string, number>> = {},
): SideView {
  const enemyFleets: SeenEnemyFleet[] = [];
  for (const f of campaign.fleets) {
    if (f.side === side) continue;
    const ships = fought[f.id] ?? detected[f.id] ?? null;
    if (campaign.options.fog === 'sensors' && detected[f.id] === undefined && fought[f.id] === undefined) continue;
    enemyFleets.push({ id: f.id, side: f.side, hex: f.hex, ships });
  }
  return {
    side,
    map: campaign.map,
    turn: campaign.turn,
    systems: campaign.systems.map((s) => ({ ...s, held: s.held === side ? side : null })),
    store: campaign.store[side] ?? 0,
    fleets: campaign.fleets.filter((f) => f.side === side),
    enemyFleets,
    detected: { ...detected },
  };
}
