/** rules-tactical.md §10 and docs/adjudicator.md: the adjudicator's contract. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicate, checkOrders } from '../../src/adjudicator/adjudicate.ts';

const duel = () => JSON.parse(readFileSync(new URL('../../examples/tutorial-duel.json', import.meta.url), 'utf8'));
const run = (doc: unknown) => adjudicate(JSON.stringify(doc));
const errorsOf = (doc: unknown) =>
  (run(doc).stdout as { errors: Array<{ code: string; ship?: string; message: string }> }).errors;

describe('§10 the adjudicator', () => {
  it('resolves the tutorial duel with the documented output fields', () => {
    const out = run(duel());
    expect(out.exitCode).toBe(0);
    const r = out.stdout as Record<string, unknown>;
    expect(Object.keys(r)).toEqual(expect.arrayContaining(['ships', 'initiative', 'events', 'winner', 'diceUsed']));
    expect(r.initiative).toEqual(['black', 'grey']);
    expect(r.diceUsed).toBe(6);
    expect(r.winner).toBeNull();
    expect(r.ships).toEqual([
      expect.objectContaining({
        id: 'Black',
        hex: '0406',
        facing: 'NE',
        speed: 3,
        engine: 2,
        shields: 3,
        status: 'active',
      }),
      expect.objectContaining({
        id: 'Grey',
        hex: '0706',
        facing: 'SW',
        speed: 3,
        engine: 4,
        shields: 3,
        status: 'active',
      }),
    ]);
    expect(r.events).toContainEqual({ type: 'initiative', rolls: { black: [5], grey: [2] }, order: ['black', 'grey'] });
    expect(r.events).toContainEqual({
      type: 'damage',
      target: 'Black',
      roll: 5,
      effect: 'engine',
      shields: 3,
      engine: 2,
    });
  });

  it('"diceUsed is the number of dice consumed"; a seeded turn also returns the dice state to continue from', () => {
    const doc = { ...duel(), seed: 'abc' };
    delete doc.dice;
    const a = run(doc);
    const b = run(doc);
    expect(a).toEqual(b);
    expect(a.exitCode).toBe(0);
    expect((a.stdout as { diceState: string }).diceState).toMatch(/^[0-9a-f]{32}$/);
  });

  it('"Ship ids are 1–12 letters or digits."', () => {
    const doc = duel();
    doc.ships[0].id = 'Black-1';
    expect(errorsOf(doc)[0]).toMatchObject({ code: 'INVALID_POSITION' });
    doc.ships[0].id = 'ABCDEFGHIJKLM';
    expect(errorsOf(doc)[0]?.message).toContain('1 to 12 letters or digits');
  });

  it('"Exit codes: … 2 invalid input or invalid orders (every error listed …, nothing resolved)"', () => {
    const doc = duel();
    doc.orders.Black = { speed: 5, move: '2R' };
    doc.orders.Grey = { speed: 3, move: '1R1', fire: ['Grey', 'Nobody'] };
    doc.orders.Ghost = { speed: 1, move: '1' };
    const out = run(doc);
    expect(out.exitCode).toBe(2);
    expect(errorsOf(doc).map((e) => [e.ship, e.code])).toEqual([
      ['Black', 'SPEED_NOT_ALLOWED'],
      ['Grey', 'FIRE_FRIENDLY'],
      ['Grey', 'FIRE_UNKNOWN_SHIP'],
      ['Ghost', 'UNKNOWN_SHIP'],
    ]);
  });

  it('"Invalid orders include: an order for a ship not … in play; a fire entry that is not an enemy ship in play; an illegal SPEED or plot"', () => {
    const doc = duel();
    doc.ships.push({
      id: 'Wreck',
      side: 'grey',
      hex: '0101',
      facing: 'N',
      speed: 0,
      engine: 0,
      shields: 0,
      toHit: 0,
      weapons: [],
      status: 'destroyed',
    });
    doc.orders.Wreck = { speed: 0 };
    doc.orders.Black = { speed: 3, move: 'RR1', fire: ['Wreck'] };
    expect(errorsOf(doc).map((e) => [e.ship, e.code])).toEqual([
      ['Black', 'PLOT_ADJACENT_TURNS'],
      ['Black', 'FIRE_NOT_IN_PLAY'],
      ['Wreck', 'SHIP_NOT_IN_PLAY'],
    ]);
    doc.orders.Black = { speed: 3, move: '2R', fire: ['Wreck'] };
    expect(errorsOf(doc).map((e) => e.code)).toEqual(['FIRE_NOT_IN_PLAY', 'SHIP_NOT_IN_PLAY']);
  });

  it('"3 a scripted dice list ran out (a message on standard error, no result)"', () => {
    const doc = { ...duel(), dice: [5, 2, 3] };
    const out = adjudicate(JSON.stringify(doc));
    expect(out.exitCode).toBe(3);
    expect(out.stdout).toBeUndefined();
    expect(out.stderr).toMatch(/ran out/);
  });

  it('"Malformed JSON: exit code 2 with a clear message, never a stack trace"', () => {
    for (const text of ['{', '', 'null', '[]', '{"map": 3}', '\u0000\u0001binary']) {
      const out = adjudicate(text);
      expect(out.exitCode).toBe(2);
      const errors = (out.stdout as { errors: Array<{ code: string; message: string }> }).errors;
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e.message).not.toMatch(/\n\s+at /);
    }
    expect((adjudicate('{').stdout as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('MALFORMED_JSON');
  });

  it('refuses a position that cannot be, naming the field', () => {
    const doc = duel();
    doc.ships[1].hex = '2020';
    doc.ships[1].side = 'white';
    const codes = errorsOf(doc);
    expect(codes.map((e) => e.message)).toEqual([
      expect.stringContaining('side "white" is not one of the sides'),
      expect.stringContaining('off the 12×10 map'),
    ]);
    expect(errorsOf({ ...duel(), dice: undefined }).map((e) => e.code)).toEqual(['NO_DICE']);
    expect(errorsOf({ ...duel(), seed: 'x' }).map((e) => e.code)).toEqual(['INVALID_POSITION']);
  });

  it('"Plots: … 0 or an empty plot only at SPEED 0."', () => {
    const doc = duel();
    doc.orders.Black = { speed: 0 };
    doc.orders.Grey = { speed: 0, move: '0' };
    expect(run({ ...doc, dice: undefined, seed: 'quiet' }).exitCode).toBe(0);
    doc.orders.Black = { speed: 1, move: '0' };
    expect(errorsOf(doc).map((e) => e.code)).toEqual(['PLOT_COST']);
  });

  it('"A disengaged ship keeps, in the output, the last hex it held on the map and its facing there."', () => {
    const doc = duel();
    doc.ships[0].hex = '0402';
    doc.orders.Black = { speed: 3, move: '2R' };
    const out = run({ ...doc, dice: [] });
    expect(out.exitCode).toBe(0);
    const ships = (out.stdout as { ships: Array<{ id: string; hex: string; facing: string; status: string }> }).ships;
    expect(ships[0]).toMatchObject({ id: 'Black', hex: '0401', facing: 'N', status: 'disengaged' });
  });

  it('"An optional turnLimit in the position applies section 7\'s turn limit (scored by each ship\'s design, or its current values if it has none)."', () => {
    const doc = { ...duel(), turnLimit: 1 };
    const r = run(doc).stdout as { winner: string; events: Array<{ type: string; scores?: Record<string, number> }> };
    // Black: 3+3+3+6 = 15; Grey: 4+4+5+2 = 15 — equal: a draw.
    expect(r.events.at(-1)).toMatchObject({ type: 'game-over', reason: 'turn-limit', scores: { black: 15, grey: 15 } });
    expect(r.winner).toBe('draw');
  });

  it('msc check lists the orders as understood, or every error', () => {
    const ok = checkOrders(JSON.stringify(duel()));
    expect(ok).toEqual({
      exitCode: 0,
      stdout: {
        ok: true,
        orders: {
          Black: { speed: 3, move: '2R', fire: [], hold: false },
          Grey: { speed: 3, move: '1R1', fire: [], hold: false },
        },
      },
    });
    const doc = duel();
    doc.orders.Grey.move = '1R1R';
    expect(checkOrders(JSON.stringify(doc))).toMatchObject({
      exitCode: 2,
      stdout: { errors: [{ code: 'PLOT_COST', ship: 'Grey' }] },
    });
  });
});

describe('keys of orders are ship ids', () => {
  it('"__proto__" as a ship of the orders is an error, not orders silently dropped', () => {
    const doc = duel();
    doc.orders = { P: doc.orders.Black, Grey: doc.orders.Grey };
    const text = JSON.stringify(doc).replace('"P":', '"__proto__":');
    for (const r of [adjudicate(text), checkOrders(text)]) {
      expect(r.exitCode).toBe(2);
      expect((r.stdout as { errors: unknown[] }).errors).toContainEqual(
        expect.objectContaining({ ship: '__proto__', code: 'UNKNOWN_SHIP' }),
      );
    }
  });
});
