/**
 * Sensors (rules-strategic.md §6): after all movement, every fleet detects
 * each enemy fleet within 3 hexes, and its side learns that fleet's number of
 * ships as of that moment. Every fleet senses, whether it moved or not.
 */
import { distance, formatHex } from '../hex.ts';
import { SENSOR_RANGE, type CampaignEvent } from './types.ts';
import type { World } from './world.ts';

/**
 * Each side's detections (side → enemy fleet id → ships), one event per detected fleet, by the first fleet in fleet
 * order that sees it.
 */
export function sense(world: World, events: CampaignEvent[]): Record<string, Record<string, number>> {
  const detected: Record<string, Record<string, number>> = Object.fromEntries(world.campaign.sides.map((s) => [s, {}]));
  for (const side of world.campaign.sides) {
    const own = world.fleets.filter((f) => f.side === side);
    for (const enemy of world.fleets.filter((f) => f.side !== side)) {
      const by = own.find((f) => distance(f.hex, enemy.hex) <= SENSOR_RANGE);
      if (!by) continue;
      detected[side]![enemy.id] = enemy.ships.length;
      events.push({
        type: 'sensor',
        side,
        fleet: enemy.id,
        ships: enemy.ships.length,
        hex: formatHex(enemy.hex),
        by: by.id,
      });
    }
  }
  return detected;
}
