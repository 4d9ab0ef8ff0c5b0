/**
 * `npm run bench`: how long one Simple Combat Game turn takes (rules-scg.md).
 * 20 units a side on a 30 × 30 board with 60 impassable hexes, every unit
 * ordered TOWARD NEAREST WITHIN 2 (a route each) and firing at the nearest,
 * beside a same-run reference — a JSON round trip of the same state — so the
 * figure reads as a ratio on a noisy machine. Target: under 2 ms median.
 */
import { stateJson } from '../src/adjudicator/scg-json.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { isOpen, terrainOf } from '../src/rules/scg/board.ts';
import { BUILT_IN_UNITS } from '../src/rules/scg/forces.ts';
import { resolveScgTurn } from '../src/rules/scg/resolve.ts';
import type { ScgSideOrders, ScgState, ScgUnit } from '../src/rules/scg/types.ts';
import type { Hex } from '../src/rules/types.ts';

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

function battle(): ScgState {
  const rng = SeededDice.fromSeed('scg-bench');
  const impassable: Hex[] = [];
  const taken = new Set<string>();
  while (impassable.length < 60) {
    const h = { col: 1 + rng.below(30), row: 1 + rng.below(30) };
    const k = `${h.col},${h.row}`;
    if (taken.has(k)) continue;
    taken.add(k);
    impassable.push(h);
  }
  const terrain = terrainOf({ width: 30, height: 30, impassable });
  const types = Object.keys(BUILT_IN_UNITS);
  const units: ScgUnit[] = [];
  for (const [side, cols] of [
    ['west', [8, 13]],
    ['east', [18, 23]],
  ] as const) {
    for (let i = 0; units.filter((u) => u.side === side).length < 20; i++) {
      const h = { col: cols[0] + rng.below(cols[1] - cols[0] + 1), row: 1 + rng.below(30) };
      const k = `${h.col},${h.row}`;
      if (taken.has(k) || !isOpen(terrain, h)) continue;
      taken.add(k);
      units.push({
        id: `${side[0]!.toUpperCase()}${i}`,
        side,
        type: types[i % types.length]!,
        hex: h,
        damage: 0,
        status: 'active',
      });
    }
  }
  return {
    map: { width: 30, height: 30, impassable },
    turn: 1,
    turnLimit: null,
    rangeScale: 1,
    sides: ['west', 'east'],
    unitTypes: {},
    weaponTypes: {},
    units,
    conceded: [],
  };
}

const state = battle();
const orders = (side: string): ScgSideOrders => ({
  move: state.units
    .filter((u) => u.side === side)
    .map((u) => ({ unit: u.id, order: { kind: 'toward', target: 'nearest', within: 2 } })),
  fire: [],
});
const both = { west: orders('west'), east: orders('east') };
const runs = 1000;

console.log(`msc-pbem Simple Combat Game benchmark — node ${process.version}, ${process.platform}/${process.arch}`);
let shots = 0;
const turn = timings(runs, (i) => {
  const r = resolveScgTurn(state, both, SeededDice.fromSeed(`bench-${i}`));
  shots += r.events.filter((e) => e.type === 'shot').length;
});
const json = stateJson(state);
const reference = timings(runs, () => {
  JSON.parse(JSON.stringify(json));
});
const line = (label: string, t: { median: number; p95: number }) =>
  console.log(`${label.padEnd(40)} median ${t.median.toFixed(3)} ms   p95 ${t.p95.toFixed(3)} ms   (${runs} runs)`);
line('resolve one turn, 20v20, 30x30, 60 blocked', turn);
console.log(`${''.padEnd(40)} (${(shots / (runs + 100)).toFixed(0)} shots a turn on average)`);
line('reference: JSON round trip of the state', reference);
console.log(
  `${''.padEnd(40)} ratio ${(turn.median / reference.median).toFixed(1)}× the reference (median); target: under 2 ms median`,
);
