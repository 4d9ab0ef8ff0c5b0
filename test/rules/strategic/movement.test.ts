/** rules-strategic.md §3 (turn sequence) and §5 (transfers and movement). */
import { describe, expect, it } from 'vitest';
import { checkSideOrders } from '../../../src/rules/strategic/check.ts';
import type { MoveOrder } from '../../../src/rules/strategic/types.ts';
import { campaign, eventsOf, fleet, h, LINE, orders, resolved, SCOUT, ship, SLOW } from './fixtures.ts';

const moves = (m: Record<string, MoveOrder>) => new Map(Object.entries(m));
const twoAt0505 = () =>
  campaign({
    fleets: [
      fleet({ id: 'A', side: 'blue', hex: '0505', ships: [ship('a1', SCOUT), ship('a2', SCOUT)], lossOrder: ['a2'] }),
      fleet({ id: 'B', side: 'blue', hex: '0505', ships: [ship('b1', LINE)] }),
      fleet({ id: 'C', side: 'blue', hex: '0707', ships: [ship('c1', SLOW)] }),
      fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
    ],
  });

describe('§5 transfers', () => {
  it('"MERGE A INTO B: all of A\'s ships join B; A ceases to exist"', () => {
    const r = resolved(twoAt0505(), { blue: orders({ transfers: [{ kind: 'merge', fleet: 'A', into: 'B' }] }) });
    expect(r.campaign.fleets.find((f) => f.id === 'A')).toBeUndefined();
    const b = r.campaign.fleets.find((f) => f.id === 'B')!;
    expect(b.ships.map((s) => s.id)).toEqual(['b1', 'a1', 'a2']);
    expect(b.lossOrder).toEqual(['a2']);
    expect(eventsOf(r, 'transfer')).toEqual([
      { type: 'transfer', side: 'blue', kind: 'merge', ships: ['a1', 'a2'], from: 'A', to: 'B', hex: '0505' },
    ]);
  });

  it('"TRANSFER s1 s2 FROM A TO B" moves ships between fleets', () => {
    const r = resolved(twoAt0505(), {
      blue: orders({ transfers: [{ kind: 'transfer', ships: ['a2'], from: 'A', to: 'B' }] }),
    });
    expect(r.campaign.fleets.find((f) => f.id === 'A')!.ships.map((s) => s.id)).toEqual(['a1']);
    expect(r.campaign.fleets.find((f) => f.id === 'B')!.ships.map((s) => s.id)).toEqual(['b1', 'a2']);
  });

  it('"SPLIT s1 s2 FROM A AS C" makes a new fleet, which "may be given a move order the same turn"', () => {
    const r = resolved(twoAt0505(), {
      blue: orders({
        transfers: [{ kind: 'split', ships: ['a2'], from: 'A', as: 'D' }],
        moves: moves({ D: { kind: 'path', path: ['S'] } }),
      }),
    });
    const d = r.campaign.fleets.find((f) => f.id === 'D')!;
    expect(d.ships.map((s) => s.id)).toEqual(['a2']);
    expect(d.hex).toEqual(h('0506'));
    // Decided: a split-off fleet keeps its parent's standing orders for its own ships.
    expect(d.lossOrder).toEqual(['a2']);
  });

  it('"Transfers are applied in the order given; one between fleets in different hexes is rejected when submitted"', () => {
    const c = twoAt0505();
    const inOrder = orders({
      transfers: [
        { kind: 'merge', fleet: 'A', into: 'B' },
        { kind: 'transfer', ships: ['a1'], from: 'B', to: 'A' }, // A no longer exists
        { kind: 'merge', fleet: 'B', into: 'C' }, // C is at 0707
      ],
    });
    const errors = checkSideOrders(c, 'blue', inOrder);
    expect(errors.map((e) => [e.code, e.order])).toEqual([
      ['FLEET_UNKNOWN', { kind: 'transfer', index: 1 }],
      ['TRANSFER_HEX', { kind: 'transfer', index: 2 }],
    ]);
  });

  it('transfer errors: a ship not in the fleet, the same fleet, no ships named, an enemy fleet', () => {
    const c = twoAt0505();
    const codes = (t: Parameters<typeof orders>[0]) => checkSideOrders(c, 'blue', orders(t)).map((e) => e.code);
    expect(codes({ transfers: [{ kind: 'transfer', ships: ['b1'], from: 'A', to: 'B' }] })).toEqual(['TRANSFER_SHIP']);
    expect(codes({ transfers: [{ kind: 'merge', fleet: 'A', into: 'A' }] })).toEqual(['TRANSFER_SAME_FLEET']);
    expect(codes({ transfers: [{ kind: 'split', ships: [], from: 'A', as: 'Z' }] })).toEqual(['TRANSFER_EMPTY']);
    expect(codes({ transfers: [{ kind: 'split', ships: ['a1'], from: 'A', as: 'b' }] })).toEqual(['ID_IN_USE']);
    // Ids belong to a side: the enemy's R1 is no obstacle.
    expect(codes({ transfers: [{ kind: 'split', ships: ['a1'], from: 'A', as: 'R1' }] })).toEqual([]);
    // An enemy fleet is answered like an unknown one: nothing hidden leaks.
    const enemy = checkSideOrders(c, 'blue', orders({ transfers: [{ kind: 'merge', fleet: 'R1', into: 'A' }] }));
    const none = checkSideOrders(c, 'blue', orders({ transfers: [{ kind: 'merge', fleet: 'ZZ', into: 'A' }] }));
    expect(enemy[0]!.code).toBe('FLEET_UNKNOWN');
    expect(enemy[0]!.message.replace('R1', 'ZZ')).toBe(none[0]!.message);
  });
});

describe('§5 moves', () => {
  it('"A move order is either a path of directions … or a destination hex … for which the service takes a shortest path"', () => {
    const r = resolved(twoAt0505(), {
      blue: orders({ moves: moves({ A: { kind: 'path', path: ['N', 'NE'] }, B: { kind: 'to', hex: h('0705') } }) }),
    });
    const m = eventsOf(r, 'move');
    expect(m).toEqual([
      { type: 'move', side: 'blue', fleet: 'A', from: '0505', to: '0603', path: ['0504', '0603'] },
      { type: 'move', side: 'blue', fleet: 'B', from: '0505', to: '0705', path: ['0604', '0705'] },
    ]);
  });

  it('"A path that leaves the map or is longer than the fleet\'s reach is rejected when submitted", and a destination out of reach', () => {
    const c = twoAt0505();
    const errs = (m: Record<string, MoveOrder>) =>
      checkSideOrders(c, 'blue', orders({ moves: moves(m) })).map((e) => e.code);
    expect(errs({ C: { kind: 'path', path: ['S', 'S'] } })).toEqual(['MOVE_TOO_FAR']);
    expect(errs({ A: { kind: 'path', path: ['N', 'N', 'N', 'N', 'N'] } })).toEqual(['MOVE_OFF_MAP']);
    expect(errs({ B: { kind: 'to', hex: h('0909') } })).toEqual(['MOVE_TOO_FAR']);
    expect(errs({ B: { kind: 'to', hex: h('2209') } })).toEqual(['MOVE_OFF_MAP']);
    expect(errs({ R1: { kind: 'path', path: ['N'] } })).toEqual(['FLEET_UNKNOWN']);
  });

  it("reach is counted after the turn's builds and transfers: a slow ship joining slows the fleet", () => {
    const c = twoAt0505();
    const o = orders({
      transfers: [{ kind: 'merge', fleet: 'A', into: 'B' }],
      moves: moves({ B: { kind: 'path', path: ['S', 'S', 'S', 'S'] } }),
    });
    expect(checkSideOrders(c, 'blue', o).map((e) => e.code)).toEqual(['MOVE_TOO_FAR']);
  });

  it('"A fleet with no move order stays"', () => {
    const r = resolved(twoAt0505());
    expect(r.campaign.fleets.map((f) => f.hex)).toEqual(twoAt0505().fleets.map((f) => f.hex));
    expect(eventsOf(r, 'move')).toEqual([]);
  });

  it('"Moves are applied fleet by fleet in fleet order", and "The first side\'s movement …, then the second side\'s"', () => {
    // Red wins the initiative (1 against 6): its moves come first.
    const r = resolved(
      twoAt0505(),
      {
        blue: orders({ moves: moves({ B: { kind: 'path', path: ['S'] }, A: { kind: 'path', path: ['S'] } }) }),
        red: orders({ moves: moves({ R1: { kind: 'path', path: ['N'] } }) }),
      },
      [1, 6],
    );
    expect(r.initiative).toEqual(['red', 'blue']);
    expect(eventsOf(r, 'move').map((m) => m.fleet)).toEqual(['R1', 'A', 'B']);
  });
});

describe('§3 turn sequence', () => {
  it('"Production …, Initiative roll …, movement …, Sensors, Combat …, Captures, then the victory check" in that order of events', () => {
    const c = campaign({
      store: { blue: 10, red: 0 },
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1004', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', SCOUT)] }),
      ],
    });
    const r = resolved(
      c,
      {
        blue: orders({
          builds: [{ ship: ship('n1', SCOUT), fleet: 'N' }],
          moves: moves({ B1: { kind: 'path', path: ['S'] } }),
        }),
      },
      [6, 1, 5, 1],
    );
    const kinds = [...new Set(r.events.map((e) => e.type))];
    expect(kinds).toEqual([
      'production',
      'build',
      'initiative',
      'move',
      'sensor',
      'battle',
      'round',
      'lost',
      'battle-end',
      'game-over',
    ]);
  });

  it('"ties re-rolled as in the tactical rules": initiative rolls one die per side in the order of sides', () => {
    const r = resolved(campaign(), {}, [3, 3, 2, 5]);
    expect(r.initiative).toEqual(['red', 'blue']);
    expect(eventsOf(r, 'initiative')[0]).toMatchObject({ rolls: { blue: [3, 2], red: [3, 5] } });
    expect(r.diceUsed).toBe(4);
  });
});
