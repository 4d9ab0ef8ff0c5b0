/**
 * A campaign through the JSON API, on PGlite and PostgreSQL: created with the
 * strategic kind's settings, set up by one side's BUILD lines and the other's
 * default build at the setup deadline, played turn by turn on the queue to a
 * strategic battle and the end, each side shown only what rules-strategic.md
 * §6 lets it see.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { seats, turns } from '../../src/db/schema.ts';
import { tokenOf } from '../../src/games/games/people.ts';
import { HOUR } from '../../src/games/clock.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { databaseKinds } from '../support/db.ts';
import { startTestApp, type TestApp } from '../web/support.ts';

const SIDES = [
  { id: 'red', name: 'Red League' },
  { id: 'blue', name: 'Blue Union' },
];

function campaignBody(id: string, settings: Record<string, unknown> = {}) {
  return {
    id,
    name: 'First campaign',
    ruleset: 'msc-strategic',
    settings: {
      sides: SIDES,
      // Homes at 0101 and 0707: a fleet of ENGINE 5 reaches the other in two turns, by 0404.
      map: { kind: 'generated', width: 7, height: 7, systems: 4, seed: 'api' },
      budget: 30,
      turnLimit: 4,
      turnHours: 24,
      setupHours: 48,
      ...settings,
    },
    seats: [
      { side: 'red', email: 'alice@pbem.test', name: 'Alice' },
      { side: 'blue', email: 'bob@pbem.test', name: 'Bob' },
    ],
  };
}

/** Red's setup: two fast 10-BP ships in one fleet, 10 BP left in its store. */
const RED_SETUP = (id: string) =>
  [`GAME ${id} TURN 0`, 'BUILD R1 E5 S2 H1 W F AS RF1', 'BUILD R2 E5 S2 H1 W F JOIN RF1', 'END'].join('\n');

describe.each(databaseKinds)('a campaign through the API on %s', (kind) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(() => app.close());

  async function create(id: string) {
    const created = await app.call('POST', '/api/games', { body: campaignBody(id) });
    expect(created.status, created.text).toBe(201);
    const tokens = Object.fromEntries(
      (created.body.seats as { side: string; token: string }[]).map((s) => [s.side, s.token]),
    ) as Record<'red' | 'blue', string>;
    return { tokens, key: created.body.moderatorKey as string, created: created.body };
  }

  const send = (id: string, token: string, text: string) =>
    app.call('POST', `/api/games/${id}/orders`, { raw: text, contentType: 'text/plain', token });

  it('creates a campaign whose battles are tactical games: the turn waits for them, each side sees them listed', async () => {
    const id = 'c-tactical';
    const created = await app.call('POST', '/api/games', { body: campaignBody(id, { battles: 'tactical' }) });
    expect(created.status, created.text).toBe(201);
    expect(created.body.game.kindSettings).toMatchObject({ battles: 'tactical', tacticalTurnLimit: 12 });
    expect(created.body.game.battles).toBeUndefined();
    const tokens = Object.fromEntries(
      (created.body.seats as { side: string; token: string }[]).map((s) => [s.side, s.token]),
    ) as Record<'red' | 'blue', string>;
    expect((await send(id, tokens.red, RED_SETUP(id))).status).toBe(200);
    app.ctx.clock.advanceBy(49 * HOUR);
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ turn: 0 });

    // Red goes for Blue's home, as in the game above; the battle there stops the turn.
    let waiting = 0;
    for (let turn = 1; turn <= 4 && waiting === 0; turn++) {
      const to = turn === 1 ? '0404' : '0707';
      expect(
        (await send(id, tokens.red, [`GAME ${id} TURN ${turn}`, `MOVE RF1 TO ${to}`, 'END'].join('\n'))).status,
      ).toBe(200);
      app.ctx.clock.advanceBy(25 * HOUR);
      expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: id, turn, gameOver: false });
      const view = await app.call('GET', `/api/games/${id}`, { token: tokens.red });
      if (view.body.game.turn.status === 'battles') waiting = turn;
      else expect(view.body.game.battles).toEqual([]);
    }
    expect(waiting).toBeGreaterThan(0);
    const red = await app.call('GET', `/api/games/${id}`, { token: tokens.red });
    expect(red.body.game.battles).toHaveLength(1);
    const [battle] = red.body.game.battles as { gameId: string; title: string; status: string; result: unknown }[];
    expect(battle).toMatchObject({ title: `Battle at 0707, campaign turn ${waiting}`, status: 'setup', result: null });
    expect((await app.call('GET', `/api/games/${id}`)).body.game.battles).toEqual(red.body.game.battles);
    // Orders wait for the next turn.
    const early = await send(id, tokens.red, [`GAME ${id} TURN ${waiting}`, 'END'].join('\n'));
    expect(early.body.error.code).toBe('TURN_CLOSED');

    // The linked game is as hidden as its campaign while the campaign runs: no one but its people reads it.
    expect((await app.call('GET', `/api/games/${battle!.gameId}`, { anonymous: true })).status).toBe(404);
    // It names its campaign, and what each side deploys.
    const linked = await app.call('GET', `/api/games/${battle!.gameId}`, {
      token: created.body.moderatorKey as string,
    });
    expect(linked.body.game).toMatchObject({
      ruleset: 'msc-tactical',
      status: 'setup',
      campaign: { id, turn: waiting, battle: 0 },
    });
    expect(Object.keys(linked.body.game.campaign.deployment.ships).sort()).toEqual(['blue', 'red']);
    const moderator = await app.call('GET', `/api/games/${battle!.gameId}`, {
      token: created.body.moderatorKey as string,
    });
    expect(moderator.body.role).toBe('moderator');

    // Both sides deploy through the API with their seats' tokens in the linked game (mailed with the battle).
    const deployment = linked.body.game.campaign.deployment as {
      defaultPlacement: Record<string, { id: string; hex: string; facing: string }[]>;
    };
    const linkedSeats = await app.ctx.db.select().from(seats).where(eq(seats.gameId, battle!.gameId));
    const linkedToken = (side: string) =>
      tokenOf(
        app.ctx,
        linkedSeats.find((s) => s.side === side)!,
      );
    for (const side of ['blue', 'red']) {
      const deployed = await app.call('POST', `/api/games/${battle!.gameId}/fleet`, {
        body: { ships: deployment.defaultPlacement[side] },
        token: linkedToken(side),
      });
      expect(deployed.status, deployed.text).toBe(200);
    }
    const asModerator = { token: created.body.moderatorKey as string };
    expect((await app.call('GET', `/api/games/${battle!.gameId}`, asModerator)).body.game.status).toBe('active');

    // Red concedes the battle: it ends, and with it the campaign turn, its ships retreating (§8).
    const conceded = await app.call('POST', `/api/games/${battle!.gameId}/concede`, { token: linkedToken('red') });
    expect(conceded.body).toEqual({ conceded: true, gameEnds: true });
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: battle!.gameId, gameOver: true });
    const next = await app.call('GET', `/api/games/${id}`, { token: tokens.red });
    expect(next.body.game.turn).toMatchObject({ number: waiting + 1, status: 'open' });
    expect(next.body.game.battles).toEqual([]);
    const ended = await app.call('GET', `/api/games/${battle!.gameId}`, asModerator);
    expect(ended.body.game).toMatchObject({ status: 'finished', winner: 'blue', campaign: { id } });
    const redFleet = (next.body.game.me.view.fleets as { id: string }[]).find((f) => f.id === 'RF1');
    // "Ships that disengage (leave the map or concede) retreat one hex toward home": from 0707 toward 0101.
    expect(redFleet).toMatchObject({ hex: { col: 6, row: 6 }, ships: [{ id: 'R1' }, { id: 'R2' }] });
  });

  it('refuses settings its kind does not take, and a scenario', async () => {
    const bad = await app.call('POST', '/api/games', { body: campaignBody('c-bad', { budget: 5, zones: {} }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_SETTINGS');
    const scenario = await app.call('POST', '/api/games', {
      body: { ...campaignBody('c-scn'), scenario: 'tutorial-duel' },
    });
    expect(scenario.status).toBe(400);
  });

  it('runs setup, a default build at the deadline, turns with a battle, and ends; each side sees its own view', async () => {
    const id = 'c-one';
    const { tokens, key, created } = await create(id);
    // A campaign is not made from a named scenario: it shows as one, not as a custom battle.
    expect(created.game).toMatchObject({
      ruleset: 'msc-strategic',
      scenario: 'campaign',
      status: 'setup',
      position: null,
    });
    expect(created.game.turn).toMatchObject({ number: 0, status: 'open' });

    // A setup with a problem is refused with its line; nothing is stored.
    const over = await send(id, tokens.red, [`GAME ${id} TURN 0`, 'BUILD R1 E9 S9 H2 W F AS RF1', 'END'].join('\n'));
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('SETUP_REJECTED');
    expect(over.body.error.problems[0].line).toBe(2);

    const accepted = await send(id, tokens.red, RED_SETUP(id));
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, turn: 0, stored: true, turnComplete: false });
    expect(accepted.body.canonical).toContain('BUILD R2 E5 S2 H1 W F JOIN RF1');
    const mine = await app.call('GET', `/api/games/${id}/orders`, { token: tokens.red });
    expect(mine.body.canonical).toContain('BUILD R1');

    // Blue sends nothing: at the setup deadline it gets the default build, exactly once, and turn 1 opens.
    app.ctx.clock.advanceBy(47 * HOUR);
    expect(await resolveNextDueTurn(app.ctx)).toBeNull();
    app.ctx.clock.advanceBy(2 * HOUR);
    const [a, b] = await Promise.all([resolveNextDueTurn(app.ctx), resolveNextDueTurn(app.ctx)]);
    expect([a, b].filter((r) => r !== null)).toEqual([{ gameId: id, turn: 0, gameOver: false }]);
    expect(await resolveNextDueTurn(app.ctx)).toBeNull();

    const red = await app.call('GET', `/api/games/${id}`, { token: tokens.red });
    expect(red.body.game).toMatchObject({ status: 'active', turn: { number: 1, status: 'open' }, position: null });
    expect(red.body.game.me.view.store).toBe(10);
    expect(red.body.game.me.view.fleets.map((f: { id: string }) => f.id)).toEqual(['RF1']);
    const blue = await app.call('GET', `/api/games/${id}`, { token: tokens.blue });
    expect(blue.body.game.me.view.fleets.flatMap((f: { ships: { id: string }[] }) => f.ships.map((s) => s.id))).toEqual(
      ['BLUE1', 'BLUE2'],
    );
    const moderator = await app.call('GET', `/api/games/${id}`, { token: key });
    expect(moderator.body.role).toBe('moderator');
    expect(JSON.stringify(moderator.body.game.position)).toContain('BLUE1');

    // Red goes for Blue's home (turns 1 and 2) and fights there; Blue's fleets stay (no orders).
    const move = await send(id, tokens.red, [`GAME ${id} TURN 1`, 'MOVE RF1 TO 0404', 'END'].join('\n'));
    expect(move.status, move.text).toBe(200);
    expect(move.body.canonical).toContain('MOVE RF1');
    const wrong = await send(id, tokens.red, [`GAME ${id} TURN 1`, 'MOVE BLUEF1 N', 'END'].join('\n'));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('ORDERS_REJECTED');

    await fogHolds(id, tokens, 1);
    let gameOver = false;
    let turnsPlayed = 0;
    for (let turn = 1; turn <= 4 && !gameOver; turn++) {
      app.ctx.clock.advanceBy(25 * HOUR);
      const resolved = await resolveNextDueTurn(app.ctx);
      expect(resolved).toMatchObject({ gameId: id, turn });
      gameOver = resolved!.gameOver;
      turnsPlayed = turn;
      if (gameOver) break;
      await fogHolds(id, tokens, turn + 1);
      if (turn === 1) {
        const on = await send(id, tokens.red, [`GAME ${id} TURN 2`, 'MOVE RF1 TO 0707', 'END'].join('\n'));
        expect(on.status, on.text).toBe(200);
      }
    }
    expect(gameOver).toBe(true);
    expect(turnsPlayed).toBeGreaterThanOrEqual(2);

    const events = (await app.ctx.db.select().from(turns).where(eq(turns.gameId, id))).flatMap(
      (t) => t.events as { type: string }[],
    );
    expect(events.some((e) => e.type === 'battle')).toBe(true);
    const final = await app.call('GET', `/api/games/${id}`);
    expect(final.body.game.status).toBe('finished');
    expect(final.body.game.result).not.toBeNull();
    // Once it is over, the whole history is open to all.
    expect((await app.call('GET', `/api/games/${id}/turns`)).status).toBe(200);
    expect((await app.call('GET', `/api/games/${id}/export`)).status).toBe(200);
  });

  /** Nothing in a seat's or the public's answers shows what §6 hides: enemy ship ids, enemy stores, orders, states. */
  async function fogHolds(id: string, tokens: Record<'red' | 'blue', string>, turn: number) {
    const [turnRow] = await app.ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, id), eq(turns.number, turn)));
    const state = turnRow!.stateBefore as {
      fleets: { side: string; ships: { id: string }[] }[];
      store: Record<string, number>;
    };
    const shipsOf = (side: string) =>
      state.fleets.filter((f) => f.side === side).flatMap((f) => f.ships.map((s) => s.id));
    for (const [side, enemy] of [
      ['red', 'blue'],
      ['blue', 'red'],
    ] as const) {
      const token = tokens[side];
      const answers = [
        await app.call('GET', `/api/games/${id}`, { token }),
        await app.call('GET', `/api/games/${id}/orders`, { token }),
        await app.call('GET', `/api/games/${id}/turns`, { token }),
        await app.call('GET', `/api/games/${id}/turns/1`, { token }),
        await app.call('GET', `/api/games/${id}/export`, { token }),
      ];
      expect(answers.slice(2).map((a) => a.status)).toEqual([403, 403, 403]);
      expect(answers[2]!.body.error.code).toBe('HIDDEN_WHILE_RUNNING');
      const text = answers.map((a) => a.text).join('\n');
      for (const ship of shipsOf(enemy)) expect(text).not.toMatch(new RegExp(`"${ship}"`));
      const view = answers[0]!.body.game.me.view;
      expect(view.side).toBe(side);
      expect(view.store).toBe(state.store[side]);
      expect(text).not.toContain('"store":{');
      // An enemy fleet's count shows only when sensors found it or it was fought last turn.
      for (const f of view.enemyFleets as { id: string; ships: number | null }[])
        if (f.ships !== null) expect(f.id in view.detected || turn > 1).toBe(true);
    }
    const anyone = [
      await app.call('GET', `/api/games/${id}`),
      await app.call('GET', `/api/games/${id}/turns`),
      await app.call('GET', `/api/games/${id}/export`),
    ];
    expect(anyone[0]!.body.game.position).toBeNull();
    expect(anyone.slice(1).map((a) => a.status)).toEqual([403, 403]);
    for (const ship of [...shipsOf('red'), ...shipsOf('blue')]) expect(anyone[0]!.text).not.toContain(`"${ship}"`);
  }
});
