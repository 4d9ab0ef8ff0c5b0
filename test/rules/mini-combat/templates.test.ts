/** rules-mini-combat.md §10.8 (blast templates: 5 cm, 10 cm, Bombardment) and §10.9 (the cone). */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { formatHex } from '../../../src/rules/hex.ts';
import { elementAttacks, isEligible } from '../../../src/rules/mini-combat/attack.ts';
import { Battlefield, type MiniEvent } from '../../../src/rules/mini-combat/battlefield.ts';
import { ring, walk } from '../../../src/rules/mini-combat/geometry.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import { lineOfSight } from '../../../src/rules/mini-combat/sight.ts';
import { blastHexes, coneHexes } from '../../../src/rules/mini-combat/templates.ts';
import type { Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import type { Direction } from '../../../src/rules/types.ts';
import { el, h, position, unit } from './fixtures.ts';

const field = (units: Unit[], terrain: Record<string, Terrain> = {}) => new Battlefield(position(units, { terrain }));
const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });
const go = (from: string, dirs: string): string =>
  formatHex(dirs.split(' ').reduce((at, d) => walk(at, d as Direction, 1), h(from)));
const of = (b: Battlefield, type: string): MiniEvent[] => b.events.filter((e) => e.type === type);
/** An enemy element facing N, so that attackers north of it (the attackers of these tests) are in its front. */
const foe = (id: string, over: Parameters<typeof el>[1] = {}) => el(id, { facing: 'N', ...over });
function attack(b: Battlefield, id: string, rolls: number[], o: Partial<UnitOrder> = {}): ScriptedDice {
  const dice = new ScriptedDice(rolls);
  elementAttacks(b, b.element(id), order(b.unitOf(id), o), dice);
  return dice;
}
const victims = (b: Battlefield) => of(b, 'attack').map((e) => e.target);

describe('§10.8 blast templates', () => {
  it('Ruling (§1): "a 5 cm template is the 5 cm hex itself"; a 10 cm template and Bombardment "T\'s hex and its six neighbours", in ring order', () => {
    expect(blastHexes('5c', h('0505'))).toEqual([h('0505')]);
    const seven = [h('0505'), ...ring(h('0505'), 1)];
    expect(blastHexes('10c', h('0505'))).toEqual(seven);
    expect(blastHexes('Bmb', h('0505'))).toEqual(seven);
  });

  it('"It affects every element in those hexes …, friend or foe": each "attacked in turn exactly as a single attack: its own to-hit roll …, save and damage"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['5c'] }), el('Ab', { hex: '0508', facing: 'S' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0508' }), foe('Bb', { hex: '0508' }), foe('Bc', { hex: '0509' })]),
    ]);
    const dice = attack(b, 'Aa', [1, 6, 1, 6, 6]);
    expect(dice.used).toBe(5);
    expect(b.events.map((e) => [e.type, e.target ?? e.element])).toEqual([
      ['attack', 'Ab'],
      ['attack', 'Ba'],
      ['save', 'Ba'],
      ['damage', 'Ba'],
      ['attack', 'Bb'],
      ['save', 'Bb'],
    ]);
    expect(of(b, 'attack')[1]).toMatchObject({ attacker: 'Aa', weapon: 1, template: '5c', aim: '0508', need: 3 });
  });

  it('10 cm: "each affected element, in ring order of its hex (§1) and then state order"', () => {
    const t = '0510';
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['10c'] })]),
      unit('B', 'blue', [
        foe('Ba', { hex: go(t, 'SE') }),
        foe('Bb', { hex: go(t, 'N') }),
        foe('Bc', { hex: t }),
        foe('Bd', { hex: go(t, 'S S') }),
      ]),
      unit('C', 'blue', [foe('Ca', { hex: go(t, 'N') })]),
    ]);
    attack(b, 'Aa', Array<number>(8).fill(1), { fire: ['Bc'] });
    expect(victims(b)).toEqual(['Bc', 'Bb', 'Ca', 'Ba']);
  });

  it('"on the same level as T: airborne fliers if T is an airborne flier, every other element if not"', () => {
    const units = () => [
      unit('A', 'red', [el('Aa', { hex: '0505', range: 50, special: ['5c'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0508' }), foe('Bb', { hex: '0508', special: ['Fly'] })]),
    ];
    const b = field(units());
    attack(b, 'Aa', [1, 1], { fire: ['Ba'] });
    expect(victims(b)).toEqual(['Ba']);
    const c = field(units());
    attack(c, 'Aa', [1, 1], { fire: ['Bb'] });
    expect(victims(c)).toEqual(['Bb']);
  });

  it('"At range 0 A itself is left out ("a proximity attack")" — but a 10 cm template aimed at a neighbour covers its firer (design note 23)', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['10c'] }), el('Ab', { hex: '0505' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505' }), foe('Bb', { hex: '0504' })]),
    ]);
    attack(b, 'Aa', [1, 1, 1, 1, 1], { fire: ['Ba'] });
    expect(victims(b)).toEqual(['Ab', 'Ba', 'Bb']);
    const c = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['10c'] })]),
      unit('B', 'blue', [foe('Bb', { hex: '0504' })]),
    ]);
    attack(c, 'Aa', [1, 1]);
    expect(victims(c)).toEqual(['Bb', 'Aa']);
    expect(of(c, 'attack')[1]).toMatchObject({ target: 'Aa', range: 0, melee: true, mods: ['still'] });
  });

  it('settled: with spare, the firer is a friendly element too — a 10 cm template that would cover it is not made', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['10c'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0504' }), foe('Bb', { hex: '0502' })]),
    ]);
    expect(isEligible(b, b.element('Aa'), b.element('Ba'), order('A', { spare: true }))).toBe(false);
    expect(isEligible(b, b.element('Aa'), b.element('Bb'), order('A', { spare: true }))).toBe(true);
  });

  it("settled: a template aimed at the firer's own hex leaves the firer out, also in the air (a flier's 5c on a flier in its hex, range 5 cm)", () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['5c', 'Fly'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505', special: ['Fly'] })]),
    ]);
    attack(b, 'Aa', [1]);
    expect(of(b, 'attack').map((e) => [e.target, e.range])).toEqual([['Ba', 5]]);
  });

  it('"Only T must be eligible …; the others are rolled against wherever they are": a command element not closest, a Stealth element unseen', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', special: ['5c'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0508' }), foe('Bf', { hex: '0508', command: true })]),
      unit('S', 'blue', [foe('Sa', { hex: '0508', special: ['St'] })]),
    ]);
    expect(isEligible(b, b.element('Aa'), b.element('Bf'), order('A'))).toBe(false);
    attack(b, 'Aa', [1, 1, 1]);
    expect(victims(b)).toEqual(['Ba', 'Bf', 'Sa']);
  });

  it('"every element in those hexes that is active, not hidden, not submerged and not insubstantial"', () => {
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505', special: ['10c'] })]),
        unit('B', 'blue', [
          foe('Ba', { hex: '0508' }),
          foe('Bb', { hex: '0509', hidden: true, special: ['Sc'] }),
          foe('Bc', { hex: '0507', submerged: true, special: ['Sub'] }),
          foe('Bd', { hex: '0507', special: ['Ins'] }),
          foe('Be', { hex: '0507', status: 'carried', carrier: 'Ba' }),
        ]),
      ],
      { '0507': 'water' },
    );
    b.insubstantial.add('Bd');
    attack(b, 'Aa', [1]);
    expect(victims(b)).toEqual(['Ba']);
  });

  it('"Bombardment also takes 2 from each affected element\'s Armor (§10.7)", unless it denies Bombardment', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 50, special: ['Bmb'] })]),
      unit('B', 'blue', [
        foe('Ba', { hex: '0510', armor: 3 }),
        foe('Bb', { hex: '0511', armor: 3, special: ['Den:Bmb'] }),
      ]),
    ]);
    attack(b, 'Aa', [6, 1, 6, 1]);
    expect(of(b, 'damage').map((e) => [e.element, e.armor])).toEqual([
      ['Ba', 1],
      ['Bb', 3],
    ]);
  });

  it('"rear from A\'s position; the Indirect fire penalty if A has no LOS to it", element by element', () => {
    const terrain: Record<string, Terrain> = { '0508': 'building' };
    const t = '0509';
    const side = go(t, 'NE');
    const p = position([], { terrain });
    expect([lineOfSight(p, h('0505'), h(t)), lineOfSight(p, h('0505'), h(side))]).toEqual([false, true]);
    const b = field(
      [
        unit('A', 'red', [el('Aa', { hex: '0505', range: 50, special: ['IF', '10c'] })]),
        unit('B', 'blue', [foe('Ba', { hex: t }), foe('Bb', { hex: side, facing: 'SE' })]),
      ],
      terrain,
    );
    attack(b, 'Aa', [1, 1]);
    expect(of(b, 'attack').map((e) => [e.target, e.mods])).toEqual([
      ['Ba', ['still', 'indirect']],
      ['Bb', ['still', 'rear']],
    ]);
  });
});

describe('§10.9 cone template', () => {
  it('"T is within reach when T lies on a straight line from A …, t ≥ 1, and the range to T is at most Range + 10 cm"', () => {
    expect(coneHexes(h('0505'), h('0507'), 0, false)).not.toBeNull();
    expect(coneHexes(h('0505'), h('0508'), 0, false)).toBeNull();
    expect(coneHexes(h('0505'), h(go('0505', 'N NE')), 0, false)).toBeNull(); // 2 hexes, off the six lines
    expect(coneHexes(h('0505'), h('0505'), 10, false)).toBeNull();
    expect(coneHexes(h('0505'), h('0507'), 0, true)).toBeNull(); // 15 cm to a flier
  });

  it('Ruling: "10 cm by 3 cm is 2 hexes long and one wide; a cone with a Range is slid out along its line by up to Range" — s = min(t, n + 1)', () => {
    // Range 0: "the two hexes next out from A, the point of the teardrop in base contact".
    expect(coneHexes(h('0505'), h('0504'), 0, false)).toEqual([h('0504'), h('0503')]);
    expect(coneHexes(h('0505'), h('0503'), 0, false)).toEqual([h('0504'), h('0503')]);
    // Range 10 (n = 2): slid out by up to its Range.
    expect(coneHexes(h('0505'), h('0509'), 10, false)).toEqual([h('0508'), h('0509')]);
    expect(coneHexes(h('0505'), h('0507'), 10, false)).toEqual([h('0507'), h('0508')]);
    expect(coneHexes(h('0505'), h('0506'), 10, false)).toEqual([h('0506'), h('0507')]);
  });

  it('"It affects the elements there as a blast template does (§10.8, same level as T), the nearer hex\'s first"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0, special: ['Cone'] })]),
      unit('B', 'blue', [
        foe('Ba', { hex: '0507' }),
        foe('Bb', { hex: '0506' }),
        foe('Bc', { hex: '0506', special: ['Fly'] }),
      ]),
    ]);
    b.element('Aa').facing = 'S';
    attack(b, 'Aa', [1, 1], { fire: ['Ba'] });
    expect(of(b, 'attack').map((e) => [e.target, e.template, e.aim, e.range])).toEqual([
      ['Bb', 'Cone', '0507', 5],
      ['Ba', 'Cone', '0507', 10],
    ]);
  });

  it('"A cone element attacking a target in its own hex (range 0) makes an ordinary single melee attack instead"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0, special: ['Cone'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505' }), foe('Bb', { hex: '0504' })]),
    ]);
    attack(b, 'Aa', [1]);
    expect(of(b, 'attack')).toHaveLength(1);
    expect(of(b, 'attack')[0]).toMatchObject({ target: 'Ba', template: null, aim: null, melee: true });
  });

  it('settled: a cone cannot attack an airborne flier in its own hex — 5 cm away, yet not on a line from it (t ≥ 1)', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 10, special: ['Cone'] })]),
      unit('B', 'blue', [foe('Ba', { hex: '0505', special: ['Fly'] })]),
    ]);
    expect(isEligible(b, b.element('Aa'), b.element('Ba'), order('A'))).toBe(false);
  });

  it('a cone with spare: a friendly element in either hex makes the target ineligible', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', range: 0, special: ['Cone'] }), el('Ab', { hex: '0504' })]),
      unit('B', 'blue', [foe('Ba', { hex: '0503' })]),
    ]);
    expect(isEligible(b, b.element('Aa'), b.element('Ba'), order('A'))).toBe(true);
    expect(isEligible(b, b.element('Aa'), b.element('Ba'), order('A', { spare: true }))).toBe(false);
  });
});
