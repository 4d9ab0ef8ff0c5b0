/**
 * The `mini-combat` kind's own parts (rules-mini-combat.md §20–§22.8): its settings and boards, the ready force and
 * the default placement a side without an army list gets (§21), the army list by text and as a document, turn 1's
 * position, the report (the turn as the side saw it, a battlefield within 78 columns, the units, the score) and the
 * side's view given to the browser. Rulings of this service where the rules are silent are quoted as such.
 */
import { describe, expect, it } from 'vitest';
import { parsePositionInput } from '../../src/adjudicator/mini-combat-json.ts';
import { generatedTerrain } from '../../src/kinds/mini-combat/boards.ts';
import { miniCombatKind } from '../../src/kinds/mini-combat/index.ts';
import {
  defaultObjectives,
  emptyPosition,
  miniSettingsSchema,
  type MiniSettings,
} from '../../src/kinds/mini-combat/settings.ts';
import { defaultMiniSetup, placeByDefault, writeMiniSetup } from '../../src/kinds/mini-combat/setup.ts';
import { viewPosition } from '../../src/kinds/mini-combat/view-position.ts';
import { miniNarrative } from '../../src/reports/mini-narrative.ts';
import { miniMap } from '../../src/reports/mini-map.ts';
import { distance, formatHex } from '../../src/rules/hex.ts';
import { ScriptedDice, SeededDice } from '../../src/rules/dice.ts';
import { defaultForce, libraryUnitCost } from '../../src/rules/mini-combat/library.ts';
import type { MiniEvent } from '../../src/rules/mini-combat/battlefield.ts';
import { setupCost } from '../../src/rules/mini-combat/setup.ts';
import type { MiniPosition } from '../../src/rules/mini-combat/types.ts';
import { setupUnitsOf, type MiniSetup } from '../../src/orders/mini-combat/index.ts';

const settings = (s: Record<string, unknown> = {}): MiniSettings => miniSettingsSchema.parse(s);
const at = (p: MiniPosition, side: string, s: MiniSettings) => ({ gameId: 'mc-1', side, state: p, settings: s });
const name = (s: string) => (s === 'red' ? 'Red' : 'Blue');

describe('settings (§21)', () => {
  it('default: a standard battle of 1000 points a side (target 500) on 24 × 36, 10 turns, stack 3', () => {
    const s = settings();
    const p = emptyPosition(s);
    expect(p.battle).toEqual({ type: 'standard', target: 500 });
    expect(p.map).toEqual({ width: 24, height: 36 });
    expect(p.turnLimit).toBe(10);
    expect(p.options.stack).toBe(3);
    expect(p.edges).toEqual({ red: 'N', blue: 'S' });
  });

  it('"a scenario with other forces sets T to half of them" (§20.2): 600 points, target 300', () => {
    expect(emptyPosition(settings({ points: 600 })).battle).toEqual({ type: 'standard', target: 300 });
  });

  it('a defensive battle: attacker 1200, defender 600, control 6, destroy 800 (§20.3), with 8 objectives', () => {
    const s = settings({ battle: 'defensive' });
    const b = emptyPosition(s).battle;
    expect(b).toMatchObject({ type: 'defensive', attacker: 'red', defender: 'blue', control: 6, destroy: 800 });
    expect(miniCombatKind.setup.serviceSettings(s).zones).toEqual({
      red: { fromCol: 1, toCol: 24, fromRow: 1, toRow: 4 },
      blue: { fromCol: 1, toCol: 24, fromRow: 29, toRow: 36 },
    });
  });

  it('refuses a generated board without a seed, terrain without board given, a map too narrow to defend', () => {
    const issues = (s: Record<string, unknown>) =>
      miniSettingsSchema.safeParse(s).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues({ board: 'generated' })).toEqual([expect.stringMatching(/^seed: board generated draws/)]);
    expect(issues({ terrain: { '0101': 'forest' } })).toEqual([
      expect.stringMatching(/^terrain: board open-field places its own terrain/),
    ]);
    expect(issues({ board: 'given', terrain: { '3001': 'forest' } })).toEqual([
      expect.stringMatching(/^terrain.3001: hex 3001 is not on the 24 × 36 map/),
    ]);
    expect(issues({ battle: 'defensive', map: { width: 12, height: 20 } })).toEqual([
      expect.stringMatching(/^map: the defender's zone .* room for \d objectives 6 hexes apart, not 8/),
    ]);
  });
});

describe('boards (§2, §21: the terrain is the moderator’s, set when the battle is made)', () => {
  it('river-valley is §23’s terrain: the river on row 18 but the bridge 1218, the road down column 12', () => {
    const t = emptyPosition(settings({ board: 'river-valley' })).terrain;
    expect(t.get('0118')).toBe('river');
    expect(t.get('2418')).toBe('river');
    expect(t.get('1218')).toBe('road');
    expect(t.get('1201')).toBe('road');
    expect(t.get('1109')).toBe('building');
    expect(t.get('2121')).toBe('water');
    expect(t.get('0101')).toBeUndefined();
  });

  it('generated terrain: the same seed gives the same board, another seed another; both zones stay open', () => {
    const map = { width: 24, height: 36 };
    const a = generatedTerrain('hill-7', map);
    expect([...generatedTerrain('hill-7', map)]).toEqual([...a]);
    expect([...generatedTerrain('hill-8', map)]).not.toEqual([...a]);
    expect(a.size).toBeGreaterThan(20);
    for (const hex of a.keys()) {
      const row = Number(hex.slice(2));
      expect(row, hex).toBeGreaterThanOrEqual(9);
      expect(row, hex).toBeLessThanOrEqual(28);
    }
  });
});

describe('the ready force and the default placement (§21)', () => {
  it('Ruling: the default force takes rifle platoons, tank troops and mortars in turn, never over the points', () => {
    const force = defaultForce(1000);
    expect(force.map((u) => u.name)).toEqual([
      'infantry platoon',
      'tank troop',
      'infantry platoon',
      'mortar section',
      'infantry platoon',
      'tank troop',
      'infantry platoon',
    ]);
    expect(force.reduce((n, u) => n + libraryUnitCost(u), 0)).toBe(956);
    for (let points = 50; points <= 3000; points += 50)
      expect(defaultForce(points).reduce((n, u) => n + libraryUnitCost(u), 0)).toBeLessThanOrEqual(points);
  });

  it('"units in order, elements in order, each in the first hex … where it may be placed — the zone’s rows from the row nearest the enemy back to the edge, each row from column 1 up — facing the side’s forward direction"', () => {
    const p = emptyPosition(settings({ points: 600 }));
    const red = placeByDefault(p, 'red', defaultForce(600));
    expect(red[0]).toMatchObject({ id: 'R1', placement: { kind: 'at', facing: 'S' } });
    const hexes = (i: number) => (red[i]!.placement.kind === 'at' ? red[i]!.placement.hexes.map(formatHex) : []);
    // Three a hex (the stack limit), row 4 (nearest the enemy) from column 1.
    expect(hexes(0)).toEqual(['0104', '0104', '0104', '0204', '0204', '0204']);
    expect(hexes(1)).toEqual(['0304', '0304', '0304']);
    const blue = placeByDefault(p, 'blue', defaultForce(600));
    expect(blue[0]).toMatchObject({ id: 'B1', placement: { kind: 'at', facing: 'N' } });
    expect(blue[0]!.placement.kind === 'at' && formatHex(blue[0]!.placement.hexes[0]!)).toBe('0133');
  });

  it('a hex where an element "could not end a move" is passed over: tanks skip a forest, riflemen do not', () => {
    const p = emptyPosition(settings({ points: 600, board: 'given', terrain: { '0104': 'forest', '0204': 'forest' } }));
    const red = placeByDefault(p, 'red', defaultForce(600));
    expect(red[0]!.placement.kind === 'at' && formatHex(red[0]!.placement.hexes[0]!)).toBe('0104');
    // The tank troop comes after the platoon (0104, 0204 full of riflemen): 0304, a clear hex.
    expect(red[1]!.placement.kind === 'at' && red[1]!.placement.hexes.map(formatHex)).toEqual(['0304', '0304', '0304']);
    const tanksOnly = placeByDefault(p, 'red', [{ name: 'tank troop', parts: [{ design: 'Tank', count: 3 }] }]);
    expect(tanksOnly[0]!.placement.kind === 'at' && formatHex(tanksOnly[0]!.placement.hexes[0]!)).toBe('0304');
  });

  it('Ruling: the default objectives are the first hexes of the defender’s zone, in the placement’s order, each 6 or more from those before', () => {
    const p = emptyPosition(settings({ battle: 'defensive' }));
    const objectives = defaultObjectives(p, 'blue');
    expect(objectives.map(formatHex)).toEqual(['0129', '0729', '1329', '1929', '2432', '0433', '1033', '1633']);
    for (const a of objectives)
      for (const b of objectives) if (a !== b) expect(distance(a, b)).toBeGreaterThanOrEqual(6);
    expect(p.battle.type === 'defensive' && p.battle.objectives).toEqual(objectives);
  });
});

describe('army lists (§21)', () => {
  const s = settings({ points: 600 });
  const p = emptyPosition(s);

  it('the setup block reads as it is: the ready force within the side’s points', () => {
    const block = miniCombatKind.setup.setupBlock(at(p, 'red', s));
    expect(block).toMatch(/^# Your points: 600\. Your zone: rows 1–4, the whole width\.$/m);
    for (const line of block.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    const parsed = miniCombatKind.setup.parseSetup(block, at(p, 'red', s));
    expect(parsed.ok).toBe(true);
    const setup = (parsed as { setup: MiniSetup }).setup;
    expect(setupCost(setupUnitsOf(setup))).toBeLessThanOrEqual(600);
  });

  it('an army list as a document (the web, the API) is checked as its text would be: OVER_BUDGET', () => {
    const doc = writeMiniSetup(defaultMiniSetup(p, 'red', 600));
    expect(miniCombatKind.setup.readSetupDocument(doc, at(p, 'red', s))).toMatchObject({ ok: true });
    const tight = settings({ points: 100 });
    expect(miniCombatKind.setup.readSetupDocument(doc, at(emptyPosition(tight), 'red', tight))).toMatchObject({
      ok: false,
      how: 'rejected',
      code: 'OVER_BUDGET',
    });
    expect(miniCombatKind.setup.readSetupDocument({ designs: 'none' }, at(p, 'red', s))).toMatchObject({
      ok: false,
      how: 'unreadable',
      code: 'SETUP_FORMAT',
    });
  });

  it('turn 1 holds both sides’ units; a side without a list gets the ready force, and is told so', () => {
    const red = defaultMiniSetup(p, 'red', 600);
    const started = miniCombatKind.setup.start(p, new Map([['red', red]]), s);
    expect(started.state.units.filter((u) => u.side === 'red').map((u) => u.id)).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
      'R5',
    ]);
    expect(started.state.units.filter((u) => u.side === 'blue').map((u) => u.id)).toEqual([
      'B1',
      'B2',
      'B3',
      'B4',
      'B5',
    ]);
    expect(started.notes).toEqual({ blue: [expect.stringContaining('the default force')] });
  });

  it('the defender’s own objectives replace the default ones', () => {
    const d = settings({ battle: 'defensive' });
    const dp = emptyPosition(d);
    const own = {
      ...defaultMiniSetup(dp, 'blue', 600),
      objectives: defaultObjectives(dp, 'blue').map((h) => ({ ...h, row: h.row + 1 })),
    };
    const started = miniCombatKind.setup.start(dp, new Map([['blue', own]]), d);
    expect(started.state.battle.type === 'defensive' && started.state.battle.objectives.map(formatHex)).toContain(
      '0130',
    );
  });
});

/** A small battle: Red's rifles and a hidden scout at the north, Blue's rifles at the south. */
function battle(): MiniPosition {
  const e = (id: string, hex: string, facing: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: 'infantry',
    move: 10,
    range: 30,
    toHit: 4,
    save: 6,
    power: 2,
    armor: 2,
    morale: 4,
    status: 'active',
    hex,
    facing,
    ...extra,
  });
  const r = parsePositionInput({
    map: { width: 24, height: 20 },
    turn: 1,
    sides: ['red', 'blue'],
    units: [
      { id: 'Rfl', side: 'red', elements: [e('Rfla', '1104', 'S'), e('Rflb', '1104', 'S'), e('Rflc', '1104', 'S')] },
      { id: 'Owl', side: 'red', elements: [e('Owla', '2412', 'S', { special: ['Sc'], hidden: true })] },
      { id: 'Wall', side: 'blue', elements: [e('Walla', '1117', 'N'), e('Wallb', '1217', 'N')] },
    ],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value.position;
}

describe('what a side is shown (§9.3, §22.4)', () => {
  it('the view given to the browser holds the side’s own units and the enemy it sees: no hidden scout', () => {
    const p = battle();
    expect(viewPosition(p, 'blue').units.map((u) => u.id)).toEqual(['Rfl', 'Wall']);
    expect(viewPosition(p, 'red').units.map((u) => u.id)).toEqual(['Rfl', 'Owl', 'Wall']);
  });

  it('a seat’s report: its own scout on its map and in its units, none of it in the enemy’s', () => {
    const p = battle();
    const report = (side: string) =>
      miniCombatKind.report({
        game: { id: 'mc-1', name: 'Test' },
        turn: 1,
        state: p,
        history: [],
        deadline: null,
        reader: { kind: 'seat', side, timeZone: 'UTC' },
        sideName: name,
        seedCommitment: null,
      });
    const red = report('red');
    const blue = report('blue');
    expect(red.diagram).toMatch(/rOwl/);
    expect(JSON.stringify(red.sheets)).toMatch(/Owl/);
    expect(JSON.stringify(blue)).not.toMatch(/Owl/);
    for (const line of [red.diagram, blue.diagram].join('\n').split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(red.orderBlock).toMatch(/^UNIT Owl$/m);
  });

  it('the map is cut to the rows that hold something, says so, and spells out every hex it had to cut short', () => {
    const p = battle();
    const lines = miniMap(p, null, { sideName: name });
    expect(lines).toContain('Shown: rows 02–19 of 20.');
    // "rRfl*3" is one character too many for a hex: the id is cut, the count kept, and the hex spelled out below.
    expect(lines.join('\n')).toMatch(/rRf~3/);
    expect(lines.join('\n')).toMatch(/Hexes in full: 1104 Rfl ×3 \(Red\)\./);
  });
});

describe('the turn told (§22.3): every die, the number needed and why', () => {
  const told = (events: Record<string, unknown>[]) => miniNarrative(events as unknown as MiniEvent[], name);

  it('an attack with its modifiers, a cover save, Power against Armor, a morale test', () => {
    expect(
      told([
        { type: 'activation', seenBy: ['red'], phase: 'normal', side: 'red', unit: 'Rfl' },
        {
          type: 'attack',
          seenBy: ['red'],
          attacker: 'Rfla',
          target: 'Walla',
          weapon: 1,
          range: 15,
          melee: false,
          template: null,
          aim: null,
          need: 2,
          roll: 5,
          hit: true,
          mods: ['still', 'rear'],
        },
        { type: 'save', seenBy: ['red'], element: 'Walla', need: 5, roll: 3, saved: false, cover: true },
        { type: 'damage', seenBy: ['red'], element: 'Walla', power: 2, armor: 1, destroyed: true },
        { type: 'morale', seenBy: ['red'], unit: 'Wall', lost: 1, size: 2, need: 4, roll: 2, passed: false },
      ]),
    ).toEqual([
      "Normal phase: Red's unit Rfl acts.",
      'Rfla attacks Walla at 15 cm, weapon 1: needs 2+ (target did not move, from the rear), rolled 5: hit.',
      'Walla cover save 5+, rolled 3: failed.',
      'Power 2 against Armor 1: Walla is destroyed.',
      'Morale: unit Wall has lost 1 of 2, needs 4+, rolled 2: breaks.',
    ]);
  });

  it('a blast template and its aim; a drop that scatters; moves of one unit told once; silent activations left out', () => {
    expect(
      told([
        { type: 'activation', seenBy: ['red'], phase: 'normal', side: 'blue', unit: 'Wall' },
        { type: 'activation', seenBy: ['red'], phase: 'normal', side: 'red', unit: 'Rfl' },
        { type: 'move', seenBy: ['red'], element: 'Rfla', from: '1104', to: '1106', facing: 'S', stop: null },
        { type: 'move', seenBy: ['red'], element: 'Rflb', from: '1104', to: '1106', facing: 'S', stop: null },
        {
          type: 'attack',
          seenBy: ['red'],
          attacker: 'Rflc',
          target: 'Walla',
          weapon: 1,
          range: 60,
          melee: false,
          template: '5c',
          aim: '1117',
          need: 6,
          roll: 1,
          hit: false,
          mods: ['indirect'],
        },
        {
          type: 'scatter',
          seenBy: ['red'],
          element: 'Skya',
          aim: '1214',
          dice: [3, 4],
          distance: 1,
          hour: 7,
          point: '1115',
        },
      ]),
    ).toEqual([
      "Normal phase: Red's unit Rfl acts.",
      'Rfla Rflb move 1104 to 1106, facing S.',
      'Rflc attacks Walla at 60 cm, weapon 1, 5c template aimed at 1117: needs 6+ (indirect fire), rolled 1: miss.',
      "Skya aimed at 1214 scatters 1 hex toward 7 o'clock, to 1115.",
    ]);
  });
});

describe('the kind', () => {
  it('HOLD is every unit on the standing order; a concession ends the battle before anything is rolled (§20.4)', () => {
    const p = battle();
    const hold = miniCombatKind.holdOrders({ gameId: 'mc-1', turn: 1, side: 'red', state: p });
    expect(hold).toEqual([]);
    const conceded = miniCombatKind.concede(p, 'blue');
    const r = miniCombatKind.resolve({
      state: conceded,
      orders: new Map([['red', hold]]),
      missing: ['blue'],
      noOrders: 'standing',
      dice: new ScriptedDice([]),
    });
    expect(r.ok && r.value).toMatchObject({ gameOver: true, winner: 'red', reason: 'conceded' });
  });

  it('an order no longer legal when the turn resolves is dropped, its unit on the standing order', () => {
    const p = battle();
    const r = miniCombatKind.resolve({
      state: p,
      orders: new Map([['red', [{ unit: 'Gone', move: 'S' }]]]),
      missing: ['blue'],
      noOrders: 'standing',
      dice: SeededDice.fromSeed('dropped'),
    });
    expect(r.ok && r.value.dropped).toEqual([expect.objectContaining({ code: 'UNIT_UNKNOWN' })]);
  });
});
