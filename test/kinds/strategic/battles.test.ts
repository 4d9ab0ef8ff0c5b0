/** rules-strategic.md §8 through the kind: a turn stopped for tactical battles, each battle's game, its outcome. */
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../../src/kinds/index.ts';
import { DamagedDocumentError } from '../../../src/kinds/kind.ts';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import type { Position } from '../../../src/rules/types.ts';
import type { Campaign } from '../../../src/rules/strategic/types.ts';
import { campaign, fleet, LINE, orders, SCOUT, ship } from '../../rules/strategic/fixtures.ts';
import { kind, linked } from './support.ts';

const tactical = (more: Partial<Campaign> = {}): Campaign =>
  campaign({
    options: { battles: 'tactical', fog: 'positions', turnLimit: null },
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '1004', ships: [ship('b1', LINE), ship('b2', SCOUT)] }),
      fleet({ id: 'B2', side: 'blue', hex: '1004', ships: [ship('b3', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE), ship('r2', LINE)] }),
      fleet({ id: 'R9', side: 'red', hex: '1909', ships: [ship('r9')] }),
    ],
    ...more,
  });

const south = { kind: 'path' as const, path: ['S' as const] };

function pending(c = tactical()) {
  const r = kind.resolve({
    state: c,
    orders: new Map([
      [
        'blue',
        orders({
          moves: new Map([
            ['B1', south],
            ['B2', south],
          ]),
        }),
      ],
    ]),
    missing: ['red'],
    noOrders: 'standing',
    dice: new ScriptedDice([6, 1]),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return { c, r: r.value };
}

const tacticalState = (doc: unknown): Position => kindOf('msc-tactical').readState(doc) as Position;

describe('a campaign turn with tactical battles', () => {
  it('stops after sensors with the battles to fight; nothing is finished, the state is the one before the turn', () => {
    const { c, r } = pending();
    expect(r.pending?.battles).toEqual([
      { index: 0, title: 'Battle at 1005, campaign turn 1', sides: ['blue', 'red'] },
    ]);
    expect(r.state).toEqual(c);
    expect(r.gameOver).toBe(false);
    expect(r.events.at(-1)).toMatchObject({ type: 'battle', hex: '1005', attacker: 'blue', defender: 'red' });
    // The pending document is plain JSON.
    expect(JSON.parse(JSON.stringify(r.pending!.document))).toEqual(r.pending!.document);
  });

  it('each battle is a 24 × 18 tactical game: attacker in rows 16–18, defender in rows 1–3, the ships’ designs, 12 turns', () => {
    const { r } = pending();
    const setup = linked.setup(r.pending!.document, 0);
    expect(setup).toMatchObject({
      ruleset: 'msc-tactical',
      map: { width: 24, height: 18 },
      sides: ['blue', 'red'],
      turnLimit: 12,
      zones: {
        blue: { fromCol: 1, toCol: 24, fromRow: 16, toRow: 18 },
        red: { fromCol: 1, toCol: 24, fromRow: 1, toRow: 3 },
      },
    });
    expect(setup.ships['blue']!.map((s) => s.id)).toEqual(['b1', 'b2', 'b3']);
    expect(setup.ships['red']![0]!.design).toEqual({ engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] });
    // "ships in fleet and ship order, row 16 (defender: row 3) first, columns 12, 13, 11, 14, 10, … outward"
    expect(setup.defaultPlacement['blue']).toEqual([
      { id: 'b1', hex: '1216', facing: 'N' },
      { id: 'b2', hex: '1316', facing: 'N' },
      { id: 'b3', hex: '1116', facing: 'N' },
    ]);
    expect(setup.defaultPlacement['red']).toEqual([
      { id: 'r1', hex: '1203', facing: 'S' },
      { id: 'r2', hex: '1303', facing: 'S' },
    ]);
    const position = tacticalState(setup.defaultState);
    expect(position.ships.map((s) => [s.id, s.speed, s.status, s.shields])).toEqual([
      ['b1', null, 'active', 3],
      ['b2', null, 'active', 2],
      ['b3', null, 'active', 2],
      ['r1', null, 'active', 3],
      ['r2', null, 'active', 3],
    ]);
    // "the turn limit is the campaign setting `tacticalTurnLimit` (12 unless set)";
    // "the sides in the campaign's seat order"
    expect(linked.setup(r.pending!.document, 0, { turnLimit: 8 }).turnLimit).toBe(8);
  });

  it('a full row moves back a row; "beyond the 72 hexes of a zone, ships share hexes, placed again in the same order from the first hex"', () => {
    const many = Array.from({ length: 74 }, (_, i) => ship(`b${i + 1}`, LINE));
    const { r } = pending(
      tactical({
        fleets: [
          fleet({ id: 'B1', side: 'blue', hex: '1004', ships: many }),
          fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE)] }),
        ],
      }),
    );
    const placed = linked.setup(r.pending!.document, 0).defaultPlacement['blue']!;
    expect(placed.slice(22, 26).map((p) => p.hex)).toEqual(['0116', '2416', '1217', '1317']);
    expect(placed.slice(70).map((p) => p.hex)).toEqual(['0118', '2418', '1216', '1316']);
  });

  it('comes back as lost, disengaged and surviving ships ("ships still in play of a side that conceded the tactical game have disengaged"), and finishes the turn', () => {
    const { c, r } = pending();
    const doc = r.pending!.document;
    const start = tacticalState(linked.setup(doc, 0).defaultState);
    const status = { b1: 'destroyed', b2: 'disengaged', b3: 'disengaged', r1: 'active', r2: 'destroyed' } as const;
    const final = kindOf('msc-tactical').writeState({
      ...start,
      ships: start.ships.map((s) => ({ ...s, status: status[s.id as keyof typeof status] })),
    });
    const outcome = linked.outcome(doc, 0, final);
    expect(outcome).toEqual({ hex: '1005', destroyed: ['b1', 'r2'], disengaged: ['b2', 'b3'] });
    const conceded = linked.outcome(doc, 0, kindOf('msc-tactical').writeState({ ...start, conceded: ['red'] }));
    expect(conceded).toEqual({ hex: '1005', destroyed: [], disengaged: ['r1', 'r2'] });

    const done = linked.finish(doc, [outcome]);
    if (!done.ok) throw new Error(JSON.stringify(done.error));
    const after = done.value;
    expect(after.pending).toBeUndefined();
    expect(after.state.turn).toBe(c.turn + 1);
    // Every ship of B1 and B2 that survived disengaged: both retreat one hex toward home.
    expect(after.state.fleets.map((f) => [f.id, f.hex, f.ships.map((s) => s.id)])).toEqual([
      ['B1', { col: 9, row: 5 }, ['b2']],
      ['B2', { col: 9, row: 5 }, ['b3']],
      ['R1', { col: 10, row: 5 }, ['r1']],
      ['R9', { col: 19, row: 9 }, ['r9']],
    ]);
    expect(after.events.filter((e) => e.type === 'battle-end')).toEqual([
      { type: 'battle-end', hex: '1005', rounds: 0, reason: 'tactical' },
    ]);
    expect(after.ordersUsed).toEqual(r.ordersUsed);
  });

  it('outcomes that do not fit the turn are an error, and nothing is finished', () => {
    const { r } = pending();
    const doc = r.pending!.document;
    expect(linked.finish(doc, []).ok).toBe(false);
    expect(linked.finish(doc, [{ destroyed: ['r9'], disengaged: [] }]).ok).toBe(false);
    expect(linked.finish(doc, [{ destroyed: 'all' }]).ok).toBe(false);
    expect(() => linked.setup(doc, 3)).toThrow(RangeError);
    expect(() => linked.setup({ pending: false }, 0)).toThrow(DamagedDocumentError);
    expect(() => linked.finish({ ...(doc as object), campaign: { map: 1 } }, [])).toThrow(DamagedDocumentError);
  });
});
