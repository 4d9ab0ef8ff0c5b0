/**
 * The README's "A first Simple Combat Game", command by command: created from its scenario alone (the kind follows
 * from it), each side's orders from standard input, the turn printed, the game shown to its moderator; and a game
 * from each side's force list within a points budget, the README's forces.json, accepted, and refused over it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  it("forces: the README's force lists within 61 points are placed by the kind; 4 Medium Tanks are over", async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const json = /cat > forces\.json <<'JSON'\n([\s\S]*?)\nJSON/.exec(readme)?.[1];
    expect(json, 'the README writes forces.json').toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'scg-forces-'));
    try {
      const file = join(dir, 'forces.json');
      writeFileSync(file, json!);
      const create = (id: string) =>
        msc([
          'game',
          'create',
          '--ruleset',
          'scg',
          '--scenario',
          'forces',
          '--settings',
          file,
          '--id',
          id,
          '--name',
          'Own forces',
          '--seat',
          'west:ann@example.org:Ann',
          '--seat',
          'east:bob@example.org:Bob',
        ]);
      const created = await create('own');
      expect(created.code, created.stderr).toBe(0);
      const key = /Moderator key: (\S+)/.exec(created.stdout)?.[1] ?? '';
      const show = await msc(['game', 'show', 'own', '--key', key]);
      expect(show.stdout).toMatch(/^WM1 +west +medium-tank +0106 /m);
      expect(show.stdout).toMatch(/^EH +east +dual-heavy-tank +1605 /m);

      writeFileSync(file, json!.replace('"medium-tank": 3', '"medium-tank": 4'));
      const over = await create('own2');
      expect(over.code).not.toBe(0);
      expect(over.stderr).toContain(
        "forces.west: west's force costs 72 points, over the budget of 61: take units out or raise the budget (OVER_BUDGET)",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
