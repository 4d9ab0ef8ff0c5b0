/**
 * The campaign's stored documents: its state is the campaign document of
 * src/adjudicator/campaign-json.ts (so a stored turn, with the orders and the
 * dice added, is the input `msc campaign resolve` reads), a side's orders are
 * that document's `orders.<side>` block, and a turn stopped for tactical
 * battles is kept as a pending document until their outcomes come back.
 */
import {
  battleToJson,
  campaignToJson,
  parseCampaignInput,
  parseSideOrdersJson,
  sideOrdersToJson,
} from '../../adjudicator/campaign-json.ts';
import { parseHex } from '../../rules/hex.ts';
import type {
  Campaign,
  CampaignEvent,
  PendingBattle,
  PendingCampaignTurn,
  SideOrders,
  SideView,
} from '../../rules/strategic/types.ts';
import { DamagedDocumentError } from '../kind.ts';

const messages = (errors: readonly { message: string }[]) => errors.map((e) => e.message).join('; ');

/**
 * Reads a stored campaign (the adjudicator's document, without orders or dice). A campaign stored before ids belonged
 * to a side has no `options.ids`: its ids are the game's (`game`), so that its turns go on, and replay, as they were
 * played; a campaign created since says `ids: "side"`.
 */
export function readCampaign(doc: unknown): Campaign {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new DamagedDocumentError('campaign', 'not a JSON object');
  const stray = ['orders', 'dice', 'seed', 'battleResults'].filter((k) => k in doc);
  if (stray.length > 0) throw new DamagedDocumentError('campaign', `a state holds no ${stray.join(', ')}`);
  const r = parseCampaignInput(doc);
  if (!r.ok) throw new DamagedDocumentError('campaign', messages(r.errors));
  const c = r.value.campaign;
  return c.options.ids === undefined ? { ...c, options: { ...c.options, ids: 'game' } } : c;
}

/** A campaign as stored: one with the game's ids is written as it was before ids belonged to a side (no `ids`). */
export function writeCampaign(c: Campaign): unknown {
  const doc = campaignToJson(c);
  if (c.options.ids !== 'game') return doc;
  const { ids: _ids, ...options } = doc.options;
  return { ...doc, options };
}

/** Reads one side's stored orders (the `orders.<side>` block of a campaign document). */
export function readSideOrders(doc: unknown): SideOrders {
  const r = parseSideOrdersJson(doc ?? {}, '');
  if (!r.ok) throw new DamagedDocumentError('campaign orders', messages(r.errors));
  return r.value;
}

export const writeSideOrders = (o: SideOrders): unknown => sideOrdersToJson(o);

/**
 * A turn's stored events, as this kind's resolve wrote them (campaign events: the service stores them as they came
 * and hands them back as they are); anything but a list is none.
 */
export const storedEvents = (events: unknown): CampaignEvent[] =>
  Array.isArray(events) ? (events as CampaignEvent[]) : [];

/** A side's view as the kind's `viewFor` gave it to the service (`viewOf`), or null when the reader has none. */
export const storedView = (view: unknown): SideView | null => (view ?? null) as SideView | null;

/** A turn stopped for tactical battles, as stored between `resolve` and `linkedBattles.finish`. */
export function writePending(p: PendingCampaignTurn, dropped: readonly unknown[], ordersUsed: unknown): unknown {
  return {
    pending: true,
    campaign: writeCampaign(p.campaign),
    battles: p.battles.map(battleToJson),
    events: p.events,
    initiative: [...p.initiative],
    diceUsed: p.diceUsed,
    detected: p.detected,
    dropped,
    ordersUsed,
  };
}

interface PendingDoc {
  pending: true;
  campaign: unknown;
  battles: { hex: string; attacker: string; defender: string; fleets: string[] }[];
  events: CampaignEvent[];
  initiative: string[];
  diceUsed: number;
  detected: Record<string, Record<string, number>>;
  dropped: unknown[];
  ordersUsed: unknown;
}

export interface StoredPending {
  readonly turn: PendingCampaignTurn;
  readonly dropped: readonly unknown[];
  readonly ordersUsed: unknown;
}

/** Reads a pending turn written by writePending. */
export function readPending(doc: unknown): StoredPending {
  const d = doc as Partial<PendingDoc> | null;
  if (
    typeof d !== 'object' ||
    d === null ||
    d.pending !== true ||
    !Array.isArray(d.battles) ||
    !Array.isArray(d.events)
  )
    throw new DamagedDocumentError('pending campaign turn', 'not a pending turn document');
  const campaign = readCampaign(d.campaign);
  const battles: PendingBattle[] = d.battles.map((b) => {
    const hex = parseHex(String(b.hex));
    if (!hex.ok) throw new DamagedDocumentError('pending campaign turn', `battle at "${String(b.hex)}"`);
    return { hex: hex.value, attacker: b.attacker, defender: b.defender, fleets: b.fleets };
  });
  return {
    turn: {
      pending: true,
      battles,
      campaign,
      events: d.events,
      initiative: d.initiative ?? [],
      diceUsed: d.diceUsed ?? 0,
      detected: d.detected ?? {},
    },
    dropped: d.dropped ?? [],
    ordersUsed: d.ordersUsed ?? {},
  };
}
