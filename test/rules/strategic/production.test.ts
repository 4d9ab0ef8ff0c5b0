/** rules-strategic.md §4: production and builds. */
import { describe, expect, it } from 'vitest';
import { checkSideOrders } from '../../../src/rules/strategic/check.ts';
import { produces } from '../../../src/rules/strategic/production.ts';
import { campaign, eventsOf, fleet, h, HEAVY, LINE, orders, resolved, SCOUT, ship, system } from './fixtures.ts';

describe('§4 production', () => {
  it('"Each system that a side has captured, and whose production delay has passed, yields 1 BP … in each production phase"', () => {
    const c = campaign({
      turn: 5,
      systems: [
        system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
        system('0505', { owner: 'blue', capturedTurn: 2 }),
        system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
      ],
      store: { blue: 3, red: 0 },
    });
    const r = resolved(c);
    expect(eventsOf(r, 'production')).toEqual([
      { type: 'production', side: 'blue', systems: ['0202', '0505'], produced: 2, store: 5 },
      { type: 'production', side: 'red', systems: ['1909'], produced: 1, store: 1 },
    ]);
    expect(r.campaign.store).toEqual({ blue: 5, red: 1 });
  });

  it('Ruling: "occupation alone does not produce"', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
      systems: [
        system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
        system('1005', { held: 'blue' }),
        system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
      ],
    });
    const r = resolved(c);
    expect(eventsOf(r, 'production')[0]).toMatchObject({ side: 'blue', systems: ['0202'], produced: 1 });
  });

  it('Ruling: "A system captured at the end of turn t first produces in turn t + 2" (captured in 7, produces from 9)', () => {
    const s = system('0505', { owner: 'blue', capturedTurn: 7 });
    expect(produces(s, 7)).toBe(false);
    expect(produces(s, 8)).toBe(false);
    expect(produces(s, 9)).toBe(true);
  });

  it('Ruling: "A home system produces from turn 1"', () => {
    expect(produces(system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }), 1)).toBe(true);
    // A home lost and captured back in turn 4 waits like any other system.
    expect(produces(system('0202', { home: 'blue', owner: 'blue', capturedTurn: 4 }), 5)).toBe(false);
    expect(produces(system('0202', { home: 'blue', owner: 'blue', capturedTurn: 4 }), 6)).toBe(true);
  });
});

describe('§4 builds', () => {
  it('"Builds are paid in the order given, after this turn\'s production is added; a build the store cannot pay … is skipped … and later builds are still tried"', () => {
    const c = campaign({ store: { blue: 24, red: 0 } });
    const r = resolved(c, {
      blue: orders({
        builds: [
          { ship: ship('n1', LINE), fleet: 'N1' }, // 15 of 25
          { ship: ship('n2', HEAVY), fleet: 'N1' }, // 20 of 10: skipped
          { ship: ship('n3', SCOUT), fleet: 'N1' }, // 10 of 10
        ],
      }),
    });
    const builds = eventsOf(r, 'build');
    expect(builds.map((b) => [b.ship.id, b.cost, b.skipped ?? false])).toEqual([
      ['n1', 15, false],
      ['n2', 20, true],
      ['n3', 10, false],
    ]);
    expect(r.campaign.store.blue).toBe(0);
    expect(r.campaign.fleets.find((f) => f.id === 'N1')!.ships.map((s) => s.id)).toEqual(['n1', 'n3']);
  });

  it('"A build whose cost the store could not pay even with every system producing is rejected when the orders are submitted"', () => {
    // Three systems on the map: at most 3 BP more this turn; 16 + 3 < 20.
    const c = campaign({ store: { blue: 16, red: 0 } });
    const errors = checkSideOrders(c, 'blue', orders({ builds: [{ ship: ship('n1', HEAVY), fleet: 'N1' }] }));
    expect(errors.map((e) => e.code)).toEqual(['BUILD_UNAFFORDABLE']);
    expect(errors[0]!.order).toEqual({ kind: 'build', index: 0 });
    expect(checkSideOrders(c, 'blue', orders({ builds: [{ ship: ship('n1', LINE), fleet: 'N1' }] }))).toEqual([]);
  });

  it('"A new ship appears at the home system, either as a new one-ship fleet … or joined to a fleet of the side that is at the home system"', () => {
    const c = campaign({ store: { blue: 30, red: 0 } });
    const r = resolved(c, {
      blue: orders({
        builds: [
          { ship: ship('n1', SCOUT), fleet: 'B1' },
          { ship: ship('n2', SCOUT), fleet: 'NEW' },
        ],
      }),
    });
    expect(r.campaign.fleets.find((f) => f.id === 'B1')!.ships.map((s) => s.id)).toEqual(['b1', 'n1']);
    const made = r.campaign.fleets.find((f) => f.id === 'NEW')!;
    expect(made).toMatchObject({ side: 'blue', hex: h('0202'), lossOrder: [], retreat: { kind: 'never' } });
    expect(r.campaign.fleets.map((f) => f.id)).toEqual(['B1', 'R1', 'NEW']);
  });

  it('a build may not join a fleet away from home, nor take an id the side already has', () => {
    const c = campaign({
      store: { blue: 30, red: 0 },
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0505', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
    });
    const codes = (o: Parameters<typeof orders>[0]) => checkSideOrders(c, 'blue', orders(o)).map((e) => e.code);
    expect(codes({ builds: [{ ship: ship('n1', SCOUT), fleet: 'B1' }] })).toEqual(['BUILD_FLEET_NOT_HOME']);
    expect(codes({ builds: [{ ship: ship('B1', SCOUT), fleet: 'N' }] })).toEqual(['ID_IN_USE']);
    // Ids belong to a side: the enemy's r1 and R1 are no obstacle.
    expect(codes({ builds: [{ ship: ship('r1', SCOUT), fleet: 'N' }] })).toEqual([]);
    expect(codes({ builds: [{ ship: ship('n1', SCOUT), fleet: 'R1' }] })).toEqual([]);
    expect(codes({ builds: [{ ship: ship('n1', SCOUT), fleet: 'bad-id' }] })).toEqual(['FLEET_ID']);
  });

  it('Ruling: "a ship built in turn t can move in turn t\'s movement phase with its fleet"', () => {
    const c = campaign({ store: { blue: 30, red: 0 } });
    const r = resolved(c, {
      blue: orders({
        builds: [{ ship: ship('n1', SCOUT), fleet: 'NEW' }],
        moves: new Map([['NEW', { kind: 'path', path: ['S', 'S'] }]]),
      }),
    });
    expect(r.campaign.fleets.find((f) => f.id === 'NEW')!.hex).toEqual(h('0204'));
  });

  it('Ruling: "if an enemy fleet occupies the home system at production, builds still appear there (and will fight there)"', () => {
    const c = campaign({
      store: { blue: 30, red: 0 },
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0505', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '0202', ships: [ship('r1', SCOUT)] }),
        fleet({ id: 'R2', side: 'red', hex: '1909', ships: [ship('r2')] }),
      ],
    });
    // Initiative 6–1, then one round: blue (first side, nobody moved) attacks with 1 die, red saves with 0 dice;
    // red attacks with 0 dice, blue saves with 1 die.
    const r = resolved(c, { blue: orders({ builds: [{ ship: ship('n1', LINE), fleet: 'NEW' }] }) }, [6, 1, 5, 1]);
    expect(eventsOf(r, 'battle')).toEqual([
      { type: 'battle', hex: '0202', attacker: 'blue', defender: 'red', fleets: ['R1', 'NEW'] },
    ]);
    expect(r.destroyed).toEqual(['r1']);
  });
});
