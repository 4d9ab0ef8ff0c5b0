#!/usr/bin/env node
// Entry point of the `msc` command: loads the TypeScript sources through tsx,
// so the command always runs the code in src/ without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
