/**
 * The SVG hex map of the web pages (service.md "the web shows the map as
 * SVG"): every hex with its CCRR name, rulers, and each ship in play as its
 * side's shape and colour with its id and a facing arrow, each with a
 * `<title>` a screen reader or a hover reads. Plotted paths (the orders in)
 * are drawn as lines through the hexes they enter. The text diagram stands
 * beside it on every page, for those who read text.
 *
 * Everything that comes from players (ship ids, side names) is escaped here:
 * pages include the result as markup.
 */
import { formatHex } from '../../../rules/hex.ts';
import type { Direction, Hex, Position, Ship } from '../../../rules/types.ts';
import { hexCentre, hexCorners, mapPixelSize, towards, type Point } from '../../svg/geometry.ts';
import { hexGrid, rulers } from '../../svg/grid.ts';
import { shapeElement, sideStyleFor, xmlEscape } from '../../svg/side-styles.ts';

export interface PlottedPath {
  readonly ship: string;
  /** Every hex entered, in order. */
  readonly hexes: readonly Hex[];
  readonly facing: Direction;
  readonly leftMap: boolean;
}

export interface HexMapInput {
  readonly position: Position;
  readonly sideName?: (side: string) => string;
  readonly title: string;
  /** Makes element ids unique when a page shows two maps. */
  readonly idPrefix?: string;
  readonly paths?: readonly PlottedPath[];
  /** Hex names are left out on maps larger than this (their rulers stay). */
  readonly labelHexesUpTo?: number;
  /** Deployment zones to shade, each in its side's colour (a battle's setup phase). */
  readonly zones?: readonly MapZone[];
}

/** A side's deployment zone on the map: a rectangle of hexes, inclusive, and what its title says. */
export interface MapZone {
  readonly side: string;
  readonly fromCol: number;
  readonly toCol: number;
  readonly fromRow: number;
  readonly toRow: number;
  readonly title: string;
}

/** Each zone's hexes shaded in its side's colour, with its title for a hover or a screen reader. */
function zoneElements(zones: readonly MapZone[], position: Position, sideName: (side: string) => string): string[] {
  return zones.map((z) => {
    const colour = sideStyleFor(position.sides, z.side, sideName).colour;
    const hexes: string[] = [];
    for (let col = Math.max(1, z.fromCol); col <= Math.min(position.map.width, z.toCol); col++)
      for (let row = Math.max(1, z.fromRow); row <= Math.min(position.map.height, z.toRow); row++)
        hexes.push(`<polygon points="${hexCorners(hexCentre(col, row))}"/>`);
    return (
      `<g class="zone" data-side="${xmlEscape(z.side)}" fill="${colour}" fill-opacity="0.18" stroke="none">` +
      `<title>${xmlEscape(z.title)}</title>${hexes.join('')}</g>`
    );
  });
}

const SHIP_SIZE = 10;

/** Facings whose arrow points down the page: their ship's label goes above it, so that the arrow never crosses it. */
const DOWNWARD = new Set<Direction>(['S', 'SE', 'SW']);

function shipTitle(ship: Ship, sideName: (side: string) => string): string {
  const speed = ship.speed === null ? 'not moved yet' : `last SPEED ${ship.speed}`;
  return `${ship.id} (${sideName(ship.side)}) at ${formatHex(ship.hex)} facing ${ship.facing}, ${speed}; ENGINE ${ship.engine}, SHIELDS ${ship.shields}, weapons ${ship.weapons.join(' ') || 'none'}`;
}

/** Where each ship of a shared hex sits, so that several in one hex stay apart. */
function offsets(n: number): Point[] {
  if (n === 1) return [{ x: 0, y: 0 }];
  return Array.from({ length: n }, (_, i) => ({ x: Math.round((i - (n - 1) / 2) * 15), y: 0 }));
}

function shipElements(position: Position, sideName: (side: string) => string, arrow: string): string[] {
  const byHex = new Map<string, Ship[]>();
  for (const ship of position.ships.filter((s) => s.status === 'active')) {
    const key = formatHex(ship.hex);
    byHex.set(key, [...(byHex.get(key) ?? []), ship]);
  }
  const out: string[] = [];
  for (const group of byHex.values()) {
    const centre = hexCentre(group[0]!.hex.col, group[0]!.hex.row);
    const shift = offsets(group.length);
    const size = group.length === 1 ? SHIP_SIZE : 7;
    const labelAbove = DOWNWARD.has(group[0]!.facing);
    group.forEach((ship, i) => {
      const style = sideStyleFor(position.sides, ship.side, sideName);
      const at = { x: centre.x + shift[i]!.x, y: centre.y + shift[i]!.y };
      const tip = towards(at, ship.facing, size + 11);
      const id = ship.id.length > 7 ? `${ship.id.slice(0, 6)}…` : ship.id;
      const label = group.length === 1 || i === 0 ? id + (group.length > 1 ? ` +${group.length - 1}` : '') : '';
      out.push(
        `<g class="ship" data-ship="${xmlEscape(ship.id)}" data-side="${xmlEscape(ship.side)}">` +
          `<title>${xmlEscape(shipTitle(ship, sideName))}</title>` +
          `<line x1="${at.x}" y1="${at.y}" x2="${tip.x}" y2="${tip.y}" class="facing" stroke="#1a1a1a" stroke-width="2" marker-end="url(#${arrow})"/>` +
          shapeElement(style.shape, at.x, at.y, size, style.colour) +
          (label
            ? `<text x="${centre.x}" y="${labelAbove ? centre.y - size - 5 : centre.y + size + 13}" class="ship-id" text-anchor="middle">${xmlEscape(label)}</text>`
            : '') +
          `</g>`,
      );
    });
  }
  return out;
}

function pathElements(
  paths: readonly PlottedPath[],
  position: Position,
  sideName: (side: string) => string,
  arrow: string,
): string[] {
  return paths.flatMap((p) => {
    const ship = position.ships.find((s) => s.id === p.ship);
    if (!ship) return [];
    const points = [ship.hex, ...p.hexes].map((h) => hexCentre(h.col, h.row));
    const end = points.at(-1)!;
    const tip = towards(end, p.facing, 14);
    const style = sideStyleFor(position.sides, ship.side, sideName);
    return [
      `<g class="plot-path" data-ship="${xmlEscape(ship.id)}"><title>${xmlEscape(`plotted path of ${ship.id}: ${p.hexes.map(formatHex).join(' ') || 'stays'}${p.leftMap ? ', then off the map' : ''}`)}</title>` +
        `<polyline points="${points.map((q) => `${q.x},${q.y}`).join(' ')}" fill="none" stroke="${style.colour}" stroke-width="3" stroke-dasharray="6 4"/>` +
        `<line x1="${end.x}" y1="${end.y}" x2="${tip.x}" y2="${tip.y}" stroke="${style.colour}" stroke-width="3" marker-end="url(#${arrow})"/></g>`,
    ];
  });
}

/** The map as one `<svg>` element. */
export function renderHexMap(input: HexMapInput): string {
  const { position } = input;
  const { map } = position;
  const prefix = input.idPrefix ?? 'map';
  const sideName = input.sideName ?? ((s: string) => s);
  const size = mapPixelSize(map);
  const arrow = `${prefix}-arrow`;
  const labels = map.width * map.height <= (input.labelHexesUpTo ?? 1600);

  const active = position.ships.filter((s) => s.status === 'active');
  const legend = position.sides
    .map(
      (side) =>
        `${sideName(side)}: ${sideStyleFor(position.sides, side, sideName).shapeName}s, ${active.filter((s) => s.side === side).length} in play`,
    )
    .join('; ');
  const titleId = `${prefix}-title`;
  const descId = `${prefix}-desc`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="hex-map" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}" role="img" aria-labelledby="${titleId} ${descId}" data-map-width="${map.width}" data-map-height="${map.height}" id="${prefix}">`,
    `<title id="${titleId}">${xmlEscape(input.title)}</title>`,
    `<desc id="${descId}">${xmlEscape(`${map.width} by ${map.height} hexes. ${legend}. Each ship's arrow shows its facing.`)}</desc>`,
    `<defs><marker id="${arrow}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#1a1a1a"/></marker></defs>`,
    hexGrid(map, labels),
    `<g class="zones">${zoneElements(input.zones ?? [], position, sideName).join('')}</g>`,
    rulers(map),
    `<g class="plot-paths">${pathElements(input.paths ?? [], position, sideName, arrow).join('')}</g>`,
    `<g class="live-paths" data-arrow="${arrow}"></g>`,
    `<g class="ships">${shipElements(position, sideName, arrow).join('')}</g>`,
    `</svg>`,
  ].join('\n');
}
