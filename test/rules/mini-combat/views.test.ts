/** rules-mini-combat.md §9.3 (what each side sees) and §22.4 (views). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../src/rules/mini-combat/geometry.ts';
import { betweenTurns, type SightContext } from '../../../src/rules/mini-combat/sight.ts';
import { ELEMENT_STATUSES, type Element } from '../../../src/rules/mini-combat/types.ts';
import { sideView } from '../../../src/rules/mini-combat/views.ts';
import { el, h, position, unit } from './fixtures.ts';

const now: SightContext = { attackTurn: 1, insubstantial: new Set() };

describe('§9.3 views', () => {
  it('"Its own units in full": own hidden, carried and reserve elements are all there, every field', () => {
    const own = unit('R1', 'red', [
      el('R1a', { hidden: true, special: ['Sc'] }),
      el('R1b', { status: 'reserve', hex: null, special: ['Drp'] }),
    ]);
    const v = sideView(position([own]), 'red', now);
    expect(v.units).toEqual([own]);
    expect(v.enemy).toEqual([]);
  });

  it('"not hidden Scouts, not submerged or carried elements, not Stealth elements beyond sight, not enemy reserves"', () => {
    const red = unit('R1', 'red', [el('R1a', { hex: '0501' })]);
    const blue = unit('B1', 'blue', [
      el('B1a', { hex: '0520', hidden: true, special: ['Sc'] }),
      el('B1b', { hex: '0520', submerged: true, special: ['Sub'] }),
      el('B1c', { hex: '0520', status: 'carried', carrier: 'B2a' }),
      el('B1d', { hex: '0520', special: ['St'] }),
      el('B1e', { hex: null, status: 'reserve' }),
    ]);
    const v = sideView(position([red, blue]), 'red', now);
    expect(v.enemy).toEqual([]);
  });

  it('"An enemy unit with no element shown is not in the view at all"; a seen element is shown with its design, status, hex, facing and landed only', () => {
    const red = unit('R1', 'red', [el('R1a', { hex: '0501' })]);
    const blue = unit('B1', 'blue', [
      el('B1a', { hex: '0520', still: 3, firedTurn: 1, from: '0521' }),
      el('B1b', { hex: '0520', hidden: true }),
    ]);
    const v = sideView(position([red, blue]), 'red', now);
    expect(v.enemy).toHaveLength(1);
    expect(v.enemy[0]!.elements.map((e) => e.id)).toEqual(['B1a']);
    expect(Object.keys(v.enemy[0]!.elements[0]!).sort()).toEqual(
      [
        'id',
        'type',
        'command',
        'move',
        'range',
        'toHit',
        'save',
        'power',
        'armor',
        'morale',
        'special',
        'status',
        'hex',
        'facing',
        'landed',
      ].sort(),
    );
  });

  it('"the elements that are destroyed or fled (with the hex where they fell)" are shown, even a Scout that fell hidden', () => {
    const red = unit('R1', 'red', [el('R1a', { hex: '0501' })]);
    const blue = unit('B1', 'blue', [
      el('B1a', { hex: '0530', status: 'destroyed', special: ['St'] }),
      el('B1b', { hex: '0531', status: 'fled' }),
    ]);
    const v = sideView(position([red, blue]), 'red', now);
    expect(v.enemy[0]!.elements.map((e) => [e.id, e.status, e.hex])).toEqual([
      ['B1a', 'destroyed', h('0530')],
      ['B1b', 'fled', h('0531')],
    ]);
  });

  it('"Between turns has attacked this turn means attacked in the turn just resolved": a Stealth element that fired in turn 1 shows in the view stored for turn 2', () => {
    const red = unit('R1', 'red', [el('R1a', { hex: '0501' })]);
    const blue = unit('B1', 'blue', [el('B1a', { hex: '0530', special: ['St'], firedTurn: 1 })]);
    const p = position([red, blue], { turn: 2 });
    expect(sideView(p, 'red', betweenTurns(p)).enemy).toHaveLength(1);
    const later = position([red, blue], { turn: 3 });
    expect(sideView(later, 'red', betweenTurns(later)).enemy).toHaveLength(0);
  });

  it("the map's objectives with their control, the turn and both sides' scores", () => {
    const red = unit('R1', 'red', [el('R1a', { hex: '0302' })]);
    const p = position([red], {
      turn: 4,
      battle: {
        type: 'defensive',
        attacker: 'blue',
        defender: 'red',
        objectives: [h('0302'), h('0910')],
        control: 6,
        destroy: 800,
      },
    });
    const v = sideView(p, 'blue', now);
    expect(v.turn).toBe(4);
    expect(v.objectives).toEqual([
      { hex: h('0302'), control: 'red' },
      { hex: h('0910'), control: null },
    ]);
    expect(v.score).toEqual({ red: 0, blue: 0 });
  });
});

/** Random positions: two sides, elements anywhere, in any status, with any of the flags that hide. */
const element = (id: string) =>
  fc
    .record({
      col: fc.integer({ min: 1, max: 24 }),
      row: fc.integer({ min: 1, max: 36 }),
      status: fc.constantFrom(...ELEMENT_STATUSES),
      hidden: fc.boolean(),
      submerged: fc.boolean(),
      stealth: fc.boolean(),
      denySt: fc.boolean(),
      firedTurn: fc.option(fc.integer({ min: 1, max: 3 })),
    })
    .map((r): Element => ({
      ...el(id, {
        status: r.status,
        hidden: r.hidden,
        submerged: r.submerged,
        firedTurn: r.firedTurn,
        special: [...(r.stealth ? ['St'] : []), ...(r.denySt ? ['Den:St'] : [])],
      }),
      hex: r.status === 'reserve' ? null : { col: r.col, row: r.row },
    }));
const side = (name: string, prefix: string) =>
  fc
    .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 })
    .chain((sizes) =>
      fc.tuple(
        ...sizes.map((n, u) =>
          fc
            .tuple(...Array.from({ length: n }, (_, i) => element(`${prefix}${u}${'abcd'[i]}`)))
            .map((els) => unit(`${prefix}${u}`, name, els)),
        ),
      ),
    );

describe("§9.3 property: a side's view never holds a hidden enemy element", () => {
  it('every enemy element shown has fallen, or is active, not hidden, submerged or insubstantial, and a Stealth one is near, denied or has fired', () => {
    fc.assert(
      fc.property(
        side('red', 'R'),
        side('blue', 'B'),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (red, blue, turn, someIns) => {
          const p = position([...red, ...blue], { turn });
          const all = p.units.flatMap((u) => u.elements);
          const insubstantial = new Set(someIns ? all.filter((_, i) => i % 2 === 0).map((e) => e.id) : []);
          const ctx: SightContext = { attackTurn: turn, insubstantial };
          for (const s of p.sides) {
            const v = sideView(p, s, ctx);
            const mine = p.units.filter((u) => u.side === s).flatMap((u) => u.elements);
            for (const shownUnit of v.enemy) {
              expect(shownUnit.side).not.toBe(s);
              expect(shownUnit.elements.length).toBeGreaterThan(0);
              for (const e of shownUnit.elements) {
                const real = all.find((x) => x.id === e.id)!;
                if (real.status === 'destroyed' || real.status === 'fled') continue;
                expect(real.status).toBe('active');
                expect(real.hidden).toBe(false);
                expect(real.submerged).toBe(false);
                expect(insubstantial.has(real.id)).toBe(false);
                if (real.special.includes('St') && real.firedTurn !== turn) {
                  const near = mine.some(
                    (x) =>
                      x.status === 'active' &&
                      (hexDistance(x.hex!, real.hex!) <= 5 ||
                        (x.special.includes('Den:St') && hexDistance(x.hex!, real.hex!) <= 10)),
                  );
                  expect(near).toBe(true);
                }
              }
            }
            // And nothing is left out that should be there: every fallen enemy element is shown.
            const shownIds = new Set(v.enemy.flatMap((u) => u.elements.map((e) => e.id)));
            for (const e of all.filter((x) => !mine.includes(x) && (x.status === 'destroyed' || x.status === 'fled')))
              expect(shownIds.has(e.id)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
