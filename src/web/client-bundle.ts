/**
 * Each game kind's rules for the browser: src/web/kinds/<ruleset>/client.ts
 * and what it imports, bundled into one ES module served as
 * /static/kinds/<ruleset>/rules.js, so the kind's page checks orders with the
 * same code as the service. `npm run build` bundles them beside the compiled
 * service (dist/web/kinds/<ruleset>/rules.js); running from the sources (tests,
 * development), a kind's is bundled in memory on its first request.
 */
import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<string | null>>();

async function bundleFromSources(entry: string): Promise<string> {
  // A development dependency: only loaded when there is no build.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function load(ruleset: string): Promise<string | null> {
  const prebuilt = fileURLToPath(new URL(`./kinds/${ruleset}/rules.js`, import.meta.url));
  try {
    return await readFile(prebuilt, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const entry = fileURLToPath(new URL(`./kinds/${ruleset}/client.ts`, import.meta.url));
  return (await exists(entry)) ? bundleFromSources(entry) : null;
}

/** A kind's rules for its page script, or null for a kind whose pages run none (or a name that is no kind). */
export function kindBundle(ruleset: string): Promise<string | null> {
  if (!/^[a-z][a-z0-9-]*$/.test(ruleset)) return Promise.resolve(null);
  let bundle = bundles.get(ruleset);
  if (!bundle) {
    bundle = load(ruleset).catch((error: unknown) => {
      bundles.delete(ruleset);
      throw error;
    });
    bundles.set(ruleset, bundle);
  }
  return bundle;
}
