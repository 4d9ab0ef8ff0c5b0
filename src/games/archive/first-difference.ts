/**
 * Where two JSON documents first differ, as a path a person can follow:
 * `ships[Grey].shields`, `rolls.black[1]`. Array elements that carry an `id`
 * (ships) are named by it, so a report points at the ship rather than at its
 * place in the list. Used by verify.ts to report the first mismatch.
 */

export interface Difference {
  /** '' when the two values differ as a whole. */
  readonly path: string;
  readonly expected: unknown;
  readonly found: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function idOf(v: unknown): string | null {
  return isRecord(v) && typeof v.id === 'string' ? v.id : null;
}

/** An element's name in a path: its id when both sides agree on it, else its index. */
function elementName(expected: unknown, found: unknown, index: number): string {
  const id = idOf(expected);
  return id !== null && id === idOf(found) ? id : String(index);
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/**
 * The first difference between `expected` and `found` (JSON values: objects
 * compared key by key whatever their key order, arrays element by element),
 * or null when they are equal. Keys are visited in `expected`'s order, then
 * any that only `found` has.
 */
export function firstDifference(expected: unknown, found: unknown, path = ''): Difference | null {
  if (Object.is(expected, found)) return null;
  if (Array.isArray(expected) && Array.isArray(found)) {
    const n = Math.max(expected.length, found.length);
    for (let i = 0; i < n; i++) {
      const here = `${path}[${elementName(expected[i], found[i], i)}]`;
      if (i >= expected.length || i >= found.length) return { path: here, expected: expected[i], found: found[i] };
      const d = firstDifference(expected[i], found[i], here);
      if (d) return d;
    }
    return null;
  }
  if (isRecord(expected) && isRecord(found)) {
    const keys = [...Object.keys(expected), ...Object.keys(found).filter((k) => !(k in expected))];
    for (const key of keys) {
      const d = firstDifference(expected[key], found[key], join(path, key));
      if (d) return d;
    }
    return null;
  }
  return { path, expected, found };
}

/** A value as JSON carries it: what a stored or downloaded document holds (no undefined fields). */
export function asJson(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
