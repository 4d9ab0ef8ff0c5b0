/** rules-mini-combat.md §13.1: embarking and disembarking. */
import { describe, expect, it } from 'vitest';
import { Battlefield } from '../../../src/rules/mini-combat/battlefield.ts';
import { disembarkUnit, embarkUnit } from '../../../src/rules/mini-combat/transport.ts';
import type { Unit } from '../../../src/rules/mini-combat/types.ts';
import { el, h, position, unit } from './fixtures.ts';

const field = (units: Unit[]) => new Battlefield(position(units));
const truck = (id: string, hex: string, places: number, over = {}) =>
  el(id, { type: 'vehicle', hex, special: [`T${places}`], facing: 'SE', ...over });

describe('§13.1 embarking', () => {
  it('"each of its active elements, in element order, that stands in a hex with an element of U that has a free place boards the first such element"', () => {
    const b = field([
      unit('T', 'red', [truck('Ta', '0505', 1), truck('Tb', '0505', 2)]),
      unit('A', 'red', [
        el('Aa', { hex: '0505' }),
        el('Ab', { hex: '0505' }),
        el('Ac', { hex: '0505' }),
        el('Ad', { hex: '0506' }),
      ]),
    ]);
    expect(embarkUnit(b, 'A', 'T')).toEqual(['Aa', 'Ab', 'Ac']);
    expect(['Aa', 'Ab', 'Ac'].map((id) => b.element(id).carrier)).toEqual(['Ta', 'Tb', 'Tb']);
    expect(b.element('Aa')).toMatchObject({ status: 'carried', hex: h('0505') });
    expect(b.element('Ad').status).toBe('active'); // "Elements that find no place stay on the map"
    expect(b.events.map((e) => [e.type, e.element, e.transport])).toEqual([
      ['embark', 'Aa', 'Ta'],
      ['embark', 'Ab', 'Tb'],
      ['embark', 'Ac', 'Tb'],
    ]);
    expect(b.moved.size).toBe(0); // "Boarding is not moving"
  });

  it('"A T<n> element carries up to n elements of its side … from any of its side\'s units": no boarding an enemy transport', () => {
    const b = field([unit('T', 'blue', [truck('Ta', '0505', 3)]), unit('A', 'red', [el('Aa', { hex: '0505' })])]);
    expect(embarkUnit(b, 'A', 'T')).toEqual([]);
  });

  it('Ruling: "a carried element carries nothing" — a transport with passengers aboard does not board another', () => {
    const b = field([
      unit('T', 'red', [truck('Ta', '0505', 3)]),
      unit('S', 'red', [truck('Sa', '0505', 1)]),
      unit('P', 'red', [el('Pa', { status: 'carried', carrier: 'Sa', hex: '0505' })]),
    ]);
    expect(embarkUnit(b, 'S', 'T')).toEqual([]);
  });
});

describe('§13.1 disembarking', () => {
  it('"placed at its carrier\'s hex if it is legal …, facing as its carrier; it becomes active (carrier null, from null) and has moved"', () => {
    const b = field([
      unit('T', 'red', [truck('Ta', '0505', 2)]),
      unit('A', 'red', [el('Aa', { status: 'carried', carrier: 'Ta', hex: '0505', from: '0404' })]),
    ]);
    disembarkUnit(b, 'A');
    expect(b.element('Aa')).toMatchObject({
      status: 'active',
      hex: h('0505'),
      facing: 'SE',
      carrier: null,
      from: null,
    });
    expect(b.moved.has('Aa')).toBe(true);
    expect(b.events[0]).toMatchObject({ type: 'place', element: 'Aa', hex: '0505', facing: 'SE', how: 'disembark' });
  });

  it('"else at the nearest legal hex to it": a full hex sends it to the N neighbour first', () => {
    const b = field([
      unit('T', 'red', [truck('Ta', '0505', 1), el('Tb', { hex: '0505' }), el('Tc', { hex: '0505' })]),
      unit('A', 'red', [el('Aa', { status: 'carried', carrier: 'Ta', hex: '0505' })]),
    ]);
    disembarkUnit(b, 'A');
    expect(b.element('Aa').hex).toEqual(h('0504'));
  });

  it('"If no hex is legal it stays aboard"', () => {
    const units: Unit[] = [
      unit('T', 'red', [truck('Ta', '0505', 1)]),
      unit('A', 'red', [el('Aa', { status: 'carried', carrier: 'Ta', hex: '0505' })]),
    ];
    const p = position(units, {
      map: { width: 6, height: 6 },
      terrain: Object.fromEntries(
        Array.from({ length: 36 }, (_, i) => [`0${Math.floor(i / 6) + 1}0${(i % 6) + 1}`, 'water' as const]),
      ),
    });
    const b = new Battlefield({
      ...p,
      units: [{ ...units[0]!, elements: [{ ...units[0]!.elements[0]!, special: ['T1', 'Amph'] }] }, units[1]!],
    });
    disembarkUnit(b, 'A');
    expect(b.element('Aa').status).toBe('carried');
    expect(b.events[0]).toMatchObject({ type: 'place', element: 'Aa', hex: null, seenBy: ['red'] });
  });
});
