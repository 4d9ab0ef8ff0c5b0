/**
 * `msc game show|turns|turn` print a campaign as a campaign (its kind's printout): its fleets and systems, each
 * side's orders in the campaign orders language, and what happened told as a campaign turn — not ship tables, SHIP
 * lines and shots, which are the tactical battle's.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { gamesContext } from '../support/games.ts';
import { mscWith, ordersFor } from './support.ts';

describe('a campaign printed by msc game', () => {
  let database: TestDatabase;
  let msc: ReturnType<typeof mscWith>;
  let key: string;
  let tokens: Record<string, string>;
  beforeEach(async () => {
    database = await freshDatabase('pglite');
    const ctx = gamesContext(database);
    msc = mscWith(async () => new DirectGamesClient(ctx, 'the test database'));
    const settings = join(mkdtempSync(join(tmpdir(), 'msc-campaign-')), 'campaign.json');
    writeFileSync(settings, JSON.stringify(SMALL_CAMPAIGN));
    const created = await msc([
      'game',
      'create',
      '--ruleset',
      'msc-strategic',
      '--settings',
      settings,
      '--id',
      'war-1',
      '--name',
      'War',
      '--seat',
      'red:ann@example.org:Ann',
      '--seat',
      'blue:bob@example.org:Bob',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const body = created.json<{ moderatorKey: string; seats: Array<{ side: string; token: string }> }>();
    key = body.moderatorKey;
    tokens = Object.fromEntries(body.seats.map((s) => [s.side, s.token]));
    // The setup closed with every side's default builds, then turn 1 played with Red's orders.
    expect((await msc(['game', 'resolve', 'war-1', '--key', key])).code).toBe(0);
    const fleets = (await msc(['game', 'show', 'war-1', '--key', key, '--json'])).json<{
      position: { fleets: { id: string; side: string }[] };
    }>().position.fleets;
    const red = fleets.find((f) => f.side === 'red')!.id;
    const sent = await msc(['game', 'orders', 'war-1', '--token', tokens.red!], {
      stdin: ordersFor('war-1', 1, `RETREAT ${red} AFTER 2`),
    });
    expect(sent.code, sent.stderr).toBe(0);
    expect((await msc(['game', 'resolve', 'war-1', '--key', key])).code).toBe(0);
  });
  afterEach(() => database.drop());

  it('turn: the orders as campaign orders, the turn told as a campaign turn, the fleets after it', async () => {
    const r = await msc(['game', 'turn', 'war-1', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}\[red\] RETREAT \S+ AFTER 2$/m);
    expect(r.stdout).toMatch(/^ {2}Production: /m);
    expect(r.stdout).toMatch(/^FLEET +SIDE +HEX +SHIPS +BP$/m);
    expect(r.stdout).toMatch(/^SYSTEM +NAME +HOME OF +OWNER$/m);
    expect(r.stdout).not.toMatch(/SHIP \S+ SPEED|^SHIP +SIDE +HEX/m);
  });

  it("turns: each turn's battles, losses and captures; show: the fleets and systems", async () => {
    const turns = await msc(['game', 'turns', 'war-1']);
    expect(turns.code, turns.stderr).toBe(0);
    expect(turns.stdout).toMatch(/^TURN +RESOLVED +BATTLES +SHIPS LOST +CAPTURED$/m);
    expect(turns.stdout).not.toContain('SHOTS');
    const show = await msc(['game', 'show', 'war-1', '--key', key]);
    expect(show.stdout).toMatch(/^FLEET +SIDE +HEX +SHIPS +BP$/m);
    expect(show.stdout).toMatch(/^0101 +\S+ +red +red$/m);
  });
});
