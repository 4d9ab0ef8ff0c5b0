#!/usr/bin/env node
// Entry point of the `msc` command: runs the compiled code in dist/ (`npm run build`, which npm ci runs).
// In a working copy whose sources are newer than the build, it runs src/ through tsx instead (a development
// dependency), so that an edit takes effect without a rebuild.
import { existsSync, readdirSync, statSync } from 'node:fs';

const stamp = new URL('../dist/.build-stamp', import.meta.url);
const sources = new URL('../src/', import.meta.url);

/** The newest modification time under a folder. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : null;
if (built !== null && (!existsSync(sources) || newest(sources) <= built)) {
  await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
