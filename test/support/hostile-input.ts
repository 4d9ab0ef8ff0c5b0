/**
 * Hostile input for an adjudicator command, run as a user runs it (a real `msc` process): every case must end
 * with exit 2 (an error naming the field) or 3 (the dice ran out), never 0 or 1, in bounded time. The table is
 * keyed by command, so another kind's adjudicator is one more row: a valid document of its own, and the cases only
 * its documents have (duplicated and unknown ids, off-map hexes…); the generic cases (empty, not JSON, wrong types,
 * huge numbers, prototype keys, 20 MB, deep nesting, a million dice) are spoilt copies of that document.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

export type Doc = Record<string, unknown>;

export interface HostileCase {
  readonly name: string;
  /** The document's text (given on standard input, or as a file with `asFile`). */
  readonly text: () => string;
  readonly asFile?: boolean;
  /** Exit 2 with an error whose JSON matches `field` (each of them), or exit 3 with a message on standard error. */
  readonly expect: { readonly exit: 2; readonly field: RegExp | readonly RegExp[] } | { readonly exit: 3 };
}

export interface AdjudicatorRow {
  /** A document the command accepts (exit 0), that the generic cases spoil. */
  readonly valid: () => Doc;
  /** The cases to run: usually `genericCases(valid)` and those only this command's documents have. */
  readonly cases: (valid: () => Doc) => readonly HostileCase[];
}

/** Longest any one case may take, start-up included, before it counts as unbounded. */
export const CASE_TIME_LIMIT_MS = 20_000;

/** A test's own limit: its case may wait in the queue behind the others of its command. */
const QUEUED_TEST_TIMEOUT_MS = 600_000;

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A copy of `doc` with the value at `path` (dotted; numbers index arrays) replaced. */
export function withValue(doc: Doc, path: string, value: unknown): Doc {
  const copy = structuredClone(doc);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

/** JSON text with an own `"__proto__"` key in the object at `path` ('' for the top), as JSON.parse makes it. */
export function withProtoKey(doc: Doc, path: string, value: unknown): string {
  const marker = 'zzProtoKeyzz';
  const target = path === '' ? doc : structuredClone(doc);
  const spoilt = path === '' ? { [marker]: value, ...target } : withValue(target, `${path}.${marker}`, value);
  return JSON.stringify(spoilt).replace(`"${marker}":`, '"__proto__":');
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The cases every adjudicator must survive, made from a valid document. */
export function genericCases(valid: () => Doc): HostileCase[] {
  const json = (doc: Doc) => () => JSON.stringify(doc);
  const fields = Object.keys(valid()).filter((k) => k !== 'dice' && k !== 'seed');
  const field = fields[0]!;
  return [
    { name: 'empty input', text: () => '', expect: { exit: 2, field: /MALFORMED_JSON/ } },
    { name: 'not JSON', text: () => 'GAME x TURN 1\nEND', expect: { exit: 2, field: /MALFORMED_JSON/ } },
    { name: 'a JSON array, not a document', text: () => '[1,2,3]', expect: { exit: 2, field: /expected object/ } },
    { name: 'null', text: () => 'null', expect: { exit: 2, field: /expected object/ } },
    {
      name: 'wrong types: every field a string',
      text: json(Object.fromEntries(fields.map((f) => [f, 'wrong']))),
      expect: { exit: 2, field: fields.map((f) => new RegExp(`"message":"${f}\\b`)) },
    },
    {
      name: 'huge numbers: map 1e308 wide',
      text: json(withValue(valid(), 'map.width', 1e308)),
      expect: { exit: 2, field: /map\.width/ },
    },
    {
      name: 'huge numbers: turn 2^80',
      text: json(withValue(valid(), 'turn', 2 ** 80)),
      expect: { exit: 2, field: /turn/ },
    },
    {
      name: 'a negative zero turn',
      text: () => JSON.stringify(valid()).replace(/"turn":\d+/, '"turn":-0'),
      expect: { exit: 2, field: /turn/ },
    },
    {
      name: 'prototype keys: "__proto__" at the top',
      text: () => withProtoKey(valid(), '', { polluted: true }),
      expect: { exit: 2, field: /__proto__/ },
    },
    {
      name: 'prototype keys: "constructor" at the top',
      text: json({ ...valid(), constructor: { prototype: { polluted: true } } }),
      expect: { exit: 2, field: /constructor/ },
    },
    {
      name: 'prototype keys: "__proto__" in the map',
      text: () => withProtoKey(valid(), 'map', { width: 99 }),
      expect: { exit: 2, field: /__proto__/ },
    },
    {
      name: 'deep nesting: 100,000 arrays in a field',
      text: () => JSON.stringify(valid()).replace(/\}$/, `,"${field}":${nested(100_000)}}`),
      expect: { exit: 2, field: new RegExp(field) },
    },
    {
      name: 'deep nesting: 100,000 arrays as the document',
      text: () => nested(100_000),
      expect: { exit: 2, field: /expected object|MALFORMED_JSON/ },
    },
    {
      name: 'a million dice',
      text: () =>
        JSON.stringify({
          ...withValue(
            valid(),
            'dice',
            Array.from({ length: 1_000_000 }, () => 3),
          ),
        }),
      expect: { exit: 2, field: /dice/ },
    },
    {
      name: 'dice that are not 1–6',
      text: json({ ...valid(), dice: [7, 0, -1, 2.5] }),
      expect: { exit: 2, field: /dice/ },
    },
    {
      name: '20 MB on standard input',
      text: () => JSON.stringify({ ...valid(), pad: 'x'.repeat(20 * 1024 * 1024) }),
      expect: { exit: 2, field: /UNREADABLE_INPUT.*larger than/ },
    },
    {
      name: '20 MB in a file',
      asFile: true,
      text: () => JSON.stringify({ ...valid(), pad: 'x'.repeat(20 * 1024 * 1024) }),
      expect: { exit: 2, field: /UNREADABLE_INPUT.*larger than/ },
    },
  ];
}

interface Ran {
  readonly status: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Processes run at once: the cases are queued, and each one's time limit starts when its process does. */
const PARALLEL = 2;
let running = 0;
const queue: (() => void)[] = [];

async function runMsc(args: readonly string[], input: string | null): Promise<Ran> {
  if (running >= PARALLEL) await new Promise<void>((go) => queue.push(go));
  running++;
  try {
    return await spawnMsc(args, input);
  } finally {
    running--;
    queue.shift()?.();
  }
}

function spawnMsc(args: readonly string[], input: string | null): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['bin/msc.js', ...args],
      { cwd: root, encoding: 'utf8', timeout: CASE_TIME_LIMIT_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          status: child.exitCode,
          signal: child.signalCode,
          stdout,
          stderr,
          ms: Date.now() - started,
        }),
    );
    child.stdin!.on('error', () => {}); // the command may stop reading before the end (too large)
    child.stdin!.end(input ?? '');
  });
}

/** One describe per command of `table` (`'resolve'`, `'campaign check'`…), one test per case. */
export function hostileInputTable(table: Readonly<Record<string, AdjudicatorRow>>): void {
  const dir = mkdtempSync(join(tmpdir(), 'msc-hostile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  for (const [command, row] of Object.entries(table)) {
    describe(`msc ${command}`, () => {
      it.concurrent('accepts its valid document (exit 0)', { timeout: QUEUED_TEST_TIMEOUT_MS }, async () => {
        const r = await runMsc(command.split(' '), JSON.stringify(row.valid()));
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
      });
      for (const c of row.cases(row.valid)) {
        it.concurrent(c.name, { timeout: QUEUED_TEST_TIMEOUT_MS }, async () => {
          let args = command.split(' ');
          let input: string | null = c.text();
          if (c.asFile) {
            const file = join(dir, `case-${++files}.json`);
            writeFileSync(file, input);
            args = [...args, file];
            input = null;
          }
          const r = await runMsc(args, input);
          expect(r.signal, `${c.name}: killed after ${r.ms} ms`).toBeNull();
          expect(r.stderr).not.toMatch(/\n\s+at /);
          expect(r.status).toBe(c.expect.exit);
          if (c.expect.exit === 2) {
            const errors = (JSON.parse(r.stdout) as { errors: unknown[] }).errors;
            expect(errors.length).toBeGreaterThan(0);
            for (const field of [c.expect.field].flat())
              expect(errors.map((e) => JSON.stringify(e))).toContainEqual(expect.stringMatching(field));
          } else {
            expect(r.stdout).toBe('');
            expect(r.stderr).toMatch(/ran out/);
          }
        });
      }
    });
  }
}
