/**
 * The campaign's setup phase (rules-strategic.md §2): the settings a campaign
 * is created with, the campaign before setup, each side's setup — its
 * starting ships of 10, 15 or 20 BP within the budget, grouped into fleets at
 * home — written in the campaign orders language's BUILD lines, the block a
 * setup mail carries, the default build for a side that has not set up by the
 * deadline, and the campaign turn 1 starts from.
 */
import { buildWarnings } from './forecast.ts';
import { z } from 'zod';
import { openHoursSchema } from '../../lib/hours.ts';
import { parseCampaignSubmission } from '../../orders/campaign/index.ts';
import type { OrdersProblem } from '../../orders/types.ts';
import { formatHex, parseHex } from '../../rules/hex.ts';
import { err, ok, type Result, type RuleError } from '../../rules/result.ts';
import { checkMap, generateMap, MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../rules/strategic/map.ts';
import { noOrders } from '../../rules/strategic/check.ts';
import { shipCost } from '../../rules/strategic/ships.ts';
import {
  BATTLE_MODES,
  FOG_MODES,
  type BuildOrder,
  type Campaign,
  type Fleet,
  type StarSystem,
  type StrategicShip,
} from '../../rules/strategic/types.ts';
import type { SetupContext, SetupParse } from '../kind.ts';
import { readSideOrders, writeSideOrders } from './docs.ts';
import { designText } from './narrative.ts';
import { wrapWords } from '../../reports/wrap.ts';
import { CAMPAIGN_REPORT_WIDTH } from './report.ts';
import { renderCampaignMap } from '../../reports/campaign-map.ts';
import { viewOf } from './view.ts';

const sideId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,19}$/, 'a side id is 1–20 lowercase letters, digits or dashes, starting with a letter');
const side = z.strictObject({ id: sideId, name: z.string().trim().min(1).max(40) });
const mapSide = z.number().int().min(MIN_MAP_SIDE).max(MAX_MAP_SIDE);

/** The turn number setup submissions carry in their header: setup comes before turn 1. */
export const SETUP_TURN = 0;
/** A tactical battle's turn limit unless the campaign says otherwise (§8). */
export const TACTICAL_TURN_LIMIT = 12;
/** At most this many ships in one fleet of a default build. */
const DEFAULT_FLEET_SIZE = 20;

/** A campaign's settings, as a moderator gives them (issue: creating a campaign). */
export const campaignSettingsSchema = z
  .strictObject({
    sides: z.tuple([side, side]),
    map: z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('generated'),
        width: mapSide,
        height: mapSide,
        /** Systems in all, both homes included. */
        systems: z.number().int().min(2).max(3267),
        seed: z.string().min(1).max(200),
      }),
      z.strictObject({
        kind: z.literal('given'),
        width: z.number().int().min(1).max(MAX_MAP_SIDE),
        height: z.number().int().min(1).max(MAX_MAP_SIDE),
        systems: z
          .array(
            z.strictObject({
              hex: z.string().regex(/^\d{4}$/, 'a hex is four digits CCRR, e.g. 0912'),
              name: z.string().trim().min(1).max(40).nullable().optional(),
              /** The side whose home this is. */
              home: sideId.nullable().optional(),
            }),
          )
          .min(2)
          .max(9_801),
      }),
    ]),
    /** BP each side spends on its starting ships (§2). */
    budget: z.number().int().min(10).max(5_000).default(150),
    battles: z.enum(BATTLE_MODES).default('strategic'),
    fog: z.enum(FOG_MODES).default('positions'),
    /** The last turn to be played (§9), or null for none. */
    turnLimit: z.number().int().min(1).max(999).nullable().default(null),
    /** Hours a campaign turn stays open; null: it waits for both sides. */
    turnHours: openHoursSchema(),
    /** Hours the setup phase (and a tactical battle's deployment) stays open; null: it waits. */
    setupHours: openHoursSchema(),
    /** A tactical battle's turn limit (§8). */
    tacticalTurnLimit: z.number().int().min(1).max(99).default(TACTICAL_TURN_LIMIT),
  })
  .superRefine((s, ctx) => {
    if (s.sides[0].id === s.sides[1].id)
      ctx.addIssue({ code: 'custom', path: ['sides'], message: 'the two sides have different ids' });
  });

export type CampaignSettingsInput = z.input<typeof campaignSettingsSchema>;
export type CampaignSettings = z.output<typeof campaignSettingsSchema>;

const asError = (e: { code: string; message: string }): RuleError => ({ code: e.code, message: e.message });

/** The campaign before setup: the map and its systems, homes owned from the start, no fleets, empty stores. */
export function initialCampaign(settings: CampaignSettings): Result<Campaign, RuleError[]> {
  const sides: [string, string] = [settings.sides[0].id, settings.sides[1].id];
  let map: { width: number; height: number };
  let systems: StarSystem[];
  if (settings.map.kind === 'generated') {
    const g = generateMap({ ...settings.map, sides });
    if (!g.ok) return err(g.error.map(asError));
    map = g.value.map;
    systems = g.value.systems;
  } else {
    map = { width: settings.map.width, height: settings.map.height };
    const errors: RuleError[] = [];
    systems = [];
    for (const s of settings.map.systems) {
      const hex = parseHex(s.hex);
      if (!hex.ok) {
        errors.push(hex.error);
        continue;
      }
      const home = s.home ?? null;
      systems.push({
        hex: hex.value,
        name: s.name ?? null,
        home,
        owner: home,
        capturedTurn: home === null ? null : 0,
        held: null,
      });
    }
    systems.sort((a, b) => formatHex(a.hex).localeCompare(formatHex(b.hex)));
    errors.push(...checkMap(map, systems, sides).map(asError));
    if (errors.length > 0) return err(errors);
  }
  return ok({
    map,
    turn: 1,
    sides,
    // Ids belong to a side (rules-strategic.md §1); stored so, as campaigns stored before are read with the game's.
    options: { battles: settings.battles, fog: settings.fog, turnLimit: settings.turnLimit, ids: 'side' },
    systems,
    store: Object.fromEntries(sides.map((s) => [s, 0])),
    fleets: [],
    conceded: [],
  });
}

/** A side's setup: its starting ships, each with the fleet it forms or joins, in the order given. */
export interface CampaignSetup {
  readonly builds: readonly BuildOrder[];
}

export const readSetup = (doc: unknown): CampaignSetup => ({ builds: readSideOrders(doc).builds });
export const writeSetup = (s: CampaignSetup): unknown => writeSideOrders({ ...noOrders(), builds: s.builds });

const budgetOf = (settings: unknown): number => (settings as Partial<CampaignSettings>).budget ?? 150;

/**
 * Reads a side's setup: BUILD lines only (`BUILD <ship> E<n> S<n> H<n> W <weapons> AS <fleet>` forms a fleet,
 * `JOIN <fleet>` adds to one formed above), every ship a legal 10, 15 or 20 BP design, within the budget. Every
 * problem is reported on its line.
 */
export function parseSetup(text: string, at: SetupContext<Campaign>): SetupParse {
  const budget = budgetOf(at.settings);
  // Checked against the side's own setup alone: the other side's ships do not exist yet, and ids it picks are
  // settled when the campaign starts.
  const campaign: Campaign = { ...at.state, fleets: [], store: { ...at.state.store, [at.side]: 1_000_000 } };
  const parsed = parseCampaignSubmission(text, {
    gameId: at.gameId,
    turn: SETUP_TURN,
    side: at.side,
    campaign,
    sent: () => [setupBlock(at)],
    empty:
      'no setup found: write your starting ships as BUILD lines, e.g. BUILD S1 E3 S3 H3 W F,FL,FR AS F1, then END; send HELP for instructions',
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { value } = parsed;
  const errors: OrdersProblem[] = [];
  const orderLines = value.lines.filter((l) => /^(BUILD|MOVE|MERGE|TRANSFER|SPLIT|LOSSES|RETREAT)\b/i.test(l.text));
  for (const l of orderLines) {
    if (!/^BUILD\b/i.test(l.text))
      errors.push({
        line: l.line,
        code: 'SETUP_BUILD_ONLY',
        message: 'the setup takes BUILD lines only: fleets move, merge and set standing orders from turn 1',
      });
  }
  const buildLines = orderLines.filter((l) => /^BUILD\b/i.test(l.text));
  let spent = 0;
  value.orders.builds.forEach((b, i) => {
    spent += shipCost(b.ship);
    if (spent > budget)
      errors.push({
        line: buildLines[i]?.line ?? null,
        code: 'SETUP_OVER_BUDGET',
        message: `${b.ship.id} brings your ships to ${spent} BP, over the budget of ${budget} BP: build fewer or cheaper ships`,
        ship: b.ship.id,
      });
  });
  const commandsOnly = value.commands.length > 0 || value.message !== null;
  if (value.orders.builds.length === 0 && errors.length === 0 && !commandsOnly)
    errors.push({
      line: null,
      code: 'SETUP_NO_SHIPS',
      message: 'a setup builds at least one ship: write BUILD lines, e.g. BUILD S1 E3 S3 H3 W F,FL,FR AS F1',
    });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    setup: { builds: value.orders.builds } satisfies CampaignSetup,
    message: value.message,
    commands: value.commands,
    hasOrders: value.orders.builds.length > 0,
    notes: [...value.notes, ...buildWarnings(at.state, value.orders.builds)],
  };
}

function buildLine(b: BuildOrder, formed: Set<string>): string {
  const s = b.ship;
  const joins = formed.has(b.fleet);
  formed.add(b.fleet);
  return `BUILD ${s.id} E${s.engine} S${s.shields} H${s.toHit} W ${s.weapons.length === 0 ? '-' : s.weapons.join(',')} ${joins ? 'JOIN' : 'AS'} ${b.fleet}`;
}

/** A setup in canonical text (it parses back to the same setup). */
export function formatSetup(setup: CampaignSetup, at: { gameId: string }): string {
  const formed = new Set<string>();
  return `${[`GAME ${at.gameId} TURN ${SETUP_TURN}`, ...setup.builds.map((b) => buildLine(b, formed)), 'END'].join('\n')}\n`;
}

const LINE: Omit<StrategicShip, 'id'> = { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] };
const SCOUT: Omit<StrategicShip, 'id'> = { engine: 5, shields: 2, toHit: 1, weapons: ['F'] };

/** The default build (§2, ruling): 15-BP line ships while the budget lasts, a 10-BP scout from what is left. */
export function defaultSetup(side: string, budget: number): CampaignSetup {
  const prefix = (side.replace(/[^A-Za-z0-9]/g, '').toUpperCase() || 'S').slice(0, 7);
  const designs: Omit<StrategicShip, 'id'>[] = [];
  let left = budget;
  while (left >= 15) {
    designs.push(LINE);
    left -= 15;
  }
  if (left >= 10) designs.push(SCOUT);
  return {
    builds: designs.map((d, i) => ({
      ship: { id: `${prefix}${i + 1}`, ...d },
      fleet: `${prefix}F${Math.floor(i / DEFAULT_FLEET_SIZE) + 1}`,
    })),
  };
}

/** The block a setup mail carries: budget, home, the BUILD form, and the setup in (or the default) ready to edit. */
/** How the campaign's battles are fought, as its setup mail says it (the game's `battles` setting, rules §7–§8). */
const BATTLES_SAID: Record<(typeof BATTLE_MODES)[number], string> = {
  strategic:
    'Battles in this campaign are fought strategically: when fleets of both sides meet, the battle is settled at once ' +
    'by the campaign rules, from the ships’ strategic values and the dice, within the turn.',
  tactical:
    'Battles in this campaign are fought as linked tactical games: when fleets of both sides meet, each battle is a ' +
    'tactical game of its own, in which you deploy your ships and give them orders turn by turn; the campaign turn ' +
    'ends when every battle has.',
};

/**
 * What a side is told before it sets up: where both homes are — every side sees the map, each system and its owner
 * (rules-strategic.md §6), so the enemy's home is no secret — on a small text map, and how battles are fought.
 */
export function setupBriefing(at: SetupContext<Campaign>): string[] {
  const settings = at.settings as Partial<CampaignSettings>;
  const nameOf = (side: string) => settings.sides?.find((s) => s.id === side)?.name ?? side;
  const homeOf = (side: string) => {
    const home = at.state.systems.find((s) => s.home === side);
    return home ? `${formatHex(home.hex)}${home.name ? ` (${home.name})` : ''}` : 'none';
  };
  const enemies = at.state.sides.filter((s) => s !== at.side);
  const homes = [
    `Your home system: ${homeOf(at.side)}.`,
    ...enemies.map((s) => `The home system of ${nameOf(s)}: ${homeOf(s)}.`),
  ].join(' ');
  const map = renderCampaignMap(viewOf(at.state, at.side, []), {
    sides: at.state.sides,
    maxWidth: CAMPAIGN_REPORT_WIDTH,
    maxHeight: SETUP_MAP_LINES,
  });
  return [BATTLES_SAID[at.state.options?.battles ?? settings.battles ?? 'strategic'], homes, map.trimEnd()];
}

/** The most lines the setup mail's map takes (a larger map is cropped around the systems). */
const SETUP_MAP_LINES = 30;

export function setupBlock(at: SetupContext<Campaign>, current?: CampaignSetup): string {
  const budget = budgetOf(at.settings);
  const home = at.state.systems.find((s) => s.home === at.side);
  const setup = current ?? defaultSetup(at.side, budget);
  const spent = setup.builds.reduce((t, b) => t + shipCost(b.ship), 0);
  const comments = [
    `# Setup: your starting ships, ${budget} BP in all, at your home ${home ? formatHex(home.hex) : '?'}${home?.name ? ` (${home.name})` : ''}; BP you do not spend go into your store.`,
    '# BUILD <ship> E<n> S<n> H<n> W <F,FL,FR,RL,RR or -> AS <new fleet> | JOIN <fleet formed above>',
    '#   (a ship costs E + S + H + 2 per weapon: exactly 10, 15 or 20 BP; ids are 1 to 12 letters or digits)',
    current
      ? `# Your setup as it stands (${spent} BP):`
      : `# Without a setup by the deadline you start with the build below (${spent} BP):`,
    ...setup.builds.map((b) => `#   ${b.ship.id}: ${designText(b.ship)}`),
  ];
  const body = formatSetup(setup, at).trimEnd().split('\n');
  return `${[body[0]!, ...comments.flatMap((c) => wrapWords(c, CAMPAIGN_REPORT_WIDTH, '#   ')), ...body.slice(1)].join('\n')}\n`;
}

/** An id not yet taken (case aside): the id itself, or it with the lowest number from 2 added that makes it free. */
function freeId(id: string, taken: Set<string>): string {
  if (!taken.has(id.toUpperCase())) return id;
  for (let n = 2; ; n++) {
    const candidate = `${id.slice(0, 12 - String(n).length)}${n}`;
    if (!taken.has(candidate.toUpperCase())) return candidate;
  }
}

/**
 * The campaign turn 1 starts from: each side's ships at its home, in its fleets, in seat order; what it did not spend
 * in its store. Ids belong to a side (rules-strategic.md §1): the two setups never clash. A setup is read with its ids
 * checked, so none repeats an id; one kept from before that did (letter case aside) has the lowest number from 2 added
 * to the later id, and its side is told.
 */
export function startCampaign(
  campaign: Campaign,
  setups: ReadonlyMap<string, CampaignSetup>,
  settings: unknown,
): { state: Campaign; notes: Record<string, string[]> } {
  const budget = budgetOf(settings);
  const fleets: Fleet[] = [];
  const store: Record<string, number> = {};
  const notes: Record<string, string[]> = {};
  for (const side of campaign.sides) {
    const takenShips = new Set<string>();
    const takenFleets = new Set<string>();
    const setup = setups.get(side) ?? defaultSetup(side, budget);
    const home = campaign.systems.find((s) => s.home === side)!;
    const own: { id: string; ships: StrategicShip[] }[] = [];
    const renamed = new Map<string, string>();
    const said: string[] = [];
    let spent = 0;
    for (const b of setup.builds) {
      const shipId = freeId(b.ship.id, takenShips);
      takenShips.add(shipId.toUpperCase());
      if (shipId !== b.ship.id) said.push(`Ship ${b.ship.id} is called ${shipId}: you gave its id twice.`);
      let fleetId = renamed.get(b.fleet);
      if (fleetId === undefined) {
        fleetId = freeId(b.fleet, takenFleets);
        takenFleets.add(fleetId.toUpperCase());
        renamed.set(b.fleet, fleetId);
        if (fleetId !== b.fleet) said.push(`Fleet ${b.fleet} is called ${fleetId}: you gave its id twice.`);
      }
      const fleet = own.find((f) => f.id === fleetId);
      const ship = { ...b.ship, id: shipId };
      if (fleet) fleet.ships.push(ship);
      else own.push({ id: fleetId, ships: [ship] });
      spent += shipCost(b.ship);
    }
    for (const f of own)
      fleets.push({ id: f.id, side, hex: home.hex, ships: f.ships, lossOrder: [], retreat: { kind: 'never' } });
    store[side] = Math.max(0, budget - spent);
    notes[side] = said;
  }
  return { state: { ...campaign, fleets, store }, notes };
}
