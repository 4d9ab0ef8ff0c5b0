/** The Simple Combat Game orders language (rules-scg.md §17): lines, problems, canonical echo, order block. */
import { describe, expect, it } from 'vitest';
import {
  formatScgOrders,
  parseScgSubmission,
  scgOrderBlock,
  type ScgOrdersContext,
} from '../../../src/orders/scg/index.ts';
import { TANK_BATTLE, WORKED_EXAMPLE } from '../../../src/rules/scg/scenarios.ts';

const ctx = (side = 'west', state = TANK_BATTLE): ScgOrdersContext => ({ gameId: 'ridge-3', turn: 1, side, state });
const parse = (body: string, side = 'west', state = TANK_BATTLE) =>
  parseScgSubmission(`GAME ridge-3 TURN 1\n${body}\nEND\n`, ctx(side, state));
const codes = (body: string, side = 'west') => {
  const r = parse(body, side);
  return r.ok ? [] : r.errors.map((e) => [e.line, e.code]);
};

describe('§17.3 the example submission', () => {
  const text = `GAME ridge-3 TURN 1
MOVE WL2 HOLD                    # moves first and shows nothing
MOVE WL1 TOWARD NEAREST WITHIN 3 # closes on whoever is nearest when its turn comes
MOVE WM se,se s HALT 2
MOVE WH TO 0407
FIRE WH AT EH EM                 # every weapon: EH if eligible, else EM, else the nearest
FIRE wh mg AT EL1 HOLD           # the machine gun: EL1 or nothing
FIRE WM
FIRE WL1 HOLD
END`;
  const r = parseScgSubmission(text, ctx());

  it('is read into the move list and the fire list, in the order written', () => {
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.orders.move.map((m) => [m.unit, m.order.kind])).toEqual([
      ['WL2', 'hold'],
      ['WL1', 'toward'],
      ['WM', 'path'],
      ['WH', 'to'],
    ]);
    expect(r.value.orders.fire).toEqual([
      { unit: 'WH', targets: ['EH', 'EM'], hold: false, weapons: [{ mount: 'MG', targets: ['EL1'], hold: true }] },
      { unit: 'WM', targets: [], hold: false, weapons: [] },
      { unit: 'WL1', targets: [], hold: true, weapons: [] },
    ]);
  });

  it('echoes canonically: capitals, ids as the game spells them, WITHIN written out, mount lines after unit lines', () => {
    if (!r.ok) throw new Error('not ok');
    expect(formatScgOrders(r.value.orders, TANK_BATTLE, { gameId: 'ridge-3', turn: 1 })).toBe(
      [
        'GAME ridge-3 TURN 1',
        'MOVE WL2 HOLD',
        'MOVE WL1 TOWARD NEAREST WITHIN 3',
        'MOVE WM SE SE S HALT 2',
        'MOVE WH TO 0407',
        'FIRE WH AT EH EM',
        'FIRE WH MG AT EL1 HOLD',
        'FIRE WM',
        'FIRE WL1 HOLD',
        'END',
        '',
      ].join('\n'),
    );
  });

  it('the echo sent back means the same orders (round trip)', () => {
    if (!r.ok) throw new Error('not ok');
    const echo = formatScgOrders(r.value.orders, TANK_BATTLE, { gameId: 'ridge-3', turn: 1 });
    const again = parseScgSubmission(echo, ctx());
    expect(again.ok && again.value.orders).toEqual(r.value.orders);
  });
});

describe('§17.1 movement lines', () => {
  it.each([
    ['MOVE', 'UNIT_MISSING'],
    ['MOVE WM', 'MOVE_FORMAT'],
    ['MOVE WM NE XX', 'MOVE_FORMAT'],
    ['MOVE WM TO 0407 WITHIN 2', 'MOVE_FORMAT'], // WITHIN only with TOWARD
    ['MOVE WM HOLD HALT 2', 'MOVE_FORMAT'], // HALT not with HOLD
    ['MOVE WM TOWARD EH HALT 2 HALT 3', 'MOVE_FORMAT'], // a clause twice
    ['MOVE WM TOWARD EH WITHIN two', 'MOVE_FORMAT'],
    ['MOVE WM TOWARD', 'MOVE_FORMAT'],
    ['MOVE WM TOWARD EH HALT 0', 'HALT_VALUE'],
    ['MOVE WM TOWARD EH WITHIN 100', 'WITHIN_VALUE'],
    ['MOVE WM TO 12', 'HEX_FORMAT'],
    ['MOVE WM TO 1713', 'TO_OFF_MAP'],
    ['MOVE WM TO 0504', 'TO_IMPASSABLE'],
    ['MOVE WM TOWARD XYZ', 'TARGET_UNKNOWN'],
    ['MOVE WM TOWARD WH', 'TARGET_FRIENDLY'],
    ['MOVE WM N N N N N', 'PATH_TOO_LONG'],
    ['MOVE WM N N N N', 'PATH_OFF_MAP'],
    ['MOVE WM SE SE NE', 'PATH_IMPASSABLE'],
    ['MOVE EH HOLD', 'UNIT_NOT_YOURS'],
    ['MOVE ZZ HOLD', 'UNKNOWN_UNIT'],
  ])('%s → %s', (line, code) => {
    expect(codes(line)).toEqual([[2, code]]);
  });

  it('MOVE_TWICE: at most one MOVE line per unit (any case)', () => {
    expect(codes('MOVE WM HOLD\nMOVE wm N')).toEqual([[3, 'MOVE_TWICE']]);
  });

  it('WITHIN and HALT in either order; NEAREST and directions in any case', () => {
    const r = parse('MOVE wl1 toward nearest halt 2 within 3\nMOVE WM ne');
    expect(r.ok && r.value.orders.move).toEqual([
      { unit: 'WL1', order: { kind: 'toward', target: 'nearest', within: 3, halt: 2 } },
      { unit: 'WM', order: { kind: 'path', path: ['NE'] } },
    ]);
  });

  it('the messages say what is legal (§17.4 examples)', () => {
    const r = parse('MOVE WL1 N N N N N N N\nMOVE WM SE SE NE\nFIRE WM AT WH');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.message)).toEqual([
      'WL1 has MA 6: a path of 7 steps is too long',
      "step 3 of WM's path (NE) enters 0505, which is impassable: go round it, or write TO <hex>",
      expect.stringContaining('WH is your own unit: fire at or aim for enemy units'),
    ]);
  });
});

describe('§17.2 fire lines', () => {
  it.each([
    ['FIRE', 'UNIT_MISSING'],
    ['FIRE WM AT', 'FIRE_FORMAT'],
    ['FIRE WM HOLD AT EH', 'FIRE_FORMAT'], // HOLD only last
    ['FIRE WM GUN MG', 'FIRE_FORMAT'], // one mount per line
    ['FIRE WM CANNON AT EH', 'FIRE_UNKNOWN_WEAPON'],
    ['FIRE WM AT EH EH', 'TARGET_DUPLICATE'],
    ['FIRE WM AT WH', 'TARGET_FRIENDLY'],
    ['FIRE WM AT QQ', 'TARGET_UNKNOWN'],
    ['FIRE EM', 'UNIT_NOT_YOURS'],
  ])('%s → %s', (line, code) => {
    expect(codes(line)).toEqual([[2, code]]);
  });

  it('Ruling §17.2: a second unit line, or a second line for one mount, is FIRE_TWICE', () => {
    expect(codes('FIRE WM\nFIRE WM AT EH')).toEqual([[3, 'FIRE_TWICE']]);
    expect(codes('FIRE WM MG\nFIRE WM mg HOLD')).toEqual([[3, 'FIRE_TWICE']]);
  });

  it('mount lines only: the unit line is written in the echo with the default', () => {
    const r = parse('FIRE WH GUN2 HOLD');
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(formatScgOrders(r.value.orders, TANK_BATTLE, { gameId: 'g', turn: 1 })).toContain(
      'FIRE WH\nFIRE WH GUN2 HOLD\n',
    );
  });

  it('the fire list is the order units first appear on FIRE lines', () => {
    const r = parse('FIRE WM MG\nFIRE WH\nFIRE WM');
    expect(r.ok && r.value.orders.fire.map((f) => f.unit)).toEqual(['WM', 'WH']);
  });

  it('every problem of a submission is listed, each with its line', () => {
    expect(codes('MOVE ZZ HOLD\nFIRE WM AT WH EH EH\nBOGUS')).toEqual([
      [2, 'UNKNOWN_UNIT'],
      [3, 'TARGET_FRIENDLY'],
      [3, 'TARGET_DUPLICATE'],
      [4, 'UNKNOWN_KEYWORD'],
    ]);
  });
});

describe('§17.5 the order block', () => {
  const block = scgOrderBlock(WORKED_EXAMPLE, 'west', { gameId: 'ex', turn: 1 });

  it('lists each unit with hex, MA, damage/DC, and distance, range and LOS to every enemy; lines within 78 columns', () => {
    expect(block).toContain('# WM at 0205, MA 4, damage 0/4: EH 7/- no LOS');
    expect(block).toContain('# WL at 0207, MA 6, damage 0/3: EH 7/- LOS');
    for (const l of block.split('\n')) expect(l.length).toBeLessThanOrEqual(78);
  });

  it('ends with MOVE <unit> HOLD and FIRE <unit> lines in unit order: the standing orders, parsed as such', () => {
    expect(block).toContain('MOVE WM HOLD\nMOVE WL HOLD\nFIRE WM\nFIRE WL\nEND\n');
    const r = parseScgSubmission(block, { gameId: 'ex', turn: 1, side: 'west', state: WORKED_EXAMPLE, sent: () => [] });
    expect(r.ok && r.value.orders.move.every((m) => m.order.kind === 'hold')).toBe(true);
  });

  it('a block quoted back unchanged is not taken as orders', () => {
    const quoted = block
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    const r = parseScgSubmission(`Hi,\n\n${quoted}`, { gameId: 'ex', turn: 1, side: 'west', state: WORKED_EXAMPLE });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toContain('QUOTED_UNCHANGED');
  });
});
