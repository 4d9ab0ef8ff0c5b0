/** The campaign kind's members (src/kinds/strategic): documents, turn, orders language, resolution, reports. */
import { describe, expect, it } from 'vitest';
import { DamagedDocumentError, type SideContext } from '../../../src/kinds/kind.ts';
import { kindOf } from '../../../src/kinds/index.ts';
import { viewOf } from '../../../src/kinds/strategic/view.ts';
import { ScriptedDice, SeededDice } from '../../../src/rules/dice.ts';
import { resolveCampaignTurn } from '../../../src/rules/strategic/resolve.ts';
import type { Campaign, SideOrders } from '../../../src/rules/strategic/types.ts';
import { campaign, fleet, h, HEAVY, LINE, orders, SCOUT, ship, system } from '../../rules/strategic/fixtures.ts';
import { kind, sideName, started } from './support.ts';

const at = (c: Campaign, side: string): SideContext<Campaign> => ({ gameId: 'g1', turn: c.turn, side, state: c });
const seats = (...conceded: string[]) =>
  ['blue', 'red'].map((side) => ({ side, concededAt: conceded.includes(side) ? new Date(0) : null }));

function parsed(c: Campaign, side: string, ...lines: string[]): SideOrders {
  const r = kind.parseSubmission([`GAME g1 TURN ${c.turn}`, ...lines, 'END'].join('\n'), at(c, side));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.orders;
}

function resolveOk(c: Campaign, given: Record<string, SideOrders>, dice = new ScriptedDice([6, 1])) {
  const r = kind.resolve({ state: c, orders: new Map(Object.entries(given)), missing: [], noOrders: 'standing', dice });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** Blue's two fleets meet red's one at 1005. */
const meeting = (more: Partial<Campaign> = {}): Campaign =>
  campaign({
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '1004', ships: [ship('b1', LINE), ship('b2', SCOUT)] }),
      fleet({ id: 'B2', side: 'blue', hex: '0202', ships: [ship('b3', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', HEAVY), ship('r2', LINE)] }),
      fleet({ id: 'R9', side: 'red', hex: '1909', ships: [ship('r9')] }),
    ],
    ...more,
  });

describe('registry', () => {
  it('kindOf("msc-strategic") is the campaign kind, and the tactical kind has a setup (every kind has) but no linked battles', () => {
    expect(kindOf('msc-strategic')).toBe(kind);
    expect(kindOf('msc-tactical').setup).toHaveProperty('sidesThatSetUp');
    expect(kindOf('msc-tactical').linkedBattles).toBeUndefined();
  });
});

describe('documents', () => {
  it('a state is the adjudicator campaign document and reads back as written', () => {
    const c = started();
    const doc = JSON.parse(JSON.stringify(kind.writeState(c))) as Record<string, unknown>;
    expect(Object.keys(doc).sort()).toEqual(
      ['conceded', 'fleets', 'map', 'options', 'sides', 'store', 'systems', 'turn'].sort(),
    );
    expect(kind.readState(doc)).toEqual(c);
  });

  it('a damaged state or orders document is a DamagedDocumentError', () => {
    expect(() => kind.readState(null)).toThrow(DamagedDocumentError);
    expect(() => kind.readState({ map: { width: 0 } })).toThrow(DamagedDocumentError);
    expect(() => kind.readState({ ...(kind.writeState(started()) as object), seed: 'x' })).toThrow(/holds no seed/);
    expect(() => kind.readOrders({ move: { F1: 'UP' } })).toThrow(DamagedDocumentError);
    expect(() => kind.readOrders({ build: 3 })).toThrow(DamagedDocumentError);
  });

  it('orders of every kind read back as written, and as the orders block of the adjudicator document', () => {
    const c = meeting({ store: { blue: 40, red: 0 } });
    const o = parsed(
      c,
      'blue',
      'BUILD n1 E3 S3 H3 W F,FL,FR AS N1',
      'SPLIT b2 FROM B1 AS S1',
      'TRANSFER b2 FROM S1 TO B1',
      'MERGE N1 INTO B2',
      'MOVE B1 S',
      'MOVE B2 TO 0404',
      'LOSSES B1 b2 b1',
      'RETREAT B1 BELOW 50',
      'RETREAT B2 AFTER 2',
    );
    const doc = JSON.parse(JSON.stringify(kind.writeOrders(o))) as unknown;
    expect(doc).toMatchObject({ move: { B1: 'S', B2: '0404' }, retreat: { B1: 'below 50', B2: 'after 2' } });
    expect(kind.readOrders(doc)).toEqual(o);
    expect(kind.readOrders({})).toEqual(orders());
  });
});

describe('the turn', () => {
  it('"A side\'s concession is recorded on the campaign at once": a conceded seat orders no more, and its side is out of play', () => {
    const c = meeting();
    expect(kind.sidesThatMustOrder(c, seats())).toEqual(['blue', 'red']);
    expect(kind.sidesThatMustOrder(c, seats('red'))).toEqual(['blue']);
    const conceded = kind.concede(c, 'red');
    expect(kind.sidesInPlay(conceded)).toEqual(['blue']);
    expect(kind.sidesThatMustOrder(conceded, seats())).toEqual(['blue']);
  });

  it('"Concession ends the campaign at once: the turn in which a side concedes is not played (no production, no dice)"', () => {
    const c = kind.concede(meeting(), 'red');
    const r = resolveOk(c, { blue: parsed(c, 'blue', 'MOVE B1 S') }, new ScriptedDice([]));
    expect(r.events).toEqual([
      { type: 'conceded', side: 'red' },
      { type: 'game-over', winner: 'blue', reason: 'conceded' },
    ]);
    expect(r).toMatchObject({ gameOver: true, winner: 'blue', reason: 'conceded' });
    expect(r.state.fleets).toEqual(c.fleets);
    const both = kind.concede(kind.concede(meeting(), 'red'), 'blue');
    expect(resolveOk(both, {}, new ScriptedDice([])).winner).toBe('draw');
  });

  it('"A side that sent no orders by the deadline has empty orders: no builds, no transfers, no moves; its fleets keep their standing loss and retreat orders"', () => {
    const c = meeting({
      store: { blue: 30, red: 30 },
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0404', ships: [ship('b1')], lossOrder: ['b1'] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')], retreat: { kind: 'after', rounds: 2 } }),
      ],
    });
    const r = resolveOk(c, {});
    expect(r.state.fleets).toEqual(c.fleets);
    expect(r.events.filter((e) => e.type === 'build' || e.type === 'move')).toEqual([]);
    expect(r.ordersUsed).toEqual({ blue: {}, red: {} });
    expect(r.state.store).toEqual({ blue: 31, red: 31 });
  });

  it('"A moderator\'s early end is scored as the turn limit scores it: more ships\' BP wins, equal is a draw"', () => {
    expect(kind.scoreNow(meeting(), 3)).toEqual({ winner: 'red', scores: { blue: 35, red: 50 } });
    const even = campaign();
    expect(kind.scoreNow(even, 1)).toEqual({ winner: 'draw', scores: { blue: 15, red: 15 } });
  });
});

describe('the orders language through the kind', () => {
  it('every problem is reported on its line, and nothing is accepted', () => {
    const c = meeting();
    const r = kind.parseSubmission(
      ['GAME g1 TURN 1', 'MOVE B1 S S S S S', 'BUILD x1 E9 S1 H1 W F AS X', 'MOVE B2 TO 9999', 'END'].join('\n'),
      at(c, 'blue'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([...new Set(r.errors.map((e) => e.line))].sort()).toEqual([2, 3, 4]);
  });

  it('"Orders naming an enemy fleet are answered as if the fleet did not exist"', () => {
    const c = meeting();
    const r = kind.parseSubmission('GAME g1 TURN 1\nMOVE R1 N\nEND', at(c, 'blue'));
    expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['FLEET_UNKNOWN']);
    if (!r.ok) expect(r.errors[0]!.message).not.toMatch(/red|enemy/i);
  });

  it('"a new ship or fleet id is checked against the side\'s own ids alone, never against the enemy\'s, seen or not. An order accepted on submission is not refused when the turn resolves for anything the side could not see"', () => {
    for (const fog of ['positions', 'sensors'] as const) {
      const c = meeting({ store: { blue: 30, red: 0 }, options: { battles: 'strategic', fog, turnLimit: null } });
      // r1 is a red ship, R9 a red fleet (seen with fog positions, not with fog sensors).
      const o = parsed(c, 'blue', 'BUILD r1 E3 S3 H3 W F,FL,FR AS R9', 'MOVE R9 SE');
      const r = resolveOk(c, { blue: o });
      expect(r.dropped).toEqual([]);
      expect(r.state.fleets.filter((f) => f.side === 'blue').map((f) => f.id)).toEqual(['B1', 'B2', 'R9']);
      expect(r.state.fleets.filter((f) => f.side === 'red').map((f) => f.id)).toEqual(['R1', 'R9']);
    }
  });

  it('formatOrders is the canonical echo: it parses back to the same orders', () => {
    const c = meeting({ store: { blue: 40, red: 0 } });
    const o = parsed(c, 'blue', 'build n1 e3 s3 h3 w f,fl,fr as n1', 'build n2 E5 S2 H1 W F join N1', 'move b1 s');
    const text = kind.formatOrders(o, at(c, 'blue'));
    expect(text).toBe(
      [
        'GAME g1 TURN 1',
        'BUILD n1 E3 S3 H3 W F,FL,FR AS n1',
        'BUILD n2 E5 S2 H1 W F AS n1',
        'MOVE B1 S',
        'END',
        '',
      ].join('\n'),
    );
    expect(parsed(c, 'blue', ...text.split('\n').slice(1, -2))).toEqual(o);
  });

  it('the order block lists each fleet with what it can reach, within 78 columns, and starts from the orders in', () => {
    const c = meeting({
      systems: [
        system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0, name: 'Sol' }),
        system('1005', { name: 'Vega' }),
        system('1102'),
        system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
      ],
    });
    const block = kind.orderBlock(at(c, 'blue'));
    for (const line of block.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    expect(block).toContain('# B1 at 1004: 2 ships (b1 b2), 25 BP, reach 3');
    expect(block).toContain('#     reaches 1005 Vega; 1102; 1005 (enemy fleet R1)');
    expect(block).toContain('# B2 at 0202: 1 ship (b3), 10 BP, reach 5\n#     reaches no system');
    expect(block).not.toMatch(/\br1\b|\br2\b|R9/);
    // With the last turn's events the block knows what the side's sensors found.
    const sensed = [{ type: 'sensor', side: 'blue', fleet: 'R1', ships: 2, hex: '1005', by: 'B1' }];
    expect(kind.orderBlock({ ...at(c, 'blue'), lastEvents: sensed })).toContain('1005 (enemy fleet R1 of 2)');
    const current = parsed(c, 'blue', 'MOVE B1 S', 'LOSSES B1 b2');
    const again = kind.orderBlock(at(c, 'blue'), current);
    expect(again.split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual([
      'GAME g1 TURN 1',
      'MOVE B1 S',
      'LOSSES B1 b2',
      'END',
    ]);
  });
});

describe('reports', () => {
  const dice = [6, 1, 5, 6, 5, 1, 2, 3, 6, 6, 6, 5, 5, 2, 1, 1, 1];

  function battleTurn() {
    const c = meeting();
    const r = resolveOk(
      c,
      { blue: parsed(c, 'blue', 'MOVE B1 S') },
      new ScriptedDice([...dice, ...dice, ...dice, ...dice]),
    );
    const report = (side: string | null) =>
      kind.report({
        game: { id: 'g1', name: 'G' },
        turn: 2,
        state: r.state,
        history: [{ number: 1, events: r.events }],
        deadline: new Date('2026-01-08T12:00:00Z'),
        reader: side === null ? { kind: 'observer', timeZone: 'UTC' } : { kind: 'seat', side, timeZone: 'UTC' },
        sideName,
        seedCommitment: null,
      });
    return { r, report };
  }

  it('a side is told its production, its moves, its sensors, every battle round with its dice, its losses', () => {
    const { report } = battleTurn();
    const blue = report('blue');
    expect(blue.narrative[0]).toBe('Production: your 1 system (0202) yielded 1 BP; store 1 BP.');
    expect(blue.narrative).toContain('Initiative: Blue rolled 6; Red rolled 1. Blue moves first.');
    expect(blue.narrative).toContain('Fleet B1 moved 1004 to 1005.');
    expect(blue.narrative).toContain(
      "Battle at 1005: you attack with your fleet B1 (2 ships) against Red's fleet R1 (2 ships).",
    );
    expect(blue.narrative).toContain('  Round 1 at 1005:');
    expect(blue.narrative).toContain(
      '    You attack: 5 (1 hit); the enemy saves: 6 5 (2 saves); the enemy loses 0 ships.',
    );
    expect(blue.narrative).toContain('    Lost: your ship b2 of fleet B1.');
    expect(blue.narrative).toContain(
      "Sensors: your fleet B1 detected Red's fleet R1 (2 ships) at 1005, a new contact.",
    );
    // Who won: the fleet destroyed, and who holds the hex.
    expect(blue.narrative.at(-1)).toBe('  Your fleet B1 was destroyed; Red holds 1005.');
    const red = report('red');
    expect(red.narrative).toContain(
      "Battle at 1005: you defend with your fleet R1 (2 ships) against Blue's fleet B1 (2 ships).",
    );
    expect(red.narrative.at(-1)).toBe("  Blue's fleet B1 was destroyed; you hold 1005.");
    // The enemy fleet its sensors found is named, as the map and the game page name it; its ships and moves are not.
    expect(red.narrative.join('\n')).not.toMatch(/\bb1\b|\bb2\b|moved/);
    expect(
      red.narrative.some(
        (l) => l === '    You attack: 5 6 5 (3 hits); the enemy saves: 1 (0 saves); the enemy loses 1 ship.',
      ),
    ).toBe(true);
  });

  it('sheets: a seat sees its own Fleet and Production Control Sheets; an observer sees both sides’ and no order block', () => {
    const { report } = battleTurn();
    const blue = report('blue');
    expect(blue.sides).toEqual([]);
    expect(blue.sheets!.map((s) => s.title)).toEqual([
      'Fleet Control Sheet: Blue',
      'Production Control Sheet: Blue',
      'Star Systems: Blue',
    ]);
    expect(blue.sheets![1]!.lines[0]).toMatch(/^Turn +Produced +Spent +Store +Captured$/);
    expect(blue.orderBlock).toMatch(/^GAME g1 TURN 2\n/);
    expect(blue.deadline.utc).toBe('Thu 2026-01-08 12:00 UTC');
    const observer = report(null);
    expect(observer.observer).toBe(true);
    expect(observer.orderBlock).toBeNull();
    expect(observer.sheets).toHaveLength(5);
    expect(observer.narrative.join('\n')).toMatch(/Red's fleet|Blue's fleet/);
  });

  it('a seat of a side the campaign does not know is shown less, never more', () => {
    const { r } = battleTurn();
    const stray = kind.report({
      game: { id: 'g1', name: 'G' },
      turn: 2,
      state: r.state,
      history: [{ number: 1, events: r.events }],
      deadline: null,
      reader: { kind: 'seat', side: 'green', timeZone: 'UTC' },
      sideName,
      seedCommitment: null,
    });
    expect(stray.observer).toBe(false);
    expect(stray.orderBlock).toBeNull();
    expect(stray.narrative.join('\n')).not.toMatch(/Production|moved|Lost/);
    expect(stray.diagram).not.toMatch(/: \d+ ships?/);
  });

  it('the map is the side’s own view within 78 columns; the end report shows everything', () => {
    const { r, report } = battleTurn();
    for (const line of report('red').diagram.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    const end = kind.endReport({
      state: r.state,
      lastEvents: r.events,
      history: [{ number: 1, events: r.events }],
      sideName,
    });
    expect(end.sides).toEqual([]);
    expect(end.sheets).toHaveLength(5);
    expect(end.diagram).toContain('R9');
  });

  it('the view a report is drawn from is the one the rules returned with the turn', () => {
    let c = started();
    for (let t = 0; t < 8; t++) {
      const r = resolveCampaignTurn(c, {}, SeededDice.fromSeed(`v${t}`));
      if (!r.ok || 'pending' in r.value) throw new Error('unexpected');
      for (const side of c.sides) expect(viewOf(r.value.campaign, side, r.value.events)).toEqual(r.value.views[side]);
      c = r.value.campaign;
    }
    const fought = meeting();
    const r = resolveCampaignTurn(
      fought,
      { blue: parsed(fought, 'blue', 'MOVE B1 S') },
      new ScriptedDice([...dice, ...dice, ...dice]),
    );
    if (!r.ok || 'pending' in r.value) throw new Error('unexpected');
    for (const side of fought.sides)
      expect(viewOf(r.value.campaign, side, r.value.events)).toEqual(r.value.views[side]);
    expect(h('1005')).toEqual({ col: 10, row: 5 });
  });
});
