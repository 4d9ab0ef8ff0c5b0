/**
 * Where hexes and ships are drawn on the SVG map, in pixels. Pure and free
 * of imports beyond the rules' types, so the page script (src/web/kinds/msc-tactical/client.ts,
 * bundled for the browser) draws a typed plot on exactly the server's map.
 *
 * Flat-topped hexes in columns, odd columns high, even columns half a hex
 * lower (rules-tactical.md §1); N is up, and the six facings are 60° apart,
 * clockwise from N.
 */
import type { Direction, MapSize } from '../../rules/types.ts';

/** Centre to corner, in pixels. */
export const HEX_RADIUS = 26;
/** Room around the map for the column and row rulers. */
export const MAP_MARGIN = 26;

const ROOT3 = Math.sqrt(3);

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The centre of hex (col, row), both from 1. */
export function hexCentre(col: number, row: number): Point {
  const x = MAP_MARGIN + HEX_RADIUS + (col - 1) * 1.5 * HEX_RADIUS;
  const y = MAP_MARGIN + (ROOT3 / 2) * HEX_RADIUS * (2 * row - 1 + (col % 2 === 0 ? 1 : 0));
  return { x: round(x), y: round(y) };
}

/** The whole picture's size, rulers included. */
export function mapPixelSize(map: MapSize): { width: number; height: number } {
  return {
    width: round(2 * MAP_MARGIN + HEX_RADIUS * (2 + 1.5 * (map.width - 1))),
    height: round(2 * MAP_MARGIN + ROOT3 * HEX_RADIUS * (map.height + (map.width > 1 ? 0.5 : 0))),
  };
}

/** The six corners of a hex, as an SVG `points` list. */
export function hexCorners(centre: Point, radius = HEX_RADIUS): string {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push(`${round(centre.x + radius * Math.cos(a))},${round(centre.y + radius * Math.sin(a))}`);
  }
  return out.join(' ');
}

export const FACING_DEGREES: Readonly<Record<Direction, number>> = { N: 0, NE: 60, SE: 120, S: 180, SW: 240, NW: 300 };

/** The point `length` pixels from `from` in the direction of `facing`. */
export function towards(from: Point, facing: Direction, length: number): Point {
  const a = (FACING_DEGREES[facing] * Math.PI) / 180;
  return { x: round(from.x + length * Math.sin(a)), y: round(from.y - length * Math.cos(a)) };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
