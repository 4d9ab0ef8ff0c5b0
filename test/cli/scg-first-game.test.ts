/**
 * The README's "A first Simple Combat Game", command by command: created from its scenario alone (the kind follows
 * from it), each side's orders from standard input, the turn printed, the game shown to its moderator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';
import { mscWith } from './support.ts';

describe('a first Simple Combat Game on the command line', () => {
  let database: TestDatabase;
  let msc: ReturnType<typeof mscWith>;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const ctx = gamesContext(database);
    msc = mscWith(async () => new DirectGamesClient(ctx, 'the test database'));
  });
  afterAll(() => database.drop());

  it('create, orders by both sides, the turn told, the game shown', async () => {
    const help = await msc(['game', 'create', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('scg: scg-tank-battle, scg-combined-arms');

    const created = await msc([
      'game',
      'create',
      '--scenario',
      'scg-tank-battle',
      '--id',
      'tanks',
      '--name',
      'Tank Battle',
      '--seat',
      'west:ann@example.org:Ann:Europe/Paris',
      '--seat',
      'east:bob@example.org:Bob',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const body = created.json<{ moderatorKey: string; seats: { side: string; token: string }[] }>();
    const token = (side: string) => body.seats.find((s) => s.side === side)!.token;

    const ann = await msc(['game', 'orders', 'tanks', '--token', token('west')], {
      stdin: 'MOVE WL1 TOWARD NEAREST\n',
    });
    expect(ann.code, ann.stderr).toBe(0);
    expect(ann.stdout).toContain('MOVE WL1 TOWARD NEAREST WITHIN 1');
    const refused = await msc(['game', 'orders', 'tanks', '--token', token('east')], { stdin: 'MOVE EM TO 1208\n' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('TO_IMPASSABLE');
    const bob = await msc(['game', 'orders', 'tanks', '--token', token('east')], { stdin: 'MOVE EL2 NW NW\n' });
    expect(bob.code, bob.stderr).toBe(0);

    const turn = await msc(['game', 'turn', 'tanks', '1']);
    expect(turn.code, turn.stderr).toBe(0);
    expect(turn.stdout).toMatch(/Initiative: (west|east) \d/);
    expect(turn.stdout).toMatch(/\[west\] MOVE WL1 TOWARD NEAREST WITHIN 1\n.*\[east\] MOVE EL2 NW NW/);
    expect(turn.stdout).toContain('[west] MOVE WL1 TOWARD NEAREST WITHIN 1');
    const show = await msc(['game', 'show', 'tanks', '--key', body.moderatorKey]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^UNIT +SIDE +TYPE +HEX +DAMAGE +STATUS$/m);
    expect(show.stdout).toMatch(/turn 2/i);
  });
});
