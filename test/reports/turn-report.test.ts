/**
 * The turn report as data (service.md "Reports and pictures"): "what happened,
 * in order — movement, initiative rolls, every shot (firer, weapon, target,
 * range, modifier, die, hit or miss, damage die and effect) … — then the
 * diagram, the seat's own ships (the seed's Ship Turn Record: stats, damage,
 * SPEED and moves per turn), and the order block for the next turn", with "the
 * deadline in UTC and in the player's own time zone".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel } from '../support/games.ts';
import { outbox, seats, turns } from '../../src/db/schema.ts';
import { submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { readPosition } from '../../src/games/games/state.ts';
import { parseSubmission } from '../../src/orders/index.ts';
import { renderDiagram } from '../../src/reports/diagram.ts';
import { textSafe } from '../../src/mail/templates.ts';
import {
  deadlineView,
  describeDeadline,
  shipTurnRecord,
  turnReport,
  type ResolvedTurnEvents,
} from '../../src/reports/turn-report.ts';
import { ScriptedDice } from '../../src/rules/dice.ts';
import type { TurnEvent } from '../../src/rules/events.ts';
import { hex } from '../../src/rules/hex.ts';
import { parsePlot } from '../../src/rules/plot.ts';
import { resolveTurn } from '../../src/rules/resolve.ts';
import type { Position, Ship, ShipOrders } from '../../src/rules/types.ts';

const black: Ship = {
  id: 'Black',
  side: 'black',
  hex: hex(4, 8),
  facing: 'N',
  speed: null,
  engine: 3,
  shields: 3,
  toHit: 3,
  weapons: ['F', 'FL', 'FR'],
  design: { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] },
  status: 'active',
};
const grey: Ship = {
  id: 'Grey',
  side: 'grey',
  hex: hex(8, 4),
  facing: 'S',
  speed: null,
  engine: 4,
  shields: 4,
  toHit: 5,
  weapons: ['F'],
  design: { engine: 4, shields: 4, toHit: 5, weapons: ['F'] },
  status: 'active',
};
/** The tutorial duel's opening position (the scenario tutorial-duel). */
const opening: Position = {
  map: { width: 12, height: 10 },
  turn: 1,
  sides: ['black', 'grey'],
  solo: [],
  ships: [black, grey],
  turnLimit: null,
  conceded: [],
};

const orders = (speed: number, plot: string, fire: string[]): ShipOrders => {
  const p = parsePlot(plot);
  if (!p.ok) throw new Error(p.error.message);
  return { speed, plot: p.value, fire, hold: false };
};

/**
 * Turn 1 of the book's tutorial (rules-tactical.md §9): Black 2R, Grey 1R1;
 * initiative 5–2 to Black; Black's F hits on a 1, damage 1 (SHIELDS); Grey's
 * F hits on a 5, damage 5 (ENGINE).
 */
function tutorialTurn1(): { position: Position; history: ResolvedTurnEvents[]; events: readonly TurnEvent[] } {
  const r = resolveTurn(
    opening,
    new Map([
      ['Black', orders(3, '2R', ['Grey'])],
      ['Grey', orders(3, '1R1', ['Black'])],
    ]),
    new ScriptedDice([5, 2, 1, 1, 5, 5]),
  );
  if (!r.ok) throw new Error(r.error.map((e) => e.message).join('; '));
  return { position: r.value.position, history: [{ number: 1, events: r.value.events }], events: r.value.events };
}

const sideName = (s: string) => (s === 'black' ? 'Black' : 'Grey');
const widest = (lines: readonly string[]) => Math.max(...lines.map((l) => [...l].length));

/** Every die of a turn as the narrative must show it: initiative rolls, to-hit rolls, damage rolls. */
function dieMentions(events: readonly TurnEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.type === 'initiative') return Object.values(e.rolls).map((rolls) => rolls.join(', tie, then '));
    if (e.type === 'shot')
      return [
        `${e.firer} ${e.weapon} fires at ${e.target}, range ${e.range}`,
        `rolls ${e.roll} — ${e.hit ? 'HIT' : 'miss'}`,
      ];
    if (e.type === 'damage') return [`damage roll ${e.roll}`];
    return [];
  });
}

describe("deadlines, in UTC and in the player's own time zone", () => {
  const at = new Date('2026-01-08T12:00:00Z');

  it('gives the UTC time and the local one, with the zone named', () => {
    const d = deadlineView(at, 'Europe/Paris');
    expect(d.utc).toBe('Thu 2026-01-08 12:00 UTC');
    expect(d.local).toContain('13:00');
    expect(d.local).toContain('(Europe/Paris)');
    expect(describeDeadline(at, 'America/New_York')).toMatch(
      /^Thu 2026-01-08 12:00 UTC = .*07:00.*\(America\/New_York\)$/,
    );
  });

  it('says it once for a player in UTC, and falls back to UTC for a zone the runtime does not know', () => {
    expect(deadlineView(at, 'UTC')).toMatchObject({
      utc: 'Thu 2026-01-08 12:00 UTC',
      local: null,
      text: 'Thu 2026-01-08 12:00 UTC',
    });
    expect(deadlineView(at, 'Mars/Olympus_Mons').local).toBeNull();
  });

  it('without a deadline, says when the turn resolves instead', () => {
    expect(deadlineView(null, 'Europe/Paris')).toMatchObject({ set: false, utc: null, local: null });
    expect(describeDeadline(null, 'UTC')).toContain('every side has sent orders');
  });
});

describe('the Ship Turn Record', () => {
  it("shows stats as the book's ovals, damage turn by turn with its die, and SPEED and MOVE per turn", () => {
    const { position, history } = tutorialTurn1();
    const rec = shipTurnRecord(
      position.ships.find((s) => s.id === 'Black')!,
      history,
    );
    expect(rec.engine).toEqual({ now: 2, built: 3, ovals: 'O O X' });
    expect(rec.shields).toEqual({ now: 3, built: 3, ovals: 'O O O' });
    expect(rec.weapons.map((w) => `${w.mount}${w.mark}`)).toEqual(['FO', 'FLO', 'FRO', 'RL-', 'RR-']);
    expect(rec.turns).toEqual([
      {
        turn: 1,
        speed: 3,
        move: '2R',
        from: '0408',
        to: '0406',
        facing: 'NE',
        by: 'orders',
        damage: ['Grey F: ENGINE -1 (die 5)'],
      },
    ]);
    expect(rec.state).toBe('in play at 0406 facing NE, last SPEED 3');
    const text = rec.lines.join('\n');
    expect(text).toContain('ENGINE   O O X      2 of 3');
    expect(text).toMatch(/ {5}1 {6}3 {2}2R {4}0408 {2}0406 {2}NE {6}orders {3}Grey F: ENGINE -1 \(die 5\)/);
  });

  it("tells how a ship left play, and a ship's first report says no turn has been played", () => {
    const lost: Ship = { ...grey, shields: 0, status: 'destroyed' };
    const history: ResolvedTurnEvents[] = [
      {
        number: 3,
        events: [
          {
            type: 'move',
            ship: 'Grey',
            speed: 2,
            plot: '1L',
            source: 'standing',
            from: '0804',
            to: '0803',
            facing: 'SE',
            path: ['0803'],
          },
          {
            type: 'shot',
            firer: 'Black',
            weapon: 'FL',
            target: 'Grey',
            range: 2,
            modifier: 1,
            need: 4,
            roll: 2,
            hit: true,
          },
          { type: 'damage', target: 'Grey', roll: 6, effect: 'weapon:F', side: 'F', shields: 1, engine: 4 },
          {
            type: 'shot',
            firer: 'Black',
            weapon: 'FR',
            target: 'Grey',
            range: 2,
            modifier: 1,
            need: 4,
            roll: 1,
            hit: true,
          },
          { type: 'damage', target: 'Grey', roll: 3, effect: 'shields', shields: 0, engine: 4 },
          { type: 'destroyed', ship: 'Grey', by: 'Black', hex: '0803' },
        ],
      },
    ];
    const rec = shipTurnRecord(lost, history);
    expect(rec.state).toBe('destroyed in turn 3 (at 0803, by Black)');
    expect(rec.turns[0]).toMatchObject({
      turn: 3,
      by: 'no orders',
      damage: ['Black FL: F weapon lost (die 6)', 'Black FR: SHIELDS -1 (die 3)', 'destroyed'],
    });
    expect(shipTurnRecord(black, []).lines.at(-1)).toBe('  No turn played yet.');
  });

  it('keeps a long damage list within 100 columns, continuing under the damage column', () => {
    const hits: TurnEvent[] = Array.from({ length: 12 }, (_, i) => [
      {
        type: 'shot',
        firer: `Raider${i}`,
        weapon: 'FL',
        target: 'Black',
        range: 1,
        modifier: 1,
        need: 4,
        roll: 1,
        hit: true,
      } as const,
      { type: 'damage', target: 'Black', roll: 2, effect: 'shields', shields: 3, engine: 3 } as const,
    ]).flat();
    const rec = shipTurnRecord(black, [
      {
        number: 1,
        events: [
          {
            type: 'move',
            ship: 'Black',
            speed: 1,
            plot: '1',
            source: 'orders',
            from: '0408',
            to: '0407',
            facing: 'N',
            path: ['0407'],
          },
          ...hits,
        ],
      },
    ]);
    expect(widest(rec.lines)).toBeLessThanOrEqual(100);
    const damageAt = rec.lines.find((l) => l.includes('Damage taken'))!.indexOf('Damage taken');
    const continued = rec.lines.slice(rec.lines.findIndex((l) => l.includes('Raider0')) + 1);
    expect(continued.length).toBeGreaterThan(0);
    for (const l of continued) expect(l.slice(0, damageAt).trim()).toBe('');
    expect(rec.lines.map((l) => l.trim()).join(' ')).toContain('Raider11 FL: SHIELDS -1 (die 2)');
  });

  it('keeps Ship Turn Record rows that carry damage in their columns in a 78-column mail', () => {
    const hits: TurnEvent[] = Array.from({ length: 3 }, (_, i) => [
      {
        type: 'shot',
        firer: `Raider${i}`,
        weapon: 'FL',
        target: 'Black',
        range: 1,
        modifier: 1,
        need: 4,
        roll: 1,
        hit: true,
      } as const,
      { type: 'damage', target: 'Black', roll: 2, effect: 'shields', shields: 3, engine: 3 } as const,
    ]).flat();
    const move = (turn: number, extra: TurnEvent[]) => ({
      number: turn,
      events: [
        {
          type: 'move',
          ship: 'Black',
          speed: 1,
          plot: '1',
          source: 'orders',
          from: '0408',
          to: '0407',
          facing: 'N',
          path: ['0407'],
        } as const,
        ...extra,
      ],
    });
    const rec = shipTurnRecord(black, [move(1, hits), move(2, [])]);
    const table = rec.lines.slice(rec.lines.findIndex((l) => l.includes('Damage taken')));
    // The mail's own wrapping changes nothing: no row is broken at column 78 and continued at the margin.
    expect(textSafe(table.join('\n'))).toBe(`${table.join('\n')}\n`);
    const damageAt = table[0]!.indexOf('Damage taken');
    const [, first, ...rest] = table;
    expect(first!.slice(0, damageAt).trim().split(/ +/)).toEqual(['1', '1', '1', '0408', '0407', 'N', 'orders']);
    const continued = rest.slice(0, -1);
    expect(continued.length).toBeGreaterThan(0);
    for (const l of continued) {
      expect(l.slice(0, damageAt).trim()).toBe('');
      expect(l[damageAt]).not.toBe(' ');
    }
    expect(rest.at(-1)!.trim().split(/ +/)).toEqual(['2', '1', '1', '0408', '0407', 'N', 'orders']);
    const damage = [first!.slice(damageAt), ...continued.map((l) => l.slice(damageAt))].join(' ');
    expect(damage).toBe(rec.turns[0]!.damage.join('; '));
  });
});

describe('the turn report of the tutorial duel after turn 1', () => {
  const { position, history, events } = tutorialTurn1();
  const base = {
    game: { id: 'duel-1', name: 'Tutorial duel' },
    turn: 2,
    position,
    history,
    deadline: new Date('2026-01-08T12:00:00Z'),
    sideName,
  };

  it('tells turn 1 in order with every die, and draws the diagram of the new position', () => {
    const view = turnReport({ ...base, reader: { kind: 'seat', side: 'black', timeZone: 'Europe/Paris' } });
    expect(view.lastTurn).toBe(1);
    const told = view.narrative.join('\n');
    for (const mention of dieMentions(events)) expect(told).toContain(mention);
    expect(told).toContain('Initiative: Black 5; Grey 2 — firing order Black, Grey');
    expect(told.indexOf('Black SPEED 3 2R')).toBeLessThan(told.indexOf('Initiative'));
    expect(view.diagram).toBe(renderDiagram(position, { maxWidth: 78 }));
    expect(widest(view.diagram.split('\n'))).toBeLessThanOrEqual(78);
  });

  it('a seat gets its own Ship Turn Record and an order block that parses back as its orders', () => {
    for (const side of ['black', 'grey'] as const) {
      const view = turnReport({ ...base, reader: { kind: 'seat', side, timeZone: 'UTC' } });
      expect(view.observer).toBe(false);
      expect(view.sides.map((s) => s.side)).toEqual([side]);
      expect(view.sides[0]!.records.map((r) => r.id)).toEqual([side === 'black' ? 'Black' : 'Grey']);
      const parsed = parseSubmission(view.orderBlock!, { gameId: 'duel-1', turn: 2, side, position });
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      expect(parsed.ok && [...parsed.value.orders.keys()]).toEqual([side === 'black' ? 'Black' : 'Grey']);
    }
  });

  it('a mailed report shows each Ship Turn Record’s last 10 turns and says where the earlier ones are', () => {
    // Fourteen turns in which Black flies on: the mail's record keeps turns 5 to 14, the game page's all of them.
    const long: ResolvedTurnEvents[] = Array.from({ length: 14 }, (_, i) => ({
      number: i + 1,
      events: [
        {
          type: 'move',
          ship: 'Black',
          speed: 1,
          plot: '1',
          source: 'orders',
          from: '0202',
          to: '0202',
          facing: 'SE',
          path: ['0202'],
        },
      ],
    }));
    const view = turnReport({
      ...base,
      turn: 15,
      history: long,
      reader: { kind: 'seat', side: 'black', timeZone: 'UTC' },
    });
    const record = view.sides[0]!.records[0]!;
    expect(record.turns.map((t) => t.turn)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(record.earlier).toEqual({ from: 1, to: 4 });
    expect(record.lines).toContain('  Turns 1 to 4: on the game page.');
    const whole = shipTurnRecord(record.id === 'Black' ? black : grey, long);
    expect(whole.turns).toHaveLength(14);
    expect(whole.earlier).toBeNull();
    expect(whole.lines.join('\n')).not.toContain('on the game page');
  });

  it('starts the order block from the orders the seat has in, when it has some', () => {
    const view = turnReport({
      ...base,
      reader: {
        kind: 'seat',
        side: 'black',
        timeZone: 'UTC',
        currentOrders: new Map([['Black', orders(2, '1L', ['Grey'])]]),
      },
    });
    expect(view.orderBlock).toContain('SHIP Black SPEED 2 MOVE 1L FIRE Grey');
  });

  it("a moderator or observer sees every side's records and gets no order block", () => {
    const view = turnReport({ ...base, reader: { kind: 'observer', timeZone: 'UTC' } });
    expect(view.observer).toBe(true);
    expect(view.sides.map((s) => [s.sideName, s.records.map((r) => r.id)])).toEqual([
      ['Black', ['Black']],
      ['Grey', ['Grey']],
    ]);
    expect(view.orderBlock).toBeNull();
    expect(view.side).toBeNull();
  });

  it('a seat that has conceded reads the game as an observer, and is told why it gives no orders', () => {
    const view = turnReport({
      ...base,
      position: { ...position, conceded: ['grey'] },
      reader: { kind: 'seat', side: 'grey', timeZone: 'UTC' },
    });
    expect(view).toMatchObject({ observer: true, orderBlock: null });
    expect(view.noOrdersReason).toContain('conceded');
    expect(view.sides).toHaveLength(2);
  });

  it('the first report has no narrative, and carries the seed commitment it is given', () => {
    const view = turnReport({
      ...base,
      turn: 1,
      position: opening,
      history: [],
      seedCommitment: 'ab'.repeat(32),
      reader: { kind: 'seat', side: 'black', timeZone: 'UTC' },
    });
    expect(view).toMatchObject({ lastTurn: null, narrative: [], seedCommitment: 'ab'.repeat(32) });
  });
});

describe.each(databaseKinds)('the queued turn-2 report of a real tutorial duel on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(async () => {
    await database.drop();
  });

  it("holds the narrative with every die, the diagram, the seat's record, both deadlines and an order block that parses back", async () => {
    const ctx = gamesContext(database);
    const { game, tokens } = await tutorialDuel(ctx);
    await ctx.db
      .update(seats)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(and(eq(seats.gameId, game.id), eq(seats.side, 'grey')));
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.black!,
      text: 'SHIP Black SPEED 3 MOVE 2R FIRE Grey',
      channel: 'api',
    });
    await submitOrders(ctx, {
      gameId: game.id,
      token: tokens.grey!,
      text: 'SHIP Grey SPEED 3 MOVE 1R1 FIRE Black',
      channel: 'api',
    });
    await resolveNextDueTurn(ctx);
    const [t1] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, game.id), eq(turns.number, 1)));
    const [t2] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, game.id), eq(turns.number, 2)));
    const stored = t1!.events as TurnEvent[];
    const position = readPosition(t2!.stateBefore);
    const reports = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, game.id), eq(outbox.kind, 'turn-report')))
      .orderBy(asc(outbox.id));
    expect(reports.map((r) => r.toAddress).sort()).toEqual(['alice@pbem.test', 'bob@pbem.test']);
    for (const report of reports) {
      const side = report.toAddress.startsWith('alice') ? 'black' : 'grey';
      const text = report.textBody;
      expect(report.subject).toBe(`[${game.id}] Turn 2 report: orders due Thu 2026-01-08 12:00 UTC`);
      // A long narrative line wraps in the 78-column mail: compare with the line breaks made spaces.
      for (const mention of dieMentions(stored)) expect(text.replace(/\s+/g, ' ')).toContain(mention);
      expect(text).toContain(renderDiagram(position, { maxWidth: 78 }));
      expect(text).toContain(
        side === 'black'
          ? 'Black: in play at 0406 facing NE, last SPEED 3'
          : 'Grey: in play at 0706 facing SW, last SPEED 3',
      );
      expect(text).not.toContain(side === 'black' ? 'Grey: in play' : 'Black: in play');
      expect(text).toContain('Thu 2026-01-08 12:00 UTC');
      if (side === 'grey') expect(text).toMatch(/Thu,? 8 Jan 2026,? 21:00 .*\(Asia\/Tokyo\), your time/);
      const block = text.slice(text.indexOf(`GAME ${game.id} TURN 2`), text.indexOf('\nEND\n') + 5);
      const parsed = parseSubmission(block, { gameId: game.id, turn: 2, side, position });
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      // The usual reply: the block on top, the whole report quoted below it.
      const reply = `${block}\nOn Thu, 8 Jan 2026 at 09:00, Minimal Space Combat <orders@pbem.test> wrote:\n${text
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}`;
      expect(parseSubmission(reply, { gameId: game.id, turn: 2, side, position }).ok).toBe(true);
      expect(text).not.toContain(tokens.black!);
      expect(text).not.toContain(tokens.grey!);
      expect(widest(text.split('\n'))).toBeLessThanOrEqual(78);
      expect(text).not.toContain('\t');
    }
  });
});
