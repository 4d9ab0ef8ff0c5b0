/**
 * The page templates in templates/web/: one `<page>.hbs` per page, partials
 * in templates/web/partials/, and layout.hbs around every page; each game
 * kind's own in templates/web/kinds/<ruleset>/, named `<ruleset>/<file>` both
 * as pages and as partials (a kind's section of a shared page). Compiled once.
 *
 * Handlebars escapes every `{{value}}`. The only triple-stash `{{{…}}}` in the
 * templates is for server-drawn SVG (fields named `…Svg`, escaped as they are
 * drawn: svg/hex-map.ts) and the page body inside the layout; nothing a
 * player wrote ever reaches a page unescaped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Response } from 'express';
import { createHandlebars, PAGE_HELPERS } from '../../lib/handlebars.ts';

export const WEB_TEMPLATES_DIR = fileURLToPath(new URL('../../../templates/web/', import.meta.url));

type Render = (data: object) => string;

interface Pages {
  readonly layout: Render;
  readonly pages: ReadonlyMap<string, Render>;
}

/**
 * A partial called on an indented line is not indented line by line: the indent would go into the text of its
 * `<pre>` and `<textarea>` (a control sheet's table shifted two columns from its first line).
 */
const COMPILE = { preventIndent: true } as const;

function load(dir: string): Pages {
  const hb = createHandlebars(PAGE_HELPERS);
  const partials = join(dir, 'partials');
  for (const file of readdirSync(partials).filter((f) => f.endsWith('.hbs'))) {
    hb.registerPartial(file.slice(0, -'.hbs'.length), readFileSync(join(partials, file), 'utf8'));
  }
  const pages = new Map<string, Render>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.hbs'))) {
    pages.set(file.slice(0, -'.hbs'.length), hb.compile(readFileSync(join(dir, file), 'utf8'), COMPILE));
  }
  // Each kind's templates: pages (its game and archive pages) and partials (its sections of shared pages) alike.
  const kinds = join(dir, 'kinds');
  for (const kind of readdirSync(kinds, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(kinds, kind.name)).filter((f) => f.endsWith('.hbs'))) {
      const name = `${kind.name}/${file.slice(0, -'.hbs'.length)}`;
      const source = readFileSync(join(kinds, kind.name, file), 'utf8');
      hb.registerPartial(name, source);
      pages.set(name, hb.compile(source, COMPILE));
    }
  }
  const layout = pages.get('layout');
  if (!layout) throw new Error(`templates/web has no layout.hbs (looked in ${dir})`);
  return { layout, pages };
}

let loaded: Pages | null = null;

function pages(): Pages {
  loaded ??= load(WEB_TEMPLATES_DIR);
  return loaded;
}

/** What every page is given besides its own data. */
export interface PageFrame {
  readonly title: string;
  /** The logged-in address, or null. */
  readonly user: string | null;
  /** The CSRF token for the page's forms. */
  readonly csrf: string;
  /** Scripts (under /static) the page loads as modules. */
  readonly scripts?: readonly string[];
  /** Whether the local mailbox link is shown. */
  readonly mailbox?: boolean;
}

/** A page as HTML: the page's template inside the layout. */
function renderPage(page: string, frame: PageFrame, data: object = {}): string {
  const { layout, pages: all } = pages();
  const template = all.get(page);
  if (!template || page === 'layout') throw new Error(`there is no page template ${page}.hbs`);
  const context = { ...data, frame };
  return layout({ frame, body: template(context) });
}

/** Sends a page; pages with secrets or personal data are never cached. */
export function sendPage(res: Response, page: string, frame: PageFrame, data: object = {}, status = 200): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(renderPage(page, frame, data));
}
