/**
 * A kind's part of the new-game page: its fieldset (a template of its own,
 * `<ruleset>/new-game`), the fields it reads from the posted form, the
 * createGame input they stand for, and which of its fields a problem of the
 * create-game use case concerns. The page's own fields (name, id, hours per
 * turn, turn limit, archive, seats) are src/web/pages/new-game-form.ts's.
 */
import type { CreateGameInput } from '../../games/games/create.ts';
import { PRESS_CHOICES } from '../../games/games/settings.ts';

/** A kind's fields as typed: by the form field's `name`. */
export type KindFields = Readonly<Record<string, string>>;

/** Notes a problem of the form by the field it concerns. */
export type Note = (field: string, message: string) => void;

/** The page's own fields, which every kind may read too. */
export interface CommonFields {
  readonly name: string;
  readonly id: string;
  /** Blank: the kind's default; `none`: no deadline. */
  readonly turnHours: string;
  readonly turnLimit: string;
  /** Turns missed in a row before the rules take a side or the moderator is asked; blank: the default (3). */
  readonly missedTurnLimit: string;
  /** Days of absence a seat may declare in the game, and how many absences; blank: the defaults (14, 3). */
  readonly absenceDays: string;
  readonly absenceCount: string;
  /** `none`, `white` or `grey`; anything else: the default (white). */
  readonly press: string;
  /** `public` or `private`. */
  readonly archive: string;
  /** `none`, `allowed` (the kind's default observer view), `neutral` or `end` (allowed, with that observer view). */
  readonly observers: string;
}

/** The createGame input's part a kind decides: its settings, and what else its games take (a scenario …). */
export type KindInput = Omit<CreateGameInput, 'id' | 'name' | 'ruleset' | 'seats'>;

export interface NewGameFields {
  /** The choice in "Kind of game", e.g. `tactical battle (a scenario or custom settings)`. */
  readonly label: string;
  /** Its fields as the page first shows them. */
  readonly defaults: KindFields;
  /** Its fields from a posted form: each a string, trimmed and capped (a hostile body's arrays and objects: empty). */
  read(body: Readonly<Record<string, unknown>>): KindFields;
  /** The createGame input its fields and the page's own stand for; problems of reading them go to `note`. */
  input(common: CommonFields, fields: KindFields, note: Note): KindInput;
  /**
   * The field of its fieldset a problem of the create-game use case concerns (by its code, or the setting its message
   * names), or null when it is none of its own.
   */
  fieldOf(problem: { readonly code: string; readonly message: string }, fields: KindFields): string | null;
  /** What its fieldset's template needs besides the fields themselves (the choices of its selects …). */
  view(fields: KindFields): object;
}

/** A form field as text, trimmed and capped; anything but a string reads as empty. */
export const text = (v: unknown, max = 200): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** A number as typed; blank is undefined, and what is not a number is noted by its field. */
export function whole(value: string, label: string, field: string, note: Note): number | undefined {
  if (value === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) {
    note(field, `${label}: "${value}" is not a number`);
    return undefined;
  }
  return Number(value);
}

/** `id:Name, id:Name` as sides. */
export function sidesOf(text: string) {
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
export function hoursInto(
  settings: Record<string, unknown>,
  key: string,
  value: string,
  label: string,
  note: Note,
): void {
  if (value === 'none') settings[key] = null;
  else {
    const hours = whole(value, label, key, note);
    if (hours !== undefined) settings[key] = hours;
  }
}

/**
 * The settings every kind's games take from the page's own fields: hours per turn, turn limit, missed-turn limit,
 * absences, press, archive.
 */
export function commonSettings(common: CommonFields, note: Note): Record<string, unknown> {
  const settings: Record<string, unknown> = { public: common.archive !== 'private' };
  hoursInto(settings, 'turnHours', common.turnHours, 'hours per turn', note);
  const limit = whole(common.turnLimit, 'turn limit', 'turnLimit', note);
  if (limit !== undefined) settings.turnLimit = limit;
  const missed = whole(common.missedTurnLimit, 'missed-turn limit', 'missedTurnLimit', note);
  if (missed !== undefined) settings.missedTurnLimit = missed;
  const days = whole(common.absenceDays, 'days of absence', 'absenceDays', note);
  if (days !== undefined) settings.absenceDays = days;
  const count = whole(common.absenceCount, 'absences', 'absenceCount', note);
  if (count !== undefined) settings.absenceCount = count;
  if ((PRESS_CHOICES as readonly string[]).includes(common.press)) settings.press = common.press;
  if (common.observers === 'allowed' || common.observers === 'neutral' || common.observers === 'end')
    settings.observers = 'allowed';
  if (common.observers === 'neutral' || common.observers === 'end') settings.observerView = common.observers;
  return settings;
}
