/** rules-mini-combat.md §8.5–§8.9: carrying out moves, contact, back-up, facing, coherency after moving, still. */
import { describe, expect, it } from 'vitest';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import {
  moveElement,
  moveUnit,
  outOfCoherency,
  revealByDeny,
  updateStill,
} from '../../../src/rules/mini-combat/move.ts';
import { standingOrder, type UnitOrder } from '../../../src/rules/mini-combat/orders.ts';
import type { Terrain, Unit } from '../../../src/rules/mini-combat/types.ts';
import type { Direction } from '../../../src/rules/types.ts';
import { el, h, position, unit } from './fixtures.ts';

const field = (units: Unit[], terrain: Record<string, Terrain> = {}) => new Battlefield(position(units, { terrain }));
const path = (text: string) => text.split(' ').filter(Boolean) as Direction[];
const moves = (b: Battlefield) => b.events.filter((e) => e.type === 'move');
const order = (unitId: string, over: Partial<UnitOrder> = {}): UnitOrder => ({ ...standingOrder(unitId), ...over });

describe('§8.6 carrying out a path', () => {
  it('each step enters the neighbour; from becomes the hex before; the element faces its last step; a move event', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505', move: 15 })])]);
    const e = b.element('Aa');
    const r = moveElement(b, e, path('S SE'), null);
    expect(r.stop).toBeNull();
    expect([e.hex, e.from, e.facing]).toEqual([h('0606'), h('0506'), 'SE']);
    expect(moves(b)[0]).toMatchObject({
      element: 'Aa',
      from: '0505',
      path: ['0506', expect.any(String)],
      facing: 'SE',
      stop: null,
      seenBy: ['red'],
    });
    expect(b.moved.has('Aa')).toBe(true);
  });

  it('stops: "off the map (map)", "may not enter (terrain)", "costs more than p (points)"', () => {
    const b = field(
      [
        unit('A', 'red', [
          el('Aa', { hex: '0501' }),
          el('Ab', { hex: '0805', type: 'vehicle' }),
          el('Ac', { hex: '1010' }),
        ]),
      ],
      { '0806': 'forest' },
    );
    expect(moveElement(b, b.element('Aa'), path('N'), null).stop).toBe('map');
    expect(moveElement(b, b.element('Ab'), path('S'), null).stop).toBe('terrain');
    expect(moveElement(b, b.element('Ac'), path('S S S'), null)).toMatchObject({
      stop: 'points',
      entered: [h('1011'), h('1012')],
    });
  });

  it('§8.4 fording: the first step into a river ends the move (river); a river later in the path stops before it', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505', move: 20 }), el('Ab', { hex: '0905', move: 20 })])], {
      '0506': 'river',
      '0907': 'river',
    });
    expect(moveElement(b, b.element('Aa'), path('S S'), null)).toMatchObject({ stop: 'river', entered: [h('0506')] });
    expect(moveElement(b, b.element('Ab'), path('S S S'), null)).toMatchObject({ stop: 'river', entered: [h('0906')] });
  });

  it('§8.3 a vehicle on the road moves twice as far', () => {
    const road = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [`12${String(i + 1).padStart(2, '0')}`, 'road' as const]),
    );
    const b = field([unit('A', 'red', [el('Aa', { hex: '1201', type: 'vehicle', move: 20 })])], road);
    expect(moveElement(b, b.element('Aa'), path('S S S S S S S S'), null).stop).toBeNull();
    expect(b.element('Aa').hex).toEqual(h('1209'));
  });

  it('§8.5 "A ground mover that enters a hex holding a contact element stops there"; a hidden Scout there is revealed', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', move: 20 })]),
      unit('B', 'blue', [el('Ba', { hex: '0507', hidden: true, special: ['Sc'] })]),
    ]);
    expect(moveElement(b, b.element('Aa'), path('S S S'), null)).toMatchObject({
      stop: 'contact',
      entered: [h('0506'), h('0507')],
    });
    expect(b.element('Ba').hidden).toBe(false);
    expect(b.events.map((e) => e.type)).toEqual(['reveal', 'move']);
    expect(b.events[0]).toMatchObject({ element: 'Ba', why: 'contact' });
  });

  it('§8.5 "Jump jet and Ethereal elements pass through such hexes"; an airborne flier is no contact element', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', move: 20, special: ['JJ'] }), el('Ab', { hex: '0605', move: 20 })]),
      unit('B', 'blue', [el('Ba', { hex: '0507' }), el('Bb', { hex: '0607', special: ['Fly'] })]),
    ]);
    expect(moveElement(b, b.element('Aa'), path('S S S'), null).stop).toBeNull();
    expect(moveElement(b, b.element('Ab'), path('S S S'), null).stop).toBeNull();
  });

  it('back-up: "holds more elements of its side than the stack limit … goes back along the hexes its path entered" (stack)', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', move: 20, from: '0404' })]),
      unit('F', 'red', [el('Fa', { hex: '0507' }), el('Fb', { hex: '0507' }), el('Fc', { hex: '0507' })]),
    ]);
    const r = moveElement(b, b.element('Aa'), path('S S'), null);
    expect(r).toMatchObject({ stop: 'stack', entered: [h('0506')] });
    expect([b.element('Aa').hex, b.element('Aa').from, b.element('Aa').facing]).toEqual([h('0506'), h('0505'), 'S']);
    expect(moves(b)[0]).toMatchObject({ to: '0506', path: ['0506'], stop: 'stack' });
  });

  it('back-up to the start: "then it has not moved at all, and keeps its old from"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { hex: '0505', from: '0504' })]),
      unit('F', 'red', [el('Fa', { hex: '0506' }), el('Fb', { hex: '0506' }), el('Fc', { hex: '0506' })]),
    ]);
    moveElement(b, b.element('Aa'), path('S'), null);
    expect([b.element('Aa').hex, b.element('Aa').from, b.element('Aa').facing]).toEqual([h('0505'), h('0504'), 'N']);
    expect(b.moved.has('Aa')).toBe(false);
  });

  it('back-up: a Jump jet whose path ends where it could not stop goes back (ground)', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505', type: 'vehicle', special: ['JJ'], move: 20 })])], {
      '0507': 'forest',
    });
    expect(moveElement(b, b.element('Aa'), path('S S'), null)).toMatchObject({ stop: 'ground', entered: [h('0506')] });
  });

  it('§13.1 "Carried elements move with their carrier"', () => {
    const b = field([
      unit('T', 'red', [el('Ta', { hex: '0505', type: 'vehicle', special: ['T1'], move: 20 })]),
      unit('C', 'red', [el('Ca', { status: 'carried', carrier: 'Ta', hex: '0505' })]),
    ]);
    moveElement(b, b.element('Ta'), path('S S'), null);
    expect(b.element('Ca').hex).toEqual(h('0507'));
  });

  it('§8.7 face: given, it is the facing; "Turning in place is not moving"', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505' })])]);
    moveElement(b, b.element('Aa'), [], 'SW');
    expect(b.element('Aa').facing).toBe('SW');
    expect(b.moved.has('Aa')).toBe(false);
    expect(moves(b)[0]).toMatchObject({ path: [], stop: null, facing: 'SW' });
  });

  it('a hidden Scout that moves is revealed (moved), before its move event', () => {
    const b = field([
      unit('S', 'red', [el('Sa', { hex: '0505', hidden: true, special: ['Sc'] })]),
      unit('B', 'blue', [el('Ba', { hex: '0530' })]),
    ]);
    moveElement(b, b.element('Sa'), path('S'), null);
    expect(b.events.map((e) => [e.type, e.why ?? null])).toEqual([
      ['reveal', 'moved'],
      ['move', null],
    ]);
  });

  it("§9.3 a Stealth element's move is seen by the enemy only within 5 hexes", () => {
    const b = field([
      unit('S', 'red', [el('Sa', { hex: '0505', special: ['St'] })]),
      unit('B', 'blue', [el('Ba', { hex: '0520' })]),
    ]);
    moveElement(b, b.element('Sa'), path('S'), null);
    expect(moves(b)[0]!.seenBy).toEqual(['red']);
  });
});

describe('moveUnit: paths, Organised facing, flying, diving', () => {
  it('"An element follows its own path from paths if it has one, else the unit\'s move"', () => {
    const b = field([unit('A', 'red', [el('Aa', { hex: '0505' }), el('Ab', { hex: '0505' })])]);
    moveUnit(b, 'A', order('A', { move: path('S'), paths: new Map([['Ab', path('N')]]) }));
    expect([b.element('Aa').hex, b.element('Ab').hex]).toEqual([h('0506'), h('0504')]);
  });

  it('"Elements of an Organised unit all take the unit\'s facing: … else the last direction of the unit\'s path"', () => {
    const b = field([
      unit('O', 'red', [
        el('Oa', { hex: '0505', special: ['Org'] }),
        el('Ob', { hex: '0505', special: ['Org'], move: 0 }),
      ]),
    ]);
    moveUnit(b, 'O', order('O', { move: path('SE') }));
    expect([b.element('Oa').facing, b.element('Ob').facing]).toEqual(['SE', 'SE']);
  });

  it('Flying: takes off before the first step of a later path, lands at the end with land (events in that order)', () => {
    const b = field([unit('F', 'red', [el('Fa', { hex: '0505', special: ['Fly'], landed: true, move: 20 })])], {
      '0506': 'building',
    });
    moveUnit(b, 'F', order('F', { move: path('S S'), land: true }));
    expect(b.events.map((e) => [e.type, e.landed ?? null])).toEqual([
      ['land', false],
      ['move', null],
      ['land', true],
    ]);
  });

  it('Submersible: dives at the end of the move in water; surfaces with surface before moving, or when its move ends on land', () => {
    const b = field([unit('S', 'red', [el('Sa', { hex: '0505', special: ['Sub'] })])], { '0506': 'water' });
    moveUnit(b, 'S', order('S', { move: path('S'), dive: true }));
    expect(b.element('Sa').submerged).toBe(true);
    moveUnit(b, 'S', order('S', { move: path('S') }));
    expect(b.element('Sa').submerged).toBe(false);
    expect(b.events.filter((e) => e.type === 'dive').map((e) => e.submerged)).toEqual([true, false]);
  });
});

describe('§12.1 Deny Scout, §8.8 coherency after moving, §8.9 still', () => {
  it('"revealed … when an active enemy element with Deny Scout is within the deny range of it (5 hexes)"', () => {
    const b = field([
      unit('S', 'red', [
        el('Sa', { hex: '0510', hidden: true, special: ['Sc'] }),
        el('Sb', { hex: '0530', hidden: true, special: ['Sc'] }),
      ]),
      unit('D', 'blue', [el('Da', { hex: '0515', special: ['Den:Sc'] })]),
    ]);
    revealByDeny(b);
    expect([b.element('Sa').hidden, b.element('Sb').hidden]).toEqual([false, true]);
    expect(b.events[0]).toMatchObject({ type: 'reveal', element: 'Sa', why: 'deny' });
  });

  it('"The main group is the one holding the command element if it is active"', () => {
    const u = unit('A', 'red', [
      el('Aa', { hex: '0505' }),
      el('Ab', { hex: '0505' }),
      el('Ac', { hex: '0510', command: true }),
    ]);
    expect([...outOfCoherency(u)]).toEqual(['Aa', 'Ab']);
  });

  it('"otherwise the largest group, ties going to the group holding the element earliest in element order"', () => {
    expect([
      ...outOfCoherency(
        unit('A', 'red', [el('Aa', { hex: '0510' }), el('Ab', { hex: '0505' }), el('Ac', { hex: '0506' })]),
      ),
    ]).toEqual(['Aa']);
    expect([...outOfCoherency(unit('A', 'red', [el('Aa', { hex: '0510' }), el('Ab', { hex: '0505' })]))]).toEqual([
      'Ab',
    ]);
    expect(outOfCoherency(unit('A', 'red', [el('Aa', { hex: '0505' }), el('Ab', { hex: '0506' })])).size).toBe(0);
  });

  it('"every element that has moved, and every element that is not active, gets still = 0; every other active element still + 1"', () => {
    const b = field([
      unit('A', 'red', [el('Aa', { still: 2 }), el('Ab', { still: 2 }), el('Ac', { still: 2, status: 'destroyed' })]),
    ]);
    b.moved.add('Ab');
    updateStill(b);
    expect([b.element('Aa').still, b.element('Ab').still, b.element('Ac').still]).toEqual([3, 0, 0]);
  });
});
