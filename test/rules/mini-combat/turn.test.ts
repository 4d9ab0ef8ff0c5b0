/** rules-mini-combat.md §4 (the turn), §20.4 (concession), §22.3–§22.5 and §23: whole turns through resolveMiniTurn. */
import { describe, expect, it } from 'vitest';
import { DiceExhaustedError, ScriptedDice, SeededDice, type DiceSource } from '../../../src/rules/dice.ts';
import type { MiniEvent } from '../../../src/rules/mini-combat/battlefield.ts';
import type { OrderEntryInput } from '../../../src/rules/mini-combat/check.ts';
import { standingOrder } from '../../../src/rules/mini-combat/orders.ts';
import {
  eventsSeenBy,
  playMiniTurn,
  resolveMiniTurn,
  turnViews,
  type MiniTurn,
} from '../../../src/rules/mini-combat/turn.ts';
import type { MiniPosition } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';
import { sampleBattle } from './sample-battle.ts';

/** The orders of §23's turn 1, as JSON entries. */
const SAMPLE_ORDERS: Record<string, OrderEntryInput[]> = {
  red: [
    { unit: 'R3', move: 'S S S S', fire: ['B4'] },
    { unit: 'R7', move: 'S S S S S S' },
    { unit: 'R6', drop: ['1220'], face: 'S' },
  ],
  blue: [
    { unit: 'B6', teleport: ['1710'], move: 'N' },
    { unit: 'B1', move: 'N N' },
    { unit: 'B7', insubstantial: true, move: 'N N N' },
  ],
};
/** "With the dice 3, 5 then all 4s" — 12 of them (§23). */
const SAMPLE_DICE = [3, 5, ...Array<number>(10).fill(4)];

function turn(p: MiniPosition, entries: Record<string, OrderEntryInput[]>, dice: DiceSource): MiniTurn {
  const r = resolveMiniTurn(p, entries, dice);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const sampleTurn = () => turn(sampleBattle(), SAMPLE_ORDERS, new ScriptedDice(SAMPLE_DICE));
const brief = (events: readonly MiniEvent[]) =>
  events.map((e) => [e.type, e.unit ?? e.element ?? e.attacker ?? null] as const);
const element = (p: MiniPosition, id: string) => p.units.flatMap((u) => u.elements).find((e) => e.id === id)!;

/** Every die an event shows, in the order of the events (§22.3). */
function diceShown(events: readonly MiniEvent[], sides: readonly string[]): number[] {
  const out: number[] = [];
  for (const e of events) {
    if (e.type === 'initiative') {
      const rolls = e.rolls as Record<string, number[]>;
      for (let i = 0; i < rolls[sides[0]!]!.length; i++) for (const s of sides) out.push(rolls[s]![i]!);
    } else if (e.type === 'scatter') out.push(...(e.dice as number[]));
    else if (['attack', 'save', 'heal', 'morale', 'survival'].includes(e.type) && typeof e.roll === 'number')
      out.push(e.roll);
  }
  return out;
}

/** A dice source that remembers what it gave. */
class Recorded implements DiceSource {
  readonly rolls: number[] = [];
  constructor(private readonly inner: DiceSource) {}
  get used() {
    return this.rolls.length;
  }
  roll() {
    const r = this.inner.roll();
    this.rolls.push(r);
    return r;
  }
}

describe('§23 the sample battle, turn 1, through resolveMiniTurn', () => {
  it('"blue wins the initiative 5–3 … 12 dice are used"; "Red scores B6\'s 122"; the game goes on to turn 2', () => {
    const t = sampleTurn();
    expect(t.initiative).toEqual(['blue', 'red']);
    expect(t.diceUsed).toBe(12);
    expect(t.over).toBeNull();
    expect(t.position.turn).toBe(2);
    expect(t.events.find((e) => e.type === 'initiative')).toMatchObject({
      rolls: { red: [3], blue: [5] },
      order: ['blue', 'red'],
    });
  });

  it('the events the page lists, in the order they happened', () => {
    const t = sampleTurn();
    const told = t.events.filter(
      (e) => e.type !== 'activation' || ['B6', 'B1', 'R3', 'B7', 'R7'].includes(String(e.unit)),
    );
    expect(brief(told)).toEqual([
      ['insubstantial', 'B7'], // "B7, insubstantial"
      ['initiative', null], // "blue wins the initiative 5–3"
      ['activation', 'B6'], // "B6 teleports to 1710 … and steps to 1709"
      ['place', 'B6a'],
      ['place', 'B6b'],
      ['move', 'B6a'],
      ['move', 'B6b'],
      ['activation', 'B1'], // "B1 advances"
      ...['B1a', 'B1b', 'B1c', 'B1d', 'B1e', 'B1f'].map((id) => ['move', id] as const),
      ['activation', 'R3'], // "R3's tanks drive down to row 8"
      ['move', 'R3a'],
      ['move', 'R3b'],
      ['move', 'R3c'],
      ['attack', 'R3c'], // "R3c sees B6a … rolls 4 against a need of 4"
      ['save', 'B6a'], // "B6a's save of 5+ rolls 4"
      ['damage', 'B6a'], // "Power 5 over Armor 2 destroys it"
      ['destroyed', 'B6a'],
      ['activation', 'B7'], // "B7, insubstantial, moves unseen"
      ['move', 'B7a'],
      ['move', 'B7b'],
      ['activation', 'R7'], // "the Gunship flies to 1608"
      ['move', 'R7a'],
      ['attack', 'R7a'], // "its Sharpshooter Power 8 destroys B6b (roll 4, save 4)"
      ['save', 'B6b'],
      ['damage', 'B6b'],
      ['destroyed', 'B6b'],
      ['scatter', 'R6a'], // "in the drop phase the paras land on 1220 (every scatter roll a double 4–4)"
      ['place', 'R6a'],
      ['scatter', 'R6b'],
      ['place', 'R6b'],
      ['scatter', 'R6c'],
      ['place', 'R6c'],
    ]);
    const moves = Object.fromEntries(t.events.filter((e) => e.type === 'move').map((e) => [e.element, e.to]));
    expect(moves).toMatchObject({ B6a: '1709', B1a: '0931', B1f: '1031', R3a: '1108', R7a: '1608', B7a: '0631' });
    expect(t.events.filter((e) => e.type === 'damage').map((e) => [e.element, e.power, e.armor])).toEqual([
      ['B6a', 5, 2],
      ['B6b', 8, 2],
    ]);
    // "the rest stand, with nothing in range": no other attack, no other move.
    expect(t.events.filter((e) => e.type === 'attack')).toHaveLength(2);
  });

  it('"red sees neither the teleport nor the move" of B6, nor B7\'s; blue sees the paras land (§9.3)', () => {
    const t = sampleTurn();
    const red = eventsSeenBy(t.events, 'red');
    expect(red.some((e) => e.type === 'place' && String(e.element).startsWith('B6'))).toBe(false);
    expect(red.some((e) => e.type === 'move' && /^B[67]/.test(String(e.element)))).toBe(false);
    expect(red.some((e) => e.type === 'insubstantial')).toBe(false);
    expect(red.filter((e) => e.type === 'attack')).toHaveLength(2);
    const blue = eventsSeenBy(t.events, 'blue');
    expect(blue.filter((e) => e.type === 'place' && e.how === 'drop').map((e) => e.element)).toEqual([
      'R6a',
      'R6b',
      'R6c',
    ]);
    expect(blue.some((e) => e.type === 'scatter')).toBe(false); // "scatter events are seen by the owning side only"
  });

  it('the views after the turn: scores as "Red scores B6\'s 122"; B7 is seen again once insubstantial ends; the hidden Scouts are not', () => {
    const t = sampleTurn();
    const views = turnViews(t.position);
    expect(views.red!.score).toEqual({ red: 122, blue: 0 });
    expect(views.red!.turn).toBe(2);
    const redSees = views.red!.enemy.map((u) => u.id);
    expect(redSees).toContain('B6'); // destroyed elements are shown where they fell
    expect(redSees).toContain('B7'); // "insubstantial ends" with the turn (§4): nothing hides it between turns
    expect(views.blue!.units.every((u) => u.side === 'blue')).toBe(true);
    expect(views.blue!.enemy.map((u) => u.id)).not.toContain('R5'); // the hidden Scouts
  });
});

describe('§4 the turn sequence', () => {
  it('"the units ordered insubstantial become so (one insubstantial event each, sides in sides order, each side\'s units in its list order)"', () => {
    const ghost = (id: string, hex: string) => el(id, { hex, type: 'creature', special: ['Ins'], toHit: 7 });
    const p = position([
      unit('G1', 'red', [ghost('G1a', '0505')]),
      unit('G2', 'red', [ghost('G2a', '0705')]),
      unit('H1', 'blue', [ghost('H1a', '0530')]),
    ]);
    const t = turn(
      p,
      {
        blue: [{ unit: 'H1', insubstantial: true }],
        red: [
          { unit: 'G2', insubstantial: true },
          { unit: 'G1', insubstantial: true },
        ],
      },
      new ScriptedDice([1, 2]),
    );
    expect(t.events.slice(0, 4).map((e) => [e.type, e.unit, e.seenBy])).toEqual([
      ['insubstantial', 'G2', ['red']],
      ['insubstantial', 'G1', ['red']],
      ['insubstantial', 'H1', ['blue']],
      ['initiative', undefined, ['red', 'blue']],
    ]);
  });

  it('"then hidden Scouts within range of an enemy Deny Scout element are revealed (reveal events in state order)" — before the initiative', () => {
    const scout = (id: string, hex: string) => el(id, { hex, special: ['Sc'], hidden: true, toHit: 7 });
    const p = position([
      unit('S', 'red', [scout('Sa', '0510'), scout('Sb', '0530')]),
      unit('T', 'red', [scout('Ta', '0511')]),
      unit('D', 'blue', [el('Da', { hex: '0515', special: ['Den:Sc'], toHit: 7 })]),
    ]);
    const t = turn(p, {}, new ScriptedDice([2, 1]));
    expect(t.events.slice(0, 3).map((e) => [e.type, e.element ?? null, e.why ?? null])).toEqual([
      ['reveal', 'Sa', 'deny'],
      ['reveal', 'Ta', 'deny'],
      ['initiative', null, null],
    ]);
    expect(element(t.position, 'Sb').hidden).toBe(true); // 15 hexes away: out of the deny range
  });

  /**
   * Red: a Heal4 medic, a unit of three with no range (it cannot reach the enemy), facing it, a para in reserve
   * ordered to drop. Blue: two killers 2 hexes from the three, who win the initiative and destroy two of them.
   */
  const allPhases = () =>
    position(
      [
        unit('M', 'red', [el('Ma', { hex: '0505', special: ['Heal4'], toHit: 7 })]),
        unit('A', 'red', [
          el('Aa', { hex: '0506', range: 0, facing: 'S' }),
          el('Ab', { hex: '0506', range: 0, facing: 'S' }),
          el('Ac', { hex: '0506', range: 0, facing: 'S' }),
        ]),
        unit('P', 'red', [el('Pa', { status: 'reserve', hex: null, special: ['DrpS'] })]),
        unit('K', 'blue', [
          el('Ka', { hex: '0508', power: 10, toHit: 3 }),
          el('Kb', { hex: '0508', power: 10, toHit: 3 }),
        ]),
      ],
      { turnLimit: 1 },
    );

  it('"1. Initiative 2. Instant combat 3. Normal combat 4. Recover 5. Morale 6. Drop 7. Resolution", with the dice in the order of §22.5', () => {
    // Initiative 1–6: blue first. Ka and Kb, standing, need 2 (3, +1 for not moving), hit (6) and beat the 6+
    // save (1): Aa and Ab destroyed. The Heal4 die fails (3); A, 2 of 3 lost, fails its morale (2 against 4) and
    // flees; the para lands (5–5); the turn limit ends it.
    const dice = new ScriptedDice([1, 6, 6, 1, 6, 1, 3, 2, 5, 5]);
    const t = turn(allPhases(), { red: [{ unit: 'P', drop: ['1212'] }] }, dice);
    expect(brief(t.events)).toEqual([
      ['initiative', null],
      ['activation', 'K'],
      ['attack', 'Ka'],
      ['save', 'Aa'],
      ['damage', 'Aa'],
      ['destroyed', 'Aa'],
      ['attack', 'Kb'],
      ['save', 'Ab'],
      ['damage', 'Ab'],
      ['destroyed', 'Ab'],
      ['activation', 'M'],
      ['activation', 'A'],
      ['heal', 'A'],
      ['morale', 'A'],
      ['fled', 'A'],
      ['scatter', 'Pa'],
      ['place', 'Pa'],
      ['game-over', null],
    ]);
    expect(t.diceUsed).toBe(10);
    expect(diceShown(t.events, ['red', 'blue'])).toEqual([1, 6, 6, 1, 6, 1, 3, 2, 5, 5]);
    expect(t.over).toEqual({ winner: 'blue', reason: 'turn-limit' });
    expect(t.position.turn).toBe(2); // "the next turn" (§22.2): only a concession keeps it
  });

  it('"Then every active element\'s still is updated (§8.9)": those that stood +1, those that moved or were placed 0', () => {
    const p = sampleBattle();
    const stood = {
      ...p,
      units: p.units.map((u) => ({ ...u, elements: u.elements.map((e) => ({ ...e, still: 2 })) })),
    };
    const t = turn(stood, SAMPLE_ORDERS, new ScriptedDice(SAMPLE_DICE));
    expect(['R1a', 'R3a', 'R6a', 'B1a', 'B6a', 'B7a', 'R7a'].map((id) => element(t.position, id).still)).toEqual([
      3, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('"… insubstantial ends": an Ins element moved unseen is shown in the view after the turn when an enemy sees it', () => {
    const p = position([
      unit('G', 'red', [el('Ga', { hex: '0510', type: 'creature', special: ['Ins'], toHit: 7 })]),
      unit('W', 'blue', [el('Wa', { hex: '0514', toHit: 7 })]),
    ]);
    const t = turn(p, { red: [{ unit: 'G', insubstantial: true, move: 'S S' }] }, new ScriptedDice([6, 1]));
    const move = t.events.find((e) => e.type === 'move')!;
    expect(move).toMatchObject({ element: 'Ga', to: '0512', seenBy: ['red'] });
    expect(turnViews(t.position).blue!.enemy.map((u) => u.id)).toEqual(['G']);
  });

  it('"and the next turn opens": the position comes back with turn + 1, the input left as it was', () => {
    const p = sampleBattle();
    const copy = JSON.stringify(p.units);
    const t = turn(p, SAMPLE_ORDERS, new ScriptedDice(SAMPLE_DICE));
    expect(t.position.turn).toBe(p.turn + 1);
    expect(JSON.stringify(p.units)).toBe(copy);
  });
});

describe('§5, §6 item 3, §20.4, §22.8 around the turn', () => {
  it('§5 "Ties are rolled again (both sides, same order) until they differ"', () => {
    const t = turn(
      sampleBattle(),
      {},
      new Recorded(new ScriptedDice([2, 2, 4, 4, 6, 1, ...Array<number>(50).fill(6)])),
    );
    expect(t.events.find((e) => e.type === 'initiative')).toMatchObject({
      rolls: { red: [2, 4, 6], blue: [2, 4, 1] },
      order: ['red', 'blue'],
    });
    expect(t.initiative).toEqual(['red', 'blue']);
  });

  it('§22.8 "The no-orders policy is the standing order": a side without orders activates every unit it can, in state order', () => {
    const t = turn(
      sampleBattle(),
      { blue: SAMPLE_ORDERS.blue! },
      new ScriptedDice([3, 5, ...Array<number>(20).fill(4)]),
    );
    expect(t.ordersUsed.red).toEqual([]);
    const redActs = t.events.filter((e) => e.type === 'activation' && e.side === 'red').map((e) => e.unit);
    expect(redActs).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R7', 'R8']); // R6 is in reserve: it cannot act
    expect(t.events.some((e) => e.type === 'move' && String(e.element).startsWith('R'))).toBe(false);
  });

  it('§6 item 3 "Units a side did not list follow the standing order … and act after all the listed ones of their side"', () => {
    const t = sampleTurn();
    const redActs = t.events.filter((e) => e.type === 'activation' && e.side === 'red').map((e) => e.unit);
    expect(redActs).toEqual(['R3', 'R7', 'R1', 'R2', 'R4', 'R5', 'R8']);
  });

  it('§20.4 "A side that concedes loses at once (reason conceded …): the turn is not played, no die is rolled, and turn stays as it was"', () => {
    const p = { ...sampleBattle(), conceded: ['blue'] };
    const dice = new ScriptedDice([]);
    const t = turn(p, SAMPLE_ORDERS, dice);
    expect(dice.used).toBe(0);
    expect(t.position).toBe(p);
    expect(t.initiative).toEqual([]);
    expect(t.over).toEqual({ winner: 'red', reason: 'conceded' });
    expect(t.events).toEqual([
      { type: 'game-over', seenBy: ['red', 'blue'], winner: 'red', reason: 'conceded', score: { red: 0, blue: 0 } },
    ]);
  });

  it('§20.4 "both conceding: a draw"', () => {
    const t = turn({ ...sampleBattle(), conceded: ['red', 'blue'] }, {}, new ScriptedDice([]));
    expect(t.over).toEqual({ winner: 'draw', reason: 'conceded' });
  });
});

describe('§22 the contract of a turn', () => {
  it('§22.3 "Every event has type and seenBy (the sides that see it, in sides order)"', () => {
    const t = sampleTurn();
    for (const e of t.events) {
      expect(typeof e.type).toBe('string');
      expect(e.seenBy.length).toBeGreaterThan(0);
      expect(['red', 'blue'].filter((s) => e.seenBy.includes(s))).toEqual([...e.seenBy]);
    }
  });

  it('§22.3 "Every die the turn consumed appears in exactly one event, in the order rolled" — seeded turns', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const dice = new Recorded(SeededDice.fromSeed(seed));
      const t = playMiniTurn(sampleBattle(), {}, dice);
      expect(diceShown(t.events, ['red', 'blue'])).toEqual(dice.rolls);
      expect(t.diceUsed).toBe(dice.rolls.length);
    }
    const dice = new Recorded(new ScriptedDice(SAMPLE_DICE));
    const t = turn(sampleBattle(), SAMPLE_ORDERS, dice);
    expect(diceShown(t.events, ['red', 'blue'])).toEqual(SAMPLE_DICE);
  });

  it('§22.5 "A scripted list that runs out" fails the turn (the adjudicator\'s exit 3)', () => {
    expect(() => resolveMiniTurn(sampleBattle(), SAMPLE_ORDERS, new ScriptedDice(SAMPLE_DICE.slice(0, 11)))).toThrow(
      DiceExhaustedError,
    );
  });

  it('§22.7 invalid orders: "every problem listed; nothing is resolved" — both sides\' problems, no die rolled', () => {
    const dice = new ScriptedDice(SAMPLE_DICE);
    const r = resolveMiniTurn(
      sampleBattle(),
      {
        red: [{ unit: 'R3', move: 'S Q' }, { unit: 'Zed' }],
        blue: [{ unit: 'B1', then: 'sometimes' }],
        green: [],
      },
      dice,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((e) => [e.side, e.code])).toEqual([
      ['green', 'SIDE_UNKNOWN'],
      ['red', 'MOVE_DIRECTION'],
      ['red', 'UNIT_UNKNOWN'],
      ['blue', 'THEN_VALUE'],
    ]);
    expect(dice.used).toBe(0);
  });

  it('determinism: the same position, orders and dice give the same turn', () => {
    const a = turn(sampleBattle(), SAMPLE_ORDERS, SeededDice.fromSeed('same'));
    const b = turn(sampleBattle(), SAMPLE_ORDERS, SeededDice.fromSeed('same'));
    expect(b).toEqual(a);
    expect(JSON.stringify(turnViews(b.position))).toBe(JSON.stringify(turnViews(a.position)));
  });

  it("playMiniTurn takes orders already understood (the mail language's), standing order for the rest", () => {
    const p = sampleBattle();
    const t = playMiniTurn(
      p,
      { red: [{ ...standingOrder('R3'), move: ['S'] }] },
      new ScriptedDice(
        Array<number>(40)
          .fill(3)
          .map((x, i) => (i === 1 ? 4 : x)),
      ),
    );
    expect(element(t.position, 'R3a').hex).toEqual(h('1105'));
    expect(t.ordersUsed.blue).toEqual([]);
  });
});
