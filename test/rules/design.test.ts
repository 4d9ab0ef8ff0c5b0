/** rules-tactical.md §2 (ships and designs) and §10 (ship ids). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkDesign, checkFleet, designCost, parseWeapons } from '../../src/rules/design.ts';
import { WEAPON_SIDES, type Design, type WeaponSide } from '../../src/rules/types.ts';

const design = (engine: number, shields: number, toHit: number, weapons: readonly string[] = []): Design => ({
  engine,
  shields,
  toHit,
  weapons: weapons as readonly WeaponSide[],
});

const codes = (errors: readonly { code: string }[]): string[] => errors.map((e) => e.code);

// The tutorial's ships (§9).
const BLACK = design(3, 3, 3, ['F', 'FL', 'FR']);
const GREY = design(4, 4, 5, ['F']);

describe('designCost', () => {
  it('"A ship\'s cost is ENGINE + SHIELDS + TO-HIT + 2 × weapons"', () => {
    expect(designCost(BLACK)).toBe(3 + 3 + 3 + 2 * 3);
    expect(designCost(GREY)).toBe(4 + 4 + 5 + 2);
    expect(designCost(design(0, 1, 0))).toBe(1);
  });

  it('"Each point costs 1 BP" — one more point of any rating costs one more BP', () => {
    expect(designCost(design(4, 3, 3, ['F', 'FL', 'FR']))).toBe(designCost(BLACK) + 1);
    expect(designCost(design(3, 4, 3, ['F', 'FL', 'FR']))).toBe(designCost(BLACK) + 1);
    expect(designCost(design(3, 3, 4, ['F', 'FL', 'FR']))).toBe(designCost(BLACK) + 1);
  });
});

describe('checkDesign', () => {
  it('accepts the tutorial ships', () => {
    expect(checkDesign(BLACK)).toEqual([]);
    expect(checkDesign(GREY)).toEqual([]);
  });

  it('"ENGINE, SHIELDS, TO-HIT: whole numbers, each at most 5"', () => {
    expect(codes(checkDesign(design(6, 3, 3)))).toEqual(['DESIGN_ENGINE']);
    expect(codes(checkDesign(design(3, 6, 3)))).toEqual(['DESIGN_SHIELDS']);
    expect(codes(checkDesign(design(3, 3, 6)))).toEqual(['DESIGN_TO_HIT']);
    expect(codes(checkDesign(design(2.5, 3, 3)))).toEqual(['DESIGN_ENGINE']);
    expect(codes(checkDesign(design(3, 3, -1)))).toEqual(['DESIGN_TO_HIT']);
    expect(codes(checkDesign(design(Number.NaN, 3, 3)))).toEqual(['DESIGN_ENGINE']);
    expect(checkDesign(design(5, 5, 5))).toEqual([]);
    expect(checkDesign(design(6, 3, 3))[0]?.message).toBe(
      'ENGINE 6 is not allowed: ENGINE is a whole number from 0 to 5',
    );
  });

  it('a rating that is not a number at all (a form sent text) is reported, not trusted', () => {
    const fromForm = { engine: '3', shields: 3, toHit: 3, weapons: [] } as unknown as Design;
    expect(codes(checkDesign(fromForm))).toEqual(['DESIGN_ENGINE']);
  });

  it('"SHIELDS at least 1"', () => {
    expect(codes(checkDesign(design(3, 0, 3)))).toEqual(['DESIGN_SHIELDS']);
    expect(checkDesign(design(3, 0, 3))[0]?.message).toBe(
      'SHIELDS 0 is not allowed: SHIELDS is a whole number from 1 to 5',
    );
    expect(checkDesign(design(3, 1, 3))).toEqual([]);
  });

  it('"ENGINE and TO-HIT may be 0"', () => {
    expect(checkDesign(design(0, 3, 0, ['F']))).toEqual([]);
  });

  it('"WEAPONS: a set of sides out of F, FL, FR, RL, RR"', () => {
    expect(checkDesign(design(1, 1, 1, ['F', 'FL', 'FR', 'RL', 'RR']))).toEqual([]);
    const errors = checkDesign(design(1, 1, 1, ['F', 'X']));
    expect(codes(errors)).toEqual(['DESIGN_WEAPON_SIDE']);
    expect(errors[0]?.message).toBe('"X" is not a weapon side: choose from F, FL, FR, RL, RR');
  });

  it('"(never R)" — and the message says so', () => {
    const errors = checkDesign(design(3, 3, 3, ['R']));
    expect(codes(errors)).toEqual(['DESIGN_WEAPON_SIDE']);
    expect(errors[0]?.message).toMatch(/^R is never a weapon side/);
    expect(errors[0]?.message).toContain('choose from F, FL, FR, RL, RR');
  });

  it('"at most one per side"', () => {
    const errors = checkDesign(design(3, 3, 3, ['F', 'FL', 'F']));
    expect(codes(errors)).toEqual(['DESIGN_WEAPON_DUPLICATE']);
    expect(errors[0]?.message).toBe('weapon F is listed twice: a ship carries at most one weapon per side');
  });

  it('"2 BP each" — a weapon costs two points of rating', () => {
    expect(designCost(design(1, 1, 1, ['F']))).toBe(designCost(design(2, 2, 1)));
  });

  it('"at most 25 BP": the largest legal design costs exactly 25', () => {
    const largest = design(5, 5, 5, [...WEAPON_SIDES]);
    expect(designCost(largest)).toBe(25);
    expect(checkDesign(largest)).toEqual([]);
  });

  it('"at most 25 BP": a design over 25 is refused (reachable only with other faults)', () => {
    const errors = checkDesign(design(5, 5, 5, ['F', 'FL', 'FR', 'RL', 'RR', 'F']));
    expect(codes(errors)).toEqual(['DESIGN_WEAPON_DUPLICATE', 'DESIGN_TOO_COSTLY']);
    expect(errors[1]?.message).toBe(
      'the design costs 27 BP; a ship costs at most 25 BP (ENGINE + SHIELDS + TO-HIT + 2 per weapon)',
    );
  });

  it('"A scenario may set … the sizes it allows (the seed\'s usual sizes are 10, 15 and 20 BP)"', () => {
    const sizes = [10, 15, 20];
    expect(checkDesign(BLACK, { sizes })).toEqual([]);
    const errors = checkDesign(design(5, 3, 3, ['F', 'FL', 'FR']), { sizes });
    expect(codes(errors)).toEqual(['DESIGN_SIZE']);
    expect(errors[0]?.message).toBe('the design costs 17 BP; this scenario allows ships of 10, 15 or 20 BP');
    expect(checkDesign(design(2, 2, 2, ['F', 'RR']), { sizes: [10] })).toEqual([]);
  });

  it('"A scenario may set each side\'s BP budget": a single ship cannot cost more than the whole budget', () => {
    expect(checkDesign(BLACK, { budget: 15 })).toEqual([]);
    const errors = checkDesign(BLACK, { budget: 12 });
    expect(codes(errors)).toEqual(['DESIGN_OVER_BUDGET']);
    expect(errors[0]?.message).toBe('the design costs 15 BP, more than the whole budget of 12 BP');
  });

  it('reports every problem at once, each with the ship it concerns', () => {
    const errors = checkDesign(design(7, 0, 3, ['R', 'F', 'F']), { sizes: [10, 15, 20] }, 'B2');
    expect(codes(errors)).toEqual([
      'DESIGN_ENGINE',
      'DESIGN_SHIELDS',
      'DESIGN_WEAPON_SIDE',
      'DESIGN_WEAPON_DUPLICATE',
      'DESIGN_SIZE',
    ]);
    expect(errors.every((e) => e.ship === 'B2')).toBe(true);
    expect(checkDesign(design(7, 3, 3))[0]).not.toHaveProperty('ship');
  });

  it('property: every design within the limits of §2 is legal and costs at most 25', () => {
    const rating = (min: number) => fc.integer({ min, max: 5 });
    fc.assert(
      fc.property(rating(0), rating(1), rating(0), fc.subarray([...WEAPON_SIDES]), (e, s, t, w) => {
        const d = design(e, s, t, w);
        return checkDesign(d).length === 0 && designCost(d) <= 25;
      }),
    );
  });
});

describe('checkFleet', () => {
  const fleet = (...ships: Array<[string, Design]>) => ships.map(([id, d]) => ({ id, design: d }));

  it('accepts a fleet within budget and sizes', () => {
    expect(checkFleet(fleet(['Black', BLACK], ['Grey', GREY]), { budget: 30, sizes: [10, 15, 20] })).toEqual([]);
  });

  it('the total must be within the side\'s budget: "fleet costs 31 BP, budget is 30"', () => {
    const errors = checkFleet(fleet(['A', BLACK], ['B', design(4, 4, 4, ['F', 'FL'])]), { budget: 30 });
    expect(codes(errors)).toEqual(['FLEET_OVER_BUDGET']);
    expect(errors[0]?.message).toMatch(/^fleet costs 31 BP, budget is 30\b/);
    expect(errors[0]).not.toHaveProperty('ship');
  });

  it("each design is checked, against the scenario's sizes, errors naming the ship", () => {
    const errors = checkFleet(fleet(['A', BLACK], ['B', design(3, 0, 3, ['R'])]), { budget: 50, sizes: [10, 15] });
    expect(errors).toEqual([
      expect.objectContaining({ code: 'DESIGN_SHIELDS', ship: 'B' }),
      expect.objectContaining({ code: 'DESIGN_WEAPON_SIDE', ship: 'B' }),
      expect.objectContaining({ code: 'DESIGN_SIZE', ship: 'B' }),
    ]);
  });

  it('"Ship ids are 1–12 letters or digits" (§10)', () => {
    const ok = fleet(['A', GREY], ['abcdefghij12', GREY], ['7', GREY]);
    expect(checkFleet(ok, { budget: 100 })).toEqual([]);
    const bad = fleet(['', GREY], ['abcdefghij123', GREY], ['A-1', GREY], ['A 1', GREY], ['Å', GREY]);
    const errors = checkFleet(bad, { budget: 100 });
    expect(codes(errors)).toEqual(Array(5).fill('SHIP_ID_FORMAT'));
    expect(errors[2]?.message).toBe('ship id "A-1" is not allowed: use 1 to 12 letters or digits, e.g. A1');
  });

  it('"Ship ids … unique within a game" — also not differing only in case, since orders are typed by hand', () => {
    const errors = checkFleet(fleet(['A1', GREY], ['B1', GREY], ['A1', GREY], ['b1', GREY]), { budget: 100 });
    expect(codes(errors)).toEqual(['SHIP_ID_DUPLICATE', 'SHIP_ID_DUPLICATE']);
    expect(errors[0]).toMatchObject({ ship: 'A1', message: 'ship id A1 is used twice: give every ship its own id' });
    expect(errors[1]).toMatchObject({
      ship: 'b1',
      message: 'ship ids B1 and b1 differ only in case: give every ship its own id',
    });
  });

  it('an empty fleet costs nothing', () => {
    expect(checkFleet([], { budget: 0 })).toEqual([]);
  });
});

describe('parseWeapons', () => {
  it('reads sides separated by spaces or commas, any case, in firing order', () => {
    expect(parseWeapons('F FL FR')).toEqual({ ok: true, value: ['F', 'FL', 'FR'] });
    expect(parseWeapons('F,FL')).toEqual({ ok: true, value: ['F', 'FL'] });
    expect(parseWeapons(' rr , f\tfl ')).toEqual({ ok: true, value: ['F', 'FL', 'RR'] });
  });

  it('no weapons: empty, "-" or "none"', () => {
    expect(parseWeapons('')).toEqual({ ok: true, value: [] });
    expect(parseWeapons(' - ')).toEqual({ ok: true, value: [] });
    expect(parseWeapons('None')).toEqual({ ok: true, value: [] });
  });

  it('"(never R)"', () => {
    const r = parseWeapons('F r');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('DESIGN_WEAPON_SIDE');
      expect(r.error.message).toMatch(/^R is never a weapon side/);
    }
  });

  it('refuses unknown sides and sides given twice', () => {
    expect(parseWeapons('F X')).toMatchObject({ ok: false, error: { code: 'DESIGN_WEAPON_SIDE' } });
    expect(parseWeapons('F none')).toMatchObject({ ok: false, error: { code: 'DESIGN_WEAPON_SIDE' } });
    expect(parseWeapons('F fl F')).toMatchObject({ ok: false, error: { code: 'DESIGN_WEAPON_DUPLICATE' } });
  });

  it('property: any set of sides, written in any order and case, parses back to that set in firing order', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...WEAPON_SIDES]),
        fc.boolean(),
        fc.constantFrom(' ', ',', ', '),
        (sides, lower, sep) => {
          const text = sides.map((s) => (lower ? s.toLowerCase() : s)).join(sep);
          const r = parseWeapons(text);
          return r.ok && r.value.join() === WEAPON_SIDES.filter((s) => sides.includes(s)).join();
        },
      ),
    );
  });
});
