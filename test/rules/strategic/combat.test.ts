/** rules-strategic.md §7: strategic combat. */
import { describe, expect, it } from 'vitest';
import { DiceExhaustedError, ScriptedDice } from '../../../src/rules/dice.ts';
import { resolveCampaignTurn } from '../../../src/rules/strategic/resolve.ts';
import type { CampaignEvent, Fleet, MoveOrder } from '../../../src/rules/strategic/types.ts';
import { campaign, eventsOf, fleet, h, HEAVY, LINE, orders, resolved, SCOUT, ship, SLOW } from './fixtures.ts';

const moves = (m: Record<string, MoveOrder>) => new Map(Object.entries(m));
const at = (fleets: Fleet[]) => campaign({ fleets });
const rounds = (r: { events: readonly CampaignEvent[] }) => eventsOf(r, 'round');

describe('§7 who attacks', () => {
  const blueHolds = () =>
    at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1006', ships: [ship('r1', SCOUT)] }),
    ]);

  it('"The attacker is the side that moved a fleet into the hex while an enemy fleet was there"', () => {
    // Blue moves first (6–1) but stays; red moves in.
    const r = resolved(
      blueHolds(),
      { red: orders({ moves: moves({ R1: { kind: 'path', path: ['N'] } }) }) },
      [6, 1, 1, 1],
    );
    expect(eventsOf(r, 'battle')[0]).toMatchObject({ hex: '1005', attacker: 'red', defender: 'blue' });
  });

  it('Ruling: "if both sides moved in this turn, the side that moved later (the second side) is the attacker"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1004', ships: [ship('b1', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1006', ships: [ship('r1', SCOUT)] }),
    ]);
    const o = {
      blue: orders({ moves: moves({ B1: { kind: 'path', path: ['S'] } }) }),
      red: orders({ moves: moves({ R1: { kind: 'path', path: ['N'] } }) }),
    };
    // Scouts roll no attack dice: one round and the battle ends.
    expect(eventsOf(resolved(c, o, [6, 1, 1, 1]), 'battle')[0]).toMatchObject({ attacker: 'red' });
    expect(eventsOf(resolved(c, o, [1, 6, 1, 1]), 'battle')[0]).toMatchObject({ attacker: 'blue' });
  });

  it('Ruling: "if neither moved in …, the first side of the initiative is the attacker"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', SCOUT)] }),
    ]);
    expect(eventsOf(resolved(c, {}, [2, 5, 1, 1]), 'battle')[0]).toMatchObject({ attacker: 'red', defender: 'blue' });
  });

  it('Ruling: "all of one side\'s fleets in that hex fight together, as one force"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', LINE)] }),
      fleet({ id: 'B2', side: 'blue', hex: '1005', ships: [ship('b2', LINE)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', HEAVY)] }),
    ]);
    // Blue attacks with 18 offensive BP: 2 dice; red saves with 5 defensive BP: 1 die.
    const r = resolved(c, {}, [6, 1, 5, 5, 6, 1, 1]);
    expect(eventsOf(r, 'battle')[0]).toMatchObject({ fleets: ['B1', 'B2', 'R1'] });
    expect(rounds(r)[0]).toMatchObject({ attackerDice: [5, 5], defenderSaves: [6], defenderLosses: 1 });
  });
});

describe('§7 rounds', () => {
  it('"one die per full 7 offensive BP … one die per full 3 defensive BP … Each 5 or 6 … Losses = max(0, 5–6s − 5–6s)"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', HEAVY), ship('b2', HEAVY)] }), // off 26, def 10
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE), ship('r2', LINE), ship('r3', LINE)] }), // off 27, def 9
    ]);
    // Blue attacks: 3 dice; red saves: 3 dice; red loses one ship (two hits, one save).
    // Red attacks with the 18 BP left: 2 dice; blue saves: 3 dice.
    const dice = [6, 1, 5, 6, 4, 5, 1, 1, 1, 2, 3, 6, 6];
    const r = resolved(c, { red: orders({ retreats: new Map([['R1', { kind: 'after', rounds: 1 }]]) }) }, dice);
    expect(rounds(r)[0]).toEqual({
      type: 'round',
      hex: '1005',
      round: 1,
      attackerDice: [5, 6, 4],
      defenderSaves: [5, 1, 1],
      defenderDice: [1, 2],
      attackerSaves: [3, 6, 6],
      attackerLosses: 0,
      defenderLosses: 1,
    });
  });

  it('"Losses are taken at the end of each sub-phase, so ships lost in the first do not roll in the second"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', HEAVY)] }), // off 13: 1 die
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE), ship('r2', LINE)] }), // off 18: 2 dice; def 6: 2 saves
    ]);
    // Blue hits with a 6; red saves nothing (1, 1): one red ship lost, so red attacks with 9 BP: 1 die.
    const r = resolved(
      c,
      { red: orders({ retreats: new Map([['R1', { kind: 'after', rounds: 1 }]]) }) },
      [6, 1, 6, 1, 1, 5, 6],
    );
    expect(rounds(r)[0]).toMatchObject({ defenderLosses: 1, defenderDice: [5], attackerSaves: [6], attackerLosses: 0 });
  });

  it('"A sub-phase in which one side has no dice rolls only the other\'s"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', SCOUT)] }), // off 3: no attack die; def 2: no save
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE)] }), // off 9: 1 die; def 3: 1 save
    ]);
    const r = resolved(c, {}, [6, 1, 4, 6]);
    expect(rounds(r)[0]).toMatchObject({
      attackerDice: [],
      defenderSaves: [4],
      defenderDice: [6],
      attackerSaves: [],
      attackerLosses: 1,
    });
    expect(r.diceUsed).toBe(4);
  });

  it("\"Dice order, each round: attacker's attack dice, then the defender's save dice; then the defender's attack dice, then the attacker's save dice\"; a scripted list that runs out fails", () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', LINE)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE)] }),
    ]);
    expect(() => resolveCampaignTurn(c, {}, new ScriptedDice([6, 1, 1, 1, 1]))).toThrow(DiceExhaustedError);
  });
});

describe('§7 which ships are lost', () => {
  const battle = (lossB1: string[], lossB2: string[]) =>
    at([
      fleet({
        id: 'B1',
        side: 'blue',
        hex: '1005',
        ships: [ship('b1', HEAVY), ship('b2', SCOUT), ship('b3', LINE)],
        lossOrder: lossB1,
      }),
      fleet({ id: 'B2', side: 'blue', hex: '1005', ships: [ship('b4', SCOUT), ship('b5', LINE)], lossOrder: lossB2 }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', HEAVY), ship('r2', HEAVY), ship('r3', HEAVY)] }),
    ]);
  // Blue (first side, nobody moved) attacks with 37 offensive BP: 5 dice, all 1s; red saves with 15: 5 dice.
  // Red attacks with 39: 5 dice, three 6s; blue saves with 15: 5 dice, all 1s: blue loses 3 ships.
  const ones = (n: number) => Array<number>(n).fill(1);
  const dice = [6, 1, ...ones(5), ...ones(5), 6, 6, 6, 1, 1, ...ones(5)];

  it('Ruling: "the side\'s list in a hex is its fleets\' loss orders joined in fleet order; ships on no list are lost after those, cheapest first (lowest BP, then fleet order, then ship order)"', () => {
    const r = resolved(
      battle(['b3'], ['b5']),
      {
        blue: orders({
          retreats: new Map([
            ['B1', { kind: 'after', rounds: 1 }],
            ['B2', { kind: 'after', rounds: 1 }],
          ]),
        }),
      },
      dice,
    );
    expect(eventsOf(r, 'lost').map((e) => e.ship)).toEqual(['b3', 'b5', 'b2']);
  });

  it('with no loss orders the cheapest go first: 10 BP ships in fleet order, then 15 BP, then 20 BP', () => {
    const r = resolved(
      battle([], []),
      {
        blue: orders({
          retreats: new Map([
            ['B1', { kind: 'after', rounds: 1 }],
            ['B2', { kind: 'after', rounds: 1 }],
          ]),
        }),
      },
      dice,
    );
    expect(eventsOf(r, 'lost').map((e) => e.ship)).toEqual(['b2', 'b4', 'b3']);
  });

  it('a loss order given this turn replaces the standing one before the battle', () => {
    const r = resolved(
      battle(['b3'], []),
      {
        blue: orders({
          lossOrders: new Map([['B1', ['b1']]]),
          retreats: new Map([
            ['B1', { kind: 'after', rounds: 1 }],
            ['B2', { kind: 'after', rounds: 1 }],
          ]),
        }),
      },
      dice,
    );
    expect(eventsOf(r, 'lost').map((e) => e.ship)).toEqual(['b1', 'b2', 'b4']);
    expect(r.destroyed).toEqual(['b1', 'b2', 'b4']);
  });
});

describe('§7 retreats and the end of a battle', () => {
  it('"after N (after its N-th round)": the fleet moves "to the neighbouring hex nearest to it (ties: the lowest CCRR)"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', SCOUT)], retreat: { kind: 'after', rounds: 1 } }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE)] }),
    ]);
    const r = resolved(c, {}, [6, 1, 1, 1]);
    // Blue's home is 0202; of 1005's neighbours, 0905 and 0906 are both 7 hexes from it: the lowest CCRR wins.
    expect(eventsOf(r, 'retreat')).toEqual([{ type: 'retreat', side: 'blue', fleet: 'B1', from: '1005', to: '0905' }]);
    expect(eventsOf(r, 'battle-end')).toEqual([{ type: 'battle-end', hex: '1005', rounds: 1, reason: 'retreat' }]);
  });

  it('"below P (when it has fewer than P % of the ships it started the battle with)"', () => {
    const c = at([
      fleet({
        id: 'B1',
        side: 'blue',
        hex: '1005',
        ships: [ship('b1', SCOUT), ship('b2', SCOUT), ship('b3', SLOW)],
        retreat: { kind: 'below', percent: 67 },
      }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE)] }),
    ]);
    // Blue attacks with 11: 1 die (1); red saves 1 die (1). Red attacks 1 die (6); blue saves with 8: 2 dice (1, 1).
    const r = resolved(c, {}, [6, 1, 1, 1, 6, 1, 1]);
    // 2 of 3 left: 66.7 % is not fewer than 67 %? It is: 2 × 100 < 67 × 3.
    expect(eventsOf(r, 'retreat').map((e) => e.fleet)).toEqual(['B1']);
  });

  it('Ruling: "a fleet at its own home system never retreats"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1', SCOUT)], retreat: { kind: 'after', rounds: 1 } }),
      fleet({ id: 'R1', side: 'red', hex: '0202', ships: [ship('r1', SCOUT)] }),
    ]);
    const r = resolved(c, {}, [6, 1]);
    expect(eventsOf(r, 'retreat')).toEqual([]);
    expect(eventsOf(r, 'battle-end')[0]).toMatchObject({ reason: 'no-dice', rounds: 1 });
  });

  it('Ruling: "a retreating fleet takes no further part in any battle this turn, wherever it lands"', () => {
    const c = at([
      fleet({ id: 'B2', side: 'blue', hex: '0904', ships: [ship('b2', LINE)] }),
      fleet({ id: 'R2', side: 'red', hex: '0904', ships: [ship('r2', LINE)], retreat: { kind: 'after', rounds: 1 } }),
      fleet({ id: 'B3', side: 'blue', hex: '1004', ships: [ship('b3', SCOUT)] }),
      fleet({ id: 'R3', side: 'red', hex: '1004', ships: [ship('r3', SCOUT)] }),
    ]);
    // 0904 first: one round of misses, then R2 retreats toward 1909 — into 1004, where scouts are still to fight.
    // Scouts roll no dice at all; had R2 joined them, red would roll and the four dice given would run out.
    const r = resolved(c, {}, [6, 1, 1, 1, 1, 1]);
    expect(eventsOf(r, 'retreat').map((e) => [e.fleet, e.to])).toEqual([['R2', '1004']]);
    expect(eventsOf(r, 'battle').map((b) => [b.hex, b.fleets])).toEqual([
      ['0904', ['B2', 'R2']],
      ['1004', ['B3', 'R3']],
    ]);
    expect(eventsOf(r, 'battle-end').map((e) => e.reason)).toEqual(['retreat', 'no-dice']);
    expect(r.diceUsed).toBe(6);
  });

  it('"after 20 rounds … both sides stay in place"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', LINE)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE)] }),
    ]);
    const r = resolved(c, {}, [6, 1, ...Array<number>(80).fill(1)]);
    expect(rounds(r)).toHaveLength(20);
    expect(eventsOf(r, 'battle-end')[0]).toMatchObject({ rounds: 20, reason: 'rounds' });
    expect(r.campaign.fleets.map((f) => f.hex)).toEqual([h('1005'), h('1005')]);
  });

  it('"The battle ends when either side has no ships left in the hex"', () => {
    const c = at([
      fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', LINE)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE), ship('r2', SCOUT)] }),
    ]);
    const r = resolved(c, {}, [6, 1, 1, 1, 6, 1]);
    expect(eventsOf(r, 'battle-end')[0]).toMatchObject({ reason: 'destroyed', rounds: 1 });
    expect(r.campaign.fleets.map((f) => f.id)).toEqual(['R1']);
  });
});
