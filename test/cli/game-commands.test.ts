/**
 * `msc game …` in-process, through both ways it reaches the games: the use
 * cases on the database (the CLI as the trusted operator), and the real web
 * app's JSON API (as when a running server holds the embedded database).
 * Each command is written once; these tests check it answers the same way
 * through both.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR } from '../../src/games/clock.ts';
import { ordersFor } from './support.ts';
import { transports, type Transport } from './transports.ts';

const SEATS = ['--seat', 'black:ann@example.org:Ann:Europe/Paris', '--seat', 'grey:bob@example.org:Bob'];

describe.each(['direct', 'http'] as const)('msc game through %s access', (kind) => {
  let t: Transport;
  let key: string;
  let tokens: Record<string, string>;
  beforeEach(async () => {
    t = await transports[kind]();
    const created = await t.msc([
      'game',
      'create',
      '--scenario',
      'tutorial-duel',
      '--id',
      'duel-1',
      '--name',
      'First duel',
      ...SEATS,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const body = created.json<{
      gameId: string;
      moderatorKey: string;
      seats: Array<{ side: string; token: string }>;
    }>();
    key = body.moderatorKey;
    tokens = Object.fromEntries(body.seats.map((s) => [s.side, s.token]));
  });
  afterEach(() => t.close());

  const mod = (...args: string[]) => t.msc([...args, '--key', key]);

  it('create prints the game id, the moderator key and every seat token, and says they are shown once', async () => {
    const r = await t.msc([
      'game',
      'create',
      '--scenario',
      'tutorial-duel',
      '--id',
      'duel-2',
      '--name',
      'Second',
      ...SEATS,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Created game duel-2 "Second" (tutorial-duel): active, turn 1 open.');
    expect(r.stdout).toMatch(/Moderator key: [A-Za-z0-9_-]{32}/);
    expect(r.stdout).toMatch(/black\s+Ann <ann@example.org>\s+\S{20,}/);
    expect(r.stdout).toMatch(/grey\s+Bob <bob@example.org>\s+\S{20,}/);
    // The reminder is a note, not the answer: on standard error, so that standard output is only the secrets.
    expect(r.stdout).not.toContain('shown this once');
    expect(r.stderr).toContain('These secrets are shown this once: copy them now.');
    expect(r.stderr).toContain('msc game rotate-token duel-2 SIDE');
  });

  it('a rejected submission lists every problem with its line, exits 2 and stores nothing', async () => {
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], {
      stdin: ordersFor('duel-1', 1, 'SHIP Black SPEED 4 MOVE 2R'),
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^msc: your orders for turn 1 were not accepted/);
    expect(r.stderr).toContain('line 2, ship Black: SPEED 4 not allowed: ENGINE is 3');
    expect(r.stderr).toContain('(SPEED_NOT_ALLOWED)');
    const standing = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!, '--show', '--json']);
    expect(standing.json()).toMatchObject({ turn: 1, canonical: null });
  });

  it('--json on a rejection also prints the problems as JSON', async () => {
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!, '--json'], {
      stdin: 'SHIP Black SPEED 9 MOVE 3\n',
    });
    expect(r.code).toBe(2);
    expect(r.json()).toMatchObject({
      error: { code: 'ORDERS_REJECTED', problems: [{ line: 1, code: 'SPEED_NOT_ALLOWED', ship: 'Black' }] },
    });
  });

  it('accepted orders are echoed in canonical form with the deadline, and --show prints them back', async () => {
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], {
      stdin: 'ship black speed 3 move 2r\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Orders accepted for turn 1 of duel-1');
    expect(r.stdout).toContain('SHIP Black SPEED 3 MOVE 2R');
    expect(r.stdout).toContain('Deadline: 2026-01-08 12:00 UTC.');
    const shown = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!, '--show']);
    expect(shown.stdout).toContain('Orders in for turn 1');
    expect(shown.stdout).toContain('SHIP Black SPEED 3 MOVE 2R');
  });

  it('HOLD is accepted as the standing orders, and the answer says how it was read', async () => {
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.grey!], { stdin: 'HOLD\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Orders accepted for turn 1 of duel-1');
    expect(r.stdout).toContain('Read as: HOLD: no orders this turn — your ships keep their SPEED');
  });

  it('resolve runs the turn now; show, turns and turn tell what happened', async () => {
    await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], {
      stdin: ordersFor('duel-1', 1, 'SHIP Black SPEED 3 MOVE 2R'),
    });
    const r = await mod('game', 'resolve', 'duel-1', '--reason', 'grey is away');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Turn 1 of duel-1 is resolved; turn 2 is open.');

    const show = await mod('game', 'show', 'duel-1', '--json');
    expect(show.json()).toMatchObject({ id: 'duel-1', status: 'active', turn: { number: 2, status: 'open' } });
    const turns = await t.msc(['game', 'turns', 'duel-1', '--json']);
    expect(turns.json<unknown[]>()).toHaveLength(1);
    const turn = await t.msc(['game', 'turn', 'duel-1', '1']);
    expect(turn.stdout).toContain('SHIP Black SPEED 3 MOVE 2R');
    expect(turn.stdout).toContain('(standing)'); // Grey sent nothing: the standing order flew it
    expect(turn.stdout).toMatch(/Initiative: /);
  });

  it('show is the moderator view: addresses, orders in and the audit log', async () => {
    await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], { stdin: 'SHIP Black SPEED 3 MOVE 2R' });
    const r = await mod('game', 'show', 'duel-1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/black\s+Ann\s+ann@example.org\s+Europe\/Paris\s+yes\s+yes\s+yes/);
    expect(r.stdout).toContain('[black]');
    expect(r.stdout).toContain('Audit log');
    expect(r.stdout).toMatch(/Dice: SHA-256 of the seed [0-9a-f]{64}\.\n/); // the seed itself only once the game is over
  });

  it('rollback reopens the last resolved turn', async () => {
    await mod('game', 'resolve', 'duel-1');
    const r = await mod('game', 'rollback', 'duel-1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Turn 1 of duel-1 is open again');
    expect((await mod('game', 'show', 'duel-1', '--json')).json()).toMatchObject({
      turn: { number: 1, status: 'open' },
    });
  });

  it('pause, resume, and the deadline set, extended and removed', async () => {
    expect((await mod('game', 'pause', 'duel-1', '--reason', 'holidays')).stdout).toContain('Game duel-1 is paused.');
    expect((await mod('game', 'resume', 'duel-1')).stdout).toContain('Game duel-1 is active again');
    const extended = await mod('game', 'deadline', 'duel-1', '--extend', '5', '--json');
    expect(extended.json()).toEqual({
      deadline: new Date(Date.parse('2026-01-08T12:00:00Z') + 5 * HOUR).toISOString(),
    });
    const at = await mod('game', 'deadline', 'duel-1', '--at', '2026-02-01T18:00Z');
    expect(at.stdout).toContain('The deadline of duel-1 is now 2026-02-01 18:00 UTC.');
    expect((await mod('game', 'deadline', 'duel-1', '--none', '--json')).json()).toEqual({ deadline: null });
    const past = await mod('game', 'deadline', 'duel-1', '--at', '2025-01-01T00:00Z');
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('the new deadline is in the past');
  });

  it('SET ABSENCE and MESSAGE ALL in an order text; absences lists them, refuse-absence puts the deadline back', async () => {
    const sent = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], {
      stdin: 'SET ABSENCE 2026-01-08 TO 2026-01-09\nMESSAGE ALL\nAway two days.\nEND\n',
    });
    expect(sent.code, sent.stderr).toBe(0);
    // Ann plays from Paris: the end of 2026-01-09 there, 23:00 UTC.
    expect(sent.stdout).toContain('Deadline: 2026-01-09 23:00 UTC.');
    expect(sent.stdout).toContain('Your MESSAGE ALL is passed on to side grey.');
    const listed = await mod('game', 'absences', 'duel-1', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const [absence] = listed.json<{ id: number; side: string; first: string; status: string }[]>();
    expect(absence).toMatchObject({ side: 'black', first: '2026-01-08', status: 'active', movedTurn: 1 });
    expect((await mod('game', 'absences', 'duel-1')).stdout).toContain('black  2026-01-08 to 2026-01-09  active');
    const refused = await mod('game', 'refuse-absence', 'duel-1', String(absence!.id), '--reason', 'no breaks');
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stdout).toContain('is refused; every player is told');
    const shown = await mod('game', 'show', 'duel-1', '--json');
    expect(JSON.stringify(shown.json())).toContain('2026-01-08T12:00:00.000Z');
    const again = await mod('game', 'refuse-absence', 'duel-1', String(absence!.id));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('refused already');
  });

  it('replace gives the seat a new token; the old one no longer opens it', async () => {
    const r = await mod(
      'game',
      'replace',
      'duel-1',
      'grey',
      '--email',
      'cy@example.org',
      '--name',
      'Cy',
      '--tz',
      'Asia/Tokyo',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const replaced = r.json<{ token: string; email: string; timeZone: string }>();
    expect(replaced).toMatchObject({ side: 'grey', email: 'cy@example.org', name: 'Cy', timeZone: 'Asia/Tokyo' });
    const old = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.grey!, '--show']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('that token does not open a seat of game duel-1');
    expect((await t.msc(['game', 'orders', 'duel-1', '--token', replaced.token, '--show'])).code).toBe(0);
  });

  it('rotate-token prints a new token that works', async () => {
    const r = await mod('game', 'rotate-token', 'duel-1', 'black', '--json');
    const { token } = r.json<{ token: string }>();
    expect(token).not.toBe(tokens.black);
    expect((await t.msc(['game', 'orders', 'duel-1', '--token', token, '--show'])).code).toBe(0);
  });

  it('a concession ends the game once the turn resolves', async () => {
    const r = await mod('game', 'concede', 'duel-1', 'grey');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Side grey of duel-1 has conceded.');
    // Without a worker (the test app runs none), the moderator resolves the due turn.
    if (kind === 'http') await mod('game', 'resolve', 'duel-1');
    expect((await mod('game', 'show', 'duel-1', '--json')).json()).toMatchObject({
      status: 'finished',
      winner: 'black',
    });
  });

  it('end --abandon stops the game with no result', async () => {
    const r = await mod('game', 'end', 'duel-1', '--abandon', '--reason', 'nobody plays');
    expect(r.stdout).toContain('Game duel-1 is abandoned.');
    expect(
      (await t.msc(['game', 'list', '--json']))
        .json<Array<{ id: string; status: string }>>()
        .find((g) => g.id === 'duel-1')?.status,
    ).toBe('abandoned');
  });

  it('list prints a table of the games', async () => {
    const r = await t.msc(['game', 'list']);
    expect(r.stdout).toMatch(/^ID\s+NAME\s+SCENARIO\s+STATUS\s+TURN/);
    expect(r.stdout).toMatch(/duel-1\s+First duel\s+tutorial-duel\s+active\s+1/);
  });

  it('with --json, standard output is one JSON document and nothing else; nothing goes to standard error', async () => {
    await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], {
      stdin: ordersFor('duel-1', 1, 'SHIP Black SPEED 3 MOVE 2R'),
    });
    const runs = [
      await t.msc(['game', 'list', '--json']),
      await mod('game', 'show', 'duel-1', '--json'),
      await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!, '--show', '--json']),
      await t.msc(['game', 'turns', 'duel-1', '--json']),
      await t.msc(['game', 'turn', 'duel-1', '1', '--json']),
      await mod('game', 'pause', 'duel-1', '--json'),
      await mod('game', 'resume', 'duel-1', '--json'),
    ];
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(() => r.json(), r.stdout).not.toThrow();
      expect(r.stderr).toBe('');
    }
  });

  it('text answers on standard output, and the notes on standard error', async () => {
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', tokens.black!], {
      stdin: ordersFor('duel-1', 1, 'SHIP Black SPEED 3 MOVE 2R\nSTATUS'),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Orders accepted for turn 1 of duel-1');
    expect(r.stdout).not.toContain('Answered by mail only');
    expect(r.stderr).toContain('Answered by mail only: STATUS');
  });

  it('an unknown game: exit code 2 and a message naming it', async () => {
    const r = await t.msc(['game', 'turns', 'no-such-game']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('msc: there is no game no-such-game\n');
  });

  it('a wrong moderator key is refused (the operator needs none on the database itself)', async () => {
    const r = await t.msc(['game', 'pause', 'duel-1', '--key', 'not-the-key']);
    if (kind === 'direct') expect(r.code).toBe(0);
    else {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('that is not the moderator key of game duel-1');
    }
  });
});

describe('msc game on the database itself', () => {
  let t: Transport;
  beforeEach(async () => {
    t = await transports.direct();
  });
  afterEach(() => t.close());

  it('when the last side is in, the command resolves the turn itself (no worker runs here)', async () => {
    const created = (
      await t.msc([
        'game',
        'create',
        '--scenario',
        'tutorial-duel',
        '--id',
        'duel-1',
        '--name',
        'D',
        ...SEATS,
        '--json',
      ])
    ).json<{ seats: Array<{ side: string; token: string }> }>();
    const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
    await t.msc(['game', 'orders', 'duel-1', '--token', token('black')], { stdin: 'SHIP Black SPEED 3 MOVE 2R' });
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', token('grey')], {
      stdin: 'SHIP Grey SPEED 3 MOVE 1R1',
    });
    expect(r.stdout).toContain('Every side is in: turn 1 is resolved; turn 2 is open.');
    expect((await t.msc(['game', 'show', 'duel-1', '--json'])).json()).toMatchObject({ turn: { number: 2 } });
  });

  it('CONCEDE <game id> in an order text concedes, as it does by mail and through the API; CONCEDE alone does not', async () => {
    const created = (
      await t.msc([
        'game',
        'create',
        '--scenario',
        'tutorial-duel',
        '--id',
        'duel-1',
        '--name',
        'D',
        ...SEATS,
        '--json',
      ])
    ).json<{ seats: Array<{ side: string; token: string }> }>();
    const asked = await t.msc(['game', 'orders', 'duel-1', '--token', created.seats[1]!.token], {
      stdin: 'CONCEDE\n',
    });
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).not.toContain('Your side has conceded');
    expect(asked.stderr).toContain('to concede, send CONCEDE duel-1');
    const r = await t.msc(['game', 'orders', 'duel-1', '--token', created.seats[1]!.token], {
      stdin: 'CONCEDE duel-1\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Your side has conceded');
    expect(r.stdout).toContain('turn 1 is resolved and the game is over');
  });

  it('the setup phase: fleets are checked, and turn 1 opens when both are in', async () => {
    const created = await t.msc([
      'game',
      'create',
      '--scenario',
      'skirmish-3v3',
      '--id',
      'sk-1',
      '--name',
      'Skirmish',
      '--seat',
      'red:r@example.org:Red',
      '--seat',
      'blue:b@example.org:Blue',
      '--json',
    ]);
    expect(created.json()).toMatchObject({ status: 'setup', turn: 0 });
    const tokens = Object.fromEntries(
      created.json<{ seats: Array<{ side: string; token: string }> }>().seats.map((s) => [s.side, s.token]),
    );
    const ship = (id: string, hex: string) => ({
      id,
      engine: 3,
      shields: 4,
      toHit: 4,
      weapons: 'F FR',
      hex,
      facing: 'N',
    });
    const fleet = (prefix: string, col: string) =>
      JSON.stringify({ ships: [1, 2, 3].map((i) => ship(`${prefix}${i}`, `${col}0${i * 2}`)) });

    const outside = await t.msc(['game', 'fleet', 'sk-1', '--token', tokens.red!], { stdin: fleet('R', '08') });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('outside your deployment zone');

    const red = await t.msc(['game', 'fleet', 'sk-1', '--token', tokens.red!], { stdin: fleet('R', '02') });
    expect(red.stdout).toContain("Waiting for the other sides' fleets.");
    const blue = await t.msc(['game', 'fleet', 'sk-1', '--token', tokens.blue!], { stdin: fleet('B', '15') });
    expect(blue.stdout).toContain('Every side is ready: turn 1 is open.');
  });

  it('bad command lines are refused before anything changes: exit code 2 and what to write', async () => {
    const noSeat = await t.msc(['game', 'create', '--scenario', 'tutorial-duel', '--name', 'D']);
    expect(noSeat).toMatchObject({ code: 2 });
    expect(noSeat.stderr).toContain('--seat side:email:name');
    const badSeat = await t.msc([
      'game',
      'create',
      '--scenario',
      'tutorial-duel',
      '--name',
      'D',
      '--seat',
      'black:ann',
    ]);
    expect(badSeat.stderr).toContain('write side:email:name or side:email:name:timezone');
    const badScenario = await t.msc(['game', 'create', '--scenario', 'chess', '--name', 'D']);
    expect(badScenario.code).toBe(2);
    expect(badScenario.stderr).toMatch(/^msc: option '--scenario <scenario>' argument 'chess' is invalid/);
    const noId = await t.msc(['game', 'show']);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toMatch(/^msc: missing required argument 'id'/);
    const missingSide = await t.msc([
      'game',
      'create',
      '--scenario',
      'tutorial-duel',
      '--name',
      'D',
      '--seat',
      'black:a@example.org:A',
    ]);
    expect(missingSide.code).toBe(2);
    expect(missingSide.stderr).toContain('side grey needs exactly one seat (has 0) (SEAT_MISSING)');
    const noToken = await t.msc(['game', 'orders', 'duel-1']);
    expect(noToken.stderr).toBe("msc: give the seat's token: --token TOKEN (or set MSC_TOKEN)\n");
    const twoDeadlines = await t.msc(['game', 'deadline', 'duel-1', '--none', '--extend', '3']);
    expect(twoDeadlines.stderr).toContain('exactly one of --at TIME, --extend HOURS or --none');
    const badTurn = await t.msc(['game', 'turn', 'duel-1', 'first']);
    expect(badTurn.stderr).toContain('expected a turn number');
    const noFile = await t.msc(['game', 'orders', 'duel-1', '--token', 'x', '--file', '/no/such/orders.txt']);
    expect(noFile.stderr).toBe('msc: cannot read /no/such/orders.txt: no such file\n');
    const badTz = await t.msc([
      'game',
      'replace',
      'duel-1',
      'grey',
      '--email',
      'c@example.org',
      '--name',
      'C',
      '--tz',
      'Mars/Base',
    ]);
    expect(badTz.stderr).toContain('not a time zone');
  });
});
