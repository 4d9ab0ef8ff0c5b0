/**
 * The one Handlebars setup of the pages and the mail (src/lib/handlebars.ts):
 * each helper does what the templates rely on, and every helper is used by a
 * template, so none is kept for nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlebars, MAIL_HELPERS, PAGE_HELPERS, type HelperName } from '../../src/lib/handlebars.ts';
import { TEMPLATES_DIR } from '../../src/mail/templates.ts';
import { WEB_TEMPLATES_DIR } from '../../src/web/pages/render.ts';

const ALL: HelperName[] = ['eq', 'inc', 'join', 'time', 'indent', 'heading'];

const render = (source: string, data: object = {}) => createHandlebars(ALL).compile(source, { strict: true })(data);

/** The sources of the .hbs files in `dir` (and its subfolders but `skip`). */
function sources(dir: string, skip = ''): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .map((e) => (e.isFile() && e.name.endsWith('.hbs') ? join(e.parentPath, e.name) : ''))
    .filter((file) => file !== '' && (skip === '' || !file.startsWith(skip)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The helpers of `list` a template source calls, as `{{helper …}}` or `(helper …)`. */
const called = (source: string, list: readonly string[]) =>
  list.filter((h) => new RegExp(`(\\{\\{[#^]?|\\()${h} `).test(source)).sort();

describe('createHandlebars', () => {
  it('eq, inc and join', () => {
    expect(render('{{#if (eq a "x")}}yes{{else}}no{{/if}}', { a: 'x' })).toBe('yes');
    expect(render('{{#if (eq a "x")}}yes{{else}}no{{/if}}', { a: 'y' })).toBe('no');
    expect(render('{{#each l}}{{inc @index}}{{/each}}', { l: ['a', 'b', 'c'] })).toBe('123');
    expect(render('{{join l ", "}}|{{join l "-"}}|{{join n ", "}}', { l: ['a', 'b'], n: null })).toBe('a, b|a-b|');
  });

  it('time: a moment in UTC to the minute; anything else as it is', () => {
    expect(render('{{time at}}', { at: new Date('2026-01-05T12:34:56Z') })).toBe('2026-01-05 12:34 UTC');
    expect(render('[{{time at}}]', { at: null })).toBe('[]');
    expect(render('{{time at}}', { at: 'soon' })).toBe('soon');
  });

  it('indent and heading, for text mail', () => {
    expect(render('{{indent block 4}}', { block: 'a\n\nb' })).toBe('    a\n\n    b');
    expect(render('{{indent block}}', { block: 'a' })).toBe('  a');
    expect(render('{{heading "Turn " n}}', { n: 12 })).toBe('Turn 12\n-------');
  });

  it('still escapes what a helper returns inside {{…}}', () => {
    expect(render('{{join l ", "}}', { l: ['<b>'] })).toBe('&lt;b&gt;');
  });

  it('each instance has its own partials and only the helpers named', () => {
    const a = createHandlebars(['eq']);
    a.registerPartial('p', 'A');
    expect(() => createHandlebars(['eq']).compile('{{> p}}')({})).toThrow();
    // A field named like a helper the instance lacks shows its data.
    expect(createHandlebars(PAGE_HELPERS).compile('{{heading}}')({ heading: 'Form expired' })).toBe('Form expired');
  });

  it('the pages and the mail get exactly the helpers their templates call', () => {
    const web = sources(WEB_TEMPLATES_DIR);
    const mail = sources(TEMPLATES_DIR, WEB_TEMPLATES_DIR);
    expect(called(web, ALL)).toEqual([...PAGE_HELPERS].sort());
    expect(called(mail, ALL)).toEqual([...MAIL_HELPERS].sort());
  });
});
