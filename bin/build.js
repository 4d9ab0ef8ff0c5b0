#!/usr/bin/env node
// `npm run build` (and npm ci, through `prepare`): compiles src/ to dist/ with tsc, and bundles the rules the
// browser runs (src/web/client/rules-entry.ts and what it imports) into dist/web/client/rules.js with esbuild.
// The stamp written last tells bin/msc.js that dist/ is complete and newer than the sources.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

rmSync(`${root}/dist`, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const { build } = await import('esbuild');
mkdirSync(`${root}/dist/web/client`, { recursive: true });
await build({
  entryPoints: [`${root}/src/web/client/rules-entry.ts`],
  outfile: `${root}/dist/web/client/rules.js`,
  bundle: true,
  format: 'esm',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
writeFileSync(`${root}/dist/.build-stamp`, `${new Date().toISOString()}\n`);
