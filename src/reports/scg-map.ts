/**
 * The Simple Combat Game's board as text (rules-scg.md §17.5): every hex row
 * in two lines (odd columns, then the even ones half a hex lower), `#` for
 * impassable, `.` for open, each unit as its side's letter and its id; a
 * legend of every unit and both scores. At most 24 columns fit 78 characters:
 * a wider board is shown in part, and the report says which part and lists
 * the units outside it — a unit is never left out silently.
 */
import { formatHex } from '../rules/hex.ts';
import { formatAr, unitTypeOf } from '../rules/scg/forces.ts';
import type { ScgState, ScgUnit } from '../rules/scg/types.ts';

/** Columns per hex slot; a hex's text is 5 wide, its same-line neighbours 6 apart. */
const SLOT = 3;
const CELL = 5;
const LABEL = 4;

/** How many columns fit `width` characters. */
export const columnsThatFit = (width: number): number => Math.floor((width - LABEL - CELL) / SLOT) + 1;

/** A letter per side: the first letter of each side's name, or A and B when both start alike. */
export function sideLetters(sides: readonly string[]): Record<string, string> {
  const first = sides.map((s) => s[0]!.toLowerCase());
  const distinct = new Set(first).size === sides.length;
  return Object.fromEntries(sides.map((s, i) => [s, distinct ? first[i]! : String.fromCharCode(97 + i)]));
}

/** What a unit's hex shows: side letter and id, cut to fit (the legend has the whole id). */
export function unitMark(u: ScgUnit, letters: Record<string, string>): string {
  const mark = `${letters[u.side] ?? '?'}${u.id}`;
  return mark.length > CELL ? `${mark.slice(0, CELL - 1)}~` : mark;
}

export interface ScgMapOptions {
  readonly width?: number;
  /** The first column shown when the board is wider than fits (default: the window holding most units). */
  readonly fromColumn?: number;
}

function bestWindow(state: ScgState, shown: number): number {
  const { width } = state.map;
  let best = 1;
  let bestCount = -1;
  for (let from = 1; from + shown - 1 <= width; from++) {
    const n = state.units.filter((u) => u.status === 'active' && u.hex.col >= from && u.hex.col < from + shown).length;
    if (n > bestCount) {
      best = from;
      bestCount = n;
    }
  }
  return best;
}

/** The map lines, and a note on what is outside them when the board is shown in part. */
export function scgMap(state: ScgState, options: ScgMapOptions = {}): string[] {
  const { width, height } = state.map;
  const shown = Math.min(width, columnsThatFit(options.width ?? 78));
  const from =
    width > shown ? Math.max(1, Math.min(options.fromColumn ?? bestWindow(state, shown), width - shown + 1)) : 1;
  const to = from + shown - 1;
  const letters = sideLetters(state.sides);
  const impassable = new Set(state.map.impassable.map(formatHex));
  const at = new Map<string, ScgUnit>();
  for (const u of state.units) if (u.status === 'active') at.set(formatHex(u.hex), u);

  const blank = (n: number) => ' '.repeat(n);
  const place = (line: string[], col: number, text: string) => {
    const start = LABEL + (col - from) * SLOT;
    const pad = Math.floor((CELL - text.length) / 2);
    for (let i = 0; i < text.length; i++) line[start + pad + i] = text[i]!;
  };
  const lineLength = LABEL + (shown - 1) * SLOT + CELL;
  const out: string[] = [];
  for (const parity of [1, 0]) {
    const line = blank(lineLength).split('');
    for (let c = from; c <= to; c++) if (c % 2 === parity) place(line, c, String(c).padStart(2, '0'));
    out.push(line.join('').trimEnd());
  }
  for (let r = 1; r <= height; r++) {
    for (const parity of [1, 0]) {
      const line = blank(lineLength).split('');
      const label = parity === 1 ? String(r).padStart(2, '0') : '';
      for (let i = 0; i < label.length; i++) line[i] = label[i]!;
      for (let c = from; c <= to; c++) {
        if (c % 2 !== parity) continue;
        const name = formatHex({ col: c, row: r });
        const u = at.get(name);
        place(line, c, u ? unitMark(u, letters) : impassable.has(name) ? '###' : '.');
      }
      out.push(line.join('').trimEnd());
    }
  }
  if (shown < width) {
    out.push(`Columns ${String(from).padStart(2, '0')}–${String(to).padStart(2, '0')} of ${width} shown.`);
    const outside = state.units.filter((u) => u.status === 'active' && (u.hex.col < from || u.hex.col > to));
    out.push(
      outside.length === 0
        ? 'No unit is outside them.'
        : `Outside them: ${outside.map((u) => `${unitMark(u, letters)} at ${formatHex(u.hex)}`).join(', ')}.`,
    );
  }
  return out;
}

/** One line per unit (§17.5): mark, id, type, hex, MA, AR, DC, damage, weapons; destroyed units say so. */
export function scgLegend(state: ScgState): string[] {
  const letters = sideLetters(state.sides);
  const lines = [`Sides: ${state.sides.map((s) => `${letters[s]} = ${s}`).join(', ')}. # impassable, . open.`];
  for (const u of state.units) {
    const t = unitTypeOf(state.unitTypes, u.type);
    const weapons = t?.weapons.map((w) => `${w.mount} ${w.weapon}`).join(', ') ?? '';
    const where = u.status === 'active' ? formatHex(u.hex) : `destroyed (last at ${formatHex(u.hex)})`;
    lines.push(
      `${unitMark(u, letters).padEnd(CELL)} ${u.id} ${t?.name ?? u.type} ${where}: MA ${t?.ma ?? '?'} AR ${t ? formatAr(t.ar) : '?'} DC ${t?.dc ?? '?'} damage ${u.damage}; ${weapons}`,
    );
  }
  return lines;
}
