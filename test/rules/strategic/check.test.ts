/** Checking a campaign state and a side's standing orders (rules-strategic.md §1, §7, §11; docs/rules §12). */
import { describe, expect, it } from 'vitest';
import { checkCampaign, checkSideOrders } from '../../../src/rules/strategic/check.ts';
import type { Campaign } from '../../../src/rules/strategic/types.ts';
import { campaign, eventsOf, fleet, HEAVY, LINE, orders, resolved, SCOUT, ship, system } from './fixtures.ts';

const codes = (c: Campaign) => checkCampaign(c).map((e) => e.code);

describe('checkCampaign', () => {
  it('accepts the fixture campaign', () => {
    expect(checkCampaign(campaign())).toEqual([]);
  });

  it('"W × H hexes (at most 99 × 99)"', () => {
    expect(codes(campaign({ map: { width: 100, height: 10 } }))).toContain('MAP_SIZE');
    expect(codes(campaign({ map: { width: 0, height: 10 } }))).toContain('MAP_SIZE');
  });

  it('"a campaign has exactly two sides"', () => {
    expect(codes(campaign({ sides: ['blue', 'blue'] }))).toContain('SIDES');
  });

  it('"star systems on some hexes, at most one per hex"; "Each side has one home system"', () => {
    const dup = campaign({ systems: [...campaign().systems, system('1005')] });
    expect(codes(dup)).toContain('SYSTEM_DUPLICATE');
    expect(codes(campaign({ systems: [system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 })] }))).toEqual([
      'HOME_COUNT',
    ]);
    expect(codes(campaign({ systems: [...campaign().systems, system('2505')] }))).toContain('SYSTEM_OFF_MAP');
    expect(
      codes(campaign({ systems: [...campaign().systems, system('0505', { owner: 'green', capturedTurn: 1 })] })),
    ).toContain('SYSTEM_SIDE');
    expect(codes(campaign({ systems: [...campaign().systems, system('0505', { owner: 'blue' })] }))).toContain(
      'SYSTEM_CAPTURED',
    );
  });

  it('"Ship ids are 1–12 letters or digits", unique among the side\'s ships; fleet ids unique among its fleets; ships of 10, 15 or 20 BP', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'B1', side: 'red', hex: '0202', ships: [ship('X', LINE)] }),
        fleet({
          id: 'b1',
          side: 'red',
          hex: '1909',
          ships: [ship('x', SCOUT), { id: 'y', engine: 1, shields: 1, toHit: 1, weapons: [] }],
        }),
      ],
    });
    const found = codes(c);
    expect(found.filter((x) => x === 'ID_IN_USE')).toHaveLength(2);
    expect(found).toContain('DESIGN_SIZE');
  });

  it('"a fleet with no ships left ceases to exist": an empty fleet is not a state', () => {
    expect(codes(campaign({ fleets: [fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [] })] }))).toEqual([
      'FLEET_EMPTY',
    ]);
  });

  it('stores are whole BP from 0', () => {
    expect(codes(campaign({ store: { blue: -1, red: 0 } }))).toEqual(['STORE']);
    expect(codes(campaign({ store: { blue: 1.5, red: 0 } }))).toEqual(['STORE']);
  });
});

describe('standing orders', () => {
  const c = () =>
    campaign({
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1', LINE), ship('b2', HEAVY)] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
    });

  it('"LOSSES" names ships of the fleet, each once', () => {
    const check = (ids: string[]) =>
      checkSideOrders(c(), 'blue', orders({ lossOrders: new Map([['B1', ids]]) })).map((e) => e.code);
    expect(check(['b2', 'b1'])).toEqual([]);
    expect(check(['b1', 'b1'])).toEqual(['LOSS_SHIP']);
    expect(check(['r1'])).toEqual(['LOSS_SHIP']);
    expect(checkSideOrders(c(), 'blue', orders({ lossOrders: new Map([['R1', ['r1']]]) }))[0]!.code).toBe(
      'FLEET_UNKNOWN',
    );
  });

  it('Decided: "after N takes N from 1 to 20, below P takes P from 1 to 100"', () => {
    const check = (r: Parameters<typeof orders>[0]) => checkSideOrders(c(), 'blue', orders(r)).map((e) => e.code);
    expect(check({ retreats: new Map([['B1', { kind: 'after', rounds: 20 }]]) })).toEqual([]);
    expect(check({ retreats: new Map([['B1', { kind: 'after', rounds: 0 }]]) })).toEqual(['RETREAT_VALUE']);
    expect(check({ retreats: new Map([['B1', { kind: 'below', percent: 101 }]]) })).toEqual(['RETREAT_VALUE']);
    expect(check({ retreats: new Map([['B1', { kind: 'below', percent: 50 }]]) })).toEqual([]);
  });

  it('a side that is not in the campaign', () => {
    expect(checkSideOrders(c(), 'green', orders()).map((e) => e.code)).toEqual(['SIDE_UNKNOWN']);
  });

  it('new standing orders stay with the fleet for later turns', () => {
    const r = resolved(c(), {
      blue: orders({
        lossOrders: new Map([['B1', ['b2']]]),
        retreats: new Map([['B1', { kind: 'below', percent: 50 }]]),
      }),
    });
    expect(r.campaign.fleets[0]).toMatchObject({ lossOrder: ['b2'], retreat: { kind: 'below', percent: 50 } });
    expect(resolved(r.campaign).campaign.fleets[0]).toMatchObject({
      lossOrder: ['b2'],
      retreat: { kind: 'below', percent: 50 },
    });
  });

  it('Decided: an order that cannot be applied at resolution is skipped and reported, and the turn goes on', () => {
    // Each build is legal on submission (9 BP and 1 from the home this turn) but the first spends the store: the
    // second ship never joins B1, so it cannot be split off, and the fleet it would have formed cannot move.
    const tight = { ...c(), store: { blue: 9, red: 0 } };
    const r = resolved(tight, {
      blue: orders({
        builds: [
          { ship: ship('n0', SCOUT), fleet: 'B1' },
          { ship: ship('n1', SCOUT), fleet: 'B1' },
        ],
        transfers: [{ kind: 'split', ships: ['n1'], from: 'B1', as: 'N2' }],
        moves: new Map([['N2', { kind: 'path', path: ['S'] }]]),
      }),
    });
    expect(eventsOf(r, 'build')[1]).toMatchObject({ skipped: true });
    expect(eventsOf(r, 'skipped').map((e) => e.order)).toEqual(['SPLIT n1 FROM B1 AS N2', 'MOVE N2']);
  });
});
