/**
 * `msc verify` on a campaign's export: the real command on real files — a campaign whose battle was fought as a
 * linked tactical game, as exported once it ended (exit 0, its turns and its battle verified), and the same file with
 * the battle's order changed (exit 1, the campaign turn and the battle named) — and its JSON output in-process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/verify-command.ts';
import { exportGame } from '../../src/games/archive/archive.ts';
import type { AnyGameExport } from '../../src/games/archive/export-format.ts';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';
import { playedCampaign } from '../games/campaign-archive-support.ts';
import { memoryIO } from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const msc = (args: string[]) =>
  spawnSync(process.execPath, ['bin/msc.js', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });

const ID = 'c-verify';
let dir: string;
let database: TestDatabase;
let doc: AnyGameExport;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'msc-campaign-verify-'));
  database = await freshDatabase('pglite');
  const ctx = gamesContext(database);
  const played = await playedCampaign(ctx, ID);
  await endGame(ctx, { gameId: ID, key: played.key }, 'end', 'over');
  doc = await exportGame(ctx, ID, { as: 'anyone' });
  const tampered = structuredClone(doc);
  const orders = tampered.turns[0]!.battles![0]!.game.turns[0]!.ordersUsed;
  orders.R1 = { ...orders.R1!, speed: 0, move: '0' };
  writeFileSync(join(dir, 'campaign.json'), JSON.stringify(doc, null, 2));
  writeFileSync(join(dir, 'tampered.json'), JSON.stringify(tampered));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

describe('msc verify on a campaign export', () => {
  it('verifies the whole campaign, its battle included: exit 0', () => {
    const run = msc(['verify', join(dir, 'campaign.json')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'verified: 2 turns and 1 linked battle (each a whole game), seed matches its commitment',
    );
    expect(run.stdout).toContain(`game ${ID} "War of the hexes":`);
    expect(run.stdout).toContain('(moderator)');
  });

  it('a battle’s order changed: exit 1, naming the campaign turn, the battle and its turn', () => {
    const run = msc(['verify', join(dir, 'tampered.json')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^mismatch in turn 1: battles\[0\] \(Battle at 1005, campaign turn 1\): turn 1: .+: expected .+, found .+/,
    );
  });

  it('--json: the result with its summary, and a mismatch with both its sides', async () => {
    const io = memoryIO();
    expect(await runVerify(io, join(dir, 'campaign.json'), { json: true })).toBe(0);
    expect(JSON.parse(io.outLines.join('\n'))).toMatchObject({
      ok: true,
      turns: 2,
      summary: { gameId: ID, status: 'finished', ending: 'moderator', battles: 1, seed: doc.seed },
    });
    const bad = memoryIO();
    expect(await runVerify(bad, join(dir, 'tampered.json'), { json: true })).toBe(1);
    expect(JSON.parse(bad.outLines.join('\n'))).toMatchObject({
      ok: false,
      mismatch: { turn: 1, what: expect.stringContaining('battles[0] (Battle at 1005, campaign turn 1)') as unknown },
    });
  });
});
