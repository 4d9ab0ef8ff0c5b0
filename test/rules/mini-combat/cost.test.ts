/** rules-mini-combat.md §11 (point costs, Appendix B) and the §23 design table. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementCost, unitCost } from '../../../src/rules/mini-combat/cost.ts';
import { formatFraction } from '../../../src/rules/mini-combat/fraction.ts';
import type { ElementDesign, ElementType } from '../../../src/rules/mini-combat/types.ts';

const design = (
  type: ElementType,
  [move, range, toHit, save, power, armor, morale]: number[],
  special: string[] = [],
): ElementDesign => ({
  type,
  command: false,
  move: move!,
  range: range!,
  toHit: toHit!,
  save: save!,
  power: power!,
  armor: armor!,
  morale: morale!,
  special,
});

describe('§11 the formula', () => {
  it('"Example: infantry, Movement 10, Range 30, To Hit 4, Save 6, Power 2, Armor 2, Morale 4: base = 23.4; cost 23"', () => {
    const c = elementCost(design('infantry', [10, 30, 4, 6, 2, 2, 4]));
    expect(formatFraction(c.base)).toBe('117/5');
    expect(c.sum).toEqual({ move: 2, range: 6, save: 1, power: 2, armor: 2, total: 13 });
    expect([c.moraleFactor, c.toHitFactor]).toEqual([3, 3]);
    expect(c.percent).toBe(100);
    expect(c.cost).toBe(23);
  });

  it('"The same with St and MW2: 23.4 × 2.15 = 50.31, cost 50"', () => {
    const c = elementCost(design('infantry', [10, 30, 4, 6, 2, 2, 4], ['St', 'MW2']));
    expect(c.percent).toBe(215);
    expect(formatFraction(c.exact)).toBe('5031/100');
    expect(c.cost).toBe(50);
    expect(c.percents).toEqual([
      { code: 'St', percent: 35 },
      { code: 'MW2', percent: 80 },
    ]);
  });

  it('"no To Hit (a wall or building) → TH = 7 (the factor is 0, the element costs 0)"', () => {
    expect(elementCost(design('structure', [0, 0, 7, 3, 0, 10, 1])).cost).toBe(0);
  });

  it('"an automatic hit → TH = 0 (the factor is 7)"; "no Morale → Mo = 1 (the factor is 6)"; "no Save → S = 7 (the term is 0)"', () => {
    const c = elementCost(design('creature', [10, 0, 0, 7, 1, 1, 1]));
    expect(c.toHitFactor).toBe(7);
    expect(c.moraleFactor).toBe(6);
    expect(c.sum.save).toBe(0);
    expect(formatFraction(c.base)).toBe(`${(2 + 0 + 0 + 1 + 1) * 6 * 7}/5`);
  });

  it('"The sum 100 + Σ is never taken below 10"', () => {
    const c = elementCost(design('vehicle', [10, 10, 4, 6, 1, 1, 4], ['Org', 'LM', 'LFA', 'WB']));
    // 100 − 40 − 30 − 30 − 30 = −30 → 10
    expect(c.floored).toBe(true);
    expect(c.percent).toBe(10);
  });

  it('"MoF ×1/2, Feot ×1/2, OS ×1/10" are separate multipliers of the whole', () => {
    const c = elementCost(design('infantry', [10, 30, 4, 6, 2, 2, 4], ['MoF', 'Feot', 'OS']));
    expect(formatFraction(c.multiplier)).toBe('1/40');
    expect(c.percent).toBe(100);
    expect(formatFraction(c.exact)).toBe('117/200');
    expect(c.cost).toBe(1);
  });

  it('"The element\'s cost is the exact value rounded to the nearest whole point, halves up"', () => {
    // base 7/2 → 4: infantry 5/0 with sum (1 + 0 + 1 + 2 + 1) × 1 × 7 / 5 = 7; ×1/2 with MoF = 3.5 → 4.
    const c = elementCost(design('infantry', [5, 0, 0, 6, 2, 1, 6], ['MoF']));
    expect(formatFraction(c.exact)).toBe('7/2');
    expect(c.cost).toBe(4);
  });
});

describe('§11 Rulings on the special costs', () => {
  const rifle = [10, 30, 4, 6, 2, 2, 4];

  it('"Fire arcs": each code counts its bracketed half without a manoeuvrability code, its full value with one', () => {
    expect(elementCost(design('vehicle', rifle, ['LFA'])).percent).toBe(85);
    expect(elementCost(design('vehicle', rifle, ['RsFA'])).percent).toBe(90);
    expect(elementCost(design('vehicle', rifle, ['RdFA'])).percent).toBe(95);
    expect(elementCost(design('vehicle', rifle, ['RdFA', 'RdM'])).percent).toBe(80);
    expect(elementCost(design('vehicle', rifle, ['LFA'])).percents[0]!.note).toMatch(/half/);
  });

  it('"Scattering drops": a scattering drop costs +20% (DrpS), a scattering teleport +40% (TelS)', () => {
    expect(elementCost(design('infantry', rifle, ['Drp'])).percent).toBe(140);
    expect(elementCost(design('infantry', rifle, ['DrpS'])).percent).toBe(120);
    expect(elementCost(design('infantry', rifle, ['Tel'])).percent).toBe(160);
    expect(elementCost(design('infantry', rifle, ['TelS'])).percent).toBe(140);
  });

  it('"Deny costs the absolute value of what it denies"', () => {
    const pct = (x: string) => elementCost(design('infantry', rifle, [`Den:${x}`])).percent - 100;
    expect([
      pct('Ch'),
      pct('MA'),
      pct('SS'),
      pct('IC'),
      pct('Bmb'),
      pct('Tel'),
      pct('Drp'),
      pct('St'),
      pct('Sc'),
    ]).toEqual([15, 25, 25, 50, 100, 60, 40, 35, 25]);
  });

  it('"Multiple weapons: MW3 has three weapons, +160%"; T<n> is +25 × n', () => {
    expect(elementCost(design('infantry', rifle, ['MW3'])).percent).toBe(260);
    expect(elementCost(design('vehicle', rifle, ['T3'])).percent).toBe(175);
  });

  it('"Defaults cost nothing: an infantry element\'s Full armor is free"; FA costs +20 for other types', () => {
    expect(elementCost(design('infantry', rifle, ['FA'])).percent).toBe(100);
    expect(elementCost(design('vehicle', rifle, ['FA'])).percent).toBe(120);
  });

  it('"Se +20% (0 with Sub)"', () => {
    expect(elementCost(design('vehicle', rifle, ['Se'])).percent).toBe(120);
    expect(elementCost(design('vehicle', rifle, ['Se', 'Sub'])).percent).toBe(130);
  });

  it('"Water bound always counts −30%"', () => {
    expect(elementCost(design('vehicle', rifle, ['WB'])).percent).toBe(70);
  });

  it("Heal, Rep +200; Heal4, Rep4 +100; the table's other codes at their plain values", () => {
    const pct = (codes: string[]) => elementCost(design('vehicle', rifle, codes)).percent - 100;
    expect(pct(['Heal', 'Rep'])).toBe(400);
    expect(pct(['Heal4', 'Rep4'])).toBe(200);
    expect(pct(['MA', 'SS', 'Cone', 'IF', 'Fly'])).toBe(125);
    expect(pct(['5c'])).toBe(25);
    expect(pct(['10c'])).toBe(50);
    expect(pct(['Bmb'])).toBe(100);
    expect(pct(['Rec', 'Sk', 'IC', 'Sub', 'Sc', 'Amph', 'Ch', 'Ins'])).toBe(20 + 25 + 50 + 30 + 25 + 20 + 15 + 10);
    expect(pct(['JJ'])).toBe(25);
    expect(pct(['Eth'])).toBe(25);
    expect(pct(['RdM'])).toBe(-10);
    expect(pct(['RsM'])).toBe(-20);
    expect(pct(['LM'])).toBe(-30);
    expect(pct(['Org'])).toBe(-40);
  });
});

describe('§23 the sample designs: "type, MV RG TH SV PW AR MO, codes → cost by §11"', () => {
  const table: [string, ElementType, number[], string[], string, number, string, number][] = [
    ['Rifle', 'infantry', [10, 30, 4, 6, 2, 2, 4], [], '23.4', 100, '1', 23],
    ['Leader', 'infantry', [10, 30, 3, 6, 2, 2, 3], [], '41.6', 100, '1', 42],
    ['Tank', 'vehicle', [20, 50, 4, 5, 5, 5, 4], ['RdFA'], '46.8', 95, '1', 44],
    ['Mortar', 'infantry', [5, 60, 5, 6, 3, 1, 4], ['IF', '5c'], '21.6', 150, '1', 32],
    ['Scout', 'infantry', [15, 20, 4, 5, 1, 1, 3], ['Sc', 'Rec'], '26.4', 145, '1', 38],
    ['Para', 'infantry', [10, 20, 4, 6, 2, 2, 3], ['DrpS'], '26.4', 120, '1', 32],
    ['Gunship', 'vehicle', [30, 40, 4, 5, 4, 3, 3], ['Fly', 'SS'], '55.2', 150, '1', 83],
    ['Medic', 'infantry', [10, 10, 6, 6, 1, 1, 4], ['Heal4'], '4.2', 200, '1', 8],
    ['Warrior', 'infantry', [10, 0, 4, 7, 3, 2, 4], ['Ch'], '12.6', 115, '1', 14],
    ['Chief', 'infantry', [10, 0, 3, 6, 3, 2, 3], ['Ch'], '25.6', 115, '1', 29],
    ['Beast', 'creature', [20, 0, 3, 6, 4, 3, 3], ['MA'], '38.4', 125, '1', 48],
    ['Flamer', 'infantry', [10, 0, 4, 6, 3, 2, 4], ['Cone', 'IC'], '14.4', 175, '1', 25],
    ['Gun', 'vehicle', [10, 100, 5, 6, 4, 2, 4], ['Bmb', 'IF', 'MoF'], '34.8', 225, '1/2', 39],
    ['Stalker', 'creature', [15, 15, 4, 5, 3, 2, 3], ['St', 'Tel'], '31.2', 195, '1', 61],
    ['Ghost', 'creature', [15, 0, 4, 7, 2, 1, 1], ['Ins', 'Eth'], '21.6', 135, '1', 29],
    ['Carrier', 'vehicle', [20, 20, 5, 5, 2, 4, 4], ['T3', 'Amph'], '19.2', 195, '1', 37],
    ['Shaman', 'creature', [10, 20, 4, 6, 2, 1, 2], ['Heal4', 'Den:Tel'], '30', 260, '1', 78],
  ];
  it.each(table)('%s', (_name, type, stats, codes, base, percent, multiplier, cost) => {
    const c = elementCost(design(type, stats, codes));
    expect(c.base.num / c.base.den).toBeCloseTo(Number(base), 10);
    expect(c.percent).toBe(percent);
    expect(formatFraction(c.multiplier)).toBe(multiplier);
    expect(c.cost).toBe(cost);
  });

  it('"A unit\'s cost is the sum of its elements\' costs": R1, 5 Rifle + Leader, 157', () => {
    const rifle = design('infantry', [10, 30, 4, 6, 2, 2, 4]);
    const leader = design('infantry', [10, 30, 3, 6, 2, 2, 3]);
    expect(
      unitCost({
        elements: [rifle, rifle, rifle, rifle, rifle, leader].map((d, i) => ({ ...d, id: `R1${i}` })) as never,
      }),
    ).toBe(157);
  });
});

describe('§11 monotone where the formula is', () => {
  const stats = fc.record({
    move: fc.integer({ min: 0, max: 40 }).map((n) => n * 5),
    range: fc.integer({ min: 0, max: 100 }).map((n) => n * 5),
    toHit: fc.integer({ min: 0, max: 7 }),
    save: fc.integer({ min: 2, max: 7 }),
    power: fc.integer({ min: 0, max: 20 }),
    armor: fc.integer({ min: 0, max: 20 }),
    morale: fc.integer({ min: 1, max: 6 }),
  });
  const codes = fc.subarray(['St', 'MW2', 'RdFA', 'LM', 'Org', 'MoF', 'OS', 'WB', 'Fly', 'T2', 'Den:Tel']);
  const exact = (d: ElementDesign) => {
    const e = elementCost(d).exact;
    return e.num / e.den;
  };

  it('more Movement, Range, Power or Armor never costs less; a better (lower) Save, Morale or To Hit never costs less', () => {
    fc.assert(
      fc.property(stats, codes, (s, special) => {
        const d: ElementDesign = { type: 'infantry', command: false, special, ...s };
        const c = exact(d);
        expect(exact({ ...d, move: d.move + 5 })).toBeGreaterThanOrEqual(c);
        expect(exact({ ...d, range: d.range + 5 })).toBeGreaterThanOrEqual(c);
        expect(exact({ ...d, power: d.power + 1 })).toBeGreaterThanOrEqual(c);
        expect(exact({ ...d, armor: d.armor + 1 })).toBeGreaterThanOrEqual(c);
        if (d.save > 2) expect(exact({ ...d, save: d.save - 1 })).toBeGreaterThanOrEqual(c);
        if (d.morale > 1) expect(exact({ ...d, morale: d.morale - 1 })).toBeGreaterThanOrEqual(c);
        if (d.toHit > 0) expect(exact({ ...d, toHit: d.toHit - 1 })).toBeGreaterThanOrEqual(c);
      }),
    );
  });

  it('a positive code never lowers the cost, and the cost is never negative', () => {
    fc.assert(
      fc.property(stats, codes, fc.constantFrom('SS', 'MA', 'Sc', 'Bmb', 'Heal'), (s, special, extra) => {
        fc.pre(!special.includes(extra));
        const d: ElementDesign = { type: 'infantry', command: false, special, ...s };
        expect(exact({ ...d, special: [...special, extra] })).toBeGreaterThanOrEqual(exact(d));
        expect(exact(d)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
