#!/usr/bin/env node
// `npm run build` (and npm ci, through `prepare`): compiles src/ to dist/ with tsc, and bundles the rules each game
// kind's page runs in the browser (src/web/kinds/<ruleset>/client.ts and what it imports) into
// dist/web/kinds/<ruleset>/rules.js with esbuild.
// The stamp written last tells bin/msc.js that dist/ is complete and newer than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
for (const kind of readdirSync(`${root}/src/web/kinds`, { withFileTypes: true })) {
  const entry = `${root}/src/web/kinds/${kind.name}/client.ts`;
  if (!kind.isDirectory() || !existsSync(entry)) continue;
  mkdirSync(`${root}/dist/web/kinds/${kind.name}`, { recursive: true });
  await build({
    entryPoints: [entry],
    outfile: `${root}/dist/web/kinds/${kind.name}/rules.js`,
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
writeFileSync(`${root}/dist/.build-stamp`, `${new Date().toISOString()}\n`);
