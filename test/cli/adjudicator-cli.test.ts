/** The `msc` command as a user runs it: a real process, real files, real exit codes. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const msc = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['bin/msc.js', ...args], { cwd: root, input, encoding: 'utf8', timeout: 30_000 });

describe('msc resolve / msc check', () => {
  it('resolves an example file and prints JSON', () => {
    const r = msc(['resolve', 'examples/tutorial-duel.json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.initiative).toEqual(['black', 'grey']);
    expect(out.diceUsed).toBe(6);
  });

  it('reads standard input', () => {
    const r = msc(
      ['resolve'],
      JSON.stringify({ map: { width: 5, height: 5 }, sides: ['a', 'b'], ships: [], dice: [] }),
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ winner: 'draw', diceUsed: 0 });
  });

  it('malformed JSON: exit code 2 and a clear message, no stack trace', () => {
    const r = msc(['resolve', '-'], '{"map": ');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).errors[0].code).toBe('MALFORMED_JSON');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing file: exit code 2 and a message naming it', () => {
    const r = msc(['check', 'no-such-file.json']);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).errors[0]).toMatchObject({ code: 'UNREADABLE_INPUT' });
    expect(JSON.parse(r.stdout).errors[0].message).toContain('no-such-file.json');
  });

  it('scripted dice that run out: exit code 3, a message on standard error, no result', () => {
    const doc = JSON.stringify({
      map: { width: 9, height: 9 },
      sides: ['a', 'b'],
      ships: [
        { id: 'A', side: 'a', hex: '0505', facing: 'N', speed: 0, engine: 1, shields: 1, toHit: 1, weapons: ['F'] },
        { id: 'B', side: 'b', hex: '0503', facing: 'S', speed: 0, engine: 1, shields: 1, toHit: 1, weapons: ['F'] },
      ],
      dice: [4],
    });
    const r = msc(['resolve'], doc);
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/ran out/);
  });
});

describe('input size', () => {
  it('a file larger than 16 MiB is refused before it is read, as standard input is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-big-'));
    try {
      const file = join(dir, 'big.json');
      writeFileSync(file, `{"pad": "${'x'.repeat(17 * 1024 * 1024)}"}`);
      for (const args of [
        ['resolve', file],
        ['check', file],
        ['campaign', 'resolve', file],
      ]) {
        const r = msc(args);
        expect(r.status).toBe(2);
        expect(JSON.parse(r.stdout).errors).toEqual([
          { code: 'UNREADABLE_INPUT', message: expect.stringMatching(/larger than 16777216 bytes/) as string },
        ]);
      }
      const stdin = msc(['resolve'], readFileSync(file, 'utf8'));
      expect(JSON.parse(stdin.stdout).errors[0].code).toBe('UNREADABLE_INPUT');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a device without end is held to the same limit', () => {
    const r = msc(['check', '/dev/zero']);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).errors[0].code).toBe('UNREADABLE_INPUT');
  });
});
