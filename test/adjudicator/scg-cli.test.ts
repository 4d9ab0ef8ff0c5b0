/** `msc scg resolve` and `msc scg check` as a user runs them: the real bin, real files, real exit codes (§18.5). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `msc` with the arguments and standard input; several may run at once. */
function msc(args: string[], input?: string): Promise<Run> {
  return new Promise((done) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['bin/msc.js', ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr, ms: performance.now() - t });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

const doc = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    map: { width: 6, height: 6 },
    sides: ['west', 'east'],
    units: [
      { id: 'WM', side: 'west', type: 'medium-tank', hex: '0101' },
      { id: 'EM', side: 'east', type: 'medium-tank', hex: '0103' },
    ],
    ...extra,
  });

describe('msc scg resolve / msc scg check', { timeout: 120_000 }, () => {
  it('the examples resolve (exit 0), standard input is read, check prints the orders, dice running out exits 3', async () => {
    const [tank, combined, stdin, checked, ranOut, missing] = await Promise.all([
      msc(['scg', 'resolve', 'examples/scg-tank-battle.json']),
      msc(['scg', 'resolve', 'examples/scg-combined-arms.json', '--pretty']),
      msc(['scg', 'resolve'], doc({ dice: [6, 1, ...Array<number>(20).fill(5)] })),
      msc(['scg', 'check', '-'], doc({ orders: { west: { move: [{ unit: 'wm', path: 'n' }] } } })),
      msc(['scg', 'resolve'], doc({ dice: [6, 1, 5] })),
      msc(['scg', 'check', 'no-such-file.json']),
    ]);
    expect(tank.status).toBe(0);
    expect(JSON.parse(tank.stdout).turn).toBe(2);
    expect(combined.status).toBe(0);
    expect(combined.stdout).toContain('\n  "map": {');
    expect(stdin.status).toBe(0);
    expect(JSON.parse(stdin.stdout)).toMatchObject({ diceUsed: 10, initiative: ['west', 'east'] });
    // Ids in JSON are spelled exactly as in the game (§18.1): "wm" is no unit.
    expect(checked.status).toBe(2);
    expect(JSON.parse(checked.stdout).errors[0]).toMatchObject({ side: 'west', unit: 'wm', code: 'UNKNOWN_UNIT' });
    expect(ranOut.status).toBe(3);
    expect(ranOut.stdout).toBe('');
    expect(ranOut.stderr).toMatch(/ran out/);
    expect(missing.status).toBe(2);
    expect(JSON.parse(missing.stdout).errors[0]).toMatchObject({ code: 'UNREADABLE_INPUT' });
  });

  it('hostile input: exit 2 with the field named, no stack trace, in bounded time', async () => {
    const table: [string, string, RegExp][] = [
      ['empty', '', /MALFORMED_JSON/],
      ['not JSON', '{"map": ', /MALFORMED_JSON/],
      ['wrong types', doc({ map: { width: [], height: 6 }, dice: [] }), /map\.width/],
      ['huge numbers', doc({ turn: 1e300, dice: [] }), /turn must be a whole number/],
      [
        '__proto__ keys',
        `{"__proto__":{"x":1},"unitTypes":{"__proto__":{}},${doc({ dice: [] }).slice(1)}`,
        /unitTypes: \\"__proto__\\"/,
      ],
      [
        'duplicated ids',
        doc({
          units: [
            { id: 'A', side: 'west', type: 'artillery', hex: '0101' },
            { id: 'a', side: 'east', type: 'artillery', hex: '0102' },
          ],
          dice: [],
        }),
        /used twice/,
      ],
      [
        'off-map hexes',
        doc({ units: [{ id: 'A', side: 'west', type: 'artillery', hex: '0909' }], dice: [] }),
        /units\[0\]\.hex 0909 is off the map/,
      ],
      ['deep nesting', `{"units":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, /units\[0\] must be an object/],
      ['a million dice', doc({ dice: Array<number>(1_000_000).fill(2) }), /dice must be a list of at most/],
    ];
    const runs = await Promise.all(table.map(([, input]) => msc(['scg', 'resolve'], input)));
    runs.forEach((r, i) => {
      const [name, , pattern] = table[i]!;
      expect(r.status, name).toBe(2);
      expect(r.stdout, name).toMatch(pattern);
      expect(r.stderr, name).not.toMatch(/\n\s+at /);
      expect(r.ms, name).toBeLessThan(60_000);
    });
  });
});
