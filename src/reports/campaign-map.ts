/**
 * The text campaign map of a side's report (rules-strategic.md §6, §10): plain
 * ASCII that survives any mail client, at most 78 columns by default.
 *
 * Each hex is a 3-character cell, one column every 4 characters; as on the
 * tactical diagram, odd columns sit high and even columns half a row lower,
 * so a row takes two lines: odd columns on the first, even columns on the
 * second, and the row number stands on both, at both ends. Column numbers
 * stand above and below each column. A cell reads:
 *
 *   first character   `.` empty space, `*` a system nobody owns, a side's mark in
 *                     lower case for a system it owns, in upper case for its home
 *                     while it owns it (a home it has lost shows its owner, if any)
 *   then              `B3` the reader's ships there (its side mark and how many),
 *                     `R2` enemy ships seen there (`R?` when their number is not
 *                     known), `!3` both sides' ships (the reader's number shown)
 *
 * Where the map is wider or taller than the page, it is cropped around the
 * reader's fleets (and, if they fit, every system and fleet it sees), and the
 * line under the map says which part is shown.
 */
import { formatHex } from '../rules/hex.ts';
import { fleetReach } from '../rules/strategic/ships.ts';
import type { SideView } from '../rules/strategic/types.ts';
import type { Hex } from '../rules/types.ts';
import { wrapWords } from './wrap.ts';

export interface CampaignMapOptions {
  /** Characters per line; default 78, at least 30. */
  readonly maxWidth?: number;
  /** Lines of the map (rulers included); default 50, at least 8. */
  readonly maxHeight?: number;
  /** Side → one-letter mark; default: each side's first letter, made unique. */
  readonly sideMarks?: Readonly<Record<string, string>>;
  /** The sides, in seat order (for the marks). */
  readonly sides: readonly string[];
}

const PITCH = 4;
const CELL = 3;
const RULER = 3;
const two = (n: number) => String(n).padStart(2, '0');

function marksFor(sides: readonly string[], given: Readonly<Record<string, string>> = {}): Map<string, string> {
  const marks = new Map<string, string>();
  const taken = new Set<string>();
  for (const side of sides) {
    const want =
      given[side] ??
      [...side.toUpperCase().replace(/[^A-Z]/g, ''), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((m) => !taken.has(m))!;
    marks.set(side, want.toUpperCase());
    taken.add(want.toUpperCase());
  }
  return marks;
}

/** One axis of the crop: all of it if it fits, else around the values that matter most. */
function cropAxis(
  size: number,
  fit: number,
  preferred: readonly number[],
  fallback: readonly number[],
): [number, number] {
  if (size <= fit) return [1, size];
  for (const values of [fallback, preferred]) {
    if (values.length === 0) continue;
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    if (hi - lo + 1 > fit) continue;
    const spare = fit - (hi - lo + 1);
    const from = Math.max(1, Math.min(lo - Math.floor(spare / 2), size - fit + 1));
    return [from, from + fit - 1];
  }
  const anchor = preferred.length > 0 ? Math.round(preferred.reduce((a, b) => a + b, 0) / preferred.length) : 1;
  const from = Math.max(1, Math.min(anchor - Math.floor(fit / 2), size - fit + 1));
  return [from, from + fit - 1];
}

/** The text map of one side's view, its legend and the crop line. */
export function renderCampaignMap(view: SideView, options: CampaignMapOptions): string {
  const width = options.maxWidth ?? 78;
  const height = options.maxHeight ?? 50;
  if (!(width >= 30) || !(height >= 8))
    throw new RangeError(`campaign map needs maxWidth ≥ 30 and maxHeight ≥ 8, got ${width} × ${height}`);
  const marks = marksFor(options.sides, options.sideMarks);
  const mark = (side: string) => marks.get(side) ?? '?';
  const { map } = view;

  const maxCols = Math.floor((width - 2 * RULER - CELL) / PITCH) + 1;
  const maxRows = Math.floor((height - 3) / 2);
  const own = view.fleets.map((f) => f.hex);
  const everything = [...own, ...view.enemyFleets.map((f) => f.hex), ...view.systems.map((s) => s.hex)];
  const [fromCol, toCol] = cropAxis(
    map.width,
    maxCols,
    own.map((h) => h.col),
    everything.map((h) => h.col),
  );
  const [fromRow, toRow] = cropAxis(
    map.height,
    maxRows,
    own.map((h) => h.row),
    everything.map((h) => h.row),
  );
  const cropped = fromCol > 1 || fromRow > 1 || toCol < map.width || toRow < map.height;

  const key = (h: Hex) => formatHex(h);
  const cell = (h: Hex): string => {
    const k = key(h);
    const system = view.systems.find((s) => s.hex.col === h.col && s.hex.row === h.row);
    let first = '.';
    if (system) {
      if (system.home !== null && system.owner === system.home) first = mark(system.home);
      else if (system.owner !== null) first = mark(system.owner).toLowerCase();
      else first = '*';
    }
    const mine = view.fleets.filter((f) => key(f.hex) === k).reduce((t, f) => t + f.ships.length, 0);
    const theirs = view.enemyFleets.filter((f) => key(f.hex) === k);
    const count = (n: number) => (n > 9 ? '+' : String(n));
    let rest = '  ';
    if (mine > 0 && theirs.length > 0) rest = `!${count(mine)}`;
    else if (mine > 0) rest = `${mark(view.side)}${count(mine)}`;
    else if (theirs.length > 0) {
      const known = theirs.every((f) => f.ships !== null);
      rest = `${mark(theirs[0]!.side)}${known ? count(theirs.reduce((t, f) => t + (f.ships ?? 0), 0)) : '?'}`;
    }
    return first + rest;
  };

  const cols = toCol - fromCol + 1;
  const lineWidth = 2 * RULER + (cols - 1) * PITCH + CELL;
  const ruler = (() => {
    const chars = Array<string>(lineWidth).fill(' ');
    for (let c = fromCol; c <= toCol; c++) {
      const x = RULER + (c - fromCol) * PITCH;
      chars[x] = two(c)[0]!;
      chars[x + 1] = two(c)[1]!;
    }
    return chars.join('').trimEnd();
  })();
  const lines = [ruler];
  for (let r = fromRow; r <= toRow; r++) {
    for (const parity of [1, 0]) {
      const chars = Array<string>(lineWidth).fill(' ');
      const put = (x: number, text: string) => {
        for (let i = 0; i < text.length; i++) chars[x + i] = text[i]!;
      };
      put(0, two(r));
      put(lineWidth - 2, two(r));
      for (let c = fromCol; c <= toCol; c++) {
        if (c % 2 !== parity) continue;
        put(RULER + (c - fromCol) * PITCH, cell({ col: c, row: r }));
      }
      lines.push(chars.join('').trimEnd());
    }
  }
  lines.push(ruler);

  const range = (a: number, b: number) => `${two(a)}-${two(b)}`;
  const cropLine = cropped
    ? `Showing columns ${range(fromCol, toCol)}, rows ${range(fromRow, toRow)} of a ${map.width}x${map.height} map (the game page shows all of it).`
    : `Showing the whole ${map.width}x${map.height} map.`;
  const inside = (h: Hex) => h.col >= fromCol && h.col <= toCol && h.row >= fromRow && h.row <= toRow;
  const outside = (h: Hex) => (inside(h) ? '' : ' (outside the picture)');
  const legend = [
    ...view.fleets.map(
      (f) =>
        `${mark(view.side)} ${f.id} at ${formatHex(f.hex)}: ${f.ships.length} ${f.ships.length === 1 ? 'ship' : 'ships'}, reach ${fleetReach(f)}${outside(f.hex)}`,
    ),
    ...view.enemyFleets.map(
      (f) =>
        `${mark(f.side)} ${f.id} at ${formatHex(f.hex)}: ${f.ships === null ? 'number of ships unknown' : `${f.ships} ${f.ships === 1 ? 'ship' : 'ships'}`}${outside(f.hex)}`,
    ),
  ];
  const sides = [...marks].map(([side, m]) => `${m} = ${side}`).join(', ');
  const enemyMarks = [...marks].filter(([s]) => s !== view.side).map(([, m]) => `${m}n`);
  const notes = [
    `${sides}. A hex shows first . for space, * for a system nobody owns, a side's mark in lower case for a system it owns, in upper case for its home while it owns it;`,
    `then ${mark(view.side)}n: n of your ships, ${enemyMarks.join(' ')}: n enemy ships seen (? when not known), !n: both sides' ships (n yours).`,
    'Each row takes two lines: odd columns on the first, even columns (half a hex lower) on the second.',
  ];
  return [...lines, ...[cropLine, ...legend, ...notes].flatMap((l) => wrapWords(l, width))].join('\n');
}
