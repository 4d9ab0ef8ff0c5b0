/**
 * The text hex diagram of a turn report (service.md "Reports and pictures"): plain ASCII
 * that survives any mail client — no tabs, no trailing spaces, no line wider than
 * `maxWidth` (default 100).
 *
 * The hexes are the seed's `/ \_/` map scaled up to hold a ship: flat-topped, 9 characters
 * wide and 4 lines tall, one column every 7 characters; odd columns sit high, even columns
 * two lines (half a hex) lower (rules-tactical.md §1). A ship's hex shows its side mark and
 * facing on the upper line, its id (up to 7 characters, longer ones cut to `Des~r12`) on the
 * middle line, and `+n` under it when n more ships share the hex. Column numbers stand over
 * and under each column; row numbers stand, on both sides, level with the middle line of
 * each hex — so every row number appears twice per side, once for odd and once for even
 * columns. Black in 0201 facing NE and Grey in 0302 facing SW on a 3 × 2 map:
 *
 *         01     02     03
 *        _____         _____
 *       /     \       /     \
 *   01 /       \_____/       \ 01
 *      \       /B NE \       /
 *   01  \_____/ Black \_____/  01
 *       /     \       /G SW \
 *   02 /       \_____/ Grey  \ 02
 *      \       /     \       /
 *   02  \_____/       \_____/  02
 *             \       /
 *              \_____/
 *         01     02     03
 *
 * Under the map: the crop line, the legend (one aligned line per ship in ship order) and
 * notes explaining the marks. Where the whole map does not fit, each axis that is too long
 * is cropped to the ships in play (and highlighted hexes) plus up to two hexes either side,
 * or, when even they do not fit, to the part that holds the most of them; a line under the
 * crop line then names the ships left out, and the legend marks them.
 */
import { formatHex, onMap } from '../rules/hex.ts';
import type { Hex, Position, Ship } from '../rules/types.ts';

export interface DiagramOptions {
  /** Characters per line, rulers and legend included; default 100, at least 40. */
  maxWidth?: number;
  /**
   * Lines of the map part (rulers included); default 80, at least 9: a campaign's 24 × 18 battle map fits whole, so
   * that a battle's two deployment zones are both in the picture.
   */
  maxHeight?: number;
  /**
   * Side → one-character mark (a letter or digit), e.g. {black:'B', grey:'G'}; default: first letter of the side,
   * upper-case, made unique.
   */
  sideMarks?: Record<string, string>;
  /** Hexes to highlight (e.g. a plotted path), drawn with '*' where no ship stands. */
  highlight?: readonly Hex[];
  /**
   * Hexes the picture should hold as well, unmarked, and hold first when not everything fits (a reader's own ships,
   * those out of play included, at the end: the battle drawn from its side, not around the winner's ships alone).
   */
  focus?: readonly Hex[];
  /** Include ships that are destroyed/disengaged in the legend (marked as such); default true. */
  includeOutOfPlay?: boolean;
}

/** The part of the map that is drawn, columns and rows inclusive. */
export interface DiagramCrop {
  readonly fromCol: number;
  readonly toCol: number;
  readonly fromRow: number;
  readonly toRow: number;
  /** False when the whole map is shown. */
  readonly cropped: boolean;
}

// The drawing's geometry; test/reports/diagram.test.ts derives hex positions from the same numbers.
const PITCH = 7; // characters from one column's left corner to the next one's
const HEX_WIDTH = 9;
const ROW_LINES = 4;
const HALF_HEX = 2; // how much lower even columns sit
const RULER = 3; // "05 " to the left of the map, " 05" to its right
const MARGIN_HEXES = 2;
const ID_CHARS = 7; // an id's room in the middle line of a hex
const MIN_WIDTH = 40;
const MIN_HEIGHT = 9;
const DEFAULT_HEIGHT = 80;

const two = (n: number) => String(n).padStart(2, '0');
const inPlay = (s: Ship) => s.status === 'active';

/** How the id appears in the map: whole when it fits, else its first and last three characters. */
export function cellId(id: string): string {
  return id.length <= ID_CHARS ? id : `${id.slice(0, 3)}~${id.slice(-3)}`;
}

function limits(options: DiagramOptions): { width: number; height: number } {
  const width = options.maxWidth ?? 100;
  const height = options.maxHeight ?? DEFAULT_HEIGHT;
  if (!(width >= MIN_WIDTH) || !(height >= MIN_HEIGHT)) {
    throw new RangeError(
      `diagram needs maxWidth ≥ ${MIN_WIDTH} and maxHeight ≥ ${MIN_HEIGHT}, got ${width} × ${height}`,
    );
  }
  return { width, height };
}

/**
 * One axis of the crop: the whole axis if it fits; else the span of interest (then of the
 * ships alone) plus up to two hexes either side; else the `fit` hexes that hold the most
 * ships, nearest their centroid among equals (a picture centred between two far groups
 * would show neither).
 */
function cropAxis(
  size: number,
  fit: number,
  interest: readonly number[],
  ships: readonly number[],
  focus: readonly number[] = [],
): [number, number] {
  if (size <= fit) return [1, size];
  for (const values of [interest, focus, ships]) {
    if (values.length === 0) continue;
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const spare = fit - (hi - lo + 1);
    if (spare < 0) continue;
    const before = Math.min(MARGIN_HEXES, Math.floor(spare / 2));
    const after = Math.min(MARGIN_HEXES, spare - before);
    return [Math.max(1, lo - before), Math.min(size, hi + after)];
  }
  const centre = ships.length === 0 ? 1 : Math.round(ships.reduce((a, b) => a + b, 0) / ships.length);
  const centred = Math.min(Math.max(1, centre - Math.floor((fit - 1) / 2)), size - fit + 1);
  let best = centred;
  let most = -1;
  for (let from = 1; from + fit - 1 <= size; from++) {
    const held = ships.filter((v) => v >= from && v < from + fit).length;
    if (held > most || (held === most && Math.abs(from - centred) < Math.abs(best - centred))) {
      best = from;
      most = held;
    }
  }
  return [best, best + fit - 1];
}

export function diagramCrop(position: Position, options: DiagramOptions = {}): DiagramCrop {
  const { width, height } = limits(options);
  const { map } = position;
  const maxCols = Math.floor((width - 2 * RULER - HEX_WIDTH) / PITCH) + 1;
  const maxRows = Math.floor((height - 3 - HALF_HEX) / ROW_LINES); // two rulers, the closing line, the half-hex drop
  const ships = position.ships
    .filter(inPlay)
    .map((s) => s.hex)
    .filter((h) => onMap(h, map));
  const focus = (options.focus ?? []).filter((h) => onMap(h, map));
  const marked = [...(options.highlight ?? []).filter((h) => onMap(h, map)), ...focus];
  const interest = [...ships, ...marked];
  const [firstCol, toCol] = cropAxis(
    map.width,
    maxCols,
    interest.map((h) => h.col),
    ships.map((h) => h.col),
    focus.map((h) => h.col),
  );
  const [fromRow, toRow] = cropAxis(
    map.height,
    maxRows,
    interest.map((h) => h.row),
    ships.map((h) => h.row),
    focus.map((h) => h.row),
  );
  // Start on a high (odd) column when there is room, so the picture begins like the seed's map.
  const fromCol = firstCol % 2 === 0 && toCol - firstCol + 1 < maxCols ? firstCol - 1 : firstCol;
  const cropped = fromCol > 1 || fromRow > 1 || toCol < map.width || toRow < map.height;
  return { fromCol, toCol, fromRow, toRow, cropped };
}

/** Side marks, in seat order: the caller's, then each remaining side's first free letter or digit. */
function sideMarksFor(position: Position, given: Record<string, string> = {}): Map<string, string> {
  const sides = [...new Set([...position.sides, ...position.ships.map((s) => s.side)])];
  const marks = new Map<string, string>();
  const taken = new Set<string>();
  for (const side of sides) {
    const mark = given[side];
    if (mark === undefined) continue;
    if (!/^[A-Za-z0-9]$/.test(mark) || taken.has(mark))
      throw new RangeError(`side mark "${mark}" for ${side} must be one letter or digit, unique`);
    marks.set(side, mark);
    taken.add(mark);
  }
  const fallback = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
  for (const side of sides) {
    if (marks.has(side)) continue;
    const mark = [...side.toUpperCase().replace(/[^A-Z0-9]/g, ''), ...fallback].find((m) => !taken.has(m));
    if (mark === undefined) throw new RangeError('more than 36 sides: give sideMarks');
    marks.set(side, mark);
    taken.add(mark);
  }
  return new Map(sides.map((side) => [side, marks.get(side)!]));
}

/** A character grid that ignores writes outside itself. */
class Canvas {
  readonly lines: string[][];
  constructor(width: number, height: number) {
    this.lines = Array.from({ length: height }, () => Array<string>(width).fill(' '));
  }
  put(y: number, x: number, text: string): void {
    const line = this.lines[y];
    if (!line) return;
    for (let i = 0; i < text.length; i++) if (x + i < line.length) line[x + i] = text[i]!;
  }
  text(): string[] {
    return this.lines.map((l) => l.join('').trimEnd());
  }
}

/** Greedy word wrap for the lines under the map; a line that fits keeps its own spacing (the legend's columns). */
function wrap(line: string, width: number, indent = 4): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/ +/).filter(Boolean)) {
    if (current !== '' && current.length + 1 + word.length > width) {
      out.push(current);
      current = ' '.repeat(indent);
    }
    current = (current.trim() === '' ? current + word : `${current} ${word}`).slice(0, width);
  }
  return [...out, current];
}

/** The map part: rulers, hexes, ships, highlights. */
function drawMap(position: Position, crop: DiagramCrop, marks: Map<string, string>, highlight: readonly Hex[]) {
  const cols = crop.toCol - crop.fromCol + 1;
  const rows = crop.toRow - crop.fromRow + 1;
  // With a single even column there is nothing to stagger against: no half-hex drop.
  const drop = (col: number) => (col % 2 === 0 && cols > 1 ? HALF_HEX : 0);
  const height = 2 + rows * ROW_LINES + 1 + (cols > 1 ? HALF_HEX : 0);
  const width = 2 * RULER + (cols - 1) * PITCH + HEX_WIDTH;
  const canvas = new Canvas(width, height);
  const left = (col: number) => RULER + (col - crop.fromCol) * PITCH;
  const top = (col: number, row: number) => 1 + (row - crop.fromRow) * ROW_LINES + drop(col);

  for (let col = crop.fromCol; col <= crop.toCol; col++) {
    const x = left(col);
    canvas.put(0, x + 3, two(col));
    canvas.put(height - 1, x + 3, two(col));
    for (let row = crop.fromRow; row <= crop.toRow; row++) {
      const y = top(col, row);
      canvas.put(y, x + 2, '_____');
      canvas.put(y + 1, x + 1, '/     \\');
      canvas.put(y + 2, x, '/       \\');
      canvas.put(y + 3, x, '\\       /');
      canvas.put(y + 4, x + 1, '\\_____/');
      // Row numbers level with the hex's middle line, on both sides.
      canvas.put(y + 2, 0, two(row));
      canvas.put(y + 2, width - 2, two(row));
    }
  }

  const inside = (h: Hex) =>
    h.col >= crop.fromCol && h.col <= crop.toCol && h.row >= crop.fromRow && h.row <= crop.toRow;
  const byHex = new Map<string, Ship[]>();
  for (const ship of position.ships.filter(inPlay).filter((s) => inside(s.hex))) {
    const key = formatHex(ship.hex);
    byHex.set(key, [...(byHex.get(key) ?? []), ship]);
  }
  for (const h of highlight.filter(inside)) {
    if (!byHex.has(formatHex(h))) canvas.put(top(h.col, h.row) + 2, left(h.col) + 4, '*');
  }
  for (const [first, ...more] of byHex.values()) {
    if (!first) continue;
    const x = left(first.hex.col);
    const y = top(first.hex.col, first.hex.row);
    const id = cellId(first.id);
    canvas.put(y + 1, x + 2, `${marks.get(first.side)} ${first.facing}`);
    canvas.put(y + 2, id.length < ID_CHARS ? x + 2 : x + 1, id);
    if (more.length > 0) canvas.put(y + 3, x + 2, `+${more.length}`);
  }
  const groups = [...byHex.values()];
  return {
    lines: canvas.text(),
    /** Ships in the picture (drawn, or counted in a `+n`). */
    shown: new Set(groups.flat().map((s) => s.id)),
    /** Ships whose own label is drawn. */
    drawn: groups.map((g) => g[0]!),
    shared: groups.some((g) => g.length > 1),
  };
}

/**
 * The legend: one line per ship, in ship order, its columns aligned; a line too wide for
 * the page continues, indented, at a column boundary.
 */
function legend(
  position: Position,
  marks: Map<string, string>,
  shown: Set<string>,
  includeOutOfPlay: boolean,
  width: number,
): string[] {
  const listed = position.ships.filter((s) => includeOutOfPlay || inPlay(s));
  const rows = listed.map((s) => [
    `${marks.get(s.side) ?? '?'} ${s.id}`,
    formatHex(s.hex),
    s.facing,
    `SPEED ${s.speed ?? '-'}`,
    `ENGINE ${s.engine}/${s.design.engine}`,
    `SHIELDS ${s.shields}/${s.design.shields}`,
    `WEAPONS ${s.weapons.length > 0 ? s.weapons.join(' ') : 'none'}`,
    s.status === 'destroyed'
      ? 'DESTROYED'
      : s.status === 'disengaged'
        ? 'DISENGAGED'
        : shown.has(s.id)
          ? ''
          : '(outside the picture)',
  ]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]!.length))) ?? [];
  return rows.flatMap((row) => {
    const lines: string[] = [];
    let line = '';
    row.forEach((cell, i) => {
      if (cell === '') return; // only the status may be empty, and it comes last
      const padded = cell.padEnd(widths[i]!);
      if (i > 0 && `${line}  ${cell}`.length > width) {
        lines.push(line.trimEnd());
        line = `    ${padded}`;
      } else line = i === 0 ? padded : `${line}  ${padded}`;
    });
    return [...lines, line.trimEnd()];
  });
}

export function renderDiagram(position: Position, options: DiagramOptions = {}): string {
  const { width } = limits(options);
  const crop = diagramCrop(position, options);
  const marks = sideMarksFor(position, options.sideMarks);
  const highlight = options.highlight ?? [];
  const map = drawMap(position, crop, marks, highlight);
  const { map: size } = position;
  const range = (a: number, b: number) => `${two(a)}-${two(b)}`;
  const cropLine = crop.cropped
    ? `Showing columns ${range(crop.fromCol, crop.toCol)}, rows ${range(crop.fromRow, crop.toRow)} of a ${size.width}x${size.height} map.`
    : `Showing the whole ${size.width}x${size.height} map.`;
  const leftOut = position.ships.filter((s) => inPlay(s) && !map.shown.has(s.id));
  const leftOutLine =
    leftOut.length === 0
      ? []
      : [
          `Left out of the picture (too far apart to fit): ${leftOut
            .map((s) => `${marks.get(s.side)} ${s.id} at ${formatHex(s.hex)}`)
            .join(', ')}.`,
        ];
  const sides = [...marks].map(([side, mark]) => `${mark} = ${side}`).join(', ');
  const abbreviated = map.drawn.find((s) => cellId(s.id) !== s.id);
  const notes = [
    `${sides}. A ship shows its side mark and facing (N NE SE S SW NW) over its id.`,
    map.shared ? '+n: n more ships in that hex (all listed above).' : '',
    highlight.length > 0 ? '*: highlighted hex.' : '',
    abbreviated
      ? `Ids longer than ${ID_CHARS} characters show their first 3 and last 3 characters (${abbreviated.id} is ${cellId(abbreviated.id)}).`
      : '',
    'Row numbers stand level with the middle of each hex; even columns sit half a hex lower.',
  ].filter(Boolean);
  const ships = legend(position, marks, map.shown, options.includeOutOfPlay ?? true, width);
  return [
    ...map.lines,
    ...[cropLine, ...leftOutLine].flatMap((line) => wrap(line, width)),
    ...ships,
    ...notes.flatMap((line) => wrap(line, width)),
  ].join('\n');
}
