/** Exact fractions for the cost formula (rules-mini-combat.md §11: "computed exactly, never floating point"). */

export interface Fraction {
  /** Numerator; the sign lives here. */
  readonly num: number;
  /** Denominator, always positive, and the fraction always in lowest terms. */
  readonly den: number;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function fraction(num: number, den = 1): Fraction {
  if (den === 0 || !Number.isSafeInteger(num) || !Number.isSafeInteger(den))
    throw new RangeError(`not an exact fraction: ${num}/${den}`);
  const sign = den < 0 ? -1 : 1;
  const g = gcd(num, den) || 1;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const times = (a: Fraction, b: Fraction): Fraction => fraction(a.num * b.num, a.den * b.den);

export const plus = (a: Fraction, b: Fraction): Fraction => fraction(a.num * b.den + b.num * a.den, a.den * b.den);

export const compare = (a: Fraction, b: Fraction): number => a.num * b.den - b.num * a.den;

/** The nearest whole number, halves up (§11). */
export function roundHalfUp(f: Fraction): number {
  return Math.floor((2 * f.num + f.den) / (2 * f.den));
}

/** Half down: the floor (§20.1 "half points rounded down"). */
export const floorOf = (f: Fraction): number => Math.floor(f.num / f.den);

/** `"p/q"`, or `"n"` for a whole number (§22.6). */
export const formatFraction = (f: Fraction): string => (f.den === 1 ? `${f.num}` : `${f.num}/${f.den}`);

/** A decimal for people, exact where it terminates within `places`. */
export function decimal(f: Fraction, places = 4): string {
  const scaled = Math.round((f.num * 10 ** places) / f.den);
  const s = (scaled / 10 ** places).toFixed(places);
  return s.replace(/\.?0+$/, '');
}
