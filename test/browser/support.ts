/**
 * Browser tests: Debian's Chromium (/usr/bin/chromium) driven by
 * playwright-core — which never downloads a browser of its own — against the
 * real service (startServer) on a fresh in-memory database and a free port.
 *
 * Without /usr/bin/chromium the tests are skipped with a notice, unless
 * MSC_REQUIRE_SERVICES=1 (CI, whose .ci/run installs Debian's chromium),
 * where its absence fails them.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config/config.ts';
import { outbox } from '../../src/db/schema.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';

export const CHROMIUM = process.env.MSC_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

const requireServices = process.env.MSC_REQUIRE_SERVICES === '1';

/** Whether the browser tests can run here; throws when CI requires them and they cannot. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const why = `Chromium not found at ${CHROMIUM} (apt-get install chromium)`;
  if (requireServices) throw new Error(`${why}, and MSC_REQUIRE_SERVICES=1 requires it`);
  console.warn(`\n*** ${why}: browser tests skipped ***\n`);
  return false;
}

export interface BrowserRig {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser profile (cookies of its own): one per person. */
  person(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** The link in the newest mail of `kind` to `to`, from the outbox. */
  linkFromMail(to: string, kind: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * How Chromium must start on these machines: headless, no sandbox (tests run
 * as root), no background traffic. Playwright adds --headless and a new empty
 * --user-data-dir of its own for every launch.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function startRig(): Promise<BrowserRig> {
  const server = await startServer(
    loadConfig({
      DATA_DIR: 'memory://',
      PORT: '0',
      MAIL_RECEIVE_PORT: '0',
      LOG_LEVEL: 'silent',
      POLL_INTERVAL_MS: '100',
    }),
    { handleSignals: false, print: () => undefined },
  );
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    await server.close();
    throw error;
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    server,
    browser,
    person: (viewport = { width: 1280, height: 900 }) => browser.newContext({ viewport }),
    async linkFromMail(to, kind) {
      const [mail] = await server.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind as typeof outbox.$inferSelect.kind)))
        .orderBy(desc(outbox.id))
        .limit(1);
      const link = mail?.textBody.match(/https?:\/\/\S+\/login\/[A-Za-z0-9_-]{43}/)?.[0];
      if (!link) throw new Error(`no ${kind} mail with a login link to ${to}`);
      return link;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Logs `page`'s person in as `email`: the login form, then the link mailed to them. */
export async function logInByMail(rig: BrowserRig, page: Page, email: string): Promise<void> {
  await page.goto(`${rig.server.url}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Mail me a login link' }).click();
  await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
  await page.goto(await rig.linkFromMail(email, 'login'));
  await page.getByRole('button', { name: `Log in as ${email}` }).click();
  await page.waitForLoadState('domcontentloaded');
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** What axe-core finds on the page against WCAG 2.1 A/AA and its best practices (run through the debugging protocol, so
 * the page's Content Security Policy stays as it is). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<AxeResults> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
    interface AxeResults {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
    }
  });
}
