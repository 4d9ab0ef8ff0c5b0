/**
 * The tactical battle's setup phase (`GameKind.setup`), run as turn 0 on the turn queue as every kind's is: the
 * settings a battle is created with (from a scenario or from scratch), the battle before setup, each side's setup —
 * its fleet built within the budget and sizes and deployed in its zone, or in a linked game (a campaign's battle) the
 * ships it was given, placed in its zone — by DEPLOY lines in a mail or as a JSON document (the game page, the API,
 * `msc game fleet`), the default for a side that has not set up by the setup deadline, and the position turn 1
 * starts from.
 */
import { z } from 'zod';
import { MAX_HOURS, openHoursSchema } from '../../lib/hours.ts';
import { deploymentBlock, lineOfShip, parseDeployment } from '../../orders/deploy.ts';
import { designCost } from '../../rules/design.ts';
import { formatHex } from '../../rules/hex.ts';
import { ok, type Result, type RuleError } from '../../rules/result.ts';
import { DIRECTIONS, type Design, type Position } from '../../rules/types.ts';
import { DamagedDocumentError, type SetupCheck, type SetupContext, type SetupParse, type SetupPhase } from '../kind.ts';
import { checkBuiltFleet, checkDeployment, placeGiven, startPosition, type FleetCheck } from './fleets.ts';
import type { SCENARIOS } from './scenarios.ts';
import { scenario, scenarioOptionsSchema, soloFleet, type PlacedShip } from './scenarios.ts';
import { checkSidesAndZones, zoneSchema } from '../zones.ts';

const sideId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,19}$/, 'a side id is 1–20 lowercase letters, digits or dashes, starting with a letter');

const placedShipSchema = z.strictObject({
  id: z.string().min(1).max(40),
  hex: z.string().max(10),
  facing: z.enum(DIRECTIONS),
  design: z.strictObject({
    engine: z.number().int(),
    shields: z.number().int(),
    toHit: z.number().int(),
    weapons: z.array(z.string().max(4)).max(10),
  }),
  speed: z.number().int().nullable().optional(),
});

const givenShipSchema = placedShipSchema.pick({ id: true, design: true });
const placementSchema = z.strictObject({ id: z.string().max(40), hex: z.string().max(10), facing: z.string().max(4) });

/** A tactical battle's settings, as the kind reads them (the service's own: reminders, sender check, archive aside). */
export const tacticalSettingsSchema = z
  .strictObject({
    map: z.strictObject({ width: z.number().int().min(4).max(99), height: z.number().int().min(4).max(99) }),
    sides: z
      .array(z.strictObject({ id: sideId, name: z.string().trim().min(1).max(40) }))
      .min(2)
      .max(8),
    /** BP each side may spend on its fleet in the setup phase. */
    budget: z.number().int().min(1).max(5000).default(45),
    /** Ship sizes (BP) allowed; null: any cost up to 25. */
    sizes: z.array(z.number().int().min(1).max(25)).min(1).nullable().default([10, 15, 20]),
    /** Deployment zones by side; a side without one may deploy anywhere on the map. */
    zones: z.record(z.string(), zoneSchema).default({}),
    /** Hours a turn stays open; null: no deadline (the turn waits for every seat). */
    turnHours: openHoursSchema(),
    /** Hours the setup phase stays open; null (the default): it waits for every side's fleet. */
    setupHours: z.number().min(0.05).max(MAX_HOURS).nullable().default(null),
    turnLimit: z.number().int().min(1).max(999).nullable().default(null),
    /** What happens to a seat without orders at the deadline. */
    noOrders: z.enum(['standing', 'solo']).default('standing'),
    /** Sides played by the solo rules for the whole game. */
    solo: z.array(sideId).default([]),
    /**
     * The ships the game provides, by side (a scenario's fleets, the solo sides'): those sides have nothing to set
     * up. A solo side not listed gets a fleet of the standard designs within the budget.
     */
    fleets: z.record(z.string(), z.array(placedShipSchema).max(500)).default({}),
    /** A linked game (a campaign's battle): the ships each side is given, and where they stand by default. */
    linked: z
      .strictObject({
        ships: z.record(z.string(), z.array(givenShipSchema).max(500)),
        defaultPlacement: z.record(z.string(), z.array(placementSchema).max(500)),
      })
      .optional(),
  })
  .superRefine((s, ctx) => {
    checkSidesAndZones(s, ctx);
    const ids = s.sides.map((x) => x.id);
    for (const id of Object.keys(s.fleets))
      if (!ids.includes(id))
        ctx.addIssue({ code: 'custom', path: ['fleets', id], message: `fleet for unknown side "${id}"` });
  })
  .transform((s) => {
    // A solo side the settings give no fleet builds from the standard designs, within the budget, in its zone.
    const fleets: Record<string, PlacedShip[]> = { ...s.fleets } as Record<string, PlacedShip[]>;
    for (const side of s.solo) fleets[side] ??= soloFleet(s.budget, s.zones[side], s.map);
    return { ...s, fleets };
  });

export type TacticalSettingsInput = z.input<typeof tacticalSettingsSchema>;
export type TacticalSettings = z.output<typeof tacticalSettingsSchema>;

/** A side's setup: its ships, each with its design, hex and facing. */
export interface TacticalSetup {
  readonly ships: readonly PlacedShip[];
}

const setupSchema = z.strictObject({ ships: z.array(placedShipSchema).max(500) });

const settingsOf = (settings: unknown) => settings as TacticalSettings;

/** A scenario's settings and fleets as a request's settings, the request's own over the scenario's. */
export function scenarioSettings(
  name: string,
  options: unknown,
  own: Record<string, unknown>,
): Record<string, unknown> {
  // The options are read first, so that a custom game's are refused as a scenario's are (a ZodError: INVALID_GAME).
  const read = scenarioOptionsSchema.parse(options ?? {});
  if (name === 'custom') return own;
  const s = scenario(name as Exclude<(typeof SCENARIOS)[number], 'custom'>, read);
  return { ...s.settings, fleets: s.fleets, ...own };
}

/** The battle before setup: the map and the sides, no ship placed yet (they all come in with `start`). */
function initialState(settings: unknown): Result<Position, RuleError[]> {
  const s = settingsOf(settings);
  return ok({
    map: s.map,
    turn: 1,
    sides: s.sides.map((x) => x.id),
    solo: s.solo,
    ships: [],
    turnLimit: s.turnLimit,
    conceded: [],
  });
}

/** Where the side deploys. */
const groundOf = (s: TacticalSettings, side: string) => ({ map: s.map, zone: s.zones[side] });

/** Ship ids another side has already: the game's own fleets', and every other side's setup in. */
function takenIds(s: TacticalSettings, at: SetupContext<Position>): Set<string> {
  const taken = new Set<string>();
  for (const [side, ships] of Object.entries(s.fleets)) if (side !== at.side) for (const x of ships) taken.add(x.id);
  for (const [side, setup] of at.others ?? new Map<string, unknown>())
    if (side !== at.side) for (const x of (setup as TacticalSetup).ships) taken.add(x.id);
  return taken;
}

function check(raw: unknown, at: SetupContext<Position>): FleetCheck {
  const s = settingsOf(at.settings);
  const ground = groundOf(s, at.side);
  if (s.linked) return checkDeployment(raw, s.linked.ships[at.side] ?? [], ground);
  return checkBuiltFleet(raw, { ...ground, budget: s.budget, sizes: s.sizes, taken: takenIds(s, at) });
}

function readSetupDocument(raw: unknown, at: SetupContext<Position>): SetupCheck {
  const checked = check(raw, at);
  if (!checked.ok) return { ok: false, ...checked.refusal };
  return { ok: true, setup: { ships: checked.ships } satisfies TacticalSetup };
}

/**
 * A side's setup as text: a linked game's DEPLOY lines (docs/mail.md), checked as the document is; commands and a
 * message on their own are taken as in any submission.
 */
function parseSetup(text: string, at: SetupContext<Position>): SetupParse {
  const s = settingsOf(at.settings);
  // A fleet of its own is designed on the game page, by the API or with `msc game fleet`: a text, whatever it holds,
  // is answered as by a game that has not started.
  if (!s.linked)
    return {
      ok: false,
      errors: [
        {
          line: null,
          code: 'GAME_NOT_STARTED',
          message: `game ${at.gameId} has not started: every side must first send its fleet`,
        },
      ],
    };
  const parsed = parseDeployment(text, {
    gameId: at.gameId,
    side: at.side,
    sides: s.sides.map((x) => x.id),
    sent: [setupBlock(at)],
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { placements, commands, message, notes } = parsed.value;
  if (placements.length === 0)
    return { ok: true, setup: { ships: [] } satisfies TacticalSetup, hasOrders: false, commands, message, notes };
  const checked = readSetupDocument({ ships: placements.map((p) => ({ id: p.id, hex: p.hex, facing: p.facing })) }, at);
  if (!checked.ok)
    return {
      ok: false,
      errors: checked.problems.map((p) => ({
        ...p,
        line: p.line ?? lineOfShip(placements, p.code, p.ship),
      })),
    };
  return { ok: true, setup: checked.setup, hasOrders: true, commands, message, notes };
}

/** One ship a line, as the fleet form takes it: `ID HEX FACING ENGINE SHIELDS TO-HIT WEAPONS…`. */
const fleetLine = (p: PlacedShip) =>
  `${p.id} ${p.hex} ${p.facing} ${p.design.engine} ${p.design.shields} ${p.design.toHit} ${p.design.weapons.join(' ')}`.trimEnd();

function formatSetup(setup: unknown, at: SetupContext<Position>): string {
  const { ships } = setup as TacticalSetup;
  if (settingsOf(at.settings).linked) return `${deploymentBlock(at.gameId, ships)}\n`;
  return `${ships.map(fleetLine).join('\n')}\n`;
}

/** The block a setup mail or page offers: a linked game's DEPLOY lines as they stand (by default, the default). */
function setupBlock(at: SetupContext<Position>, current?: unknown): string {
  const s = settingsOf(at.settings);
  const ships = (current as TacticalSetup | undefined)?.ships;
  if (s.linked) return `${deploymentBlock(at.gameId, ships ?? s.linked.defaultPlacement[at.side] ?? [])}\n`;
  return ships ? `${ships.map(fleetLine).join('\n')}\n` : '';
}

/** The standard designs a default fleet is built from, largest first (10, 15 and 20 BP). */
const STANDARD_DESIGNS: readonly Design[] = [
  { engine: 4, shields: 5, toHit: 5, weapons: ['F', 'FL', 'FR'] }, // 20
  { engine: 3, shields: 4, toHit: 4, weapons: ['F', 'FR'] }, // 15
  { engine: 3, shields: 3, toHit: 2, weapons: ['F'] }, // 10
];

/**
 * A side without a setup at the setup deadline: in a linked game its given ships at the default placement; else a
 * fleet of the standard designs of an allowed size, largest first, within the budget, placed from the corner of its
 * zone (or the west edge of the map) facing the map's middle, named after the side.
 */
function defaultSetup(at: SetupContext<Position>): TacticalSetup {
  const s = settingsOf(at.settings);
  if (s.linked) return { ships: placeGiven(s.linked.ships[at.side] ?? [], s.linked.defaultPlacement[at.side] ?? []) };
  const designs = STANDARD_DESIGNS.filter((d) => s.sizes === null || s.sizes.includes(designCost(d)));
  const area = s.zones[at.side] ?? { fromCol: 1, toCol: Math.min(2, s.map.width), fromRow: 1, toRow: s.map.height };
  const cols = area.toCol - area.fromCol + 1;
  const rows = area.toRow - area.fromRow + 1;
  const taken = new Set([...takenIds(s, at)].map((id) => id.toUpperCase()));
  const prefix =
    at.side
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 6)
      .toUpperCase() || 'S';
  const facing = area.fromCol > s.map.width / 2 ? 'NW' : 'NE';
  const ships: PlacedShip[] = [];
  let left = s.budget;
  let n = 0;
  for (;;) {
    const design = designs.find((d) => designCost(d) <= left);
    if (!design || ships.length >= cols * rows) break;
    left -= designCost(design);
    let id: string;
    do id = `${prefix}${++n}`;
    while (taken.has(id));
    const i = ships.length;
    const hex = formatHex({ col: area.fromCol + (i % cols), row: area.fromRow + Math.floor(i / cols) });
    ships.push({ id, hex, facing, design: { ...design, weapons: [...design.weapons] } });
  }
  return { ships };
}

/** The sides whose players set up: every side but those whose ships the game provides. */
const sidesThatSetUp = (settings: unknown): string[] => {
  const s = settingsOf(settings);
  return s.sides.map((x) => x.id).filter((side) => s.fleets[side] === undefined);
};

export const tacticalSetup: SetupPhase<Position> = {
  settingsSchema: tacticalSettingsSchema,
  serviceSettings(settings) {
    const s = settingsOf(settings);
    return {
      sides: s.sides,
      map: s.map,
      turnHours: s.turnHours,
      setupHours: s.setupHours,
      turnLimit: s.turnLimit,
      noOrders: s.noOrders,
      budget: s.budget,
      sizes: s.sizes,
      zones: s.zones,
      solo: s.solo,
    };
  },
  scenario: scenarioSettings,
  sidesThatSetUp,
  initialState,
  readSetup(doc) {
    const parsed = setupSchema.safeParse(doc);
    if (!parsed.success) throw new DamagedDocumentError('tactical setup', parsed.error.message);
    return parsed.data;
  },
  writeSetup: (setup) => ({ ships: (setup as TacticalSetup).ships.map((p) => ({ ...p })) }),
  parseSetup,
  readSetupDocument,
  formatSetup,
  setupBlock,
  defaultSetup,
  start(state, setups, settings) {
    const s = settingsOf(settings);
    const fleetOf = (side: string) => s.fleets[side] ?? (setups.get(side) as TacticalSetup | undefined)?.ships ?? [];
    const position = startPosition(
      { map: state.map, sides: state.sides, solo: state.solo, turnLimit: state.turnLimit },
      fleetOf,
    );
    return { state: { ...position, conceded: [...state.conceded] }, notes: {} };
  },
};
