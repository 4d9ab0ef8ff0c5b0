/**
 * A Mini Combat battlefield as text (rules-mini-combat.md §2, §22.4): every
 * hex row in two lines (odd columns, then the even ones half a hex lower),
 * terrain as one sign, each hex holding elements as its side's letter, the
 * unit's id and how many (`rA1*3`), objectives as `(*)`. Only what the reader
 * is shown: a seat's own elements and the enemy elements in its view. The
 * picture is cut to the rows and columns that hold something, within the
 * report's width, and says which part of the board it shows and what lies
 * outside it.
 */
import { formatHex } from '../rules/hex.ts';
import { wrapWords } from './wrap.ts';
import type { SideView } from '../rules/mini-combat/views.ts';
import type { MiniPosition, Terrain } from '../rules/mini-combat/types.ts';
import type { Hex } from '../rules/types.ts';

const SLOT = 3;
const CELL = 5;
const LABEL = 4;
/** Rows kept around what is shown, so that the picture has some ground around it. */
const MARGIN = 2;

export const columnsThatFit = (width: number): number => Math.floor((width - LABEL - CELL) / SLOT) + 1;

export const TERRAIN_SIGNS: Readonly<Record<Terrain, string>> = {
  open: '.',
  road: '=',
  forest: '%',
  swamp: '"',
  rough: ':',
  building: '#',
  urban: '+',
  water: '~~~',
  river: '~',
  hill: '^',
  vacuum: '_',
};

/** One element on the map: its unit, its side, its hex. */
export interface MapElement {
  readonly unit: string;
  readonly side: string;
  readonly hex: Hex;
}

/** The elements a reader is shown standing on the map: a side's view, or (null) everything. */
export function shownElements(p: MiniPosition, view: SideView | null): MapElement[] {
  const units = view === null ? p.units : [...view.units, ...view.enemy];
  return units.flatMap((u) =>
    u.elements
      .filter((e) => e.status === 'active' && e.hex !== null)
      .map((e) => ({ unit: u.id, side: u.side, hex: e.hex! })),
  );
}

const letterOf = (side: string) => side.charAt(0).toLowerCase();

/** A hex's mark: side letter, the first unit's id and the count; `~` when it had to be cut, `+` when shared. */
function mark(list: readonly MapElement[]): { text: string; whole: boolean } {
  const first = list[0]!;
  const others = list.some((x) => x.unit !== first.unit || x.side !== first.side);
  const n = list.filter((x) => x.unit === first.unit).length;
  const base = `${letterOf(first.side)}${first.unit}`;
  const text = `${base}${others ? '+' : n > 1 ? `*${n}` : ''}`;
  if (text.length <= CELL) return { text, whole: !others };
  // Cut short: the id gives way to the count (`rHo~3`: three elements of a unit whose id starts Ho); shared: `+`.
  const tail = others ? '+' : n > 1 ? `~${n}` : '~';
  return { text: `${base.slice(0, Math.max(2, CELL - tail.length))}${tail}`.slice(0, CELL), whole: false };
}

/** What a cut or shared hex holds, in words: `1117: Horse ×3 (Red), Line ×1 (Blue)`. */
function spelled(hex: string, list: readonly MapElement[], sideName: (s: string) => string): string {
  const units = new Map<string, { unit: string; side: string; n: number }>();
  for (const x of list) {
    const key = `${x.side}:${x.unit}`;
    const u = units.get(key) ?? { unit: x.unit, side: x.side, n: 0 };
    u.n += 1;
    units.set(key, u);
  }
  return `${hex} ${[...units.values()].map((u) => `${u.unit} ×${u.n} (${sideName(u.side)})`).join(', ')}`;
}

export interface MiniMapOptions {
  readonly width?: number;
  /** Side names for the list of cut or shared hexes (default: the side ids). */
  readonly sideName?: (side: string) => string;
}

/** The map lines: the picture, its part of the board, and what is outside it. */
export function miniMap(p: MiniPosition, view: SideView | null, options: MiniMapOptions = {}): string[] {
  const { width, height } = p.map;
  const elements = shownElements(p, view);
  const objectives = p.battle.type === 'defensive' ? p.battle.objectives : [];
  const things: Hex[] = [...elements.map((e) => e.hex), ...objectives];
  const shownCols = Math.min(width, columnsThatFit(options.width ?? 78));
  let from = 1;
  if (width > shownCols) {
    let best = -1;
    for (let c = 1; c + shownCols - 1 <= width; c++) {
      const n = things.filter((h) => h.col >= c && h.col < c + shownCols).length;
      if (n > best) [best, from] = [n, c];
    }
  }
  const to = from + shownCols - 1;
  const rows = things.filter((h) => h.col >= from && h.col <= to).map((h) => h.row);
  const top = rows.length === 0 ? 1 : Math.max(1, Math.min(...rows) - MARGIN);
  const bottom = rows.length === 0 ? height : Math.min(height, Math.max(...rows) + MARGIN);

  const at = new Map<string, MapElement[]>();
  for (const e of elements) at.set(formatHex(e.hex), [...(at.get(formatHex(e.hex)) ?? []), e]);
  const objective = new Set(objectives.map(formatHex));

  const lineLength = LABEL + (shownCols - 1) * SLOT + CELL;
  const place = (line: string[], col: number, text: string) => {
    const start = LABEL + (col - from) * SLOT;
    const pad = Math.floor((CELL - text.length) / 2);
    for (let i = 0; i < text.length; i++) line[start + pad + i] = text[i]!;
  };
  const out: string[] = [];
  const cut: string[] = [];
  for (const parity of [1, 0]) {
    const line = ' '.repeat(lineLength).split('');
    for (let c = from; c <= to; c++) if (c % 2 === parity) place(line, c, String(c).padStart(2, '0'));
    out.push(line.join('').trimEnd());
  }
  for (let r = top; r <= bottom; r++)
    for (const parity of [1, 0]) {
      const line = ' '.repeat(lineLength).split('');
      if (parity === 1) {
        const label = String(r).padStart(2, '0');
        line[0] = label[0]!;
        line[1] = label[1]!;
      }
      for (let c = from; c <= to; c++) {
        if (c % 2 !== parity) continue;
        const name = formatHex({ col: c, row: r });
        const here = at.get(name);
        const m = here ? mark(here) : null;
        if (here && m && !m.whole) cut.push(spelled(name, here, options.sideName ?? ((s) => s)));
        place(line, c, m ? m.text : objective.has(name) ? '(*)' : TERRAIN_SIGNS[p.terrain.get(name) ?? 'open']);
      }
      out.push(line.join('').trimEnd());
    }
  if (cut.length > 0) out.push(...wrapWords(`Hexes in full: ${cut.join('; ')}.`, options.width ?? 78, '  '));
  const part = (a: number, b: number, n: number, what: string) =>
    a === 1 && b === n ? null : `${what} ${String(a).padStart(2, '0')}–${String(b).padStart(2, '0')} of ${n}`;
  const parts = [part(from, to, width, 'columns'), part(top, bottom, height, 'rows')].filter((x) => x !== null);
  if (parts.length > 0) {
    out.push(`Shown: ${parts.join(', ')}.`);
    const outside = elements.filter((e) => e.hex.col < from || e.hex.col > to);
    if (outside.length > 0) {
      const units = [...new Set(outside.map((e) => `${letterOf(e.side)}${e.unit} at ${formatHex(e.hex)}`))];
      out.push(`Outside the picture: ${units.join(', ')}.`);
    }
  }
  return out;
}

/** The map's legend: side letters and terrain signs, the ones the picture uses. */
export function miniLegend(p: MiniPosition, sideName: (s: string) => string): string[] {
  const used = new Set<Terrain>(['open', ...p.terrain.values()]);
  const signs = (Object.keys(TERRAIN_SIGNS) as Terrain[])
    .filter((t) => used.has(t))
    .map((t) => `${TERRAIN_SIGNS[t]} ${t}`);
  const sides = p.sides.map((s) => `${letterOf(s)} ${sideName(s)}`).join(', ');
  const objectives = p.battle.type === 'defensive' ? ', (*) objective' : '';
  return [
    `Units: ${sides} (rA1*3: three elements of unit A1 of Red; rHo~3: an id cut short, then the count; + more units there: see Hexes in full)${objectives}.`,
    `Terrain: ${signs.join(', ')}.`,
  ];
}
