/**
 * The Simple Combat Game's board as SVG (rules-scg.md §2, §3, §16): every hex
 * with its CCRR name, impassable hexes filled, and each unit in play as its
 * side's shape and colour with its id, each with a `<title>` (type, hex,
 * damage, weapons) that a screen reader or a hover reads. Moves of a resolved
 * turn can be drawn as dashed lines through the hexes entered. On a seat's
 * page its own units can be focused, and the page's script draws what the
 * chosen one sees in the empty `sight` layer. Everything
 * from players is escaped: pages include the result as markup.
 */
import { formatHex } from '../../../rules/hex.ts';
import { formatAr, unitTypeOf } from '../../../rules/scg/forces.ts';
import type { ScgState, ScgUnit } from '../../../rules/scg/types.ts';
import { hexCentre, hexCorners, mapPixelSize } from '../../svg/geometry.ts';
import { hexGrid, rulers } from '../../svg/grid.ts';
import { shapeElement, sideStyleFor, xmlEscape } from '../../svg/side-styles.ts';

export interface ScgMapInput {
  readonly state: ScgState;
  readonly title: string;
  readonly sideName?: (side: string) => string;
  /** Makes element ids unique when a page shows two maps. */
  readonly idPrefix?: string;
  /** Moves to draw: each unit's start and the hexes it entered. */
  readonly moves?: readonly { readonly unit: string; readonly from: string; readonly path: readonly string[] }[];
  /** The side whose units in play can be chosen (focus, click or tap) to show what each sees: the seat's own. */
  readonly chooser?: string;
}

const UNIT_SIZE = 11;

function unitTitle(state: ScgState, u: ScgUnit, sideName: (side: string) => string): string {
  const t = unitTypeOf(state.unitTypes, u.type);
  const weapons = t?.weapons.map((w) => `${w.mount} ${w.weapon}`).join(', ') ?? '';
  return `${u.id} (${sideName(u.side)}), ${t?.name ?? u.type} at ${formatHex(u.hex)}: MA ${t?.ma ?? '?'}, AR ${t ? formatAr(t.ar) : '?'}, damage ${u.damage} of ${t?.dc ?? '?'}; ${weapons}`;
}

const centreOf = (name: string) => {
  const m = /^(\d{2})(\d{2})$/.exec(name);
  return m ? hexCentre(Number(m[1]), Number(m[2])) : null;
};

export function renderScgMap(input: ScgMapInput): string {
  const { state } = input;
  const { map } = state;
  const prefix = input.idPrefix ?? 'scg-map';
  const sideName = input.sideName ?? ((s: string) => s);
  const size = mapPixelSize(map);
  const active = state.units.filter((u) => u.status === 'active');
  const legend = state.sides
    .map(
      (side) =>
        `${sideName(side)}: ${sideStyleFor(state.sides, side, sideName).shapeName}s, ${active.filter((u) => u.side === side).length} in play`,
    )
    .join('; ');
  const blocked = map.impassable
    .map((h) => {
      const c = hexCentre(h.col, h.row);
      return `<polygon class="impassable" data-hex="${formatHex(h)}" points="${hexCorners(c)}" fill="#5a5a5a"><title>${formatHex(h)}: impassable</title></polygon>`;
    })
    .join('');
  const moves = (input.moves ?? [])
    .filter((m) => m.path.length > 0)
    .map((m) => {
      const unit = state.units.find((u) => u.id === m.unit);
      const points = [m.from, ...m.path].map(centreOf).filter((p) => p !== null);
      const colour = unit ? sideStyleFor(state.sides, unit.side, sideName).colour : '#1a1a1a';
      return `<polyline class="move" data-unit="${xmlEscape(m.unit)}" points="${points.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="3" stroke-dasharray="6 4"><title>${xmlEscape(`${m.unit} moved ${m.from} → ${m.path.join(' ')}`)}</title></polyline>`;
    })
    .join('');
  const units = active
    .map((u) => {
      const style = sideStyleFor(state.sides, u.side, sideName);
      const c = hexCentre(u.hex.col, u.hex.row);
      const label = u.id.length > 6 ? `${u.id.slice(0, 5)}…` : u.id;
      const own = u.side === input.chooser;
      return (
        `<g class="unit${own ? ' own' : ''}" data-unit="${xmlEscape(u.id)}" data-side="${xmlEscape(u.side)}" data-hex="${formatHex(u.hex)}"${own ? ' tabindex="0"' : ''}>` +
        `<title>${xmlEscape(unitTitle(state, u, sideName))}</title>` +
        shapeElement(style.shape, c.x, c.y, UNIT_SIZE, style.colour) +
        `<text x="${c.x}" y="${c.y + UNIT_SIZE + 12}" class="unit-id" text-anchor="middle">${xmlEscape(label)}</text></g>`
      );
    })
    .join('');
  const titleId = `${prefix}-title`;
  const descId = `${prefix}-desc`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="hex-map scg-map" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}" role="img" aria-labelledby="${titleId} ${descId}" data-map-width="${map.width}" data-map-height="${map.height}" id="${prefix}">`,
    `<title id="${titleId}">${xmlEscape(input.title)}</title>`,
    `<desc id="${descId}">${xmlEscape(`${map.width} by ${map.height} hexes, ${map.impassable.length} impassable (dark). ${legend}.`)}</desc>`,
    hexGrid(map, map.width * map.height <= 1600),
    `<g class="terrain">${blocked}</g>`,
    rulers(map),
    `<g class="moves">${moves}</g>`,
    // What a chosen unit sees, drawn by the page's script (static/kinds/scg/orders.js) with the rules' own code.
    input.chooser !== undefined ? `<g class="sight" aria-hidden="true"></g>` : '',
    `<g class="units">${units}</g>`,
    `</svg>`,
  ].join('\n');
}
