/** Builders for campaign rule tests: only what a test cares about needs saying. */
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { noOrders } from '../../../src/rules/strategic/check.ts';
import { resolveCampaignTurn } from '../../../src/rules/strategic/resolve.ts';
import type {
  Campaign,
  CampaignEvent,
  CampaignTurnResult,
  Fleet,
  PendingCampaignTurn,
  RetreatOrder,
  SideOrders,
  StarSystem,
  StrategicShip,
} from '../../../src/rules/strategic/types.ts';
import { h } from '../fixtures.ts';

export { h };

type Design = Omit<StrategicShip, 'id'>;
/** 10 BP, ENGINE 5: offensive 3, defensive 2. */
export const SCOUT: Design = { engine: 5, shields: 2, toHit: 1, weapons: ['F'] };
/** 15 BP, ENGINE 3: offensive 9, defensive 3. */
export const LINE: Design = { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] };
/** 20 BP, ENGINE 2: offensive 13, defensive 5. */
export const HEAVY: Design = { engine: 2, shields: 5, toHit: 5, weapons: ['F', 'FL', 'FR', 'RL'] };
/** 10 BP, ENGINE 1: offensive 5, defensive 4. */
export const SLOW: Design = { engine: 1, shields: 4, toHit: 1, weapons: ['F', 'FL'] };

export const ship = (id: string, design: Design = LINE): StrategicShip => ({ id, ...design });

export interface FleetSpec {
  id: string;
  side: string;
  hex: string;
  ships: StrategicShip[];
  lossOrder?: string[];
  retreat?: RetreatOrder;
}

export const fleet = (f: FleetSpec): Fleet => ({
  id: f.id,
  side: f.side,
  hex: h(f.hex),
  ships: f.ships,
  lossOrder: f.lossOrder ?? [],
  retreat: f.retreat ?? { kind: 'never' },
});

export const system = (hex: string, more: Partial<Omit<StarSystem, 'hex'>> = {}): StarSystem => ({
  hex: h(hex),
  name: null,
  home: null,
  owner: null,
  capturedTurn: null,
  held: null,
  ...more,
});

/** Blue's home at 0202, Red's at 1909, on a 20 × 10 map. */
export function campaign(more: Partial<Campaign> = {}): Campaign {
  return {
    map: { width: 20, height: 10 },
    turn: 1,
    sides: ['blue', 'red'],
    options: { battles: 'strategic', fog: 'positions', turnLimit: null },
    systems: [
      system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
      system('1005'),
      system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
    ],
    store: { blue: 0, red: 0 },
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1')] }),
      fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
    ],
    conceded: [],
    ...more,
  };
}

export const orders = (o: Partial<SideOrders> = {}): SideOrders => ({ ...noOrders(), ...o });

/** Resolves a turn that must resolve completely; dice default to initiative 6 for blue, 1 for red. */
export function resolved(c: Campaign, o: Record<string, SideOrders> = {}, dice: number[] = [6, 1]): CampaignTurnResult {
  const r = resolveCampaignTurn(c, o, new ScriptedDice(dice));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  if ('pending' in r.value) throw new Error('the turn stopped for tactical battles');
  return r.value;
}

export function pendingTurn(
  c: Campaign,
  o: Record<string, SideOrders> = {},
  dice: number[] = [6, 1],
): PendingCampaignTurn {
  const r = resolveCampaignTurn(c, o, new ScriptedDice(dice));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  if (!('pending' in r.value)) throw new Error('the turn did not stop for battles');
  return r.value;
}

/** The events of one type, typed as that event. */
export const eventsOf = <T extends CampaignEvent['type']>(r: { events: readonly CampaignEvent[] }, type: T) =>
  r.events.filter((e): e is Extract<CampaignEvent, { type: T }> => e.type === type);
