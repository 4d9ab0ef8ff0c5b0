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
import type { MiniPosition } from '../src/rules/mini-combat/types.ts';
import { largeBattle } from '../test/support/mini-battle.ts';

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
