/** rules-mini-combat.md §6 item 4, §14 and §23: activations and the two combat phases. */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { formatHex, parseHex } from '../../../src/rules/hex.ts';
import { Battlefield, type MiniEvent } from '../../../src/rules/mini-combat/battlefield.ts';
import { activate, combatPhase, resolveCombat } from '../../../src/rules/mini-combat/combat.ts';
import { hexDistance, walk } from '../../../src/rules/mini-combat/geometry.ts';
import { canSee, lineOfSight } from '../../../src/rules/mini-combat/sight.ts';
import { rollInitiative } from '../../../src/rules/mini-combat/initiative.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import { unitCost } from '../../../src/rules/mini-combat/cost.ts';
import { checkPosition } from '../../../src/rules/mini-combat/state.ts';
import { scores } from '../../../src/rules/mini-combat/victory.ts';
import type { Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import type { Direction, Hex } from '../../../src/rules/types.ts';
import { el, h, position, unit } from './fixtures.ts';
import { sampleBattle } from './sample-battle.ts';

const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });
const path = (text: string) => text.split(' ').filter(Boolean) as Direction[];
const go = (from: string, dirs: string): string =>
  formatHex(dirs.split(' ').reduce((at, d) => walk(at, d as Direction, 1), h(from)));
const hexes = (text: string): Hex[] => text.split(' ').map((x) => (parseHex(x) as { value: Hex }).value);

describe('§23 the sample battle, turn 1', () => {
  const orders = {
    red: [
      order('R3', { move: path('S S S S'), fire: ['B4'] }),
      order('R7', { move: path('S S S S S S') }),
      order('R6', { drop: hexes('1220'), face: 'S' }),
    ],
    blue: [
      order('B6', { teleport: hexes('1710'), move: path('N') }),
      order('B1', { move: path('N N') }),
      order('B7', { insubstantial: true, move: path('N N N') }),
    ],
  };

  it('the forces as §23 lists them: "Red (750)" and "Blue (750)", unit by unit', () => {
    const cost = Object.fromEntries(sampleBattle().units.map((u) => [u.id, unitCost(u)]));
    expect(cost).toEqual({
      R1: 157,
      R2: 134,
      R3: 132,
      R4: 64,
      R5: 76,
      R6: 96,
      R7: 83,
      R8: 8,
      B1: 99,
      B2: 84,
      B3: 144,
      B4: 50,
      B5: 78,
      B6: 122,
      B7: 58,
      B8: 37,
      B9: 78,
    });
  });

  function turnOne() {
    const p = sampleBattle();
    expect(checkPosition(p)).toEqual([]);
    const b = new Battlefield(p);
    b.insubstantial.add('B7a').add('B7b');
    const dice = new ScriptedDice([3, 5, ...Array<number>(20).fill(4)]);
    const initiative = rollInitiative(p.sides, dice);
    combatPhase(b, 'instant', initiative.order, orders, dice);
    combatPhase(b, 'normal', initiative.order, orders, dice);
    return { b, dice, initiative };
  }

  it('"blue wins the initiative 5–3; B6 teleports to 1710 (red sees neither the teleport nor the move) and steps to 1709"', () => {
    const { b, initiative } = turnOne();
    expect(initiative.order).toEqual(['blue', 'red']);
    const place = b.events.filter((e) => e.type === 'place');
    expect(place.map((e) => [e.element, e.hex, e.facing, e.seenBy])).toEqual([
      ['B6a', '1710', 'N', ['blue']],
      ['B6b', '1710', 'N', ['blue']],
    ]);
    const b6moves = b.events.filter((e) => e.type === 'move' && String(e.element).startsWith('B6'));
    expect(b6moves.map((e) => [e.to, e.seenBy])).toEqual([
      ['1709', ['blue']],
      ['1709', ['blue']],
    ]);
    expect(b.events[0]).toMatchObject({ type: 'activation', phase: 'instant', unit: 'B6', seenBy: ['blue'] });
  });

  it('R3: "R3a is 6 hexes from the Stalkers, too far to see them; R3b\'s line of sight crosses the building 1309; R3c sees B6a 4 hexes away, rolls 4 against a need of 4, B6a\'s save of 5+ rolls 4, and Power 5 over Armor 2 destroys it"', () => {
    const { b } = turnOne();
    const r3 = b.events.filter((e) => e.type === 'attack' && String(e.attacker).startsWith('R3'));
    expect(r3).toEqual([
      {
        type: 'attack',
        seenBy: ['red', 'blue'],
        attacker: 'R3c',
        target: 'B6a',
        weapon: 1,
        range: 20,
        melee: false,
        template: null,
        aim: null,
        need: 4,
        roll: 4,
        hit: true,
        mods: [],
      },
    ]);
    const stalker = b.element('B6a');
    expect(hexDistance(b.element('R3a').hex!, stalker.hex!)).toBe(6);
    expect(canSee(b.position, b.element('R3a'), { ...stalker, status: 'active' }, b.sight())).toBe(false);
    expect(lineOfSight(b.position, b.element('R3b').hex!, stalker.hex!)).toBe(false);
    expect(lineOfSight(position([]), b.element('R3b').hex!, stalker.hex!)).toBe(true); // the building is what blocks
    const i = b.events.indexOf(r3[0]!);
    expect(b.events.slice(i + 1, i + 4)).toEqual([
      { type: 'save', seenBy: ['red', 'blue'], element: 'B6a', need: 5, roll: 4, saved: false, cover: false },
      { type: 'damage', seenBy: ['red', 'blue'], element: 'B6a', power: 5, armor: 2, destroyed: true },
      { type: 'destroyed', seenBy: ['red', 'blue'], element: 'B6a', by: 'R3c', hex: '1709' },
    ]);
  });

  it('"the Gunship flies to 1608 and its Sharpshooter Power 8 destroys B6b (roll 4, save 4)"; "the rest stand, with nothing in range"', () => {
    const { b, dice } = turnOne();
    expect(b.element('R7a').hex).toEqual(h('1608'));
    const attacks = b.events.filter((e) => e.type === 'attack');
    expect(attacks.map((e) => [e.attacker, e.target, e.need, e.roll])).toEqual([
      ['R3c', 'B6a', 4, 4],
      ['R7a', 'B6b', 4, 4],
    ]);
    expect(b.events.filter((e) => e.type === 'damage').map((e) => [e.element, e.power, e.armor])).toEqual([
      ['B6a', 5, 2],
      ['B6b', 8, 2],
    ]);
    expect(['B6a', 'B6b'].map((id) => b.element(id).status)).toEqual(['destroyed', 'destroyed']);
    // 12 dice in the turn: 2 for the initiative, 4 for the two attacks here, 6 for the drop phase's scatter.
    expect(dice.used).toBe(6);
    // "Red scores B6's 122": both Stalkers gone, B6 is gone and scores its full value (§20.1).
    expect(scores(b.snapshot())).toEqual({ red: 122, blue: 0 });
  });

  it('resolveCombat runs both phases on a plain position, as combatPhase does on a Battlefield', () => {
    const { b } = turnOne();
    const dice = new ScriptedDice([3, 5, ...Array<number>(20).fill(4)]);
    const p = sampleBattle();
    const initiative = rollInitiative(p.sides, dice);
    const r = resolveCombat(p, { order: initiative.order, orders, dice, insubstantial: new Set(['B7a', 'B7b']) });
    expect(r.events).toEqual(b.events);
    expect(r.position.units).toEqual(b.snapshot().units);
    expect(r.moved).toEqual(b.moved);
    expect(p.units.find((u) => u.id === 'B6')!.elements[0]!.status).toBe('reserve'); // the input is left as it was
  });

  it('"B7, insubstantial, moves unseen"; the paras in reserve do not act in the combat phases', () => {
    const { b } = turnOne();
    const b7 = b.events.filter((e) => e.type === 'move' && String(e.element).startsWith('B7'));
    expect(b7.map((e) => [e.to, e.seenBy])).toEqual([
      ['0631', ['blue']],
      ['0631', ['blue']],
    ]);
    expect(b.events.some((e) => e.type === 'activation' && e.unit === 'R6')).toBe(false);
    expect(b.element('R6a').status).toBe('reserve');
  });
});

const field = (units: Unit[], terrain: Record<string, Terrain> = {}, over: Parameters<typeof position>[1] = {}) =>
  new Battlefield(position(units, { terrain, ...over }));
const of = (b: Battlefield, type: string): MiniEvent[] => b.events.filter((e) => e.type === type);
/** A Teleport creature in reserve. */
const porter = (id: string, over: Parameters<typeof el>[1] = {}) =>
  el(id, { type: 'creature', hex: null, status: 'reserve', special: ['Tel'], ...over });

describe('§14 the instant combat phase (Teleport)', () => {
  it('"each element it places …, in element order: its aimed hex (the i-th element placed takes the i-th hex of the list, the last one for the rest) …, facing its side\'s forward direction"', () => {
    const b = field([unit('T', 'red', [porter('Ta'), porter('Tb'), porter('Tc')])]);
    activate(b, 'instant', 'red', order('T', { teleport: hexes('0510 0610') }), new ScriptedDice([]));
    expect(['Ta', 'Tb', 'Tc'].map((id) => formatHex(b.element(id).hex!))).toEqual(['0510', '0610', '0610']);
    expect(b.element('Tc')).toMatchObject({ status: 'active', facing: 'S', from: null, teleported: true });
    expect([...b.moved]).toEqual(['Ta', 'Tb', 'Tc']);
    expect(of(b, 'place').map((e) => [e.element, e.hex, e.facing, e.how])).toEqual([
      ['Ta', '0510', 'S', 'teleport'],
      ['Tb', '0610', 'S', 'teleport'],
      ['Tc', '0610', 'S', 'teleport'],
    ]);
  });

  it('"scattered if TelS (§13.3), then placed at the nearest legal hex to that point" — its scatter dice before its unit\'s attacks (§22.5 item 2)', () => {
    const b = field([
      unit('T', 'red', [porter('Ta', { special: ['TelS'] })]),
      unit('B', 'blue', [el('Ba', { hex: '0612', facing: 'N' })]),
    ]);
    const dice = new ScriptedDice([2, 5, 1, 4, 3, 1]);
    activate(b, 'instant', 'red', order('T', { teleport: hexes('0510') }), dice);
    expect(of(b, 'scatter')[0]).toMatchObject({ element: 'Ta', aim: '0510', dice: [2, 5, 1, 4], distance: 1, hour: 4 });
    expect(formatHex(b.element('Ta').hex!)).toBe(go('0510', 'SE'));
    expect(of(b, 'attack')[0]).toMatchObject({ attacker: 'Ta', target: 'Ba', need: 4, roll: 3, mods: [] });
    expect(dice.used).toBe(5);
  });

  it('"Denied: if any of the unit\'s aimed hexes is within the deny range … of an active enemy element with Den:Tel, the unit does not teleport (event denied), stays where it was, keeps its teleport, and does not act this turn"', () => {
    const b = field([
      unit('T', 'red', [porter('Ta'), porter('Tb')]),
      unit('B', 'blue', [
        el('Ba', { hex: '0520', special: ['Den:Tel'] }),
        el('Bb', { hex: '0516', special: ['Den:Tel'], status: 'destroyed' }),
        el('Bc', { hex: '0515', special: ['Den:Tel'] }),
      ]),
    ]);
    const orders = { red: [order('T', { teleport: hexes('0505 0510'), move: path('S') })], blue: [] };
    const dice = new ScriptedDice([]);
    combatPhase(b, 'instant', ['red', 'blue'], orders, dice);
    combatPhase(b, 'normal', ['red', 'blue'], orders, dice);
    expect(b.events.filter((e) => e.unit === 'T').map((e) => [e.type, e.phase ?? e.by])).toEqual([
      ['activation', 'instant'],
      ['denied', 'Bc'],
    ]);
    expect(of(b, 'denied')[0]).toEqual({
      type: 'denied',
      seenBy: ['red'],
      unit: 'T',
      capability: 'teleport',
      by: 'Bc',
    });
    expect(b.element('Ta')).toMatchObject({ status: 'reserve', teleported: false });
    expect(dice.used).toBe(0);
  });

  it('settled: a unit whose teleport is denied has used its side\'s turn in the alternation ("loses its turn", design note 36)', () => {
    const b = field([
      unit('T', 'red', [porter('Ta', { toHit: 7 })]),
      unit('U', 'red', [porter('Ua', { toHit: 7 })]),
      unit('V', 'blue', [porter('Va', { toHit: 7 })]),
      unit('B', 'blue', [el('Ba', { hex: '0530', special: ['Den:Tel'] })]),
    ]);
    const orders = {
      red: [order('T', { teleport: hexes('0528') }), order('U', { teleport: hexes('0510') })],
      blue: [order('V', { teleport: hexes('0520') })],
    };
    combatPhase(b, 'instant', ['red', 'blue'], orders, new ScriptedDice([]));
    expect(b.events.map((e) => [e.type, e.unit ?? e.element])).toEqual([
      ['activation', 'T'],
      ['denied', 'T'],
      ['activation', 'V'],
      ['place', 'Va'],
      ['activation', 'U'],
      ['place', 'Ua'],
    ]);
  });

  it('"within the deny range (§12.4; 5 hexes by default)": a denier 6 hexes away, or of the same side, denies nothing', () => {
    const b = field([
      unit('T', 'red', [porter('Ta', { toHit: 7 })]),
      unit('F', 'red', [el('Fa', { hex: '0510', special: ['Den:Tel'] })]),
      unit('B', 'blue', [el('Ba', { hex: '0516', special: ['Den:Tel'] })]),
    ]);
    activate(b, 'instant', 'red', order('T', { teleport: hexes('0510') }), new ScriptedDice([]));
    expect(b.element('Ta').status).toBe('active');
  });

  it('"if its elements are also all Ethereal, it may teleport every turn, from reserve or from the map"', () => {
    const b = field([
      unit('G', 'red', [
        el('Ga', { hex: '0505', special: ['Tel', 'Eth'], teleported: true }),
        el('Gb', { hex: null, status: 'reserve', special: ['Tel', 'Eth'] }),
      ]),
    ]);
    activate(b, 'instant', 'red', order('G', { teleport: hexes('1010 1111') }), new ScriptedDice([]));
    expect([b.element('Ga').hex, b.element('Gb').hex]).toEqual([h('1010'), h('1111')]);
  });

  it('§9.3 a teleport is shown to the enemy "only where it landed, and only if it is seen there"', () => {
    const b = field([
      unit('T', 'red', [porter('Ta', { toHit: 7 }), porter('Tb', { toHit: 7, special: ['Tel', 'St'] })]),
      unit('B', 'blue', [el('Ba', { hex: '0520' })]),
    ]);
    activate(b, 'instant', 'red', order('T', { teleport: hexes('0510') }), new ScriptedDice([]));
    expect(of(b, 'place').map((e) => [e.element, e.seenBy])).toEqual([
      ['Ta', ['red', 'blue']],
      ['Tb', ['red']],
    ]);
  });

  it('"An element with no legal hex stays where it was" (a place event with no hex, seen by its side only)', () => {
    const terrain: Record<string, Terrain> = {};
    for (let c = 1; c <= 6; c++) for (let r = 1; r <= 6; r++) terrain[`0${c}0${r}`] = 'water';
    const b = field([unit('T', 'red', [porter('Ta')])], terrain, { map: { width: 6, height: 6 } });
    activate(b, 'instant', 'red', order('T', { teleport: hexes('0303') }), new ScriptedDice([]));
    expect(b.element('Ta')).toMatchObject({ status: 'reserve', hex: null, teleported: false });
    expect(of(b, 'place')).toEqual([
      { type: 'place', seenBy: ['red'], element: 'Ta', hex: null, facing: null, how: 'teleport' },
    ]);
  });

  it('"Then the unit moves (its path from where each element landed) and attacks, as in any activation"', () => {
    const b = field([unit('T', 'red', [porter('Ta')]), unit('B', 'blue', [el('Ba', { hex: '0513' })])]);
    activate(b, 'instant', 'red', order('T', { teleport: hexes('0510'), move: path('S S') }), new ScriptedDice([6, 6]));
    expect(b.events.map((e) => e.type)).toEqual(['activation', 'place', 'move', 'attack', 'save']);
    expect(of(b, 'move')[0]).toMatchObject({ from: '0510', to: '0512' });
    expect(of(b, 'attack')[0]).toMatchObject({ need: 4, mods: [], range: 5 });
  });

  it('"It is possible that a player may use multiple units in this phase while his opponent uses none"; "units that acted in the instant phase … do not act again"', () => {
    const b = field([
      unit('T', 'red', [porter('Ta')]),
      unit('U', 'red', [porter('Ua')]),
      unit('B', 'blue', [el('Ba', { hex: '0530', range: 0 })]),
    ]);
    const orders = {
      red: [order('T', { teleport: hexes('0510') }), order('U', { teleport: hexes('0610') })],
      blue: [],
    };
    const dice = new ScriptedDice([]);
    combatPhase(b, 'instant', ['blue', 'red'], orders, dice);
    combatPhase(b, 'normal', ['blue', 'red'], orders, dice);
    expect(of(b, 'activation').map((e) => [e.phase, e.unit])).toEqual([
      ['instant', 'T'],
      ['instant', 'U'],
      ['normal', 'B'],
    ]);
  });
});

describe('§6 item 4 one activation', () => {
  it('"the unit\'s elements arrive or disembark if so ordered, then move …, then, in element order, each element that may attack makes its attacks"', () => {
    const b = field([
      unit('T', 'red', [el('Ta', { hex: '0505', type: 'vehicle', special: ['T2'], range: 0, toHit: 7, facing: 'S' })]),
      unit('A', 'red', [el('Aa', { status: 'carried', carrier: 'Ta', hex: '0505' })]),
      unit('B', 'blue', [el('Ba', { hex: '0510' })]),
    ]);
    activate(b, 'normal', 'red', order('A', { disembark: true, move: path('S') }), new ScriptedDice([6, 6]));
    expect(b.events.map((e) => e.type)).toEqual(['activation', 'place', 'move', 'attack', 'save']);
    expect(of(b, 'attack')[0]).toMatchObject({ attacker: 'Aa', need: 4, mods: [] });
  });

  it('§13.1 "Elements that board make no attack this activation"', () => {
    const b = field([
      unit('T', 'red', [el('Ta', { hex: '0506', type: 'vehicle', special: ['T1'], toHit: 7 })]),
      unit('A', 'red', [el('Aa', { hex: '0505' }), el('Ab', { hex: '0505' })]),
      unit('B', 'blue', [el('Ba', { hex: '0510' })]),
    ]);
    activate(b, 'normal', 'red', order('A', { move: path('S'), embark: 'T' }), new ScriptedDice([1]));
    expect(b.element('Aa').status).toBe('carried');
    expect(of(b, 'attack').map((e) => e.attacker)).toEqual(['Ab']);
  });

  it('§8.8 "Elements outside the main group may not attack in this activation (they are out of coherency)"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' }), el('Ab', { hex: '0505' }), el('Ac', { hex: '0505' })]),
      unit('B', 'blue', [el('Ba', { hex: '0510' })]),
    ]);
    const paths = new Map([['Ac', path('N N')]]);
    activate(b, 'normal', 'red', order('A', { paths }), new ScriptedDice([1, 1]));
    expect(of(b, 'attack').map((e) => e.attacker)).toEqual(['Aa', 'Ab']);
  });

  it('§12.1 Deny Scout: hidden Scouts are revealed "after each activation\'s movement", in time to be attacked', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0501', move: 15, special: ['Den:Sc'] })]),
      unit('S', 'blue', [el('Sa', { hex: '0509', special: ['Sc'], hidden: true })]),
    ]);
    activate(b, 'normal', 'red', order('A', { move: path('S S S') }), new ScriptedDice([1]));
    expect(b.events.map((e) => [e.type, e.why ?? e.target ?? null])).toEqual([
      ['activation', null],
      ['move', null],
      ['reveal', 'deny'],
      ['attack', 'Sa'],
    ]);
  });

  it('§10.5 Ruling: "the seed\'s first round of melee is the activation in which the charger moves into contact" — +1 then, not the turn after', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0, special: ['Ch'] })]),
      unit('B', 'blue', [el('Ba', { hex: '0507', facing: 'N' })]),
    ]);
    activate(b, 'normal', 'red', order('A', { move: path('S S S') }), new ScriptedDice([3, 6]));
    expect(of(b, 'move')[0]).toMatchObject({ to: '0507', stop: 'contact' });
    expect(of(b, 'attack')[0]).toMatchObject({ target: 'Ba', melee: true, need: 3, mods: ['charge'] });
    const next = new Battlefield({ ...b.snapshot(), turn: 2 });
    next.element('Ba').status = 'active';
    activate(next, 'normal', 'red', order('A'), new ScriptedDice([3, 6]));
    expect(of(next, 'attack')[0]).toMatchObject({ target: 'Ba', melee: true, need: 3, mods: ['still'] });
  });

  it('§9.3 the activation event is seen by the enemy only if it sees an element of the unit at the end of the activation', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', move: 50, special: ['St'], range: 0 })]),
      unit('B', 'blue', [el('Ba', { hex: '0520' })]),
    ]);
    activate(b, 'normal', 'red', order('A'), new ScriptedDice([]));
    activate(b, 'normal', 'red', order('A', { move: path('S S S S S S S S S S') }), new ScriptedDice([]));
    expect(of(b, 'activation').map((e) => e.seenBy)).toEqual([['red'], ['red', 'blue']]);
  });
});

describe('§12.2 Square', () => {
  it('"with square: true the unit forms square …; no attack on its elements is from the rear … until the next activation of the unit without square"', () => {
    const b = field([
      unit('O', 'blue', [el('Oa', { hex: '0505', type: 'cavalry', special: ['Org'], facing: 'N', toHit: 7 })]),
      unit('A', 'red', [el('Aa', { hex: '0508' })]),
    ]);
    activate(b, 'normal', 'blue', order('O', { square: true }), new ScriptedDice([]));
    expect(b.units[0]!.formation).toBe('square');
    activate(b, 'normal', 'red', order('A'), new ScriptedDice([1]));
    activate(b, 'normal', 'blue', order('O'), new ScriptedDice([]));
    expect(b.units[0]!.formation).toBeNull();
    activate(b, 'normal', 'red', order('A'), new ScriptedDice([1]));
    expect(of(b, 'attack').map((e) => e.mods)).toEqual([['still'], ['still', 'rear']]);
  });
});

describe('§22.5 dice order in the combat phases', () => {
  it('"element by element, weapon by weapon, for each attack (for a template, each affected element in template order): its to-hit die …, then, if it hit, its save die …; if the attack destroyed a transport, that transport\'s passengers\' survival dice, in state order, at once"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 5, special: ['5c', 'MW2'] }), el('Ab', { hex: '0505' })]),
      unit('T', 'blue', [el('Ta', { hex: '0503', type: 'vehicle', special: ['T2'], facing: 'S', armor: 2 })]),
      unit('B', 'blue', [el('Ba', { hex: '0503', facing: 'S' })]),
      unit('P', 'blue', [el('Pa', { hex: '0503', status: 'carried', carrier: 'Ta' })]),
    ]);
    //           Ta hit, save, Pa survives; Ba miss; weapon 2: Ba hit, saved; Pa hit, save; Ab: Ba miss
    const rolls = [3, 1, 5, 2, 3, 6, 3, 1, 2];
    const dice = new ScriptedDice(rolls);
    activate(b, 'normal', 'red', order('A', { fire: ['Ta'] }), dice);
    expect(dice.used).toBe(rolls.length);
    const dieEvents = b.events.filter((e) => ['attack', 'save', 'survival'].includes(e.type));
    expect(dieEvents.map((e) => [e.type, e.target ?? e.element, e.weapon ?? null, e.roll])).toEqual([
      ['attack', 'Ta', 1, 3],
      ['save', 'Ta', null, 1],
      ['survival', 'Pa', null, 5],
      ['attack', 'Ba', 1, 2],
      ['attack', 'Ba', 2, 3],
      ['save', 'Ba', null, 6],
      ['attack', 'Pa', 2, 3],
      ['save', 'Pa', null, 1],
      ['attack', 'Ba', 1, 2],
    ]);
    expect(of(b, 'attack')[4]).toMatchObject({ attacker: 'Ab' });
  });
});
