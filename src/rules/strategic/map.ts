/**
 * Campaign maps (rules-strategic.md §1): a seeded generator that spreads star
 * systems evenly and puts the two homes in far corners, and the check of a
 * map a moderator gives.
 *
 * Systems are placed by best-candidate sampling: each new system is the one,
 * of a handful of random free hexes, farthest from every system placed so far,
 * which spreads them evenly without a grid's regularity. The same seed always
 * gives the same map.
 */
import { SeededDice } from '../dice.ts';
import { distance, formatHex, onMap, toCube, cubeDistance, type Cube } from '../hex.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hex, MapSize } from '../types.ts';
import type { CampaignRuleError, StarSystem } from './types.ts';

export const MAX_MAP_SIDE = 99;
export const MIN_MAP_SIDE = 4;
/** At most one system per this many hexes, so that systems stay apart. */
const HEXES_PER_SYSTEM = 3;
/** Random free hexes tried for each system; the farthest from the others wins. */
const CANDIDATES = 12;
/** The two homes are at least this share of the map's longest distance apart. */
export const HOME_SPREAD = 0.7;

const NAMES = [
  'Achernar',
  'Aldebaran',
  'Altair',
  'Antares',
  'Arcturus',
  'Bellatrix',
  'Betelgeuse',
  'Canopus',
  'Capella',
  'Castor',
  'Deneb',
  'Denebola',
  'Diphda',
  'Enif',
  'Fomalhaut',
  'Hadar',
  'Hamal',
  'Izar',
  'Kochab',
  'Markab',
  'Menkar',
  'Merak',
  'Mira',
  'Mirfak',
  'Naos',
  'Nunki',
  'Polaris',
  'Pollux',
  'Procyon',
  'Rasalhague',
  'Regulus',
  'Rigel',
  'Sabik',
  'Sadr',
  'Saiph',
  'Scheat',
  'Shaula',
  'Sirius',
  'Spica',
  'Suhail',
  'Thuban',
  'Vega',
  'Wezen',
  'Zaurak',
];

export interface MapOptions {
  readonly width: number;
  readonly height: number;
  /** Systems in all, the two homes included. */
  readonly systems: number;
  /** Any string; the same seed gives the same map. */
  readonly seed: string;
  /** The two sides, in seat order: the first gets the home near column 1, row 1. */
  readonly sides: readonly [string, string];
}

export interface GeneratedMap {
  readonly map: MapSize;
  /** In ascending CCRR. */
  readonly systems: StarSystem[];
}

const byHex = (a: StarSystem, b: StarSystem): number => formatHex(a.hex).localeCompare(formatHex(b.hex));

/** The most systems a map of this size takes. */
export function maxSystems(width: number, height: number): number {
  return Math.floor((width * height) / HEXES_PER_SYSTEM);
}

function checkOptions(o: MapOptions): CampaignRuleError[] {
  const errors: CampaignRuleError[] = [];
  const side = (n: number) => Number.isInteger(n) && n >= MIN_MAP_SIDE && n <= MAX_MAP_SIDE;
  if (!side(o.width) || !side(o.height)) {
    errors.push({
      code: 'MAP_SIZE',
      message: `a generated map is ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE} hexes each way, not ${o.width} × ${o.height}`,
    });
    return errors;
  }
  const most = maxSystems(o.width, o.height);
  if (!Number.isInteger(o.systems) || o.systems < 2 || o.systems > most) {
    errors.push({
      code: 'MAP_SYSTEMS',
      message: `a ${o.width} × ${o.height} map takes 2 to ${most} systems (one per ${HEXES_PER_SYSTEM} hexes at most), not ${o.systems}`,
    });
  }
  if (o.sides.length !== 2 || o.sides[0] === o.sides[1]) {
    errors.push({ code: 'SIDES', message: 'a campaign has exactly two sides with different ids' });
  }
  return errors;
}

/** A map from its seed: systems spread evenly, the first side's home near 0101, the second's in the far corner. */
export function generateMap(o: MapOptions): Result<GeneratedMap, CampaignRuleError[]> {
  const problems = checkOptions(o);
  if (problems.length > 0) return err(problems);
  const dice = SeededDice.fromSeed(`map:${o.seed}`);
  const { width, height } = o;
  // Homes one hex in from the corners where the map is large enough to leave room around them.
  const inset = width >= 10 && height >= 10 ? 1 : 0;
  const homes: Hex[] = [
    { col: 1 + inset, row: 1 + inset },
    { col: width - inset, row: height - inset },
  ];
  const placed: Hex[] = [...homes];
  const cubes: Cube[] = placed.map(toCube);
  const taken = new Set(placed.map(formatHex));
  const free = width * height;
  while (placed.length < o.systems) {
    let best: Hex | null = null;
    let bestDistance = -1;
    for (let i = 0; i < CANDIDATES; i++) {
      const cell = dice.below(free);
      const h = { col: (cell % width) + 1, row: Math.floor(cell / width) + 1 };
      if (taken.has(formatHex(h))) continue;
      const c = toCube(h);
      let nearest = Infinity;
      for (const other of cubes) nearest = Math.min(nearest, cubeDistance(c, other));
      if (nearest > bestDistance) {
        best = h;
        bestDistance = nearest;
      }
    }
    if (best === null) continue; // every candidate was taken: draw again
    placed.push(best);
    cubes.push(toCube(best));
    taken.add(formatHex(best));
  }
  const names = [...NAMES];
  const systems = placed.map((hex, i): StarSystem => {
    const home = i < 2 ? o.sides[i]! : null;
    // Star names while they last, then the hex's own name.
    const name = names.length > 0 ? names.splice(dice.below(names.length), 1)[0]! : `System ${formatHex(hex)}`;
    return { hex, name, home, owner: home, capturedTurn: home === null ? null : 0, held: null };
  });
  return ok({ map: { width, height }, systems: systems.sort(byHex) });
}

/** Every problem with a given map: systems on the map, one per hex, each side exactly one home. */
export function checkMap(map: MapSize, systems: readonly StarSystem[], sides: readonly string[]): CampaignRuleError[] {
  const errors: CampaignRuleError[] = [];
  const add = (code: string, message: string, extra: Partial<CampaignRuleError> = {}): void => {
    errors.push({ code, message, ...extra });
  };
  const side = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_MAP_SIDE;
  if (!side(map.width) || !side(map.height)) {
    add('MAP_SIZE', `the map must be 1 to ${MAX_MAP_SIDE} hexes each way, not ${map.width} × ${map.height}`);
  }
  const isSide = (s: string | null): boolean => s === null || sides.includes(s);
  const seen = new Set<string>();
  for (const s of systems) {
    const name = formatHex(s.hex);
    if (!onMap(s.hex, map)) add('SYSTEM_OFF_MAP', `system ${name} is not on the ${map.width} × ${map.height} map`);
    if (seen.has(name)) add('SYSTEM_DUPLICATE', `two systems at ${name}: at most one system per hex`);
    seen.add(name);
    if (!isSide(s.home) || !isSide(s.owner) || !isSide(s.held)) {
      add('SYSTEM_SIDE', `system ${name} names a side that is not ${sides.join(' or ')}`);
    }
    if (s.name !== null && (typeof s.name !== 'string' || !/^[\p{L}\p{N}][\p{L}\p{N} '.-]{0,39}$/u.test(s.name))) {
      add('SYSTEM_NAME', `system ${name}: a name is 1 to 40 letters, digits, spaces, ' . or -`);
    }
  }
  for (const sideId of sides) {
    const homes = systems.filter((s) => s.home === sideId).length;
    if (homes !== 1)
      add('HOME_COUNT', `side ${sideId} has ${homes} home systems: each side has exactly one`, { side: sideId });
  }
  return errors;
}

/** How far apart the two homes are, as a share of the map's longest distance. */
export function homeSpread(map: MapSize, systems: readonly StarSystem[]): number {
  const homes = systems.filter((s) => s.home !== null);
  if (homes.length !== 2) return 0;
  const longest = distance({ col: 1, row: 1 }, { col: map.width, row: map.height });
  return longest === 0 ? 1 : distance(homes[0]!.hex, homes[1]!.hex) / longest;
}
