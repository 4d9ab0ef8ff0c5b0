/** rules-tactical.md §7: end of turn and victory. */
import { describe, expect, it } from 'vitest';
import { sidesInPlay, victory } from '../../src/rules/victory.ts';
import type { Design, Position, Ship, ShipStatus } from '../../src/rules/types.ts';

const BLACK: Design = { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] }; // 15 BP
const GREY: Design = { engine: 4, shields: 4, toHit: 5, weapons: ['F'] }; // 15 BP
const SCOUT: Design = { engine: 5, shields: 2, toHit: 1, weapons: ['F'] }; // 10 BP

function ship(id: string, side: string, design: Design, status: ShipStatus = 'active', damage = 0): Ship {
  return {
    id,
    side,
    hex: { col: 5, row: 5 },
    facing: 'N',
    speed: 2,
    engine: design.engine,
    shields: design.shields - damage,
    toHit: design.toHit,
    weapons: design.weapons,
    design,
    status,
  };
}

function position(ships: Ship[], more: Partial<Position> = {}): Position {
  return {
    map: { width: 20, height: 20 },
    turn: 4,
    sides: ['blue', 'red'],
    solo: [],
    ships,
    turnLimit: null,
    conceded: [],
    ...more,
  };
}

describe('sidesInPlay', () => {
  it('"A side with no ship left in play (all destroyed or disengaged) is out"', () => {
    const p = position([
      ship('B1', 'blue', BLACK, 'destroyed'),
      ship('B2', 'blue', GREY, 'disengaged'),
      ship('R1', 'red', GREY),
    ]);
    expect(sidesInPlay(p)).toEqual(['red']);
  });

  it('lists sides in seat order, not ship order', () => {
    const p = position([ship('R1', 'red', GREY), ship('G1', 'green', GREY), ship('B1', 'blue', BLACK)], {
      sides: ['blue', 'green', 'red'],
    });
    expect(sidesInPlay(p)).toEqual(['blue', 'green', 'red']);
  });

  it('"A side may concede at any time": a conceded side is out, ships or not', () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY)], { conceded: ['blue'] });
    expect(sidesInPlay(p)).toEqual(['red']);
  });
});

describe('victory', () => {
  it('two sides still fighting: the game goes on', () => {
    expect(victory(position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY)]), 4)).toBeNull();
  });

  it('"When one side … is left, the game ends: the last side standing wins"', () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY, 'destroyed')]);
    expect(victory(p, 4)).toEqual({ type: 'game-over', winner: 'blue', reason: 'last-side' });
  });

  it('a side whose last ship left the map is out just the same', () => {
    const p = position([ship('B1', 'blue', BLACK, 'disengaged'), ship('R1', 'red', GREY)]);
    expect(victory(p, 4)).toEqual({ type: 'game-over', winner: 'red', reason: 'last-side' });
  });

  it('"none left is a draw"', () => {
    const p = position([ship('B1', 'blue', BLACK, 'destroyed'), ship('R1', 'red', GREY, 'disengaged')]);
    expect(victory(p, 4)).toEqual({ type: 'game-over', winner: null, reason: 'draw' });
  });

  it('both sides conceding is a draw', () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY)], { conceded: ['red', 'blue'] });
    expect(victory(p, 4)).toEqual({ type: 'game-over', winner: null, reason: 'draw' });
  });

  it('"A side may concede at any time": the other side wins by concession', () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY)], { conceded: ['red'] });
    expect(victory(p, 4, ['red'])).toEqual({ type: 'game-over', winner: 'blue', reason: 'concession' });
  });

  it("a concession is still what ended it when conceding took the side's ships off the map (disengaged)", () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY, 'disengaged')], { conceded: ['red'] });
    expect(victory(p, 4, ['red'])).toEqual({ type: 'game-over', winner: 'blue', reason: 'concession' });
  });

  it('a side that conceded after its last ship was destroyed lost the fight: last-side', () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY, 'destroyed')], { conceded: ['red'] });
    expect(victory(p, 4, ['red'])).toEqual({ type: 'game-over', winner: 'blue', reason: 'last-side' });
  });

  it('an earlier concession does not decide how a later end came about', () => {
    // Green conceded turns ago (its ship disengaged then); now red is wiped out in combat.
    const p = position(
      [ship('B1', 'blue', BLACK), ship('R1', 'red', GREY, 'destroyed'), ship('G1', 'green', GREY, 'disengaged')],
      {
        sides: ['blue', 'red', 'green'],
        conceded: ['green'],
      },
    );
    expect(victory(p, 9)).toEqual({ type: 'game-over', winner: 'blue', reason: 'last-side' });
  });

  it('with three sides, one conceding leaves the other two fighting', () => {
    const p = position([ship('B1', 'blue', BLACK), ship('R1', 'red', GREY), ship('G1', 'green', GREY)], {
      sides: ['blue', 'red', 'green'],
      conceded: ['green'],
    });
    expect(victory(p, 4)).toBeNull();
  });

  describe('turn limit', () => {
    const ships = [
      ship('B1', 'blue', BLACK, 'active', 2), // damaged: still 15
      ship('B2', 'blue', SCOUT, 'destroyed'), // gone: 0
      ship('R1', 'red', GREY), // 15
      ship('R2', 'red', SCOUT, 'disengaged'), // gone: 0
    ];

    it('no turn limit: the game goes on however long', () => {
      expect(victory(position(ships), 500)).toBeNull();
    });

    it('before the limit is reached the game goes on', () => {
      expect(victory(position(ships, { turnLimit: 5 }), 4)).toBeNull();
    });

    it('"when it is reached, the side with the most BP of ships still in play (full design cost, damage ignored) wins"', () => {
      const more = [...ships, ship('B3', 'blue', SCOUT, 'active', 1)];
      expect(victory(position(more, { turnLimit: 4 }), 4)).toEqual({
        type: 'game-over',
        winner: 'blue',
        reason: 'turn-limit',
        scores: { blue: 25, red: 15 },
      });
    });

    it('"equal is a draw" (destroyed, disengaged ships and damage do not count)', () => {
      expect(victory(position(ships, { turnLimit: 4 }), 4)).toEqual({
        type: 'game-over',
        winner: null,
        reason: 'turn-limit',
        scores: { blue: 15, red: 15 },
      });
    });

    it('a limit already passed also ends the game', () => {
      expect(victory(position(ships, { turnLimit: 3 }), 4)).toMatchObject({ reason: 'turn-limit', winner: null });
    });

    it('a game that ends otherwise on the last turn ends that way, not on points', () => {
      const p = position([ship('B1', 'blue', SCOUT), ship('R1', 'red', GREY, 'destroyed')], { turnLimit: 4 });
      expect(victory(p, 4)).toEqual({ type: 'game-over', winner: 'blue', reason: 'last-side' });
    });

    it('scores every side; a side that is out scores 0 and a conceded side cannot win on points', () => {
      const p = position(
        [
          ship('B1', 'blue', SCOUT),
          ship('R1', 'red', GREY),
          ship('G1', 'green', BLACK),
          ship('G2', 'green', GREY),
          ship('Y1', 'yellow', SCOUT, 'destroyed'),
        ],
        { sides: ['blue', 'red', 'green', 'yellow'], conceded: ['green'], turnLimit: 4 },
      );
      expect(victory(p, 4)).toEqual({
        type: 'game-over',
        winner: 'red',
        reason: 'turn-limit',
        scores: { blue: 10, red: 15, green: 0, yellow: 0 },
      });
    });
  });
});
