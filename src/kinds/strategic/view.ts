/**
 * What a side sees now (rules-strategic.md §6), rebuilt from the campaign and
 * the last turn's events: the enemy counts its sensors found that turn, and
 * the count of every enemy fleet it fought then (the count at the battle's
 * end, which is the count at the end of the turn: nothing after combat
 * changes a fleet's ships). This is the view the rules returned with the turn.
 */
import { formatHex } from '../../rules/hex.ts';
import { sideView } from '../../rules/strategic/views.ts';
import type { Campaign, CampaignEvent, SideView } from '../../rules/strategic/types.ts';

export function viewOf(campaign: Campaign, side: string, lastEvents: readonly CampaignEvent[]): SideView {
  const detected: Record<string, number> = {};
  const fought: Record<string, number> = {};
  // Where each enemy fleet that retreated this turn retreated from: nothing moves after combat, so an enemy fleet
  // fought in a battle's hex is there at the end of the turn unless it retreated from it.
  const retreatedFrom = new Map<string, string>();
  for (const e of lastEvents) if (e.type === 'retreat' && e.side !== side) retreatedFrom.set(e.fleet, e.from);
  for (const e of lastEvents) {
    if (e.type === 'sensor' && e.side === side) detected[e.fleet] = e.ships;
    if (e.type === 'battle' && (e.attacker === side || e.defender === side)) {
      // The battle lists the ids of both sides' fleets, and ids belong to a side: an enemy fleet whose id is listed
      // fought there only if it was in the hex (the side's own fleet of that id may have been the one listed).
      for (const id of e.fleets) {
        const f = campaign.fleets.find((x) => x.id === id && x.side !== side);
        if (!f) continue;
        const from = retreatedFrom.get(f.id);
        if (from === undefined ? formatHex(f.hex) === e.hex : from === e.hex) fought[id] = f.ships.length;
      }
    }
  }
  return sideView(campaign, side, detected, fought);
}

/**
 * Everything, as a moderator and the archive of an ended campaign see it: every fleet with its count, drawn from
 * `side` (its ships the reader's; the first side's when none is given).
 */
export function fullView(campaign: Campaign, side: string | undefined = campaign.sides[0]): SideView {
  const counts = Object.fromEntries(campaign.fleets.filter((f) => f.side !== side).map((f) => [f.id, f.ships.length]));
  return sideView({ ...campaign, options: { ...campaign.options, fog: 'positions' } }, side, counts, counts);
}
