/**
 * A campaign as `msc game show|turns|turn` print it, for a reader who sees everything: its fleets and systems, each
 * side's orders in the campaign orders language, the turn told as the moderator's report tells it, and the battles,
 * losses and captures of each turn in the history.
 */
import { formatCampaignOrders } from '../../orders/campaign/index.ts';
import { shipCost } from '../../rules/strategic/ships.ts';
import type { CampaignEvent, StrategicShip } from '../../rules/strategic/types.ts';
import type { KindPrintout, TextTable } from '../kind.ts';
import { readCampaign, readSideOrders } from './docs.ts';
import { campaignNarrative } from './narrative.ts';

interface StoredShip {
  id: string;
  engine: number;
  shields: number;
  toHit: number;
  weapons: string[];
}
interface StoredFleet {
  id: string;
  side: string;
  hex: string;
  ships: StoredShip[];
}
interface StoredSystem {
  hex: string;
  name: string | null;
  home: string | null;
  owner: string | null;
}

const listOf = <T>(doc: unknown, key: string): T[] => {
  const list = (doc as Record<string, unknown> | null)?.[key];
  return Array.isArray(list) ? (list as T[]) : [];
};
const eventsOf = (events: unknown): CampaignEvent[] => (Array.isArray(events) ? (events as CampaignEvent[]) : []);

/** Orders that do not read (another version's, a damaged document) are shown as they are stored. */
function sideOrderLines(side: string, doc: unknown, stateBefore: unknown): string[] {
  try {
    const campaign = readCampaign(stateBefore);
    const text = formatCampaignOrders(readSideOrders(doc), { gameId: '', turn: campaign.turn, side, campaign });
    // The canonical text without its GAME line and END: what the side ordered.
    return text
      .trimEnd()
      .split('\n')
      .slice(1, -1)
      .map((line) => `[${side}] ${line}`);
  } catch {
    return [`[${side}] ${JSON.stringify(doc)}`];
  }
}

export const strategicPrintout: KindPrintout = {
  stateTables(state) {
    const fleets = listOf<StoredFleet>(state, 'fleets');
    const systems = listOf<StoredSystem>(state, 'systems');
    const tables: TextTable[] = [];
    if (fleets.length > 0)
      tables.push({
        headers: ['FLEET', 'SIDE', 'HEX', 'SHIPS', 'BP'],
        rows: fleets.map((f) => [
          f.id,
          f.side,
          f.hex,
          f.ships.map((s) => s.id).join(' ') || '-',
          String(f.ships.reduce((t, s) => t + shipCost(s as StrategicShip), 0)),
        ]),
      });
    if (systems.length > 0)
      tables.push({
        headers: ['SYSTEM', 'NAME', 'HOME OF', 'OWNER'],
        rows: systems.map((s) => [s.hex, s.name ?? '-', s.home ?? '-', s.owner ?? '-']),
      });
    return tables;
  },
  orderLines(ordersUsed, stateBefore) {
    const bySide = (ordersUsed ?? {}) as Record<string, unknown>;
    return Object.entries(bySide).flatMap(([side, doc]) => sideOrderLines(side, doc, stateBefore));
  },
  narrative: (events) => campaignNarrative(eventsOf(events), null, (side) => side),
  historyColumns: ['BATTLES', 'SHIPS LOST', 'CAPTURED'],
  historyCells(stored) {
    const events = eventsOf(stored);
    const lost = events.flatMap((e) => (e.type === 'lost' ? [e.ship] : []));
    const captured = events.flatMap((e) => (e.type === 'capture' ? [`${e.hex} (${e.side})`] : []));
    return [String(events.filter((e) => e.type === 'battle').length), lost.join(' ') || '-', captured.join(' ') || '-'];
  },
};
