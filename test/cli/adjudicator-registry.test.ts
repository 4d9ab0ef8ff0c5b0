/**
 * The adjudicator commands are written from the registry (`GameKind.adjudicator`): a kind the CLI has never heard of
 * gets `msc <its word> resolve|check`, loaded only when the command runs, and its game's ruleset is one of
 * `msc game create --ruleset`'s choices, asked for no scenario when it takes none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Registry from '../../src/kinds/index.ts';
import { createInput } from '../../src/cli/game-create.ts';
import { memoryIO, mscWith } from './support.ts';

const musterResolve = vi.hoisted(() => vi.fn((text: string) => ({ exitCode: 0, stdout: { mustered: text.trim() } })));
const loaded = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/kinds/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Registry>();
  const command = (what: string) => ({
    description: `${what} one muster`,
    file: 'muster file',
    load: async () => {
      loaded.count += 1;
      await Promise.resolve();
      return musterResolve;
    },
  });
  const muster = {
    ...real.kindOf('msc-strategic'),
    ruleset: 'test-muster',
    title: 'muster drill',
    takesScenarios: false,
    adjudicator: {
      command: 'muster',
      description: 'the muster adjudicator',
      commands: { resolve: command('resolve'), check: command('check') },
    },
  };
  return {
    ...real,
    RULESETS: [...real.RULESETS, 'test-muster'],
    kindOf: (ruleset: string) => (ruleset === 'test-muster' ? muster : real.kindOf(ruleset as never)),
  };
});

const msc = mscWith(() => Promise.reject(new Error('the adjudicator opens no games')));

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe('adjudicator commands from the registry', () => {
  it("every kind's commands are listed, the tactical ones at the top", async () => {
    const top = await msc(['--help']);
    expect(top.stdout).toMatch(/^ {2}resolve \[options\] \[file\]/m);
    expect(top.stdout).toMatch(/^ {2}campaign +the strategic campaign adjudicator/m);
    expect(top.stdout).toMatch(/^ {2}muster +the muster adjudicator/m);
    const group = await msc(['muster', '--help']);
    expect(group.stdout).toMatch(/^ {2}resolve \[options\] \[file\] +resolve one muster/m);
    expect(group.stdout).toMatch(/^ {2}check \[options\] \[file\] +check one muster/m);
    expect(loaded.count).toBe(0);
  });

  it("runs the kind's own function, loaded when the command runs", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'msc-muster-')), 'muster.json');
    writeFileSync(file, 'all hands\n');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const r = await msc(['muster', 'resolve', file]);
    expect(r.code).toBe(0);
    expect(loaded.count).toBe(1);
    expect(musterResolve).toHaveBeenCalledWith('all hands\n');
    expect(written.join('')).toBe('{"mustered":"all hands"}\n');
  });

  it('game create: the kind is a --ruleset choice, and one that takes no scenario is not asked for one', async () => {
    const help = (await msc(['game', 'create', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('test-muster: a muster drill, its settings from --settings');
    expect(help).toContain('msc-tactical: a tactical battle, from --scenario (the default)');
    const input = await createInput(memoryIO(), {
      ruleset: 'test-muster' as never,
      name: 'Drill',
      seat: ['red:ann@example.org:Ann'],
    });
    expect(input).toMatchObject({ ruleset: 'test-muster', name: 'Drill' });
    await expect(createInput(memoryIO(), { name: 'Duel', seat: ['red:ann@example.org:Ann'] })).rejects.toThrow(
      /--scenario \(tutorial-duel, skirmish-3v3, solo-mission or custom\) for a tactical battle, or --ruleset msc-strategic for a strategic campaign, or --ruleset mini-combat for a Mini Combat battle, or --ruleset test-muster for a muster drill/,
    );
  });
});
