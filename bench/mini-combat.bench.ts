/**
 * `npm run bench`: how long one Mini Combat turn takes (rules-mini-combat.md
 * §4, issue 22): the §23 sample battle's turn 1, and a battle of about 1000
 * points a side — 20 units and 70 elements each, rifles, tanks, mortars with
 * 5 cm blast templates and indirect fire, guns with Bombardment, flamers with
 * the cone — every unit ordered a step forward, firing at the nearest. Each
 * beside a same-run reference, a JSON round trip of the same position, so the
 * figure reads as a ratio on a noisy machine. Target: under 10 ms median for
 * the large turn.
 */
import { readFileSync } from 'node:fs';
import { parsePositionInput, unitToJson } from '../src/adjudicator/mini-combat-json.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { formatHex } from '../src/rules/hex.ts';
import type { OrderEntryInput } from '../src/rules/mini-combat/check.ts';
import { unitCost } from '../src/rules/mini-combat/cost.ts';
import { resolveMiniTurn } from '../src/rules/mini-combat/turn.ts';
import type { Element, ElementDesign, MiniPosition, Unit } from '../src/rules/mini-combat/types.ts';

function timings(runs: number, fn: (i: number) => void): { median: number; p95: number } {
  for (let i = 0; i < Math.min(100, runs); i++) fn(i); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

type Design = Omit<ElementDesign, 'command'>;
const d = (type: Design['type'], stats: number[], special: string[] = []): Design => {
  const [move, range, toHit, save, power, armor, morale] = stats as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { type, move, range, toHit, save, power, armor, morale, special };
};
/** Designs of §23, and two cheap infantry designs so that 70 elements make about 1000 points. */
const D = {
  Rifle: d('infantry', [10, 30, 4, 6, 2, 2, 4]),
  Levy: d('infantry', [10, 20, 5, 6, 2, 1, 4]),
  Militia: d('infantry', [10, 20, 5, 7, 1, 1, 5]),
  Tank: d('vehicle', [20, 50, 4, 5, 5, 5, 4], ['RdFA']),
  Mortar: d('infantry', [5, 60, 5, 6, 3, 1, 4], ['IF', '5c']),
  Gun: d('vehicle', [10, 100, 5, 6, 4, 2, 4], ['Bmb', 'IF', 'MoF']),
  Flamer: d('infantry', [10, 0, 4, 6, 3, 2, 4], ['Cone', 'IC']),
  Warrior: d('infantry', [10, 0, 4, 7, 3, 2, 4], ['Ch']),
};

/** Each ten units of a side: a design and how many elements of it (525 points, 35 elements). */
const MIX: [keyof typeof D, number][] = [
  ['Rifle', 4],
  ['Levy', 5],
  ['Tank', 1],
  ['Mortar', 2],
  ['Warrior', 4],
  ['Gun', 1],
  ['Flamer', 2],
  ['Levy', 4],
  ['Militia', 6],
  ['Militia', 6],
];

/** 20 units a side, 70 elements and 1050 points each, in two bands of rows facing each other across open ground. */
function largeBattle(): MiniPosition {
  const units: Unit[] = [];
  for (const [side, facing, rows] of [
    ['red', 'S', [10, 12]],
    ['blue', 'N', [20, 22]],
  ] as const) {
    for (let i = 0; i < 20; i++) {
      const [design, n] = MIX[i % MIX.length]!;
      const id = `${side[0]!.toUpperCase()}${i + 1}`;
      const col = 1 + ((i % 10) * 2 + (i >= 10 ? 1 : 0)) + 2;
      const row = rows[i >= 10 ? 1 : 0];
      const elements: Element[] = Array.from({ length: n }, (_, j) => ({
        id: `${id}${String.fromCharCode(97 + j)}`,
        ...D[design],
        command: false,
        status: 'active',
        hex: { col, row: row + (j >= 3 ? 1 : 0) },
        facing,
        from: null,
        still: 0,
        firedTurn: null,
        shotUsed: false,
        hidden: false,
        carrier: null,
        landed: false,
        submerged: false,
        teleported: false,
      }));
      units.push({ id, side, formation: null, elements });
    }
  }
  return {
    map: { width: 24, height: 36 },
    terrain: new Map([
      ['0815', 'forest'],
      ['0915', 'forest'],
      ['1416', 'hill'],
      ['1716', 'building'],
      ['0517', 'rough'],
    ]),
    turn: 1,
    sides: ['red', 'blue'],
    edges: { red: 'N', blue: 'S' },
    battle: { type: 'standard', target: 500 },
    turnLimit: 10,
    options: { stack: 3, denyRange: 25, denyStealthRange: 50 },
    units,
    conceded: [],
  };
}

/** Every unit a step toward the enemy, firing at the nearest (the standing target). */
const forward = (p: MiniPosition): Record<string, OrderEntryInput[]> =>
  Object.fromEntries(
    p.sides.map((s) => [
      s,
      p.units.filter((u) => u.side === s).map((u) => ({ unit: u.id, move: s === 'red' ? 'S' : 'N' })),
    ]),
  );

/** The position as a document (§22.1), for the reference's round trip. */
const document = (p: MiniPosition) => ({
  map: p.map,
  terrain: Object.fromEntries(p.terrain),
  turn: p.turn,
  sides: p.sides,
  units: p.units.map(unitToJson),
});

function sample(): { position: MiniPosition; orders: Record<string, OrderEntryInput[]> } {
  const text = readFileSync(new URL('../examples/mini-combat-sample.json', import.meta.url), 'utf8');
  const r = parsePositionInput(JSON.parse(text));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { position: r.value.position, orders: r.value.orders as Record<string, OrderEntryInput[]> };
}

const runs = 500;
const line = (label: string, t: { median: number; p95: number }) =>
  console.log(`${label.padEnd(44)} median ${t.median.toFixed(3)} ms   p95 ${t.p95.toFixed(3)} ms   (${runs} runs)`);

function bench(label: string, p: MiniPosition, orders: Record<string, OrderEntryInput[]>, target: string): void {
  let attacks = 0;
  let templates = 0;
  const turn = timings(runs, (i) => {
    const r = resolveMiniTurn(p, orders, SeededDice.fromSeed(`bench-${i}`));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const a = r.value.events.filter((e) => e.type === 'attack');
    attacks += a.length;
    templates += a.filter((e) => e.template !== null).length;
  });
  const doc = document(p);
  const reference = timings(runs, () => {
    JSON.parse(JSON.stringify(doc));
  });
  line(label, turn);
  const each = (n: number) => (n / (runs + 100)).toFixed(0);
  console.log(`${''.padEnd(44)} (${each(attacks)} attacks a turn on average, ${each(templates)} of them templates)`);
  line('reference: JSON round trip of the position', reference);
  console.log(`${''.padEnd(44)} ratio ${(turn.median / reference.median).toFixed(1)}× the reference (median)${target}`);
}

console.log(`msc-pbem Mini Combat benchmark — node ${process.version}, ${process.platform}/${process.arch}`);
const s = sample();
bench('resolve §23 sample turn 1 (17 units, 750 pts)', s.position, s.orders, '');
const large = largeBattle();
const points = large.sides.map((side) =>
  large.units.filter((u) => u.side === side).reduce((sum, u) => sum + unitCost(u), 0),
);
const elements = large.units.reduce((n, u) => n + u.elements.length, 0);
console.log(
  `large battle: ${large.units.length} units, ${elements} elements, ${points.join(' and ')} points; ` +
    `first hexes ${formatHex(large.units[0]!.elements[0]!.hex!)} and ${formatHex(large.units[20]!.elements[0]!.hex!)}`,
);
bench(
  `resolve one turn, ${large.units.length} units, ${elements} elements`,
  large,
  forward(large),
  '; target: under 10 ms median',
);
