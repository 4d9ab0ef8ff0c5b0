/**
 * A Mini Combat battlefield as SVG (rules-mini-combat.md §2, §21, §22.4):
 * every hex, terrain filled by type with its name in a `<title>`, objectives,
 * the deployment zones while the sides set up, and each hex holding elements
 * as its side's shape and colour with the unit's id, the number of its
 * elements there and a facing mark. Only what the reader is shown: a seat's
 * own elements (hidden ones too) and the enemy elements in its view. Everything
 * from players is escaped: pages include the result as markup.
 */
import { formatHex } from '../../../rules/hex.ts';
import type { SideView } from '../../../rules/mini-combat/views.ts';
import type { MiniPosition, Terrain } from '../../../rules/mini-combat/types.ts';
import type { Direction, Hex } from '../../../rules/types.ts';
import { hexCentre, hexCorners, mapPixelSize, towards } from '../../svg/geometry.ts';
import { hexGrid, rulers } from '../../svg/grid.ts';
import { shapeElement, sideStyleFor, xmlEscape } from '../../svg/side-styles.ts';

const TERRAIN_FILL: Readonly<Record<Terrain, string | null>> = {
  open: null,
  road: '#c9b48a',
  forest: '#5f8f4e',
  swamp: '#8da38a',
  rough: '#b7a58c',
  building: '#6b5b53',
  urban: '#a48f86',
  water: '#6fa3d6',
  river: '#8fbbe3',
  hill: '#c6a96b',
  vacuum: '#222233',
};

export interface MiniMapInput {
  readonly position: MiniPosition;
  /** The reader's view; null: everything (the moderator, the archive of a finished battle). */
  readonly view: SideView | null;
  readonly title: string;
  readonly sideName: (side: string) => string;
  readonly idPrefix?: string;
  /** Each side's deployment zone rows, drawn while the sides set up. */
  readonly zones?: Readonly<Record<string, { fromRow: number; toRow: number }>>;
  /** An empty layer the page's script draws in (the army list's placements, the orders' paths). */
  readonly preview?: boolean;
}

interface Piece {
  readonly unit: string;
  readonly side: string;
  readonly elements: string[];
  readonly facing: Direction | null;
  readonly hidden: boolean;
}

const UNIT_SIZE = 11;

export function renderMiniMap(input: MiniMapInput): string {
  const p = input.position;
  const { map } = p;
  const prefix = input.idPrefix ?? 'mini-map';
  const size = mapPixelSize(map);
  const sides = p.sides;
  const units = input.view === null ? p.units : [...input.view.units, ...input.view.enemy];
  const at = new Map<string, Piece[]>();
  for (const u of units)
    for (const e of u.elements) {
      if (e.status !== 'active' || e.hex === null) continue;
      const key = formatHex(e.hex);
      const list = at.get(key) ?? [];
      const piece = list.find((x) => x.unit === u.id && x.side === u.side);
      if (piece) piece.elements.push(e.id);
      else
        list.push({
          unit: u.id,
          side: u.side,
          elements: [e.id],
          facing: e.facing,
          hidden: 'hidden' in e && e.hidden,
        });
      at.set(key, list);
    }
  const terrain = [...p.terrain]
    .filter(([, t]) => TERRAIN_FILL[t] !== null)
    .map(([name, t]) => {
      const c = hexCentre(Number(name.slice(0, 2)), Number(name.slice(2)));
      return `<polygon class="terrain-${t}" data-hex="${name}" points="${hexCorners(c)}" fill="${TERRAIN_FILL[t]}"><title>${name}: ${t}</title></polygon>`;
    })
    .join('');
  const zones = Object.entries(input.zones ?? {})
    .flatMap(([side, z]) => {
      const colour = sideStyleFor(sides, side, input.sideName).colour;
      const out: string[] = [];
      for (let row = z.fromRow; row <= z.toRow; row++)
        for (let col = 1; col <= map.width; col++)
          out.push(
            `<polygon class="zone" data-side="${xmlEscape(side)}" points="${hexCorners(hexCentre(col, row))}" fill="${colour}" fill-opacity="0.12"/>`,
          );
      return out;
    })
    .join('');
  const objectives = (p.battle.type === 'defensive' ? p.battle.objectives : [])
    .map((h: Hex) => {
      const c = hexCentre(h.col, h.row);
      return `<circle class="objective" data-hex="${formatHex(h)}" cx="${c.x}" cy="${c.y}" r="18" fill="none" stroke="#b8860b" stroke-width="3"><title>Objective ${formatHex(h)}</title></circle>`;
    })
    .join('');
  const pieces = [...at]
    .flatMap(([hex, list]) =>
      list.map((piece, i) => {
        const c0 = hexCentre(Number(hex.slice(0, 2)), Number(hex.slice(2)));
        const c = { x: c0.x + (i - (list.length - 1) / 2) * 14, y: c0.y };
        const style = sideStyleFor(sides, piece.side, input.sideName);
        const n = piece.elements.length;
        const label = `${piece.unit.length > 6 ? `${piece.unit.slice(0, 5)}…` : piece.unit}${n > 1 ? `×${n}` : ''}`;
        const facing = piece.facing
          ? (() => {
              const tip = towards(c, piece.facing, UNIT_SIZE + 7);
              return `<line class="facing" x1="${c.x}" y1="${c.y}" x2="${tip.x}" y2="${tip.y}" stroke="${style.colour}" stroke-width="3"/>`;
            })()
          : '';
        const title = `Unit ${piece.unit} (${input.sideName(piece.side)}) at ${hex}: ${piece.elements.join(', ')}${piece.facing ? `, facing ${piece.facing}` : ''}${piece.hidden ? ', hidden' : ''}`;
        return (
          `<g class="unit${piece.hidden ? ' hidden-unit' : ''}" data-unit="${xmlEscape(piece.unit)}" data-side="${xmlEscape(piece.side)}" data-hex="${hex}">` +
          `<title>${xmlEscape(title)}</title>${facing}` +
          shapeElement(style.shape, c.x, c.y, UNIT_SIZE, style.colour) +
          `<text x="${c.x}" y="${c.y + UNIT_SIZE + 12}" class="unit-id" text-anchor="middle">${xmlEscape(label)}</text></g>`
        );
      }),
    )
    .join('');
  const count = (side: string) =>
    [...at.values()]
      .flat()
      .filter((x) => x.side === side)
      .reduce((n, x) => n + x.elements.length, 0);
  const legend = sides
    .map(
      (s) => `${input.sideName(s)}: ${sideStyleFor(sides, s, input.sideName).shapeName}s, ${count(s)} elements shown`,
    )
    .join('; ');
  const titleId = `${prefix}-title`;
  const descId = `${prefix}-desc`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="hex-map mini-map" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}" role="img" aria-labelledby="${titleId} ${descId}" data-map-width="${map.width}" data-map-height="${map.height}" id="${prefix}">`,
    `<title id="${titleId}">${xmlEscape(input.title)}</title>`,
    `<desc id="${descId}">${xmlEscape(`${map.width} by ${map.height} hexes. ${legend}.`)}</desc>`,
    hexGrid(map, map.width * map.height <= 1600),
    `<g class="terrain">${terrain}</g>`,
    `<g class="zones">${zones}</g>`,
    rulers(map),
    `<g class="objectives">${objectives}</g>`,
    `<g class="units">${pieces}</g>`,
    input.preview ? `<g class="preview" aria-hidden="true"></g>` : '',
    `</svg>`,
  ].join('\n');
}
