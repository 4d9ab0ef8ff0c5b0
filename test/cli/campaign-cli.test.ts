/** `msc campaign resolve` and `msc campaign check` as a person runs them (docs/adjudicator-campaign.md). */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const msc = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['bin/msc.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000 });

describe('msc campaign', () => {
  it('resolves an example file and prints the turn as JSON (exit 0)', () => {
    const r = msc(['campaign', 'resolve', 'examples/campaign-battle.json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.turn).toBe(7);
    expect(out.destroyed).toEqual(['Scald']);
  });

  it('reads standard input with "-", and --pretty indents', () => {
    const r = msc(
      ['campaign', 'resolve', '-', '--pretty'],
      readFileSync(`${root}/examples/campaign-turn1.json`, 'utf8'),
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\{\n {2}"pending": false,/);
  });

  it('exit 2 with the errors on standard output for invalid input; exit 3 when the dice run out', () => {
    const bad = msc(['campaign', 'resolve'], '{"map":');
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout).errors[0].code).toBe('MALFORMED_JSON');
    const doc = JSON.parse(readFileSync(`${root}/examples/campaign-battle.json`, 'utf8'));
    const short = msc(['campaign', 'resolve'], JSON.stringify({ ...doc, dice: doc.dice.slice(0, 5) }));
    expect(short.status).toBe(3);
    expect(short.stderr).toMatch(/dice ran out/);
  });

  it('check validates without resolving', () => {
    const r = msc(['campaign', 'check', 'examples/campaign-turn1.json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
    const missing = msc(['campaign', 'check', 'examples/no-such-file.json']);
    expect(missing.status).toBe(2);
    expect(JSON.parse(missing.stdout).errors[0].code).toBe('UNREADABLE_INPUT');
  });
});
