/**
 * Ids belong to a side (issue 24 item 1, issue 27 item 11): a ship or fleet id is unique among its side's pieces,
 * letter case aside, and the other side may use the same id — nothing a side names can collide with a piece it
 * cannot see. BUILD_UNAFFORDABLE counts only what the side itself will produce.
 */
import { describe, expect, it } from 'vitest';
import { checkCampaign, checkSideOrders } from '../../../src/rules/strategic/check.ts';
import {
  campaign,
  eventsOf,
  fleet,
  LINE,
  HEAVY,
  orders,
  pendingTurn,
  resolved,
  SCOUT,
  ship,
  system,
} from './fixtures.ts';
import { finishCampaignTurn } from '../../../src/rules/strategic/resolve.ts';

const codes = (errors: readonly { code: string }[]) => errors.map((e) => e.code);

describe('ids belong to a side', () => {
  it('two sides may have a fleet and a ship of the same id; one side may not have two, letter case aside', () => {
    const same = campaign({
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '0202', ships: [ship('S1')] }),
        fleet({ id: 'F1', side: 'red', hex: '1909', ships: [ship('S1')] }),
      ],
    });
    expect(checkCampaign(same)).toEqual([]);
    const twice = campaign({
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '0202', ships: [ship('S1')] }),
        fleet({ id: 'f1', side: 'blue', hex: '0202', ships: [ship('s1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
    });
    expect(codes(checkCampaign(twice))).toEqual(['ID_IN_USE', 'ID_IN_USE']);
  });

  it('a build may take a ship id and a fleet id the enemy has: it is accepted and built', () => {
    const c = campaign({ store: { blue: 30, red: 0 } });
    const o = orders({
      builds: [{ ship: ship('r1', SCOUT), fleet: 'R1' }],
      moves: new Map([['R1', { kind: 'path', path: ['S'] }]]),
    });
    expect(checkSideOrders(c, 'blue', o)).toEqual([]);
    const r = resolved(c, { blue: o });
    expect(eventsOf(r, 'skipped')).toEqual([]);
    expect(r.campaign.fleets.map((f) => [f.side, f.id, f.ships.map((s) => s.id)])).toEqual([
      ['blue', 'B1', ['b1']],
      ['red', 'R1', ['r1']],
      ['blue', 'R1', ['r1']],
    ]);
    expect(eventsOf(r, 'move')).toMatchObject([{ side: 'blue', fleet: 'R1', from: '0202', to: '0203' }]);
  });

  it('both sides may build a ship of the same new id in one turn: both are built', () => {
    const c = campaign({ store: { blue: 30, red: 30 } });
    const r = resolved(c, {
      blue: orders({ builds: [{ ship: ship('twin', SCOUT), fleet: 'X' }] }),
      red: orders({ builds: [{ ship: ship('twin', SCOUT), fleet: 'X' }] }),
    });
    expect(eventsOf(r, 'skipped')).toEqual([]);
    expect(eventsOf(r, 'build').map((b) => [b.side, b.ship.id, b.fleet])).toEqual([
      ['blue', 'twin', 'X'],
      ['red', 'twin', 'X'],
    ]);
  });

  it('a SPLIT may name a new fleet with an enemy fleet id', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1'), ship('b2')] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
    });
    const o = orders({ transfers: [{ kind: 'split', ships: ['b2'], from: 'B1', as: 'R1' }] });
    expect(checkSideOrders(c, 'blue', o)).toEqual([]);
    const r = resolved(c, { blue: o });
    expect(eventsOf(r, 'skipped')).toEqual([]);
    expect(r.campaign.fleets.filter((f) => f.side === 'blue').map((f) => f.id)).toEqual(['B1', 'R1']);
  });

  it('ids that differ only in case are one id in a turn: refused as new, followed as names', () => {
    const c = campaign({ store: { blue: 30, red: 0 } });
    const check = (o: Parameters<typeof orders>[0]) => codes(checkSideOrders(c, 'blue', orders(o)));
    expect(check({ builds: [{ ship: ship('B1', SCOUT), fleet: 'NEW' }] })).toEqual(['ID_IN_USE']);
    expect(
      check({
        builds: [
          { ship: ship('n1', SCOUT), fleet: 'NEW' },
          { ship: ship('N1', SCOUT), fleet: 'NEW' },
        ],
      }),
    ).toEqual(['ID_IN_USE']);
    expect(check({ transfers: [{ kind: 'split', ships: ['B1'], from: 'b1', as: 'b1' }] })).toEqual(['ID_IN_USE']);
    // A build naming b1 joins B1, a move of b1 moves it.
    const r = resolved(c, {
      blue: orders({
        builds: [{ ship: ship('n1', SCOUT), fleet: 'b1' }],
        moves: new Map([['b1', { kind: 'path', path: ['S'] }]]),
        lossOrders: new Map([['b1', ['N1']]]),
      }),
    });
    expect(eventsOf(r, 'skipped')).toEqual([]);
    expect(r.campaign.fleets.find((f) => f.side === 'blue')).toMatchObject({
      id: 'B1',
      hex: { col: 2, row: 3 },
      ships: [{ id: 'b1' }, { id: 'n1' }],
      lossOrder: ['n1'],
    });
  });

  it('a battle between fleets and ships of the same ids loses each side its own ships', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '1005', ships: [ship('S1', LINE), ship('S2', HEAVY)] }),
        fleet({ id: 'F1', side: 'red', hex: '1005', ships: [ship('S1', LINE)] }),
      ],
    });
    // Blue attacks (initiative 6 against 1, neither moved in): 3 dice; red saves 1 die: red loses its S1.
    // Red has no ship left to attack with; blue rolls its 2 save dice all the same.
    const r = resolved(c, {}, [6, 1, 6, 6, 5, 1, 1, 1]);
    expect(eventsOf(r, 'lost')).toEqual([{ type: 'lost', side: 'red', ship: 'S1', fleet: 'F1', hex: '1005' }]);
    expect(r.campaign.fleets.map((f) => [f.side, f.id, f.ships.map((s) => s.id)])).toEqual([
      ['blue', 'F1', ['S1', 'S2']],
    ]);
  });

  it('a tactical battle between ships of the same ids comes back to the side each belongs to', () => {
    const c = campaign({
      options: { battles: 'tactical', fog: 'positions', turnLimit: null },
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '1005', ships: [ship('S1'), ship('S2')] }),
        fleet({ id: 'F1', side: 'red', hex: '1005', ships: [ship('S1'), ship('S2')] }),
      ],
    });
    const pending = pendingTurn(c);
    const r = finishCampaignTurn(pending, [
      { hex: { col: 10, row: 5 }, destroyed: [{ side: 'red', ship: 'S1' }], disengaged: [] },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.campaign.fleets.map((f) => [f.side, f.ships.map((s) => s.id)])).toEqual([
      ['blue', ['S1', 'S2']],
      ['red', ['S2']],
    ]);
  });
});

describe('BUILD_UNAFFORDABLE counts what the side itself will produce (issue 27 item 11)', () => {
  it('systems of the enemy, unowned ones and ones still in their production delay do not count', () => {
    const c = campaign({
      turn: 3,
      systems: [
        system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
        system('0505', { owner: 'blue', capturedTurn: 2 }),
        system('1005'),
        system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
      ],
      store: { blue: 18, red: 0 },
    });
    // 18 BP and 1 from the home: 19 < 20, though the map has 4 systems.
    const errors = checkSideOrders(c, 'blue', orders({ builds: [{ ship: ship('n1', HEAVY), fleet: 'N1' }] }));
    expect(codes(errors)).toEqual(['BUILD_UNAFFORDABLE']);
    expect(errors[0]!.message).toContain('18 BP now, 1 more from your production this turn');
    // In turn 4 the system captured in turn 2 produces too: 18 + 2 = 20.
    expect(
      checkSideOrders({ ...c, turn: 4 }, 'blue', orders({ builds: [{ ship: ship('n1', HEAVY), fleet: 'N1' }] })),
    ).toEqual([]);
  });
});
