/**
 * Words of a command line: splitting, comments, keyword matching with a "did
 * you mean" for misspellings, and showing a player's own words back safely
 * (no control characters, no 1000-character ids in a reply).
 */
import { plainText } from '../lib/text.ts';

/** Drops a `#` comment: a `#` at the start of the line or after a space starts one (so `abc#1` stays a word). */
export function stripComment(text: string): string {
  const at = text.startsWith('#') ? 0 : text.indexOf(' #');
  return at < 0 ? text : text.slice(0, at).trimEnd();
}

/** The words of a normalised line; commas and semicolons separate like spaces (`FIRE 12,9`). */
export function words(text: string): string[] {
  return text.split(/[ ,;]+/).filter((w) => w !== '');
}

/** Keywords are case-insensitive. */
export function keyword(word: string | undefined): string {
  return word === undefined ? '' : word.toUpperCase();
}

export function isOneOf<T extends string>(word: string | undefined, list: readonly T[]): word is T {
  return (list as readonly string[]).includes(keyword(word));
}

const SHOW_MAX = 24;

/** A player's word as it may appear in a reply: control and invisible characters as `?`, long words cut short. */
export function show(text: string, max = SHOW_MAX): string {
  let cut = text.length > max ? text.slice(0, max) : text;
  if (cut.length > 0 && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  cut = plainText(cut, { replacement: '?' });
  return text.length > max ? `${cut}…` : cut;
}

/** Edit distance with transpositions (optimal string alignment), on words short enough to be keywords. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The keyword a misspelt word most likely meant, if one is close enough (1 edit for short keywords, 2 for long). */
export function nearestKeyword(word: string, candidates: readonly string[]): string | null {
  const w = keyword(word);
  if (w.length > 12) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(w, c);
    if (d < bestDistance && d <= (c.length <= 4 ? 1 : 2)) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The name a misspelt one most likely meant, ignoring case: one edit away for names of up to 4 characters, two for
 * longer ones; null when none is that close, or two are equally close, or the word is too short to guess from (`99`
 * is no more likely `9` than a slip).
 */
export function nearestName(word: string, names: readonly string[]): string | null {
  const w = word.toUpperCase();
  if (w.length < 3 || w.length > 40) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const name of names) {
    const n = name.toUpperCase();
    if (n.length > 40) continue;
    const d = editDistance(w, n);
    if (d > (Math.max(w.length, n.length) <= 4 ? 1 : 2)) continue;
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return tie ? null : best;
}

/** " (did you mean X?)" when a name is close to one of `names`, else "". */
export function didYouMean(word: string, names: readonly string[]): string {
  const guess = nearestName(word, names);
  return guess === null ? '' : ` (did you mean ${guess}?)`;
}

/** "A, B, C or D" (or "… and D"). */
export function listWords(list: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} ${conjunction} ${list[list.length - 1]}`;
}

/** The message for a word that is not a keyword where one was expected. */
export function unknownWordMessage(word: string, candidates: readonly string[], where: string): string {
  const guess = nearestKeyword(word, candidates);
  return `"${show(word)}" is not a keyword${guess ? ` (did you mean ${guess}?)` : ''}; ${where} ${listWords(candidates)}`;
}
