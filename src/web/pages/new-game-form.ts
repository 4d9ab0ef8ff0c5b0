/**
 * The new-game form, as typed, and the createGame input it stands for. Only
 * what the form cannot leave to createGame is checked here (numbers that are
 * not numbers, the custom sides' spelling); createGame checks the rest and
 * names every problem.
 */
import { randomUUID } from 'node:crypto';
import type { CreateGameInput } from '../../games/games/create.ts';

export interface SeatRow {
  readonly side: string;
  readonly email: string;
  readonly name: string;
  readonly timeZone: string;
}

export interface NewGameForm {
  /** `msc-tactical` (a battle, from a scenario or custom settings) or `msc-strategic` (a campaign). */
  readonly ruleset: string;
  readonly name: string;
  readonly id: string;
  readonly scenario: string;
  readonly handicap: string;
  /** Custom games: `red:Red, blue:Blue`. */
  readonly sides: string;
  readonly width: string;
  readonly height: string;
  readonly budget: string;
  /** Blank: the scenario's (72); `none`: no deadline. */
  readonly turnHours: string;
  readonly turnLimit: string;
  readonly noOrders: string;
  readonly archive: string;
  readonly seats: readonly SeatRow[];
  /** A campaign's settings (rules-strategic.md): its two sides, its map generated or given, … */
  readonly campaign: CampaignForm;
}

export interface CampaignForm {
  readonly sides: string;
  /** `generated` (width, height, systems, seed) or `given` (`mapJson`). */
  readonly mapKind: string;
  readonly width: string;
  readonly height: string;
  readonly systems: string;
  /** Blank: a seed is picked for the game. */
  readonly seed: string;
  readonly mapJson: string;
  readonly budget: string;
  readonly battles: string;
  readonly fog: string;
  /** Blank: the campaign's default (72 hours); `none`: the setup waits for both sides. */
  readonly setupHours: string;
}

/** Problems by the form field they concern (its `name`); a problem of no one field is under `''`. */
export type FieldProblems = Record<string, string[]>;

const SEAT_ROWS = 4;

export const CAMPAIGN_DEFAULTS: CampaignForm = {
  sides: 'red:Red, blue:Blue',
  mapKind: 'generated',
  width: '12',
  height: '10',
  systems: '8',
  seed: '',
  mapJson: '',
  budget: '150',
  battles: 'strategic',
  fog: 'positions',
  setupHours: '',
};

export const NEW_GAME_DEFAULTS: NewGameForm = {
  ruleset: 'msc-tactical',
  name: '',
  id: '',
  scenario: 'tutorial-duel',
  handicap: '25',
  sides: 'red:Red, blue:Blue',
  width: '16',
  height: '12',
  budget: '45',
  turnHours: '',
  turnLimit: '',
  noOrders: 'standing',
  archive: 'public',
  seats: [
    { side: 'black', email: '', name: '', timeZone: 'UTC' },
    { side: 'grey', email: '', name: '', timeZone: 'UTC' },
    ...Array.from({ length: SEAT_ROWS - 2 }, () => ({ side: '', email: '', name: '', timeZone: 'UTC' })),
  ],
  campaign: CAMPAIGN_DEFAULTS,
};

const text = (v: unknown, max = 200): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => text(x)) : v === undefined ? [] : [text(v)]);

function readForm(body: Record<string, unknown>): NewGameForm {
  const sides = list(body.seatSide);
  const emails = list(body.seatEmail);
  const names = list(body.seatName);
  const zones = list(body.seatTimeZone);
  const seats = Array.from({ length: Math.max(SEAT_ROWS, Math.min(8, sides.length)) }, (_, i) => ({
    side: sides[i] ?? '',
    email: emails[i] ?? '',
    name: names[i] ?? '',
    timeZone: zones[i] || 'UTC',
  }));
  return {
    ruleset: text(body.ruleset, 20) || 'msc-tactical',
    name: text(body.name, 80),
    id: text(body.id, 40).toLowerCase(),
    scenario: text(body.scenario, 40),
    handicap: text(body.handicap, 4),
    sides: text(body.sides, 400),
    width: text(body.width, 4),
    height: text(body.height, 4),
    budget: text(body.budget, 6),
    turnHours: text(body.turnHours, 10).toLowerCase(),
    turnLimit: text(body.turnLimit, 6),
    noOrders: text(body.noOrders, 10),
    archive: text(body.archive, 10),
    seats,
    campaign: {
      sides: text(body.campaignSides, 400),
      mapKind: text(body.mapKind, 10) === 'given' ? 'given' : 'generated',
      width: text(body.mapWidth, 4),
      height: text(body.mapHeight, 4),
      systems: text(body.mapSystems, 5),
      seed: text(body.mapSeed, 200),
      mapJson: typeof body.mapJson === 'string' ? body.mapJson.slice(0, 200_000) : '',
      budget: text(body.campaignBudget, 6),
      battles: text(body.battles, 12),
      fog: text(body.fog, 12),
      setupHours: text(body.setupHours, 10).toLowerCase(),
    },
  };
}

type Note = (field: string, message: string) => void;

function whole(value: string, label: string, field: string, note: Note): number | undefined {
  if (value === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) {
    note(field, `${label}: "${value}" is not a number`);
    return undefined;
  }
  return Number(value);
}

/** `id:Name, id:Name` as sides. */
function sidesOf(text: string) {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [id = '', name] = s.split(':').map((x) => x.trim());
      return { id: id.toLowerCase(), name: name || id };
    });
}

/** Hours, blank for the default, `none` for no deadline. */
function hoursInto(settings: Record<string, unknown>, key: string, value: string, label: string, note: Note): void {
  if (value === 'none') settings[key] = null;
  else {
    const hours = whole(value, label, key, note);
    if (hours !== undefined) settings[key] = hours;
  }
}

/** A campaign's settings (rules-strategic.md, the strategic kind's settings schema) from its fieldset. */
function campaignSettings(form: NewGameForm, note: Note): Record<string, unknown> {
  const c = form.campaign;
  const settings: Record<string, unknown> = { public: form.archive !== 'private' };
  settings.sides = sidesOf(c.sides);
  if (c.mapKind === 'given') {
    try {
      const map = JSON.parse(c.mapJson) as unknown;
      settings.map = typeof map === 'object' && map !== null ? { kind: 'given', ...map } : map;
    } catch (error) {
      note(
        'mapJson',
        `map as JSON: ${(error as Error).message}; write e.g. {"width": 8, "height": 8, "systems": [{"hex": "0101", "home": "red"}, …]}`,
      );
    }
  } else {
    settings.map = {
      kind: 'generated',
      width: whole(c.width, 'map width', 'mapWidth', note) ?? 0,
      height: whole(c.height, 'map height', 'mapHeight', note) ?? 0,
      systems: whole(c.systems, 'star systems', 'mapSystems', note) ?? 0,
      // A blank seed: the game gets one of its own (the map is then known only once the game is made).
      seed: c.seed || randomUUID().slice(0, 8),
    };
  }
  const budget = whole(c.budget, 'BP budget', 'campaignBudget', note);
  if (budget !== undefined) settings.budget = budget;
  if (c.battles) settings.battles = c.battles;
  if (c.fog) settings.fog = c.fog;
  hoursInto(settings, 'turnHours', form.turnHours, 'hours per turn', note);
  hoursInto(settings, 'setupHours', c.setupHours, 'hours for the setup', note);
  const limit = whole(form.turnLimit, 'turn limit', 'turnLimit', note);
  if (limit !== undefined) settings.turnLimit = limit;
  return settings;
}

export function createInputFromForm(raw: unknown): {
  form: NewGameForm;
  input: CreateGameInput;
  problems: string[];
  fields: FieldProblems;
} {
  const form = readForm((raw ?? {}) as Record<string, unknown>);
  const problems: string[] = [];
  const fields: FieldProblems = {};
  const note: Note = (field, message) => {
    problems.push(message);
    (fields[field] ??= []).push(message);
  };
  const campaign = form.ruleset === 'msc-strategic';
  const settings: Record<string, unknown> = campaign ? campaignSettings(form, note) : {};

  if (!campaign) {
    hoursInto(settings, 'turnHours', form.turnHours, 'hours per turn', note);
    const limit = whole(form.turnLimit, 'turn limit', 'turnLimit', note);
    if (limit !== undefined) settings.turnLimit = limit;
    if (form.noOrders === 'solo' || form.noOrders === 'standing') settings.noOrders = form.noOrders;
    settings.public = form.archive !== 'private';
  }

  if (!campaign && form.scenario === 'custom') {
    const sides = sidesOf(form.sides);
    if (sides.length < 2)
      note('sides', 'sides: write at least two, as id:Name separated by commas, e.g. red:Red, blue:Blue');
    settings.sides = sides;
    settings.map = {
      width: whole(form.width, 'map width', 'width', note) ?? 0,
      height: whole(form.height, 'map height', 'height', note) ?? 0,
    };
    const budget = whole(form.budget, 'budget', 'budget', note);
    if (budget !== undefined) settings.budget = budget;
  }

  const seats = form.seats
    .filter((s) => s.side !== '' || s.email !== '' || s.name !== '')
    .map((s) => ({
      side: s.side.toLowerCase(),
      email: s.email,
      name: s.name || s.email.split('@')[0] || s.side,
      timeZone: s.timeZone || 'UTC',
    }));
  const handicap = Number(form.handicap);
  const input: CreateGameInput = campaign
    ? { ...(form.id ? { id: form.id } : {}), name: form.name, ruleset: 'msc-strategic', settings, seats }
    : {
        ...(form.id ? { id: form.id } : {}),
        name: form.name,
        scenario: form.scenario as CreateGameInput['scenario'],
        ...(form.scenario === 'solo-mission' ? { options: { handicap: handicap as 0 | 25 | 50 | 100 } } : {}),
        settings,
        seats,
      };
  return { form, input, problems, fields };
}

/** The form field a problem of the create-game use case concerns, by the setting its message names. */
const FIELD_OF_PATH: ReadonlyArray<[RegExp, (campaign: boolean) => string]> = [
  [/^name\b/, () => 'name'],
  [/^id\b/, () => 'id'],
  [/^sides\b/, (c) => (c ? 'campaignSides' : 'sides')],
  [/^map\.width\b/, (c) => (c ? 'mapWidth' : 'width')],
  [/^map\.height\b/, (c) => (c ? 'mapHeight' : 'height')],
  [/^map\.systems\b/, () => 'mapSystems'],
  [/^map\.seed\b/, () => 'mapSeed'],
  [/^map\b/, (c) => (c ? 'mapJson' : 'width')],
  [/^budget\b/, (c) => (c ? 'campaignBudget' : 'budget')],
  [/^battles\b|^battles fought as tactical/, () => 'battles'],
  [/^fog\b/, () => 'fog'],
  [/^turnLimit\b/, () => 'turnLimit'],
  [/^turnHours\b/, () => 'turnHours'],
  [/^setupHours\b/, () => 'setupHours'],
  [/^seats\b|^seat for|^side \S+ needs/, () => 'seats'],
];

/**
 * The create-game use case's problems by the form field they concern, so that each stands by its field. A given
 * map's problems (INVALID_MAP) concern the map; anything else the form as a whole (`''`).
 */
export function fieldsOfProblems(
  form: NewGameForm,
  problems: ReadonlyArray<{ code: string; message: string }>,
): FieldProblems {
  const campaign = form.ruleset === 'msc-strategic';
  const fields: FieldProblems = {};
  for (const p of problems) {
    const mapProblem = campaign && /^(MAP|SYSTEM|HOME)/.test(p.code);
    const field =
      p.code === 'TACTICAL_BATTLES_NOT_AVAILABLE'
        ? 'battles'
        : mapProblem
          ? form.campaign.mapKind === 'given'
            ? 'mapJson'
            : p.code === 'MAP_SIZE'
              ? 'mapWidth'
              : 'mapSystems'
          : (FIELD_OF_PATH.find(([re]) => re.test(p.message))?.[1](campaign) ?? '');
    (fields[field] ??= []).push(p.message);
  }
  return fields;
}
