/**
 * The new-game form, as typed, and the createGame input it stands for. Only
 * what the form cannot leave to createGame is checked here (numbers that are
 * not numbers, the custom sides' spelling); createGame checks the rest and
 * names every problem.
 */
import type { CreateGameInput } from '../../games/games/create.ts';

export interface SeatRow {
  readonly side: string;
  readonly email: string;
  readonly name: string;
  readonly timeZone: string;
}

export interface NewGameForm {
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
}

const SEAT_ROWS = 4;

export const NEW_GAME_DEFAULTS: NewGameForm = {
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
  };
}

function whole(value: string, label: string, problems: string[]): number | undefined {
  if (value === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) {
    problems.push(`${label}: "${value}" is not a number`);
    return undefined;
  }
  return Number(value);
}

export function createInputFromForm(raw: unknown): { form: NewGameForm; input: CreateGameInput; problems: string[] } {
  const form = readForm((raw ?? {}) as Record<string, unknown>);
  const problems: string[] = [];
  const settings: Record<string, unknown> = {};

  if (form.turnHours === 'none') settings.turnHours = null;
  else {
    const hours = whole(form.turnHours, 'hours per turn', problems);
    if (hours !== undefined) settings.turnHours = hours;
  }
  const limit = whole(form.turnLimit, 'turn limit', problems);
  if (limit !== undefined) settings.turnLimit = limit;
  if (form.noOrders === 'solo' || form.noOrders === 'standing') settings.noOrders = form.noOrders;
  settings.public = form.archive !== 'private';

  if (form.scenario === 'custom') {
    const sides = form.sides
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [id = '', name] = s.split(':').map((x) => x.trim());
        return { id: id.toLowerCase(), name: name || id };
      });
    if (sides.length < 2)
      problems.push('sides: write at least two, as id:Name separated by commas, e.g. red:Red, blue:Blue');
    settings.sides = sides;
    settings.map = {
      width: whole(form.width, 'map width', problems) ?? 0,
      height: whole(form.height, 'map height', problems) ?? 0,
    };
    const budget = whole(form.budget, 'budget', problems);
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
  const input: CreateGameInput = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    scenario: form.scenario as CreateGameInput['scenario'],
    ...(form.scenario === 'solo-mission' ? { options: { handicap: handicap as 0 | 25 | 50 | 100 } } : {}),
    settings,
    seats,
  };
  return { form, input, problems };
}
