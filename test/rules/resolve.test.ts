/** rules-tactical.md §3, §4, §5, §7, §8, §9: a whole turn through resolveTurn. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveTurn, standingOrders } from '../../src/rules/resolve.ts';
import { DiceExhaustedError, ScriptedDice, SeededDice } from '../../src/rules/dice.ts';
import { formatHex } from '../../src/rules/hex.ts';
import { speedRange, straightPlot } from '../../src/rules/plot.ts';
import type { TurnEvent } from '../../src/rules/events.ts';
import type { Direction, Position, ShipOrders, WeaponSide } from '../../src/rules/types.ts';
import { DIRECTIONS, WEAPON_SIDES } from '../../src/rules/types.ts';
import { position, ship } from './fixtures.ts';
import { ofType, orders, play, shipAfter } from './resolve.support.ts';

const still = { speed: 0 };

describe('§3 turn sequence', () => {
  it('"Movement (simultaneous). Initiative roll. Combat phase of the first side, then of the second … End of turn: victory check."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0508', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', shields: 1, weapons: ['F'] },
    ]);
    const r = play(p, { A1: { speed: 1, move: '1' }, B1: { speed: 1, move: '1' } }, [6, 1, 1, 1]);
    expect(r.events.map((e) => e.type)).toEqual([
      'move',
      'move',
      'initiative',
      'shot',
      'damage',
      'destroyed',
      'game-over',
    ]);
  });
});

describe('§4 simultaneous movement', () => {
  it('"All ships move at once. Ships may share a hex and pass through each other."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0508', facing: 'N', weapons: [] },
      { id: 'B1', side: 'b', hex: '0505', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 3, move: '3' }, B1: { speed: 3, move: '3' } }, [3, 4]);
    expect(formatHex(shipAfter(r, 'A1').hex)).toBe('0505');
    expect(formatHex(shipAfter(r, 'B1').hex)).toBe('0508');
    expect(shipAfter(r, 'A1').speed).toBe(3);
  });

  it('Ruling: "a ship whose path leaves the map at any step has left the battle: … counts as disengaged (not destroyed), and never returns"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0502', facing: 'N', weapons: ['F'] },
      { id: 'A2', side: 'a', hex: '0510', facing: 'N', weapons: [] },
      { id: 'B1', side: 'b', hex: '0505', facing: 'N', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 3, move: '1R1' }, A2: still, B1: still }, [1, 2]);
    expect(shipAfter(r, 'A1')).toMatchObject({ status: 'disengaged', hex: { col: 5, row: 1 }, facing: 'NE' });
    expect(ofType(r.events, 'disengaged')).toEqual([
      { type: 'disengaged', ship: 'A1', hex: '0501', reason: 'left-map' },
    ]);
    // Never returns: it takes no more orders.
    const next = resolveTurn(r.position, orders({ A1: { speed: 3, move: '3' } }), new ScriptedDice([1, 1]));
    expect(next.ok).toBe(false);
    if (!next.ok) expect(next.error[0]).toMatchObject({ code: 'SHIP_NOT_IN_PLAY', ship: 'A1' });
  });

  it('Ruling (missing orders): "a ship with no orders … keeps last turn\'s SPEED …, flies straight ahead (n forward, no turns), and fires in nearest mode with no target list"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0510', facing: 'N', speed: 2, weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0505', facing: 'N', weapons: [] },
    ]);
    const r = play(p, {}, [6, 1, 6]);
    expect(ofType(r.events, 'move')[0]).toMatchObject({
      ship: 'A1',
      speed: 2,
      plot: '2',
      source: 'standing',
      to: '0508',
    });
    expect(ofType(r.events, 'shot')[0]).toMatchObject({ firer: 'A1', target: 'B1' });
    expect(r.ordersUsed.get('A1')).toMatchObject({ speed: 2, fire: [], hold: false, source: 'standing' });
  });

  it('Ruling (missing orders): "(0 if it has none yet; lowered to ENGINE if damage cut ENGINE below it)"', () => {
    expect(standingOrders(ship({ id: 'x', side: 'a', hex: '0505', speed: null }))).toEqual({
      speed: 0,
      plot: [],
      fire: [],
      hold: false,
    });
    expect(standingOrders(ship({ id: 'x', side: 'a', hex: '0505', speed: 4, engine: 1 }))).toMatchObject({
      speed: 1,
      plot: straightPlot(1),
    });
  });
});

describe('§5 initiative within a turn', () => {
  it('Ruling: "Only sides with at least one ship in play after movement roll, in seat order."', () => {
    const p = position(
      [
        { id: 'A1', side: 'a', hex: '0505', weapons: [] },
        { id: 'B1', side: 'b', hex: '0502', facing: 'N', weapons: [] },
        { id: 'C1', side: 'c', hex: '0508', weapons: [] },
      ],
      { sides: ['c', 'b', 'a'] },
    );
    const r = play(p, { A1: still, B1: { speed: 2, move: '2' }, C1: still }, [2, 5]);
    expect(ofType(r.events, 'initiative')[0]?.rolls).toEqual({ c: [2], a: [5] });
    expect(r.initiative).toEqual(['a', 'c']);
  });

  it('Ruling: "With fewer than two such sides there is no roll and no combat." (§10: "it is empty when fewer than two sides rolled")', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0502', facing: 'N', weapons: ['F'] },
    ]);
    const r = play(p, { A1: still, B1: { speed: 2, move: '2' } }, []);
    expect(r.initiative).toEqual([]);
    expect(ofType(r.events, 'initiative')).toEqual([]);
    expect(ofType(r.events, 'shot')).toEqual([]);
    expect(r.winner).toBe('a');
  });
});

describe('§7 end of turn and victory', () => {
  it('"When one side or none is left, the game ends: the last side standing wins"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'N', shields: 1, weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, [6, 1, 1, 3]);
    expect(r.winner).toBe('a');
    expect(r.gameOver).toBe(true);
    expect(ofType(r.events, 'game-over')).toEqual([{ type: 'game-over', winner: 'a', reason: 'last-side' }]);
  });

  it('"none left is a draw"', () => {
    const p = position(
      [
        { id: 'A1', side: 'a', hex: '0501', facing: 'N', speed: 1, weapons: [] },
        { id: 'B1', side: 'b', hex: '0510', facing: 'S', speed: 1, weapons: [] },
      ],
      { map: { width: 10, height: 10 } },
    );
    // Both fly off the map: nobody is left, no initiative is rolled.
    const both = play(p, { A1: { speed: 1, move: '1' }, B1: { speed: 1, move: '1' } }, []);
    expect(both.winner).toBe('draw');
    expect(ofType(both.events, 'game-over')).toEqual([{ type: 'game-over', winner: null, reason: 'draw' }]);
    // Only A1 leaves: b is the last side standing.
    const one = play(p, { A1: { speed: 1, move: '1' }, B1: { speed: 1, move: 'R' } }, []);
    expect(one.winner).toBe('b');
  });

  it('"A game may have a turn limit; when it is reached, the side with the most BP of ships still in play (full design cost, damage ignored) wins"', () => {
    const p = position(
      [
        {
          id: 'A1',
          side: 'a',
          hex: '0505',
          engine: 1,
          shields: 1,
          toHit: 1,
          weapons: [],
          design: { engine: 5, shields: 5, toHit: 5, weapons: ['F'] },
        },
        { id: 'B1', side: 'b', hex: '0515', engine: 3, shields: 3, toHit: 3, weapons: ['F'] },
      ],
      { turn: 5, turnLimit: 5 },
    );
    const r = play(p, { A1: still, B1: still }, [1, 2]);
    expect(ofType(r.events, 'game-over')[0]).toMatchObject({
      winner: 'a',
      reason: 'turn-limit',
      scores: { a: 17, b: 11 },
    });
    expect(r.position.turn).toBe(6);
  });

  it('"A side may concede at any time."', () => {
    const p = position(
      [
        { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
        { id: 'B1', side: 'b', hex: '0503', facing: 'N', weapons: [] },
      ],
      { conceded: ['a'] },
    );
    const r = play(p, {}, []);
    expect(r.winner).toBe('b');
    expect(ofType(r.events, 'game-over')[0]).toMatchObject({ winner: 'b', reason: 'concession' });
    expect(shipAfter(r, 'A1').status).toBe('disengaged');
  });
});

describe('§8 dice', () => {
  it('"Rolls are consumed in this order: … initiative … combat, in firing order: for each shot, the to-hit roll, then (only if it hit) the damage roll"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', toHit: 3, weapons: ['F', 'FL'] },
      { id: 'B1', side: 'b', hex: '0505', shields: 5, weapons: ['F'] },
    ]);
    // init a6 b1; A1 F hits (2) damage 1; A1 FL misses (6); B1 F hits (3) damage 2.
    const r = play(p, { A1: still, B1: still }, [6, 1, 2, 1, 6, 3, 2]);
    const rolls = r.events.flatMap((e) =>
      e.type === 'initiative'
        ? Object.values(e.rolls).flat()
        : e.type === 'shot' || e.type === 'damage'
          ? [e.roll]
          : [],
    );
    expect(rolls).toEqual([6, 1, 2, 1, 6, 3, 2]);
  });

  it('"a scripted list that runs out is an error"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', weapons: ['F'] },
    ]);
    expect(() => resolveTurn(p, orders({}), new ScriptedDice([6, 1]))).toThrow(DiceExhaustedError);
  });

  it('"solo movement rolls, if a side is played by the solo rules" come before initiative', () => {
    const p = position(
      [
        { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: [] },
        { id: 'S1', side: 's', hex: '0502', facing: 'S', speed: 1, engine: 1, weapons: [] },
      ],
      { solo: ['s'] },
    );
    // S1: enemy A1 dead ahead → side roll (1 = Left); no friendly → friendly side = enemy side; table roll 1 → "1".
    const r = play(p, { A1: still }, [1, 1, 5, 2]);
    expect(r.events.map((e) => e.type)).toEqual(['solo-move', 'move', 'move', 'initiative']);
    expect(ofType(r.events, 'solo-move')[0]).toMatchObject({ enemySideRoll: 1, tableRoll: 1, plot: '1' });
    expect(r.initiative).toEqual(['a', 's']);
  });

  it('§10: "Orders given for a ship of a solo side are ignored (the tables decide)."', () => {
    const p = position(
      [
        { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: [] },
        { id: 'S1', side: 's', hex: '0502', facing: 'S', speed: 0, engine: 1, weapons: [] },
      ],
      { solo: ['s'] },
    );
    // An order that would be illegal is not even checked; the solo ship at SPEED 0 stays.
    const r = play(p, { A1: still, S1: { speed: 5, move: '5' } }, [3, 4]);
    expect(ofType(r.events, 'move').find((m) => m.ship === 'S1')).toMatchObject({
      source: 'solo',
      plot: '0',
      to: '0502',
    });
  });
});

describe('§9 the tutorial duel', () => {
  const duel = position(
    [
      {
        id: 'Black',
        side: 'black',
        hex: '0408',
        facing: 'N',
        engine: 3,
        shields: 3,
        toHit: 3,
        weapons: ['F', 'FL', 'FR'],
      },
      { id: 'Grey', side: 'grey', hex: '0804', facing: 'S', engine: 4, shields: 4, toHit: 5, weapons: ['F'] },
    ],
    { map: { width: 12, height: 10 } },
  );

  it('"Black plots SPEED 3, 2R; Grey plots 1R1 …; after movement each is in the other\'s F arc at range 3. Black wins initiative 5–2 and fires F. … a damage roll of 1 takes one SHIELD from Grey. Grey fires F: a roll of 5 hits (TO-HIT 5), and a damage roll of 5 costs Black one ENGINE."', () => {
    const r = play(duel, { Black: { speed: 3, move: '2R' }, Grey: { speed: 3, move: '1R1' } }, [5, 2, 3, 1, 5, 5]);
    expect(ofType(r.events, 'move').map((m) => [m.ship, m.to, m.facing])).toEqual([
      ['Black', '0406', 'NE'],
      ['Grey', '0706', 'SW'],
    ]);
    expect(ofType(r.events, 'initiative')[0]).toMatchObject({
      rolls: { black: [5], grey: [2] },
      order: ['black', 'grey'],
    });
    expect(ofType(r.events, 'shot')).toEqual([
      { type: 'shot', firer: 'Black', weapon: 'F', target: 'Grey', range: 3, modifier: 0, need: 3, roll: 3, hit: true },
      { type: 'shot', firer: 'Grey', weapon: 'F', target: 'Black', range: 3, modifier: 0, need: 5, roll: 5, hit: true },
    ]);
    expect(ofType(r.events, 'damage').map((d) => [d.target, d.roll, d.effect])).toEqual([
      ['Grey', 1, 'shields'],
      ['Black', 5, 'engine'],
    ]);
    expect(shipAfter(r, 'Grey')).toMatchObject({ shields: 3, engine: 4 });
    expect(shipAfter(r, 'Black')).toMatchObject({ shields: 3, engine: 2 });
    expect(r.winner).toBeNull();
    expect(r.diceUsed).toBe(6);
  });

  it("Ruling: \"Black hits on 1–3 (the tutorial's '4 hits' is the contradiction noted there)\"", () => {
    const r = play(duel, { Black: { speed: 3, move: '2R' }, Grey: { speed: 3, move: '1R1' } }, [5, 2, 4, 6]);
    expect(ofType(r.events, 'shot').map((s) => s.hit)).toEqual([false, false]);
  });

  it('Ruling: "the seed says \'SPEED of 2\', a slip — 1R1 costs 3"', () => {
    const r = resolveTurn(
      duel,
      orders({ Black: { speed: 3, move: '2R' }, Grey: { speed: 2, move: '1R1' } }),
      new ScriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual([expect.objectContaining({ code: 'PLOT_COST', ship: 'Grey' })]);
  });
});

// ---- properties over random battles ----

const battle = fc
  .record({
    seed: fc.string({ minLength: 1, maxLength: 12 }),
    ships: fc.array(
      fc.record({
        side: fc.constantFrom('a', 'b', 'c'),
        col: fc.integer({ min: 1, max: 12 }),
        row: fc.integer({ min: 1, max: 12 }),
        facing: fc.constantFrom<Direction>(...DIRECTIONS),
        speed: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
        engine: fc.integer({ min: 0, max: 5 }),
        shields: fc.integer({ min: 1, max: 5 }),
        toHit: fc.integer({ min: 0, max: 5 }),
        weapons: fc.subarray<WeaponSide>([...WEAPON_SIDES]),
        turnLeft: fc.boolean(),
      }),
      { minLength: 2, maxLength: 12 },
    ),
    solo: fc.boolean(),
  })
  .map(({ seed, ships, solo }): { seed: string; position: Position; orders: Map<string, ShipOrders> } => {
    const p = position(
      ships.map((s, i) => ({
        id: `S${i}`,
        side: s.side,
        hex: formatHex({ col: s.col, row: s.row }),
        facing: s.facing,
        speed: s.speed,
        engine: s.engine,
        shields: s.shields,
        toHit: s.toHit,
        weapons: s.weapons,
      })),
      { map: { width: 12, height: 12 }, sides: ['a', 'b', 'c'], solo: solo ? ['c'] : [] },
    );
    const o = new Map<string, ShipOrders>();
    p.ships.forEach((s, i) => {
      const speed = speedRange(s).max;
      const plot =
        ships[i]!.turnLeft && speed > 0
          ? [{ kind: 'turn', turn: 'L' } as const, ...straightPlot(speed - 1)]
          : straightPlot(speed);
      if (i % 3 !== 2) o.set(s.id, { speed, plot, fire: [], hold: false });
    });
    return { seed, position: p, orders: o };
  });

const rollsShown = (events: readonly TurnEvent[]): number =>
  events.reduce((n, e) => {
    switch (e.type) {
      case 'initiative':
        return n + Object.values(e.rolls).flat().length;
      case 'shot':
      case 'damage':
      case 'solo-target':
        return n + 1;
      case 'solo-move':
        return (
          n +
          [e.friendlyTieRoll, e.enemyTieRoll, e.friendlySideRoll, e.enemySideRoll, e.tableRoll].filter(
            (x) => x !== undefined,
          ).length
        );
      default:
        return n;
    }
  }, 0);

describe('properties', () => {
  it('the same seed gives the same result', () => {
    fc.assert(
      fc.property(battle, ({ seed, position: p, orders: o }) => {
        const a = resolveTurn(p, o, SeededDice.fromSeed(seed));
        const b = resolveTurn(p, o, SeededDice.fromSeed(seed));
        expect(a).toEqual(b);
      }),
      { numRuns: 200 },
    );
  });

  it('dice consumed equal dice shown in events', () => {
    fc.assert(
      fc.property(battle, ({ seed, position: p, orders: o }) => {
        const dice = SeededDice.fromSeed(seed);
        const r = resolveTurn(p, o, dice);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.diceUsed).toBe(dice.used);
        expect(rollsShown(r.value.events)).toBe(r.value.diceUsed);
      }),
      { numRuns: 300 },
    );
  });

  it('stats never go negative, and a ship with no SHIELDS is destroyed', () => {
    fc.assert(
      fc.property(battle, ({ seed, position: p }) => {
        let pos = p;
        const dice = SeededDice.fromSeed(seed);
        for (let turn = 0; turn < 4; turn++) {
          const r = resolveTurn(pos, new Map(), dice);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          pos = r.value.position;
          for (const s of pos.ships) {
            expect(s.engine).toBeGreaterThanOrEqual(0);
            expect(s.shields).toBeGreaterThanOrEqual(0);
            expect(s.speed ?? 0).toBeGreaterThanOrEqual(0);
            if (s.shields === 0) expect(s.status).toBe('destroyed');
          }
          if (r.value.gameOver) break;
        }
      }),
      { numRuns: 150 },
    );
  });
});
