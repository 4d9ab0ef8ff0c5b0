/**
 * The rules for the browser: client/rules-entry.ts and what it imports from
 * src/rules, bundled by esbuild into one ES module served as /static/rules.js.
 * Built in memory on first request and kept — no build step, and the page
 * checks plots with the same code as the service.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./client/rules-entry.ts', import.meta.url));

let bundle: Promise<string> | null = null;

export function rulesBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  }).then(
    (result) => result.outputFiles[0]!.text,
    (error: unknown) => {
      bundle = null;
      throw error;
    },
  );
  return bundle;
}
