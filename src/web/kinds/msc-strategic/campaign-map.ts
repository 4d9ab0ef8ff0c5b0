/**
 * The SVG campaign map of the web pages (rules-strategic.md §6, §10): the
 * hex grid with its rulers, every star system with its owner's colour (a
 * double ring for a home system) and its name, each fleet as its side's shape with its id
 * and ship count (an enemy fleet with its count, or `?` when the reader does
 * not know it), the moves of the last turn as arrows, and for each fleet the
 * hexes it can reach this turn, shown while the fleet is hovered, tapped or
 * focused.
 *
 * It draws what it is given and nothing else: a side's page gives it that
 * side's view (its own fleets, the enemy fleets it sees, its own moves), a
 * moderator's page and a finished game's archive give it everything. So the
 * fog of §6 is kept by the caller's choice of input, and this module cannot
 * leak what the view does not hold. Everything that comes from players
 * (fleet ids, system and side names) is escaped here.
 */
import { distance, formatHex, onMap, parseHex } from '../../../rules/hex.ts';
import { fleetReach } from '../../../rules/strategic/ships.ts';
import type {
  CampaignEvent,
  Fleet,
  SeenEnemyFleet,
  SideView,
  StarSystem,
  Campaign,
} from '../../../rules/strategic/types.ts';
import type { Hex, MapSize } from '../../../rules/types.ts';
import { HEX_RADIUS, hexCentre, hexCorners, mapPixelSize, type Point } from '../../svg/geometry.ts';
import { hexGrid, rulers } from '../../svg/grid.ts';
import { shapeElement, sideStyleFor, xmlEscape } from '../../svg/side-styles.ts';

/** A fleet as the map draws it: its ships counted, or null when the reader does not know how many. */
export interface MapFleet {
  readonly id: string;
  readonly side: string;
  readonly hex: Hex;
  readonly ships: number | null;
  /** Hexes it may move this turn (its slowest ENGINE, §5); null for a fleet that is not the reader's to move. */
  readonly reach: number | null;
}

/** One fleet's move of the last turn: every hex it passed, from where it started. */
export interface MapMove {
  readonly fleet: string;
  readonly side: string;
  readonly hexes: readonly Hex[];
}

export interface CampaignMapInput {
  readonly map: MapSize;
  /** The sides in seat order: each takes its colour and shape from its place. */
  readonly sides: readonly string[];
  readonly systems: readonly StarSystem[];
  readonly fleets: readonly MapFleet[];
  readonly moves: readonly MapMove[];
  readonly title: string;
  readonly sideName?: (side: string) => string;
  /** Makes element ids unique when a page shows two maps. */
  readonly idPrefix?: string;
}

/** The map of one side's view: its fleets with their reach, the enemy as far as it sees them, its own moves. */
export function sideMapInput(
  view: SideView,
  sides: readonly string[],
  lastEvents: readonly CampaignEvent[],
  title: string,
): CampaignMapInput {
  return {
    map: view.map,
    sides,
    systems: view.systems,
    fleets: [
      ...view.fleets.map((f) => ownFleet(f)),
      ...view.enemyFleets.map((f: SeenEnemyFleet) => ({
        id: f.id,
        side: f.side,
        hex: f.hex,
        ships: f.ships,
        reach: null,
      })),
    ],
    moves: movesOf(lastEvents, (side) => side === view.side),
    title,
  };
}

/** The map of the whole campaign (a moderator, or the archive once it has ended): every fleet and every move. */
export function fullMapInput(
  campaign: Campaign,
  lastEvents: readonly CampaignEvent[],
  title: string,
): CampaignMapInput {
  return {
    map: campaign.map,
    sides: campaign.sides,
    systems: campaign.systems,
    fleets: campaign.fleets.map((f) => ownFleet(f)),
    moves: movesOf(lastEvents, () => true),
    title,
  };
}

function ownFleet(f: Fleet): MapFleet {
  return { id: f.id, side: f.side, hex: f.hex, ships: f.ships.length, reach: fleetReach(f) };
}

function movesOf(events: readonly CampaignEvent[], shown: (side: string) => boolean): MapMove[] {
  const moves: MapMove[] = [];
  for (const e of events) {
    if (e.type !== 'move' || !shown(e.side)) continue;
    const hexes = [e.from, ...e.path].map((text) => parseHex(text)).flatMap((r) => (r.ok ? [r.value] : []));
    if (hexes.length > 1) moves.push({ fleet: e.fleet, side: e.side, hexes });
  }
  return moves;
}

const FLEET_SIZE = 9;

/** Where each fleet of a shared hex sits, so that several in one hex stay apart and each keeps its label. */
function fleetSpots(n: number): Point[] {
  if (n === 1) return [{ x: 0, y: 2 }];
  const step = Math.min(16, 40 / (n - 1));
  return Array.from({ length: n }, (_, i) => ({ x: Math.round((i - (n - 1) / 2) * step), y: 2 }));
}

function countLabel(f: MapFleet): string {
  const id = f.id.length > 8 ? `${f.id.slice(0, 7)}…` : f.id;
  return `${id}·${f.ships === null ? '?' : String(f.ships)}`;
}

function fleetTitle(f: MapFleet, sideName: (side: string) => string): string {
  const count = f.ships === null ? 'ships: not known' : `${f.ships} ship${f.ships === 1 ? '' : 's'}`;
  const reach = f.reach === null ? '' : `; moves up to ${f.reach} hex${f.reach === 1 ? '' : 'es'} this turn`;
  return `fleet ${f.id} (${sideName(f.side)}) at ${formatHex(f.hex)}, ${count}${reach}`;
}

function reachHexes(f: MapFleet, map: MapSize): Hex[] {
  if (f.reach === null || f.reach <= 0) return [];
  const out: Hex[] = [];
  for (let col = Math.max(1, f.hex.col - f.reach); col <= Math.min(map.width, f.hex.col + f.reach); col++) {
    for (let row = Math.max(1, f.hex.row - f.reach - 1); row <= Math.min(map.height, f.hex.row + f.reach + 1); row++) {
      const h = { col, row };
      const d = distance(f.hex, h);
      if (d > 0 && d <= f.reach && onMap(h, map)) out.push(h);
    }
  }
  return out;
}

/** A system's label on the map: its name, at most 9 characters (8 and an ellipsis when longer). */
function systemLabel(name: string): string {
  const chars = [...name];
  return chars.length > 9 ? `${chars.slice(0, 8).join('')}…` : name;
}

function systemElement(system: StarSystem, sides: readonly string[], sideName: (side: string) => string): string {
  const c = hexCentre(system.hex.col, system.hex.row);
  const at = { x: c.x, y: c.y - HEX_RADIUS * 0.42 };
  const owner = system.owner;
  const colour = owner === null ? '#ffffff' : sideStyleFor(sides, owner, sideName).colour;
  const name = system.name ?? formatHex(system.hex);
  const what = [
    system.home !== null ? `home system of ${sideName(system.home)}` : 'star system',
    owner === null ? 'owned by nobody' : `owned by ${sideName(owner)}`,
  ].join(', ');
  const ring =
    system.home !== null
      ? `<circle cx="${at.x}" cy="${at.y}" r="7.5" fill="none" stroke="#1a1a1a" stroke-width="1.5"/>`
      : '';
  return (
    `<g class="system${system.home !== null ? ' home' : ''}" data-hex="${formatHex(system.hex)}"` +
    `${owner !== null ? ` data-owner="${xmlEscape(owner)}"` : ''}>` +
    `<title>${xmlEscape(`${name} (${formatHex(system.hex)}): ${what}`)}</title>` +
    ring +
    `<circle cx="${at.x}" cy="${at.y}" r="4.5" fill="${colour}" stroke="#1a1a1a" stroke-width="1.5"/>` +
    // Its name beside it (the hex's own name when it has none), shortened to fit; the title gives it whole.
    `<text x="${at.x + (system.home !== null ? 10 : 7)}" y="${at.y + 3}" class="system-label">${xmlEscape(systemLabel(name))}</text>` +
    `</g>`
  );
}

function fleetElements(input: CampaignMapInput, sideName: (side: string) => string): string[] {
  const byHex = new Map<string, MapFleet[]>();
  for (const f of input.fleets) {
    const key = formatHex(f.hex);
    byHex.set(key, [...(byHex.get(key) ?? []), f]);
  }
  const out: string[] = [];
  for (const group of byHex.values()) {
    const centre = hexCentre(group[0]!.hex.col, group[0]!.hex.row);
    const spots = fleetSpots(group.length);
    const size = group.length === 1 ? FLEET_SIZE : 7;
    group.forEach((f, i) => {
      const style = sideStyleFor(input.sides, f.side, sideName);
      const at = { x: centre.x + spots[i]!.x, y: centre.y + spots[i]!.y };
      const reach = reachHexes(f, input.map)
        .map((h) => `<polygon points="${hexCorners(hexCentre(h.col, h.row), HEX_RADIUS - 2)}"/>`)
        .join('');
      // Labels of a crowded hex alternate above and below, so that none covers another.
      const labelY = group.length > 1 && i % 2 === 1 ? at.y - size - 4 : at.y + size + 11;
      out.push(
        `<g class="fleet${f.reach !== null ? ' movable' : ''}" data-fleet="${xmlEscape(f.id)}" data-side="${xmlEscape(f.side)}"` +
          `${f.reach !== null ? ' tabindex="0"' : ''}>` +
          `<title>${xmlEscape(fleetTitle(f, sideName))}</title>` +
          (reach ? `<g class="reach" aria-hidden="true">${reach}</g>` : '') +
          shapeElement(style.shape, at.x, at.y, size, style.colour) +
          `<text x="${at.x}" y="${labelY}" class="fleet-label" text-anchor="middle">${xmlEscape(countLabel(f))}</text>` +
          `</g>`,
      );
    });
  }
  return out;
}

function moveElements(input: CampaignMapInput, sideName: (side: string) => string, arrow: string): string[] {
  return input.moves.map((m) => {
    const style = sideStyleFor(input.sides, m.side, sideName);
    const points = m.hexes.map((h) => hexCentre(h.col, h.row));
    return (
      `<g class="move" data-fleet="${xmlEscape(m.fleet)}"><title>${xmlEscape(
        `fleet ${m.fleet} moved ${m.hexes.map(formatHex).join(' → ')}`,
      )}</title>` +
      `<polyline points="${points.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" stroke="${style.colour}"` +
      ` stroke-width="3" stroke-dasharray="6 4" marker-end="url(#${arrow})"/></g>`
    );
  });
}

/** The campaign map as one `<svg>` element. */
export function renderCampaignMap(input: CampaignMapInput): string {
  const { map } = input;
  const prefix = input.idPrefix ?? 'campaign-map';
  const sideName = input.sideName ?? ((s: string) => s);
  const size = mapPixelSize(map);
  const arrow = `${prefix}-arrow`;

  const legend = input.sides

    .map((side) => {
      const fleets = input.fleets.filter((f) => f.side === side).length;
      const systems = input.systems.filter((s) => s.owner === side).length;
      return `${sideName(side)}: ${sideStyleFor(input.sides, side, sideName).shapeName}s, ${fleets} fleet${fleets === 1 ? '' : 's'} shown, ${systems} system${systems === 1 ? '' : 's'} owned`;
    })
    .join('; ');
  const titleId = `${prefix}-title`;
  const descId = `${prefix}-desc`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="hex-map campaign-map" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}" role="img" aria-labelledby="${titleId} ${descId}" data-map-width="${map.width}" data-map-height="${map.height}" id="${prefix}">`,
    `<title id="${titleId}">${xmlEscape(input.title)}</title>`,
    `<desc id="${descId}">${xmlEscape(
      `${map.width} by ${map.height} hexes, ${input.systems.length} star systems. ${legend}. A fleet is labelled with its id and ship count (? when not known); dashed arrows are last turn's moves; hover, tap or focus one of your fleets to see where it can move.`,
    )}</desc>`,
    `<defs><marker id="${arrow}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#1a1a1a"/></marker></defs>`,
    hexGrid(map, false),
    rulers(map),
    `<g class="systems">${input.systems.map((s) => systemElement(s, input.sides, sideName)).join('')}</g>`,
    `<g class="moves">${moveElements(input, sideName, arrow).join('')}</g>`,
    `<g class="fleets">${fleetElements(input, sideName).join('')}</g>`,
    `</svg>`,
  ].join('\n');
}
