/** rules-strategic.md §6: sensors and what each side sees. */
import { describe, expect, it } from 'vitest';
import { campaign, eventsOf, fleet, HEAVY, orders, resolved, SCOUT, ship, system } from './fixtures.ts';

const spread = (fog: 'positions' | 'sensors' = 'positions') =>
  campaign({
    options: { battles: 'strategic', fog, turnLimit: null },
    systems: [
      system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
      system('1005', { held: 'red' }),
      system('1909', { home: 'red', owner: 'red', capturedTurn: 0, held: 'red' }),
    ],
    store: { blue: 7, red: 12 },
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '0505', ships: [ship('b1'), ship('b2')] }),
      fleet({ id: 'R1', side: 'red', hex: '0805', ships: [ship('r1'), ship('r2'), ship('r3', SCOUT)] }), // 3 hexes from B1
      fleet({ id: 'R2', side: 'red', hex: '1909', ships: [ship('r4', HEAVY)] }), // far from everything
    ],
  });

describe('§6 sensors', () => {
  it('"for every fleet, each enemy fleet within 3 hexes becomes detected by the fleet\'s side: that side learns the enemy fleet\'s number of ships"', () => {
    const r = resolved(spread());
    expect(eventsOf(r, 'sensor')).toEqual([
      { type: 'sensor', side: 'blue', fleet: 'R1', ships: 3, hex: '0805', by: 'B1' },
      { type: 'sensor', side: 'red', fleet: 'B1', ships: 2, hex: '0505', by: 'R1' },
    ]);
    expect(r.views.blue!.detected).toEqual({ R1: 3 });
  });

  it('Ruling: "every fleet senses, whether it moved or not" — and sensing happens after all movement', () => {
    // R1 moves away to 4 hexes: no longer detected; B1 did not move and still senses.
    const r = resolved(spread(), { red: orders({ moves: new Map([['R1', { kind: 'path', path: ['NE'] }]]) }) });
    expect(eventsOf(r, 'sensor')).toEqual([]);
    const back = resolved(spread(), { blue: orders({ moves: new Map([['B1', { kind: 'path', path: ['N'] }]]) }) });
    expect(eventsOf(back, 'sensor').map((e) => e.side)).toEqual(['blue', 'red']);
  });
});

describe('§6 what each side sees', () => {
  it('"each side sees the map, every system and its owner, and the position of every fleet; of an enemy fleet … its ship count only while it is detected"', () => {
    const view = resolved(spread()).views.blue!;
    expect(view.fleets.map((f) => f.id)).toEqual(['B1']);
    expect(view.enemyFleets).toEqual([
      { id: 'R1', side: 'red', hex: { col: 8, row: 5 }, ships: 3 },
      { id: 'R2', side: 'red', hex: { col: 19, row: 9 }, ships: null },
    ]);
    expect(view.systems.map((s) => s.owner)).toEqual(['blue', null, 'red']);
  });

  it('"never its ship designs, nor the enemy\'s BP store or orders" (nor who holds a system toward capture)', () => {
    const view = resolved(spread()).views.blue!;
    const text = JSON.stringify(view);
    expect(view.store).toBe(8);
    expect(text).not.toContain('r4');
    expect(text).not.toContain('"r1"');
    expect(text).not.toContain('13');
    expect(view.systems.map((s) => s.held)).toEqual([null, null, null]);
    // Red's own view shows what it holds: 1909, where R2 stands (1005 is held by nobody once R1 is not there).
    expect(resolved(spread()).views.red!.systems.map((s) => s.held)).toEqual([null, null, 'red']);
  });

  it('"or after fighting it (the count at the end of that battle)"', () => {
    const c = campaign({
      options: { battles: 'strategic', fog: 'sensors', turnLimit: null },
      fleets: [
        fleet({
          id: 'B1',
          side: 'blue',
          hex: '1005',
          ships: [ship('b1'), ship('b2')],
          retreat: { kind: 'after', rounds: 1 },
        }),
        fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1'), ship('r2', SCOUT)] }),
      ],
    });
    // Blue attacks with 18: 2 dice (6, 1); red saves with 5: 1 die (1): red loses its scout.
    // Red attacks with the 9 left: 1 die (1); blue saves with 6: 2 dice (1, 1). Then blue retreats.
    const r = resolved(c, {}, [6, 1, 6, 1, 1, 1, 1, 1]);
    expect(eventsOf(r, 'sensor')[0]).toMatchObject({ side: 'blue', fleet: 'R1', ships: 2 });
    expect(r.views.blue!.enemyFleets).toEqual([{ id: 'R1', side: 'red', hex: { col: 10, row: 5 }, ships: 1 }]);
  });

  it('"A game option fog: sensors hides enemy fleets entirely unless detected this turn"', () => {
    const view = resolved(spread('sensors')).views.blue!;
    expect(view.enemyFleets.map((f) => f.id)).toEqual(['R1']);
    expect(JSON.stringify(view)).not.toContain('R2');
  });
});
