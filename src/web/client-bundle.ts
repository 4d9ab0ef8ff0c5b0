/**
 * The rules for the browser: client/rules-entry.ts and what it imports from
 * src/rules, bundled into one ES module served as /static/rules.js, so the
 * page checks plots with the same code as the service. `npm run build` bundles
 * it beside the compiled service (dist/web/client/rules.js); running from the
 * sources (tests, development), it is bundled in memory on first request.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const PREBUILT = fileURLToPath(new URL('./client/rules.js', import.meta.url));
const ENTRY = fileURLToPath(new URL('./client/rules-entry.ts', import.meta.url));

let bundle: Promise<string> | null = null;

async function bundleFromSources(): Promise<string> {
  // A development dependency: only loaded when there is no build.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
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

export function rulesBundle(): Promise<string> {
  bundle ??= readFile(PREBUILT, 'utf8')
    .catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return bundleFromSources();
    })
    .catch((error: unknown) => {
      bundle = null;
      throw error;
    });
  return bundle;
}
