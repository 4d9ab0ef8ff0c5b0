/**
 * Properties of the orders language over random input (fast-check):
 * - hostile input ("any string … must return coded errors, never throw, and
 *   stay fast") — random strings and random mutations of valid orders;
 * - canonical printing round-trips: parse(format(orders)) deep-equals orders;
 * - the report's order block parses back for its seat.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSubmission } from '../../src/orders/parse.ts';
import { formatOrders, orderBlock } from '../../src/orders/format.ts';
import { SHIP_CLAUSES, type OrdersContext, type ParseOutcome } from '../../src/orders/ship-types.ts';
import { checkOrderSet, inPlay } from '../../src/rules/legality.ts';
import { speedRange } from '../../src/rules/plot.ts';
import { DIRECTIONS, type Plot, type PlotStep, type Position, type ShipOrders } from '../../src/rules/types.ts';
import { lineCount, makePosition, makeShip, redSeat, seat } from './fixtures.ts';

// ---- generators ----

const SIDES = ['red', 'blue', 'green'];
const shipId = fc
  .stringMatching(/^[A-Za-z0-9]{1,12}$/)
  .filter((id) => !(SHIP_CLAUSES as readonly string[]).includes(id.toUpperCase()));

const positionArb: fc.Arbitrary<Position> = fc
  .tuple(
    fc.integer({ min: 2, max: 3 }),
    fc.uniqueArray(shipId, { minLength: 2, maxLength: 8, selector: (id) => id.toUpperCase() }),
    fc.integer({ min: 1, max: 60 }),
  )
  .chain(([sideCount, ids, turn]) =>
    fc
      .tuple(
        ...ids.map((id, i) =>
          fc
            .record({
              side: i < sideCount ? fc.constant(SIDES[i]!) : fc.constantFrom(...SIDES.slice(0, sideCount)),
              speed: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
              engine: fc.integer({ min: 0, max: 5 }),
              facing: fc.constantFrom(...DIRECTIONS),
              status: fc.constantFrom('active', 'active', 'active', 'destroyed', 'disengaged'),
            })
            .map((spec) => makeShip(id, { ...spec, col: 1 + i, row: 1 + i })),
        ),
      )
      .map((ships) => makePosition(ships, { sides: SIDES.slice(0, sideCount), turn })),
  );

/**
 * A canonical plot costing exactly `speed`: forward runs and turns alternate, so no two turns and no two runs touch.
 */
function plotArb(speed: number): fc.Arbitrary<Plot> {
  if (speed === 0) return fc.constant([]);
  return fc
    .tuple(
      fc.boolean(),
      fc.array(fc.integer({ min: 1, max: speed }), { minLength: speed, maxLength: speed }),
      fc.array(fc.constantFrom('L' as const, 'R' as const), { minLength: speed, maxLength: speed }),
    )
    .map(([turnFirst, runs, turns]) => {
      const steps: PlotStep[] = [];
      let left = speed;
      let turn = turnFirst;
      for (let k = 0; left > 0; k++, turn = !turn) {
        if (turn) {
          steps.push({ kind: 'turn', turn: turns[k]! });
          left -= 1;
        } else {
          const hexes = Math.min(runs[k]!, left);
          steps.push({ kind: 'forward', hexes });
          left -= hexes;
        }
      }
      return steps;
    });
}

/** A seat of a random position, with random legal orders for some of its ships in play. */
const seatWithOrders: fc.Arbitrary<{ ctx: OrdersContext; orders: Map<string, ShipOrders> }> = positionArb
  .chain((position) => fc.record({ position: fc.constant(position), side: fc.constantFrom(...position.sides) }))
  .chain(({ position, side }) => {
    const own = position.ships.filter((s) => s.side === side && inPlay(s));
    const enemies = position.ships.filter((s) => s.side !== side && inPlay(s)).map((s) => s.id);
    const perShip = own.map((ship) => {
      const r = speedRange(ship);
      return fc.option(
        fc.integer({ min: r.min, max: r.max }).chain((speed) =>
          fc.record({
            speed: fc.constant(speed),
            plot: plotArb(speed),
            fire: fc.shuffledSubarray(enemies),
            hold: fc.boolean(),
          }),
        ),
        { nil: undefined },
      );
    });
    return fc.tuple(...perShip).map((chosen) => {
      const orders = new Map<string, ShipOrders>();
      chosen.forEach((o, i) => {
        if (o) orders.set(own[i]!.id, o);
      });
      return { ctx: { gameId: 'game-1', turn: position.turn, side, position }, orders };
    });
  });

// ---- what every outcome must look like ----

function expectWellFormed(outcome: ParseOutcome, text: string, ctx: OrdersContext): void {
  const lines = lineCount(text);
  const understood = outcome.ok ? outcome.value.lines : outcome.partial.lines;
  for (const l of understood) expect(l.line >= 1 && l.line <= lines).toBe(true);
  if (outcome.ok) {
    // Whatever was accepted is legal by the rules and is the seat's own.
    expect(checkOrderSet(ctx.position, outcome.value.orders)).toEqual([]);
    for (const id of outcome.value.orders.keys())
      expect(ctx.position.ships.find((s) => s.id === id)?.side).toBe(ctx.side);
    return;
  }
  expect(outcome.errors.length).toBeGreaterThan(0);
  for (const e of outcome.errors) {
    expect(e.code).toMatch(/^[A-Z][A-Z_]*$/);
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.message.length).toBeLessThan(600);
    if (e.line !== null) expect(Number.isInteger(e.line) && e.line >= 1 && e.line <= lines).toBe(true);
  }
}

// ---- properties ----

describe('hostile input never throws and gets coded errors with lines inside the text', () => {
  it('random strings of any characters', () => {
    const ctx = redSeat();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        expectWellFormed(parseSubmission(text, ctx), text, ctx);
      }),
      { numRuns: 500 },
    );
  });

  it("random lines made of the language's own words", () => {
    const ctx = redSeat();
    const word = fc.constantFrom(
      'SHIP',
      'speed',
      'MOVE',
      'FIRE',
      'HOLD',
      'GAME',
      'TURN',
      'END',
      'MESSAGE',
      'PASSWORD',
      'HELP',
      '3',
      '5',
      'A1',
      '7',
      '9',
      '12',
      '13',
      '8',
      '0',
      '1',
      '2',
      '2L1',
      'LR',
      'L0R',
      'orion-7',
      '4',
      'blue',
      'red',
      ',',
      '#',
      '>',
      '--',
      '99999999999999999999',
      '-1',
    );
    const line = fc.array(word, { maxLength: 9 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        expectWellFormed(parseSubmission(text, ctx), text, ctx);
      }),
      { numRuns: 1000 },
    );
  });

  it('random mutations of valid order text', () => {
    const insertion = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(
        '\n',
        '\r\n',
        '\r',
        '> ',
        '>>',
        '-- \n',
        '\n--\n',
        ' # ',
        ',',
        '\u00a0',
        '\uFEFF',
        '\u0000',
        '\t',
        'END\n',
        '\nMESSAGE blue\n',
        'SHIP ',
        ' FIRE ',
        ' HOLD',
        ' SPEED ',
        ' MOVE ',
        'L',
        'R',
        '0',
        '99999999999999999999',
        'On 3 Jan 2026, a@b.c wrote:\n',
      ),
    );
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: insertion }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
      fc.record({ kind: fc.constant('case' as const), upper: fc.boolean() }),
    );
    fc.assert(
      fc.property(seatWithOrders, fc.array(mutation, { minLength: 1, maxLength: 6 }), ({ ctx, orders }, mutations) => {
        let text = `PASSWORD k3y\n${formatOrders(ctx, orders)}`;
        for (const m of mutations) {
          if (m.kind === 'case') text = m.upper ? text.toUpperCase() : text.toLowerCase();
          else {
            const at = m.at % (text.length + 1);
            text =
              m.kind === 'insert'
                ? text.slice(0, at) + m.text + text.slice(at)
                : text.slice(0, at) + text.slice(at + m.length);
          }
        }
        expectWellFormed(parseSubmission(text, ctx), text, ctx);
      }),
      { numRuns: 500 },
    );
  });

  it('stays fast on large and nasty inputs', () => {
    const ctx = redSeat();
    const inputs = [
      'x'.repeat(1024 * 1024),
      '\n'.repeat(1024 * 1024),
      '> quoted\n'.repeat(120_000),
      'SHIP 3 SPEED 2 MOVE 2 FIRE 7\n'.repeat(40_000),
      `SHIP 3 SPEED 2 MOVE 2 FIRE ${'7 '.repeat(450)}\n`.repeat(300),
      `${'Z'.repeat(999)}\n`.repeat(1000),
      `MESSAGE blue\n${'words '.repeat(200_000)}`,
      '________________________________\n'.repeat(20_000),
      `____________\n${'\n'.repeat(200_000)}`,
      'From: a\n'.repeat(30_000),
      'On 1 a@b\n'.repeat(30_000),
      Array.from({ length: 1024 * 1024 }, (_, i) => String.fromCharCode((i * 7919) % 65536)).join(''),
    ];
    for (const text of inputs) {
      const started = performance.now();
      const r = parseSubmission(text, ctx);
      const took = performance.now() - started;
      expectWellFormed(r, text, ctx);
      expect(took).toBeLessThan(1500);
    }
  });
});

describe('"canonical printing round-trips"', () => {
  it('parse(format(orders)) deep-equals orders, for random legal orders of a random position', () => {
    fc.assert(
      fc.property(seatWithOrders, ({ ctx, orders }) => {
        const r = parseSubmission(formatOrders(ctx, orders), ctx);
        if (orders.size === 0) {
          expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['EMPTY']);
          return;
        }
        if (!r.ok) throw new Error(`${formatOrders(ctx, orders)}\n${JSON.stringify(r.errors)}`);
        expect([...r.value.orders.entries()]).toEqual([...orders.entries()]);
        expect(r.value.gameId).toBe(ctx.gameId);
        expect(r.value.turn).toBe(ctx.turn);
      }),
      { numRuns: 500 },
    );
  });

  it('orderBlock parses back ok for the seat, with or without current orders', () => {
    fc.assert(
      fc.property(seatWithOrders, fc.boolean(), ({ ctx, orders }, withCurrent) => {
        const hasShips = ctx.position.ships.some((s) => s.side === ctx.side && inPlay(s));
        const r = parseSubmission(orderBlock(ctx, withCurrent ? orders : undefined), ctx);
        if (!hasShips) {
          expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['EMPTY']);
          return;
        }
        if (!r.ok) throw new Error(`${orderBlock(ctx)}\n${JSON.stringify(r.errors)}`);
        expect(r.value.orders.size).toBe(ctx.position.ships.filter((s) => s.side === ctx.side && inPlay(s)).length);
        if (withCurrent) for (const [id, o] of orders) expect(r.value.orders.get(id)).toEqual(o);
      }),
      { numRuns: 300 },
    );
  });

  it("the standard seat's block, as an example", () => {
    const ctx = seat(makePosition([makeShip('1', { side: 'a' }), makeShip('2', { side: 'b' })]), 'a');
    expect(parseSubmission(orderBlock(ctx), ctx).ok).toBe(true);
  });
});
