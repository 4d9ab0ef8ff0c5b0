/**
 * A tactical battle's setup, side by side: a fleet built within the budget and the allowed sizes and deployed in the
 * side's zone, or — a linked game (a campaign's battle) — the ships the side was given, each placed once in its zone;
 * and the position turn 1 starts from once every side has its ships. Pure: the caller stores what it is given.
 */
import { z } from 'zod';
import { checkFleet, parseWeapons } from '../../rules/design.ts';
import { onMap, parseHex } from '../../rules/hex.ts';
import { DIRECTIONS, type Position, type Ship } from '../../rules/types.ts';
import type { PlacedShip } from './scenarios.ts';
import { describeZone, inZone, type Zone } from '../zones.ts';

/** One problem with a setup, by the ship it concerns where it concerns one. */
export interface FleetProblem {
  readonly code: string;
  readonly message: string;
  readonly ship?: string;
}

/**
 * A setup refused: `unreadable` when the document is not a fleet at all (every field's problem listed), `rejected`
 * when it reads but breaks the rules (every problem listed).
 */
export interface FleetRefusal {
  readonly how: 'unreadable' | 'rejected';
  readonly code: 'INVALID_FLEET' | 'FLEET_REJECTED';
  readonly message: string;
  readonly problems: readonly FleetProblem[];
}

export type FleetCheck =
  { readonly ok: true; readonly ships: PlacedShip[] } | { readonly ok: false; readonly refusal: FleetRefusal };

/** The ships a side was given in a linked game, with their designs: the side only places them. */
export interface GivenShip {
  readonly id: string;
  readonly design: {
    readonly engine: number;
    readonly shields: number;
    readonly toHit: number;
    readonly weapons: readonly string[];
  };
}

/** Where one ship goes: its hex and facing. */
export interface Placement {
  readonly id: string;
  readonly hex: string;
  readonly facing: string;
}

const facing = z.enum(DIRECTIONS, { message: `facing is one of ${DIRECTIONS.join(' ')}` });

const fleetSchema = z.strictObject({
  ships: z
    .array(
      z.strictObject({
        id: z.string().max(40),
        engine: z.number().int(),
        shields: z.number().int(),
        toHit: z.number().int(),
        weapons: z.union([z.array(z.string().max(4)).max(10), z.string().max(40)]),
        hex: z.string().max(10),
        facing,
      }),
    )
    .min(1)
    .max(60),
});

/** A linked game's deployment: each given ship once, on a hex of the side's zone, with a facing. */
const deploymentSchema = z.strictObject({
  ships: z
    .array(z.strictObject({ id: z.string().max(40), hex: z.string().max(10), facing }))
    .min(1)
    .max(500),
});

function unreadable(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FleetCheck {
  return {
    ok: false,
    refusal: {
      how: 'unreadable',
      code: 'INVALID_FLEET',
      message: 'the fleet could not be read',
      problems: issues.map((i) => ({
        code: 'INVALID_FIELD',
        message: `${i.path.map(String).join('.')}: ${i.message}`,
      })),
    },
  };
}

const rejected = (message: string, problems: readonly FleetProblem[]): FleetCheck => ({
  ok: false,
  refusal: { how: 'rejected', code: 'FLEET_REJECTED', message, problems },
});

/** Where a side places its ships: the map, and its zone (none: anywhere on the map). */
export interface Ground {
  readonly map: { readonly width: number; readonly height: number };
  readonly zone: Zone | undefined;
}

/** Problems with a ship's hex: unreadable, off the map, or outside the side's zone. */
function hexProblems(ground: Ground, ship: { id: string; hex: string }): FleetProblem[] {
  const hex = parseHex(ship.hex);
  if (!hex.ok) return [{ ...hex.error, ship: ship.id }];
  if (!onMap(hex.value, ground.map))
    return [
      {
        code: 'HEX_OFF_MAP',
        ship: ship.id,
        message: `${ship.hex} is off the ${ground.map.width}×${ground.map.height} map`,
      },
    ];
  if (!inZone(ground.zone, hex.value))
    return [
      {
        code: 'HEX_OUTSIDE_ZONE',
        ship: ship.id,
        message: `${ship.hex} is outside your deployment zone (${describeZone(ground.zone!)})`,
      },
    ];
  return [];
}

/** What a built fleet is checked against: where it deploys, the budget, the sizes, and the ids other sides use. */
export interface FleetRules extends Ground {
  readonly budget: number;
  /** Ship sizes (BP) allowed; null: any cost up to 25. */
  readonly sizes: readonly number[] | null;
  /** Ship ids another side uses already (ids are unique in the whole game: orders name ships by id alone). */
  readonly taken: ReadonlySet<string>;
}

/** A side's fleet as a seat sends it (JSON: the API, the CLI, the web form), every problem listed. */
export function checkBuiltFleet(raw: unknown, rules: FleetRules): FleetCheck {
  const body = fleetSchema.safeParse(raw);
  if (!body.success) return unreadable(body.error.issues);
  const problems: FleetProblem[] = [];
  const ships: PlacedShip[] = [];
  for (const s of body.data.ships) {
    const weapons = typeof s.weapons === 'string' ? parseWeapons(s.weapons) : parseWeapons(s.weapons.join(' '));
    if (!weapons.ok) problems.push({ ...weapons.error, ship: s.id });
    problems.push(...hexProblems(rules, s));
    ships.push({
      id: s.id,
      hex: s.hex,
      facing: s.facing,
      design: { engine: s.engine, shields: s.shields, toHit: s.toHit, weapons: weapons.ok ? weapons.value : [] },
    });
  }
  problems.push(...checkFleet(ships, { budget: rules.budget, ...(rules.sizes ? { sizes: rules.sizes } : {}) }));
  const taken = new Set([...rules.taken].map((id) => id.toUpperCase()));
  for (const s of ships) {
    if (taken.has(s.id.toUpperCase()))
      problems.push({
        code: 'SHIP_ID_TAKEN',
        ship: s.id,
        message: `ship id ${s.id} is used by another side: choose another`,
      });
  }
  if (problems.length > 0)
    return rejected('the fleet was not accepted: fix every problem listed and send it again', problems);
  return { ok: true, ships };
}

/** A linked game's deployment checked against the ships the side was given: each exactly once, in its zone. */
export function checkDeployment(raw: unknown, given: readonly GivenShip[], ground: Ground): FleetCheck {
  const body = deploymentSchema.safeParse(raw);
  if (!body.success) return unreadable(body.error.issues);
  const ids = given.map((s) => s.id);
  const problems: FleetProblem[] = [];
  const placement: Placement[] = [];
  for (const s of body.data.ships) {
    const id = ids.find((g) => g.toUpperCase() === s.id.toUpperCase());
    if (id === undefined) {
      problems.push({
        code: 'UNKNOWN_SHIP',
        ship: s.id,
        message: `${s.id} is not yours here: you place ${ids.join(', ')}`,
      });
      continue;
    }
    if (placement.some((p) => p.id === id)) {
      problems.push({ code: 'SHIP_TWICE', ship: id, message: `${id} is placed twice: place each ship once` });
      continue;
    }
    problems.push(...hexProblems(ground, s));
    placement.push({ id, hex: s.hex, facing: s.facing });
  }
  for (const id of ids.filter((g) => !placement.some((p) => p.id === g)))
    problems.push({ code: 'SHIP_MISSING', ship: id, message: `${id} is not placed: place every ship you were given` });
  if (problems.length > 0)
    return rejected('the deployment was not accepted: fix every problem listed and send it again', problems);
  return { ok: true, ships: placeGiven(given, placement) };
}

/** A side's given ships on the hexes and facings chosen for them, as a side's fleet is kept. */
export function placeGiven(given: readonly GivenShip[], placement: readonly Placement[]): PlacedShip[] {
  return given.map((ship) => {
    const spot = placement.find((p) => p.id === ship.id);
    if (!spot) throw new Error(`ship ${ship.id} has no placement`);
    return {
      id: ship.id,
      hex: spot.hex,
      facing: spot.facing as PlacedShip['facing'],
      design: { ...ship.design, weapons: [...ship.design.weapons] } as PlacedShip['design'],
    };
  });
}

/** What turn 1's position is made of besides the fleets. */
export interface Battlefield {
  readonly map: { readonly width: number; readonly height: number };
  /** In seat order. */
  readonly sides: readonly string[];
  /** Sides played by the solo rules: their ships start at their ENGINE as SPEED (or the speed they were given). */
  readonly solo: readonly string[];
  readonly turnLimit: number | null;
}

/** The position turn 1 starts from: every side's fleet, in seat order. */
export function startPosition(field: Battlefield, fleets: (side: string) => readonly PlacedShip[]): Position {
  const ships: Ship[] = field.sides.flatMap((side) =>
    fleets(side).map((p) => {
      const hex = parseHex(p.hex);
      if (!hex.ok) throw new Error(`a fleet kept with a bad hex ${p.hex}`);
      return {
        id: p.id,
        side,
        hex: hex.value,
        facing: p.facing,
        speed: field.solo.includes(side) ? (p.speed ?? p.design.engine) : null,
        ...p.design,
        design: p.design,
        status: 'active' as const,
      };
    }),
  );
  return {
    map: field.map,
    turn: 1,
    sides: [...field.sides],
    solo: [...field.solo],
    ships,
    turnLimit: field.turnLimit,
    conceded: [],
  };
}
