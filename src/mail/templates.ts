/**
 * The mail templates in templates/: for each kind a `<kind>.txt.hbs` and a
 * `<kind>.html.hbs`, plus shared partials in templates/partials/, and each
 * game kind's part of some mails in templates/kinds/<ruleset>/ (its HELP: its
 * orders language), partials named `<ruleset>/<name>`. They are read
 * and compiled once, on first use, into two Handlebars environments:
 *
 * - text: nothing is HTML-escaped, and the result goes through `textSafe`
 *   (no tabs, no control characters, no line wider than TEXT_WIDTH), so that
 *   it survives any mail client in a fixed-width font;
 * - html: every value is HTML-escaped by Handlebars (`{{x}}`); the templates
 *   never use `{{{x}}}`, so nothing a player wrote can become markup.
 *
 * Templates run in strict mode: a field the template names that the data
 * lacks is an error at rendering (a bug), never a silently empty hole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { plainText } from '../lib/text.ts';
import { createHandlebars, MAIL_HELPERS, type HandlebarsInstance } from '../lib/handlebars.ts';
import { RULESETS, type Ruleset } from '../kinds/index.ts';

/** Text parts are at most this wide: RFC 5322's recommended 78, so an 80-column client wraps nothing. */
export const TEXT_WIDTH = 78;

export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

/** Every mail the service sends, one pair of templates each. */
const MAIL_TEMPLATES = [
  'game-start',
  'turn-report',
  'accepted',
  'rejected',
  'reminder',
  'game-end',
  'help',
  'orders',
  'message',
  'notice',
  'history',
  'observer-report',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** The mails each game kind writes a part of: `templates/kinds/<ruleset>/<name>.{txt,html}.hbs`, every kind. */
const KIND_PARTS = ['help'] as const;
export type KindPart = (typeof KIND_PARTS)[number];

/** The partial a kind's part of a mail is, in both environments: the template says `{{> (lookup . 'kindHelp')}}`. */
export const kindPartial = (ruleset: Ruleset, part: KindPart): string => `${ruleset}/${part}`;

type Render = (data: object) => string;
interface Environment {
  readonly text: Record<MailTemplate, Render>;
  readonly html: Record<MailTemplate, Render>;
}

/** `name.txt.hbs` → partial `name-text`; `name.html.hbs` → `name-html`. */
function partialName(file: string): { name: string; flavour: 'txt' | 'html' } | null {
  const m = /^([a-z0-9-]+)\.(txt|html)\.hbs$/.exec(file);
  return m ? { name: `${m[1]}-${m[2] === 'txt' ? 'text' : 'html'}`, flavour: m[2] as 'txt' | 'html' } : null;
}

function load(dir: string): Environment {
  const text = createHandlebars(MAIL_HELPERS);
  const html = createHandlebars(MAIL_HELPERS);
  const partialsDir = join(dir, 'partials');
  for (const file of readdirSync(partialsDir).sort()) {
    const p = partialName(file);
    if (!p) continue;
    const source = readFileSync(join(partialsDir, file), 'utf8');
    // A text partial may be used by a text template only, and the other way round.
    (p.flavour === 'txt' ? text : html).registerPartial(p.name, source);
  }
  // Every kind in the registry writes its own part: a kind without one fails here, at the first mail, not later.
  for (const ruleset of RULESETS)
    for (const part of KIND_PARTS) {
      const file = (ext: string) => readFileSync(join(dir, 'kinds', ruleset, `${part}.${ext}.hbs`), 'utf8');
      text.registerPartial(kindPartial(ruleset, part), file('txt'));
      html.registerPartial(kindPartial(ruleset, part), file('html'));
    }
  const compile = (hb: HandlebarsInstance, file: string, noEscape: boolean): Render => {
    const template = hb.compile(readFileSync(join(dir, file), 'utf8'), { strict: true, noEscape });
    return (data) => template(data);
  };
  const textRenders = {} as Record<MailTemplate, Render>;
  const htmlRenders = {} as Record<MailTemplate, Render>;
  for (const kind of MAIL_TEMPLATES) {
    textRenders[kind] = compile(text, `${kind}.txt.hbs`, true);
    htmlRenders[kind] = compile(html, `${kind}.html.hbs`, false);
  }
  return { text: textRenders, html: htmlRenders };
}

let loaded: Environment | null = null;

function environment(): Environment {
  loaded ??= load(TEMPLATES_DIR);
  return loaded;
}

/** The text part of a mail: rendered, then made safe for any mail client. */
function renderText(kind: MailTemplate, data: object, width: number): string {
  return textSafe(environment().text[kind](data), width);
}

/** The HTML part of a mail: every value escaped. */
function renderHtml(kind: MailTemplate, data: object): string {
  return trimLineEnds(environment().html[kind](data)).replace(/\n{3,}/g, '\n\n');
}

/**
 * Each line without the spaces and tabs at its end, as `.replace(/[ \t]+$/gm, '')` leaves it, in one pass over the
 * line breaks: that expression retries every run of spaces from each of its characters, which is slow on a map's long
 * runs. A text with a line terminator other than \n (\r, U+2028, U+2029: rare) goes through the expression itself.
 */
function trimLineEnds(text: string): string {
  if (/[\r\u2028\u2029]/.test(text)) return text.replace(/[ \t]+$/gm, '');
  let out = '';
  let from = 0;
  for (;;) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    let cut = stop;
    for (let c = text.charCodeAt(cut - 1); cut > from && (c === 32 || c === 9); c = text.charCodeAt(cut - 1)) cut--;
    out += text.slice(from, cut);
    if (end === -1) return out;
    out += '\n';
    from = end + 1;
  }
}

/** A mail's two parts; `width` is the text part's (a turn report's reader may choose a wider one). */
export function render(kind: MailTemplate, data: object, width: number = TEXT_WIDTH): { text: string; html: string } {
  return { text: renderText(kind, data, width), html: renderHtml(kind, data) };
}

/** Tabs to spaces, at stops every 8 columns, as a terminal shows them. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/**
 * Breaks a line longer than `width` at spaces, continuing at its own
 * indentation (under the text of a `- ` list item); a word longer than a line is cut.
 */
export function wrapLine(line: string, width: number = TEXT_WIDTH): string[] {
  const length = (t: string) => [...t].length;
  // A line of no more UTF-16 units than `width` has no more characters either: most lines, counted without a copy.
  if (line.length <= width || length(line) <= width) return [line];
  const lead = /^ *(?:- )?/.exec(line)![0].slice(0, Math.floor(width / 2));
  const indent = ' '.repeat(lead.length);
  const room = width - indent.length;
  const out: string[] = [];
  // The words of the line; `current` holds the line being filled, without its prefix.
  let prefix = lead;
  let current = '';
  const flush = () => {
    if (current !== '') out.push(prefix + current);
    prefix = indent;
    current = '';
  };
  for (const word of line
    .slice(lead.length)
    .split(/ +/)
    .filter((w) => w !== '')) {
    let rest = word;
    while (length(rest) > room) {
      flush();
      const chars = [...rest];
      out.push(indent + chars.slice(0, room).join(''));
      rest = chars.slice(room).join('');
    }
    if (rest === '') continue;
    if (current !== '' && length(current) + 1 + length(rest) > room) flush();
    current = current === '' ? rest : `${current} ${rest}`;
  }
  flush();
  return out;
}

/**
 * Text any mail client shows as it was meant: `\n` line breaks, no tabs, no
 * control or direction-changing characters, no trailing spaces, no line wider
 * than `width`, at most one blank line in a row, one line break at the end.
 */
export function textSafe(text: string, width: number = TEXT_WIDTH): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    // `-- ` keeps its space: it is the signature separator (RFC 3676) that tells a mail client, and the orders parser,
    // where the text ends.
    .map((l) => (l === '-- ' ? l : plainText(expandTabs(l)).trimEnd()))
    .flatMap((l) => wrapLine(l, width));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd()}\n`;
}

/** One line of text for a mail header: no line breaks or control characters, at most `max` characters. */
export function headerText(text: string, max = 200): string {
  const flat = plainText(text.replace(/[\r\n\t]+/g, ' '))
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}
