/**
 * rules-scg.md, one test per rule and per Ruling, each quoting its section.
 * Positions are on the 10 × 8 map of fixtures.ts unless said otherwise.
 */
import { describe, expect, it } from 'vitest';
import { DiceExhaustedError, ScriptedDice } from '../../../src/rules/dice.ts';
import { Field, hasLineOfSight, rangeOf, terrainOf } from '../../../src/rules/scg/board.ts';
import { distance } from '../../../src/rules/hex.ts';
import { resolveScgTurn, scores } from '../../../src/rules/scg/resolve.ts';
import type {
  ActivationEvent,
  MoveEvent,
  ScgEvent,
  ScgSideOrders,
  ScgState,
  ShotEvent,
} from '../../../src/rules/scg/types.ts';
import { fire, h, orders, state, u } from './fixtures.ts';

const run = (s: ScgState, west: ScgSideOrders | undefined, east: ScgSideOrders | undefined, dice: number[]) =>
  resolveScgTurn(s, { ...(west ? { west } : {}), ...(east ? { east } : {}) }, new ScriptedDice(dice));
const of = <T extends ScgEvent['type']>(events: readonly ScgEvent[], type: T) =>
  events.filter((e): e is Extract<ScgEvent, { type: T }> => e.type === type);
const move = (events: readonly ScgEvent[], unit: string) => of(events, 'move').find((e) => e.unit === unit)!;
const HOLD_FIRE = (unit: string) => fire(unit, [], true);

describe('§2 the board', () => {
  it('distance: (|Δq| + |Δa| + |Δq + Δa|) / 2 with a = r − floor((c − 1) / 2)', () => {
    const axial = (c: number, r: number) => [c, r - Math.floor((c - 1) / 2)] as const;
    for (const [a, b] of [
      ['0101', '0909'],
      ['0505', '0702'],
      ['0204', '0811'],
    ] as const) {
      const [q1, a1] = axial(h(a).col, h(a).row);
      const [q2, a2] = axial(h(b).col, h(b).row);
      const dq = q2 - q1;
      const da = a2 - a1;
      expect(distance(h(a), h(b))).toBe((Math.abs(dq) + Math.abs(da) + Math.abs(dq + da)) / 2);
    }
  });

  it('range is ceil(d / rangeScale): with 2, distances 1–2 are range 1, 11–12 range 6, 13 out of range', () => {
    expect([1, 2, 3, 4, 11, 12, 13].map((d) => rangeOf(d, 2))).toEqual([1, 1, 2, 2, 6, 6, 7]);
    expect([1, 6, 7].map((d) => rangeOf(d, 1))).toEqual([1, 6, 7]);
  });

  it('Ruling §2: with rangeScale 2, a Light Gun reaches a target 12 hexes away; HALT still counts hexes', () => {
    const s = state([u('WL', 'west', 'light-tank', '0101'), u('EL', 'east', 'light-tank', '1301')], {
      rangeScale: 2,
      map: { width: 20, height: 8, impassable: [] },
    });
    const west = orders(
      [{ unit: 'WL', order: { kind: 'path', path: ['SE'], halt: 11 } }],
      [fire('WL', [], false, [{ mount: 'MG', targets: [], hold: true }])],
    );
    const r = run(s, west, orders([], [HOLD_FIRE('EL')]), [6, 1, 6, 6]);
    expect(move(r.events, 'WL').stop).toBe('done'); // 12 hexes away: HALT 11 does not stop it
    const shot = of(r.events, 'shot')[0]!;
    expect([shot.distance, shot.range]).toEqual([11, 6]);
  });
});

describe('§3 terrain and line of sight', () => {
  const blocked = (from: string, to: string, impassable: string[]) =>
    !hasLineOfSight(terrainOf({ width: 12, height: 12, impassable: impassable.map(h) }), h(from), h(to));

  it('§3.2 rule 3: 0810 → 0707 crosses 0809, 0709, 0808 and 0708; any of them impassable blocks', () => {
    for (const x of ['0809', '0709', '0808', '0708']) expect(blocked('0810', '0707', [x])).toBe(true);
    expect(blocked('0810', '0707', [])).toBe(false);
  });

  it('§3.2 rule 4: 0505 → 0702 grazing: blockers on opposite sides block, on the same side do not', () => {
    expect(blocked('0505', '0702', ['0504', '0703'])).toBe(true);
    expect(blocked('0505', '0702', ['0504', '0602'])).toBe(false);
    expect(blocked('0505', '0702', ['0603'])).toBe(true);
  });

  it('§3.2 rule 4: 0505 → 0609 touches 0606 and 0508 at corners: blocked only when both are impassable', () => {
    expect(blocked('0505', '0609', ['0606', '0508'])).toBe(true);
    expect(blocked('0505', '0609', ['0606'])).toBe(false);
    expect(blocked('0505', '0609', ['0508'])).toBe(false);
  });

  it('§3.2 rules 5 and 6: adjacent hexes always see each other; LOS is symmetric', () => {
    expect(blocked('0505', '0605', ['0504', '0506', '0604', '0606'])).toBe(false);
    expect(blocked('0702', '0505', ['0504', '0703'])).toBe(true);
  });

  it('§3.2 rule 2: units never block line of sight, friend or foe', () => {
    const s = state([
      u('WM', 'west', 'medium-tank', '0104'),
      u('WL', 'west', 'light-tank', '0204'),
      u('EL', 'east', 'light-tank', '0304'),
      u('EM', 'east', 'medium-tank', '0404'),
    ]);
    const r = run(
      s,
      orders([], [fire('WM', ['EM']), HOLD_FIRE('WL')]),
      orders([], [HOLD_FIRE('EL'), HOLD_FIRE('EM')]),
      [6, 1, 2, 2, 2, 2, 2, 2],
    );
    const act = of(r.events, 'activation').find((e) => e.unit === 'WM')!;
    expect(act.declared[0]!.target).toBe('EM');
  });
});

describe('§7 initiative', () => {
  const two = state([u('WM', 'west', 'medium-tank', '0101'), u('EM', 'east', 'medium-tank', '1008')]);

  it('one die each in seat order; the side with more units in play adds 1', () => {
    const s = state([...two.units, u('WL', 'west', 'light-tank', '0103')]);
    const r = run(s, undefined, undefined, [2, 3, 4, 4]);
    expect(r.events[0]).toMatchObject({ rolls: { west: [2, 4], east: [3, 4] }, bonus: { west: 1, east: 0 } });
  });

  it('Ruling §7: a tie is rolled again, in seat order, with the same +1, until the totals differ', () => {
    const s = state([...two.units, u('WL', 'west', 'light-tank', '0103')]);
    const r = run(s, undefined, undefined, [3, 4, 5, 6, 6, 2]);
    expect(r.events[0]).toEqual({
      type: 'initiative',
      rolls: { west: [3, 5, 6], east: [4, 6, 2] },
      bonus: { west: 1, east: 0 },
      order: ['west', 'east'],
    });
  });

  it('equal numbers of units: neither adds 1', () => {
    const r = run(two, undefined, undefined, [2, 5]);
    expect(r.events[0]).toMatchObject({ bonus: { west: 0, east: 0 }, order: ['east', 'west'] });
  });
});

describe('§8 movement', () => {
  it('§8.1: activations alternate from the initiative side; when one list is used up the other goes on; unlisted units hold after', () => {
    const s = state([
      u('W1', 'west', 'light-tank', '0101'),
      u('W2', 'west', 'light-tank', '0103'),
      u('W3', 'west', 'light-tank', '0105'),
      u('E1', 'east', 'light-tank', '1001'),
    ]);
    const west = orders([
      { unit: 'W3', order: { kind: 'hold' } },
      { unit: 'W1', order: { kind: 'path', path: ['S'] } },
    ]);
    const r = run(s, west, undefined, [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(of(r.events, 'move').map((e) => [e.unit, e.stop])).toEqual([
      ['W3', 'hold'],
      ['E1', 'hold'],
      ['W1', 'done'],
      ['W2', 'hold'],
    ]);
  });

  it('§8.3 NEAREST: least distance, then least DC − damage, then unit order (§15.3: WL over WM)', () => {
    const s = state([
      u('WM', 'west', 'medium-tank', '0205'),
      u('WL', 'west', 'light-tank', '0207'),
      u('EH', 'east', 'dual-heavy-tank', '0904'),
    ]);
    const east = orders([{ unit: 'EH', order: { kind: 'toward', target: 'nearest', within: 6 } }], [HOLD_FIRE('EH')]);
    const r = run(s, orders([], [HOLD_FIRE('WM'), HOLD_FIRE('WL')]), east, [1, 6]);
    expect(move(r.events, 'EH')).toMatchObject({ target: 'WL', aim: '0207' });
    const damaged = state([u('WM', 'west', 'medium-tank', '0205', 3), s.units[1]!, s.units[2]!]);
    const r2 = run(damaged, orders([], [HOLD_FIRE('WM'), HOLD_FIRE('WL')]), east, [1, 6]);
    expect(move(r2.events, 'EH')).toMatchObject({ target: 'WM' }); // DC − damage 1 against 3
  });

  it('§8.4 rule 5: among equally short routes, the first direction in the order N NE SE S SW NW', () => {
    const s = state([u('WL', 'west', 'light-tank', '0505'), u('EL', 'east', 'light-tank', '1008')]);
    // 0505 → 0705: two steps either NE then SE, or SE then NE: NE comes first.
    const r = run(s, orders([{ unit: 'WL', order: { kind: 'to', hex: h('0705') } }]), undefined, [6, 1, 1, 1, 1, 1]);
    expect(move(r.events, 'WL')).toMatchObject({ path: ['0604', '0705'], stop: 'done', aim: '0705' });
  });

  it('§8.4 rules 3 and 6: a taken TO hex gives the reachable hexes nearest to it; routes go round units and impassable hexes', () => {
    const s = state(
      [
        u('WL', 'west', 'light-tank', '0105'),
        u('WM', 'west', 'medium-tank', '0505'),
        u('EL', 'east', 'light-tank', '1008'),
      ],
      { impassable: ['0304'] },
    );
    const r = run(
      s,
      orders([{ unit: 'WL', order: { kind: 'to', hex: h('0505') } }]),
      undefined,
      [6, 1, 1, 1, 1, 1, 1, 1],
    );
    const e = move(r.events, 'WL');
    expect(e.stop).toBe('done');
    expect(distance(h(e.to), h('0505'))).toBe(1);
    expect(e.path).not.toContain('0304');
  });

  it('§8.4 rule 4: a unit already in its goal does not move (done)', () => {
    const s = state([u('WL', 'west', 'light-tank', '0105'), u('EL', 'east', 'light-tank', '0305')]);
    const r = run(
      s,
      orders([{ unit: 'WL', order: { kind: 'toward', target: 'EL', within: 2 } }]),
      undefined,
      [6, 1, 1, 1, 1, 1],
    );
    expect(move(r.events, 'WL')).toMatchObject({ hexes: 0, stop: 'done', target: 'EL' });
  });

  it('§8.5 halt: checked before each step, the first included', () => {
    const s = state([u('WL', 'west', 'light-tank', '0105'), u('EL', 'east', 'light-tank', '0405')]);
    const r = run(
      s,
      orders([{ unit: 'WL', order: { kind: 'path', path: ['N'], halt: 3 } }]),
      undefined,
      [6, 1, 1, 1, 1, 1],
    );
    expect(move(r.events, 'WL')).toMatchObject({ hexes: 0, stop: 'halt' });
  });

  it('§8.5 allowance: TO and TOWARD stop when MA hexes have been entered; the route may be longer', () => {
    const s = state([u('WH', 'west', 'dual-heavy-tank', '0101'), u('EL', 'east', 'light-tank', '1008')]);
    const r = run(s, orders([{ unit: 'WH', order: { kind: 'to', hex: h('0108') } }]), undefined, [6, 1, 1, 1, 1]);
    expect(move(r.events, 'WH')).toMatchObject({ hexes: 3, stop: 'allowance', to: '0104' });
  });

  it('§8.5 blocked and Ruling §8.6: a path into a held hex stops there, the rest dropped, blockedBy named', () => {
    const s = state([
      u('WL', 'west', 'light-tank', '0105'),
      u('WM', 'west', 'medium-tank', '0107'),
      u('EL', 'east', 'light-tank', '1008'),
    ]);
    const r = run(
      s,
      orders([{ unit: 'WL', order: { kind: 'path', path: ['S', 'S', 'S'] } }]),
      undefined,
      [6, 1, 1, 1, 1, 1, 1, 1],
    );
    expect(move(r.events, 'WL')).toMatchObject({ path: ['0106'], hexes: 1, stop: 'blocked', blockedBy: 'WM' });
  });

  it('§8.1 and §20.13: a unit that moves later reacts to where an earlier one went', () => {
    const s = state([u('WL', 'west', 'light-tank', '0101'), u('EL', 'east', 'light-tank', '1008')]);
    const west = orders([{ unit: 'WL', order: { kind: 'toward', target: 'EL', within: 1 } }]);
    const east = orders([{ unit: 'EL', order: { kind: 'path', path: ['N', 'N'] } }]);
    const r = run(s, west, east, [1, 6, 1, 1, 1, 1, 1, 1]);
    expect(move(r.events, 'WL').aim).toBe('1006');
  });
});

describe('§9 firing', () => {
  it('§9.2: a target list is tried in order; a mount line replaces it for that weapon; HOLD fires nothing', () => {
    const s = state([
      u('WM', 'west', 'medium-tank', '0104'),
      u('EL', 'east', 'light-tank', '0304'),
      u('EM', 'east', 'medium-tank', '0404'),
    ]);
    const west = orders([], [fire('WM', ['EM', 'EL'], false, [{ mount: 'MG', targets: [], hold: true }])]);
    const east = orders([], [HOLD_FIRE('EL'), HOLD_FIRE('EM')]);
    const r = run(s, west, east, [6, 1, 1, 1, 1, 1]);
    const act = of(r.events, 'activation').find((e) => e.unit === 'WM')!;
    expect(act.declared).toEqual([
      { weapon: 'GUN', target: 'EM', indirect: false, reason: null },
      { weapon: 'MG', target: null, indirect: false, reason: 'hold' },
    ]);
  });

  it('§9.2 rule 3: nothing eligible → no-target; out of range is not eligible', () => {
    const s = state([u('WI', 'west', 'infantry-squad', '0101'), u('EL', 'east', 'light-tank', '0108')]);
    const r = run(s, undefined, orders([], [HOLD_FIRE('EL')]), [6, 1]);
    expect(of(r.events, 'activation')[0]!.declared.map((d) => d.reason)).toEqual(['no-target', 'no-target']);
    expect(r.diceUsed).toBe(2);
  });

  it('§9.3: no LOS, no shot — unless Indirect and another friendly unit sees the target (recorded as indirect)', () => {
    const wall = ['0402', '0403', '0404', '0405', '0406', '0407'];
    const base = [u('WA', 'west', 'artillery', '0104'), u('EL', 'east', 'light-tank', '0604')];
    const alone = run(state(base, { impassable: wall }), undefined, orders([], [HOLD_FIRE('EL')]), [6, 1]);
    expect(of(alone.events, 'activation')[0]!.declared[0]).toMatchObject({ target: null, reason: 'no-target' });
    const spotted = state([...base, u('WS', 'west', 'scout-car', '0601')], { impassable: wall });
    const r = run(spotted, orders([], [fire('WA'), HOLD_FIRE('WS')]), orders([], [HOLD_FIRE('EL')]), [6, 1, 5, 3]);
    expect(of(r.events, 'activation')[0]!.declared[0]).toEqual({
      weapon: 'HOW',
      target: 'EL',
      indirect: true,
      reason: null,
    });
    expect(of(r.events, 'shot')[0]).toMatchObject({ need: 5, modifier: 1, roll: 5, hit: true, range: 5 });
  });

  it('§5.3 Static: a weapon of a unit that moved gets no target (reason moved)', () => {
    const s = state([u('WA', 'west', 'artillery', '0104'), u('EL', 'east', 'light-tank', '0604')]);
    const r = run(
      s,
      orders([{ unit: 'WA', order: { kind: 'path', path: ['S'] } }]),
      orders([], [HOLD_FIRE('EL')]),
      [6, 1],
    );
    expect(of(r.events, 'activation')[0]!.declared[0]).toMatchObject({ target: null, reason: 'moved' });
  });

  it('§10: Heavy −1 when the unit declared more than one weapon; +1 for not moving', () => {
    const s = state([u('WH', 'west', 'dual-heavy-tank', '0104'), u('EL', 'east', 'light-tank', '0304')]);
    const r = run(s, undefined, orders([], [HOLD_FIRE('EL')]), [6, 1, 3, 3, 3, 1, 1, 1]);
    expect(of(r.events, 'shot').map((e) => [e.weapon, e.modifier])).toEqual([
      ['GUN1', 0],
      ['GUN2', 0],
      ['MG', 1],
    ]);
    const one = run(
      s,
      orders(
        [],
        [
          fire('WH', [], false, [
            { mount: 'GUN2', targets: [], hold: true },
            { mount: 'MG', targets: [], hold: true },
          ]),
        ],
      ),
      orders([], [HOLD_FIRE('EL')]),
      [6, 1, 3, 1],
    );
    expect(of(one.events, 'shot').map((e) => [e.weapon, e.modifier])).toEqual([['GUN1', 1]]);
  });

  it('§10: more than half the MA entered is −1 (2 × hexes > MA); half or less nothing; Stabilised ignores it', () => {
    const mods = (type: string, steps: number) => {
      const s = state([u('W', 'west', type, '0101'), u('EL', 'east', 'light-tank', '0108')]);
      const path = Array.from({ length: steps }, () => 'S' as const);
      const r = run(
        s,
        orders([{ unit: 'W', order: { kind: 'path', path } }], [fire('W', [], false, [])]),
        orders([], [HOLD_FIRE('EL')]),
        [6, 1, 2, 2, 2, 2],
      );
      return of(r.events, 'shot').map((e) => e.modifier)[0];
    };
    expect(mods('light-tank', 3)).toBe(0); // MA 6, 3 hexes: not more than half
    expect(mods('light-tank', 4)).toBe(-1);
    expect(mods('medium-tank', 4)).toBe(0); // Stabilised
  });

  it('§10 example: a unit blocked before its first step did not move: +1', () => {
    const s = state([
      u('WL', 'west', 'light-tank', '0105'),
      u('WM', 'west', 'medium-tank', '0106'),
      u('EL', 'east', 'light-tank', '0305'),
    ]);
    const r = run(
      s,
      orders([{ unit: 'WL', order: { kind: 'path', path: ['S'] } }], [fire('WL', ['EL']), HOLD_FIRE('WM')]),
      orders([], [HOLD_FIRE('EL')]),
      [6, 1, 2, 2, 2, 2],
    );
    expect(move(r.events, 'WL').stop).toBe('blocked');
    expect(of(r.events, 'shot')[0]!.modifier).toBe(1);
  });

  it('Ruling §11: a natural 1 always fails, whatever the modifiers; a 6 is not automatic', () => {
    const s = state([u('WH', 'west', 'dual-heavy-tank', '0104'), u('EL', 'east', 'scout-car', '0204')]);
    // One Heavy Gun only (+1 stationary): TH 4 at range 1, needs 3 on the die; a 1 + 1 = 2 misses either way.
    const only = fire('WH', [], false, [
      { mount: 'GUN2', targets: [], hold: true },
      { mount: 'MG', targets: [], hold: true },
    ]);
    const r = run(s, orders([], [only]), orders([], [HOLD_FIRE('EL')]), [6, 1, 1]);
    expect(of(r.events, 'shot')[0]).toMatchObject({ roll: 1, modifier: 1, hit: false });
    // A Machine Gun against a Dual-Heavy Tank at range 3: TD 5, AR −2: a 6 makes 4, no damage.
    const t = state([u('WL', 'west', 'scout-car', '0101'), u('EH', 'east', 'dual-heavy-tank', '0104')]);
    const r2 = run(t, undefined, orders([], [HOLD_FIRE('EH')]), [6, 1, 6, 6]);
    expect(of(r2.events, 'damage')[0]).toMatchObject({ need: 5, modifier: -2, roll: 6, damaged: false, power: 0 });
  });

  it("§4.2: the damage roll adds the target's AR: 1+ helps the firer", () => {
    const s = state([u('WL', 'west', 'light-tank', '0101'), u('EI', 'east', 'infantry-squad', '0103')]);
    const r = run(
      s,
      orders([], [fire('WL', [], false, [{ mount: 'MG', targets: [], hold: true }])]),
      orders([], [HOLD_FIRE('EI')]),
      [6, 1, 4, 2],
    );
    expect(of(r.events, 'damage')[0]).toMatchObject({
      need: 3,
      modifier: 1,
      roll: 2,
      damaged: true,
      power: 1,
      damage: 1,
    });
  });

  it('§9.4 and Ruling §9.2: all to-hit dice, then damage; a hit on a target destroyed earlier in the activation is wasted, no die', () => {
    const s = state([u('WH', 'west', 'dual-heavy-tank', '0104'), u('EI', 'east', 'infantry-squad', '0204')]);
    const r = run(s, undefined, orders([], [HOLD_FIRE('EI')]), [6, 1, 5, 5, 5, 6]);
    expect(of(r.events, 'shot').every((e) => e.hit)).toBe(true);
    expect(r.events.slice(-5).map((e) => e.type)).toEqual(['damage', 'destroyed', 'wasted', 'wasted', 'game-over']);
    expect(r.diceUsed).toBe(6);
    expect(r.events.find((e) => e.type === 'destroyed')).toEqual({
      type: 'destroyed',
      unit: 'EI',
      by: 'WH',
      weapon: 'GUN1',
      hex: '0204',
    });
  });

  it('§9.1: a unit destroyed before its activation never fires; the phase ends when a side has no unit left', () => {
    const s = state([
      u('WH', 'west', 'dual-heavy-tank', '0104'),
      u('EI', 'east', 'infantry-squad', '0204'),
      u('E2', 'east', 'scout-car', '0108'),
    ]);
    // West wins initiative; WH kills EI; E2 then fires; the game is not over.
    const r = run(s, orders([], [fire('WH', ['EI'])]), undefined, [6, 1, 5, 5, 5, 6, 1]);
    const acts = of(r.events, 'activation').map((e) => e.unit);
    expect(acts).toEqual(['WH', 'E2']);
  });

  it('§9.1: fire alternates; the side with no unit left to activate lets the other go on', () => {
    const s = state([
      u('W1', 'west', 'light-tank', '0101'),
      u('W2', 'west', 'light-tank', '0103'),
      u('E1', 'east', 'light-tank', '1008'),
    ]);
    const r = run(s, orders([], [HOLD_FIRE('W2'), HOLD_FIRE('W1')]), orders([], [HOLD_FIRE('E1')]), [1, 6]);
    expect(of(r.events, 'activation').map((e: ActivationEvent) => e.unit)).toEqual(['E1', 'W2', 'W1']);
  });
});

describe('§13 end of turn and victory', () => {
  const s = state([u('WM', 'west', 'medium-tank', '0101', 2), u('EH', 'east', 'dual-heavy-tank', '1008', 1)]);

  it('rule 4: a side scores floor(points × damage / DC) per enemy unit, full points when destroyed', () => {
    expect(scores(s, s.units)).toEqual({ west: 5, east: 7 });
    expect(scores(s, [{ ...s.units[0]!, status: 'destroyed' }, s.units[1]!])).toEqual({ west: 5, east: 15 });
  });

  it('rule 1: a conceded side loses at once, nothing rolled; both conceded is a draw', () => {
    const r = run({ ...s, conceded: ['east'] }, undefined, undefined, []);
    expect([r.winner, r.reason, r.diceUsed, r.initiative]).toEqual(['west', 'concession', 0, []]);
    expect(r.events).toEqual([
      { type: 'game-over', winner: 'west', reason: 'concession', scores: { west: 5, east: 7 } },
    ]);
    const both = run({ ...s, conceded: ['east', 'west'] }, undefined, undefined, []);
    expect([both.winner, both.events[0]]).toEqual(['draw', expect.objectContaining({ winner: null })]);
  });

  it('rule 2 Ruling: a position with a side already without units ends at once, nothing rolled', () => {
    const r = run(
      state([
        u('WM', 'west', 'medium-tank', '0101'),
        { ...u('EH', 'east', 'dual-heavy-tank', '1008'), status: 'destroyed' },
      ]),
      undefined,
      undefined,
      [],
    );
    expect([r.winner, r.reason, r.diceUsed, r.gameOver]).toEqual(['west', 'destroyed', 0, true]);
  });

  it('rule 2: destruction at the end of the turn', () => {
    const t = state([u('WH', 'west', 'dual-heavy-tank', '0104'), u('EI', 'east', 'infantry-squad', '0204')]);
    const r = run(t, undefined, undefined, [6, 1, 5, 5, 5, 6]);
    expect([r.winner, r.reason, r.state.units[1]!.status]).toEqual(['west', 'destroyed', 'destroyed']);
  });

  it('rule 3: at the end of the turn limit the higher score wins; equal scores draw', () => {
    const r = run({ ...s, turnLimit: 1 }, undefined, undefined, [6, 1, ...Array<number>(10).fill(1)]);
    expect([r.winner, r.reason, r.state.turn]).toEqual(['east', 'turn-limit', 2]);
    const even = state([u('WM', 'west', 'medium-tank', '0101'), u('EM', 'east', 'medium-tank', '1008')], {
      turnLimit: 1,
    });
    expect(run(even, undefined, undefined, [6, 1, 1, 1, 1, 1]).winner).toBe('draw');
  });
});

describe('§17.6 and §19', () => {
  it('§17.6: a side with no orders holds and fires every weapon at the nearest eligible target', () => {
    const s = state([
      u('WM', 'west', 'medium-tank', '0101'),
      u('EL', 'east', 'light-tank', '0103'),
      u('E2', 'east', 'light-tank', '0108'),
    ]);
    const r = run(s, undefined, orders([], [HOLD_FIRE('EL'), HOLD_FIRE('E2')]), [6, 1, 2, 2, 1, 1]);
    expect(move(r.events, 'WM').stop).toBe('hold');
    expect(of(r.events, 'activation')[0]!.declared.map((d) => d.target)).toEqual(['EL', 'EL']);
  });

  it('§19: scripted dice that run out throw DiceExhaustedError (the adjudicator exits 3)', () => {
    const s = state([u('WM', 'west', 'medium-tank', '0101'), u('EL', 'east', 'light-tank', '0103')]);
    expect(() => run(s, undefined, undefined, [6, 1, 2])).toThrow(DiceExhaustedError);
  });

  it('§19: every die appears in one event, in the order rolled', () => {
    const s = state([u('WH', 'west', 'dual-heavy-tank', '0104'), u('EM', 'east', 'medium-tank', '0304')]);
    const dice = [3, 3, 2, 4, 6, 5, 4, 3, 6, 6, 5, 4, 3, 2, 1, 6, 5, 4];
    const r = run(s, undefined, undefined, dice);
    const seen: number[] = [];
    for (const e of r.events) {
      if (e.type === 'initiative')
        for (let i = 0; i < e.rolls.west!.length; i++) seen.push(e.rolls.west![i]!, e.rolls.east![i]!);
      if (e.type === 'shot' || e.type === 'damage') seen.push((e as ShotEvent).roll);
    }
    expect(seen).toEqual(dice.slice(0, r.diceUsed));
  });
});

describe('Field', () => {
  it("keeps one unit per hex and forgets a destroyed unit's hex", () => {
    const f = new Field(state([u('WM', 'west', 'medium-tank', '0101'), u('EL', 'east', 'light-tank', '0103')]));
    f.remove(f.byId.get('EL')!);
    expect(f.inPlay().map((x) => x.id)).toEqual(['WM']);
    expect(f.occupant.size).toBe(1);
  });
});

export type { MoveEvent };

describe('cases the spec does not settle, settled by its intent', () => {
  it('Ruling (added): damage is not capped at DC — the damage event shows the total, the unit is destroyed', () => {
    const s = state([u('WH', 'west', 'dual-heavy-tank', '0104'), u('EL', 'east', 'light-tank', '0204', 2)]);
    const only = fire('WH', [], false, [
      { mount: 'GUN2', targets: [], hold: true },
      { mount: 'MG', targets: [], hold: true },
    ]);
    const r = run(s, orders([], [only]), orders([], [HOLD_FIRE('EL')]), [6, 1, 6, 6]);
    expect(of(r.events, 'damage')[0]).toMatchObject({ power: 2, damage: 4 });
    expect(r.state.units[1]).toMatchObject({ status: 'destroyed', damage: 4 });
  });

  it('Ruling (added): a path step into a hex that is no longer open (a state changed since the orders) stops as blocked', () => {
    const s = state([u('WL', 'west', 'light-tank', '0105'), u('EL', 'east', 'light-tank', '1008')], {
      impassable: ['0106'],
    });
    const r = run(s, orders([{ unit: 'WL', order: { kind: 'path', path: ['S'] } }]), undefined, [6, 1, 1, 1, 1, 1]);
    expect(move(r.events, 'WL')).toMatchObject({ hexes: 0, stop: 'blocked' });
    expect(move(r.events, 'WL').blockedBy).toBeUndefined();
  });
});
