/**
 * What every SVG map has under its pieces: the hexes (each named by its
 * `data-hex`, and by a label where wanted) and the column and row rulers.
 */
import { formatHex } from '../../rules/hex.ts';
import type { MapSize } from '../../rules/types.ts';
import { HEX_RADIUS, hexCentre, hexCorners, MAP_MARGIN } from './geometry.ts';

/** Every hex of the map as a polygon, with its CCRR name drawn inside when `labels` is set. */
export function hexGrid(map: MapSize, labels: boolean): string {
  const hexes: string[] = [];
  for (let col = 1; col <= map.width; col++) {
    for (let row = 1; row <= map.height; row++) {
      const c = hexCentre(col, row);
      const name = formatHex({ col, row });
      hexes.push(`<polygon class="hex" data-hex="${name}" points="${hexCorners(c)}"/>`);
      if (labels)
        hexes.push(
          `<text class="hex-label" x="${c.x}" y="${c.y - HEX_RADIUS * 0.55}" text-anchor="middle">${name}</text>`,
        );
    }
  }
  return `<g class="hexes">${hexes.join('')}</g>`;
}

/** Column numbers above the map and row numbers left of it, hidden from screen readers (each hex has its name). */
export function rulers(map: MapSize): string {
  const out: string[] = [];
  const two = (n: number) => String(n).padStart(2, '0');
  for (let col = 1; col <= map.width; col++) {
    const x = hexCentre(col, 1).x;
    out.push(`<text class="ruler" x="${x}" y="${MAP_MARGIN - 8}" text-anchor="middle">${two(col)}</text>`);
  }
  for (let row = 1; row <= map.height; row++) {
    const y = hexCentre(1, row).y;
    out.push(`<text class="ruler" x="${MAP_MARGIN - 6}" y="${y + 4}" text-anchor="end">${two(row)}</text>`);
  }
  return `<g class="rulers" aria-hidden="true">${out.join('')}</g>`;
}
