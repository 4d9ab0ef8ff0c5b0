/** rules-mini-combat.md §13.2 (legal placement hexes) and §13.3 (scatter). */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { formatHex, neighbour } from '../../../src/rules/hex.ts';
import { walk } from '../../../src/rules/mini-combat/geometry.ts';
import { legalPlacement, placeNear, scatter } from '../../../src/rules/mini-combat/placement.ts';
import { el, h, position, unit } from './fixtures.ts';

describe('§13.2 legal placement hexes', () => {
  const para = el('P', { status: 'reserve', hex: null, special: ['Drp'] });
  const p = position(
    [
      unit('F', 'red', [
        el('Fa', { hex: '0505' }),
        el('Fb', { hex: '0505' }),
        el('Fc', { hex: '0505' }),
        el('Fd', { hex: '0605' }),
      ]),
      unit('B', 'blue', [
        el('Ba', { hex: '0707', hidden: true, special: ['Sc'] }),
        el('Bb', { hex: '0808', status: 'destroyed' }),
      ]),
      unit('P1', 'red', [para]),
    ],
    { terrain: { '0909': 'water' } },
  );

  it('"its side has fewer elements there than the stack limit"', () => {
    expect(legalPlacement(p, para, 'red', h('0505'))).toBe(false);
    expect(legalPlacement(p, para, 'red', h('0605'))).toBe(true);
  });

  it('"no active enemy element is there (hidden, submerged and insubstantial ones included: something is there)"; a destroyed one is nothing', () => {
    expect(legalPlacement(p, para, 'red', h('0707'))).toBe(false);
    expect(legalPlacement(p, para, 'red', h('0808'))).toBe(true);
  });

  it('"the element could end a move there"; "on the map"', () => {
    expect(legalPlacement(p, para, 'red', h('0909'))).toBe(false);
    expect(legalPlacement(p, el('F', { special: ['Fly'] }), 'red', h('0909'))).toBe(true);
    expect(legalPlacement(p, para, 'red', { col: 0, row: 5 })).toBe(false);
  });

  it('the nearest legal hex in ring order: a full hex gives way to its N neighbour first', () => {
    expect(formatHex(placeNear(p, para, 'red', h('0505'))!)).toBe(formatHex(neighbour(h('0505'), 'N')));
  });
});

describe('§13.3 scatter', () => {
  const map = { map: { width: 24, height: 36 } };

  it('"a double (a = b): it lands on its aimed hex; no more dice" (§23: the paras roll 4–4)', () => {
    const dice = new ScriptedDice([4, 4]);
    const r = scatter(map, dice, 'R6a', 'red', h('1220'));
    expect(r.point).toEqual(h('1220'));
    expect(r.event).toEqual({
      type: 'scatter',
      seenBy: ['red'],
      element: 'R6a',
      aim: '1220',
      dice: [4, 4],
      distance: 0,
      hour: null,
      point: '1220',
    });
    expect(dice.used).toBe(2);
  });

  it('"the distance is 1 hex if a + b ≤ 7, 2 hexes if a + b ≥ 8"; "the clock hour is d if c ≤ 3, d + 6 if c ≥ 4"', () => {
    expect(scatter(map, new ScriptedDice([3, 4, 1, 2]), 'X', 'red', h('1010')).event).toMatchObject({
      distance: 1,
      hour: 2,
    });
    expect(scatter(map, new ScriptedDice([3, 5, 4, 6]), 'X', 'red', h('1010')).event).toMatchObject({
      distance: 2,
      hour: 12,
    });
  });

  it('even hours point along a direction: 12 N, 2 NE, 4 SE, 6 S, 8 SW, 10 NW', () => {
    const aim = h('1010');
    const at = (c: number, d: number) => scatter(map, new ScriptedDice([1, 2, c, d]), 'X', 'red', aim).point;
    expect(at(1, 2)).toEqual(neighbour(aim, 'NE'));
    expect(at(1, 4)).toEqual(neighbour(aim, 'SE'));
    expect(at(1, 6)).toEqual(neighbour(aim, 'S'));
    expect(at(4, 2)).toEqual(neighbour(aim, 'SW'));
    expect(at(4, 4)).toEqual(neighbour(aim, 'NW'));
    expect(at(4, 6)).toEqual(neighbour(aim, 'N'));
  });

  it('odd hours: "1 hex → one step in direction i; 2 hexes → one step in i then one in i + 1" (11 o\'clock: NW then N)', () => {
    const aim = h('1010');
    expect(scatter(map, new ScriptedDice([1, 2, 1, 1]), 'X', 'red', aim).point).toEqual(neighbour(aim, 'N'));
    expect(scatter(map, new ScriptedDice([3, 6, 1, 1]), 'X', 'red', aim).point).toEqual(
      neighbour(neighbour(aim, 'N'), 'NE'),
    );
    expect(scatter(map, new ScriptedDice([3, 6, 4, 5]), 'X', 'red', aim).point).toEqual(
      neighbour(neighbour(aim, 'NW'), 'N'),
    );
  });

  it('"The point may be off the map": the event says null', () => {
    const r = scatter(map, new ScriptedDice([3, 6, 4, 6]), 'X', 'red', h('0101'));
    expect(r.point).toEqual(walk(h('0101'), 'N', 2));
    expect(r.event.point).toBeNull();
  });
});
