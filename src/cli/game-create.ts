/**
 * `msc game create`: its options turned into the input of the create use
 * case, which checks everything else (sides, seats, settings) and lists every
 * problem at once.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import type { CreateGameInput } from '../games/games/create.ts';
import { PRESS_CHOICES, type PressChoice } from '../games/games/settings.ts';
import { DEFAULT_RULESET, kindOf, RULESETS } from '../kinds/index.ts';
import { CliError } from './cli-error.ts';
import { readJsonFile, type CliIO } from './io.ts';

export interface CreateOptions {
  scenario?: string;
  ruleset?: (typeof RULESETS)[number];
  id?: string;
  name: string;
  seat: string[];
  handicap?: string;
  settings?: string;
  turnHours?: string;
  turnLimit?: string;
  missingOrders?: 'standing' | 'solo';
  missedTurnLimit?: string;
  absenceDays?: string;
  absenceCount?: string;
  press?: PressChoice;
  observers?: boolean;
  observerView?: 'neutral' | 'end';
  relaxSender?: boolean;
  private?: boolean;
  openSeat?: string[];
  joinApproval?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** What each kind the registry has is, and where its settings come from. */
function rulesetHelp(): string {
  const kinds = RULESETS.map((ruleset) => {
    const kind = kindOf(ruleset);
    const from = kind.takesScenarios ? 'from --scenario' : 'its settings from --settings';
    return `${ruleset}: a ${kind.title}, ${from}${ruleset === DEFAULT_RULESET ? ' (the default)' : ''}`;
  });
  return `the kind of game; ${kinds.join('; ')}`;
}

/** Every kind's scenarios, in the registry's order: what --scenario may be. */
const allScenarios = (): string[] => [...new Set(RULESETS.flatMap((ruleset) => kindOf(ruleset).scenarios))];

/** Each kind's scenarios, for --scenario's help. */
function scenarioHelp(): string {
  const kinds = RULESETS.filter((r) => kindOf(r).scenarios.length > 0).map(
    (r) => `${r}: ${kindOf(r).scenarios.join(', ')}`,
  );
  return `a ready-made game of the kind (custom: settings from --settings); ${kinds.join('; ')}`;
}

/** `a, b or c`. */
const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/** The options of `msc game create`, on `command`. */
export function createOptions(command: Command): Command {
  return command
    .addOption(new Option('--scenario <scenario>', scenarioHelp()).choices(allScenarios()))
    .addOption(new Option('--ruleset <ruleset>', rulesetHelp()).choices(RULESETS))
    .option('--id <id>', 'the game id (2–40 lowercase letters, digits, dashes); default: made up')
    .requiredOption('--name <name>', "the game's name, shown to players")
    .option(
      '--seat <side:email:name[:timezone]>',
      'a player and the side they play, e.g. black:ann@example.org:Ann:Europe/Paris (repeat for each side)',
      collect,
      [],
    )
    .option(
      '--open-seat <side>',
      'leave a side open: listed in the lobby for a logged-in player to take; the game starts when the last is taken (repeatable)',
      collect,
      [],
    )
    .option('--join-approval', 'players taking an open side wait for the moderator to approve them')
    .option('--handicap <percent>', 'solo-mission: extra BP for the solo side (0, 25, 50 or 100)')
    .option(
      '--settings <file.json>',
      'settings as JSON (map, sides, budget, zones, …); for a scenario they override its own',
    )
    .option('--turn-hours <hours>', 'hours each turn stays open, or "none" to wait for every side (default 72)')
    .option('--turn-limit <turns>', 'end the game after this many turns')
    .addOption(
      new Option('--missing-orders <policy>', 'what a seat without orders gets at the deadline').choices([
        'standing',
        'solo',
      ]),
    )
    .option(
      '--missed-turn-limit <turns>',
      'after this many turns missed in a row by a seat, the solo rules take its side in a battle, or the moderator is asked to replace the player (default 3; 0: never)',
    )
    .option(
      '--absence-days <days>',
      'days of absence each player may declare (SET ABSENCE); a deadline inside one moves to its end (default 14; 0: none)',
    )
    .option('--absence-count <n>', 'absences each player may declare in the game (default 3)')
    .addOption(
      new Option(
        '--press <press>',
        'MESSAGE ALL to every other player: none, white (signed; the default) or grey (anonymous too)',
      ).choices(PRESS_CHOICES),
    )

    .option('--observers', 'let people without a seat observe the game (OBSERVE by mail, or its observe page)')
    .addOption(
      new Option(
        '--observer-view <view>',
        "what observers get while the game runs: each turn's neutral report, or the whole game at its end (a kind with hidden information takes only end)",
      ).choices(['neutral', 'end']),
    )
    .option('--relax-sender', 'accept order mail with a valid token from any sender address')
    .option('--private', 'keep the game out of the public archive');
}

/** `side:email:name[:timezone]`; the name may itself hold colons when a time zone follows. */
export function parseSeat(text: string): { side: string; email: string; name: string; timeZone?: string } {
  const parts = text.split(':');
  if (parts.length < 3 || parts.some((p) => p.trim() === '')) {
    throw new CliError(
      `--seat ${JSON.stringify(text)}: write side:email:name or side:email:name:timezone, e.g. black:ann@example.org:Ann:Europe/Paris`,
    );
  }
  const [side, email, ...rest] = parts as [string, string, ...string[]];
  const seat = { side: side.trim(), email: email.trim() };
  if (rest.length === 1) return { ...seat, name: rest[0]!.trim() };
  return { ...seat, name: rest.slice(0, -1).join(':').trim(), timeZone: rest.at(-1)!.trim() };
}

function wholeNumber(flag: string, text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new CliError(`${flag} ${JSON.stringify(text)}: expected a whole number`);
  return Number(text);
}

function hours(text: string): number | null {
  if (text.trim().toLowerCase() === 'none') return null;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n))
    throw new CliError(`--turn-hours ${JSON.stringify(text)}: expected a number of hours, or none`);
  return n;
}

/** The kind asked for, else the one whose scenario --scenario names (the default kind's first), else the default. */
function rulesetOf(opts: CreateOptions): (typeof RULESETS)[number] {
  if (opts.ruleset !== undefined) return opts.ruleset;
  const scenario = opts.scenario;
  if (scenario === undefined || kindOf(DEFAULT_RULESET).scenarios.includes(scenario)) return DEFAULT_RULESET;
  return RULESETS.find((r) => kindOf(r).scenarios.includes(scenario)) ?? DEFAULT_RULESET;
}

export async function createInput(io: CliIO, opts: CreateOptions): Promise<CreateGameInput> {
  const ruleset = rulesetOf(opts);
  const kind = kindOf(ruleset);
  if (opts.scenario === undefined && kind.takesScenarios) {
    const others = RULESETS.filter((r) => !kindOf(r).takesScenarios).map(
      (r) => `--ruleset ${r} for a ${kindOf(r).title}`,
    );
    throw new CliError(
      `give --scenario (${listed(kind.scenarios)}) for a ${kind.title}${others.map((o) => `, or ${o}`).join('')}`,
    );
  }
  if (opts.scenario !== undefined && !kind.scenarios.includes(opts.scenario))
    throw new CliError(
      kind.scenarios.length === 0
        ? `--scenario ${opts.scenario}: a ${kind.title} takes no scenario; give its settings with --settings`
        : `--scenario ${opts.scenario} is not a ${kind.title}: give --scenario ${listed(kind.scenarios)}, or the --ruleset it belongs to`,
    );
  if (opts.seat.length === 0 && (opts.openSeat ?? []).length === 0)
    throw new CliError(
      'give each player a seat: --seat side:email:name[:timezone], or --open-seat side (once per side played by a person)',
    );
  const fromFile = opts.settings ? await readJsonFile(io, opts.settings) : {};
  if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile))
    throw new CliError(
      `${opts.settings}: the settings are a JSON object, e.g. {"map": {"width": 12, "height": 10}, …}`,
    );
  const settings: Record<string, unknown> = { ...(fromFile as Record<string, unknown>) };
  if (opts.turnHours !== undefined) settings.turnHours = hours(opts.turnHours);
  if (opts.turnLimit !== undefined) settings.turnLimit = wholeNumber('--turn-limit', opts.turnLimit);
  if (opts.missingOrders) settings.noOrders = opts.missingOrders;
  if (opts.missedTurnLimit !== undefined)
    settings.missedTurnLimit = wholeNumber('--missed-turn-limit', opts.missedTurnLimit);
  if (opts.absenceDays !== undefined) settings.absenceDays = wholeNumber('--absence-days', opts.absenceDays);
  if (opts.absenceCount !== undefined) settings.absenceCount = wholeNumber('--absence-count', opts.absenceCount);
  if (opts.press !== undefined) settings.press = opts.press;
  if (opts.observers) settings.observers = 'allowed';
  if (opts.observerView) settings.observerView = opts.observerView;
  if (opts.relaxSender) settings.relaxSender = true;
  if (opts.private) settings.public = false;
  return {
    ...(opts.id ? { id: opts.id } : {}),
    name: opts.name,
    ...(opts.ruleset || ruleset !== DEFAULT_RULESET ? { ruleset } : {}),
    ...(opts.scenario ? { scenario: opts.scenario } : {}),
    ...(opts.handicap !== undefined ? { options: { handicap: wholeNumber('--handicap', opts.handicap) } } : {}),
    settings,
    seats: [
      ...opts.seat.map(parseSeat),
      ...(opts.openSeat ?? []).map((side) => ({ side: side.trim(), open: true as const })),
    ],
    ...(opts.joinApproval ? { joinApproval: true } : {}),
  };
}
