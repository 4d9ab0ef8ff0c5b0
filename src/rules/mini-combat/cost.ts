/**
 * Point costs (rules-mini-combat.md §11, the seed's Appendix B), exactly:
 *
 *     base = ((M/5) + (R/5) + (7 − S) + P + A) × (7 − Mo) × (7 − TH) / 5
 *     cost = base × (100 + Σ additive %) / 100 × Π separate multipliers
 *
 * The working is returned with the total, so that a player can check a force
 * list by hand: each term of the base, each code's percentage (with the reason
 * when a special cost applies) and each separate multiplier.
 */
import { capability, parseCodes, formatCapability } from './capabilities.ts';
import { fraction, plus, roundHalfUp, times, type Fraction } from './fraction.ts';
import type { ElementDesign, Unit } from './types.ts';

export interface PercentTerm {
  readonly code: string;
  readonly percent: number;
  /** Why the value differs from the table's plain value, if it does. */
  readonly note?: string;
}

export interface MultiplierTerm {
  readonly code: string;
  readonly multiplier: Fraction;
}

export interface CostWorking {
  /** The rounded cost (halves up). */
  readonly cost: number;
  /** The exact cost. */
  readonly exact: Fraction;
  /** The formula's base. */
  readonly base: Fraction;
  /** The base's sum: M/5 + R/5 + (7 − S) + P + A. */
  readonly sum: {
    readonly move: number;
    readonly range: number;
    readonly save: number;
    readonly power: number;
    readonly armor: number;
    readonly total: number;
  };
  /** 7 − Mo and 7 − TH. */
  readonly moraleFactor: number;
  readonly toHitFactor: number;
  /** 100 + Σ additive %, after the floor of 10. */
  readonly percent: number;
  /** True when the floor of 10 was applied. */
  readonly floored: boolean;
  readonly percents: readonly PercentTerm[];
  /** The product of the separate multipliers. */
  readonly multiplier: Fraction;
  readonly multipliers: readonly MultiplierTerm[];
}

/** The lowest the percentage sum may be (§11). */
export const PERCENT_FLOOR = 10;

/**
 * The cost of one element design (§11), with its working. Codes that are not
 * capabilities, or that §12.3 forbids together, are the caller's to reject
 * first (the JSON contract and the setup language do); here they are skipped.
 */
export function elementCost(d: ElementDesign): CostWorking {
  const sum = {
    move: d.move / 5,
    range: d.range / 5,
    save: 7 - d.save,
    power: d.power,
    armor: d.armor,
    total: 0,
  };
  sum.total = sum.move + sum.range + sum.save + sum.power + sum.armor;
  const moraleFactor = 7 - d.morale;
  const toHitFactor = 7 - d.toHit;
  const base = fraction(sum.total * moraleFactor * toHitFactor, 5);

  const { codes } = parseCodes(d.special);
  const percents: PercentTerm[] = [];
  const multipliers: MultiplierTerm[] = [];
  let multiplier = fraction(1);
  // Percentages may be halves (−5, −15): add in tenths of a point to stay exact.
  let percentSum = fraction(100);
  for (const code of codes) {
    const rule = capability(code.key).cost;
    const written = formatCapability(code);
    if (rule.kind === 'multiplier') {
      const m = fraction(rule.num, rule.den);
      multipliers.push({ code: written, multiplier: m });
      multiplier = times(multiplier, m);
    } else {
      const { value, note } = rule.percent({ design: d, code, codes });
      percents.push(note === undefined ? { code: written, percent: value } : { code: written, percent: value, note });
      percentSum = plus(percentSum, fraction(value * 2, 2));
    }
  }
  const floored = percentSum.num < PERCENT_FLOOR * percentSum.den;
  const percentFraction = floored ? fraction(PERCENT_FLOOR) : percentSum;
  const exact = times(times(base, times(percentFraction, fraction(1, 100))), multiplier);
  return {
    cost: roundHalfUp(exact),
    exact,
    base,
    sum,
    moraleFactor,
    toHitFactor,
    percent: percentFraction.num / percentFraction.den,
    floored,
    percents,
    multiplier,
    multipliers,
  };
}

/** A unit's cost: the sum of its elements' rounded costs (§11). */
export function unitCost(u: Pick<Unit, 'elements'>): number {
  return u.elements.reduce((s, e) => s + elementCost(e).cost, 0);
}
