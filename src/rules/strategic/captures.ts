/**
 * Captures and loss of control (rules-strategic.md §6), after combat: a side
 * captures a system it alone held at the end of this turn and the last; a
 * captured system is lost at the end of any turn in which an enemy fleet is
 * there. `held` remembers who alone held each system at the end of the turn.
 */
import { formatHex, sameHex } from '../hex.ts';
import type { CampaignEvent, StarSystem } from './types.ts';
import type { World } from './world.ts';

export function settleSystems(world: World, events: CampaignEvent[]): StarSystem[] {
  const { turn } = world.campaign;
  return world.campaign.systems.map((system) => {
    const present = new Set(world.fleets.filter((f) => sameHex(f.hex, system.hex)).map((f) => f.side));
    const alone = present.size === 1 ? [...present][0]! : null;
    let { owner, capturedTurn } = system;
    if (owner !== null && [...present].some((s) => s !== owner)) {
      events.push({ type: 'loss-of-control', hex: formatHex(system.hex), side: owner });
      owner = null;
      capturedTurn = null;
    }
    if (alone !== null && owner !== alone && system.held === alone) {
      owner = alone;
      capturedTurn = turn;
      events.push({ type: 'capture', hex: formatHex(system.hex), side: alone });
    }
    return { ...system, owner, capturedTurn, held: alone };
  });
}
