/**
 * Each command's help lists the options that command uses, and no other: no --key where a token is meant or
 * where nothing needs the moderator key, no database or game options on the pure adjudicator commands.
 * In-process, and without a database: help is printed before anything opens.
 */
import { describe, expect, it } from 'vitest';
import { mscWith } from './support.ts';

const msc = mscWith(() => Promise.reject(new Error('help opens nothing')));

/** The long options a help text lists under "Options:", --help left out. */
async function optionsOf(command: readonly string[]): Promise<string[]> {
  const r = await msc([...command, '--help']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  const section = r.stdout.split(/^Options:$/m)[1]?.split(/^\S.*:$/m)[0] ?? '';
  return [...section.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]!).filter((o) => o !== '--help');
}

const MODERATOR = ['--json', '--key', '--reason'];

const EXPECTED: Record<string, string[]> = {
  '': [],
  resolve: ['--pretty'],
  check: ['--pretty'],
  campaign: [],
  'campaign resolve': ['--pretty'],
  'campaign check': ['--pretty'],
  mini: [],
  'mini cost': ['--pretty'],
  'mini check': ['--pretty'],
  'mini resolve': ['--pretty'],
  scg: [],
  'scg resolve': ['--pretty'],
  'scg check': ['--pretty'],
  serve: ['--web', '--workers', '--mail'],
  migrate: ['--json'],
  'mailbox-url': [],
  verify: ['--json'],
  game: [],
  'game create': [
    '--json',
    '--missed-turn-limit',
    '--absence-days',
    '--absence-count',
    '--press',
    '--scenario',
    '--ruleset',
    '--id',
    '--name',
    '--seat',
    '--open-seat',
    '--join-approval',
    '--handicap',
    '--settings',
    '--turn-hours',
    '--turn-limit',
    '--missing-orders',
    '--observers',
    '--observer-view',
    '--relax-sender',
    '--private',
  ],
  'game list': ['--json'],
  'game show': ['--json', '--key'],
  'game fleet': ['--json', '--token', '--file'],
  'game orders': ['--json', '--token', '--file', '--show'],
  'game turns': ['--json'],
  'game turn': ['--json'],
  'game export': ['--json', '--key', '--out', '--token'],
  'game resolve': MODERATOR,
  'game rollback': MODERATOR,
  'game pause': MODERATOR,
  'game resume': MODERATOR,
  'game deadline': [...MODERATOR, '--at', '--extend', '--none'],
  'game replace': [...MODERATOR, '--email', '--name', '--tz'],
  'game rotate-token': MODERATOR,
  'game missed-turn-limit': MODERATOR,
  'game absences': MODERATOR,
  'game refuse-absence': MODERATOR,
  'game remove-observer': MODERATOR,
  'game concede': MODERATOR,
  'game requests': ['--json', '--key'],
  'game approve': MODERATOR,
  'game refuse': MODERATOR,
  'game end': [...MODERATOR, '--abandon'],
};

describe('msc help', () => {
  it.each(Object.entries(EXPECTED))('msc %s --help lists only its own options', async (command, expected) => {
    const words = command ? command.split(' ') : [];
    expect((await optionsOf(words)).sort()).toEqual([...expected].sort());
  });

  it('every command is in the list above', async () => {
    const listed = async (command: string[]) => {
      const r = await msc([...command, '--help']);
      const section = r.stdout.split(/^Commands:$/m)[1] ?? '';
      return [...section.matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
    };
    const top = await listed([]);
    const all = [
      ...top,
      ...(await listed(['game'])).map((c) => `game ${c}`),
      ...(await listed(['campaign'])).map((c) => `campaign ${c}`),
      ...(await listed(['mini'])).map((c) => `mini ${c}`),
      ...(await listed(['scg'])).map((c) => `scg ${c}`),
    ];
    expect(all.sort()).toEqual(Object.keys(EXPECTED).filter(Boolean).sort());
  });

  it('a game command that takes no key refuses one, and says so on standard error', async () => {
    const r = await msc(['game', 'turn', 'duel-1', '1', '--key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("msc: unknown option '--key'");
  });
});
