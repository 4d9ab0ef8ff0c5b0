/**
 * `npm run bench` (second part): how long the strategic rules take. Prints
 * figures beside a reference measured in the same run — a fixed JSON round
 * trip of the same campaign document — and the ratio, since these machines
 * are shared and noisy. Asserts nothing.
 *   - one campaign turn: 40 fleets of 5 ships a side, 10 battles at once;
 *   - generating a 60 × 40 map with 200 systems.
 */
import { campaignToJson } from '../src/adjudicator/campaign-json.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { generateMap } from '../src/rules/strategic/map.ts';
import { resolveCampaignTurn } from '../src/rules/strategic/resolve.ts';
import type { Campaign, Fleet, StrategicShip } from '../src/rules/strategic/types.ts';

function timed(runs: number, fn: (i: number) => void): { median: number; p95: number } {
  for (let i = 0; i < Math.min(50, runs); i++) fn(i); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

const LINE = { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] } as const;
const HEAVY = { engine: 2, shields: 5, toHit: 5, weapons: ['F', 'FL', 'FR', 'RL'] } as const;

/** 40 fleets of 5 ships a side on a 60 × 40 map; each side's first 10 fleets share a hex with an enemy fleet. */
function bigCampaign(): Campaign {
  const fleets: Fleet[] = [];
  for (const side of ['blue', 'red']) {
    for (let i = 0; i < 40; i++) {
      const ships: StrategicShip[] = Array.from({ length: 5 }, (_, k) => {
        const d = k % 2 === 0 ? HEAVY : LINE;
        return { id: `${side[0]}${i}x${k}`, ...d, weapons: [...d.weapons] };
      });
      const hex = i < 10 ? { col: 10 + i * 4, row: 20 } : { col: 5 + i, row: side === 'blue' ? 3 : 37 };
      fleets.push({ id: `${side[0]}F${i}`, side, hex, ships, lossOrder: [], retreat: { kind: 'after', rounds: 3 } });
    }
  }
  const map = generateMap({ width: 60, height: 40, systems: 200, seed: 'bench', sides: ['blue', 'red'] });
  if (!map.ok) throw new Error('bench map');
  return {
    map: map.value.map,
    turn: 3,
    sides: ['blue', 'red'],
    options: { battles: 'strategic', fog: 'positions', turnLimit: null },
    systems: map.value.systems,
    store: { blue: 0, red: 0 },
    fleets,
    conceded: [],
  };
}

const c = bigCampaign();
const doc = JSON.stringify(campaignToJson(c));
console.log(`msc-pbem strategic rules benchmark — node ${process.version}, ${process.platform}/${process.arch}`);
const reference = timed(400, () => JSON.parse(JSON.stringify(JSON.parse(doc))));
console.log(
  `reference: JSON round trip of the campaign (${(doc.length / 1024).toFixed(0)} KB)`.padEnd(60),
  `median ${reference.median.toFixed(3)} ms`,
);

let battles = 0;
const turn = timed(400, (i) => {
  const r = resolveCampaignTurn(c, {}, SeededDice.fromSeed(`bench-${i}`));
  if (!r.ok || 'pending' in r.value) throw new Error('bench turn did not resolve');
  battles = r.value.events.filter((e) => e.type === 'battle').length;
});
console.log(
  `one campaign turn, 40 fleets × 5 ships a side, ${battles} battles`.padEnd(60),
  `median ${turn.median.toFixed(3)} ms   p95 ${turn.p95.toFixed(3)} ms   ${(turn.median / reference.median).toFixed(1)}× the reference   (target: median < 5 ms)`,
);

const mapGen = timed(200, (i) => {
  if (!generateMap({ width: 60, height: 40, systems: 200, seed: `bench-${i}`, sides: ['blue', 'red'] }).ok)
    throw new Error('bench map');
});
console.log(
  'generate a 60 × 40 map with 200 systems'.padEnd(60),
  `median ${mapGen.median.toFixed(3)} ms   p95 ${mapGen.p95.toFixed(3)} ms   ${(mapGen.median / reference.median).toFixed(1)}× the reference   (target: < 20 ms)`,
);
