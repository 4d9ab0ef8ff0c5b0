/**
 * The new-game form, as typed, and the createGame input it stands for. The
 * page's own fields (the kind, name, id, hours per turn, turn limit, archive,
 * seats) are read here; each kind reads its own fieldset (src/web/kinds). Only
 * what the form cannot leave to createGame is checked here (numbers that are
 * not numbers, the sides' spelling); createGame checks the rest and names
 * every problem.
 */
import type { CreateGameInput } from '../../games/games/create.ts';
import { DEFAULT_RULESET, isRuleset, RULESETS, type Ruleset } from '../../kinds/index.ts';
import { webKindOf } from '../kinds/index.ts';
import { text, type CommonFields, type KindFields, type Note } from '../kinds/new-game.ts';

export interface SeatRow {
  readonly side: string;
  readonly email: string;
  readonly name: string;
  readonly timeZone: string;
  /** Left open for the lobby: whoever takes it plays it (its email, name and zone are theirs then). */
  readonly open: boolean;
}

export interface NewGameForm extends CommonFields {
  /** The kind of game: one of the registry's rulesets. */
  readonly ruleset: Ruleset;
  readonly seats: readonly SeatRow[];
  /** Players taking an open side wait for the creator's approval. */
  readonly joinApproval: boolean;
  /** Every kind's fieldset as typed (the page shows them all; the chosen kind's counts), by ruleset. */
  readonly kinds: Readonly<Record<Ruleset, KindFields>>;
}

/** Problems by the form field they concern (its `name`); a problem of no one field is under `''`. */
export type FieldProblems = Record<string, string[]>;

const SEAT_ROWS = 4;

const allKinds = (fields: (ruleset: Ruleset) => KindFields) =>
  Object.fromEntries(RULESETS.map((r) => [r, fields(r)])) as Record<Ruleset, KindFields>;

export const NEW_GAME_DEFAULTS: NewGameForm = {
  ruleset: DEFAULT_RULESET,
  name: '',
  id: '',
  turnHours: '',
  turnLimit: '',
  missedTurnLimit: '',
  absenceDays: '',
  absenceCount: '',
  press: 'white',
  archive: 'public',
  observers: 'none',
  seats: [
    { side: 'black', email: '', name: '', timeZone: 'UTC', open: false },
    { side: 'grey', email: '', name: '', timeZone: 'UTC', open: false },
    ...Array.from({ length: SEAT_ROWS - 2 }, () => ({ side: '', email: '', name: '', timeZone: 'UTC', open: false })),
  ],
  joinApproval: false,
  kinds: allKinds((r) => webKindOf(r).newGame.defaults),
};

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => text(x)) : v === undefined ? [] : [text(v)]);

function readForm(body: Record<string, unknown>): NewGameForm {
  const sides = list(body.seatSide);
  const emails = list(body.seatEmail);
  const names = list(body.seatName);
  const zones = list(body.seatTimeZone);
  const who = list(body.seatWho);
  const seats = Array.from({ length: Math.max(SEAT_ROWS, Math.min(8, sides.length)) }, (_, i) => ({
    side: sides[i] ?? '',
    email: emails[i] ?? '',
    name: names[i] ?? '',
    timeZone: zones[i] || 'UTC',
    open: who[i] === 'open',
  }));
  const ruleset = text(body.ruleset, 40);
  return {
    ruleset: isRuleset(ruleset) ? ruleset : DEFAULT_RULESET,
    name: text(body.name, 80),
    id: text(body.id, 40).toLowerCase(),
    turnHours: text(body.turnHours, 10).toLowerCase(),
    turnLimit: text(body.turnLimit, 6),
    missedTurnLimit: text(body.missedTurnLimit, 6),
    absenceDays: text(body.absenceDays, 6),
    absenceCount: text(body.absenceCount, 6),
    press: text(body.press, 10),
    archive: text(body.archive, 10),
    observers: text(body.observers, 10),
    seats,
    joinApproval: text(body.joinApproval, 5) === 'yes',
    kinds: allKinds((r) => webKindOf(r).newGame.read(body)),
  };
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
  const own = webKindOf(form.ruleset).newGame.input(form, form.kinds[form.ruleset], note);
  const seats = form.seats
    .filter((s) => s.side !== '' || s.email !== '' || s.name !== '')
    .map((s) =>
      s.open
        ? { side: s.side.toLowerCase(), open: true as const }
        : {
            side: s.side.toLowerCase(),
            email: s.email,
            name: s.name || s.email.split('@')[0] || s.side,
            timeZone: s.timeZone || 'UTC',
          },
    );
  const input: CreateGameInput = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    ruleset: form.ruleset,
    ...own,
    seats,
    ...(form.joinApproval ? { joinApproval: true } : {}),
  };
  return { form, input, problems, fields };
}

/** The page's own fields a problem of the create-game use case concerns, by the setting its message names. */
const FIELD_OF_PATH: ReadonlyArray<[RegExp, string]> = [
  [/^name\b/, 'name'],
  [/^id\b/, 'id'],
  [/^turnLimit\b/, 'turnLimit'],
  [/^turnHours\b/, 'turnHours'],
  [/^missedTurnLimit\b/, 'missedTurnLimit'],
  [/^absenceDays\b/, 'absenceDays'],
  [/^absenceCount\b/, 'absenceCount'],
  [/^seats\b|^seat for|^side \S+ needs/, 'seats'],
];

/**
 * The create-game use case's problems by the form field they concern, so that each stands by its field: the page's
 * own, or the chosen kind's; anything else the form as a whole (`''`).
 */
export function fieldsOfProblems(
  form: NewGameForm,
  problems: ReadonlyArray<{ code: string; message: string }>,
): FieldProblems {
  const kind = webKindOf(form.ruleset).newGame;
  const fields: FieldProblems = {};
  for (const p of problems) {
    const field =
      kind.fieldOf(p, form.kinds[form.ruleset]) ?? FIELD_OF_PATH.find(([re]) => re.test(p.message))?.[1] ?? '';
    (fields[field] ??= []).push(p.message);
  }
  return fields;
}

/** What the new-game page's template is given: the page's fields, and each kind's choice and fieldset. */
export function newGameView(form: NewGameForm, problems: readonly string[], fields: FieldProblems) {
  return {
    form,
    problems,
    fields,
    kinds: RULESETS.map((ruleset) => {
      const kind = webKindOf(ruleset).newGame;
      const own = form.kinds[ruleset];
      return {
        ruleset,
        label: kind.label,
        selected: ruleset === form.ruleset,
        partial: `${ruleset}/new-game`,
        form: own,
        fields,
        ...kind.view(own),
      };
    }),
  };
}
