/**
 * Dice sources (rules-tactical.md §8). The rules never roll dice themselves:
 * they take each six-sided roll from a source given to them.
 */

export interface DiceSource {
  /** One six-sided die, 1…6. */
  roll(): number;
  /** How many dice this source has given so far. */
  readonly used: number;
}

/** Thrown when a scripted list runs out: the turn cannot be resolved with the dice given. */
export class DiceExhaustedError extends Error {
  constructor(readonly used: number) {
    super(`the scripted dice ran out after ${used} ${used === 1 ? 'die' : 'dice'}: the turn needs more`);
    this.name = 'DiceExhaustedError';
  }
}

/** A fixed list of rolls, for tests and for replaying recorded dice. Fails loudly when it runs out. */
export class ScriptedDice implements DiceSource {
  #next = 0;
  constructor(private readonly rolls: readonly number[]) {
    for (const r of rolls) {
      if (!Number.isInteger(r) || r < 1 || r > 6) throw new RangeError(`a scripted die must be 1 to 6, got ${r}`);
    }
  }
  get used(): number {
    return this.#next;
  }
  get remaining(): number {
    return this.rolls.length - this.#next;
  }
  roll(): number {
    const r = this.rolls[this.#next];
    if (r === undefined) throw new DiceExhaustedError(this.#next);
    this.#next += 1;
    return r;
  }
}

/** The saved state of a SeededDice: four 32-bit words, as 32 hex digits. */
export type DiceState = string;

/**
 * A seeded PRNG (sfc32, 128-bit state) whose state can be saved and restored,
 * so that any turn of a game can be replayed from the state stored before it.
 * Rolls are unbiased: words that would favour low faces are rejected.
 */
export class SeededDice implements DiceSource {
  #s: Uint32Array;
  #used = 0;

  private constructor(state: Uint32Array) {
    this.#s = state;
  }

  /** A fresh source from a seed (any string; a game's seed is 32 hex digits). */
  static fromSeed(seed: string): SeededDice {
    const dice = new SeededDice(hashSeed(seed));
    // Warm up so that similar seeds diverge before the first roll.
    for (let i = 0; i < 12; i++) dice.#next();
    return dice;
  }

  /** A source that continues from a saved state. */
  static fromState(state: DiceState): SeededDice {
    if (!/^[0-9a-f]{32}$/.test(state)) throw new RangeError('a dice state is 32 lowercase hex digits');
    const s = new Uint32Array(4);
    for (let i = 0; i < 4; i++) s[i] = parseInt(state.slice(i * 8, i * 8 + 8), 16);
    return new SeededDice(s);
  }

  get used(): number {
    return this.#used;
  }

  /** The state to store: a source restored from it gives the same rolls from here on. */
  save(): DiceState {
    return Array.from(this.#s, (w) => w.toString(16).padStart(8, '0')).join('');
  }

  roll(): number {
    // 2^32 - (2^32 mod 6): words at or above this would bias the result.
    const limit = 4294967292;
    for (;;) {
      const w = this.#next();
      if (w < limit) {
        this.#used += 1;
        return (w % 6) + 1;
      }
    }
  }

  /**
   * A uniform whole number from 0 to n − 1 (n from 1 to 2^32), for drawing
   * things other than dice (a generated map). It is not a die: `used` does not count it.
   */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`below(n) takes a whole n from 1 to 2^32, got ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = this.#next();
      if (w < limit) return w % n;
    }
  }

  #next(): number {
    const s = this.#s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) >>> 0) + d) >>> 0;
    s[3] = (d + 1) >>> 0;
    s[0] = (b ^ (b >>> 9)) >>> 0;
    s[1] = (c + (c << 3)) >>> 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
    return t;
  }
}

/** cyrb128: spreads a string over 128 bits of starting state. */
function hashSeed(seed: string): Uint32Array {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return Uint32Array.from([h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0]);
}
