/**
 * The one Handlebars setup of the web pages and the mail: a fresh instance
 * with the helpers its templates use. None of the helpers produces markup,
 * so `{{…}}` still escapes whatever they return.
 *
 * Each caller names the helpers it wants, because a helper hides a field of
 * the same name: with `heading` registered, a page's `{{heading}}` would
 * call the helper instead of showing its data.
 */
import Handlebars from 'handlebars';

export type HandlebarsInstance = typeof Handlebars;

const HELPERS = {
  /** `{{#if (eq a "b")}}` */
  eq: (a: unknown, b: unknown) => a === b,
  /** `{{inc @index}}`: a count from 1. */
  inc: (n: unknown) => Number(n) + 1,
  /** `{{join list ", "}}` */
  join: (list: unknown, sep: unknown) =>
    Array.isArray(list) ? list.map(String).join(typeof sep === 'string' ? sep : ', ') : '',
  /** `{{time date}}`: an ISO moment in UTC, to the minute. */
  time: (at: unknown) => {
    if (!(at instanceof Date)) return typeof at === 'string' || typeof at === 'number' ? String(at) : '';
    return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  },
  /** `{{indent block 2}}`: every line of a multi-line value indented by n spaces. */
  indent: (value: unknown, n: unknown) => {
    const pad = ' '.repeat(typeof n === 'number' ? n : 2);
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    return text
      .split('\n')
      .map((l) => (l === '' ? l : pad + l))
      .join('\n');
  },
  /** `{{heading "Turn " n}}`: its words, then a rule under them as long as they are (text mail). */
  heading: (...args: unknown[]) => {
    const title = args.slice(0, -1).map(String).join('');
    return `${title}\n${'-'.repeat([...title].length)}`;
  },
} as const;

export type HelperName = keyof typeof HELPERS;

/** The helpers of the web pages (templates/web/). */
export const PAGE_HELPERS: readonly HelperName[] = ['eq', 'inc', 'join', 'time'];
/** The helpers of the mail templates (templates/). */
export const MAIL_HELPERS: readonly HelperName[] = ['heading', 'indent', 'join'];

/** A new Handlebars instance, with its own partials, and the helpers named. */
export function createHandlebars(helpers: readonly HelperName[]): HandlebarsInstance {
  const hb = Handlebars.create();
  for (const name of helpers) hb.registerHelper(name, HELPERS[name]);
  return hb;
}
