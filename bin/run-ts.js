#!/usr/bin/env node
// Runs a TypeScript file (a benchmark or a script) through tsx: `node bin/run-ts.js FILE [ARGS…]`.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bin/run-ts.js FILE.ts [ARGS…]\n');
  process.exit(2);
}
process.argv.splice(1, 2, resolve(file));
register();
await import(pathToFileURL(resolve(file)).href);
