/**
 * Open seats from the command line, through both ways it reaches the games (the database, as the operator; a running
 * server's API, with the moderator key): `msc game create --open-seat SIDE --join-approval`, then `msc game requests`,
 * `approve` and `refuse` for the players who asked for the side.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeSeat } from '../../src/games/seats/lobby.ts';
import { transports, type Transport } from './transports.ts';

describe.each(['direct', 'http'] as const)('open seats from msc through %s access', (access) => {
  let t: Transport;
  beforeEach(async () => {
    t = await transports[access]();
  });
  afterEach(() => t.close());

  it('creates a game with an open side, lists the requests for it, refuses one and approves another', async () => {
    const created = await t.msc([
      'game',
      'create',
      '--scenario',
      'tutorial-duel',
      '--id',
      'open-war',
      '--name',
      'Open war',
      '--seat',
      'black:ann@example.org:Ann',
      '--open-seat',
      'grey',
      '--join-approval',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('waiting in the lobby for a player to take grey');
    const key = /Moderator key: (\S+)/.exec(created.stdout)![1]!;
    const mod = (...args: string[]) => t.msc([...args, '--key', key]);

    expect((await mod('game', 'requests', 'open-war')).stdout).toContain('No player is asking');
    await takeSeat(t.ctx, 'open-war', 'bob@example.org', { name: 'Bob' });
    await takeSeat(t.ctx, 'open-war', 'cat@example.org', { name: 'Cat' });
    const listed = await mod('game', 'requests', 'open-war', '--json');
    const requests = listed.json<{ requests: Array<{ id: number; email: string }> }>().requests;
    expect(requests.map((r) => r.email)).toEqual(['bob@example.org', 'cat@example.org']);

    const refused = await mod('game', 'refuse', 'open-war', String(requests[0]!.id), '--reason', 'full');
    expect(refused.stdout).toContain("Bob's request for side grey of open-war is refused");
    const approved = await mod('game', 'approve', 'open-war', String(requests[1]!.id));
    expect(approved.stdout).toContain('Cat plays side grey of open-war');
    const again = await mod('game', 'approve', 'open-war', String(requests[1]!.id));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('was approved already');
    expect((await mod('game', 'approve', 'open-war', 'x')).code).not.toBe(0);
  });
});
