/**
 * The Simple Combat Game's settings and its setup phase (rules-scg.md §15,
 * §18.7). A game is made from a scenario, whose document is the state of turn
 * 1 — one of §15's, or `custom` with a position of the creator's own (the
 * map, the two sides, the units, any unit and weapon types of its own, as
 * `msc scg resolve` reads them), or `forces`: each side's force list of
 * built-in types within a points budget, placed by src/rules/scg/deploy.ts.
 * Neither side chooses where it deploys, so no side sets up and turn 0
 * settles at creation. The settings name the scenario
 * and may change its turn limit, its firing scale and the deadlines.
 */
import { z } from 'zod';
import { MAX_HOURS, openHoursSchema } from '../../lib/hours.ts';
import { parseScgInput } from '../../adjudicator/scg-json.ts';
import { ok } from '../../rules/result.ts';
import { SCG_SCENARIOS } from '../../rules/scg/scenarios.ts';
import {
  deployForces,
  deploymentHexes,
  FORCE_SIDES,
  FORCE_TYPES,
  forceCost,
  forceSize,
} from '../../rules/scg/deploy.ts';
import type { ScgState } from '../../rules/scg/types.ts';
import type { SetupCheck, SetupParse, SetupPhase } from '../kind.ts';

/**
 * The scenarios a game can be made from, in the order they are offered; `custom`: a position of one's own;
 * `forces`: each side's force list within a points budget.
 */
export const SCG_SCENARIO_NAMES: readonly string[] = [...Object.keys(SCG_SCENARIOS), 'custom', 'forces'];

const BOARDS = Object.keys(SCG_SCENARIOS) as [string, ...string[]];

const forceListSchema = z.strictObject(
  Object.fromEntries(FORCE_TYPES.map(([type]) => [type, z.number().int().min(0).max(99).optional()])),
  { error: `a force list counts unit types: ${FORCE_TYPES.map(([t]) => t).join(', ')}` },
);

/** With scenario `forces`: the board, the budget and each side's force list (rules-scg.md §14.2). */
export const scgForcesSchema = z.strictObject({
  /** The sample scenario whose map (and turn limit) the game is played on. */
  board: z.enum(BOARDS, { error: `the board is a scenario's map: ${BOARDS.join(' or ')}` }).default(BOARDS[0]),
  /** The most points each side's force may cost. */
  budget: z.number().int().min(1).max(9999),
  west: forceListSchema,
  east: forceListSchema,
});

/** A custom position as the adjudicator reads it (§18.1): turn 1, nobody conceded, no orders or dice. */
export function readCustomPosition(doc: Readonly<Record<string, unknown>>): ReturnType<typeof parseScgInput> {
  const { orders: _orders, dice: _dice, seed: _seed, diceState: _state, ...position } = doc;
  return parseScgInput({ ...position, turn: 1, conceded: [] }, 'check');
}

const SIDE_ID = /^[a-z][a-z0-9-]{0,19}$/;

/** What a scenario takes besides its name: nothing (an empty object, or none). */
export const scgScenarioOptionsSchema = z.strictObject({});

/** A Simple Combat Game's settings, as the kind reads them (the service's own: reminders, archive aside). */
export const scgSettingsSchema = z
  .strictObject({
    scenario: z
      .enum(SCG_SCENARIO_NAMES as [string, ...string[]], {
        error: `a Simple Combat Game is made from a scenario: ${SCG_SCENARIO_NAMES.join(', ')}`,
      })
      .default('custom'),
    /** With scenario `custom`: the position turn 1 starts from, as `msc scg resolve` reads it (§18.1). */
    position: z.record(z.string(), z.unknown()).optional(),
    /** With scenario `forces`: each side's force list and the budget. */
    forces: scgForcesSchema.optional(),
    /** The last turn; null: none (§13 rule 5). Absent: the scenario's. */
    turnLimit: z.number().int().min(1).max(999).nullable().optional(),
    /** Hexes per firing DU (§2). Absent: the scenario's. */
    rangeScale: z.union([z.literal(1), z.literal(2)]).optional(),
    /** Hours a turn stays open; null: the turn waits for both sides. */
    turnHours: openHoursSchema(),
    /** There is no setup to wait for; kept for the service, which reads every kind's. */
    setupHours: z.number().min(0.05).max(MAX_HOURS).nullable().default(null),
    /** A side without orders at the deadline gets standing orders (§17.6): the only policy. */
    noOrders: z
      .literal('standing', { error: 'a side without orders gets standing orders (§17.6): noOrders "standing"' })
      .default('standing'),
  })
  .superRefine((s, ctx) => {
    const issue = (message: string, ...path: string[]) =>
      ctx.addIssue({ code: 'custom', path: ['position', ...path], message });
    if (s.scenario === 'forces' || s.forces !== undefined) {
      checkForces(s, ctx);
      if (s.scenario === 'forces') {
        if (s.position !== undefined) issue('scenario forces places its units from the force lists: give no position');
        return;
      }
    }
    if (s.scenario !== 'custom') {
      if (s.position !== undefined)
        issue(`scenario ${s.scenario} places its own units: give a position only with scenario custom`);
      return;
    }
    if (s.position === undefined) {
      issue(
        `a custom Simple Combat Game needs its position — {"map": {"width": …, "height": …}, "sides": [two ids], "units": […]}, as msc scg resolve reads it — or a scenario: ${Object.keys(SCG_SCENARIOS).join(' or ')}`,
      );
      return;
    }
    const read = readCustomPosition(s.position);
    if (!read.ok) {
      for (const e of read.errors) issue(`${e.code}: ${e.message}`, ...(e.unit ? ['units', e.unit] : []));
      return;
    }
    for (const side of read.value.state.sides)
      if (!SIDE_ID.test(side))
        issue(
          `side "${side}": a side id here is 1–20 lowercase letters, digits or dashes, starting with a letter`,
          'sides',
        );
  });
export type ScgSettings = z.output<typeof scgSettingsSchema>;

/**
 * Scenario `forces`: each side's force within the budget (OVER_BUDGET, naming the side, its total and the budget),
 * at least one unit (EMPTY_FORCE), no more than its deployment zone holds (FORCE_TOO_LARGE).
 */
function checkForces(
  s: { scenario: string; forces?: z.output<typeof scgForcesSchema> | undefined },
  ctx: z.RefinementCtx,
): void {
  const problem = (code: string, message: string, ...path: string[]) =>
    ctx.addIssue({ code: 'custom', path: ['forces', ...path], message, params: { code } });
  if (s.scenario !== 'forces') {
    problem('FORCES_WITHOUT_SCENARIO', `force lists are for scenario forces, not ${s.scenario}: give scenario forces`);
    return;
  }
  const f = s.forces;
  if (f === undefined) {
    problem(
      'FORCES_MISSING',
      `scenario forces needs each side's force list and a budget, e.g. {"budget": 61, "west": {"dual-heavy-tank": 1, "medium-tank": 1, "light-tank": 2}, "east": {…}}; unit types: ${FORCE_TYPES.map(([t]) => t).join(', ')}`,
    );
    return;
  }
  const room = deploymentHexes(SCG_SCENARIOS[f.board]!).length;
  for (const side of FORCE_SIDES) {
    const force = f[side] as Readonly<Record<string, number>>;
    const cost = forceCost(force);
    const size = forceSize(force);
    if (size === 0) problem('EMPTY_FORCE', `${side} brings no unit: a side needs at least one`, side);
    else if (cost > f.budget)
      problem(
        'OVER_BUDGET',
        `${side}'s force costs ${cost} points, over the budget of ${f.budget}: take units out or raise the budget`,
        side,
      );
    if (size > room)
      problem('FORCE_TOO_LARGE', `${side} brings ${size} units; its deployment zone on ${f.board} holds ${room}`, side);
  }
}

const settingsOf = (settings: unknown) => settings as ScgSettings;

/** The state turn 1 starts from: the scenario's, with the settings' turn limit and firing scale. */
export function scgStartState(settings: ScgSettings): ScgState {
  if (settings.scenario === 'forces' && settings.forces) {
    const f = settings.forces;
    const board = deployForces(SCG_SCENARIOS[f.board]!, { west: f.west, east: f.east } as Parameters<
      typeof deployForces
    >[1]);
    return {
      ...board,
      turnLimit: settings.turnLimit === undefined ? board.turnLimit : settings.turnLimit,
      rangeScale: settings.rangeScale ?? board.rangeScale,
    };
  }
  const custom = settings.scenario === 'custom' && settings.position ? readCustomPosition(settings.position) : null;
  const scenario = custom?.ok ? custom.value.state : SCG_SCENARIOS[settings.scenario]!;
  return {
    ...scenario,
    turnLimit: settings.turnLimit === undefined ? scenario.turnLimit : settings.turnLimit,
    rangeScale: settings.rangeScale ?? scenario.rangeScale,
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const NO_SETUP = 'a Simple Combat Game has no setup: the scenario places every unit, and turn 1 opens at once';

const noSetup = (): SetupParse => ({
  ok: false,
  errors: [{ line: null, code: 'NO_SETUP', message: NO_SETUP }],
});

export const scgSetup: SetupPhase<ScgState> = {
  settingsSchema: scgSettingsSchema,
  serviceSettings(raw) {
    const s = settingsOf(raw);
    const state = scgStartState(s);
    return {
      sides: state.sides.map((id) => ({ id, name: capitalised(id) })),
      map: { width: state.map.width, height: state.map.height },
      turnHours: s.turnHours,
      setupHours: s.setupHours,
      turnLimit: state.turnLimit,
      noOrders: 'standing',
    };
  },
  scenario(name, options, own) {
    scgScenarioOptionsSchema.parse(options ?? {});
    return { ...own, scenario: name };
  },
  sidesThatSetUp: () => [],
  initialState: (settings) => ok(scgStartState(settingsOf(settings))),
  readSetup: () => null,
  writeSetup: () => null,
  parseSetup: noSetup,
  readSetupDocument: (): SetupCheck => ({
    ok: false,
    how: 'rejected',
    code: 'NO_SETUP',
    message: NO_SETUP,
    problems: [],
  }),
  formatSetup: () => '',
  setupBlock: (at) => `GAME ${at.gameId} TURN 0\n# ${NO_SETUP}\nEND\n`,
  defaultSetup: () => null,
  start: (state) => ({ state, notes: {} }),
};
