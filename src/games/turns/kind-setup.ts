/**
 * Games whose kind runs its own setup phase (a campaign's starting fleets,
 * `GameKind.setup`): their settings at creation, and the setup phase as turn
 * 0 on the ordinary turn queue — each side's setup is a submission for turn
 * 0, the turn falls due when every side is in or at the setup deadline, and
 * resolving it (exactly once, as any turn) settles every side's setup, the
 * default build for a side without one, and opens turn 1.
 */
import { checkObserverView } from '../observers/observer-view.ts';
import { ZodError } from 'zod';
import type { Game, Turn } from '../../db/schema.ts';
import type { AnyGameKind, SetupContext, SetupPhase } from '../../kinds/kind.ts';
import { kindOf } from '../../kinds/index.ts';
import { badRequest, invalid } from '../errors.ts';
import { gameSettingsSchema, type GameSettings } from '../games/settings.ts';
import { kindSettingsOf } from '../games/state.ts';

/** Each issue as a problem: INVALID_FIELD, or the code a kind's check gave it (a custom issue's `params.code`). */
const zodProblems = (e: {
  issues: readonly { path: readonly PropertyKey[]; message: string; params?: { code?: unknown } }[];
}) =>
  e.issues.map((i) => ({
    code: typeof i.params?.code === 'string' ? i.params.code : 'INVALID_FIELD',
    message: `${i.path.map(String).join('.') || 'settings'}: ${i.message}`,
  }));

/** The turn number of a kind's setup phase: it comes before turn 1. */
export const SETUP_TURN = 0;

/** Settings the service reads itself for a game of any kind; the rest of a request's settings are the kind's. */
const SERVICE_SETTINGS = [
  'reminderHours',
  'relaxSender',
  'public',
  'missedTurnLimit',
  'absenceDays',
  'absenceCount',
  'press',
  'observers',
  'observerView',
] as const;

/** The game's setup phase: its kind's. */
export function setupPhaseOf(game: Pick<Game, 'ruleset'>): SetupPhase<unknown> {
  return kindOf(game.ruleset).setup;
}

/** Whether the turn is the game's setup phase: turn 0, for every kind. */
export function isSetupTurn(_game: Pick<Game, 'ruleset'>, turnNumber: number): boolean {
  return turnNumber === SETUP_TURN;
}

export interface KindGameSettings {
  /** The service's own settings (sides, deadlines, reminders …), as every game has them. */
  readonly settings: GameSettings;
  /** The kind's settings, as its schema read them. */
  readonly kindSettings: unknown;
  /** The state before setup, as stored. */
  readonly stateDoc: unknown;
}

/**
 * A game of a kind with its own settings: the request's settings checked by the kind's schema (the service's
 * reminders, sender check and archive flag aside).
 */
export function kindGameSettings(
  kind: AnyGameKind,
  raw: Record<string, unknown>,
  from: { readonly scenario: string; readonly options?: unknown } = { scenario: 'custom' },
) {
  const setup = kind.setup;
  const service: Record<string, unknown> = {};
  let own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((SERVICE_SETTINGS as readonly string[]).includes(key)) service[key] = value;
    else own[key] = value;
  }
  if (from.scenario !== 'custom' || from.options !== undefined) {
    if (!setup.scenario)
      throw badRequest('INVALID_GAME', `a ${kind.title} takes no scenario: give its settings`, [
        { code: 'INVALID_FIELD', message: `scenario: a ${kind.title} is made from its settings, not a scenario` },
      ]);
    try {
      own = setup.scenario(from.scenario, from.options, own);
    } catch (e) {
      // The kind reads the scenario's options with its own schema.
      if (!(e instanceof ZodError)) throw e;
      throw badRequest(
        'INVALID_GAME',
        `the ${from.scenario} scenario's options are not valid: fix the fields listed`,
        e.issues.map((i) => ({
          code: 'INVALID_FIELD',
          message: `options${i.path.length ? `.${i.path.map(String).join('.')}` : ''}: ${i.message}`,
        })),
      );
    }
  }
  const parsed = setup.settingsSchema.safeParse(own);
  if (!parsed.success)
    throw badRequest('INVALID_SETTINGS', `the ${kind.title}'s settings are not valid`, zodProblems(parsed.error));
  const kindSettings: unknown = parsed.data;
  const state = setup.initialState(kindSettings);
  if (!state.ok)
    throw invalid(
      'INVALID_MAP',
      `the ${kind.title} cannot start on that map: fix every problem listed`,
      state.error.map((e) => ({ code: e.code, message: e.message })),
    );
  // What the service runs the game by comes from the kind; the map's size is kept within the service's pages' bounds.
  const { sides, map, budget, sizes, zones, solo, turnHours, turnLimit, noOrders } =
    setup.serviceSettings(kindSettings);
  const bound = (n: number) => Math.min(99, Math.max(4, n));
  const settings = gameSettingsSchema.safeParse({
    map: { width: bound(map.width), height: bound(map.height) },
    sides,
    ...(budget !== undefined ? { budget } : {}),
    ...(sizes !== undefined ? { sizes } : {}),
    ...(zones !== undefined ? { zones } : {}),
    ...(solo !== undefined ? { solo } : {}),
    turnHours,
    turnLimit,
    noOrders,
    ...service,
  });
  if (!settings.success)
    throw badRequest('INVALID_SETTINGS', 'the game settings are not valid', zodProblems(settings.error));
  checkObserverView(kind, settings.data);
  return { settings: settings.data, kindSettings, stateDoc: kind.writeState(state.value) } satisfies KindGameSettings;
}

/** Hours the setup phase stays open, as the kind gives them from its settings; null: it waits for everyone. */
export function setupHoursOf(game: Pick<Game, 'ruleset' | 'settings'>): number | null {
  return setupPhaseOf(game).serviceSettings(kindSettingsOf(game)).setupHours;
}

/** The context a side's setup is read, echoed and defaulted in. */
export function setupContext(
  game: Pick<Game, 'id' | 'ruleset' | 'settings'>,
  turn: Pick<Turn, 'stateBefore'>,
  side: string,
  others?: ReadonlyMap<string, unknown>,
): SetupContext<unknown> {
  const kind = kindOf(game.ruleset);
  return {
    gameId: game.id,
    side,
    state: kind.readState(turn.stateBefore),
    settings: kindSettingsOf(game),
    ...(others ? { others } : {}),
  };
}

/**
 * Resolves a claimed setup turn: every side's setup in (a side without one gets the kind's default), the state turn 1
 * starts from. The turn's events are empty (a kind's reports know turns from 1 on); its `ordersUsed` keep every
 * side's setup, which sides were defaulted and what the kind settled for each side. The caller opens turn 1.
 */
export function settleSetup(
  game: Game,
  turn: Turn,
  setups: ReadonlyMap<string, unknown>,
): { stateDoc: unknown; ordersUsed: unknown; defaulted: string[] } {
  const kind = kindOf(game.ruleset);
  const setup = kind.setup;
  const state = kind.readState(turn.stateBefore);
  const settings = kindSettingsOf(game);
  const all = new Map(setups);
  const defaulted: string[] = [];
  for (const side of sidesOfSettings(game)) {
    if (all.has(side)) continue;
    all.set(side, setup.defaultSetup(setupContext(game, turn, side)));
    defaulted.push(side);
  }
  const started = setup.start(state, all, settings);
  return {
    stateDoc: kind.writeState(started.state),
    ordersUsed: {
      setups: Object.fromEntries([...all].map(([side, s]) => [side, setup.writeSetup(s)])),
      defaulted,
      notes: started.notes,
    },
    defaulted,
  };
}

/** The sides whose players set up, as the kind gives them from the game's settings. */
function sidesOfSettings(game: Pick<Game, 'ruleset' | 'settings'>): readonly string[] {
  return setupPhaseOf(game).sidesThatSetUp(kindSettingsOf(game));
}
