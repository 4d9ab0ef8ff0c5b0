/** rules-mini-combat.md §10.1–§10.7 and the denials of §12.4 that act on an attack. */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { formatHex } from '../../../src/rules/hex.ts';
import {
  chooseTarget,
  elementAttacks,
  isEligible,
  NO_FACTS,
  unitAttacks,
  type ActivationFacts,
} from '../../../src/rules/mini-combat/attack.ts';
import { Battlefield, type MiniEvent } from '../../../src/rules/mini-combat/battlefield.ts';
import { walk } from '../../../src/rules/mini-combat/geometry.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import type { Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import type { Direction } from '../../../src/rules/types.ts';
import { el, h, position, unit } from './fixtures.ts';

/** An enemy element, facing S: the attackers of these tests stand north of it, in its front. */
const foe = (id: string, over: Parameters<typeof el>[1] = {}) => el(id, { facing: 'S', ...over });
const field = (units: Unit[], terrain: Record<string, Terrain> = {}) => new Battlefield(position(units, { terrain }));
const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });
/** The hex reached from `from` by the steps `dirs`. */
const go = (from: string, dirs: string): string =>
  formatHex(dirs.split(' ').reduce((at, d) => walk(at, d as Direction, 1), h(from)));
const of = (b: Battlefield, type: string): MiniEvent[] => b.events.filter((e) => e.type === type);

/** Element `id` makes its attacks under `o` (its unit's standing order by default) with these dice. */
function attack(
  b: Battlefield,
  id: string,
  rolls: number[],
  o: Partial<UnitOrder> = {},
  facts: ActivationFacts = NO_FACTS,
): ScriptedDice {
  const dice = new ScriptedDice(rolls);
  elementAttacks(b, b.element(id), order(b.unitOf(id), o), dice, facts);
  return dice;
}
const eligible = (b: Battlefield, a: string, t: string, o: Partial<UnitOrder> = {}) =>
  isEligible(b, b.element(a), b.element(t), order(b.unitOf(a), o));
const target = (b: Battlefield, a: string, o: Partial<UnitOrder> = {}) =>
  chooseTarget(b, b.element(a), order(b.unitOf(a), o))?.id ?? null;

describe('§10.1 range and melee', () => {
  it('"A target is within range when the range is at most A\'s Range": Range 30 reaches 6 hexes, not 7', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0511' }), foe('Bb', { hex: '0512' })]),
    ]);
    expect(eligible(b, 'Aa', 'Ba')).toBe(true);
    expect(eligible(b, 'Aa', 'Bb')).toBe(false);
  });

  it('"plus 5 cm if T is an airborne flier": 5 hexes to a flier is 30 cm, 6 hexes 35 cm', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0510', special: ['Fly'] }), foe('Bb', { hex: '0511', special: ['Fly'] })]),
    ]);
    expect(eligible(b, 'Aa', 'Bb')).toBe(false);
    attack(b, 'Aa', [6, 6]);
    expect(of(b, 'attack')[0]).toMatchObject({ target: 'Ba', range: 30, melee: false });
  });

  it('"every element may attack at range 0": a Range 0 element attacks in its own hex, in melee', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0 })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505' }), foe('Bb', { hex: '0506' })]),
    ]);
    expect(eligible(b, 'Aa', 'Bb')).toBe(false);
    attack(b, 'Aa', [3, 6]);
    expect(of(b, 'attack')[0]).toMatchObject({ target: 'Ba', range: 0, melee: true });
  });

  it('"An airborne flier in a hex with ground enemies can melee them; they can only shoot at it (at 5 cm)"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0, special: ['Fly'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505', range: 0 }), foe('Bb', { hex: '0505', range: 5 })]),
    ]);
    expect(eligible(b, 'Ba', 'Aa')).toBe(false);
    expect(eligible(b, 'Bb', 'Aa')).toBe(true);
    attack(b, 'Aa', [6, 6]);
    expect(of(b, 'attack')[0]).toMatchObject({ attacker: 'Aa', target: 'Ba', range: 0, melee: true });
    attack(b, 'Bb', [6, 6]);
    expect(of(b, 'attack')[1]).toMatchObject({ attacker: 'Bb', target: 'Aa', range: 5, melee: false });
  });
});

describe('§10.2 choosing a target', () => {
  const three = () =>
    field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0509' }), foe('Bb', { hex: '0507' }), foe('Bc', { hex: '0507' })]),
      unit('C', 'blue', [foe('Ca', { hex: '0506' }), foe('Cb', { hex: '0520' })]),
    ]);

  it('"a unit id names that unit\'s eligible element nearest to A (ties: element order)"', () => {
    expect(target(three(), 'Aa', { fire: ['B'] })).toBe('Bb');
  });

  it('"an element id names that element if it is eligible. The first entry that gives an eligible element is the target"', () => {
    expect(target(three(), 'Aa', { fire: ['Cb', 'Ba', 'Bb'] })).toBe('Ba');
  });

  it('"nearest (the default) — the eligible enemy element at the least range, ties in state order"', () => {
    const b = three();
    expect(target(b, 'Aa')).toBe('Ca');
    b.element('Ca').status = 'destroyed';
    expect(target(b, 'Aa')).toBe('Bb');
  });

  it('"weakest — among enemy units with an eligible element, the one with the fewest elements active or carried"', () => {
    const b = three();
    expect(target(b, 'Aa', { then: 'weakest' })).toBe('Ca');
    b.element('Ca').status = 'destroyed'; // C has 1 left, beyond range: no eligible element
    expect(target(b, 'Aa', { then: 'weakest' })).toBe('Bb');
  });

  it('"weakest": ties by the least range to an eligible element, then state order; its nearest eligible element', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0509' }), foe('Bb', { hex: '0508' })]),
      unit('C', 'blue', [foe('Ca', { hex: '0507' }), foe('Cb', { hex: '0510' })]),
      unit('D', 'blue', [
        foe('Da', { hex: '0507' }),
        foe('Db', { hex: '0507' }),
        foe('Dc', { hex: '0507', status: 'fled' }),
      ]),
    ]);
    expect(target(b, 'Aa', { then: 'weakest' })).toBe('Ca');
  });

  it('"hold — no attack"; "An element with no target makes no attack; nothing is rolled"', () => {
    const b = three();
    const dice = attack(b, 'Aa', [], { fire: ['Cb'], then: 'hold' });
    expect(dice.used).toBe(0);
    expect(b.events).toEqual([]);
    expect(b.element('Aa').firedTurn).toBeNull();
  });

  it('"A One shot element takes targets only from fire, never from then (the standing order never spends its shot)"', () => {
    const b = three();
    b.element('Aa').special = ['OS'];
    expect(attack(b, 'Aa', []).used).toBe(0);
    expect(b.element('Aa').shotUsed).toBe(false);
    attack(b, 'Aa', [6, 6], { fire: ['Ba'] });
    expect(of(b, 'attack')[0]).toMatchObject({ target: 'Ba' });
    expect(b.element('Aa').shotUsed).toBe(true);
  });

  it('"within: n makes every target at a range above n cm ineligible"', () => {
    const b = three();
    expect(target(b, 'Aa', { within: 5 })).toBe('Ca');
    b.element('Ca').status = 'destroyed';
    expect(target(b, 'Aa', { within: 5 })).toBeNull();
    expect(target(b, 'Aa', { within: 10 })).toBe('Bb');
  });

  it('"spare: true makes ineligible, for a template attack, every target whose template would roll against a friendly element"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['5c'] }), el('Ab', { hex: '0507' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0507' }), foe('Bb', { hex: '0509' })]),
    ]);
    expect(target(b, 'Aa', { fire: ['Ba'] })).toBe('Ba');
    expect(target(b, 'Aa', { fire: ['Ba'], spare: true })).toBe('Bb');
  });
});

describe('§10.3 eligible targets', () => {
  it('"T is an enemy element that is active, not hidden, not submerged, not insubstantial"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505' }), el('Ab', { hex: '0506' })]),
        unit('B', 'blue', [
          foe('Ba', { hex: '0507', hidden: true, special: ['Sc'] }),
          foe('Bb', { hex: '0507', submerged: true, special: ['Sub'] }),
          foe('Bc', { hex: '0508', special: ['Ins'] }),
          foe('Bd', { hex: '0508', status: 'destroyed' }),
        ]),
      ],
      { '0507': 'water' },
    );
    b.insubstantial.add('Bc');
    for (const t of ['Ab', 'Ba', 'Bb', 'Bc', 'Bd']) expect(eligible(b, 'Aa', t)).toBe(false);
  });

  it('"A can see T (§9.2), or A has Indirect fire and A\'s side sees T": a Stealth element 6 hexes off', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 50 }), el('Ab', { hex: '0505', range: 50, special: ['IF'] })]),
      unit('S', 'red', [el('Sa', { hex: '0514' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0511', special: ['St'] })]),
    ]);
    expect(eligible(b, 'Aa', 'Ba')).toBe(false);
    expect(eligible(b, 'Ab', 'Ba')).toBe(true); // Sa, 3 hexes from Ba, sees it for its side
    b.element('Ba').firedTurn = 1; // "Y has attacked this turn"
    expect(eligible(b, 'Aa', 'Ba')).toBe(true);
  });

  it('"T is in A\'s fire arc (front 270°, 180° or 90° …; range 0 is in every arc)"', () => {
    const b = field([
      unit('A', 'red', [
        el('Aa', { hex: '0505', special: ['LFA'] }),
        el('Ab', { hex: '0505', special: ['RsFA'] }),
        el('Ac', { hex: '0505', special: ['RdFA'] }),
      ]),
      unit('B', 'blue', [
        foe('Ba', { hex: '0502' }),
        foe('Bb', { hex: go('0505', 'NE SE') }),
        foe('Bc', { hex: '0508' }),
        foe('Bd', { hex: '0505' }),
        foe('Be', { hex: go('0505', 'SE SE') }),
      ]),
    ]);
    const row = (a: string) => ['Ba', 'Bb', 'Be', 'Bc', 'Bd'].map((t) => eligible(b, a, t));
    expect(row('Aa')).toEqual([true, false, false, false, true]);
    expect(row('Ab')).toEqual([true, true, false, false, true]);
    expect(row('Ac')).toEqual([true, true, true, false, true]);
  });

  it('"A has LOS to T (§9.1), or A has Indirect fire": a building between blocks all but Indirect fire', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505' }), el('Ab', { hex: '0505', special: ['IF'] })]),
        unit('B', 'blue', [foe('Ba', { hex: '0508' })]),
      ],
      { '0506': 'building' },
    );
    expect(eligible(b, 'Aa', 'Ba')).toBe(false);
    expect(eligible(b, 'Ab', 'Ba')).toBe(true);
  });

  it('§12.1 Flying: "LOS to and from it is never blocked (§9.1)" — a flier beyond a building may be shot at', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505' })]),
        unit('B', 'blue', [
          foe('Ba', { hex: '0508', special: ['Fly'] }),
          foe('Bb', { hex: '0508', special: ['Fly'], landed: true }),
        ]),
      ],
      { '0506': 'building' },
    );
    expect(eligible(b, 'Aa', 'Ba')).toBe(true);
    expect(eligible(b, 'Aa', 'Bb')).toBe(false);
  });

  it('"if T is its unit\'s command element: every other active element of T\'s unit is at a greater range from A than T"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0508' }), foe('Bf', { hex: '0507', command: true })]),
    ]);
    expect(eligible(b, 'Aa', 'Bf')).toBe(true);
    b.element('Ba').hex = h('0507');
    expect(eligible(b, 'Aa', 'Bf')).toBe(false);
  });

  it('Ruling: "strictly the closest, so a command element level with another element of its unit … cannot be singled out"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Bf', { hex: '0507', command: true }), foe('Ba', { hex: '0507' })]),
    ]);
    expect(target(b, 'Aa', { fire: ['Bf', 'B'] })).toBe('Ba');
    b.element('Ba').status = 'destroyed';
    expect(target(b, 'Aa', { fire: ['Bf'] })).toBe('Bf');
  });
});

/** A vehicle (no Full armor) facing N, Armor 2, Save 6. */
const tank = (id: string, hex: string, over = {}) => el(id, { hex, type: 'vehicle', facing: 'N', ...over });

describe('§10.4 rear attacks', () => {
  it('"From the rear: +1 to hit, and T\'s Armor is 1 less unless T has Full armor"', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0508' })]), unit('B', 'blue', [tank('Ba', '0505')])]);
    attack(b, 'Aa', [2, 1]);
    expect(of(b, 'attack')[0]).toMatchObject({ need: 2, mods: ['still', 'rear'], hit: true });
    expect(of(b, 'damage')[0]).toMatchObject({ power: 2, armor: 1, destroyed: true });
  });

  it('"unless T has Full armor (infantry always do)": the +1 to hit stays, the Armor does not fall', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0508' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505', facing: 'N' }), tank('Bb', '0505', { special: ['FA'] })]),
    ]);
    attack(b, 'Aa', [2, 1], { fire: ['Ba'] });
    attack(b, 'Aa', [2, 1], { fire: ['Bb'] });
    expect(of(b, 'attack').map((e) => e.need)).toEqual([2, 2]);
    expect(of(b, 'damage').map((e) => [e.armor, e.destroyed])).toEqual([
      [2, false],
      [2, false],
    ]);
  });

  it('"in the rear 180° … (strictly behind …)": an attacker exactly abeam is not from the rear', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: go('0505', 'NE SE') })]),
      unit('B', 'blue', [tank('Ba', '0505')]),
    ]);
    attack(b, 'Aa', [3, 6]);
    expect(of(b, 'attack')[0]).toMatchObject({ need: 3, mods: ['still'] });
  });

  it('"when they share a hex it is A\'s from hex (the side A came in by), and an A that was placed in the hex (no from) never attacks from the rear"', () => {
    const b = field([
      unit('A', 'red', [
        el('Aa', { hex: '0505', from: '0506' }),
        el('Ab', { hex: '0505', from: '0504' }),
        el('Ac', { hex: '0505' }),
      ]),
      unit('B', 'blue', [tank('Ba', '0505')]),
    ]);
    attack(b, 'Aa', [6, 6]);
    attack(b, 'Ab', [6, 6]);
    attack(b, 'Ac', [6, 6]);
    expect(of(b, 'attack').map((e) => e.mods)).toEqual([['still', 'rear'], ['still'], ['still']]);
  });

  it('Ruling: the +1 to hit and the −1 Armor from the rear "both apply to shooting and melee alike"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', from: '0506', range: 0 })]),
      unit('B', 'blue', [tank('Ba', '0505')]),
    ]);
    attack(b, 'Aa', [2, 1]);
    expect(of(b, 'attack')[0]).toMatchObject({ melee: true, need: 2, mods: ['still', 'rear'] });
    expect(of(b, 'damage')[0]).toMatchObject({ power: 2, armor: 1, destroyed: true });
  });

  it('"No attack is from the rear on an element of a unit in square (§12.2)"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0508' })]),
      unit('B', 'blue', [tank('Ba', '0505', { special: ['Org'] })], { formation: 'square' }),
    ]);
    attack(b, 'Aa', [3, 1]);
    expect(of(b, 'attack')[0]).toMatchObject({ need: 3, mods: ['still'] });
    expect(of(b, 'damage')[0]).toMatchObject({ armor: 2 });
  });

  it('"nor an Indirect fire attack on a target A has no LOS to ("Elements not in line of sight also get to use their front armor")"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0508', special: ['IF'] }), el('Ab', { hex: '0508', special: ['IF'] })]),
        unit('B', 'blue', [tank('Ba', '0505')]),
      ],
      { '0509': 'building' },
    );
    b.element('Aa').hex = h('0511'); // behind the building: no LOS
    attack(b, 'Aa', [4, 1]);
    attack(b, 'Ab', [4, 1]);
    expect(of(b, 'attack').map((e) => e.mods)).toEqual([
      ['still', 'indirect'],
      ['still', 'rear'],
    ]);
  });
});

describe('§10.5 to hit', () => {
  it('"+1 if A has not moved this turn (§8.9)"', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505' })]), unit('B', 'blue', [foe('Ba', { hex: '0504' })])]);
    b.moved.add('Aa');
    attack(b, 'Aa', [4, 6]);
    expect(of(b, 'attack')[0]).toMatchObject({ need: 4, mods: [], roll: 4, hit: true });
  });

  it('"— for a Move or fire element only if it also did not move the turn before (still ≥ 1)"', () => {
    const b = field([
      unit('A', 'red', [
        el('Aa', { hex: '0505', special: ['MoF'] }),
        el('Ab', { hex: '0505', special: ['MoF'], still: 1 }),
      ]),
      unit('B', 'blue', [foe('Ba', { hex: '0504' })]),
    ]);
    attack(b, 'Aa', [6, 6]);
    attack(b, 'Ab', [6, 6]);
    expect(of(b, 'attack').map((e) => e.need)).toEqual([4, 3]);
  });

  it('"+1 Charge: A has Charge, the range is 0, A entered T\'s hex by a step in this activation, and T does not deny Charge"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['Ch'] }), el('Ab', { hex: '0505', special: ['Ch'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505' }), foe('Bb', { hex: '0505', special: ['Den:Ch'] })]),
    ]);
    b.moved.add('Aa').add('Ab');
    const facts = { stepped: new Set(['Aa']), outOfCoherency: new Set<string>() };
    attack(b, 'Aa', [6, 6], { fire: ['Ba'] }, facts);
    attack(b, 'Aa', [6, 6], { fire: ['Bb'] }, facts);
    attack(b, 'Ab', [6, 6], { fire: ['Ba'] }, facts); // moved, but not into the hex by a step now
    expect(of(b, 'attack').map((e) => [e.need, e.mods])).toEqual([
      [3, ['charge']],
      [4, []],
      [4, []],
    ]);
  });

  it('"−1 Indirect fire without LOS … and no friendly active Recon element both has LOS to T and can see T"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0510', special: ['IF'] })]),
        unit('R', 'red', [el('Ra', { hex: '0513', special: ['Rec'] })]),
        unit('B', 'blue', [foe('Ba', { hex: '0505' })]),
      ],
      { '0508': 'building' },
    );
    attack(b, 'Aa', [6, 6]);
    b.element('Ra').hex = h('0503');
    attack(b, 'Aa', [6, 6]);
    expect(of(b, 'attack').map((e) => [e.need, e.mods])).toEqual([
      [4, ['still', 'indirect']],
      [3, ['still']],
    ]);
  });

  it('Ruling: "a need of 1 or less hits and a need of 7 or more misses, without a roll (roll: null in the event)"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505', toHit: 0 }), el('Ab', { hex: '0510', toHit: 6, special: ['IF'] })]),
        unit('B', 'blue', [foe('Ba', { hex: '0504', save: 7 })]),
      ],
      { '0507': 'building' },
    );
    b.moved.add('Ab');
    const dice = attack(b, 'Aa', []);
    expect(of(b, 'attack')[0]).toMatchObject({ need: -1, roll: null, hit: true });
    expect(of(b, 'save')[0]).toMatchObject({ need: 7, roll: null, saved: false });
    expect(dice.used).toBe(0);
    b.element('Ba').status = 'active';
    const dice2 = attack(b, 'Ab', []);
    expect(of(b, 'attack')[1]).toMatchObject({ need: 7, roll: null, hit: false });
    expect(dice2.used).toBe(0);
  });

  it('"A hits when the die is at least the need" — no automatic hit on a 6 nor miss on a 1 beyond it', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505' })]), unit('B', 'blue', [foe('Ba', { hex: '0504' })])]);
    attack(b, 'Aa', [2]);
    attack(b, 'Aa', [3, 6]);
    expect(of(b, 'attack').map((e) => [e.roll, e.hit])).toEqual([
      [2, false],
      [3, true],
    ]);
  });
});

describe('§10.6 saves', () => {
  it('"Its save is the better (lower) of its own Save and its hex\'s cover save": cover true when the cover was better', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505' })]),
        unit('B', 'blue', [foe('Ba', { hex: '0503' }), foe('Bb', { hex: '0503', save: 4 })]),
      ],
      { '0503': 'forest' },
    );
    attack(b, 'Aa', [6, 5], { fire: ['Ba'] });
    attack(b, 'Aa', [6, 3], { fire: ['Bb'] });
    expect(of(b, 'save').map((e) => [e.element, e.need, e.roll, e.saved, e.cover])).toEqual([
      ['Ba', 5, 5, true, true],
      ['Bb', 4, 3, false, false],
    ]);
  });

  it('"a target that is an airborne flier has no cover"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505' })]),
        unit('B', 'blue', [foe('Ba', { hex: '0503', special: ['Fly'] })]),
      ],
      { '0503': 'building' },
    );
    attack(b, 'Aa', [6, 5]);
    expect(of(b, 'save')[0]).toMatchObject({ need: 6, saved: false, cover: false });
  });

  it('"an attacker with Ignores cover takes the cover away, unless T denies it" (Den:IC)', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505', special: ['IC'] })]),
        unit('B', 'blue', [foe('Ba', { hex: '0503' }), foe('Bb', { hex: '0503', special: ['Den:IC'] })]),
      ],
      { '0503': 'urban' },
    );
    attack(b, 'Aa', [6, 5], { fire: ['Ba'] });
    attack(b, 'Aa', [6, 5], { fire: ['Bb'] });
    expect(of(b, 'save').map((e) => [e.need, e.cover])).toEqual([
      [6, false],
      [5, true],
    ]);
  });

  it('"a Submersible target in water or river has cover one better than the hex\'s (water 6+, river 5+)"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505', range: 50 })]),
        unit('B', 'blue', [
          foe('Ba', { hex: '0503', special: ['Sub'], save: 7 }),
          foe('Bb', { hex: '0502', special: ['Sub'], save: 7 }),
          foe('Bc', { hex: '0501', save: 7 }),
        ]),
      ],
      { '0503': 'water', '0502': 'river', '0501': 'river' },
    );
    for (const t of ['Ba', 'Bb', 'Bc']) attack(b, 'Aa', [6, 1], { fire: [t] });
    expect(of(b, 'save').map((e) => e.need)).toEqual([6, 5, 6]);
  });

  it('"It is saved when the die is at least the save (no roll at 7: no save)"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0504', save: 7 })]),
    ]);
    const dice = attack(b, 'Aa', [6]);
    expect(of(b, 'save')[0]).toMatchObject({ need: 7, roll: null, saved: false });
    expect(dice.used).toBe(1);
  });
});

describe('§10.7 damage', () => {
  it('"If Power > Armor, T is destroyed (status destroyed, it stays in its hex for the record) … Otherwise T survives"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 2 }), el('Ab', { hex: '0505', power: 3 })]),
      unit('B', 'blue', [foe('Ba', { hex: '0504', armor: 2 })]),
    ]);
    attack(b, 'Aa', [6, 1]);
    expect(b.element('Ba').status).toBe('active');
    attack(b, 'Ab', [6, 1]);
    expect(b.element('Ba')).toMatchObject({ status: 'destroyed', hex: h('0504') });
    expect(of(b, 'damage').map((e) => [e.power, e.armor, e.destroyed])).toEqual([
      [2, 2, false],
      [3, 2, true],
    ]);
    expect(of(b, 'destroyed')).toEqual([
      { type: 'destroyed', seenBy: ['red', 'blue'], element: 'Ba', by: 'Ab', hex: '0504' },
    ]);
  });

  it('"Power is doubled by Sharpshooter when shooting … (unless T denies it)"; not in melee', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['SS'] })]),
      unit('B', 'blue', [
        foe('Ba', { hex: '0504' }),
        foe('Bb', { hex: '0504', special: ['Den:SS'] }),
        foe('Bc', { hex: '0505' }),
      ]),
    ]);
    for (const t of ['Ba', 'Bb', 'Bc']) attack(b, 'Aa', [6, 1], { fire: [t] });
    expect(of(b, 'damage').map((e) => e.power)).toEqual([4, 2, 2]);
  });

  it('"and by Melee Advantage in melee (each unless T denies it)"; not when shooting', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['MA'] })]),
      unit('B', 'blue', [
        foe('Ba', { hex: '0505' }),
        foe('Bb', { hex: '0505', special: ['Den:MA'] }),
        foe('Bc', { hex: '0504' }),
      ]),
    ]);
    for (const t of ['Ba', 'Bb', 'Bc']) attack(b, 'Aa', [6, 1], { fire: [t] });
    expect(of(b, 'damage').map((e) => e.power)).toEqual([4, 2, 2]);
  });

  it('"Armor … 2 less against Bombardment (unless T denies it); Armor may fall below 0"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 0, range: 50, special: ['Bmb'] })]),
      unit('B', 'blue', [tank('Ba', '0510', { armor: 1 })]),
      unit('C', 'blue', [tank('Ca', '0520', { armor: 0, special: ['Den:Bmb'] })]),
    ]);
    attack(b, 'Aa', [6, 1]);
    expect(of(b, 'damage')[0]).toMatchObject({ element: 'Ba', power: 0, armor: -1, destroyed: true });
    const c = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 0, range: 50, special: ['Bmb'] })]),
      unit('C', 'blue', [tank('Ca', '0510', { armor: 0, special: ['Den:Bmb'] })]),
    ]);
    attack(c, 'Aa', [6, 1]);
    expect(of(c, 'damage')[0]).toMatchObject({ element: 'Ca', armor: 0, destroyed: false });
  });

  it('"if a transport, its passengers roll to survive at once (§13.1)": 4+ placed at the transport\'s hex if legal, else the nearest; 1–3 destroyed by the transport', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 9 })]),
      unit('T', 'blue', [tank('Ta', '0505', { special: ['T3'], facing: 'SE' })]),
      unit('P', 'blue', [
        el('Pa', { status: 'carried', carrier: 'Ta', hex: '0505' }),
        el('Pb', { status: 'carried', carrier: 'Ta', hex: '0505' }),
      ]),
    ]);
    const dice = attack(b, 'Aa', [6, 1, 4, 3]);
    expect(dice.used).toBe(4);
    expect(b.events.map((e) => e.type)).toEqual([
      'attack',
      'save',
      'damage',
      'destroyed',
      'survival',
      'survival',
      'destroyed',
    ]);
    // The transport's hex holds the attacker, an active enemy: the survivor goes to the nearest legal hex, N first.
    expect(of(b, 'survival')).toEqual([
      {
        type: 'survival',
        seenBy: ['red', 'blue'],
        element: 'Pa',
        transport: 'Ta',
        roll: 4,
        survived: true,
        hex: '0504',
      },
      {
        type: 'survival',
        seenBy: ['red', 'blue'],
        element: 'Pb',
        transport: 'Ta',
        roll: 3,
        survived: false,
        hex: null,
      },
    ]);
    expect(b.element('Pa')).toMatchObject({
      status: 'active',
      hex: h('0504'),
      facing: 'SE',
      carrier: null,
      from: null,
    });
    expect(b.moved.has('Pa')).toBe(true);
    expect(b.element('Pb').status).toBe('destroyed');
    expect(of(b, 'destroyed')[1]).toMatchObject({ element: 'Pb', by: 'Ta', hex: '0505' });
  });

  it('"Attacks from multiple elements on a single target are resolved individually": the next attacker chooses afresh', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', power: 5 }), el('Ab', { hex: '0505', power: 5 })]),
      unit('B', 'blue', [foe('Ba', { hex: '0504' }), foe('Bb', { hex: '0503' })]),
    ]);
    unitAttacks(b, 'A', order('A', { fire: ['Ba'] }), new ScriptedDice([3, 1, 3, 1]));
    expect(of(b, 'attack').map((e) => [e.attacker, e.target])).toEqual([
      ['Aa', 'Ba'],
      ['Ab', 'Bb'],
    ]);
  });
});
